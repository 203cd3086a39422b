package main

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/internal/bot"
	"cgpolicy/internal/bot/bottest"
)

// TestProtocol plays whole games with the bot on pipes in seat 0 against
// random play, and checks that every line it prints is what a greedy
// policy fed the same views picks, and that the referee accepts it.
func TestProtocol(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		st := caribbean.New(seed)
		b := bottest.Pipe(t, &policy.Bot, policy.Policy(policy.NewGreedy()))
		mirror := policy.NewGreedy()
		opp := policy.NewRandom(seed)
		for !st.Done() {
			b.Send(st.InputLines(0))
			want := policy.ActOn(mirror, st, 0, nil)
			var lines []string
			for range want {
				lines = append(lines, b.Reply(fmt.Sprintf("seed %d turn %d", seed, st.Turn())))
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
		if b.End(fmt.Sprintf("seed %d", seed)); st.Winner() != 0 {
			t.Errorf("seed %d: bot lost to random: %v", seed, st.Scores())
		}
	}
}

// crash is a policy with a bug.
type crash struct{}

func (crash) Act(*caribbean.View, []caribbean.Action) []caribbean.Action { panic("bug") }

// start returns a player, timed by clock, that has read the first turn
// of st for seat 0.
func start(t *testing.T, st *caribbean.State, pol policy.Policy, clock bot.Clock) *bot.Bot[*caribbean.Observer, *caribbean.View, caribbean.Action] {
	t.Helper()
	return bottest.Start(t, &policy.Bot, pol, clock, st.InputLines(0))
}

// TestGuard: a policy past the deadline yields WAIT for every ship, the
// next turn does not overlap the late call, and play resumes with the
// policy's orders once it returns; a panic costs one turn. The test's
// clock decides which deadlines pass.
func TestGuard(t *testing.T) {
	st := caribbean.New(5) // three ships a side
	n := st.Alive(0)
	waitAll := strings.Repeat("WAIT\n", n)
	clock := bottest.NewClock()
	deadline := clock.Now().Add(time.Second)
	p := bottest.NewStall(clock, func(v *caribbean.View, dst []caribbean.Action) []caribbean.Action {
		for i := policy.OwnShips(v); i > 0; i-- {
			dst = append(dst, caribbean.Action{Kind: caribbean.Faster})
		}
		return dst
	})
	pl := start(t, st, p, clock)
	if out, why := pl.Reply(0, deadline, deadline, nil); string(out) != waitAll || why != bot.ErrLate {
		t.Fatalf("late policy: got %q, %v, want %q, ErrLate", out, why, waitAll)
	}
	clock.Expired = true
	if out, why := pl.Reply(1, deadline, deadline, nil); string(out) != waitAll || why != bot.ErrBusy {
		t.Fatalf("while the late call runs: got %q, %v, want %q, ErrBusy", out, why, waitAll)
	}
	clock.Expired = false
	p.Release()
	want := strings.Repeat("FASTER\n", n)
	if out, why := pl.Reply(2, deadline, deadline, nil); string(out) != want || why != nil {
		t.Fatalf("after the late call: got %q, %v, want %q", out, why, want)
	}
	if p.Calls != 2 {
		t.Errorf("%d policy calls, want 2: none while the late one ran", p.Calls)
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
	bottest.BadInput(t, &policy.Bot, func() policy.Policy { return policy.NewGreedy() }, "1\n", "1\nx\n", "1\n2\n0 SHIP 1 1 0 0 100 1\n")
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
	clock   *bottest.Clock
	release chan struct{}
}

func (l *lateMemory) Decide(v *caribbean.View, dst []caribbean.Action) []caribbean.Action {
	if schedule(v.Turn) == late {
		l.clock.Stick()
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
				clock := bottest.NewClock()
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
					clock.Expired = mode == busy
					in := st.InputLines(0)
					if err := p.ReadTurn(in[0], bot.NewInput(strings.NewReader(strings.Join(in[1:], "\n")+"\n"))); err != nil {
						t.Fatal(err)
					}
					deadline := clock.Now().Add(time.Second)
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
