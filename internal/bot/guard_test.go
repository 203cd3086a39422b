package bot

import (
	"errors"
	"sync"
	"testing"
	"time"
)

// TestGuardCall checks each way one call can end: in time, late, by a
// panic, with no deadline, and with a deadline already past.
func TestGuardCall(t *testing.T) {
	fast := func() int { return 7 }
	slow := func() int { time.Sleep(500 * time.Millisecond); return 8 }
	boom := func() int { panic("bug") }
	var called bool
	spy := func() int { called = true; return 9 }
	cases := []struct {
		name      string
		f         func() int
		wait      time.Duration // deadline from now; 0: none; < 0: past
		want      int
		wantErr   error
		wantPanic bool
		maxTime   time.Duration
		notCalled bool
	}{
		{name: "in time", f: fast, wait: time.Second, want: 7, maxTime: time.Second},
		{name: "no deadline", f: slow, want: 8, maxTime: 2 * time.Second},
		{name: "late", f: slow, wait: 20 * time.Millisecond, wantErr: ErrLate, maxTime: 300 * time.Millisecond},
		{name: "panic with deadline", f: boom, wait: time.Second, wantPanic: true, maxTime: time.Second},
		{name: "panic without deadline", f: boom, wantPanic: true, maxTime: time.Second},
		{name: "deadline past", f: spy, wait: -time.Millisecond, wantErr: ErrLate, notCalled: true, maxTime: time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			called = false
			var g Guard[int]
			var deadline time.Time
			if tc.wait != 0 {
				deadline = time.Now().Add(tc.wait)
			}
			start := time.Now()
			got, err := g.Call(deadline, tc.f)
			if el := time.Since(start); el > tc.maxTime {
				t.Errorf("returned after %v, want at most %v", el, tc.maxTime)
			}
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
			if tc.notCalled && called {
				t.Error("the policy was called although the deadline had passed")
			}
			if g.Busy() != (tc.wantErr == ErrLate && !tc.notCalled) {
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

// TestGuardNoOverlap checks that a late call is never overlapped: later
// turns fall back at once (with a deadline) or wait for it (without), its
// result is dropped, and the policy is called again once it has returned.
func TestGuardNoOverlap(t *testing.T) {
	for _, waitless := range []bool{false, true} {
		name := "deadline"
		if waitless {
			name = "no deadline"
		}
		t.Run(name, func(t *testing.T) {
			p := newGate()
			var g Guard[int]
			if _, err := g.Call(time.Now().Add(10*time.Millisecond), p.call); err != ErrLate {
				t.Fatalf("first call: %v, want ErrLate", err)
			}
			// every later turn with a deadline falls back without a call
			for k := 0; k < 3; k++ {
				start := time.Now()
				if _, err := g.Call(time.Now().Add(time.Hour), p.call); err != ErrBusy {
					t.Fatalf("turn %d while late: %v, want ErrBusy", k, err)
				}
				if el := time.Since(start); el > 100*time.Millisecond {
					t.Fatalf("turn %d while late waited %v", k, el)
				}
			}
			if calls, _ := p.stats(); calls != 1 {
				t.Fatalf("%d calls while the late one ran, want 1", calls)
			}
			var deadline time.Time
			if !waitless {
				// let the late call return first: the next call drops
				// its result
				p.release <- struct{}{}
				<-p.returned
				deadline = time.Now().Add(time.Hour)
			} else {
				// the next call must wait for the late one, then run
				go func() {
					time.Sleep(20 * time.Millisecond)
					p.release <- struct{}{}
				}()
			}
			go func() {
				// releases the fresh call once it runs
				for {
					if calls, _ := p.stats(); calls == 2 {
						p.release <- struct{}{}
						return
					}
					time.Sleep(time.Millisecond)
				}
			}()
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

// TestGuardAct: Act gives a Deadliner the turn's deadline before each call
// it makes, and never while a late call of an earlier turn still runs
// (which -race would also report); a policy without SetDeadline is simply
// called.
func TestGuardAct(t *testing.T) {
	p := &deadliner{gate: newGate()}
	var g Guard[int]
	first := time.Now().Add(10 * time.Millisecond)
	if _, err := g.Act(first, p, p.call); err != ErrLate {
		t.Fatalf("first call: %v, want ErrLate", err)
	}
	if _, err := g.Act(time.Now().Add(time.Hour), p, p.call); err != ErrBusy {
		t.Fatalf("while late: %v, want ErrBusy", err)
	}
	p.release <- struct{}{}
	<-p.returned
	third := time.Now().Add(time.Hour)
	go func() { p.release <- struct{}{} }()
	if got, err := g.Act(third, p, p.call); err != nil || got != 2 {
		t.Fatalf("after the late call: %d, %v, want the fresh call's 2", got, err)
	}
	p.mu.Lock()
	set, inCall := append([]time.Time(nil), p.set...), p.inCall
	p.mu.Unlock()
	if len(set) != 2 || !set[0].Equal(first) || !set[1].Equal(third) || inCall {
		t.Errorf("deadlines set %v (during a call: %v), want %v then %v, never during a call", set, inCall, first, third)
	}
	plain := newGate()
	go func() { plain.release <- struct{}{} }()
	if got, err := g.Act(time.Time{}, plain, plain.call); err != nil || got != 1 {
		t.Errorf("a policy without SetDeadline: %d, %v, want its answer 1", got, err)
	}
}
