package main

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
	"cgpolicy/features/ocean/policy"
	"cgpolicy/internal/bot"
	"cgpolicy/internal/bot/bottest"
)

// playPiped plays seed with the bot (policy name) on pipes in seat me
// against an in-process opponent, through the referee's text path, and
// returns the final state. Every line the bot prints must be accepted.
func playPiped(t *testing.T, seed int64, me int, name string, opp policy.Policy) *ocean.State {
	t.Helper()
	pol, err := policy.Policies.Make(name, seed)
	if err != nil {
		t.Fatal(err)
	}
	st := ocean.New(seed)
	// without deadlines, so that the games depend on their seeds alone
	b := bottest.Pipe(t, &policy.Bot, pol)
	b.Send(st.InitLines(me))
	var acts []ocean.Action
	for !st.Done() {
		for _, p := range st.Pending() {
			if p != me {
				acts = opp.Act(st.View(p).(*ocean.View), acts[:0])
				if err := st.AnswerActions(p, acts); err != nil {
					t.Fatalf("seed %d: opponent refused: %v", seed, err)
				}
				continue
			}
			if in := st.InputLines(p); len(in) > 0 {
				b.Send(in)
			}
			line := b.Reply(fmt.Sprintf("seed %d frame %d", seed, st.Turn()))
			if err := st.Answer(p, []string{line}); err != nil {
				t.Fatalf("seed %d frame %d: referee refuses %q: %v", seed, st.Turn(), line, err)
			}
		}
		if err := st.Advance(); err != nil {
			t.Fatal(err)
		}
	}
	b.End(fmt.Sprintf("seed %d", seed))
	return st
}

// TestProtocol plays whole games with the bot in both seats against
// random play: every answer is accepted and the bot wins.
func TestProtocol(t *testing.T) {
	for _, tc := range []struct {
		seed int64
		me   int
	}{{1, 0}, {2, 1}, {3, 0}, {4, 1}} {
		st := playPiped(t, tc.seed, tc.me, policy.Bot.Default, policy.Play(policy.NewRandom(tc.seed)))
		if st.Winner() != tc.me {
			t.Errorf("seed %d seat %d: bot lost to random: %v (%s)", tc.seed, tc.me, st.Scores(), st.EndReason())
		}
	}
}

// stall is a policy that never answers: it tells the clock it is stuck,
// then blocks until the test ends.
type stall struct {
	clock *bottest.Clock
	done  chan struct{}
}

func (p stall) Act(v *ocean.View, dst []ocean.Action) []ocean.Action {
	p.clock.Stick()
	<-p.done
	return dst
}

// boom is a policy that panics every turn.
type boom struct{}

func (boom) Act(*ocean.View, []ocean.Action) []ocean.Action { panic("bug") }

// TestFallback plays whole games with a policy that never answers (late on
// the placement, then busy) and one that panics: every answer is the
// fallback with its reason, the first water cell then SURFACE, and the
// referee accepts each until the game ends.
func TestFallback(t *testing.T) {
	clock := bottest.NewClock()
	done := make(chan struct{})
	defer close(done)
	for _, tc := range []struct {
		name  string
		pol   policy.Policy
		stuck bool // after the placement, the deadline passes while the stalled call runs
		why   func(request int, err error) bool
	}{
		{"stall", stall{clock: clock, done: done}, true, func(r int, err error) bool {
			return r == 0 && err == bot.ErrLate || r > 0 && err == bot.ErrBusy
		}},
		{"panic", boom{}, false, func(_ int, err error) bool {
			var pe *bot.PanicError
			return errors.As(err, &pe)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := ocean.New(9)
			p := policy.Bot.Player(tc.pol, bot.Config{Clock: clock})
			if err := p.ReadInit(bot.NewInput(strings.NewReader(strings.Join(st.InitLines(0), "\n") + "\n"))); err != nil {
				t.Fatal(err)
			}
			opp := policy.Play(policy.NewGreedy())
			var acts []ocean.Action
			answered := 0
			for !st.Done() {
				for _, seat := range st.Pending() {
					v := st.View(seat).(*ocean.View)
					if seat == 1 {
						if err := st.AnswerActions(seat, opp.Act(v, acts[:0])); err != nil {
							t.Fatal(err)
						}
						continue
					}
					clock.Expired = tc.stuck && v.Request > 0
					first, rest := ocean.PlaceLine, ""
					if v.Request > 0 {
						in := st.InputLines(seat)
						first, rest = in[0], strings.Join(in[1:], "\n")+"\n"
					}
					if err := p.ReadTurn(first, bot.NewInput(strings.NewReader(rest))); err != nil {
						t.Fatal(err)
					}
					deadline := clock.Now().Add(time.Second)
					out, why := p.Reply(v.Request, deadline, deadline, nil)
					if !tc.why(v.Request, why) {
						t.Fatalf("request %d: reason %v", v.Request, why)
					}
					line := strings.TrimSpace(string(out))
					want := "SURFACE"
					if v.Request == 0 {
						want = fmt.Sprint(firstWater(v)%ocean.Size, " ", firstWater(v)/ocean.Size)
					}
					if line != want {
						t.Fatalf("request %d: answer %q, want %q", v.Request, line, want)
					}
					if err := st.Answer(seat, []string{line}); err != nil {
						t.Fatalf("request %d: %q refused: %v", v.Request, line, err)
					}
					answered++
				}
				if err := st.Advance(); err != nil {
					t.Fatal(err)
				}
			}
			if answered < 3 {
				t.Fatalf("only %d answers", answered)
			}
			if d := st.Deactivation(); d != nil {
				t.Fatalf("the bot was removed: %v", d)
			}
		})
	}
}

