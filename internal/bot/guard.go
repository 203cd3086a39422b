// Package bot is the runtime every CodinGame bot of this module shares: the
// turn loop (Run), the guard around a policy call (Guard), the seat that
// plays a policy through it (Seat), and the one player (Bot) and command
// line (Game) that drive any game from its engine's protocol
// (engine.Reader) and its policies.
//
// A late answer loses a CodinGame game outright, and a panic ends the bot,
// so every bot needs the same five rules: the deadline runs from the
// arrival of the turn's first input line; a policy that misses it is
// answered for with a safe fallback; a late policy call is never
// overlapped by a new one, because policies reuse their buffers; a
// panicking policy costs one turn, not the game; and a policy that
// remembers the game sees every view and remembers only the answers sent
// (Memory, Seat). They live here once, tested once. A game supplies only
// what is specific to it, in one Game value: how to read its input and
// answer (its engine's Reader), its policies, how long they think, and
// its safe answers.
//
// Time is one knob a game: Think, how long its policy thinks from a
// turn's first line (a search stops there). The guard's deadline is
// CodinGame's limit (FirstLimit, TurnLimit) less Margin, the same for
// every bot.
//
// Every bot under cmd/bot runs through Game.Main, which gives them all the
// same command line: -policies (print the policy names, one a line, and
// exit), -policy NAME, -seed N, -think-ms (Think), -nodeadline and -v.
// scripts/bundle's parity test plays each listed policy through the
// bundle and the plain build without deadlines.
//
// The package is bundled into the submitted bots by scripts/bundle, so it
// uses only the standard library and Go 1.18.
package bot

import (
	"errors"
	"fmt"
	"time"
)

// ErrLate is the reason for a fallback when the policy missed the deadline.
var ErrLate = errors.New("policy missed the deadline")

// ErrBusy is the reason for a fallback when the call of an earlier turn
// that missed its deadline still runs: the policy is not called again
// until it returns.
var ErrBusy = errors.New("policy still busy with a late call")

// PanicError is the reason for a fallback when the policy panicked.
type PanicError struct {
	Value interface{} // what the policy panicked with
}

func (e *PanicError) Error() string { return fmt.Sprintf("policy panic: %v", e.Value) }

// Guard runs one policy call per turn against a deadline. T is the policy's
// answer. The zero Guard is ready to use; it is not safe for concurrent
// use, as a bot plays one turn at a time.
type Guard[T any] struct {
	// Clock tells the time against the deadlines; nil is the wall clock.
	Clock Clock
	// late delivers the result of a call that missed its deadline; it is
	// non-nil while that call may still run, and the result is dropped.
	late chan outcome[T]
}

// outcome is a policy call's result as it crosses goroutines.
type outcome[T any] struct {
	v   T
	err error
}

// Call runs f, which calls the policy, and returns its answer, or an error
// (ErrLate, ErrBusy, *PanicError) when the bot must fall back.
//
// With a zero deadline Call waits however long f takes, after waiting for
// any late call still running. Otherwise it returns by the deadline: f runs
// in its own goroutine and, when it misses the deadline, keeps running. A
// later call waits for it until its own deadline, and returns ErrBusy
// without calling its f if it is still running then; when it has returned,
// its result is dropped and f runs in the time left, so that one late call
// costs one turn, not two. A deadline already past returns ErrLate (ErrBusy
// while a late call may run) without calling f.
//
// f may touch the policy (set its deadline, reuse its buffers): while it
// runs no other f of this Guard does. It must not touch what the caller
// changes after Call returns, such as the input of the next turn.
func (g *Guard[T]) Call(deadline time.Time, f func() T) (T, error) {
	return g.call(deadline, deadline, nil, nil, f)
}

// call is Call for policy pol, which is given think, when to stop
// thinking, inside the guarded call when it is a Deadliner, so never
// while a late call of an earlier turn may still read it; and with fork,
// which runs on the caller's goroutine right before f starts, when no
// earlier f runs: where a policy with memory copies it for f (see Memory).
func (g *Guard[T]) call(think, deadline time.Time, pol interface{}, fork func(), f func() T) (T, error) {
	var zero T
	var expired <-chan time.Time // nil without a deadline: never
	if !deadline.IsZero() {
		now, at := time.Now, wallAt
		if g.Clock != nil {
			now, at = g.Clock.Now, g.Clock.At
		}
		if !now().Before(deadline) {
			if g.late != nil {
				return zero, ErrBusy
			}
			return zero, ErrLate
		}
		c, stop := at(deadline)
		defer stop()
		expired = c
	}
	if g.late != nil {
		select {
		case <-g.late:
			g.late = nil
		case <-expired:
			return zero, ErrBusy
		}
	}
	if err := try(fork); err != nil {
		return zero, err
	}
	done := make(chan outcome[T], 1)
	go func() {
		done <- protect(func() T {
			if d, ok := pol.(Deadliner); ok {
				d.SetDeadline(think)
			}
			return f()
		})
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-expired:
		g.late = done
		return zero, ErrLate
	}
}

// Deadliner is a policy that spends the time it is given: a search that
// stops at the deadline and answers its best so far. The bot gives it the
// turn's think deadline (Config.Deadlines), which it keeps: the guard's
// own is later, for the fallback. The zero time means no deadline (a fixed
// budget instead, so that a run depends on its input and seed only).
type Deadliner interface {
	SetDeadline(t time.Time)
}

// Busy reports whether a call that missed its deadline may still run.
func (g *Guard[T]) Busy() bool { return g.late != nil }

// protect runs f, turning a panic into a *PanicError.
func protect[T any](f func() T) (r outcome[T]) {
	defer func() {
		if v := recover(); v != nil {
			r = outcome[T]{err: &PanicError{Value: v}}
		}
	}()
	return outcome[T]{v: f()}
}

// try runs f (nil: nothing), turning a panic into a *PanicError.
func try(f func()) error {
	if f == nil {
		return nil
	}
	return protect(func() struct{} { f(); return struct{}{} }).err
}
