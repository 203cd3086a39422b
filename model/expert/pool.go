package expert

import (
	"fmt"
	"math/rand"
	"path/filepath"

	"cgpolicy/engine"
	"cgpolicy/internal/frozen"
	"cgpolicy/internal/registry"
	"cgpolicy/model"
)

// Member is one named opponent of a game's pool.
type Member[V, A any] struct {
	Name string
	// New makes a fresh player for one game; seeded policies draw from
	// seed only.
	New func(seed int64) Policy[V, A]
	// Ready, when set, says whether the member can play (a frozen bot's
	// build); the trainer leaves out one that cannot, and says why.
	Ready func() error
}

// liner is a pool member's player that answers the referee's text rather
// than typed views: a frozen bot, played as a process (LineMember). The
// games it plays in go through the text protocol for its seats, and
// Close ends its processes when the game is over.
type liner interface {
	lines(s engine.State, p int) ([]string, error)
	Close() error
}

// LineMember is the pool member of a frozen bot (internal/frozen): a
// player that starts one agent per seat it plays, each answering the
// referee's lines. Its games depend on the referee's input alone.
func LineMember[V, A any](b frozen.Bot) Member[V, A] {
	return Member[V, A]{
		Name:  b.Name,
		New:   func(int64) Policy[V, A] { return &linePolicy[V, A]{bot: b, seats: map[int]*frozen.Agent{}} },
		Ready: func() error { _, err := b.Binary(); return err },
	}
}

// linePolicy is a frozen bot in the seats of one game.
type linePolicy[V, A any] struct {
	bot   frozen.Bot
	seats map[int]*frozen.Agent
}

// Act is never called: the trainer's loops ask a liner for its lines.
func (l *linePolicy[V, A]) Act(_ V, dst []A) []A { return dst }

func (l *linePolicy[V, A]) lines(s engine.State, p int) ([]string, error) {
	a, ok := l.seats[p]
	if !ok {
		var err error
		if a, err = l.bot.Start(); err != nil {
			return nil, err
		}
		l.seats[p] = a
	}
	return a.Act(s, p)
}

func (l *linePolicy[V, A]) Close() error {
	for _, a := range l.seats {
		a.Close()
	}
	return nil
}

// Pooled is a Game with a fixed pool of opponents of different styles
// (its scripted baselines, a frozen earlier bot). Each iteration is then
// rated against the whole pool rather than one baseline, and self-play
// draws the learner's opponents from the pool and from its own past
// checkpoints, most often those it does not yet beat.
type Pooled[V, A any] interface {
	Pool() []Member[V, A]
}

// pool is g's pool, or its baseline alone, as newTrainer made it.
func (t *trainer[S, V, A]) pool() []Member[V, A] { return t.members }

// makePool is g's pool, or its baseline alone.
func (t *trainer[S, V, A]) makePool() []Member[V, A] {
	if p, ok := t.g.(Pooled[V, A]); ok {
		var out []Member[V, A]
		for _, m := range p.Pool() {
			if m.Ready != nil {
				if err := m.Ready(); err != nil {
					fmt.Fprintf(t.out, "pool: %s left out: %v\n", m.Name, err)
					continue
				}
			}
			out = append(out, m)
		}
		if len(out) > 0 {
			return out
		}
	}
	return []Member[V, A]{{Name: "baseline", New: func(int64) Policy[V, A] { return t.g.Baseline() }}}
}

// pastFile is the checkpoint of iteration it, kept as a league opponent.
func (t *trainer[S, V, A]) pastFile(it int) string {
	return t.path(fmt.Sprintf("iter-%03d.ckpt", it))
}

// loadPast reads the checkpoints of the finished iterations of a resumed
// run, so the league is what the uninterrupted run would have had.
func (t *trainer[S, V, A]) loadPast() error {
	t.past = t.past[:0]
	for it := 1; it <= len(t.state.Rows); it++ {
		p, err := model.LoadCheckpoint(filepath.Clean(t.pastFile(it)), &t.cfg)
		if err != nil {
			return err
		}
		t.past = append(t.past, p)
	}
	return nil
}

// opponent is a self-play opponent: a pool member or a past network.
type opponent struct {
	member int // index in the pool, or -1
	past   int // index in t.past, or -1
}

// league lists the self-play opponents with their sampling weights,
// prioritised by how badly the learner did against each in the last
// evaluation (weight (1-score)^2, with a floor so none disappears); past
// networks, not evaluated, count as even.
func (t *trainer[S, V, A]) league() ([]opponent, []float64) {
	pool := t.pool()
	var last map[string]float64
	if n := len(t.state.Rows); n > 0 {
		last = t.state.Rows[n-1].Pool
	}
	var opps []opponent
	var w []float64
	for i, m := range pool {
		s, ok := last[m.Name]
		if !ok {
			s = 0.5
		}
		opps = append(opps, opponent{member: i, past: -1})
		w = append(w, (1-s)*(1-s)+0.02)
	}
	for i := range t.past {
		opps = append(opps, opponent{member: -1, past: i})
		w = append(w, 0.25)
	}
	return opps, w
}

// pick draws an index with probability proportional to w.
func pick(w []float64, rng *rand.Rand) int {
	sum := 0.0
	for _, x := range w {
		sum += x
	}
	r := rng.Float64() * sum
	for i, x := range w {
		r -= x
		if r < 0 {
			return i
		}
	}
	return len(w) - 1
}

// NamedPool is the pool of a game whose members are policies registered by
// name (its policy registry): one member per name, in order. Names that
// newPolicy cannot make are left out, so the pool is what is registered;
// registry factories fail on unknown names only, never for a seed.
func NamedPool[V, A any](names []string, newPolicy func(name string, seed int64) (Policy[V, A], error)) []Member[V, A] {
	var out []Member[V, A]
	for _, n := range names {
		name := n
		if _, err := newPolicy(name, 0); err != nil {
			continue
		}
		out = append(out, Member[V, A]{Name: name, New: func(seed int64) Policy[V, A] {
			p, _ := newPolicy(name, seed) // made above: it does not fail
			return p
		}})
	}
	return out
}

// RegistryPool is the pool of names of game: each name a policy of the
// game's registry r, or a frozen bot of the game (internal/frozen), in
// order; other names are left out.
func RegistryPool[V, A any, P Policy[V, A]](game string, names []string, r *registry.Registry[P]) []Member[V, A] {
	var out []Member[V, A]
	for _, name := range names {
		if b, ok := frozen.Lookup(game, name); ok && !r.Has(name) {
			out = append(out, LineMember[V, A](b))
			continue
		}
		out = append(out, NamedPool([]string{name}, func(name string, seed int64) (Policy[V, A], error) { return r.Make(name, seed) })...)
	}
	return out
}
