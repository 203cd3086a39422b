package engine

import "fmt"

// Request is one request of the referee to one player.
type Request struct {
	// Step counts the Advance calls before this request.
	Step   int
	Player int
	// Init holds the player's init lines on its first request, else nil.
	Init []string
	// Input is the step's input lines; Expected how many lines the
	// referee reads back.
	Input    []string
	Expected int
}

// Reply is a player's answer to a Request.
type Reply struct {
	// Lines are what the player printed: nil or too few for a timeout.
	Lines []string
	// Applied is true when the player already handed its answer to the
	// referee through a typed path (ActionState); Err is then what that
	// returned, and Play does not call Answer.
	Applied bool
	Err     error
}

// Loop is what Play needs from its caller. Only Ask is required.
type Loop struct {
	// MaxSteps bounds the steps; 0 means the game's own bound is unknown
	// and 1,000,000 is used.
	MaxSteps int
	// Ask returns the player's reply. An error stops the game: it is a
	// failure of the caller (a broken pipe to the referee, a cancelled
	// context), never of the bot, which only ever loses.
	Ask func(s State, r Request) (Reply, error)
	// Judged, if set, sees each reply once the referee has judged it;
	// verdict is nil when the referee kept the player in the game.
	Judged func(s State, r Request, rep Reply, verdict *Deactivation) error
	// Advanced, if set, runs after each step is resolved.
	Advanced func(s State, step int) error
}

// Play runs s to its end through the step protocol. It is the one loop the
// arena, trace replay, the conformance suite and the trainer's evaluation
// share, so they agree on init lines, request order and what counts as a
// bot's fault. A referee error that is not a Deactivation stops the game
// with an error. It returns the number of steps played.
func Play(s State, l Loop) (int, error) {
	max := l.MaxSteps
	if max <= 0 {
		max = 1000000
	}
	started := map[int]bool{}
	step := 0
	for ; !s.Done(); step++ {
		if step >= max {
			return step, fmt.Errorf("engine: game not over after %d steps", max)
		}
		for _, p := range s.Pending() {
			r := Request{Step: step, Player: p, Input: s.InputLines(p), Expected: s.ExpectedLines(p)}
			if !started[p] {
				started[p] = true
				r.Init = s.InitLines(p)
			}
			rep, err := l.Ask(s, r)
			if err != nil {
				return step, err
			}
			aerr := rep.Err
			if !rep.Applied {
				aerr = s.Answer(p, rep.Lines)
			}
			var verdict *Deactivation
			if aerr != nil {
				d, ok := Deactivated(aerr)
				if !ok {
					return step, fmt.Errorf("engine: step %d, player %d: %w", step, p, aerr)
				}
				verdict = d
			}
			if l.Judged != nil {
				if err := l.Judged(s, r, rep, verdict); err != nil {
					return step, err
				}
			}
		}
		if err := s.Advance(); err != nil {
			return step, fmt.Errorf("engine: step %d: %w", step, err)
		}
		if l.Advanced != nil {
			if err := l.Advanced(s, step); err != nil {
				return step + 1, err
			}
		}
	}
	return step, nil
}
