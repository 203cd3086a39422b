package arena

import (
	"context"
	"fmt"
	"strings"

	"cgpolicy/engine"
)

// probeStderr is how much of a failed bot's stderr Probe quotes.
const probeStderr = 1 << 10

// Probe starts the bot command cmd, sends it the first input of game's seed
// (init lines and first turn, to the first player the referee asks) and
// waits the first turn's limit for its answer. It returns nil when the bot
// answered with the lines the referee expects, and otherwise an error that
// says how it failed (it exited, or it said nothing in time) and ends with
// the end of its stderr. A bot that cannot start (a missing program, a
// build that was never made, a runtime it lacks) fails here in at most
// lim.First instead of losing every game of a run without a word. Only a
// failure of the referee or the machine is an error of another kind, and
// the caller cannot tell them apart by type: both mean the bot cannot be
// played.
func Probe(ctx context.Context, g engine.Game, cmd string, seed int64, lim Limits) error {
	st, err := g.NewState(seed)
	if err != nil {
		return err
	}
	for steps := 0; len(st.Pending()) == 0; steps++ {
		if st.Done() || steps >= g.MaxSteps() {
			return fmt.Errorf("%s seed %d asks no player anything", g.Name(), seed)
		}
		if err := st.Advance(); err != nil {
			return err
		}
	}
	p := st.Pending()[0]
	input := append(append([]string(nil), st.InitLines(p)...), st.InputLines(p)...)
	want := st.ExpectedLines(p)
	proc, err := startProcess(cmd)
	if err != nil {
		return err
	}
	rep, err := proc.ask(ctx, input, want, lim.limit(true))
	stderr := proc.stop(0)
	if err != nil {
		return err
	}
	var why string
	switch {
	case rep.fail == failCrash:
		why = fmt.Sprintf("exited before its first answer (%d of %d lines)", len(rep.lines), want)
	case rep.fail == failTimeout:
		why = fmt.Sprintf("gave %d of %d lines in its first turn's %v", len(rep.lines), want, lim.limit(true))
	case len(rep.lines) < want:
		why = fmt.Sprintf("gave %d of %d lines", len(rep.lines), want)
	default:
		return nil
	}
	if tail := lastBytes(strings.TrimSpace(stderr), probeStderr); tail != "" {
		return fmt.Errorf("%s; its stderr ends:\n%s", why, tail)
	}
	return fmt.Errorf("%s, and wrote nothing to stderr", why)
}

// lastBytes is the end of s, at most n bytes, from a line start where one
// is near.
func lastBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[len(s)-n:]
	if i := strings.IndexByte(s, '\n'); i >= 0 && i < n/2 {
		s = s[i+1:]
	}
	return s
}
