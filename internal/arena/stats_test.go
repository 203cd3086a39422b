package arena

import (
	"math"
	"reflect"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestWilson(t *testing.T) {
	// Reference values from the closed form, as tabulated by Newcombe (1998)
	// and common calculators.
	cases := []struct {
		p      float64
		n      int
		lo, hi float64
	}{
		{0.5, 10, 0.2366, 0.7634},
		{0, 10, 0, 0.2775},
		{1, 10, 0.7225, 1},
		{0.5, 100, 0.4038, 0.5962},
		{0.8, 50, 0.6696, 0.8876},
		{0.3, 0, 0, 1},
	}
	for _, c := range cases {
		got := Wilson(c.p, c.n)
		if !near(got[0], c.lo, 1e-4) || !near(got[1], c.hi, 1e-4) {
			t.Errorf("Wilson(%v, %d) = %v, want [%v %v]", c.p, c.n, got, c.lo, c.hi)
		}
	}
}

func TestElo(t *testing.T) {
	cases := []struct {
		s, want float64
	}{
		{0.5, 0},
		{0.75, 190.849},
		{0.25, -190.849},
		{0.9, 381.697},
		{0, -1000},
		{1, 1000},
	}
	for _, c := range cases {
		if got := Elo(c.s); !near(got, c.want, 1e-3) {
			t.Errorf("Elo(%v) = %v, want %v", c.s, got, c.want)
		}
	}
}

// game builds a two-player result in which bot 0 sits in seat s0.
func game(seed int64, s0 int, score0, score1 int) Result {
	seats := []int{0, 1}
	scores := []int{score0, score1}
	if s0 == 1 {
		seats = []int{1, 0}
		scores = []int{score1, score0}
	}
	players := []PlayerResult{{TurnMS: []float64{100, 1, 2}}, {TurnMS: []float64{300, 3}}}
	return Result{Seed: seed, Seats: seats, Bots: []string{"x", "y"}, Scores: scores,
		Winner: winnerFor(scores[0], scores[1], 0, 1), Players: players}
}

func TestSummarize(t *testing.T) {
	results := []Result{
		game(1, 0, 10, 0), game(1, 1, 10, 0), // seed 1: bot 0 wins both
		game(2, 0, 10, 0), game(2, 1, 0, 10), // seed 2: split
		game(3, 0, 5, 5), game(3, 1, 10, 0), // seed 3: draw + win
		game(4, 0, 5, 5), game(4, 1, 0, 10), // seed 4: draw + loss
	}
	s := Summarize([]string{"a", "b"}, results)
	a, b := s.Bots[0], s.Bots[1]
	if a.Wins != 4 || a.Losses != 2 || a.Draws != 2 || b.Wins != 2 || b.Losses != 4 || b.Draws != 2 {
		t.Fatalf("records a=%+v b=%+v", a, b)
	}
	if !near(a.WinRate, 5.0/8, 1e-12) || !near(a.WinRate+b.WinRate, 1, 1e-12) {
		t.Errorf("win rates %v %v (draws count half)", a.WinRate, b.WinRate)
	}
	// Seed samples for a: 1, 1/2, 1, 0.
	if !near(a.SeedScore, 2.5/4, 1e-12) || !near(b.SeedScore, 1.5/4, 1e-12) {
		t.Errorf("seed scores %v %v", a.SeedScore, b.SeedScore)
	}
	if w := Wilson(a.SeedScore, 4); a.SeedCI95 != w {
		t.Errorf("seed interval %v, want Wilson over 4 seeds %v", a.SeedCI95, w)
	}
	if s.Elo <= 0 || s.EloCI95[0] >= s.Elo || s.EloCI95[1] <= s.Elo {
		t.Errorf("elo %v %v", s.Elo, s.EloCI95)
	}
	// First answers are summarised apart from the later ones.
	if a.TurnMSMax != 3 || a.TurnMSP50 != 2 {
		t.Errorf("later turn times p50 %v max %v, want 2 and 3", a.TurnMSP50, a.TurnMSMax)
	}
	if a.FirstMSMax != 300 || a.FirstMSP99 < 100 {
		t.Errorf("first turn times p99 %v max %v, want max 300", a.FirstMSP99, a.FirstMSMax)
	}
	// Timeouts, late answers and the stalled ones among each add up per
	// bot, whatever its seat.
	stalled := append([]Result(nil), results...)
	for i := range stalled[:3] {
		r := &stalled[i]
		r.Players = append([]PlayerResult(nil), r.Players...)
		s := seatOf(r.Seats, 0)
		r.Players[s].Timeouts, r.Players[s].Stalled = 2, 1
		r.Players[s].Late, r.Players[s].LateStalled = 3, 2
	}
	st := Summarize([]string{"a", "b"}, stalled)
	if got, want := [2][4]int{
		{st.Bots[0].Timeouts, st.Bots[0].Stalled, st.Bots[0].Late, st.Bots[0].LateStalled},
		{st.Bots[1].Timeouts, st.Bots[1].Stalled, st.Bots[1].Late, st.Bots[1].LateStalled},
	}, [2][4]int{{6, 3, 9, 6}, {}}; got != want {
		t.Errorf("timeouts, stalled, late, late in stalls: %v, want %v", got, want)
	}
	// Swapping the bots' names and roles mirrors everything.
	var mirrored []Result
	for _, r := range results {
		m := r
		m.Seats = []int{1 - r.Seats[0], 1 - r.Seats[1]}
		mirrored = append(mirrored, m)
	}
	ms := Summarize([]string{"b", "a"}, mirrored)
	if !near(ms.Elo, -s.Elo, 1e-9) || ms.Bots[1].Wins != a.Wins {
		t.Errorf("mirror: elo %v vs %v", ms.Elo, s.Elo)
	}
	even := Summarize([]string{"a", "b"}, []Result{game(1, 0, 10, 0), game(1, 1, 0, 10)})
	if even.Elo != 0 || even.Bots[0].SeedScore != 0.5 {
		t.Errorf("split seed: elo %v seed score %v", even.Elo, even.Bots[0].SeedScore)
	}
}

func TestPercentile(t *testing.T) {
	xs := []float64{5, 1, 4, 2, 3, 6, 7, 8, 9, 10}
	cases := []struct{ q, want float64 }{{0.5, 5}, {0.99, 10}, {1, 10}, {0.1, 1}, {0, 1}}
	for _, c := range cases {
		if got := percentile(xs, c.q); got != c.want {
			t.Errorf("percentile(%v) = %v, want %v", c.q, got, c.want)
		}
	}
	if percentile(nil, 0.5) != 0 {
		t.Error("empty")
	}
}

// TestRanksDecidePoints: places come from the recorded ranks, so a draw is
// never a seat-0 win and shared places share the point.
func TestRanksDecidePoints(t *testing.T) {
	cases := []struct {
		name string
		r    Result
		want []float64
		rank []float64
	}{
		{"two-player draw", Result{Seats: []int{0, 1}, Scores: []int{3, 3}, Ranks: []int{1, 1}, Winner: -1}, []float64{0.5, 0.5}, []float64{1, 1}},
		{"draw recorded before ranks", Result{Seats: []int{0, 1}, Scores: []int{3, 3}, Winner: -1}, []float64{0.5, 0.5}, []float64{1, 1}},
		{"winner by seat rule on equal scores", Result{Seats: []int{0, 1}, Scores: []int{3, 3}, Winner: 1}, []float64{0, 1}, []float64{2, 1}},
		{"four players, two share first", Result{Seats: []int{0, 1, 2, 3}, Scores: []int{5, 9, 9, 1}, Ranks: []int{3, 1, 1, 4}, Winner: -1},
			[]float64{0, 0.5, 0.5, 0}, []float64{3, 1, 1, 4}},
	}
	for _, tc := range cases {
		got := gamePoints(tc.r)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: points %v, want %v", tc.name, got, tc.want)
		}
		bots := make([]string, len(tc.r.Seats))
		tc.r.Players = make([]PlayerResult, len(tc.r.Seats))
		sum := Summarize(bots, []Result{tc.r})
		for b, want := range tc.rank {
			if sum.Bots[b].AvgRank != want {
				t.Errorf("%s: bot %d average rank %v, want %v", tc.name, b, sum.Bots[b].AvgRank, want)
			}
		}
	}
}
