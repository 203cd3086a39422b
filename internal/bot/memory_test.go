package bot

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
)

// tally is a Memory whose views are numbers. It remembers the views it
// observed and the answers it was told were sent; its answer to view v is
// v*100 plus the number of answers in Fork's copy, so an answer shows
// which memory it was decided from. On the views in late it moves the
// manual clock past the deadline and blocks until released, then scribbles
// on its copy, as a search would. Seen panics on the views in boom.
type tally struct {
	clock      *manualClock
	late, boom map[int]bool
	release    chan struct{}

	seen, sent []int // the memory, the bot's goroutine's alone
	work       []int // Fork's copy, Decide's alone

	mu     sync.Mutex
	events []string
}

func (p *tally) log(e string) {
	p.mu.Lock()
	p.events = append(p.events, e)
	p.mu.Unlock()
}

func (p *tally) Act(v int, dst []int) []int { return Step[int, int](p, v, dst) }

func (p *tally) Seen(v int) {
	p.log(fmt.Sprint("observe ", v))
	if p.boom[v] {
		panic("observe")
	}
	p.seen = append(p.seen, v)
}

func (p *tally) Fork() {
	p.log("fork")
	p.work = append(p.work[:0], p.sent...)
}

func (p *tally) Decide(v int, dst []int) []int {
	p.log(fmt.Sprint("decide ", v))
	a := v*100 + len(p.work)
	if p.late[v] {
		p.clock.Advance(2 * limit)
		<-p.release
		p.work = append(p.work, -5)
	}
	return append(dst, a)
}

func (p *tally) Sent(v int, sent []int) {
	p.log(fmt.Sprint("sent ", v))
	p.sent = append(p.sent, sent...)
}

// TestSeatMemory plays ten turns of a tally with two late calls, one turn
// that falls back while a late call runs, one answer Check refuses and one
// Seen that panics. The memory must hold every view in order and
// exactly the answers sent; each answer in time must come from a copy of
// that memory; Fork must come right before each Decide.
func TestSeatMemory(t *testing.T) {
	clock := newManualClock()
	p := &tally{clock: clock, late: map[int]bool{2: true, 6: true}, boom: map[int]bool{9: true}, release: make(chan struct{})}
	seat := Seat[int, int]{
		Policy: p,
		Guard:  Guard[[]int]{Clock: clock},
		Check: func(v int, acts []int) ([]int, error) {
			if v == 8 {
				return acts, errors.New("refused")
			}
			return acts, nil
		},
		Fallback: func(v int, dst []int) []int { return append(dst, -v) },
	}
	// what each turn does: "ok", "late" (ErrLate), "busy" (its deadline
	// passes while the late call runs), "refused", "panic"
	plan := []string{"ok", "ok", "late", "busy", "ok", "ok", "late", "ok", "refused", "panic"}
	var sent []int
	pending := false // a late call is blocked
	for v, how := range plan {
		clock.drainArmed()
		switch how {
		case "busy":
			clock.advanceWhenArmed(2 * limit)
		case "ok":
			if pending {
				go func() { p.release <- struct{}{} }()
				pending = false
			}
		}
		acts, why := seat.Reply(clock.Now().Add(limit), clock.Now().Add(limit), v)
		if len(acts) != 1 {
			t.Fatalf("view %d: answer %v, want one number", v, acts)
		}
		sent = append(sent, acts[0])
		pending = pending || how == "late"
		var pe *PanicError
		switch how {
		case "ok":
			if why != nil || acts[0] != v*100+v {
				t.Errorf("view %d: %v, %v, want %d decided from the %d answers sent", v, acts, why, v*100+v, v)
			}
		case "late", "busy", "refused":
			want := map[string]error{"late": ErrLate, "busy": ErrBusy}[how]
			if acts[0] != -v || want != nil && why != want || want == nil && why == nil {
				t.Errorf("view %d (%s): %v, %v, want the fallback %d", v, how, acts, why, -v)
			}
		case "panic":
			if acts[0] != -v || !errors.As(why, &pe) {
				t.Errorf("view %d: %v, %v, want the fallback for a panic", v, acts, why)
			}
		}
	}
	if want := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}; !reflect.DeepEqual(p.seen, want) {
		t.Errorf("observed %v, want %v", p.seen, want)
	}
	if !reflect.DeepEqual(p.sent, sent) {
		t.Errorf("memory of answers %v, sent %v", p.sent, sent)
	}
	p.mu.Lock()
	events := append([]string(nil), p.events...)
	p.mu.Unlock()
	forks := 0
	for i, e := range events {
		if e == "fork" {
			forks++
			if i+1 >= len(events) || len(events[i+1]) < 6 || events[i+1][:6] != "decide" {
				t.Errorf("fork not followed by a decide: %v", events)
			}
		}
	}
	if forks != 8 {
		t.Errorf("%d forks, want one per call: 8", forks)
	}
}

// plainPolicy answers v+1 and has no memory.
type plainPolicy struct{}

func (plainPolicy) Act(v int, dst []int) []int { return append(dst, v+1) }

// TestSeatPlain: a policy without memory is simply called, and its answer
// or the fallback returned.
func TestSeatPlain(t *testing.T) {
	clock := newManualClock()
	seat := Seat[int, int]{Policy: plainPolicy{}, Guard: Guard[[]int]{Clock: clock}, Fallback: func(v int, dst []int) []int { return append(dst, -v) }}
	if acts, why := seat.Reply(clock.Now().Add(limit), clock.Now().Add(limit), 4); why != nil || !reflect.DeepEqual(acts, []int{5}) {
		t.Errorf("in time: %v, %v, want [5]", acts, why)
	}
	if acts, why := seat.Reply(clock.Now(), clock.Now(), 4); why != ErrLate || !reflect.DeepEqual(acts, []int{-4}) {
		t.Errorf("deadline past: %v, %v, want the fallback [-4]", acts, why)
	}
}

// TestStep: a Memory played in-process observes, forks, decides and is
// told its own answer, in that order.
func TestStep(t *testing.T) {
	p := &tally{}
	got := p.Act(3, nil)
	if !reflect.DeepEqual(got, []int{300}) || !reflect.DeepEqual(p.sent, []int{300}) {
		t.Errorf("answer %v, memory %v, want [300] both", got, p.sent)
	}
	if want := []string{"observe 3", "fork", "decide 3", "sent 3"}; !reflect.DeepEqual(p.events, want) {
		t.Errorf("events %v, want %v", p.events, want)
	}
}
