package trace

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name, json, want string
	}{
		{"not json", `{`, "not a trace"},
		{"no game", `{"players":[{}],"scores":[0]}`, `no "game"`},
		{"no players", `{"game":"soak","scores":[]}`, "no players"},
		{"scores mismatch", `{"game":"soak","players":[{},{}],"scores":[1]}`, "1 scores for 2 players"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.json))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Parse error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// Games that answer their init lines (Ocean of Code's start cell) replay
// that answer as a first step with no input; a missing answer is a timeout.
func TestStepsPrependInitAnswer(t *testing.T) {
	tr, err := Parse([]byte(`{"game":"ocean","seed":1,"scores":[0,-1],"winner":0,"players":[
		{"init":["15 15 0"],"init_output":"7 7","turns":[{"input":["a"],"output":["MOVE N"]}]},
		{"init":["15 15 1"],"init_timeout":true,"turns":[]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	p0 := tr.Players[0].Steps()
	if len(p0) != 2 || len(p0[0].Input) != 0 || p0[0].Output[0] != "7 7" || p0[1].Output[0] != "MOVE N" {
		t.Fatalf("player 0 steps: %+v", p0)
	}
	p1 := tr.Players[1].Steps()
	if len(p1) != 1 || !p1[0].Timeout || p1[0].Output != nil {
		t.Fatalf("player 1 steps: %+v", p1)
	}
	if _, ok := tr.Extra["winner"]; !ok {
		t.Fatal("Extra lacks the raw fields")
	}
}

// The init answer is a line in our replays and a list of one line in the
// Ocean of Code recordings; both read the same, anything else is refused.
func TestInitOutputForms(t *testing.T) {
	for _, tc := range []struct {
		name, field, want string
		ok                bool
	}{
		{"line", `"7 7"`, "7 7", true},
		{"list of one", `["7 7"]`, "7 7", true},
		{"absent", `null`, "", true},
		{"two lines", `["7 7","8 8"]`, "", false},
		{"empty list", `[]`, "", false},
		{"number", `7`, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p Player
			err := json.Unmarshal([]byte(`{"init":["x"],"init_output":`+tc.field+`,"turns":[{"input":["a"],"output":["b"]}]}`), &p)
			if (err == nil) != tc.ok {
				t.Fatalf("error %v, want ok=%v", err, tc.ok)
			}
			if !tc.ok {
				return
			}
			got := ""
			if p.InitOutput != nil {
				got = *p.InitOutput
			}
			if got != tc.want || len(p.Init) != 1 || len(p.Turns) != 1 {
				t.Fatalf("read %+v (init output %q), want %q", p, got, tc.want)
			}
		})
	}
}

func TestDiffString(t *testing.T) {
	d := &Diff{Turn: 3, Player: 1, What: "input line 2", Expected: "a", Got: "b"}
	if got, want := d.String(), `turn 3, player 1, input line 2: expected "a", got "b"`; got != want {
		t.Fatalf("%s, want %s", got, want)
	}
	if got := (&Diff{Player: -1, What: "scores"}).String(); !strings.Contains(got, "game, scores") {
		t.Fatalf("game-level diff reads %q", got)
	}
}
