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
			err := bot.Run(inR, outW, &player{pol: policy.NewGreedy()}, bot.Config{First: time.Second, Turn: time.Second})
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

// stall is a policy that thinks until released.
type stall struct{ release chan struct{} }

func (p stall) Act(v *grass.View, dst []grass.Action) []grass.Action {
	<-p.release
	return append(dst, grass.SpawnAction(1, 0, 0))
}

// TestGuard checks the grass side of the guard: a policy past the deadline
// yields WAIT in time, the next turn does not overlap the late call, and
// play resumes with the policy's commands once it returns.
func TestGuard(t *testing.T) {
	st, err := grass.New(5)
	if err != nil {
		t.Fatal(err)
	}
	p := stall{release: make(chan struct{})}
	pl := start(t, st, p)
	begin := time.Now()
	if got := answer(pl, begin.Add(20*time.Millisecond)); got != "WAIT\n" {
		t.Fatalf("late policy: got %q, want WAIT", got)
	}
	if el := time.Since(begin); el > 500*time.Millisecond {
		t.Fatalf("late policy answered after %v", el)
	}
	if got := answer(pl, time.Now().Add(time.Hour)); got != "WAIT\n" {
		t.Fatalf("while the late call runs: got %q, want WAIT", got)
	}
	p.release <- struct{}{} // the late call returns
	close(p.release)        // and later calls return at once
	if !pl.guard.Busy() {
		t.Fatal("bot forgot the late call")
	}
	deadline := time.Now().Add(time.Hour)
	// The late result is dropped and a fresh call answers.
	var got string
	for k := 0; k < 100 && got != "SPAWN 1 0 0\n"; k++ {
		got = answer(pl, deadline)
		time.Sleep(time.Millisecond)
	}
	if got != "SPAWN 1 0 0\n" {
		t.Fatalf("after the late call: got %q", got)
	}
}

// start returns a player that has read the init line and the first turn of
// st for seat 0.
func start(t *testing.T, st *grass.State, pol policy.Policy) *player {
	t.Helper()
	pl := &player{pol: pol}
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

// answer is the player's answer to the turn it read last.
func answer(pl *player, deadline time.Time) string {
	out, _ := pl.Reply(0, deadline, nil)
	return string(out)
}

func TestNewPolicy(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{{"smitsi", true}, {"search", true}, {"net", true}, {"greedy", true}, {"random", true}, {"nosuch", false}, {"", false}} {
		_, err := newPolicy(tc.name, 1)
		if (err == nil) != tc.ok {
			t.Errorf("newPolicy(%q) error = %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
	if names := policyNames(); len(names) == 0 || names[0] != "smitsi" {
		t.Errorf("policyNames() = %q, want the default smitsi first", names)
	}
}

// told records the deadline the bot gives a searching policy.
type told struct {
	policy.Policy
	deadline time.Time
}

func (p *told) SetDeadline(d time.Time) { p.deadline = d }

// The turn's deadline must reach a policy that can use it, or a search
// would run to its own cap and time out.
func TestDeadlineReachesPolicy(t *testing.T) {
	st, err := grass.New(5)
	if err != nil {
		t.Fatal(err)
	}
	pol := &told{Policy: policy.NewGreedy()}
	pl := start(t, st, pol)
	want := time.Now().Add(time.Hour)
	if out := answer(pl, want); out == "" {
		t.Fatal("no answer")
	}
	if !pol.deadline.Equal(want) {
		t.Errorf("policy deadline %v, want %v", pol.deadline, want)
	}
}

func TestBadInput(t *testing.T) {
	for _, in := range []string{"", "x y\n", "2 1\n10 10\n"} {
		if err := bot.Run(strings.NewReader(in), io.Discard, &player{pol: policy.NewGreedy()}, bot.Config{First: time.Second, Turn: time.Second}); err == nil {
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
	pl := start(t, st, crash{})
	for _, deadline := range []time.Time{time.Now().Add(time.Second), {}} {
		out, why := pl.Reply(0, deadline, nil)
		if string(out) != "WAIT\n" || why == nil {
			t.Fatalf("deadline %v: got %q, %v, want WAIT and a reason", deadline, out, why)
		}
	}
}
