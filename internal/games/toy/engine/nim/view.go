package nim

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// View is what the player to move knows: every heap. It is the same from
// either seat, so the search plays it from seat 0 (FromView).
type View struct {
	N     int
	Heaps [MaxHeaps]int
}

// String prints every field, so that views from the referee's state and
// from the player's lines compare as text.
func (v *View) String() string { return fmt.Sprintf("heaps %v", v.Heaps[:v.N]) }

// Moves appends every legal move at v to dst, heap by heap, fewer objects
// first: the candidates of the features and the search.
func (v *View) Moves(dst []Action) []Action {
	for h := 0; h < v.N; h++ {
		for c := 1; c <= MaxTake && c <= v.Heaps[h]; c++ {
			dst = append(dst, Action{Heap: h, Count: c})
		}
	}
	return dst
}

// Legal reports whether a is a legal move at v.
func (v *View) Legal(a Action) bool {
	return a.Heap >= 0 && a.Heap < v.N && a.Count >= 1 && a.Count <= MaxTake && a.Count <= v.Heaps[a.Heap]
}

var _ engine.Viewer = (*State)(nil)

// View implements engine.Viewer.
func (s *State) View(p int) engine.View {
	v := new(View)
	s.ViewInto(p, v)
	return v
}

// ViewInto fills v with player p's view.
func (s *State) ViewInto(_ int, v *View) { v.N, v.Heaps = s.n, s.heaps }

// Observer rebuilds a player's view from its lines, as its bot does.
type Observer struct {
	n int // heaps, from the init lines
	v View
}

// NewObserver implements engine.ObservedGame; the view is the same from
// either seat.
func (Game) NewObserver(int) engine.Observer { return new(Observer) }

// Observe implements engine.Observer.
func (o *Observer) Observe(init, input []string) (engine.View, error) {
	return o.ObserveView(init, input)
}

// ObserveView is Observe with the concrete view, which the observer
// reuses.
func (o *Observer) ObserveView(init, input []string) (*View, error) {
	if init != nil {
		_, n, err := parseInit(init)
		if err != nil {
			return nil, err
		}
		o.n = n
	}
	if o.n == 0 {
		return nil, errors.New("nim: a turn before the init lines")
	}
	if len(input) != 1 {
		return nil, fmt.Errorf("nim: %d input lines, want 1", len(input))
	}
	heaps, err := parseHeaps(input[0], o.n)
	if err != nil {
		return nil, err
	}
	o.v = View{N: o.n, Heaps: heaps}
	return &o.v, nil
}

// parseInit reads the init lines: the player's id and the number of heaps.
func parseInit(init []string) (id, n int, err error) {
	if len(init) != 2 {
		return 0, 0, fmt.Errorf("nim: %d init lines, want 2", len(init))
	}
	if id, err = strconv.Atoi(strings.TrimSpace(init[0])); err != nil || id < 0 || id > 1 {
		return 0, 0, fmt.Errorf("nim: init line 1: bad player id %q, want 0 or 1", init[0])
	}
	if n, err = strconv.Atoi(strings.TrimSpace(init[1])); err != nil || n < MinHeaps || n > MaxHeaps {
		return 0, 0, fmt.Errorf("nim: init line 2: bad heap count %q, want %d to %d", init[1], MinHeaps, MaxHeaps)
	}
	return id, n, nil
}

// parseHeaps reads a turn's line of n heap sizes, each 0 to MaxHeap, not
// all 0: a player is asked only while objects are left.
func parseHeaps(line string, n int) ([MaxHeaps]int, error) {
	var heaps [MaxHeaps]int
	f := strings.Fields(line)
	if len(f) != n {
		return heaps, fmt.Errorf("nim: input %q: %d heaps, want %d", line, len(f), n)
	}
	total := 0
	for i, x := range f {
		h, err := strconv.Atoi(x)
		if err != nil || h < 0 || h > MaxHeap {
			return heaps, fmt.Errorf("nim: input %q: bad heap %q, want 0 to %d", line, x, MaxHeap)
		}
		heaps[i] = h
		total += h
	}
	if total == 0 {
		return heaps, fmt.Errorf("nim: input %q: no object left", line)
	}
	return heaps, nil
}

// ParseAction reads an answer line, HEAP COUNT, with any spacing. It
// checks the form only; the state judges the move (State.Check).
func ParseAction(line string) (Action, error) {
	f := strings.Fields(line)
	if len(f) != 2 {
		return Action{}, errors.New("want HEAP COUNT")
	}
	h, err1 := strconv.Atoi(f[0])
	c, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return Action{}, errors.New("want HEAP COUNT, two whole numbers")
	}
	return Action{Heap: h, Count: c}, nil
}

// FormatAction is a's answer line.
func FormatAction(a Action) string { return strconv.Itoa(a.Heap) + " " + strconv.Itoa(a.Count) }

// Reader is Nim's protocol as its bot reads it (engine.Reader): the init
// block of two lines, then one line a turn, every number checked against
// the referee's limits before the bot trusts it.
var Reader = engine.Reader[*Observer, *View, Action]{
	Observer: func() *Observer { return new(Observer) },
	Init: func(_ *Observer, next func() (string, error)) ([]string, error) {
		lines := make([]string, 2)
		for i := range lines {
			l, err := next()
			if err != nil {
				return nil, fmt.Errorf("reading init line %d: %w", i+1, err)
			}
			lines[i] = l
		}
		_, _, err := parseInit(lines)
		return lines, err
	},
	Turn: func(_ *Observer, init []string, first string, _ func() (string, error)) ([]string, error) {
		_, n, err := parseInit(init)
		if err != nil {
			return nil, err
		}
		if _, err := parseHeaps(first, n); err != nil {
			return nil, err
		}
		return []string{first}, nil
	},
	View: func(o *Observer, init, input []string) (*View, error) {
		v, err := o.ObserveView(init, input)
		if err != nil {
			return nil, err
		}
		c := *v // the observer reuses its view
		return &c, nil
	},
	Blind: Blind,
	Lines: func(_ *View, acts []Action) []string {
		lines := make([]string, len(acts))
		for i, a := range acts {
			lines[i] = FormatAction(a)
		}
		return lines
	},
}

// Blind is the answer to a turn whose view could not be rebuilt: one
// object from the first heap the line shows non-empty, else from heap 0.
func Blind(input []string) []string {
	if len(input) > 0 {
		for i, x := range strings.Fields(input[0]) {
			if h, err := strconv.Atoi(x); err == nil && h > 0 && i < MaxHeaps {
				return []string{FormatAction(Action{Heap: i, Count: 1})}
			}
		}
	}
	return []string{FormatAction(Action{Count: 1})}
}
