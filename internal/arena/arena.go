// Package arena plays bots against each other under cgpolicy's referees, the
// way CodinGame's own runner does, so that a local win rate predicts the
// leaderboard: bots are separate processes that read their input on stdin and
// answer on stdout, each turn has a wall-clock limit, and a bot that is late,
// crashes or prints garbage loses exactly as the referee scores it.
//
// What it adds to the official runner is what a long evaluation needs: games
// in parallel, each seed played from every seating so that seat advantage
// cancels, every finished game appended to a results file at once so a crash
// of the arena loses only the games in flight, and summaries with confidence
// intervals. Go policies can also sit at the table in-process (see Policy),
// through the same referee code, for fast deterministic evaluation.
package arena

import (
	"fmt"
	"strings"
	"time"
)

// Limits are a player's wall-clock time limits. They are measured from the
// moment the arena starts writing its input until its last expected line
// was read, so time the bot leaves its input unread counts against it.
type Limits struct {
	// First applies to a player's first request (init and first input).
	First time.Duration
	// Turn applies to every later request.
	Turn time.Duration
	// Slack is added to both, to keep a loaded machine from turning our own
	// scheduling delays into timeouts the official servers would not give.
	Slack time.Duration
}

// DefaultLimits are the limits most CodinGame contests use.
var DefaultLimits = Limits{First: time.Second, Turn: 50 * time.Millisecond}

func (l Limits) limit(first bool) time.Duration {
	if first {
		return l.First + l.Slack
	}
	return l.Turn + l.Slack
}

// BuiltinPrefix marks a bot command that names a registered in-process
// policy instead of a shell command ("builtin:greedy").
const BuiltinPrefix = "builtin:"

// Bot is one contestant.
type Bot struct {
	// Cmd is the shell command (run with sh -c) or builtin:NAME. It identifies
	// the bot in results files, so resuming with other bots replays games.
	Cmd string
	// Policy plays in-process when set; Cmd is then only its label.
	Policy Policy
}

// ParseBot turns a command-line bot into a Bot: builtin:NAME looks NAME up
// among the policies registered for game, anything else is a shell command.
func ParseBot(game, cmd string) (Bot, error) {
	if strings.TrimSpace(cmd) == "" {
		return Bot{}, fmt.Errorf("empty bot command")
	}
	if strings.HasPrefix(cmd, BuiltinPrefix) {
		p, err := LookupPolicy(game, strings.TrimPrefix(cmd, BuiltinPrefix))
		if err != nil {
			return Bot{}, err
		}
		return Bot{Cmd: cmd, Policy: p}, nil
	}
	return Bot{Cmd: cmd}, nil
}

// Match is one scheduled game: a seed and who sits where.
type Match struct {
	Seed int64
	// Seats[s] is the index (into the bot list) of the bot in seat s.
	Seats []int
}

// Seatings lists the seatings that make a fair set for n bots in n seats:
// every rotation, so that each bot plays each seat once (for two players,
// the original and the swapped seating). Without rotate it is the identity.
func Seatings(n int, rotate bool) [][]int {
	count := 1
	if rotate {
		count = n
	}
	out := make([][]int, count)
	for r := 0; r < count; r++ {
		seats := make([]int, n)
		for s := 0; s < n; s++ {
			seats[s] = (s + r) % n
		}
		out[r] = seats
	}
	return out
}

// Schedule plays each seed once per seating, seed by seed, and stops after
// games matches (0 means all of them). Both seatings of a seed come next to
// each other, so a run cut short still pairs its seeds.
func Schedule(seeds []int64, seatings [][]int, games int) []Match {
	var out []Match
	for _, seed := range seeds {
		for _, seats := range seatings {
			if games > 0 && len(out) == games {
				return out
			}
			out = append(out, Match{Seed: seed, Seats: append([]int(nil), seats...)})
		}
	}
	return out
}

// SeedRange returns n seeds counting up from first, skipping 0, which the
// SHA1PRNG-based referees cannot reproduce.
func SeedRange(first int64, n int) []int64 {
	out := make([]int64, 0, n)
	for s := first; len(out) < n; s++ {
		if s != 0 {
			out = append(out, s)
		}
	}
	return out
}

// matchKey identifies a game across runs: the seed, the seating and the
// commands in each seat, so that a results file written for other bots is
// never mistaken for this run's games.
func matchKey(seed int64, seats []int, cmds []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d|%v", seed, seats)
	for _, c := range cmds {
		b.WriteString("|")
		b.WriteString(c)
	}
	return b.String()
}

// seatCmds are the commands in seat order for a match.
func seatCmds(bots []Bot, seats []int) []string {
	out := make([]string, len(seats))
	for s, b := range seats {
		out[s] = bots[b].Cmd
	}
	return out
}
