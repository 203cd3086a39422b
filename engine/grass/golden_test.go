package grass

import (
	"encoding/json"
	"fmt"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/trace"
)

// checkTrace replays a trace through the text referee and then checks the
// per-turn cell counts and matter the trace also recorded.
func checkTrace(tr *trace.Trace) error {
	d, err := trace.Replay(Game{}, tr)
	if err != nil {
		return err
	}
	if d != nil {
		return d
	}
	var points, money [][2]int
	if err := json.Unmarshal(tr.Extra["points"], &points); err != nil {
		return fmt.Errorf("points: %v", err)
	}
	if err := json.Unmarshal(tr.Extra["money"], &money); err != nil {
		return fmt.Errorf("money: %v", err)
	}
	s, err := New(tr.Seed)
	if err != nil {
		return err
	}
	for turn := 0; !s.Done(); turn++ {
		for _, p := range s.Pending() {
			_ = s.Answer(p, tr.Players[p].Turns[turn].Output)
		}
		if err := s.Advance(); err != nil {
			return err
		}
		if turn >= len(points) || turn >= len(money) {
			return fmt.Errorf("turn %d: trace has %d points and %d money entries", turn+1, len(points), len(money))
		}
		if got := [2]int{s.Owned(0), s.Owned(1)}; got != points[turn] {
			return fmt.Errorf("turn %d: cells %v, trace %v", turn+1, got, points[turn])
		}
		if got := [2]int{s.Matter(0), s.Matter(1)}; got != money[turn] {
			return fmt.Errorf("turn %d: matter %v, trace %v", turn+1, got, money[turn])
		}
	}
	if s.Turn() != len(points) {
		return fmt.Errorf("%d turns played, trace has %d", s.Turn(), len(points))
	}
	return nil
}

// TestGolden replays every official game through the text protocol,
// checks the per-turn cell counts and matter the trace also recorded, and
// each player's view.
func TestGolden(t *testing.T) {
	enginetest.RunGolden(t, Game{}, enginetest.LoadGolden(t, "grass"), checkTrace)
}

// TestGoldenDetectsAlteredLine proves the golden check can fail: changing
// one recorded line, input or output, must be reported.
func TestGoldenDetectsAlteredLine(t *testing.T) {
	tr := enginetest.LoadGolden(t, "grass")[0].Trace
	enginetest.CheckAlterations(t, tr, checkTrace, []enginetest.Alteration{
		{Name: "input cell", Alter: func(tr *trace.Trace) { tr.Players[1].Turns[2].Input[5] += "0" }},
		{Name: "matter line", Alter: func(tr *trace.Trace) { tr.Players[0].Turns[1].Input[0] = "0 0" }},
		{Name: "output", Alter: func(tr *trace.Trace) { tr.Players[0].Turns[0].Output = []string{"WAIT"} }},
		{Name: "scores", Alter: func(tr *trace.Trace) { tr.Scores[0]++ }},
	})
}
