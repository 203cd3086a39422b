package main

import (
	"fmt"
	"testing"
	"time"

	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
	"cgpolicy/internal/bot"
	"cgpolicy/internal/bot/bottest"
)

// TestProtocol plays whole games with the bot on pipes in seat 0 against
// random play, and checks that every line it prints is what the policy
// picks for the same view, and that the referee accepts it.
func TestProtocol(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		st, err := grass.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		b := bottest.Pipe(t, &policy.Bot, policy.Policy(policy.NewGreedy()))
		opp := policy.NewRandom(seed)
		init := st.InitLines(0)[0]
		b.Send(st.InitLines(0))
		for !st.Done() {
			input := st.InputLines(0)
			b.Send(input)
			line := b.Reply(fmt.Sprintf("seed %d turn %d", seed, st.Turn()))
			view, err := grass.ParseView(init, input)
			if err != nil {
				t.Fatal(err)
			}
			if want := grass.Format(policy.ActOn(policy.NewGreedy(), view, 0, nil)); line != want {
				t.Fatalf("seed %d turn %d: bot printed %q, policy says %q", seed, st.Turn(), line, want)
			}
			if err := st.Answer(0, []string{line}); err != nil {
				t.Fatalf("seed %d turn %d: referee rejects %q: %v", seed, st.Turn(), line, err)
			}
			if st.Active(1) {
				st.InputLines(1)
				if err := st.Answer(1, []string{grass.Format(policy.ActOn(opp, st, 1, nil))}); err != nil {
					t.Fatal(err)
				}
			}
			if err := st.Advance(); err != nil {
				t.Fatal(err)
			}
		}
		if b.End(fmt.Sprintf("seed %d", seed)); st.Winner() != 0 {
			t.Errorf("seed %d: bot lost to random: %v", seed, st.Scores())
		}
	}
}

// TestGuard checks the grass side of the guard: a policy past the deadline
// yields WAIT, the next turn does not overlap the late call, and play
// resumes with the policy's commands once it returns. The test's clock
// decides which deadlines pass.
func TestGuard(t *testing.T) {
	st, err := grass.New(5)
	if err != nil {
		t.Fatal(err)
	}
	clock := bottest.NewClock()
	deadline := clock.Now().Add(time.Second)
	p := bottest.NewStall(clock, func(_ *grass.View, dst []grass.Action) []grass.Action { return append(dst, grass.SpawnAction(1, 0, 0)) })
	pl := start(t, st, p, clock)
	if out, why := pl.Reply(0, deadline, deadline, nil); string(out) != "WAIT\n" || why != bot.ErrLate {
		t.Fatalf("late policy: got %q, %v, want WAIT, ErrLate", out, why)
	}
	clock.Expired = true
	if out, why := pl.Reply(1, deadline, deadline, nil); string(out) != "WAIT\n" || why != bot.ErrBusy {
		t.Fatalf("while the late call runs: got %q, %v, want WAIT, ErrBusy", out, why)
	}
	if !pl.Seat.Busy() {
		t.Fatal("bot forgot the late call")
	}
	clock.Expired = false
	p.Release()
	// the late result is dropped and a fresh call answers
	if out, why := pl.Reply(2, deadline, deadline, nil); string(out) != "SPAWN 1 0 0\n" || why != nil {
		t.Fatalf("after the late call: got %q, %v", out, why)
	}
	if p.Calls != 2 {
		t.Errorf("%d policy calls, want 2: none while the late one ran", p.Calls)
	}
}

// player is the bot's player (policy.Bot.Player).
type player = bot.Bot[*grass.Observer, *grass.View, grass.Action]

// start returns a player, timed by clock (nil: the wall clock), that has
// read the init line and the first turn of st for seat 0.
func start(t *testing.T, st *grass.State, pol policy.Policy, clock bot.Clock) *player {
	t.Helper()
	return bottest.Start(t, &policy.Bot, pol, clock, append(st.InitLines(0), st.InputLines(0)...))
}

// answer is the player's answer to the turn it read last, the policy
// thinking until think and the guard waiting until deadline.
func answer(pl *player, think, deadline time.Time) string {
	out, _ := pl.Reply(0, think, deadline, nil)
	return string(out)
}

// TestNewPolicy: the bot names its policies; search, the old default, is
// the arena's (package baselines) and not carried in the bot.
func TestNewPolicy(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{{"smitsi", true}, {"search", false}, {"net", true}, {"greedy", true}, {"random", true}, {"nosuch", false}, {"", false}} {
		_, err := policy.Policies.Make(tc.name, 1)
		if (err == nil) != tc.ok {
			t.Errorf("policy.Policies.Make(%q) error = %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
	if names := policy.Bot.Listed(); len(names) == 0 || names[0] != "smitsi" {
		t.Errorf("policy names %q, want the default smitsi first", names)
	}
}

// told records the deadline the bot gives a searching policy.
type told struct {
	policy.Policy
	deadline time.Time
}

func (p *told) SetDeadline(d time.Time) { p.deadline = d }

// The turn's think deadline, not the guard's, must reach a policy that
// can use it, or a search would run to the guard's and its answer be
// dropped, or run without a stop and time out.
func TestDeadlineReachesPolicy(t *testing.T) {
	st, err := grass.New(5)
	if err != nil {
		t.Fatal(err)
	}
	pol := &told{Policy: policy.NewGreedy()}
	pl := start(t, st, pol, bottest.NewClock())
	want := time.Unix(0, 0).Add(time.Hour)
	if out := answer(pl, want, want.Add(time.Minute)); out == "" {
		t.Fatal("no answer")
	}
	if !pol.deadline.Equal(want) {
		t.Errorf("policy deadline %v, want %v", pol.deadline, want)
	}
}

func TestBadInput(t *testing.T) {
	bottest.BadInput(t, &policy.Bot, func() policy.Policy { return policy.NewGreedy() }, "", "x y\n", "2 1\n10 10\n")
}

// crash is a policy with a bug.
type crash struct{}

func (crash) Act(*grass.View, []grass.Action) []grass.Action { panic("bug") }

// TestGuardPanic: a policy that panics costs a WAIT, not the bot, with a
// deadline and without.
func TestGuardPanic(t *testing.T) {
	st, err := grass.New(5)
	if err != nil {
		t.Fatal(err)
	}
	clock := bottest.NewClock()
	pl := start(t, st, crash{}, clock)
	for _, deadline := range []time.Time{clock.Now().Add(time.Second), {}} {
		out, why := pl.Reply(0, deadline, deadline, nil)
		if string(out) != "WAIT\n" || why == nil {
			t.Fatalf("deadline %v: got %q, %v, want WAIT and a reason", deadline, out, why)
		}
	}
}
