package expert

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/model"
)

// textRace is a pool member that answers the race's text, as a frozen
// bot does: it reads its input line and always adds add; fail, when set,
// is its error from the given step on.
type textRace struct {
	add, failAt int
	asked       map[int]int // lines answered, by seat
	closed      bool
}

func (r *textRace) Act(_ *raceView, dst []int) []int { return dst }

func (r *textRace) lines(s engine.State, p int) ([]string, error) {
	if r.failAt > 0 && s.Turn() >= r.failAt {
		return nil, errors.New("bot exited")
	}
	r.asked[p]++
	return []string{string(rune('0' + r.add))}, nil
}

func (r *textRace) Close() error { r.closed = true; return nil }

// TestLineMember: the evaluation and self-play play a text member through
// the referee's lines, in its seats only, and close it after the game; a
// member that fails is an error, not a game the network won.
func TestLineMember(t *testing.T) {
	g := raceGame{n: 3, alternating: true}
	w := &worker[*race, *raceView, int]{g: g}

	s, _ := g.New(1)
	text := &textRace{add: 3, asked: map[int]int{}}
	res, err := w.playOut(s, []Policy[*raceView, int]{raceTwo{}, text, text})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Scores(); got[0] != 16 || got[1] != 24 || got[2] != 24 || res.Score(0) != 0 {
		t.Fatalf("scores %v (score of seat 0 %v), want 16, 24, 24: the text seats add 3 each turn", got, res.Score(0))
	}
	if text.asked[0] != 0 || text.asked[1] != 8 || text.asked[2] != 8 || !text.closed {
		t.Fatalf("text member asked %v, closed %v; want seats 1 and 2, 8 times each, then closed", text.asked, text.closed)
	}

	o := Defaults("race")
	o.States, o.Explore = 4, 0
	w = newTestWorker(t, g)
	played := 0 // games where the member held seats: in the others every seat learns
	for seed := int64(1); seed <= 8; seed++ {
		text = &textRace{add: 1, asked: map[int]int{}}
		gr := w.playGame(&o, rand.New(rand.NewSource(seed)), text)
		if gr.err != nil || len(gr.samples) == 0 {
			t.Fatalf("seed %d: self-play against a text member: %d samples, %v", seed, len(gr.samples), gr.err)
		}
		n := text.asked[0] + text.asked[1] + text.asked[2]
		if n%8 != 0 || !text.closed {
			t.Fatalf("seed %d: text member answered %v in self-play, closed %v; want 8 a seat it holds, then closed", seed, text.asked, text.closed)
		}
		if n > 0 {
			played++
		}
	}
	if played == 0 {
		t.Fatal("the text member held no seat in 8 self-play games")
	}

	failed := 0
	for seed := int64(1); seed <= 8; seed++ {
		broken := &textRace{add: 2, failAt: 5, asked: map[int]int{}}
		gr := w.playGame(&o, rand.New(rand.NewSource(seed)), broken)
		if gr.err != nil {
			failed++
			if len(gr.samples) != 0 {
				t.Fatalf("seed %d: a failed game gave %d samples", seed, len(gr.samples))
			}
		}
	}
	if failed != played {
		t.Fatalf("self-play against a failing member: %d games failed, want the %d it played in", failed, played)
	}
	tr := &trainer[*race, *raceView, int]{g: g, o: o}
	ev := evalPlan[*raceView, int]{pool: []Member[*raceView, int]{{Name: "broken", New: func(int64) Policy[*raceView, int] {
		return &textRace{add: 2, failAt: 5, asked: map[int]int{}}
	}}}, per: 1, n: 2, seeds: []int64{1}}
	if _, err := tr.evalGame(w, ev, 0); err == nil || !strings.Contains(err.Error(), "broken") {
		t.Fatalf("evaluation against a failing member: %v, want an error naming it", err)
	}
}

// newTestWorker is a worker of g around a fresh network that plays.
func newTestWorker(t *testing.T, g raceGame) *worker[*race, *raceView, int] {
	t.Helper()
	p, err := model.NewParams(model.Config{AgentDim: 3, CandDim: 3, MaxCands: 3, Hidden1: 8, Hidden2: 4})
	if err != nil {
		t.Fatal(err)
	}
	return newWorker[*race, *raceView, int](g, p, true)
}
