package frozen

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"cgpolicy/engine"
	"cgpolicy/internal/arena"
)

// Fingerprint plays b in every seat of the games of seeds 1 and 2 against
// the arena's builtin opp of its game in the other seats, and returns the
// SHA-256 of every line b answered. Its build from the commit is the same
// bot as the one recorded exactly when the fingerprints agree, whatever
// toolchain built it.
func Fingerprint(b Bot, g engine.Game, opp string) (string, error) {
	pol, err := arena.LookupPolicy(g.Name(), opp)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for seed := int64(1); seed <= 2; seed++ {
		for seat := 0; seat < g.NumPlayers(); seat++ {
			fmt.Fprintf(h, "seed %d seat %d\n", seed, seat)
			if err := fingerprintGame(h, b, g, pol, seed, seat); err != nil {
				return "", fmt.Errorf("seed %d, seat %d: %w", seed, seat, err)
			}
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

func fingerprintGame(w io.Writer, b Bot, g engine.Game, pol arena.Policy, seed int64, seat int) error {
	s, err := g.NewState(seed)
	if err != nil {
		return err
	}
	me, err := b.Start()
	if err != nil {
		return err
	}
	defer me.Close()
	others := make([]arena.Agent, g.NumPlayers())
	for p := range others {
		if p != seat {
			if others[p], err = pol.NewAgent(seed, p); err != nil {
				return err
			}
		}
	}
	_, err = engine.Play(s, engine.Loop{MaxSteps: g.MaxSteps(), Ask: func(s engine.State, r engine.Request) (engine.Reply, error) {
		if r.Player == seat {
			lines, err := me.Act(s, r.Player)
			fmt.Fprintf(w, "%s\n", strings.Join(lines, "\n"))
			return engine.Reply{Lines: lines}, err
		}
		if ap, ok := others[r.Player].(arena.Applier); ok {
			_, answerErr, err := ap.Apply(s, r.Player)
			return engine.Reply{Applied: true, Err: answerErr}, err
		}
		lines, err := others[r.Player].Act(s, r.Player)
		return engine.Reply{Lines: lines}, err
	}})
	return err
}

// Check builds b (again, from its commit, with rebuild) and returns its
// fingerprint against the builtin opp, with an error unless it is b.Sum:
// the build from the commit is not the recorded bot, or there is none
// recorded yet.
func Check(b Bot, g engine.Game, opp string, rebuild bool) (string, error) {
	if rebuild {
		if _, err := b.Rebuild(); err != nil {
			return "", err
		}
	}
	sum, err := Fingerprint(b, g, opp)
	if err != nil {
		return "", err
	}
	switch {
	case b.Sum == "":
		return sum, fmt.Errorf("frozen %s: no fingerprint recorded; its build answers %s", b, sum)
	case sum != b.Sum:
		return sum, fmt.Errorf("frozen %s: its build from %s answers %s, not the recorded %s", b, b.Commit, sum, b.Sum)
	}
	return sum, nil
}
