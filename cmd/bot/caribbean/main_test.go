package main

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"cgpolicy/engine/caribbean"
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/internal/bot"
	"cgpolicy/scripts/cgcheck"
)

// TestStdlibOnly keeps third-party modules out of the submitted bot.
func TestStdlibOnly(t *testing.T) {
	if err := cgcheck.StdlibOnly("cgpolicy/cmd/bot/caribbean"); err != nil {
		t.Fatal(err)
	}
}

// TestProtocol plays whole games with the bot on pipes in seat 0 against
// random play, and checks that every line it prints is what a greedy
// policy fed the same views picks, and that the referee accepts it.
func TestProtocol(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		st := caribbean.New(seed)
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		errc := make(chan error, 1)
		go func() {
			err := bot.Run(inR, outW, &player{pol: policy.NewGreedy()}, bot.Config{First: time.Second, Turn: time.Second})
			outW.Close()
			errc <- err
		}()
		replies := bufio.NewScanner(outR)
		mirror := policy.NewGreedy()
		opp := policy.NewRandom(seed)
		for !st.Done() {
			input := st.InputLines(0)
			if _, err := io.WriteString(inW, strings.Join(input, "\n")+"\n"); err != nil {
				t.Fatal(err)
			}
			want := policy.ActOn(mirror, st, 0, nil)
			var lines []string
			for range want {
				if !replies.Scan() {
					t.Fatalf("seed %d turn %d: no reply: %v", seed, st.Turn(), replies.Err())
				}
				lines = append(lines, replies.Text())
			}
			for i, a := range want {
				if lines[i] != caribbean.FormatAction(a) {
					t.Fatalf("seed %d turn %d: bot printed %q, policy says %q", seed, st.Turn(), lines[i], caribbean.FormatAction(a))
				}
			}
			if err := st.Answer(0, lines); err != nil {
				t.Fatalf("seed %d turn %d: referee rejects %q: %v", seed, st.Turn(), lines, err)
			}
			if err := st.AnswerActions(1, policy.ActOn(opp, st, 1, nil)); err != nil {
				t.Fatal(err)
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

func (p stall) Act(v *caribbean.View, dst []caribbean.Action) []caribbean.Action {
	<-p.release
	for i := policy.OwnShips(v); i > 0; i-- {
		dst = append(dst, caribbean.Action{Kind: caribbean.Faster})
	}
	return dst
}

// crash is a policy with a bug.
type crash struct{}

func (crash) Act(*caribbean.View, []caribbean.Action) []caribbean.Action { panic("bug") }

// start returns a player that has read the first turn of st for seat 0.
func start(t *testing.T, st *caribbean.State, pol policy.Policy) *player {
	t.Helper()
	pl := &player{pol: pol}
	lines := bot.NewInput(strings.NewReader(strings.Join(st.InputLines(0), "\n") + "\n"))
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

// TestGuard: a policy past the deadline yields WAIT for every ship in
// time, the next turn does not overlap the late call, and play resumes
// with the policy's orders once it returns; a panic costs one turn.
func TestGuard(t *testing.T) {
	st := caribbean.New(5) // three ships a side
	n := st.Alive(0)
	waitAll := strings.Repeat("WAIT\n", n)
	p := stall{release: make(chan struct{})}
	pl := start(t, st, p)
	begin := time.Now()
	if out, _ := pl.Reply(0, begin.Add(20*time.Millisecond), nil); string(out) != waitAll {
		t.Fatalf("late policy: got %q, want %q", out, waitAll)
	}
	if el := time.Since(begin); el > 500*time.Millisecond {
		t.Fatalf("late policy answered after %v", el)
	}
	if out, _ := pl.Reply(1, time.Now().Add(time.Hour), nil); string(out) != waitAll {
		t.Fatalf("while the late call runs: got %q", out)
	}
	p.release <- struct{}{}
	close(p.release)
	want := strings.Repeat("FASTER\n", n)
	var got string
	for k := 0; k < 100 && got != want; k++ {
		out, _ := pl.Reply(2, time.Now().Add(time.Hour), nil)
		got = string(out)
		time.Sleep(time.Millisecond)
	}
	if got != want {
		t.Fatalf("after the late call: got %q, want %q", got, want)
	}
	pc := start(t, st, crash{})
	for _, deadline := range []time.Time{time.Now().Add(time.Second), {}} {
		out, why := pc.Reply(0, deadline, nil)
		if string(out) != waitAll || why == nil {
			t.Fatalf("panic, deadline %v: got %q, %v", deadline, out, why)
		}
	}
}

func TestBadInput(t *testing.T) {
	for _, in := range []string{"1\n", "1\nx\n", "1\n2\n0 SHIP 1 1 0 0 100 1\n"} {
		if err := bot.Run(strings.NewReader(in), io.Discard, &player{pol: policy.NewGreedy()}, bot.Config{First: time.Second, Turn: time.Second}); err == nil {
			t.Errorf("input %q: no error", in)
		}
	}
}

func TestPolicyNames(t *testing.T) {
	names := policyNames()
	if len(names) == 0 || names[0] != defaultPolicy {
		t.Fatalf("policyNames() = %q, want the default %q first", names, defaultPolicy)
	}
	for _, n := range names {
		if _, err := policy.New(n, 1); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}
