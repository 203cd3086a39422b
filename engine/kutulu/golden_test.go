package kutulu

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/trace"
)

type goldenExtra struct {
	Map          string     `json:"map"`
	Ranking      []int      `json:"ranking"`
	Ranks        []int      `json:"ranks"`
	TurnsPlayed  []int      `json:"turns_played"`
	RefereeTurns int        `json:"referee_turns"`
	FirstTurn    int        `json:"first_turn_number"`
	Sanity       [][]int    `json:"sanity"`
	Alive        [][]int    `json:"alive"`
	Summary      [][]string `json:"summary"`
	Tooltips     []struct {
		RefTurn int    `json:"ref_turn"`
		Player  int    `json:"player"`
		Text    string `json:"text"`
	} `json:"tooltips"`
	EndReason string `json:"end_reason"`
}

// TestGolden replays every official game through the text protocol and
// checks what trace.Replay does not: the map, the sanity, the explorers
// still in and the game summary after every turn, the removals with the
// referee's message, the ranking and ranks, the turns each player played
// and the end reason; and each player's view.
func TestGolden(t *testing.T) {
	enginetest.RunGolden(t, Game{}, enginetest.LoadGolden(t, "kutulu"), checkTurns)
}

func checkTurns(tr *trace.Trace) error {
	var x goldenExtra
	if err := enginetest.Extra(tr, &x); err != nil {
		return err
	}
	s := New(tr.Seed)
	if s.MapName() != x.Map {
		return fmt.Errorf("map %q, want %q", s.MapName(), x.Map)
	}
	if x.FirstTurn != 0 {
		return fmt.Errorf("first turn number %d", x.FirstTurn)
	}
	var asked [Players]int
	var tips []string
	for !s.Done() {
		i := s.Turn()
		for _, p := range s.Pending() {
			turns := tr.Players[p].Turns
			if asked[p] >= len(turns) {
				return fmt.Errorf("turn %d: player %d asked for turn %d, trace has %d", i, p, asked[p]+1, len(turns))
			}
			rec := turns[asked[p]]
			asked[p]++
			if got := s.InputLines(p); strings.Join(got, "\n") != strings.Join(rec.Input, "\n") {
				return fmt.Errorf("turn %d: player %d input\n%s\nwant\n%s", i, p, strings.Join(got, "\n"), strings.Join(rec.Input, "\n"))
			}
			var out []string
			if !rec.Timeout {
				out = rec.Output
			}
			if err := s.Answer(p, out); err != nil {
				tips = append(tips, fmt.Sprintf("%d %d %s", i, p, err))
			}
		}
		if err := s.Advance(); err != nil {
			return err
		}
		if i >= len(x.Sanity) {
			return fmt.Errorf("engine plays turn %d, trace has %d", i, len(x.Sanity))
		}
		var san []int
		var alive []int
		for p := 0; p < Players; p++ {
			san = append(san, s.Sanity(p))
			if !s.ex[p].removed {
				alive = append(alive, p)
			}
		}
		if fmt.Sprint(san) != fmt.Sprint(x.Sanity[i]) {
			return fmt.Errorf("turn %d: sanity %v, want %v", i, san, x.Sanity[i])
		}
		if fmt.Sprint(alive) != fmt.Sprint(x.Alive[i]) && !(s.Done() && s.turn >= MaxTurns) {
			return fmt.Errorf("turn %d: alive %v, want %v", i, alive, x.Alive[i])
		}
		if got, want := strings.Join(s.Summary(), "\n"), strings.Join(x.Summary[i], "\n"); got != want {
			return fmt.Errorf("turn %d: summary\n%s\nwant\n%s", i, got, want)
		}
		for p := 0; p < Players; p++ {
			if s.out[p] == outMad && s.outTurn[p] == i {
				tips = append(tips, fmt.Sprintf("%d %d $%d  frightened to death", i, p, p))
			}
		}
	}
	if len(x.Sanity) != s.Turn() || s.Turn() != x.RefereeTurns {
		return fmt.Errorf("engine played %d turns, trace has %d (%d sanity lists)", s.Turn(), x.RefereeTurns, len(x.Sanity))
	}
	var want []string
	for _, tt := range x.Tooltips {
		want = append(want, fmt.Sprintf("%d %d %s", tt.RefTurn, tt.Player, tt.Text))
	}
	if fmt.Sprint(tips) != fmt.Sprint(want) {
		return fmt.Errorf("removals %q, want %q", tips, want)
	}
	for p := 0; p < Players; p++ {
		if asked[p] != x.TurnsPlayed[p] || s.Played(p) != x.TurnsPlayed[p] {
			return fmt.Errorf("turns played %v (counted %d), want %v", asked, s.Played(p), x.TurnsPlayed)
		}
	}
	if got := s.Ranks(); fmt.Sprint(got) != fmt.Sprint(x.Ranks) {
		return fmt.Errorf("ranks %v, want %v", got, x.Ranks)
	}
	if got := ranking(s.Scores()); fmt.Sprint(got) != fmt.Sprint(x.Ranking) {
		return fmt.Errorf("ranking %v, want %v", got, x.Ranking)
	}
	if got := s.EndReason(); got != x.EndReason {
		return fmt.Errorf("end reason %q, want %q", got, x.EndReason)
	}
	return nil
}

