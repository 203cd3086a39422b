package engine

import (
	"errors"
	"fmt"
	"sort"
)

// Dynamics says who the referee asks in a step.
type Dynamics int

const (
	// Simultaneous games ask every active player each turn and resolve the
	// answers together (Soak Overflow, Keep Off The Grass, Caribbean, Kutulu).
	Simultaneous Dynamics = iota
	// Alternating games ask one player per step (Ocean of Code).
	Alternating
)

// Information says whether a player's input shows the whole game.
type Information int

const (
	// Perfect: each player's input holds everything the referee's state
	// decides the future with (up to the referee's random draws).
	Perfect Information = iota
	// Imperfect: some of the state is hidden from some player (fogged
	// mines, a secret position), so a policy must work from its view.
	Imperfect
)

// Type is what the conformance suite and the tools need to know about a
// game before they play it, as OpenSpiel's GameType.
type Type struct {
	Dynamics    Dynamics
	Information Information
	// MinPlayers and MaxPlayers bound the seat count (equal for our games).
	MinPlayers, MaxPlayers int
	// ZeroSeed is true when the referee reproduces seed 0 (java.util.Random
	// games); SHA1PRNG referees ignore a zero seed, so there it is invalid.
	ZeroSeed bool
}

// Typed is a Game that states its Type. Every game in cgpolicy does; it is
// a separate interface so that test doubles stay small.
type Typed interface {
	Type() Type
}

// TypeOf returns g's Type, or the default (simultaneous, perfect
// information, NumPlayers seats, seed 0 invalid) when it states none.
func TypeOf(g Game) Type {
	if t, ok := g.(Typed); ok {
		return t.Type()
	}
	n := g.NumPlayers()
	return Type{MinPlayers: n, MaxPlayers: n}
}

// Deactivation is the referee's verdict on a bot: it timed out or printed
// something the rules reject, and the referee removed it. Answer returns
// it (possibly wrapped) for a fault of the bot; any other error from Answer
// is a fault of the caller, such as a call out of protocol, and must never
// be scored against the bot.
type Deactivation struct {
	Player  int
	Timeout bool
	// Reason is the referee's message.
	Reason string
	// Err is the game's own error value, when it has one.
	Err error
}

func (d *Deactivation) Error() string {
	if d.Reason != "" {
		return d.Reason
	}
	if d.Err != nil {
		return d.Err.Error()
	}
	if d.Timeout {
		return fmt.Sprintf("player %d timed out", d.Player)
	}
	return fmt.Sprintf("player %d deactivated", d.Player)
}

func (d *Deactivation) Unwrap() error { return d.Err }

// Deactivated reports whether err is the referee deactivating a bot, and
// the verdict if so.
func Deactivated(err error) (*Deactivation, bool) {
	var d *Deactivation
	if errors.As(err, &d) {
		return d, true
	}
	return nil, false
}

// Capabilities a State may have beyond the contract. The tools look for
// them with a type assertion and fall back on the plain contract.
type (
	// WinnerState decides the winner itself (for example by seat among
	// equal scores); otherwise it is the unique best score, or none.
	WinnerState interface{ Winner() int }
	// RankState ranks the players itself (1 is first; equal ranks are
	// shared places); otherwise ranks come from the scores.
	RankState interface{ Ranks() []int }
	// EndReasonState names why the game ended, as the referee reports it.
	EndReasonState interface{ EndReason() string }
	// ActionState takes a player's answer as typed actions (type A) through
	// the same rule code as Answer, with no text; in-process players use it.
	ActionState[A any] interface {
		AnswerActions(p int, acts []A) error
	}
)

// Result is how a finished game went for each seat.
type Result struct {
	Scores []int
	// Ranks[p] is 1 + the number of players strictly ahead of p, so tied
	// players share a place.
	Ranks []int
	// Returns[p] is p's result in [-1, 1], linear in the rank: first is 1,
	// last is -1, shared places share the mean. In two-player games a win
	// is 1, a draw 0, a loss -1.
	Returns []float64
	// Winner is the winning seat, or -1 for a shared first place.
	Winner int
}

// Outcome reads a finished game's result, using the game's own ranking or
// winner rule when it has one.
func Outcome(s State) Result {
	scores := s.Scores()
	var ranks []int
	if r, ok := s.(RankState); ok {
		ranks = r.Ranks()
	} else {
		ranks = Ranks(scores)
	}
	w := -1
	if ws, ok := s.(WinnerState); ok {
		w = ws.Winner()
	} else {
		w = Winner(scores)
	}
	return Result{Scores: scores, Ranks: ranks, Returns: Returns(ranks), Winner: w}
}

// Ranks ranks players by score, higher first; equal scores share a place.
func Ranks(scores []int) []int {
	r := make([]int, len(scores))
	for p, s := range scores {
		r[p] = 1
		for _, o := range scores {
			if o > s {
				r[p]++
			}
		}
	}
	return r
}

// Returns maps ranks to [-1, 1]. Players sharing a place share the mean of
// the places they cover: with four players, two tied for first both get
// the mean of 1 and 1/3.
func Returns(ranks []int) []float64 {
	n := len(ranks)
	out := make([]float64, n)
	if n < 2 {
		return out
	}
	sorted := append([]int(nil), ranks...)
	sort.Ints(sorted)
	value := func(place int) float64 { return 1 - 2*float64(place-1)/float64(n-1) }
	for p, r := range ranks {
		// the tied group starting at place r covers places r..r+k-1
		k := 0
		for _, o := range sorted {
			if o == r {
				k++
			}
		}
		sum := 0.0
		for i := 0; i < k; i++ {
			sum += value(r + i)
		}
		out[p] = sum / float64(k)
	}
	return out
}

// Score is p's result in [0, 1] as contest players count it: 1 for first,
// 0 for last, 0.5 for a two-player draw.
func (r Result) Score(p int) float64 { return (r.Returns[p] + 1) / 2 }
