package view_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/caribbean"
	"cgpolicy/engine/grass"
	"cgpolicy/engine/kutulu"
	"cgpolicy/engine/ocean"
	"cgpolicy/engine/soak"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/arena/view"
	"cgpolicy/internal/games"
	_ "cgpolicy/internal/games/all" // every game and its drawing
)

// find is the viewer's view.Finder, from the games' descriptors.
func find(name string) (engine.Game, view.Drawer, error) {
	g, err := games.Lookup(name)
	if err != nil {
		return nil, nil, err
	}
	return g.Engine, g.Draw, nil
}

// engineOf is the referee of the game called name.
func engineOf(name string) (engine.Game, error) {
	g, _, err := find(name)
	return g, err
}

// build is view.Build on the replay's game.
func build(t *testing.T, rep *arena.Replay) (*view.Page, error) {
	t.Helper()
	g, d, err := find(rep.Game)
	if err != nil {
		return nil, err
	}
	return view.Build(rep, g, d)
}

// randomPolicies are in-process random players for the games the viewer
// draws, so tests make their replays without processes or golden files.
var randomPolicies = map[string]func(engine.State, int, *rand.Rand) []string{
	"soak":      soak.RandomAnswer,
	"grass":     grass.RandomAnswer,
	"caribbean": caribbean.RandomAnswer,
	"ocean":     ocean.RandomAnswer,
	"kutulu":    kutulu.RandomAnswer,
}

// makeReplay plays one game of random bots through the arena (so the
// replay is exactly what arena play -replays writes) and returns its path.
func makeReplay(t *testing.T, game string, seed int64) string {
	t.Helper()
	g, err := engineOf(game)
	if err != nil {
		t.Fatal(err)
	}
	answer := randomPolicies[game]
	pol := arena.PolicyFunc(func(seed int64, seat int) (arena.Agent, error) {
		rng := rand.New(rand.NewSource(arena.SeatSeed(seed, seat)))
		return arena.AgentFunc(func(s engine.State, p int) ([]string, error) {
			return answer(s, p, rng), nil
		}), nil
	})
	dir := t.TempDir()
	var bots []arena.Bot
	var seats []int
	for p := 0; p < g.NumPlayers(); p++ {
		bots = append(bots, arena.Bot{Cmd: fmt.Sprintf("random <%c>", 'a'+p), Policy: pol})
		seats = append(seats, p)
	}
	res, err := arena.Run(context.Background(), arena.Config{
		Game: g, Bots: bots, Matches: arena.Schedule([]int64{seed}, [][]int{seats}, 0),
		Limits: arena.DefaultLimits, Workers: 1, Replays: dir,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Replay == "" {
		t.Fatalf("arena gave %d results, replay %q", len(res), res[0].Replay)
	}
	return res[0].Replay
}

func loadReplay(t *testing.T, path string) *view.Page {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := view.ParseReplay(data)
	if err != nil {
		t.Fatal(err)
	}
	page, err := build(t, rep)
	if err != nil {
		t.Fatal(err)
	}
	return page
}

var errStop = errors.New("stop here")

// asked is one request of the engine to a player: the lines it received,
// those it answered, and which of its turns it was (0 first).
type asked struct {
	input, output []string
	index         int
}

// turnLog is the stderr addTurnStderr gives a player's turn.
func turnLog(p, index int) string { return fmt.Sprintf("seat %d, turn %d <b>\n", p, index) }

// readReplayJSON reads the replay file at path: its bytes and its JSON
// object, for a test to alter.
func readReplayJSON(t *testing.T, path string) ([]byte, map[string]interface{}) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]interface{}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return data, m
}

