package ocean

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/trace"
)

func loadGolden(t *testing.T) []enginetest.Golden {
	t.Helper()
	var out []enginetest.Golden
	for _, f := range enginetest.GoldenFiles(t, "ocean") {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := trace.Parse(data)
		if err != nil {
			t.Fatal(f, err)
		}
		var x goldenExtra
		if err := json.Unmarshal(data, &x); err != nil {
			t.Fatal(f, err)
		}
		var frames [2][]int
		for p := range x.Players {
			for _, turn := range x.Players[p].Turns {
				frames[p] = append(frames[p], turn.Frame)
			}
		}
		goldenFrames[tr.Seed] = frames
		out = append(out, enginetest.Golden{Name: filepath.Base(f), Trace: tr})
	}
	return out
}

// goldenFrames holds the frame of each recorded request by seed, which
// trace.Trace does not keep, so altered copies of a trace still have them.
var goldenFrames = map[int64][2][]int{}

type goldenExtra struct {
	Players []struct {
		Turns []struct {
			Frame int `json:"frame"`
		} `json:"turns"`
	} `json:"players"`
	TurnsPlayed   [2]int     `json:"turns_played"`
	RefereeTurns  int        `json:"referee_turns"`
	Rounds        int        `json:"rounds"`
	Points        [][2]int   `json:"points"`
	Summary       [][]string `json:"summary"`
	Deactivations []struct {
		Frame  int    `json:"frame"`
		Player int    `json:"player"`
		Text   string `json:"text"`
	} `json:"deactivations"`
	EndReason string `json:"end_reason"`
	EndDetail string `json:"end_detail"`
}

// TestGolden replays every official game through the text protocol and
// checks what trace.Replay does not: the frame of each request, the
// points and game summary after every frame, the removals with the
// referee's message, the turn counts and the end reason; and each
// player's view.
func TestGolden(t *testing.T) { enginetest.RunGolden(t, Game{}, loadGolden(t), checkFrames) }

func checkFrames(tr *trace.Trace) error {
	var x goldenExtra
	if err := enginetest.Extra(tr, &x); err != nil {
		return err
	}
	frames, ok := goldenFrames[tr.Seed]
	if !ok {
		return fmt.Errorf("no frames for seed %d", tr.Seed)
	}
	s := New(tr.Seed)
	var asked [2]int
	type removal struct {
		frame, player int
		text          string
	}
	var removals []removal
	for !s.Done() {
		frame := s.Turn() + 1
		for _, p := range s.Pending() {
			var out []string
			if s.kind == frameInit {
				if o := tr.Players[p].InitOutput; o != nil && !tr.Players[p].InitTimeout {
					out = []string{*o}
				}
			} else {
				if asked[p] >= len(tr.Players[p].Turns) {
					return fmt.Errorf("frame %d: player %d asked for turn %d, trace has %d", frame, p, asked[p]+1, len(tr.Players[p].Turns))
				}
				rec := tr.Players[p].Turns[asked[p]]
				if frames[p][asked[p]] != frame {
					return fmt.Errorf("player %d turn %d: asked in frame %d, trace frame %d", p, asked[p]+1, frame, frames[p][asked[p]])
				}
				asked[p]++
				if got := s.InputLines(p); strings.Join(got, "\n") != strings.Join(rec.Input, "\n") {
					return fmt.Errorf("frame %d: input %q, want %q", frame, got, rec.Input)
				}
				if !rec.Timeout {
					out = rec.Output
				}
			}
			if err := s.Answer(p, out); err != nil {
				removals = append(removals, removal{frame, p, err.Error()})
			}
		}
		if err := s.Advance(); err != nil {
			return err
		}
		i := s.Turn() - 1
		if i >= len(x.Points) {
			return fmt.Errorf("engine plays frame %d, trace has %d", s.Turn(), len(x.Points))
		}
		if got := [2]int{s.Points(0), s.Points(1)}; got != x.Points[i] {
			return fmt.Errorf("frame %d: points %v, want %v", s.Turn(), got, x.Points[i])
		}
		if got, want := strings.Join(s.Summary(), "\n"), strings.Join(x.Summary[i], "\n"); got != want {
			return fmt.Errorf("frame %d: summary\n%s\nwant\n%s", s.Turn(), got, want)
		}
	}
	if len(x.Points) != s.Turn() || len(x.Summary) != s.Turn() {
		return fmt.Errorf("engine played %d frames, trace has %d points and %d summaries", s.Turn(), len(x.Points), len(x.Summary))
	}
	var want []removal
	for _, d := range x.Deactivations {
		want = append(want, removal{d.Frame, d.Player, d.Text})
	}
	// a removal decided by a later action of a chain is returned by the
	// Answer that queued it: compare players and texts, and the frame
	// only through the referee's end frame.
	if len(removals) != len(want) {
		return fmt.Errorf("removals %v, want %v", removals, want)
	}
	for i := range want {
		if removals[i].player != want[i].player || removals[i].text != want[i].text || removals[i].frame > want[i].frame {
			return fmt.Errorf("removals %v, want %v", removals, want)
		}
	}
	if len(want) > 0 && s.Turn() != want[len(want)-1].frame {
		return fmt.Errorf("game ends in frame %d, removal in frame %d", s.Turn(), want[len(want)-1].frame)
	}
	if asked != x.TurnsPlayed {
		return fmt.Errorf("turns played %v, want %v", asked, x.TurnsPlayed)
	}
	if s.Turn() != x.RefereeTurns {
		return fmt.Errorf("referee turns %d, want %d", s.Turn(), x.RefereeTurns)
	}
	if s.Rounds() != x.Rounds {
		return fmt.Errorf("rounds %d, want %d", s.Rounds(), x.Rounds)
	}
	if got := s.EndReason(); got != x.EndReason {
		return fmt.Errorf("end reason %q, want %q", got, x.EndReason)
	}
	if x.EndDetail != "" && (s.Deactivation() == nil || s.Deactivation().Reason != x.EndDetail) {
		return fmt.Errorf("end detail %v, want %q", s.Deactivation(), x.EndDetail)
	}
	return nil
}

