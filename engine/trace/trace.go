// Package trace reads games recorded from an official referee (the files in
// ../shared/golden/<game>/) and replays them through an engine, reporting the
// first line where the engine and the referee disagree. The arena writes its
// replays in the same format, so one verifier serves both.
package trace

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"cgpolicy/engine"
)

// Trace is one recorded game. Game-specific fields (points per turn,
// summaries, ...) stay in Extra for the game's own tests.
type Trace struct {
	Game    string   `json:"game"`
	Referee string   `json:"referee,omitempty"`
	Seed    int64    `json:"seed"`
	League  int      `json:"league,omitempty"`
	Players []Player `json:"players"`
	Scores  []int    `json:"scores"`
	Winner  int      `json:"winner"`
	// TurnsPlayed is a number in some games and a per-player list in others.
	TurnsPlayed  json.RawMessage `json:"turns_played,omitempty"`
	RefereeTurns int             `json:"referee_turns,omitempty"`
	EndReason    string          `json:"end_reason,omitempty"`

	Extra map[string]json.RawMessage `json:"-"`
}

// Player is one seat's side of a trace.
type Player struct {
	Init []string `json:"init"`
	// InitOutput is the answer to the init lines in games where the first
	// step asks for one (Ocean of Code's start cell).
	InitOutput  *string `json:"init_output,omitempty"`
	InitTimeout bool    `json:"init_timeout,omitempty"`
	Turns       []Turn  `json:"turns"`
}

// UnmarshalJSON reads init_output written either as one line (our arena)
// or as a list of lines (the Ocean of Code recordings, which always hold
// exactly one): the init answer is one line in every game we have.
func (p *Player) UnmarshalJSON(data []byte) error {
	type plain Player
	var aux struct {
		plain
		InitOutput json.RawMessage `json:"init_output,omitempty"`
	}
	if err := json.Unmarshal(data, &aux); err != nil {
		return err
	}
	*p = Player(aux.plain)
	p.InitOutput = nil
	if len(aux.InitOutput) == 0 || string(aux.InitOutput) == "null" {
		return nil
	}
	var line string
	if err := json.Unmarshal(aux.InitOutput, &line); err == nil {
		p.InitOutput = &line
		return nil
	}
	var lines []string
	if err := json.Unmarshal(aux.InitOutput, &lines); err != nil {
		return fmt.Errorf("init_output: want a line or a list of lines: %w", err)
	}
	if len(lines) != 1 {
		return fmt.Errorf("init_output: %d lines, want 1", len(lines))
	}
	p.InitOutput = &lines[0]
	return nil
}

// Turn is one request to a player: what it received and what it answered.
type Turn struct {
	Input   []string `json:"input"`
	Output  []string `json:"output"`
	Timeout bool     `json:"timeout,omitempty"`
}

// Steps returns the player's requests in order, with the answer to the init
// lines (when the game has one) as a first request that has no input.
func (p *Player) Steps() []Turn {
	if p.InitOutput == nil && !p.InitTimeout {
		return p.Turns
	}
	first := Turn{Input: []string{}, Timeout: p.InitTimeout}
	if p.InitOutput != nil {
		first.Output = []string{*p.InitOutput}
	}
	return append([]Turn{first}, p.Turns...)
}

// Load reads a trace file.
func Load(path string) (*Trace, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Parse decodes a trace and checks the fields every replay needs.
func Parse(data []byte) (*Trace, error) {
	var t Trace
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("not a trace: %w", err)
	}
	if err := json.Unmarshal(data, &t.Extra); err != nil {
		return nil, fmt.Errorf("not a trace: %w", err)
	}
	if t.Game == "" {
		return nil, fmt.Errorf("trace has no \"game\" field")
	}
	if len(t.Players) == 0 {
		return nil, fmt.Errorf("trace has no players")
	}
	if len(t.Scores) != len(t.Players) {
		return nil, fmt.Errorf("trace has %d scores for %d players", len(t.Scores), len(t.Players))
	}
	return &t, nil
}

