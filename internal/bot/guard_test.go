package bot

import (
	"errors"
	"sync"
	"testing"
	"time"
)

// limit is the deadline the guard tests give a call, on the manual clock.
const limit = 50 * time.Millisecond

// TestGuardCall checks each way one call can end: in time, late, by a
// panic, with no deadline, and with a deadline already past. A late call
// moves the manual clock past its deadline and blocks until the test ends,
// so that it cannot return in time.
func TestGuardCall(t *testing.T) {
	hang := make(chan struct{})
	defer close(hang)
	cases := []struct {
		name      string
		think     time.Duration // the clock moves this much during the call
		hang      bool          // the call does not return until the test ends
		boom      bool          // the call panics
		deadline  bool          // the call has a deadline, limit from now
		past      bool          // the deadline is already past
		want      int
		wantErr   error
		wantPanic bool
		wantBusy  bool
	}{
		{name: "in time", think: limit / 2, deadline: true, want: 7},
		{name: "no deadline", think: 10 * limit, want: 7},
		{name: "late", think: 2 * limit, hang: true, deadline: true, wantErr: ErrLate, wantBusy: true},
		{name: "panic with deadline", boom: true, deadline: true, wantPanic: true},
		{name: "panic without deadline", boom: true, wantPanic: true},
		{name: "deadline past", deadline: true, past: true, wantErr: ErrLate},
	}
	for _, tc := range cases {
		tc := tc // a late call outlives its case
		t.Run(tc.name, func(t *testing.T) {
			clock := newManualClock()
			g := Guard[int]{Clock: clock}
			var deadline time.Time
			if tc.deadline {
				deadline = clock.Now().Add(limit)
			}
			if tc.past {
				clock.Advance(limit)
			}
			called := false
			think, boom, hangs := tc.think, tc.boom, tc.hang
			got, err := g.Call(deadline, func() int {
				called = true
				clock.Advance(think)
				if boom {
					panic("bug")
				}
				if hangs {
					<-hang
				}
				return 7
			})
			var pe *PanicError
			switch {
			case tc.wantPanic:
				if !errors.As(err, &pe) || pe.Value != "bug" {
					t.Fatalf("err = %v, want a *PanicError with the panic's value", err)
				}
			case err != tc.wantErr:
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			case err == nil && got != tc.want:
				t.Fatalf("got %d, want %d", got, tc.want)
			}
			if tc.past && called {
				t.Error("the policy was called although the deadline had passed")
			}
			if g.Busy() != tc.wantBusy {
				t.Errorf("Busy() = %v after %v", g.Busy(), err)
			}
		})
	}
}

// gate is a policy call that runs until released and counts how many of
// its calls run at once.
type gate struct {
	mu       sync.Mutex
	running  int
	most     int
	calls    int
	release  chan struct{}
	returned chan struct{}
	// clock, when set, is moved by think at the start of each call
	clock *manualClock
	think time.Duration
}

func newGate() *gate {
	return &gate{release: make(chan struct{}), returned: make(chan struct{}, 16)}
}

func (g *gate) call() int {
	g.mu.Lock()
	g.running++
	g.calls++
	n := g.calls
	if g.running > g.most {
		g.most = g.running
	}
	g.mu.Unlock()
	if g.clock != nil {
		g.clock.Advance(g.think)
	}
	<-g.release
	g.mu.Lock()
	g.running--
	g.mu.Unlock()
	g.returned <- struct{}{}
	return n
}

func (g *gate) stats() (calls, most int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.calls, g.most
}

// lateCall is a guard on the test's clock whose first call, to a gate
// that thinks twice the limit, came back late (ErrLate) and still runs.
func lateCall(t *testing.T) (*manualClock, *gate, *Guard[int]) {
	t.Helper()
	clock := newManualClock()
	p := newGate()
	p.clock, p.think = clock, 2*limit
	g := &Guard[int]{Clock: clock}
	if _, err := g.Call(clock.Now().Add(limit), p.call); err != ErrLate {
		t.Fatalf("first call: %v, want ErrLate", err)
	}
	return clock, p, g
}

