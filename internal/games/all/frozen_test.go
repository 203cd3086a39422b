package all

import (
	"testing"

	"cgpolicy/internal/frozen"
	"cgpolicy/internal/games"
)

// TestFrozen builds every game's frozen pool members from their commits
// (internal/frozen; cached after the first build) and checks that each
// answers as recorded, so a pool member is the bot it names. Every
// game with a frozen member is listed here, so that a game losing its
// members (a registration that no longer runs) fails too.
func TestFrozen(t *testing.T) {
	want := map[string]int{"soak": 2, "grass": 1, "caribbean": 1, "kutulu": 1}
	for _, name := range games.Names() {
		bots := frozen.Bots(name)
		if len(bots) != want[name] {
			t.Errorf("%s: %d frozen bots, want %d", name, len(bots), want[name])
		}
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bots {
			b := b
			t.Run(name+"/"+b.Name, func(t *testing.T) {
				if _, err := frozen.Check(b, g.Engine, "greedy", false); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}
