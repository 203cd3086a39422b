package expert

import (
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/internal/nn"
	"cgpolicy/model"
)

// race is a toy game that exercises what soak and grass do not: n seats,
// and alternating turns (one seat asked per step). Each asked seat adds 1,
// 2 or 3 to its total; after 24 steps the highest total wins. The best
// move is always 3, so a core that learns anything learns that.
type race struct {
	n           int
	alternating bool
	step        int
	total       []int
}

func (s *race) InitLines(int) []string { return nil }
func (s *race) Pending() []int {
	if s.Done() {
		return nil
	}
	if s.alternating {
		return []int{s.step % s.n}
	}
	ps := make([]int, s.n)
	for p := range ps {
		ps[p] = p
	}
	return ps
}
func (s *race) InputLines(int) []string { return []string{fmt.Sprint(s.total)} }
func (s *race) ExpectedLines(int) int   { return 1 }
func (s *race) Answer(p int, lines []string) error {
	var k int
	if len(lines) == 0 {
		return &engine.Deactivation{Player: p, Timeout: true}
	}
	if _, err := fmt.Sscan(lines[0], &k); err != nil || k < 1 || k > 3 {
		return &engine.Deactivation{Player: p, Reason: "bad"}
	}
	s.total[p] += k
	return nil
}
func (s *race) AnswerActions(p int, acts []int) error {
	for _, k := range acts {
		if k < 1 || k > 3 {
			return &engine.Deactivation{Player: p, Reason: "bad"}
		}
		s.total[p] += k
	}
	return nil
}
func (s *race) Advance() error      { s.step++; return nil }
func (s *race) Done() bool          { return s.step >= 24 }
func (s *race) Active(int) bool     { return true }
func (s *race) Turn() int           { return s.step }
func (s *race) Scores() []int       { return append([]int(nil), s.total...) }
func (s *race) Clone() engine.State { c := *s; c.total = append([]int(nil), s.total...); return &c }

// raceView is a seat's view: its total, the best other total, the step.
type raceView struct{ mine, best, step int }

// raceGame plugs race into the core.
type raceGame struct {
	n           int
	alternating bool
}

func (g raceGame) Name() string              { return "race" }
func (g raceGame) Players() int              { return g.n }
func (g raceGame) Shape() (int, int, int)    { return 3, 3, 3 }
func (g raceGame) Seed(rng *rand.Rand) int64 { return rng.Int63n(1000) + 1 }
func (g raceGame) New(int64) (*race, error) {
	return &race{n: g.n, alternating: g.alternating, total: make([]int, g.n)}, nil
}
func (g raceGame) Copy(dst, src *race) *race {
	if dst == nil {
		dst = &race{}
	}
	t := append(dst.total[:0], src.total...)
	*dst = *src
	dst.total = t
	return dst
}
func (g raceGame) ViewInto(s *race, p int, v *raceView) *raceView {
	if v == nil {
		v = new(raceView)
	}
	v.mine, v.best, v.step = s.total[p], 0, s.step
	for q, t := range s.total {
		if q != p && t > v.best {
			v.best = t
		}
	}
	return v
}
func (g raceGame) Step(s *race, acts [][]int) {
	for _, p := range s.Pending() {
		_ = s.AnswerActions(p, acts[p])
	}
	s.step++
}
func (g raceGame) Answer(s *race, p int, acts []int) error { return s.AnswerActions(p, acts) }
func (g raceGame) Lines(_ *race, _ int, acts []int) []string {
	if len(acts) == 0 {
		return nil
	}
	return []string{fmt.Sprint(acts[0])}
}
func (g raceGame) Value(s *race, p int) float64 {
	v := g.ViewInto(s, p, nil)
	return float64(v.mine - v.best)
}
func (g raceGame) Replace(dst, _ []int, _ int, cand int) []int { return append(dst, cand) }
func (g raceGame) Baseline() Policy[*raceView, int]            { return raceTwo{} }
func (g raceGame) NewNet(sc model.Scorer) Net[*raceView, int]  { return &raceNet{sc: sc} }