// addTurnStderr gives every turn of the replay at path a stderr piece that
// names it, as the arena records process bots' logs.
func addTurnStderr(t *testing.T, path string) {
	t.Helper()
	_, m := readReplayJSON(t, path)
	var logs [][]string
	for p, pl := range m["players"].([]interface{}) {
		var l []string
		for i := range pl.(map[string]interface{})["turns"].([]interface{}) {
			l = append(l, turnLog(p, i))
		}
		logs = append(logs, l)
	}
	m["turn_stderr"] = logs
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// engineAt replays the file on its own, without the viewer's code, up to
// the state after turn steps, and returns that state with the requests of
// the next step, by player.
func engineAt(t *testing.T, path string, turn int) (engine.State, map[int]asked) {
	t.Helper()
	if turn < 1 {
		t.Fatal("engineAt needs a turn after the start")
	}
	data, err := os.ReadFile(filepath.Clean(path))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := view.ParseReplay(data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engineOf(rep.Game)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.NewState(rep.Seed)
	if err != nil {
		t.Fatal(err)
	}
	next := make([]int, g.NumPlayers())
	io := map[int]asked{}
	_, err = engine.Play(s, engine.Loop{
		MaxSteps: g.MaxSteps() + 1,
		Ask: func(s engine.State, r engine.Request) (engine.Reply, error) {
			rec := rep.Players[r.Player].Turns[next[r.Player]]
			next[r.Player]++
			if rec.Timeout {
				return engine.Reply{}, nil
			}
			return engine.Reply{Lines: rec.Output}, nil
		},
		Advanced: func(s engine.State, step int) error {
			if step+1 == turn {
				return errStop
			}
			return nil
		},
	})
	if !errors.Is(err, errStop) {
		t.Fatalf("replay ended before turn %d: %v", turn, err)
	}
	// the lines of step turn are asked after the stop: ask them now
	for _, p := range s.Pending() {
		rec := rep.Players[p].Turns[next[p]]
		io[p] = asked{s.InputLines(p), rec.Output, next[p]}
		next[p]++
	}
	return s, io
}

// engineUnits lists what the viewer must show for a state, read from the
// engine's own accessors, one "key=value ..." string per unit, sorted.
func engineUnits(t *testing.T, es engine.State) []string {
	t.Helper()
	var out []string
	add := func(kv ...string) {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		out = append(out, unitKey(m))
	}
	itoa := strconv.Itoa
	switch s := es.(type) {
	case *soak.State:
		classes := []string{"gunner", "sniper", "bomber", "assault", "berserker"}
		for _, a := range s.Agents() {
			if a.Alive {
				add("id", "agent "+itoa(a.ID), "owner", itoa(a.Owner), "x", itoa(a.X), "y", itoa(a.Y),
					"agent", itoa(a.ID), "class", classes[a.Class], "wetness", itoa(a.Wetness),
					"cooldown", itoa(a.Cooldown), "bombs", itoa(a.Bombs))
			}
		}
	case *grass.State:
		for y := 0; y < s.Height(); y++ {
			for x := 0; x < s.Width(); x++ {
				c := s.At(x, y)
				if c.Recycler {
					add("id", fmt.Sprintf("recycler %d,%d", x, y), "owner", itoa(int(c.Owner)), "x", itoa(x), "y", itoa(y), "kind", "recycler")
				}
				for p := 0; p < 2; p++ {
					if c.Units[p] > 0 {
						add("id", fmt.Sprintf("units %d,%d,%d", p, x, y), "owner", itoa(p), "x", itoa(x), "y", itoa(y),
							"kind", "units", "count", itoa(int(c.Units[p])))
					}
				}
			}
		}
	case *caribbean.State:
		owner := map[int]int{}
		for _, sh := range s.Ships() {
			owner[sh.ID] = sh.Owner
			if sh.Alive {
				add("id", "ship "+itoa(sh.ID), "owner", itoa(sh.Owner), "x", itoa(sh.Pos.X), "y", itoa(sh.Pos.Y),
					"kind", "ship", "orientation", itoa(sh.Orient), "speed", itoa(sh.Speed), "rum", itoa(sh.Rum))
			}
		}
		for _, m := range s.Mines() {
			add("id", "mine "+itoa(m.ID), "owner", "-1", "x", itoa(m.Pos.X), "y", itoa(m.Pos.Y), "kind", "mine")
		}
		for _, b := range s.Barrels() {
			add("id", "barrel "+itoa(b.ID), "owner", "-1", "x", itoa(b.Pos.X), "y", itoa(b.Pos.Y), "kind", "barrel", "rum", itoa(b.Rum))
		}
		for _, c := range s.Cannonballs() {
			add("id", "cannonball "+itoa(c.ID), "owner", itoa(owner[c.Owner]), "x", itoa(c.Pos.X), "y", itoa(c.Pos.Y),
				"kind", "cannonball", "ship", itoa(c.Owner), "remaining", itoa(c.Remaining))
		}
	case *ocean.State:
		for p := 0; p < 2; p++ {
			x, y := s.Position(p)
			if s.Visited(p, x, y) {
				add("id", "submarine "+itoa(p), "owner", itoa(p), "x", itoa(x), "y", itoa(y), "kind", "submarine", "life", itoa(s.Life(p)))
			}
		}
	case *kutulu.State:
		// what seat 1 is told, whereas the drawer reads seat 0's view
		v := s.View(1).(*kutulu.View)
		for _, e := range v.Explorers {
			add("id", "explorer "+itoa(e.ID), "owner", itoa(e.ID), "x", itoa(e.X), "y", itoa(e.Y), "kind", "explorer",
				"sanity", itoa(e.Sanity), "plans", itoa(e.Plans), "lights", itoa(e.Lights))
		}
		for _, m := range v.Minions {
			kind := map[int]string{1: "wanderer", 2: "slasher"}[m.Kind]
			add("id", "minion "+itoa(m.ID), "owner", "-1", "x", itoa(m.X), "y", itoa(m.Y), "kind", kind,
				"state", itoa(m.State), "countdown", itoa(m.Countdown), "target", itoa(m.Target))
		}
	default:
		t.Fatalf("no expectation for %T", es)
	}
	sort.Strings(out)
	return out
}

// unitKey is one unit as sorted key=value pairs: what a DOM element's
// dataset or a view.Unit says.
func unitKey(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := ""
	for _, k := range keys {
		s += k + "=" + m[k] + " "
	}
	return s
}

// sceneUnits is the same list for a frame the viewer built.
func sceneUnits(sc view.Scene) []string {
	var out []string
	for _, u := range sc.Units {
		m := map[string]string{"id": u.ID, "owner": strconv.Itoa(u.Owner), "x": strconv.Itoa(u.X), "y": strconv.Itoa(u.Y)}
		for k, v := range u.Data {
			m[k] = v
		}
		out = append(out, unitKey(m))
	}
	sort.Strings(out)
	return out
}
