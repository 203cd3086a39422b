// Package toy_test checks that a game needs only its own files. Nim, under
// internal/games/toy, is laid out as a new contest game's files are (the
// README's "Add a game"): engine/nim, features/nim, features/nim/policy,
// features/nim/game, weights/nim and cmd/bot/nim. It is kept out of
// internal/games/all, so that no tool serves it and CI bundles no bot of
// it; the blank import below stands for the one line a new game adds
// there. Through it alone, the shared tools must find the game by name,
// play it in the arena, search it, train it and run its bot.
package toy_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cgpolicy/engine"
	"cgpolicy/engine/trace"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/arena/view"
	"cgpolicy/internal/games"
	"cgpolicy/internal/games/toy/engine/nim"
	fnim "cgpolicy/internal/games/toy/features/nim"
	_ "cgpolicy/internal/games/toy/features/nim/game" // the one line in the list of games
	"cgpolicy/internal/games/toy/features/nim/policy"
	"cgpolicy/internal/search"
	"cgpolicy/model"
	"cgpolicy/model/codegen"
	"cgpolicy/model/expert"
)

// lookup is the game as every shared tool finds it: by name.
func lookup(t *testing.T) games.Game {
	t.Helper()
	g, err := games.Lookup("nim")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestToyGame runs each check the issue asks for as a subtest.
func TestToyGame(t *testing.T) {
	t.Run("Lookup", testLookup)
	t.Run("Arena", testArena)
	t.Run("Search", testSearch)
	t.Run("Train", testTrain)
	t.Run("Bot", testBot)
}

// testLookup: the registry knows the game by name with every part of its
// descriptor, the builtins included, and its committed weights are what
// their weights.txt generates.
func testLookup(t *testing.T) {
	if err := games.Err(); err != nil {
		t.Fatal(err)
	}
	g := lookup(t)
	if g.Name() != "nim" || g.Engine.NumPlayers() != 2 || g.Default != "smitsi" {
		t.Fatalf("descriptor: name %q, %d players, default %q", g.Name(), g.Engine.NumPlayers(), g.Default)
	}
	found := false
	for _, n := range games.Names() {
		found = found || n == "nim"
	}
	if !found {
		t.Fatalf("games.Names() = %v lacks nim", games.Names())
	}
	for _, name := range append([]string{g.Default, "random", "net"}, g.Pool...) {
		if _, err := arena.LookupPolicy("nim", name); err != nil {
			t.Errorf("builtin:%s: %v", name, err)
		}
	}
	if stale, err := codegen.Stale("weights/nim", "nim"); err != nil || stale {
		t.Errorf("weights/nim/weights.go is not what its weights.txt generates (stale %v, %v)", stale, err)
	}
}

// testArena plays matches in the arena as arena play does (games.Lookup,
// arena.ParseBot, both seatings of each seed, arena.Run, arena.Summarize):
// the in-process builtins, and the bot built from cmd/bot/nim as a
// process. Every game must end with a winner and no fault; the search
// beats random, deterministically (no deadline in-process). Then the
// replays go through arena verify's check and the viewer.
func testArena(t *testing.T) {
	g := lookup(t)
	bin := filepath.Join(t.TempDir(), "nimbot")
	build := exec.Command("go", "build", "-o", bin, "cgpolicy/internal/games/toy/cmd/bot/nim")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build cmd/bot/nim: %v\n%s", err, out)
	}
	tests := []struct {
		name  string
		bots  [2]string
		limit arena.Limits
		beats bool // the first bot scores above one half
	}{
		{"smitsi vs random", [2]string{"builtin:smitsi", "builtin:random"}, arena.DefaultLimits, true},
		{"net vs greedy", [2]string{"builtin:net", "builtin:greedy"}, arena.DefaultLimits, false},
		{"options", [2]string{"builtin:smitsi?iters=50&c=2", "builtin:greedy"}, arena.DefaultLimits, false},
		// the limits are loose so that a loaded machine cannot time the
		// bot out: the bot keeps to its own think time
		{"process bot vs greedy", [2]string{bin, "builtin:greedy"}, arena.Limits{First: 10 * time.Second, Turn: 2 * time.Second}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var bots []arena.Bot
			for _, cmd := range tc.bots {
				b, err := arena.ParseBot(g.Name(), cmd)
				if err != nil {
					t.Fatal(err)
				}
				bots = append(bots, b)
			}
			dir := t.TempDir()
			results, err := arena.Run(context.Background(), arena.Config{
				Game: g.Engine, Bots: bots, Limits: tc.limit, Workers: 2, Replays: dir,
				Matches: arena.Schedule(arena.SeedRange(1, 6), arena.Seatings(2, true), 0),
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(results) != 12 {
				t.Fatalf("%d games, want 12", len(results))
			}
			for _, r := range results {
				if r.Winner < 0 || r.EndReason != arena.EndNormal {
					t.Errorf("seed %d seats %v: winner %d, end %q", r.Seed, r.Seats, r.Winner, r.EndReason)
				}
				for _, p := range r.Players {
					if p.Timeouts+p.Crashes+p.Invalid > 0 {
						t.Errorf("seed %d: %s: %d timeouts, %d crashes, %d invalid", r.Seed, p.Bot, p.Timeouts, p.Crashes, p.Invalid)
					}
				}
			}
			sum := arena.Summarize(tc.bots[:], results)
			if tc.beats && sum.Bots[0].SeedScore <= 0.5 {
				t.Errorf("%s scores %.2f per seed against %s", tc.bots[0], sum.Bots[0].SeedScore, tc.bots[1])
			}
			checkReplay(t, results[0].Replay)
		})
	}
}

// checkReplay replays a game's replay under the referee as arena verify
// does and writes its viewer page as arena view does, with the drawing of
// the descriptor.
func checkReplay(t *testing.T, path string) {
	t.Helper()
	tr, err := trace.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	g := lookup(t)
	if d, err := trace.Replay(g.Engine, tr); err != nil || d != nil {
		t.Fatalf("%s: replay differs (%v) or fails (%v)", path, d, err)
	}
	page := view.HTMLPath(path)
	err = view.WriteFile(path, page, func(name string) (engine.Game, view.Drawer, error) {
		g, err := games.Lookup(name)
		return g.Engine, g.Draw, err
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"kind":"object"`)) {
		t.Errorf("%s draws no object", page)
	}
}

// positions are the positions of a few games of greedy against random.
func positions(t *testing.T) []*nim.State {
	t.Helper()
	var out []*nim.State
	for seed := int64(1); seed <= 6; seed++ {
		s := nim.New(seed)
		pols := [2]policy.Policy{policy.NewGreedy(), policy.NewRandom(seed)}
		for !s.Done() {
			out = append(out, s.Copy())
			a := policy.ActOn(pols[s.Mover()], s, nil)
			if err := s.Step(a[0]); err != nil || !s.Active(0) || !s.Active(1) {
				t.Fatalf("seed %d: %v played %v: %v", seed, s.Heaps(), a, err)
			}
		}
	}
	return out
}

// testSearch runs the shared search on the game: search.Policy, as the
// bot and the arena play smitsi, answers one legal move at every
// position and any iteration count, and finds a winning move whenever
// the position has one; the trainer's side (expert.Tree) reports root
// visits that add up to the iterations run.
func testSearch(t *testing.T) {
	pos := positions(t)
	for _, iters := range []int{1, 10, 300, 3000} {
		t.Run(fmt.Sprintf("%d iterations", iters), func(t *testing.T) {
			p, err := policy.Policies.Make(fmt.Sprintf("smitsi?iters=%d", iters), 1)
			if err != nil {
				t.Fatal(err)
			}
			sm := p.(*policy.Smitsi)
			for _, s := range pos {
				v := moverView(s)
				acts := p.Act(v, nil)
				if len(acts) != 1 || !v.Legal(acts[0]) {
					t.Fatalf("heaps %v: answer %v", s.Heaps(), acts)
				}
				if sm.Iterations() != iters {
					t.Fatalf("heaps %v: %d iterations run, want %d", s.Heaps(), sm.Iterations(), iters)
				}
				if iters < 300 || fnim.Grundy(s.Heaps()) == 0 {
					continue
				}
				after := s.Copy()
				if err := after.Step(acts[0]); err != nil {
					t.Fatal(err)
				}
				if !after.Done() && fnim.Grundy(after.Heaps()) != 0 {
					t.Errorf("heaps %v: plays %v, which leaves a winning position to the opponent", s.Heaps(), acts[0])
				}
			}
		})
	}
	t.Run("visits", func(t *testing.T) {
		p, err := model.Init(model.Config{AgentDim: fnim.DecDim, CandDim: fnim.CandDim, MaxCands: fnim.MaxCands, Hidden1: 8, Hidden2: 4}, 3)
		if err != nil {
			t.Fatal(err)
		}
		// what the trainer's expert.NewTreeSearch makes of the plug-in's
		// SearchGame, over a network in training
		sg, cfg := policy.SmitsiGame(policy.NewNetWith(model.NewNet(p)))
		sr := search.New(sg, cfg)
		idx, vis := make([]int, fnim.MaxCands), make([]float32, fnim.MaxCands)
		for _, s := range pos {
			sr.Run(s, s.Mover(), 100)
			k, ok := sr.Visits(0, idx, vis)
			n := len(moverView(s).Moves(nil))
			if !ok || k == 0 || k > n {
				t.Fatalf("heaps %v: %d arms of %d moves (ok %v)", s.Heaps(), k, n, ok)
			}
			sum := float32(0)
			for _, x := range vis[:k] {
				sum += x
			}
			if sum != 100 {
				t.Fatalf("heaps %v: visits add up to %v", s.Heaps(), sum)
			}
		}
	})
}

// moverView is the mover's view of s.
func moverView(s *nim.State) *nim.View {
	v := new(nim.View)
	s.ViewInto(s.Mover(), v)
	return v
}

// testTrain runs the trainer as cmd/train -tiny does (the descriptor's
// Train with expert.Tiny over its defaults) for one iteration, and plays
// the network it wrote.
func testTrain(t *testing.T) {
	g := lookup(t)
	o := expert.Tiny(g.Train.Defaults())
	dir := t.TempDir()
	o.Iters, o.Workers, o.Quiet = 1, 2, true
	o.Out, o.WeightsDir = filepath.Join(dir, "run"), filepath.Join(dir, "weights")
	var out bytes.Buffer
	if err := g.Train.Run(o, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "iter 1:") {
		t.Fatalf("report:\n%s", out.String())
	}
	w, err := model.LoadCompact(filepath.Join(o.WeightsDir, codegen.WeightsFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := w.Config; c.AgentDim != fnim.DecDim || c.CandDim != fnim.CandDim || c.MaxCands != fnim.MaxCands {
		t.Fatalf("the network reads %v, the features write %d, %d, %d", c, fnim.DecDim, fnim.CandDim, fnim.MaxCands)
	}
	if stale, err := codegen.Stale(o.WeightsDir, "nim"); err != nil || stale {
		t.Fatalf("the trainer's weights package: stale %v, %v", stale, err)
	}
	params, err := w.Params()
	if err != nil {
		t.Fatal(err)
	}
	net := policy.NewNetWith(model.NewNet(params))
	for _, s := range positions(t) {
		v := moverView(s)
		if acts := net.Act(v, nil); len(acts) != 1 || !v.Legal(acts[0]) {
			t.Fatalf("heaps %v: the trained network answers %v", s.Heaps(), acts)
		}
	}
}

// testBot runs the bot as cmd/bot/nim does (policy.Bot, its Main less the
// exit) on the referee's text, each listed policy against random play,
// and the referee judges every line it prints. The last row thinks with
// the bot's own deadline.
func testBot(t *testing.T) {
	tests := [][]string{{"-policy", "smitsi"}}
	for _, name := range policy.Bot.Listed() {
		tests = append(tests, []string{"-policy", name, "-nodeadline"})
	}
	for _, args := range tests {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			for seed := int64(1); seed <= 3; seed++ {
				for seat := 0; seat < 2; seat++ {
					playBot(t, args, seed, seat)
				}
			}
		})
	}
	var list bytes.Buffer
	if code := policy.Bot.Run([]string{"-policies"}, strings.NewReader(""), &list, io.Discard); code != 0 || !strings.HasPrefix(list.String(), "smitsi\n") {
		t.Errorf("-policies: code %d, %q", code, list.String())
	}
}

// playBot plays one game with the bot in seat through pipes, random play
// in the other.
func playBot(t *testing.T, args []string, seed int64, seat int) {
	t.Helper()
	s := nim.New(seed)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var log bytes.Buffer
	code := make(chan int, 1)
	go func() {
		c := policy.Bot.Run(args, inR, outW, &log)
		outW.Close()
		code <- c
	}()
	replies := bufio.NewScanner(outR)
	opp := policy.NewRandom(seed)
	send := func(lines []string) {
		if _, err := io.WriteString(inW, strings.Join(lines, "\n")+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	send(s.InitLines(seat))
	for !s.Done() {
		if s.Mover() != seat {
			if err := s.Step(policy.ActOn(opp, s, nil)[0]); err != nil {
				t.Fatal(err)
			}
			continue
		}
		send(s.InputLines(seat))
		if !replies.Scan() {
			t.Fatalf("seed %d seat %d: no answer to %v: %v\n%s", seed, seat, s.Heaps(), replies.Err(), log.String())
		}
		if err := s.Answer(seat, []string{replies.Text()}); err != nil {
			t.Fatalf("seed %d seat %d: the referee refuses %q at %v: %v", seed, seat, replies.Text(), s.Heaps(), err)
		}
		if err := s.Advance(); err != nil {
			t.Fatal(err)
		}
	}
	inW.Close()
	if c := <-code; c != 0 {
		t.Fatalf("seed %d seat %d: the bot exits with %d:\n%s", seed, seat, c, log.String())
	}
	if replies.Scan() {
		t.Fatalf("seed %d seat %d: the bot printed %q after the game", seed, seat, replies.Text())
	}
}