// raceTwo always adds 2: a baseline only the best move beats.
type raceTwo struct{}

func (raceTwo) Act(_ *raceView, dst []int) []int { return append(dst, 2) }

// raceNet scores the three moves from the view.
type raceNet struct {
	sc     model.Scorer
	xa, xc []float32
	scores [3]float32
}

func (n *raceNet) Begin(v *raceView) int {
	n.xa = append(n.xa[:0], float32(v.mine)/24, float32(v.best)/24, float32(v.step)/24)
	return 1
}
func (n *raceNet) Decide(int) int {
	n.xc = append(n.xc[:0], 1, 0, 0, 0, 1, 0, 0, 0, 1)
	n.sc.ScoreAll(n.xa, n.xc, 3, n.scores[:])
	return 3
}
func (n *raceNet) Features() ([]float32, []float32) { return n.xa, n.xc }
func (n *raceNet) Scores() []float32                { return n.scores[:] }
func (n *raceNet) Candidate(k int) int              { return k + 1 }
func (n *raceNet) Choose(k int) int                 { return k + 1 }
func (n *raceNet) Act(v *raceView, dst []int) []int {
	n.Begin(v)
	n.Decide(0)
	return append(dst, nn.Argmax(n.scores[:])+1)
}

// TestCoreFourSeatsAlternating trains the toy race with four seats, both
// alternating and simultaneous: the core must run end to end, and the
// network it ships must have learnt to add 3 wherever it stands.
func TestCoreFourSeatsAlternating(t *testing.T) {
	for _, alt := range []bool{true, false} {
		g := raceGame{n: 4, alternating: alt}
		o := Defaults("race")
		o.Iters, o.Games, o.States, o.Rollout, o.EvalGames, o.Epochs = 2, 40, 6, 0, 20, 30
		o.LearnRate = 0.01
		o.Hidden1, o.Hidden2, o.Batch, o.Temp = 8, 4, 16, 0.5
		o.Workers, o.Quiet, o.Out = 2, true, filepath.Join(t.TempDir(), "run")
		// start from a network that does not already add 3 everywhere
		views := []raceView{{0, 0, 0}, {10, 14, 7}, {30, 12, 20}, {5, 40, 23}}
		allThree := func(p *model.Params) bool {
			net := g.NewNet(model.NewNet(p))
			for _, v := range views {
				v := v
				if net.Act(&v, nil)[0] != 3 {
					return false
				}
			}
			return true
		}
		for ; ; o.Seed++ {
			p, err := model.Init(model.Config{AgentDim: 3, CandDim: 3, MaxCands: 3, Hidden1: o.Hidden1, Hidden2: o.Hidden2}, o.Seed)
			if err != nil {
				t.Fatal(err)
			}
			if !allThree(p) {
				break
			}
		}
		p, out := trainRace(t, g, o)
		if !allThree(p) {
			t.Errorf("alternating %v: the trained network does not always add 3\n%s", alt, out.String())
		}
		if !strings.Contains(out.String(), "vs baseline 100.0%") {
			t.Errorf("alternating %v: the network did not beat the always-2 baseline:\n%s", alt, out.String())
		}
	}
}

// trainRace runs the core on a race game and returns the shipped (best)
// network and the report.
// raceWorker is a worker of g around a small untrained network p, which
// plays when fitted.
func raceWorker(t *testing.T, g Game[*race, *raceView, int], fitted bool) (*worker[*race, *raceView, int], *model.Params) {
	t.Helper()
	p, err := model.Init(model.Config{AgentDim: 3, CandDim: 3, MaxCands: 3, Hidden1: 4, Hidden2: 4}, 1)
	if err != nil {
		t.Fatal(err)
	}
	return newWorker[*race, *raceView, int](g, p, fitted), p
}

