package main

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
	"cgpolicy/internal/bot"
	"cgpolicy/scripts/cgcheck"
)

// TestStdlibOnly keeps third-party modules out of the submitted bot.
func TestStdlibOnly(t *testing.T) {
	if err := cgcheck.StdlibOnly("cgpolicy/cmd/bot/grass"); err != nil {
		t.Fatal(err)
	}
}

// TestProtocol plays whole games with the bot on pipes in seat 0 against
// random play, and checks that every line it prints is what the policy
// picks for the same view, and that the referee accepts it.
func TestProtocol(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		st, err := grass.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		errc := make(chan error, 1)
		go func() {
			// without deadlines, so that a loaded machine cannot make it
			// fall back
			cfg := bot.Config{NoDeadline: true}
			err := bot.Run(inR, outW, policy.Bot.Player(policy.NewGreedy(), cfg), cfg)
			outW.Close()
			errc <- err
		}()
		replies := bufio.NewScanner(outR)
		opp := policy.NewRandom(seed)
		init := st.InitLines(0)[0]
		send := func(lines []string) {
			if _, err := io.WriteString(inW, strings.Join(lines, "\n")+"\n"); err != nil {
				t.Fatal(err)
			}
		}
		send(st.InitLines(0))
		for !st.Done() {
			input := st.InputLines(0)
			send(input)
			if !replies.Scan() {
				t.Fatalf("seed %d turn %d: no reply: %v", seed, st.Turn(), replies.Err())
			}
			line := replies.Text()
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
		inW.Close()
		if err := <-errc; err != nil {
			t.Fatalf("seed %d: bot ended with %v", seed, err)
		}
		if st.Winner() != 0 {
			t.Errorf("seed %d: bot lost to random: %v", seed, st.Scores())
		}
	}
}

// testClock is a clock the test drives: it reads a fixed time, and a
// deadline passes only when the test says: at once when expired is set,
// else when a policy made late sends on stuck, once it is blocked.
type testClock struct {
	now     time.Time
	stuck   chan time.Time
	expired bool
}

func newTestClock() *testClock {
	return &testClock{now: time.Unix(0, 0), stuck: make(chan time.Time)}
}

func (c *testClock) Now() time.Time { return c.now }

func (c *testClock) At(time.Time) (<-chan time.Time, func()) {
	if c.expired {
		ch := make(chan time.Time, 1)
		ch <- c.now
		return ch, func() {}
	}
	return c.stuck, func() {}
}

// stall is a policy whose first call is late: it tells the clock it is
// stuck and blocks until released. Every call answers SPAWN 1 0 0.
type stall struct {
	clock   *testClock
	calls   int
	release chan struct{}
}

func (p *stall) Act(v *grass.View, dst []grass.Action) []grass.Action {
	p.calls++
	if p.calls == 1 {
		p.clock.stuck <- p.clock.now
		<-p.release
	}
	return append(dst, grass.SpawnAction(1, 0, 0))
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
	clock := newTestClock()
	deadline := clock.now.Add(time.Second)
	p := &stall{clock: clock, release: make(chan struct{})}
	pl := start(t, st, p, clock)
	if out, why := pl.Reply(0, deadline, deadline, nil); string(out) != "WAIT\n" || why != bot.ErrLate {
		t.Fatalf("late policy: got %q, %v, want WAIT, ErrLate", out, why)
	}
	clock.expired = true
	if out, why := pl.Reply(1, deadline, deadline, nil); string(out) != "WAIT\n" || why != bot.ErrBusy {
		t.Fatalf("while the late call runs: got %q, %v, want WAIT, ErrBusy", out, why)
	}
	if !pl.Seat.Busy() {
		t.Fatal("bot forgot the late call")
	}
	clock.expired = false
	p.release <- struct{}{}
	// the late result is dropped and a fresh call answers
	if out, why := pl.Reply(2, deadline, deadline, nil); string(out) != "SPAWN 1 0 0\n" || why != nil {
		t.Fatalf("after the late call: got %q, %v", out, why)
	}
	if p.calls != 2 {
		t.Errorf("%d policy calls, want 2: none while the late one ran", p.calls)
	}
}

// player is the bot's player (policy.Bot.Player).
type player = bot.Bot[*grass.Observer, *grass.View, grass.Action]

// start returns a player, timed by clock (nil: the wall clock), that has
// read the init line and the first turn of st for seat 0.
func start(t *testing.T, st *grass.State, pol policy.Policy, clock bot.Clock) *player {
	t.Helper()
	pl := policy.Bot.Player(pol, bot.Config{Clock: clock})
	in := strings.Join(append(st.InitLines(0), st.InputLines(0)...), "\n") + "\n"
	lines := bot.NewInput(strings.NewReader(in))
	if err := pl.ReadInit(lines); err != nil {
		t.Fatal(err)
	}
	first, err := lines.Line()
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.ReadTurn(first, lines); err != nil {
		t.Fatal(err)
	}
	return pl
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
	pl := start(t, st, pol, newTestClock())
	want := time.Unix(0, 0).Add(time.Hour)
	if out := answer(pl, want, want.Add(time.Minute)); out == "" {
		t.Fatal("no answer")
	}
	if !pol.deadline.Equal(want) {
		t.Errorf("policy deadline %v, want %v", pol.deadline, want)
	}
}

func TestBadInput(t *testing.T) {
	for _, in := range []string{"", "x y\n", "2 1\n10 10\n"} {
		if err := bot.Run(strings.NewReader(in), io.Discard, policy.Bot.Player(policy.NewGreedy(), bot.Config{}), bot.Config{}); err == nil {
			t.Errorf("input %q: no error", in)
		}
	}
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
	clock := newTestClock()
	pl := start(t, st, crash{}, clock)
	for _, deadline := range []time.Time{clock.now.Add(time.Second), {}} {
		out, why := pl.Reply(0, deadline, deadline, nil)
		if string(out) != "WAIT\n" || why == nil {
			t.Fatalf("deadline %v: got %q, %v, want WAIT and a reason", deadline, out, why)
		}
	}
}
