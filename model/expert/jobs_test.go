package expert

import (
	"bytes"
	"encoding/gob"
	"strings"
	"testing"

	"cgpolicy/model"
)

// TestDecodeChunk: a chunk's result is merged only with one entry per
// index and every sample of the network's shape.
func TestDecodeChunk(t *testing.T) {
	cfg := model.Config{AgentDim: 3, CandDim: 2, MaxCands: 4, Hidden1: 4, Hidden2: 4}
	good := model.Sample{Agent: []float32{1, 2, 3}, Cands: []float32{1, 0, 0, 1}, Target: []float32{0.5, 1}}
	wide := good
	wide.Agent = []float32{1, 2, 3, 4}
	short := good
	short.Cands = []float32{1, 0, 0}
	enc := func(c chunk) []byte {
		var b bytes.Buffer
		if err := gob.NewEncoder(&b).Encode(&c); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	two := enc(chunk{Games: [][]model.Sample{{good}, {good, good}}})
	for _, tc := range []struct {
		name   string
		res    []byte
		ph     Phase
		lo, hi int
		want   string // "" for accepted
	}{
		{"self-play", two, PhaseSelfPlay, 2, 4, ""},
		{"game without samples", enc(chunk{Games: [][]model.Sample{{good}, nil}}), PhaseSelfPlay, 0, 2, ""},
		{"evaluation", enc(chunk{Scores: []float64{0, 0.5, 1}}), PhaseEval, 5, 8, ""},
		{"garbage", []byte("garbage"), PhaseSelfPlay, 0, 2, "undecodable"},
		{"too few games", two, PhaseSelfPlay, 0, 3, "2 games"},
		{"range past the batch", two, PhaseSelfPlay, 9, 11, "outside"},
		{"empty range", two, PhaseSelfPlay, 3, 3, "outside"},
		{"wide agent features", enc(chunk{Games: [][]model.Sample{{good, wide}}}), PhaseSelfPlay, 0, 1, "agent features"},
		{"short candidates", enc(chunk{Games: [][]model.Sample{{short}}}), PhaseSelfPlay, 1, 2, "game 1"},
		{"scores for self-play", enc(chunk{Games: [][]model.Sample{{good}}, Scores: []float64{1}}), PhaseSelfPlay, 0, 1, "scores"},
		{"score out of range", enc(chunk{Scores: []float64{0.5, 2}}), PhaseEval, 0, 2, "outside [0,1]"},
		{"games for evaluation", enc(chunk{Games: [][]model.Sample{{good}}}), PhaseEval, 0, 1, "games"},
		{"unknown phase", two, Phase("train"), 0, 2, "unknown phase"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := decodeChunk(tc.res, tc.ph, tc.lo, tc.hi, 10, cfg)
			if tc.want == "" {
				if err != nil || c == nil {
					t.Fatalf("rejected: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}