// TestGoldenDetectsChanges proves the golden checks can fail: the
// unaltered trace passes both, each altered copy fails one.
func TestGoldenDetectsChanges(t *testing.T) {
	tr := enginetest.Longest(loadGolden(t), 100)
	check := enginetest.Checks(enginetest.ReplayCheck(Game{}), checkFrames)
	setPoints := func(c *trace.Trace, f func(pts [][2]int) [][2]int) {
		var pts [][2]int
		if err := json.Unmarshal(c.Extra["points"], &pts); err != nil {
			t.Fatal(err)
		}
		pts = f(pts)
		c.Extra["points"], _ = json.Marshal(pts)
	}
	enginetest.CheckAlterations(t, tr, check, []enginetest.Alteration{
		{Name: "input position", Alter: func(c *trace.Trace) { c.Players[1].Turns[3].Input[0] = "9" + c.Players[1].Turns[3].Input[0] }},
		{Name: "input orders", Alter: func(c *trace.Trace) { c.Players[0].Turns[4].Input[2] += "|MINE" }},
		{Name: "input sonar", Alter: func(c *trace.Trace) { c.Players[0].Turns[5].Input[1] = "Y!" }},
		{Name: "init", Alter: func(c *trace.Trace) { c.Players[0].Init[3] = strings.Repeat("x", Size) }},
		{Name: "output fatal", Alter: func(c *trace.Trace) { c.Players[1].Turns[2].Output[0] = "move n" }},
		{Name: "start cell", Alter: func(c *trace.Trace) { s := "0 0 "; c.Players[0].InitOutput = &s }},
		{Name: "scores", Alter: func(c *trace.Trace) { c.Scores[0]++ }},
		{Name: "points", Alter: func(c *trace.Trace) { setPoints(c, func(p [][2]int) [][2]int { p[len(p)/2][0] += 7; return p }) }},
		{Name: "frames", Alter: func(c *trace.Trace) { setPoints(c, func(p [][2]int) [][2]int { return append(p, p[len(p)-1]) }) }},
		{Name: "summary", Alter: func(c *trace.Trace) {
			var sum [][]string
			if err := json.Unmarshal(c.Extra["summary"], &sum); err != nil {
				t.Fatal(err)
			}
			sum[3] = append(sum[3], "Tried to fire out of range")
			c.Extra["summary"], _ = json.Marshal(sum)
		}},
		{Name: "end reason", Alter: func(c *trace.Trace) { c.Extra["end_reason"] = json.RawMessage(`"turn limit"`) }},
	})
}
