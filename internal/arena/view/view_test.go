package view_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/internal/arena/view"
)

// TestBuildFollowsEngine checks that every frame of a page shows what our
// referee holds after that many steps, read independently of the drawers.
func TestBuildFollowsEngine(t *testing.T) {
	for _, tc := range []struct {
		game string
		seed int64
	}{{"soak", 3}, {"grass", 5}, {"caribbean", 7}, {"ocean", 9}, {"kutulu", 11}} {
		t.Run(tc.game, func(t *testing.T) {
			path := makeReplay(t, tc.game, tc.seed)
			addTurnStderr(t, path)
			page := loadReplay(t, path)
			if len(page.Frames) < 6 {
				t.Fatalf("only %d frames", len(page.Frames))
			}
			for k, f := range page.Frames {
				if f.Turn != k {
					t.Fatalf("frame %d is turn %d", k, f.Turn)
				}
			}
			last := page.Frames[len(page.Frames)-1]
			if !last.Done || !reflect.DeepEqual(last.Scores, page.Scores) {
				t.Errorf("last frame done %v scores %v, replay scores %v", last.Done, last.Scores, page.Scores)
			}
			for _, k := range []int{1, len(page.Frames) / 2, len(page.Frames) - 2} {
				s, io := engineAt(t, path, k)
				if got, want := sceneUnits(page.Frames[k].Scene), engineUnits(t, s); !reflect.DeepEqual(got, want) {
					t.Errorf("turn %d units:\n got %q\nwant %q", k, got, want)
				}
				for _, x := range page.Frames[k].IO {
					want := io[x.Player]
					if !reflect.DeepEqual(x.Input, want.input) || !reflect.DeepEqual(x.Output, want.output) {
						t.Errorf("turn %d player %d: lines differ from the engine's", k, x.Player)
					}
					if x.Stderr != turnLog(x.Player, want.index) {
						t.Errorf("turn %d player %d: stderr %q, want %q", k, x.Player, x.Stderr, turnLog(x.Player, want.index))
					}
					if x.MS < 0 {
						t.Errorf("turn %d player %d: no turn time from an arena replay", k, x.Player)
					}
				}
				if len(page.Frames[k].IO) != len(io) {
					t.Errorf("turn %d: %d requests shown, engine asked %d", k, len(page.Frames[k].IO), len(io))
				}
			}
		})
	}
}

// TestBuildRefusesAlteredReplay: a replay our referee disagrees with is an
// error, not a page that shows something the bots never saw.
func TestBuildRefusesAlteredReplay(t *testing.T) {
	data, _ := readReplayJSON(t, makeReplay(t, "soak", 3))
	cases := []struct {
		name  string
		alter func(m map[string]interface{})
		want  string
	}{
		{"unchanged", func(map[string]interface{}) {}, ""},
		{"input line", func(m map[string]interface{}) {
			turn := m["players"].([]interface{})[0].(map[string]interface{})["turns"].([]interface{})[1].(map[string]interface{})
			turn["input"].([]interface{})[0] = "99"
		}, "disagrees"},
		{"score", func(m map[string]interface{}) { m["scores"] = []int{1234, 0} }, "disagrees"},
		{"unknown game", func(m map[string]interface{}) { m["game"] = "chess" }, "unknown game"},
		// golden traces may use the arena's field names for their own data
		{"foreign bots field", func(m map[string]interface{}) {
			m["bots"] = map[string]interface{}{"0": "a recorded bot"}
			m["turn_ms"] = "none"
		}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var m map[string]interface{}
			_ = json.Unmarshal(data, &m)
			tc.alter(m)
			b, _ := json.Marshal(m)
			rep, err := view.ParseReplay(b)
			if err == nil {
				_, err = build(t, rep)
			}
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// TestWriteSelfContained checks that the page loads nothing and that bot
// text cannot break out of the data.
func TestWriteSelfContained(t *testing.T) {
	path := makeReplay(t, "soak", 3)
	data, _ := os.ReadFile(path)
	rep, err := view.ParseReplay(data)
	if err != nil {
		t.Fatal(err)
	}
	rep.Stderr = []string{"</script><script>alert(1)</script>", ""}
	page, err := build(t, rep)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := view.Write(&buf, page); err != nil {
		t.Fatal(err)
	}
	html := buf.String()
	for _, bad := range []string{"<script src", "<link", "@import", "url(", "<img", "<iframe", "alert(1)</script>", "{{"} {
		if strings.Contains(html, bad) {
			t.Errorf("page contains %q", bad)
		}
	}
	// the only address is the SVG namespace, which is a name, not a load
	rest := strings.ReplaceAll(html, "http://www.w3.org/2000/svg", "")
	if strings.Contains(rest, "http:") || strings.Contains(rest, "https:") {
		t.Error("page mentions a network address")
	}
	if n := strings.Count(html, "<script"); n != 2 {
		t.Errorf("%d script elements, want the data and the viewer", n)
	}
	// view.WriteFile puts the same page beside the replay
	out := filepath.Join(t.TempDir(), "page.html")
	if err := view.WriteFile(path, out, find); err != nil {
		t.Fatal(err)
	}
	if got := view.HTMLPath("/a/b/seed_3.json"); got != "/a/b/seed_3.html" {
		t.Errorf("view.HTMLPath = %q", got)
	}
	if err := view.WriteFile(path, out, func(string) (engine.Game, view.Drawer, error) { return nil, nil, errors.New("no such game") }); err == nil ||
		!strings.Contains(err.Error(), "no such game") {
		t.Errorf("WriteFile with a finder that knows no game: %v", err)
	}
	g, d, err := find("grass")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := view.Build(rep, g, d); err == nil || !strings.Contains(err.Error(), "a replay of soak given the referee of grass") {
		t.Errorf("Build of a soak replay with grass's referee: %v", err)
	}
}
