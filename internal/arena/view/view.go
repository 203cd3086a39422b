// Package view turns a replay into one self-contained HTML page that shows
// the game turn by turn. The states it draws come from our own referee: the
// recorded answers are played again through engine.Play, so the page shows
// what the referee computed, not what a bot or a recorder believed.
//
// Each game supplies its drawing through one seam, a Drawer that turns a
// state into a Scene (a grid of cells and the units on it), which sits
// with the game (its descriptor, internal/games). The page's script knows
// no game: it only draws scenes.
package view

import (
	"encoding/json"
	"fmt"

	"cgpolicy/engine"
	"cgpolicy/engine/trace"
	"cgpolicy/internal/arena"
)

// Finder gives the referee and the drawing of the game called name.
type Finder func(name string) (engine.Game, Drawer, error)

// Drawer draws one game's states.
type Drawer interface {
	// Scene draws s as the referee holds it between two steps.
	Scene(s engine.State) (Scene, error)
}

// Scene is one drawn state: a Width x Height grid and the units on it.
type Scene struct {
	Width  int `json:"w"`
	Height int `json:"h"`
	// Hex shifts odd rows half a cell to the right, for offset hex grids.
	Hex bool `json:"hex,omitempty"`
	// Cells are the grid's cells, row by row (Width*Height of them).
	Cells []Cell `json:"-"`
	Units []Unit `json:"units"`
	// Players has one line per player with what the score does not say
	// (matter, agents left, ...); Notes are lines about the whole game.
	Players []string `json:"players,omitempty"`
	Notes   []string `json:"notes,omitempty"`
}

// Cell is one grid cell: a CSS colour and an optional short text.
type Cell struct {
	Fill string `json:"f"`
	Text string `json:"t,omitempty"`
}

// Unit is one thing drawn on a cell. Its Data become the SVG element's
// data-* attributes, so the page's DOM says exactly what is shown (the
// browser test reads them back) and the tooltip lists them.
type Unit struct {
	// ID is stable over the game ("agent 3", "recycler 4,5").
	ID string `json:"id"`
	// Owner is the player, or -1 for nobody.
	Owner int `json:"owner"`
	X     int `json:"x"`
	Y     int `json:"y"`
	// Shape is circle, square, diamond or triangle.
	Shape string `json:"shape"`
	// Label is drawn on the unit (a few characters).
	Label string `json:"label,omitempty"`
	// Size is the unit's size as a fraction of the cell (0.8 when 0).
	Size float64           `json:"size,omitempty"`
	Data map[string]string `json:"data,omitempty"`
}

// Page is everything the HTML page shows.
type Page struct {
	Game      string   `json:"game"`
	Seed      int64    `json:"seed,string"` // a string: JavaScript numbers hold 53 bits
	Bots      []string `json:"bots"`
	Scores    []int    `json:"scores"`
	Winner    int      `json:"winner"`
	EndReason string   `json:"end_reason,omitempty"`
	// Stderr is the end of each bot's stderr over the whole game (the
	// arena keeps only the end, not each turn's).
	Stderr []string `json:"stderr,omitempty"`
	Frames []Frame  `json:"frames"`
}

// Frame is the state after Turn steps, with the requests of the next step:
// the lines that describe this state to each bot and the bots' answers to
// it (none in the last frame).
type Frame struct {
	Turn  int   `json:"turn"`
	Scene Scene `json:"scene"`
	// Cells lists only the cells that differ from the previous frame (all
	// of them in the first), as [index, cell], to keep pages small.
	Cells  []CellAt `json:"cells,omitempty"`
	Scores []int    `json:"scores"`
	Active []bool   `json:"active"`
	Done   bool     `json:"done,omitempty"`
	IO     []IO     `json:"io,omitempty"`
}

// CellAt is a cell and its index in the row-major grid.
type CellAt struct {
	I int `json:"i"`
	Cell
}

// IO is one request to one player: its lines, its answer and how it went.
type IO struct {
	Player int      `json:"player"`
	Init   []string `json:"init,omitempty"`
	Input  []string `json:"input"`
	Output []string `json:"output"`
	// Timeout is set when the player gave no full answer in time.
	Timeout bool `json:"timeout,omitempty"`
	// Verdict is the referee's reason for deactivating the player.
	Verdict string `json:"verdict,omitempty"`
	// MS is the answer's time in milliseconds, -1 when the replay has none
	// (golden traces).
	MS float64 `json:"ms"`
	// Stderr is what the bot logged from this request to its next one.
	Stderr string `json:"stderr,omitempty"`
}

