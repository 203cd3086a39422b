// Package bot is the runtime every CodinGame bot of this module shares: the
// turn loop (Run) and the guard around a policy call (Guard).
//
// A late answer loses a CodinGame game outright, and a panic ends the bot,
// so both bots need the same four rules: the deadline runs from the arrival
// of the turn's first input line; a policy that misses it is answered for
// with a safe fallback; a late policy call is never overlapped by a new one,
// because policies reuse their buffers; a panicking policy costs one turn,
// not the game. They live here once, tested once. A bot supplies only what
// is specific to its game: how to read its input and how to answer.
//
// Every bot under cmd/bot also accepts -policies (print the policy names,
// one a line, and exit), -policy NAME, -seed N and -nodeadline (Config's
// AddFlags registers the last): scripts/bundle's parity test plays each
// listed policy through the bundle and the plain build without deadlines.
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
// in its own goroutine and, when it misses the deadline, keeps running
// while later calls return ErrBusy at once without calling their f; the
// first call after it has returned drops its result and goes on. A deadline
// already past returns ErrLate without calling f.
//
// f may touch the policy (set its deadline, reuse its buffers): while it
// runs no other f of this Guard does. It must not touch what the caller
// changes after Call returns, such as the input of the next turn.
func (g *Guard[T]) Call(deadline time.Time, f func() T) (T, error) {
	var zero T
	if g.late != nil {
		if deadline.IsZero() {
			<-g.late
			g.late = nil
		} else {
			select {
			case <-g.late:
				g.late = nil
			default:
				return zero, ErrBusy
			}
		}
	}
	if deadline.IsZero() {
		r := protect(f)
		return r.v, r.err
	}
	wait := time.Until(deadline)
	if wait <= 0 {
		return zero, ErrLate
	}
	done := make(chan outcome[T], 1)
	go func() { done <- protect(f) }()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.v, r.err
	case <-timer.C:
		g.late = done
		return zero, ErrLate
	}
}

// Deadliner is a policy that spends the time it is given: a search that
// stops at the deadline and answers its best so far. The zero time means no
// deadline (a fixed budget instead, so that a run depends on its input and
// seed only).
type Deadliner interface {
	SetDeadline(t time.Time)
}

// Act is Call for a policy call f: when pol is a Deadliner, its deadline is
// set inside the guarded call, so never while a late call of an earlier
// turn may still be reading it.
func (g *Guard[T]) Act(deadline time.Time, pol interface{}, f func() T) (T, error) {
	return g.Call(deadline, func() T {
		if d, ok := pol.(Deadliner); ok {
			d.SetDeadline(deadline)
		}
		return f()
	})
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
