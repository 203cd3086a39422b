package expert

import (
	"io"

	"cgpolicy/engine"
)

// Trainer is a game's learning run with its types erased: what the
// trainer's command line and its job workers call, through the game's
// descriptor (internal/games), so that they name no game.
type Trainer interface {
	// Defaults are the settings of the game's default run (DefaultsOf).
	Defaults() Options
	// Run is RunWith on the game.
	Run(o Options, r Runner, stdout, stderr io.Writer) error
	// Executor runs the game's jobs in a worker (NewExecutor).
	Executor() Executor
}

// Plug is the Trainer of game g.
func Plug[S engine.State, V, A any](g Game[S, V, A]) Trainer { return plugged[S, V, A]{g} }

type plugged[S engine.State, V, A any] struct{ g Game[S, V, A] }

func (p plugged[S, V, A]) Defaults() Options { return DefaultsOf(p.g) }

func (p plugged[S, V, A]) Run(o Options, r Runner, stdout, stderr io.Writer) error {
	return RunWith(p.g, o, r, stdout, stderr)
}

func (p plugged[S, V, A]) Executor() Executor { return NewExecutor(p.g) }