// learnsOne trains the race with a search of iters iterations a position
// as the expert: the network must add 1, as the search says, not 3.
func learnsOne(t *testing.T, g Game[*race, *raceView, int], iters int) {
	t.Helper()
	o := Defaults("race")
	o.Iters, o.Games, o.States, o.Rollout, o.EvalGames, o.Epochs, o.Search = 1, 30, 6, 0, 4, 30, iters
	o.Hidden1, o.Hidden2, o.Batch, o.LearnRate = 8, 4, 16, 0.01
	o.Workers, o.Quiet, o.Out = 2, true, filepath.Join(t.TempDir(), "run")
	p, out := trainRace(t, g, o)
	net := g.NewNet(model.NewNet(p))
	for _, v := range []raceView{{0, 0, 0}, {10, 14, 7}, {30, 12, 20}} {
		v := v
		if got := net.Act(&v, nil)[0]; got != 1 {
			t.Errorf("view %+v: the network adds %d, the search taught 1\n%s", v, got, out.String())
		}
	}
}

func trainRace(t *testing.T, g Game[*race, *raceView, int], o Options) (*model.Params, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	if err := Run[*race, *raceView, int](g, o, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	p, err := model.LoadCheckpoint(filepath.Join(o.Out, BestFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	return p, &out
}

// pooledRace is the race with a pool of two styles: always 1 and always 2.
type pooledRace struct{ raceGame }

type raceOne struct{}

func (raceOne) Act(_ *raceView, dst []int) []int { return append(dst, 1) }

func (pooledRace) Pool() []Member[*raceView, int] {
	return []Member[*raceView, int]{
		{Name: "one", New: func(int64) Policy[*raceView, int] { return raceOne{} }},
		{Name: "two", New: func(int64) Policy[*raceView, int] { return raceTwo{} }},
	}
}

// TestPoolRatingAndLeague: with a pool, every iteration is scored against
// each member and rated, past networks join the league, and a resumed run
// reloads them.
func TestPoolRatingAndLeague(t *testing.T) {
	g := pooledRace{raceGame{n: 2}}
	o := Defaults("race")
	o.Iters, o.Games, o.States, o.Rollout, o.EvalGames, o.Epochs = 3, 30, 6, 0, 20, 20
	o.Hidden1, o.Hidden2, o.Batch, o.Temp, o.LearnRate = 8, 4, 16, 0.5, 0.01
	o.Workers, o.Quiet, o.Out = 2, true, filepath.Join(t.TempDir(), "run")
	var out bytes.Buffer
	if err := Run[*race, *raceView, int](g, o, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	tr, err := newTrainer[*race, *raceView, int](g, o, io.Discard, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	tr.o.Resume = true
	if err := tr.start(); err != nil {
		t.Fatal(err)
	}
	if len(tr.past) != 3 {
		t.Fatalf("a resumed run has %d past networks, want 3", len(tr.past))
	}
	opps, w := tr.league()
	if len(opps) != 5 || len(w) != 5 {
		t.Fatalf("league of %d (%d weights), want 2 members and 3 past networks", len(opps), len(w))
	}
	last := tr.state.Rows[len(tr.state.Rows)-1]
	if len(last.Pool) != 2 || last.Pool["one"] < last.Pool["two"] {
		t.Fatalf("per-member scores %v: always-1 should be the easier member\n%s", last.Pool, out.String())
	}
	if !(last.RatingLo <= last.Rating && last.Rating <= last.RatingHi) {
		t.Fatalf("rating %v outside its interval [%v, %v]", last.Rating, last.RatingLo, last.RatingHi)
	}
	// the member the learner scores worst against is drawn most often
	if (last.Pool["one"] < last.Pool["two"]) != (w[0] > w[1]) && last.Pool["one"] != last.Pool["two"] {
		t.Fatalf("league weights %v do not favour the harder member (scores %v)", w, last.Pool)
	}
	if !strings.Contains(out.String(), "one ") || !strings.Contains(out.String(), "rating") {
		t.Fatalf("report lacks the pool line or the rating:\n%s", out.String())
	}
}
