// Package games is the one registry of games. Each game registers one
// descriptor, a Game, from its package features/<game>/game, and the shared
// tools (the arena with its pool, league and replay viewer, and the
// trainer) find a game here by name and name none themselves, as
// database/sql finds its drivers and image.Decode its formats. Which games
// a program has is which of those packages it imports: package
// games/all imports every one, and is the one list of games.
package games

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"cgpolicy/engine"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/arena/view"
	"cgpolicy/internal/bot"
	"cgpolicy/model/expert"
)

// Game is everything the shared tools need of one game. The bot, which
// CodinGame compiles alone, takes its own part from the game's policy
// package (internal/bot); the rest is here.
type Game struct {
	// Engine is the referee; its Name names the game everywhere.
	Engine engine.Game
	// Default is the policy the game's bot plays unless told otherwise.
	Default string
	// Pool is the evaluation pool, as builtin policy names in rank order:
	// the trainer rates each iteration against it, and arena pool plays
	// a bot against it.
	Pool []string
	// Builtins registers the game's policies as the arena's
	// builtin:NAME players. It runs once, when the game is registered.
	Builtins func() error
	// Train is the learning core with the game's plug-in.
	Train expert.Trainer
	// Draw draws the game's states for the replay viewer.
	Draw view.Drawer
}

// Name is the game's name.
func (g Game) Name() string { return g.Engine.Name() }

// Typed is the descriptor of a game whose bot is b (its policies and their
// default) and whose referee is eng, with its pool, trainer and drawing:
// its builtins are b's policies played in-process through t
// (arena.RegisterTyped; t.Game, when empty, is eng's name).
func Typed[O, V, A any, P bot.Policy[V, A], S engine.State](b *bot.Game[O, V, A, P], eng engine.Game, t arena.Typed[S, V, A], pool []string, train expert.Trainer, draw view.Drawer) Game {
	if t.Game == "" {
		t.Game = eng.Name()
	}
	return Game{Engine: eng, Default: b.Default, Pool: pool, Train: train, Draw: draw,
		Builtins: func() error { return arena.RegisterTyped(t, b.Policies) }}
}

var (
	mu     sync.RWMutex
	byName = map[string]Game{}
	errs   []string
)

// Register adds g and returns it. It runs from a game package's
// initialisation, where an error has nowhere to go, so a game that cannot
// register (a name taken twice, a field missing, builtins that fail) is
// recorded and named by Lookup's errors, and by Err.
func Register(g Game) Game {
	err := register(g)
	if err != nil {
		mu.Lock()
		errs = append(errs, err.Error())
		mu.Unlock()
	}
	return g
}

func register(g Game) error {
	if g.Engine == nil {
		return errors.New("games: a game without an engine")
	}
	name := g.Name()
	switch {
	case g.Default == "" || len(g.Pool) == 0 || g.Builtins == nil || g.Train == nil || g.Draw == nil:
		return fmt.Errorf("games: %s: the descriptor lacks a default policy, a pool, builtins, a trainer or a drawing", name)
	}
	mu.Lock()
	if _, dup := byName[name]; dup {
		mu.Unlock()
		return fmt.Errorf("games: %s registered twice", name)
	}
	byName[name] = g
	mu.Unlock()
	if err := g.Builtins(); err != nil {
		return fmt.Errorf("games: %s: builtins: %w", name, err)
	}
	return nil
}

// Lookup returns the game called name.
func Lookup(name string) (Game, error) {
	mu.RLock()
	defer mu.RUnlock()
	if g, ok := byName[name]; ok {
		return g, nil
	}
	msg := fmt.Sprintf("unknown game %q (known: %s)", name, strings.Join(namesLocked(), ", "))
	if len(errs) > 0 {
		msg += "; registration failed: " + strings.Join(errs, "; ")
	}
	return Game{}, errors.New(msg)
}

// Names lists the registered games, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	return namesLocked()
}

func namesLocked() []string {
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Err says why games failed to register, nil if none did.
func Err() error {
	mu.RLock()
	defer mu.RUnlock()
	if len(errs) == 0 {
		return nil
	}
	return errors.New(strings.Join(errs, "; "))
}
