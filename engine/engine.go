// Package engine is the contract every game referee in cgpolicy implements.
//
// It follows the shape of the CodinGame SDK game loop rather than a board-game
// API, because the referee's text protocol is the ground truth we must match:
// in each step the referee asks some players, in a fixed order, for an answer;
// it sends each one its input lines (its observation, so hidden information
// needs no special case), reads exactly ExpectedLines lines back, and then
// resolves the step. Simultaneous games ask every active player each step,
// alternating games ask one, and steps that need no input ask none.
//
// A Game is immutable and can be shared between goroutines; a State is one
// game in progress, owned by one goroutine, and Clone branches it.
//
// Each game package also offers a typed fast path (actions as structs, no text)
// for self-play and search. It runs the same rule code as the text path; the
// text path only adds parsing and formatting around it.
package engine

import "errors"

// Game is the fixed description of one game: its rules and seat count.
type Game interface {
	// Name is the short name used on the command line and in trace files ("soak").
	Name() string
	// NumPlayers is the number of seats, 2 or 4.
	NumPlayers() int
	// MaxSteps bounds the number of Advance calls in any game, so callers can
	// detect a referee that never ends.
	MaxSteps() int
	// NewState starts a game from the contest seed. Seeds the official
	// referee cannot reproduce (0 for SHA1PRNG games) are an error.
	NewState(seed int64) (State, error)
}

// State is a game in progress as the referee sees it.
type State interface {
	// InitLines are the lines player p receives once, before its first input.
	InitLines(p int) []string
	// Pending lists the players the referee asks in the current step, in the
	// order it asks them. It is empty when the game is over or when the step
	// runs without input.
	Pending() []int
	// InputLines are the lines player p receives in the current step. Call it
	// in Pending order, after the earlier players' Answer, because some
	// referees build later inputs from earlier answers.
	InputLines(p int) []string
	// ExpectedLines is how many lines the referee reads from p this step.
	ExpectedLines(p int) int
	// Answer hands the referee player p's lines for this step. Fewer lines
	// than ExpectedLines is a timeout. A non-nil error is the referee's reason
	// for deactivating p (invalid command or timeout); the state has already
	// applied it, so the error is a report, not a failure of the call.
	Answer(p int, lines []string) error
	// Advance resolves the step after every pending player has answered.
	// It fails only when called out of protocol.
	Advance() error
	// Done reports whether the game is over.
	Done() bool
	// Active reports whether player p is still in the game (not deactivated
	// or eliminated).
	Active(p int) bool
	// Turn is the number of steps resolved so far.
	Turn() int
	// Scores are the final scores as the referee reports them (-1 for a
	// disqualified player where the game does so). Valid once Done.
	Scores() []int
	// Clone returns an independent deep copy.
	Clone() State
}

// ErrProtocol marks a call made out of the step protocol (for example Advance
// before every pending player answered).
var ErrProtocol = errors.New("engine: call out of protocol")

// Winner returns the index of the player with the strictly highest score, or
// -1 when the best score is shared.
func Winner(scores []int) int {
	who := -1
	for p, s := range scores {
		if who == -1 || s > scores[who] {
			who = p
		}
	}
	for p, s := range scores {
		if p != who && s == scores[who] {
			return -1
		}
	}
	return who
}