// ranking lists the players best score first, the lower index first among
// equal scores.
func ranking(scores []int) []int {
	var out []int
	for len(out) < len(scores) {
		best := -1
		for p, sc := range scores {
			taken := false
			for _, q := range out {
				taken = taken || q == p
			}
			if !taken && (best < 0 || sc > scores[best]) {
				best = p
			}
		}
		out = append(out, best)
	}
	return out
}

// TestGoldenDetectsChanges proves the golden checks can fail: the
// unaltered trace passes, each altered copy fails.
func TestGoldenDetectsChanges(t *testing.T) {
	tr := enginetest.Longest(enginetest.LoadGolden(t, "kutulu"), 80)
	check := enginetest.Checks(enginetest.ReplayCheck(Game{}), checkTurns)
	extra := func(c *trace.Trace, key string, v interface{}, f func()) {
		if err := json.Unmarshal(c.Extra[key], v); err != nil {
			t.Fatal(err)
		}
		f()
		c.Extra[key], _ = json.Marshal(v)
	}
	enginetest.CheckAlterations(t, tr, check, []enginetest.Alteration{
		{Name: "input minion", Alter: func(c *trace.Trace) {
			in := c.Players[1].Turns[12].Input
			in[len(in)-1] += "0"
		}},
		{Name: "input sanity", Alter: func(c *trace.Trace) {
			c.Players[2].Turns[5].Input[1] = strings.Replace(c.Players[2].Turns[5].Input[1], " 2", " 1", 1)
		}},
		{Name: "init", Alter: func(c *trace.Trace) { c.Players[0].Init[3] = strings.Repeat("#", len(c.Players[0].Init[3])) }},
		{Name: "output fatal", Alter: func(c *trace.Trace) { c.Players[3].Turns[4].Output[0] = "MOVE 1" }},
		{Name: "scores", Alter: func(c *trace.Trace) { c.Scores[0]++ }},
		{Name: "sanity", Alter: func(c *trace.Trace) {
			var v [][]int
			extra(c, "sanity", &v, func() { v[len(v)/2][1]++ })
		}},
		{Name: "summary", Alter: func(c *trace.Trace) {
			var v [][]string
			extra(c, "summary", &v, func() { v[3] = append(v[3], "Invalid move from $1") })
		}},
		{Name: "ranks", Alter: func(c *trace.Trace) {
			var v []int
			extra(c, "ranks", &v, func() { v[0], v[1] = v[1], v[0] })
		}},
		{Name: "turns played", Alter: func(c *trace.Trace) {
			var v []int
			extra(c, "turns_played", &v, func() { v[2]++ })
		}},
		{Name: "end reason", Alter: func(c *trace.Trace) { c.Extra["end_reason"] = json.RawMessage(`"turn limit"`) }},
	})
}
