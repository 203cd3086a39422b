// Package games names every engine, so that tools can pick one from a
// command-line flag or a trace file's "game" field.
package games

import (
	"fmt"
	"sort"
	"strings"

	"cgpolicy/engine"
	"cgpolicy/engine/caribbean"
	"cgpolicy/engine/grass"
	"cgpolicy/engine/kutulu"
	"cgpolicy/engine/ocean"
	"cgpolicy/engine/soak"
)

var all = []engine.Game{
	soak.Game{},
	grass.Game{},
	ocean.Game{},
	caribbean.Game{},
	kutulu.Game{},
}

// Lookup returns the game with that name.
func Lookup(name string) (engine.Game, error) {
	for _, g := range all {
		if g.Name() == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Names lists the known games, sorted.
func Names() []string {
	var names []string
	for _, g := range all {
		names = append(names, g.Name())
	}
	sort.Strings(names)
	return names
}