// ParseReplay reads a replay: an arena replay, or any trace in the golden
// format (which has no bots, stderr or times).
func ParseReplay(data []byte) (*arena.Replay, error) {
	t, err := trace.Parse(data)
	if err != nil {
		return nil, err
	}
	rep := &arena.Replay{Trace: *t}
	// The arena's own fields; a golden trace may use the same names for
	// something else (Kutulu's "bots" describes the recorded bots), and
	// then the page does without them.
	optional := func(name string, v interface{}) bool {
		raw, ok := t.Extra[name]
		return ok && json.Unmarshal(raw, v) == nil
	}
	var bots, stderr []string
	var turnMS [][]float64
	var turnStderr [][]string
	if optional("bots", &bots) {
		rep.Bots = bots
	}
	if optional("stderr", &stderr) {
		rep.Stderr = stderr
	}
	if optional("turn_ms", &turnMS) {
		rep.TurnMS = turnMS
	}
	if optional("turn_stderr", &turnStderr) {
		rep.TurnStderr = turnStderr
	}
	return rep, nil
}

// Build replays rep through our referee g and draws every step with d. It
// fails when the replay is of another game, or when our referee does not
// give the recorded lines (the page would then show something else than
// what the bots saw).
func Build(rep *arena.Replay, g engine.Game, d Drawer) (*Page, error) {
	if rep.Game != g.Name() {
		return nil, fmt.Errorf("view: a replay of %s given the referee of %s", rep.Game, g.Name())
	}
	diff, err := trace.Replay(g, &rep.Trace)
	if err != nil {
		return nil, err
	}
	if diff != nil {
		return nil, fmt.Errorf("replay disagrees with our referee: %v", diff)
	}
	s, err := g.NewState(rep.Seed)
	if err != nil {
		return nil, err
	}
	n := g.NumPlayers()
	page := &Page{Game: rep.Game, Seed: rep.Seed, Scores: rep.Scores, Winner: rep.Winner,
		EndReason: rep.EndReason, Stderr: rep.Stderr, Bots: make([]string, n)}
	for p := 0; p < n; p++ {
		if p < len(rep.Bots) {
			page.Bots[p] = rep.Bots[p]
		} else {
			page.Bots[p] = fmt.Sprintf("player %d", p)
		}
	}
	steps := make([][]trace.Turn, n)
	for p := range steps {
		steps[p] = rep.Players[p].Steps()
	}
	next := make([]int, n)
	var prev []Cell
	addFrame := func(s engine.State) error {
		sc, err := d.Scene(s)
		if err != nil {
			return fmt.Errorf("turn %d: %w", s.Turn(), err)
		}
		if sc.Units == nil {
			sc.Units = []Unit{} // an empty list in the page, not null
		}
		if len(sc.Cells) != sc.Width*sc.Height {
			return fmt.Errorf("turn %d: %d cells for a %dx%d grid", s.Turn(), len(sc.Cells), sc.Width, sc.Height)
		}
		f := Frame{Turn: s.Turn(), Scene: sc, Scores: s.Scores(), Active: make([]bool, n), Done: s.Done()}
		for p := 0; p < n; p++ {
			f.Active[p] = s.Active(p)
		}
		for i, c := range sc.Cells {
			if prev == nil || len(prev) != len(sc.Cells) || prev[i] != c {
				f.Cells = append(f.Cells, CellAt{I: i, Cell: c})
			}
		}
		prev = sc.Cells
		page.Frames = append(page.Frames, f)
		return nil
	}
	if err := addFrame(s); err != nil {
		return nil, err
	}
	_, err = engine.Play(s, engine.Loop{
		MaxSteps: g.MaxSteps() + 1,
		Ask: func(_ engine.State, r engine.Request) (engine.Reply, error) {
			p := r.Player
			if next[p] >= len(steps[p]) {
				return engine.Reply{}, fmt.Errorf("player %d: the replay has only %d turns", p, len(steps[p]))
			}
			rec := steps[p][next[p]]
			x := IO{Player: p, Init: r.Init, Input: nonNil(r.Input), Output: nonNil(rec.Output), Timeout: rec.Timeout, MS: -1}
			if p < len(rep.TurnMS) && next[p] < len(rep.TurnMS[p]) {
				x.MS = rep.TurnMS[p][next[p]]
			}
			if p < len(rep.TurnStderr) && next[p] < len(rep.TurnStderr[p]) {
				x.Stderr = rep.TurnStderr[p][next[p]]
			}
			next[p]++
			f := &page.Frames[len(page.Frames)-1]
			f.IO = append(f.IO, x)
			if rec.Timeout {
				return engine.Reply{}, nil
			}
			return engine.Reply{Lines: rec.Output}, nil
		},
		Judged: func(_ engine.State, _ engine.Request, _ engine.Reply, verdict *engine.Deactivation) error {
			if verdict != nil {
				f := &page.Frames[len(page.Frames)-1]
				f.IO[len(f.IO)-1].Verdict = verdict.Error()
			}
			return nil
		},
		Advanced: func(s engine.State, _ int) error { return addFrame(s) },
	})
	if err != nil {
		return nil, err
	}
	return page, nil
}

func nonNil(lines []string) []string {
	if lines == nil {
		return []string{}
	}
	return lines
}