// TestGuardNoOverlap checks that a late call is never overlapped: a later
// turn waits for it until its own deadline and falls back without a call
// (with a deadline) or waits for it (without); its result is dropped, and
// the policy is called again once it has returned.
func TestGuardNoOverlap(t *testing.T) {
	for _, waitless := range []bool{false, true} {
		name := "deadline"
		if waitless {
			name = "no deadline"
		}
		t.Run(name, func(t *testing.T) {
			clock, p, g := lateCall(t)
			p.think = 0
			clock.drainArmed()
			// every later turn whose deadline passes while it waits falls
			// back without a call
			for k := 0; k < 3; k++ {
				clock.advanceWhenArmed(2 * limit)
				if _, err := g.Call(clock.Now().Add(limit), p.call); err != ErrBusy {
					t.Fatalf("turn %d while late: %v, want ErrBusy", k, err)
				}
			}
			if calls, _ := p.stats(); calls != 1 {
				t.Fatalf("%d calls while the late one ran, want 1", calls)
			}
			// the late call returns during the next turn, which drops its
			// result and calls the policy afresh
			go func() {
				p.release <- struct{}{} // the late call
				p.release <- struct{}{} // the fresh one
			}()
			var deadline time.Time
			if !waitless {
				deadline = clock.Now().Add(limit)
			}
			got, err := g.Call(deadline, p.call)
			if err != nil || got != 2 {
				t.Fatalf("after the late call: %d, %v, want the fresh call's 2", got, err)
			}
			if calls, most := p.stats(); calls != 2 || most != 1 {
				t.Errorf("%d calls, %d at once, want 2 calls one at a time", calls, most)
			}
			if g.Busy() {
				t.Error("still busy after a call in time")
			}
		})
	}
}

// TestGuardPastWhileBusy: a turn whose deadline has passed before it
// starts is ErrBusy while a late call may run, without a call; a turn in
// time then drops the late call's result and calls the policy afresh.
func TestGuardPastWhileBusy(t *testing.T) {
	clock, p, g := lateCall(t)
	if _, err := g.Call(clock.Now(), p.call); err != ErrBusy {
		t.Fatalf("past deadline while busy: %v, want ErrBusy", err)
	}
	p.release <- struct{}{}
	<-p.returned
	if _, err := g.Call(clock.Now(), p.call); err != ErrBusy || !g.Busy() {
		t.Fatalf("past deadline after the late call: %v, busy %v, want ErrBusy until a turn in time", err, g.Busy())
	}
	p.think = 0
	go func() { p.release <- struct{}{} }()
	if got, err := g.Call(clock.Now().Add(limit), p.call); err != nil || got != 2 || g.Busy() {
		t.Fatalf("a turn in time: %d, %v, busy %v, want the fresh call's 2", got, err, g.Busy())
	}
}

// deadliner is a gate that records the deadlines it is given, and whether
// one arrived while one of its calls was running.
type deadliner struct {
	*gate
	set    []time.Time
	inCall bool
}

func (d *deadliner) SetDeadline(t time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.set = append(d.set, t)
	d.inCall = d.inCall || d.running > 0
}

// TestGuardDeadliner: a guarded call gives a Deadliner the turn's think
// deadline, not the guard's, before each call it makes, and never while a
// late call of an earlier turn still runs (which -race would also report);
// a policy without SetDeadline is simply called.
func TestGuardDeadliner(t *testing.T) {
	clock := newManualClock()
	p := &deadliner{gate: newGate()}
	p.clock, p.think = clock, 2*limit
	g := Guard[int]{Clock: clock}
	// think is how long before the guard's deadline the policy is told
	// to stop
	const think = limit / 4
	first := clock.Now().Add(limit)
	if _, err := g.call(first.Add(-think), first, p, nil, p.call); err != ErrLate {
		t.Fatalf("first call: %v, want ErrLate", err)
	}
	p.think = 0
	clock.drainArmed()
	clock.advanceWhenArmed(2 * limit)
	second := clock.Now().Add(limit)
	if _, err := g.call(second.Add(-think), second, p, nil, p.call); err != ErrBusy {
		t.Fatalf("while late: %v, want ErrBusy", err)
	}
	p.release <- struct{}{}
	<-p.returned
	third := clock.Now().Add(limit)
	go func() { p.release <- struct{}{} }()
	if got, err := g.call(third.Add(-think), third, p, nil, p.call); err != nil || got != 2 {
		t.Fatalf("after the late call: %d, %v, want the fresh call's 2", got, err)
	}
	p.mu.Lock()
	set, inCall := append([]time.Time(nil), p.set...), p.inCall
	p.mu.Unlock()
	if len(set) != 2 || !set[0].Equal(first.Add(-think)) || !set[1].Equal(third.Add(-think)) || inCall {
		t.Errorf("deadlines set %v (during a call: %v), want %v then %v, never during a call", set, inCall, first.Add(-think), third.Add(-think))
	}
	plain := newGate()
	go func() { plain.release <- struct{}{} }()
	if got, err := g.call(time.Time{}, time.Time{}, plain, nil, plain.call); err != nil || got != 1 {
		t.Errorf("a policy without SetDeadline: %d, %v, want its answer 1", got, err)
	}
}
