package engine

// A View is what one player may know at one step: its input lines and
// everything it could remember from earlier ones, as typed values, and
// nothing else. Encoders, policies, the trainer and in-process players take
// views, never the referee's state, so a network cannot learn from
// information its bot will not have.
//
// A game builds each view two ways: from the referee's state (Viewer), for
// self-play, and from the player's own lines (Observer), in the bot. The
// conformance suite checks at every step that the two agree, comparing
// their String forms, which must therefore print every field.
type View interface {
	String() string
}

// Viewer is a State that builds player p's view of the current step.
type Viewer interface {
	View(p int) View
}

// Untyped is an observer's typed view as a View, for Observe: nil with
// an error, never a typed nil.
func Untyped[V View](v V, err error) (View, error) {
	if err != nil {
		return nil, err
	}
	return v, nil
}

// NewView is a new view of player p filled by into, a state's ViewInto:
// the Viewer's View of a state that fills views in place.
func NewView[V any](into func(p int, v *V), p int) *V {
	v := new(V)
	into(p, v)
	return v
}

// Observer rebuilds one player's view from the lines it receives, as its
// bot does. Observe is called once per request with the init lines on the
// first call (nil after) and the step's input lines; it returns the view of
// that step. A game's observer may remember earlier steps (the turn
// number, points the input leaves out, an opponent's past orders).
type Observer interface {
	Observe(init, input []string) (View, error)
}

// ObservedGame is a Game whose players' views can be rebuilt from their
// lines. seat is the player's seat, which a bot may not know from its input
// alone; views that are seat-relative ignore it.
type ObservedGame interface {
	Game
	NewObserver(seat int) Observer
}
