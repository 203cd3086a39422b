package main

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/grass"
	"cgpolicy/engine/soak"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
)

// TestGamesRegistered: every game registered without an error, its
// pool, its default and greedy and random are builtins, and Kutulu's
// deadline-keeping policies have their timed variants.
func TestGamesRegistered(t *testing.T) {
	if err := games.Err(); err != nil {
		t.Fatal(err)
	}
	if len(games.Names()) != 5 {
		t.Errorf("games %v, want the five", games.Names())
	}
	for _, name := range games.Names() {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Pool) < 5 {
			t.Errorf("%s: pool %v, want its baselines", name, g.Pool)
		}
		for _, p := range append([]string{g.Default, "greedy", "random"}, g.Pool...) {
			if _, err := arena.LookupPolicy(name, p); err != nil {
				t.Errorf("%s: builtin:%s: %v", name, p, err)
			}
		}
	}
	if _, err := arena.LookupPolicy("kutulu", "smitsi-timed"); err != nil {
		t.Errorf("kutulu: builtin:smitsi-timed: %v", err)
	}
}

// TestBuiltinGreedyBeatsRandom plays greedy against random in-process in
// every game, each seed from every seat: greedy must win at least 95% of
// two-player games (place at most 1.5 on average with four), with no
// fault, and the same seeds must replay the same games.
func TestBuiltinGreedyBeatsRandom(t *testing.T) {
	for _, name := range games.Names() {
		name := name
		t.Run(name, func(t *testing.T) {
			g, err := games.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			n := g.Engine.NumPlayers()
			cmds := []string{"builtin:greedy"}
			for len(cmds) < n {
				cmds = append(cmds, "builtin:random")
			}
			seeds := 10
			if n > 2 {
				seeds = 5
			}
			play := func() []arena.Result {
				var bots []arena.Bot
				for _, c := range cmds {
					b, err := arena.ParseBot(name, c)
					if err != nil {
						t.Fatal(err)
					}
					bots = append(bots, b)
				}
				res, err := arena.Run(context.Background(), arena.Config{Game: g.Engine, Bots: bots,
					Matches: arena.Schedule(arena.SeedRange(1, seeds), arena.Seatings(n, true), 0),
					Limits:  arena.DefaultLimits, Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			res := play()
			sum := arena.Summarize(cmds, res)
			gr := sum.Bots[0]
			switch {
			case sum.Games != n*seeds:
				t.Fatalf("%d games, want %d", sum.Games, n*seeds)
			case n == 2 && gr.Wins*100 < sum.Games*95:
				t.Errorf("greedy won %d of %d games, want >= 95%%", gr.Wins, sum.Games)
			case n > 2 && gr.AvgRank > 1.5:
				t.Errorf("greedy's average place %.2f against random, want <= 1.5", gr.AvgRank)
			}
			for _, b := range sum.Bots {
				if b.Timeouts+b.Crashes+b.Invalid > 0 {
					t.Errorf("%s: %d timeouts, %d crashes, %d invalid", b.Cmd, b.Timeouts, b.Crashes, b.Invalid)
				}
			}
			again := play()
			for i := range res {
				if !reflect.DeepEqual(res[i].Scores, again[i].Scores) || res[i].Turns != again[i].Turns {
					t.Fatalf("game %d differs between runs: %+v vs %+v", i, res[i], again[i])
				}
			}
		})
	}
}

// runBuiltin plays greedy against random in-process and returns the results.
func runBuiltin(t *testing.T, games int) []arena.Result {
	t.Helper()
	return playBuiltins(t, soak.Game{}, games, nil)
}

// textOnly hides an agent's typed path, so the referee parses its lines.
type textOnly struct{ arena.Agent }

// playBuiltins plays builtin:greedy against builtin:random of game g
// in-process, each seed from both seats, with each policy passed through
// wrap when it is not nil.
func playBuiltins(t *testing.T, g engine.Game, games int, wrap func(arena.Policy) arena.Policy) []arena.Result {
	t.Helper()
	var bots []arena.Bot
	for _, cmd := range []string{"builtin:greedy", "builtin:random"} {
		b, err := arena.ParseBot(g.Name(), cmd)
		if err != nil {
			t.Fatal(err)
		}
		if wrap != nil {
			b.Policy = wrap(b.Policy)
		}
		bots = append(bots, b)
	}
	res, err := arena.Run(context.Background(), arena.Config{
		Game:    g,
		Bots:    bots,
		Matches: arena.Schedule(arena.SeedRange(1, games/2), arena.Seatings(2, true), games),
		Limits:  arena.DefaultLimits,
		Workers: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestBuiltinSoakDeterministic checks that the same seeds give the same
// games, that greedy wins, and that nobody is ever rejected.
func TestBuiltinSoakDeterministic(t *testing.T) {
	first := runBuiltin(t, 20)
	second := runBuiltin(t, 20)
	key := func(rs []arena.Result) [][]int {
		var out [][]int
		for _, r := range rs {
			out = append(out, append([]int{int(r.Seed), r.Turns}, r.Scores...))
		}
		return out
	}
	if !reflect.DeepEqual(key(first), key(second)) {
		t.Fatalf("same seeds, different games:\n%v\n%v", key(first), key(second))
	}
	wins := 0
	for _, r := range first {
		if r.EndReason != arena.EndNormal {
			t.Errorf("seed %d ended by %s", r.Seed, r.EndReason)
		}
		if r.Winner >= 0 && r.Seats[r.Winner] == 0 {
			wins++
		}
	}
	if wins < 18 {
		t.Errorf("builtin:greedy won %d of 20 against builtin:random", wins)
	}
}

// The typed path (no text) and the text path must play the same games.
func TestBuiltinTypedMatchesText(t *testing.T) {
	for _, g := range []engine.Game{soak.Game{}, grass.Game{}} {
		t.Run(g.Name(), func(t *testing.T) {
			typed := playBuiltins(t, g, 10, nil)
			text := playBuiltins(t, g, 10, func(p arena.Policy) arena.Policy {
				return arena.PolicyFunc(func(seed int64, seat int) (arena.Agent, error) {
					a, err := p.NewAgent(seed, seat)
					if _, ok := a.(arena.Applier); !ok {
						t.Fatalf("%T has no typed path", a)
					}
					return textOnly{a}, err
				})
			})
			for i := range typed {
				a, b := typed[i], text[i]
				if a.Seed != b.Seed || a.Turns != b.Turns || !reflect.DeepEqual(a.Scores, b.Scores) {
					t.Fatalf("game %d: typed %d %d %v, text %d %d %v", i, a.Seed, a.Turns, a.Scores, b.Seed, b.Turns, b.Scores)
				}
			}
		})
	}
}

// TestPlayBuiltinSoak runs the command line with both builtins.
func TestPlayBuiltinSoak(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"play", "-game", "soak", "-bot", "builtin:greedy", "-bot", "builtin:random",
		"-games", "4", "-seed", "3", "-workers", "1", "-json"}
	if err := run(args, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	// the JSON summary is the last line, after the table
	text := strings.TrimSpace(out.String())
	var sum arena.Summary
	if err := json.Unmarshal([]byte(text[strings.LastIndex(text, "\n")+1:]), &sum); err != nil {
		t.Fatalf("%v in %q", err, text)
	}
	if sum.Games != 4 || len(sum.Bots) != 2 || sum.Bots[0].Wins != 4 {
		t.Errorf("summary %+v, want greedy winning all 4 games", sum)
	}
}

// TestBuiltinOptions: a builtin takes options after its name, which reach
// the game's policy and label its results; a policy without options, an
// unknown key and a bad value are errors before any game.
func TestBuiltinOptions(t *testing.T) {
	play := func(bot string) (string, error) {
		var out, errb bytes.Buffer
		err := run([]string{"play", "-game", "soak", "-bot", bot, "-bot", "builtin:greedy", "-games", "2", "-seed", "3", "-workers", "1", "-json"}, &out, &errb)
		return out.String(), err
	}
	few, err := play("builtin:smitsi?iters=2")
	if err != nil {
		t.Fatal(err)
	}
	many, err := play("builtin:smitsi?iters=40&c=1.5")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(few, `"cmd":"builtin:smitsi?iters=2"`) || !strings.Contains(many, `"cmd":"builtin:smitsi?iters=40\u0026c=1.5"`) {
		t.Errorf("results are not labelled with the options:\n%s\n%s", few, many)
	}
	if strings.Contains(few, `"turn_ms_p50":0,`) {
		t.Errorf("smitsi did not play:\n%s", few)
	}
	for _, tc := range []struct{ bot, want string }{
		{"builtin:greedy?c=1", "takes no options"},
		{"builtin:smitsi?bogus=1", `unknown option "bogus"`},
		{"builtin:smitsi?iters=x", "option iters=x"},
		{"builtin:smitsi?iters", "is not key=value"},
	} {
		if _, err := play(tc.bot); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.bot, err, tc.want)
		}
	}
	if _, err := arena.LookupPolicy("kutulu", "smitsi-timed?iters=5"); err != nil {
		t.Errorf("kutulu's timed variant with options: %v", err)
	}
}
