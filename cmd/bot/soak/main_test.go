package main

import (
	"bytes"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/bot"
)

// script is one player's side of a recorded game, as the bot reads it.
type script struct {
	name  string
	init  []string
	turns [][]string
}

func (sc script) stdin() string {
	var b strings.Builder
	for _, l := range sc.init {
		b.WriteString(l + "\n")
	}
	for _, in := range sc.turns {
		for _, l := range in {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// scripts loads the recorded inputs of every golden game and seat.
func scripts(t *testing.T) []script {
	t.Helper()
	var out []script
	for _, g := range enginetest.LoadGolden(t, "soak") {
		for p, pl := range g.Trace.Players {
			sc := script{name: g.Name + "/p" + strconv.Itoa(p), init: pl.Init}
			for _, turn := range pl.Turns {
				sc.turns = append(sc.turns, turn.Input)
			}
			out = append(out, sc)
		}
	}
	return out
}

// checkAnswers splits the bot's output by turn and checks that the referee
// would accept every turn's answer as it stands.
func checkAnswers(t *testing.T, sc script, out string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	at := 0
	for i, in := range sc.turns {
		s, me, err := soak.FromInput(sc.init, in)
		if err != nil {
			t.Fatalf("%s turn %d: %v", sc.name, i, err)
		}
		n := s.ExpectedLines(me)
		if at+n > len(lines) {
			t.Fatalf("%s turn %d: output ends after %d lines", sc.name, i, len(lines))
		}
		if err := s.Answer(me, lines[at:at+n]); err != nil {
			t.Fatalf("%s turn %d: answer %q rejected: %v", sc.name, i, lines[at:at+n], err)
		}
		at += n
	}
	if at != len(lines) {
		t.Errorf("%s: %d lines printed, %d expected", sc.name, len(lines), at)
	}
}

// TestGoldenScripts feeds every recorded input to the bot in-process, with
// and without the turn guard: every answer must have one valid line per
// living agent, whatever the agents did that the bot did not order.
func TestGoldenScripts(t *testing.T) {
	for i, sc := range scripts(t) {
		pols := []string{"random", "greedy", "net"}
		if i < 3 { // smitsi thinks until the deadline: a few games suffice
			pols = append(pols, "smitsi")
		}
		for _, pol := range pols {
			var out, log bytes.Buffer
			if code := policy.Bot.Run([]string{"-policy", pol, "-seed", "7"}, strings.NewReader(sc.stdin()), &out, &log); code != 0 {
				t.Fatalf("%s %s: exit code %d: %s", sc.name, pol, code, log.String())
			}
			checkAnswers(t, sc, out.String())
		}
	}
}

// stuckClock is a clock the test drives: it reads a fixed time, and no
// deadline passes until a policy says it is stuck, which it does once it
// is blocked; from then on every deadline passes at once.
type stuckClock struct {
	now    time.Time
	stuck  chan time.Time
	mu     sync.Mutex
	passed bool
}

func (c *stuckClock) Now() time.Time { return c.now }

func (c *stuckClock) At(time.Time) (<-chan time.Time, func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.passed {
		ch := make(chan time.Time, 1)
		ch <- c.now
		return ch, func() {}
	}
	return c.stuck, func() {}
}

// stick tells the clock that the policy is stuck.
func (c *stuckClock) stick() {
	c.mu.Lock()
	c.passed = true
	c.mu.Unlock()
	c.stuck <- c.now
}

// slow overruns its first deadline and blocks until the test ends, then
// reads its deadline as a searching policy would: under -race this catches
// a bot that sets the deadline of a policy still running late. told
// records, for the test, the first deadline set; it is locked because the
// late call outlives the game.
type slow struct {
	clock          *stuckClock
	release        chan struct{}
	deadline, seen time.Time
	mu             sync.Mutex
	told           time.Time
}

func (p *slow) SetDeadline(d time.Time) {
	p.deadline = d
	p.mu.Lock()
	if p.told.IsZero() {
		p.told = d
	}
	p.mu.Unlock()
}

func (p *slow) Act(v *soak.View, dst []soak.Action) []soak.Action {
	p.clock.stick()
	<-p.release
	p.seen = p.deadline
	return policy.NewGreedy().Act(v, dst)
}

// TestDeadlineFallback checks that a policy that overruns makes the bot
// print its safe answer instead of waiting, on that turn and the next
// ones while it still runs, that the policy is told the think deadline,
// Think after the turn's first line (the guard's is later), and that the
// log shows both reasons.
func TestDeadlineFallback(t *testing.T) {
	sc := scripts(t)[0]
	sc.turns = sc.turns[:3]
	var out, log bytes.Buffer
	clock := &stuckClock{now: time.Unix(0, 0), stuck: make(chan time.Time)}
	p := &slow{clock: clock, release: make(chan struct{})}
	defer close(p.release)
	cfg := bot.Config{Think: policy.Bot.Think, Verbose: true, Log: &log, Clock: clock}
	if err := bot.Run(strings.NewReader(sc.stdin()), &out, policy.Bot.Player(p, cfg), cfg); err != nil {
		t.Fatal(err)
	}
	checkAnswers(t, sc, out.String())
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !strings.HasSuffix(l, ";HUNKER_DOWN") {
			t.Errorf("line %q is not the fallback", l)
		}
	}
	p.mu.Lock()
	told := p.told
	p.mu.Unlock()
	if want := clock.now.Add(policy.Bot.Think); !told.Equal(want) {
		t.Errorf("the policy was told %v, want the think deadline %v", told, want)
	}
	if !strings.Contains(log.String(), "deadline") || !strings.Contains(log.String(), "busy") {
		t.Errorf("log does not show the deadline and the busy policy:\n%s", log.String())
	}
}
