package main

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"cgpolicy/engine/ocean"
	"cgpolicy/features/ocean/policy"
	"cgpolicy/internal/bot"
	"cgpolicy/scripts/cgcheck"
)

// TestStdlibOnly keeps third-party modules out of the submitted bot.
func TestStdlibOnly(t *testing.T) {
	if err := cgcheck.StdlibOnly("cgpolicy/cmd/bot/ocean"); err != nil {
		t.Fatal(err)
	}
}

// playPiped plays seed with the bot (policy name) on pipes in seat me
// against an in-process opponent, through the referee's text path, and
// returns the final state. Every line the bot prints must be accepted.
func playPiped(t *testing.T, seed int64, me int, name string, opp policy.Policy) *ocean.State {
	t.Helper()
	pol, err := policy.New(name, seed)
	if err != nil {
		t.Fatal(err)
	}
	st := ocean.New(seed)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	errc := make(chan error, 1)
	go func() {
		err := bot.Run(&placeReader{r: inR}, outW, &player{pol: pol}, bot.Config{First: time.Second, Turn: time.Second})
		outW.Close()
		errc <- err
	}()
	replies := bufio.NewScanner(outR)
	send := func(lines []string) {
		if _, err := io.WriteString(inW, strings.Join(lines, "\n")+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	send(st.InitLines(me))
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
				send(in)
			}
			if !replies.Scan() {
				t.Fatalf("seed %d frame %d: no reply: %v", seed, st.Turn(), replies.Err())
			}
			if err := st.Answer(p, []string{replies.Text()}); err != nil {
				t.Fatalf("seed %d frame %d: referee refuses %q: %v", seed, st.Turn(), replies.Text(), err)
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
	return st
}

// TestProtocol plays whole games with the bot in both seats against
// random play: every answer is accepted and the bot wins.
func TestProtocol(t *testing.T) {
	for _, tc := range []struct {
		seed int64
		me   int
	}{{1, 0}, {2, 1}, {3, 0}, {4, 1}} {
		st := playPiped(t, tc.seed, tc.me, defaultPolicy, policy.Play(policy.NewRandom(tc.seed)))
		if st.Winner() != tc.me {
			t.Errorf("seed %d seat %d: bot lost to random: %v (%s)", tc.seed, tc.me, st.Scores(), st.EndReason())
		}
	}
}

// TestPlaceReader: the placement line comes right after the init block,
// however the input is cut into reads, and nothing else changes.
func TestPlaceReader(t *testing.T) {
	init := strings.Repeat("x\n", initLines)
	for _, tc := range []struct {
		name string
		in   string
		want string
	}{
		{"init only", init, init + placeLine + "\n"},
		{"with turns", init + "1 2 6 6 3 4 6 3\nNA\nNA\n", init + placeLine + "\n1 2 6 6 3 4 6 3\nNA\nNA\n"},
		{"short", "x\n", "x\n"},
	} {
		for _, chunk := range []int{1, 3, 1 << 16} {
			got, err := io.ReadAll(&placeReader{r: &chunked{s: tc.in, n: chunk}})
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("%s, reads of %d: got %q, want %q", tc.name, chunk, got, tc.want)
			}
		}
	}
}

// chunked reads s at most n bytes at a time.
type chunked struct {
	s string
	n int
}

func (c *chunked) Read(b []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	k := c.n
	if k > len(b) {
		k = len(b)
	}
	if k > len(c.s) {
		k = len(c.s)
	}
	copy(b, c.s[:k])
	c.s = c.s[k:]
	return k, nil
}

// TestPolicyNames: the default comes first, and every name is a policy.
func TestPolicyNames(t *testing.T) {
	names := policyNames()
	if len(names) == 0 || names[0] != defaultPolicy {
		t.Fatalf("policyNames() = %q, want %s first", names, defaultPolicy)
	}
	for _, n := range names {
		if _, err := policy.New(n, 1); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// stall is a policy that never answers in time.
type stall struct{ release chan struct{} }

func (p stall) Act(v *ocean.View, dst []ocean.Action) []ocean.Action {
	<-p.release
	return append(dst, ocean.Action{Kind: ocean.SurfaceAct})
}

// TestFallback: a late policy yields a water start cell, then SURFACE, in
// time; both are answers the referee accepts.
func TestFallback(t *testing.T) {
	st := ocean.New(9)
	p := stall{release: make(chan struct{})}
	defer close(p.release)
	pl := &player{pol: p}
	in := bot.NewInput(strings.NewReader(strings.Join(st.InitLines(0), "\n") + "\n"))
	if err := pl.ReadInit(in); err != nil {
		t.Fatal(err)
	}
	if err := pl.ReadTurn(placeLine, in); err != nil {
		t.Fatal(err)
	}
	out, why := pl.Reply(0, time.Now().Add(20*time.Millisecond), nil)
	if why == nil {
		t.Fatal("late policy: no reason given")
	}
	if err := st.Answer(0, []string{strings.TrimSpace(string(out))}); err != nil {
		t.Fatalf("fallback start %q refused: %v", out, err)
	}
	if err := pl.ReadTurn("3 3 6 6 3 4 6 3", bot.NewInput(strings.NewReader("NA\nNA\n"))); err != nil {
		t.Fatal(err)
	}
	if out, _ := pl.Reply(1, time.Now().Add(20*time.Millisecond), nil); string(out) != "SURFACE\n" {
		t.Fatalf("late turn: got %q, want SURFACE", out)
	}
}
