package league

import (
	"math/rand"
	"strconv"
	"time"

	"cgpolicy/engine"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/arena/arenatest"
)

// digitGame is the arena's toy referee (arenatest.Digits: each turn every
// player names a digit, its score their sum, anything else deactivates it
// with score -1) under a name that carries the seat count, so that the
// two- and four-seat versions register their policies apart.
type digitGame struct{ arenatest.Digits }

func (g digitGame) Name() string { return "ltoy" + strconv.Itoa(g.Players) }

// digitBot is an in-process toy bot: a fixed digit, a seeded random digit
// (-1), or garbage (-2, an invalid command). delay slows every answer, so a
// test can kill a league in the middle of a game.
type digitBot struct {
	digit int
	delay time.Duration
}

func (d digitBot) NewAgent(seed int64, seat int) (arena.Agent, error) {
	rng := rand.New(rand.NewSource(arena.SeatSeed(seed, seat)))
	return arena.AgentFunc(func(engine.State, int) ([]string, error) {
		if d.delay > 0 {
			time.Sleep(d.delay)
		}
		switch d.digit {
		case -1:
			return []string{strconv.Itoa(rng.Intn(10))}, nil
		case -2:
			return []string{"x"}, nil
		}
		return []string{strconv.Itoa(d.digit)}, nil
	}), nil
}

var (
	toy2 = digitGame{arenatest.Digits{Players: 2, Turns: 3}}
	toy4 = digitGame{arenatest.Digits{Players: 4, Turns: 3}}
)

func init() {
	bots := map[string]arena.Policy{
		"nine": digitBot{digit: 9}, "six": digitBot{digit: 6}, "five": digitBot{digit: 5},
		"three": digitBot{digit: 3}, "zero": digitBot{digit: 0}, "random": digitBot{digit: -1},
		"garbage": digitBot{digit: -2}, "slow": digitBot{digit: -1, delay: 3 * time.Millisecond},
	}
	for _, g := range []digitGame{toy2, toy4} {
		for name, p := range bots {
			if err := arena.Register(g.Name(), name, p); err != nil {
				panic(err)
			}
		}
	}
}