// Diff is the first disagreement between a trace and an engine.
type Diff struct {
	Turn     int // the player's 1-based turn, 0 for init lines and the end of game
	Player   int // -1 when the difference is not about one player
	What     string
	Expected string
	Got      string
}

func (d *Diff) Error() string { return d.String() }

func (d *Diff) String() string {
	who := "game"
	if d.Player >= 0 {
		who = fmt.Sprintf("player %d", d.Player)
	}
	return fmt.Sprintf("turn %d, %s, %s: expected %q, got %q", d.Turn, who, d.What, d.Expected, d.Got)
}

// Replay plays the trace's recorded outputs through a fresh engine state and
// returns the first difference, or nil when every line, the scores and the
// winner match. An error means the replay could not run at all.
func Replay(g engine.Game, t *Trace) (*Diff, error) {
	if t.Game != g.Name() {
		return nil, fmt.Errorf("trace is for game %q, engine is %q", t.Game, g.Name())
	}
	if len(t.Players) != g.NumPlayers() {
		return nil, fmt.Errorf("trace has %d players, %s has %d", len(t.Players), g.Name(), g.NumPlayers())
	}
	s, err := g.NewState(t.Seed)
	if err != nil {
		return nil, err
	}
	n := g.NumPlayers()
	steps := make([][]Turn, n)
	for p := 0; p < n; p++ {
		steps[p] = t.Players[p].Steps()
		if d := compareLines(0, p, "init line", t.Players[p].Init, s.InitLines(p)); d != nil {
			return d, nil
		}
	}
	next := make([]int, n)
	_, err = engine.Play(s, engine.Loop{
		MaxSteps: g.MaxSteps() + 1,
		Ask: func(s engine.State, r engine.Request) (engine.Reply, error) {
			p := r.Player
			turn := next[p] + 1
			if next[p] >= len(steps[p]) {
				return engine.Reply{}, &Diff{Turn: turn, Player: p, What: "turns played",
					Expected: fmt.Sprint(len(steps[p])), Got: "engine asks for another turn"}
			}
			rec := steps[p][next[p]]
			next[p]++
			if d := compareLines(turn, p, "input line", rec.Input, r.Input); d != nil {
				return engine.Reply{}, d
			}
			if rec.Timeout {
				return engine.Reply{}, nil
			}
			// a deactivation is part of the game, not a replay failure
			return engine.Reply{Lines: rec.Output}, nil
		},
	})
	var d *Diff
	if errors.As(err, &d) {
		return d, nil
	}
	if err != nil {
		return nil, err
	}
	for p := 0; p < n; p++ {
		if next[p] != len(steps[p]) {
			return &Diff{Turn: next[p], Player: p, What: "turns played",
				Expected: fmt.Sprint(len(steps[p])), Got: fmt.Sprint(next[p])}, nil
		}
	}
	scores := s.Scores()
	if fmt.Sprint(scores) != fmt.Sprint(t.Scores) {
		return &Diff{Player: -1, What: "scores", Expected: fmt.Sprint(t.Scores), Got: fmt.Sprint(scores)}, nil
	}
	if w := engine.Outcome(s).Winner; w != t.Winner {
		return &Diff{Player: -1, What: "winner", Expected: fmt.Sprint(t.Winner), Got: fmt.Sprint(w)}, nil
	}
	return nil, nil
}

func compareLines(turn, p int, what string, want, got []string) *Diff {
	for i := 0; i < len(want) || i < len(got); i++ {
		var w, g string
		switch {
		case i >= len(want):
			w = "<no line>"
			g = got[i]
		case i >= len(got):
			w = want[i]
			g = "<no line>"
		default:
			w, g = want[i], got[i]
		}
		if w != g {
			return &Diff{Turn: turn, Player: p, What: fmt.Sprintf("%s %d", what, i+1), Expected: w, Got: g}
		}
	}
	return nil
}
