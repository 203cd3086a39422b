package engine

import "io"

// Reader is a game's text protocol as its bot reads and answers it: the
// referee's blocks, each count and number checked against the referee's
// limits before the bot trusts it, the view rebuilt from them, and the
// lines of an answer. Each game gives one beside its Observer
// (engine/<game>/read.go), so that the limits live with the referee that
// sets them, and one runtime (internal/bot) plays every game's bot from it.
// O is the game's observer, V its view and A its action; next returns the
// input's next line, or an error when it ends mid-block.
type Reader[O, V, A any] struct {
	// Observer makes the observer of one game.
	Observer func() O
	// Init(o, next) reads the init block; an error ends the game.
	Init func(O, func() (string, error)) ([]string, error)
	// Turn(o, init, first, next) reads the rest of the turn whose first
	// line is first, init being the game's init block, and checks it as o
	// will observe it; an error ends the game rather than reach the
	// policy.
	Turn func(O, []string, string, func() (string, error)) ([]string, error)
	// View(o, init, input) rebuilds the turn's view through o
	// (Observer.Observe: init on the first call, nil after), as a view
	// the policy owns: a late policy may still read it while o builds the
	// next one.
	View func(O, []string, []string) (V, error)
	// Blind(input) is the answer to a turn whose view could not be
	// rebuilt, made from its lines alone.
	Blind func([]string) []string
	// Lines(v, acts) are the lines the bot prints for acts, its answer
	// to v.
	Lines func(V, []A) []string
	// Input, when set, wraps the referee's input before the bot reads
	// it: Ocean of Code's placement is asked for with no line, and its
	// wrapper inserts one, so that every turn starts with a line.
	Input func(io.Reader) io.Reader
}
