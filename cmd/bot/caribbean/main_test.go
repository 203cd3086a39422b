package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
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
			// without deadlines, so that a loaded machine cannot make it
			// fall back
			cfg := bot.Config{NoDeadline: true}
			err := bot.Run(inR, outW, policy.Bot.Player(policy.NewGreedy(), cfg), cfg)
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

// stall is a policy whose first call is late: it tells the clock it is
// stuck and blocks until released. Every call answers FASTER for each ship.
type stall struct {
	clock   *testClock
	calls   int
	release chan struct{}
}

func (p *stall) Act(v *caribbean.View, dst []caribbean.Action) []caribbean.Action {
	p.calls++
	if p.calls == 1 {
		p.clock.stuck <- p.clock.now
		<-p.release
	}
	for i := policy.OwnShips(v); i > 0; i-- {
		dst = append(dst, caribbean.Action{Kind: caribbean.Faster})
	}
	return dst
}

// crash is a policy with a bug.
type crash struct{}

func (crash) Act(*caribbean.View, []caribbean.Action) []caribbean.Action { panic("bug") }

// player is the bot's player (policy.Bot.Player).
type player = bot.Bot[*caribbean.Observer, *caribbean.View, caribbean.Action]

// start returns a player, timed by clock, that has read the first turn
// of st for seat 0.
func start(t *testing.T, st *caribbean.State, pol policy.Policy, clock bot.Clock) *player {
	t.Helper()
	pl := policy.Bot.Player(pol, bot.Config{Clock: clock})
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

// TestGuard: a policy past the deadline yields WAIT for every ship, the
// next turn does not overlap the late call, and play resumes with the
// policy's orders once it returns; a panic costs one turn. The test's
// clock decides which deadlines pass.
func TestGuard(t *testing.T) {
	st := caribbean.New(5) // three ships a side
	n := st.Alive(0)
	waitAll := strings.Repeat("WAIT\n", n)
	clock := newTestClock()
	deadline := clock.now.Add(time.Second)
	p := &stall{clock: clock, release: make(chan struct{})}
	pl := start(t, st, p, clock)
	if out, why := pl.Reply(0, deadline, deadline, nil); string(out) != waitAll || why != bot.ErrLate {
		t.Fatalf("late policy: got %q, %v, want %q, ErrLate", out, why, waitAll)
	}
	clock.expired = true
	if out, why := pl.Reply(1, deadline, deadline, nil); string(out) != waitAll || why != bot.ErrBusy {
		t.Fatalf("while the late call runs: got %q, %v, want %q, ErrBusy", out, why, waitAll)
	}
	clock.expired = false
	p.release <- struct{}{}
	want := strings.Repeat("FASTER\n", n)
	if out, why := pl.Reply(2, deadline, deadline, nil); string(out) != want || why != nil {
		t.Fatalf("after the late call: got %q, %v, want %q", out, why, want)
	}
	if p.calls != 2 {
		t.Errorf("%d policy calls, want 2: none while the late one ran", p.calls)
	}
	pc := start(t, st, crash{}, clock)
	for _, deadline := range []time.Time{deadline, {}} {
		out, why := pc.Reply(0, deadline, deadline, nil)
		var pe *bot.PanicError
		if string(out) != waitAll || !errors.As(why, &pe) {
			t.Fatalf("panic, deadline %v: got %q, %v", deadline, out, why)
		}
	}
}

func TestBadInput(t *testing.T) {
	for _, in := range []string{"1\n", "1\nx\n", "1\n2\n0 SHIP 1 1 0 0 100 1\n"} {
		if err := bot.Run(strings.NewReader(in), io.Discard, policy.Bot.Player(policy.NewGreedy(), bot.Config{}), bot.Config{}); err == nil {
			t.Errorf("input %q: no error", in)
		}
	}
}

func TestPolicyNames(t *testing.T) {
	names := policy.Bot.Listed()
	if len(names) == 0 || names[0] != policy.Bot.Default {
		t.Fatalf("policy names %q, want the default %q first", names, policy.Bot.Default)
	}
	for _, n := range names {
		if _, err := policy.Policies.Make(n, 1); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// testClock is a clock the test drives. It reads a fixed time in 1970, so
// that the search, given a deadline, stops after its first answer and the
// games depend on their seeds alone. A deadline passes only when the test
// says: at once when expired is set, else when a policy made late sends
// on stuck, which it does once it is blocked, so that its call cannot
// have returned.
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

// turnMode is how the bot's policy answers a turn in TestLateTurns.
type turnMode int

const (
	onTime turnMode = iota
	late            // it blocks past the deadline
	busy            // an earlier late call still runs past the deadline
)

// schedule makes every 4th turn late, and the turn after every other one
// busy.
func schedule(turn int) turnMode {
	switch {
	case turn%4 == 1:
		return late
	case turn%8 == 2:
		return busy
	}
	return onTime
}

// memory is what the caribbean policies with memory are.
type memory = bot.Memory[*caribbean.View, caribbean.Action]

// lateMemory is a policy late on the turns of schedule: its Decide tells
// the clock it is stuck, blocks until released, then answers as usual, as
// a slow search would after its deadline.
type lateMemory struct {
	memory
	clock   *testClock
	release chan struct{}
}

func (l *lateMemory) Decide(v *caribbean.View, dst []caribbean.Action) []caribbean.Action {
	if schedule(v.Turn) == late {
		l.clock.stuck <- l.clock.now
		<-l.release
	}
	return l.memory.Decide(v, dst)
}

func (l *lateMemory) SetDeadline(t time.Time) {
	if d, ok := l.memory.(bot.Deadliner); ok {
		d.SetDeadline(t)
	}
}

// remembers is a policy that shows the cooldowns of the orders sent.
type remembers interface {
	Remembered() *fcb.Cooldowns
}

// TestLateTurns plays whole games with the bot's policy late on the turns
// of schedule, against greedy. After every turn the policy's cooldowns
// must be those of the orders the bot printed, for every own ship. A
// reference policy of the same kind is shown every view and told the
// orders sent: on every turn answered in time the bot must print what the
// reference answers.
func TestLateTurns(t *testing.T) {
	for _, name := range []string{"greedy", "net", "smitsi"} {
		for seed := int64(1); seed <= 4; seed++ {
			name, seed := name, seed
			t.Run(fmt.Sprintf("%s-seed%d", name, seed), func(t *testing.T) {
				inner, err := policy.Policies.Make(name, seed)
				if err != nil {
					t.Fatal(err)
				}
				ref, err := policy.Policies.Make(name, seed)
				if err != nil {
					t.Fatal(err)
				}
				clock := newTestClock()
				lp := &lateMemory{memory: inner.(memory), clock: clock, release: make(chan struct{})}
				p := policy.Bot.Player(lp, bot.Config{Clock: clock})
				var sent fcb.Cooldowns
				opp := policy.NewGreedy()
				st := caribbean.New(seed)
				if err := p.ReadInit(bot.NewInput(strings.NewReader(""))); err != nil {
					t.Fatal(err)
				}
				pending := false
				v := new(caribbean.View)
				var out []byte
				for turn := 0; !st.Done(); turn++ {
					mode := schedule(turn)
					if pending && mode != busy {
						lp.release <- struct{}{}
						pending = false
					}
					clock.expired = mode == busy
					in := st.InputLines(0)
					if err := p.ReadTurn(in[0], bot.NewInput(strings.NewReader(strings.Join(in[1:], "\n")+"\n"))); err != nil {
						t.Fatal(err)
					}
					deadline := clock.now.Add(time.Second)
					var why error
					out, why = p.Reply(turn, deadline, deadline, out[:0])
					if (why != nil) != (mode != onTime) {
						t.Fatalf("turn %d (%v): fallback reason %v", turn, mode, why)
					}
					pending = pending || mode == late
					lines := strings.Split(strings.TrimSpace(string(out)), "\n")
					st.ViewInto(0, v)
					sent.Begin(v.Turn)
					sent.RecordAnswer(v, parseOrders(t, lines))
					got := inner.(remembers).Remembered()
					for _, sh := range v.Ships {
						if sh.Owner != 0 {
							continue
						}
						if g, w := got.Cannon(sh.ID, turn+1), sent.Cannon(sh.ID, turn+1); g != w {
							t.Fatalf("turn %d (%v): ship %d's cannon cooldown %d, the orders sent make it %d", turn, mode, sh.ID, g, w)
						}
						if g, w := got.Mine(sh.ID, turn+1), sent.Mine(sh.ID, turn+1); g != w {
							t.Fatalf("turn %d (%v): ship %d's mine cooldown %d, the orders sent make it %d", turn, mode, sh.ID, g, w)
						}
					}
					if mode == onTime {
						if d, ok := ref.(bot.Deadliner); ok {
							d.SetDeadline(deadline)
						}
						want := ref.Act(v, nil)
						for i, a := range want {
							if i >= len(lines) || lines[i] != caribbean.FormatAction(a) {
								t.Fatalf("turn %d: the bot sent %q, a policy told the orders sent answers %v", turn, lines, want)
							}
						}
					}
					if err := st.Answer(0, lines); err != nil {
						t.Fatalf("turn %d: referee refuses %q: %v", turn, lines, err)
					}
					if err := st.AnswerActions(1, policy.ActOn(opp, st, 1, nil)); err != nil {
						t.Fatal(err)
					}
					if err := st.Advance(); err != nil {
						t.Fatal(err)
					}
				}
				if pending {
					lp.release <- struct{}{}
				}
			})
		}
	}
}

// parseOrders reads the bot's lines back into orders, as the referee
// does.
func parseOrders(t *testing.T, lines []string) []caribbean.Action {
	t.Helper()
	acts := make([]caribbean.Action, len(lines))
	for i, l := range lines {
		a, _, _, ok := caribbean.ParseLine(l)
		if !ok {
			t.Fatalf("order %q unreadable", l)
		}
		acts[i] = a
	}
	return acts
}
