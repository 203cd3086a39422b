package enginetest

import (
	"bytes"
	"fmt"
	"math/rand"

	"cgpolicy/engine"
	"cgpolicy/engine/trace"
)

// viewChecker compares, for every request, the view the referee's state
// gives with the one an observer rebuilds from the player's lines.
type viewChecker struct {
	obs []engine.Observer
}

// newViewChecker returns nil when the game has no views to check.
func newViewChecker(g engine.Game, st engine.State) (*viewChecker, error) {
	og, ok := g.(engine.ObservedGame)
	_, viewer := st.(engine.Viewer)
	if !ok && !viewer {
		return nil, nil
	}
	if !ok || !viewer {
		return nil, fmt.Errorf("%s: a game with views needs both an observer (engine.ObservedGame) and referee views (engine.Viewer)", g.Name())
	}
	vc := &viewChecker{obs: make([]engine.Observer, g.NumPlayers())}
	for p := range vc.obs {
		vc.obs[p] = og.NewObserver(p)
	}
	return vc, nil
}

func (vc *viewChecker) check(st engine.State, r engine.Request) error {
	got, err := vc.obs[r.Player].Observe(r.Init, r.Input)
	if err != nil {
		return fmt.Errorf("step %d, player %d: observer: %v", r.Step, r.Player, err)
	}
	want := st.(engine.Viewer).View(r.Player).String()
	if g := got.String(); g != want {
		i := firstDiff([]byte(want), []byte(g))
		return fmt.Errorf("step %d, player %d: the view rebuilt from the player's lines differs from the referee's at byte %d:\nreferee: %.200s\nlines:   %.200s",
			r.Step, r.Player, i, want[clip(i):], g[clip(i):])
	}
	return nil
}

// CheckView plays a random legal game and checks at every request that the
// player's view from the referee's state equals the one rebuilt from its
// lines. Games without views pass.
func CheckView(s Suite, seed int64) error {
	st, err := newState(s, seed)
	if err != nil {
		return err
	}
	vc, err := newViewChecker(s.Game, st)
	if err != nil || vc == nil {
		return err
	}
	var log bytes.Buffer
	choose := legal(s)
	return play(s, st, rand.New(rand.NewSource(seed)), &log,
		func(st engine.State, r engine.Request, rng *rand.Rand) (engine.Reply, error) {
			if err := vc.check(st, r); err != nil {
				return engine.Reply{}, err
			}
			return choose(st, r, rng)
		})
}

// CheckViewTrace replays a recorded game and checks the views at every
// request, as CheckView does for random games. Call it from a game's golden
// test; games without views pass.
func CheckViewTrace(g engine.Game, t *trace.Trace) error {
	st, err := g.NewState(t.Seed)
	if err != nil {
		return err
	}
	vc, err := newViewChecker(g, st)
	if err != nil || vc == nil {
		return err
	}
	steps := make([][]trace.Turn, len(t.Players))
	for p := range steps {
		steps[p] = t.Players[p].Steps()
	}
	next := make([]int, len(t.Players))
	_, err = engine.Play(st, engine.Loop{
		MaxSteps: g.MaxSteps(),
		Ask: func(st engine.State, r engine.Request) (engine.Reply, error) {
			if err := vc.check(st, r); err != nil {
				return engine.Reply{}, err
			}
			p := r.Player
			if next[p] >= len(steps[p]) {
				return engine.Reply{}, fmt.Errorf("player %d: the trace has no request %d", p, next[p]+1)
			}
			rec := steps[p][next[p]]
			next[p]++
			if rec.Timeout {
				return engine.Reply{}, nil
			}
			return engine.Reply{Lines: rec.Output}, nil
		},
	})
	return err
}