// firstWater is the first cell of v's map that is not island.
func firstWater(v *ocean.View) int {
	for c := 0; c < ocean.Cells; c++ {
		if !v.Island[c] {
			return c
		}
	}
	return -1
}

// latePlanner is a planner that is late on chosen requests: it tells the
// clock it is stuck, blocks until released, then plans as usual, as a
// slow search would after its deadline.
type latePlanner struct {
	inner   policy.Planner
	late    func(request int) bool
	clock   *bottest.Clock
	release chan struct{}
}

func (l *latePlanner) Plan(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action {
	if l.late(v.Request) {
		l.clock.Stick()
		<-l.release
	}
	return l.inner.Plan(v, m, dst)
}

func (l *latePlanner) SetDeadline(t time.Time) {
	if d, ok := l.inner.(bot.Deadliner); ok {
		d.SetDeadline(t)
	}
}

// turnMode is how the bot's policy answers a request in TestLateTurns.
type turnMode int

const (
	onTime turnMode = iota
	late            // it blocks past the deadline
	busy            // an earlier late call still runs past the deadline
)

// schedules are the turns TestLateTurns makes late: only the placement
// (the start cell is then the fallback's), every 11th request with the two
// after every other one busy, and every 5th.
var schedules = map[string]func(request int) turnMode{
	"placement": func(r int) turnMode {
		if r == 0 {
			return late
		}
		return onTime
	},
	"every11": func(r int) turnMode {
		switch {
		case r%11 == 0:
			return late
		case r%22 == 1 || r%22 == 2:
			return busy
		}
		return onTime
	},
	"every5": func(r int) turnMode {
		if r%5 == 2 {
			return late
		}
		return onTime
	},
}

// parseAnswer reads the bot's answer line back into actions, as the
// referee will play them.
func parseAnswer(t *testing.T, request int, line string) []ocean.Action {
	t.Helper()
	if request == 0 {
		var a ocean.Action
		if _, err := fmt.Sscan(line, &a.X, &a.Y); err != nil {
			t.Fatalf("start cell %q: %v", line, err)
		}
		return []ocean.Action{a}
	}
	var acts []ocean.Action
	for _, c := range strings.Split(line, "|") {
		a, err := ocean.ParseAction(strings.TrimSpace(c))
		if err != nil {
			t.Fatalf("answer %q: %v", line, err)
		}
		acts = append(acts, a)
	}
	return acts
}

// sameMind reports how got differs from want in what the policy reads.
func sameMind(got, want *focean.Mind) string {
	switch {
	case got.Visited != want.Visited:
		return "visited cells"
	case got.Mines != want.Mines:
		return "mines"
	case ocean.FormatActions(got.Last) != ocean.FormatActions(want.Last):
		// as the referee reads it: a policy may tag its actions beyond that
		return fmt.Sprintf("last answer %q, want %q", ocean.FormatActions(got.Last), ocean.FormatActions(want.Last))
	case got.OppSinceTorpedo != want.OppSinceTorpedo:
		return "turns since the opponent's torpedo"
	case got.Tracker.Count != want.Tracker.Count || got.Tracker.Cells != want.Tracker.Cells:
		return "tracker of the opponent"
	case got.Self.Count != want.Self.Count || got.Self.Cells != want.Self.Cells:
		return "tracker of ourselves"
	}
	return ""
}

// TestLateTurns plays whole games with the bot's policy late on chosen
// turns (schedules) against greedy. After every turn the policy's mind
// must equal a mind that was shown every view and told the answers the
// bot sent; its tracker must hold the opponent's true cell; and no game
// may end with the bot removed (a revisited cell, a refused answer).
func TestLateTurns(t *testing.T) {
	type game struct {
		planner, schedule string
		seed              int64
		me                int
	}
	var games []game
	for _, planner := range []string{"greedy", "search", "smitsi"} {
		for _, sched := range []string{"placement", "every11", "every5"} {
			for seed := int64(1); seed <= 6; seed++ {
				games = append(games, game{planner, sched, seed, int(seed % 2)})
			}
		}
	}
	for _, tc := range games {
		tc := tc
		schedule := schedules[tc.schedule]
		t.Run(fmt.Sprintf("%s-%s-seed%d", tc.planner, tc.schedule, tc.seed), func(t *testing.T) {
			var inner policy.Planner = policy.NewGreedy()
			if tc.planner != "greedy" {
				n, err := policy.NewNet()
				if err != nil {
					t.Fatal(err)
				}
				switch tc.planner {
				case "search":
					inner = policy.NewSearch(n)
				case "smitsi":
					inner = policy.NewSmitsi(n)
				}
			}
			clock := bottest.NewClock()
			lp := &latePlanner{inner: inner, late: func(r int) bool { return schedule(r) == late }, clock: clock, release: make(chan struct{})}
			pol := policy.Play(lp)
			p := policy.Bot.Player(pol, bot.Config{Clock: clock})
			opp := policy.Play(policy.NewGreedy())
			ref := focean.NewMind()
			st := ocean.New(tc.seed)
			if err := p.ReadInit(bot.NewInput(strings.NewReader(strings.Join(st.InitLines(tc.me), "\n") + "\n"))); err != nil {
				t.Fatal(err)
			}
			pending := false // a late call is blocked in the planner
			var acts []ocean.Action
			var out []byte
			for !st.Done() {
				for _, seat := range st.Pending() {
					v := st.View(seat).(*ocean.View)
					if seat != tc.me {
						acts = opp.Act(v, acts[:0])
						if err := st.AnswerActions(seat, acts); err != nil {
							t.Fatalf("opponent refused: %v", err)
						}
						continue
					}
					r := v.Request
					mode := schedule(r)
					if pending && mode != busy {
						lp.release <- struct{}{}
						pending = false
					}
					clock.Expired = mode == busy
					first, rest := ocean.PlaceLine, ""
					if r > 0 {
						in := st.InputLines(seat)
						first, rest = in[0], strings.Join(in[1:], "\n")+"\n"
					}
					if err := p.ReadTurn(first, bot.NewInput(strings.NewReader(rest))); err != nil {
						t.Fatal(err)
					}
					var why error
					deadline := clock.Now().Add(time.Second)
					out, why = p.Reply(r, deadline, deadline, out[:0])
					if (why != nil) != (mode != onTime) {
						t.Fatalf("request %d (%v): fallback reason %v", r, mode, why)
					}
					pending = pending || mode == late
					line := strings.TrimSpace(string(out))
					ref.Observe(v)
					ref.Played(v, parseAnswer(t, r, line))
					if diff := sameMind(pol.Mind, ref); diff != "" {
						t.Fatalf("request %d (%v): the policy's mind differs from what was sent in its %s", r, mode, diff)
					}
					if ox, oy := st.Position(1 - tc.me); r > 0 && !pol.Mind.Tracker.Possible(focean.Cell(ox, oy)) {
						t.Fatalf("request %d: the tracker lost the opponent's cell", r)
					}
					if err := st.Answer(seat, []string{line}); err != nil {
						t.Fatalf("request %d: referee refuses %q: %v", r, line, err)
					}
				}
				if err := st.Advance(); err != nil {
					t.Fatal(err)
				}
			}
			if pending {
				lp.release <- struct{}{}
			}
			if d := st.Deactivation(); d != nil {
				t.Fatalf("game ended by a removal: %v", d)
			}
		})
	}
}
