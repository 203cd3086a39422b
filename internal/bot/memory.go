package bot

import "time"

// Policy is a game's policy as the runtime calls it: it appends its answer
// to view v (one turn of its seat) to dst.
type Policy[V, A any] interface {
	Act(v V, dst []A) []A
}

// Memory is a Policy that remembers its game between turns, because the
// views do not repeat it: Ocean's tracker of the opponent and its own
// path, Caribbean's cooldowns. The runtime moves such a memory itself,
// because a late call must not move it: the guard sends a fallback in its
// place, and the call that goes on would remember an answer that was never
// sent and miss the one that was. So the policy's answer is split:
//
//   - Seen reads every view of the seat in order, turns the policy did not
//     answer in time included.
//   - Fork copies the memory to where Decide reads it. The runtime calls it
//     on its own goroutine when no Decide runs, right before one starts.
//   - Decide appends the answer to v from Fork's copy, and writes no memory
//     but that copy: it may be late, run on while the next turns are
//     observed, and have its answer dropped.
//   - Sent records the answer the bot sent for v, Decide's or the
//     fallback, and is the only way an answer enters the memory. It must
//     not keep sent, which the bot reuses.
//
// Seen and Sent run on the runtime's goroutine, between the turns'
// Decides or while a late one runs, so they never touch what Decide uses.
// Act, for players where nothing is late (the arena, training), is Step.
type Memory[V, A any] interface {
	Policy[V, A]
	Seen(v V)
	Fork()
	Decide(v V, dst []A) []A
	Sent(v V, sent []A)
}

// Step is one turn of m where no call is ever late: it shows m v, decides,
// and records the decision as sent. A Memory's Act may be just this.
func Step[V, A any](m Memory[V, A], v V, dst []A) []A {
	m.Seen(v)
	m.Fork()
	start := len(dst)
	dst = m.Decide(v, dst)
	m.Sent(v, dst[start:])
	return dst
}

// Seat asks one policy for a game's answers through a Guard, and keeps a
// Memory in step with what was sent. Every bot plays its policy through a
// Seat, so that the rules for a policy with memory hold for every game.
type Seat[V, A any] struct {
	Policy Policy[V, A]
	// Check, when set, vets an answer given in time and returns it as it
	// will be sent, or an error that has the fallback sent instead.
	Check func(v V, acts []A) ([]A, error)
	// Fallback appends to dst an answer the referee always accepts
	// (required). It may be called while a late call still reads v.
	Fallback func(v V, dst []A) []A
	// Guard guards the policy's calls; its Clock times them. A bot calls
	// Reply, never the Guard itself, which would bypass a Memory.
	Guard[[]A]

	// buf is the policy's buffer, handed back to it each turn; a late call
	// keeps it until the guard has dropped its result.
	buf []A
}

// Reply returns the answer to send for view v by deadline (zero: none),
// the policy thinking until think (see Config.Deadlines): the policy's, or
// the fallback with the reason. The answer is valid until the next Reply.
// A Memory has seen v and recorded the answer when Reply returns; a panic
// in Seen or Sent costs the turn, as one in Decide does.
func (s *Seat[V, A]) Reply(think, deadline time.Time, v V) ([]A, error) {
	pol, buf := s.Policy, s.buf
	var fork func()
	decide := func() []A { return pol.Act(v, buf[:0]) }
	mem, remembers := pol.(Memory[V, A])
	var acts []A
	var why error
	if remembers {
		fork = mem.Fork
		decide = func() []A { return mem.Decide(v, buf[:0]) }
		why = try(func() { mem.Seen(v) })
	}
	if why == nil {
		acts, why = s.call(think, deadline, pol, fork, decide)
	}
	if why == nil {
		s.buf = acts
		if s.Check != nil {
			acts, why = s.Check(v, acts)
		}
	}
	if why != nil {
		acts = s.Fallback(v, nil)
	}
	if remembers {
		if err := try(func() { mem.Sent(v, acts) }); why == nil {
			why = err
		}
	}
	return acts, why
}
