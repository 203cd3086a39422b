package rating

import (
	"math"
	"math/rand"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestRateMatchesOpenSkill checks the update against the results OpenSkill
// (openskill.py, PlackettLuce with its defaults) documents and that follow
// from the paper's formulas worked by hand.
func TestRateMatchesOpenSkill(t *testing.T) {
	m := Default()
	d := m.New()
	tests := []struct {
		name  string
		in    []Rating
		ranks []int
		want  []Rating
	}{
		{
			// openskill.py README: rate([[a1], [b1]]) with default ratings.
			name: "1v1 win", in: []Rating{d, d}, ranks: []int{1, 2},
			want: []Rating{{27.63523138347365, 8.065506316323548}, {22.36476861652635, 8.065506316323548}},
		},
		{
			// Reversed ranks give the mirror image.
			name: "1v1 loss", in: []Rating{d, d}, ranks: []int{2, 1},
			want: []Rating{{22.36476861652635, 8.065506316323548}, {27.63523138347365, 8.065506316323548}},
		},
		{
			// Equal players that tie learn nothing about their means: each
			// gains 1/2 (1 - 1/2) for its own place and loses 1/2 * 1/2 for
			// the other's, and the sigma shrinks by the same delta as a win
			// (p(1-p)/A summed over both places: 2 * 1/4 / 2).
			name: "1v1 tie", in: []Rating{d, d}, ranks: []int{1, 1},
			want: []Rating{{25, 8.065506316323548}, {25, 8.065506316323548}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := m.Rate(tt.in, tt.ranks)
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				if !near(got[i].Mu, tt.want[i].Mu, 1e-9) || !near(got[i].Sigma, tt.want[i].Sigma, 1e-9) {
					t.Errorf("player %d: got %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestRateFourPlayers checks what four-player places must do: every place
// moves the mean in order (a rating that only saw the winner could not
// order second, third and fourth), ties between equals are neutral between
// them, and the update does not depend on the order players are listed.
func TestRateFourPlayers(t *testing.T) {
	m := Default()
	d := m.New()
	in := []Rating{d, d, d, d}
	tests := []struct {
		name  string
		ranks []int
		// order lists players from the one whose mean must end highest;
		// equal marks pairs that must end equal.
		order []int
		equal [][2]int
	}{
		{name: "strict", ranks: []int{1, 2, 3, 4}, order: []int{0, 1, 2, 3}},
		{name: "shuffled", ranks: []int{3, 1, 4, 2}, order: []int{1, 3, 0, 2}},
		{name: "tie for second", ranks: []int{1, 2, 2, 4}, order: []int{0, 1, 3}, equal: [][2]int{{1, 2}}},
		{name: "all tied", ranks: []int{1, 1, 1, 1}, equal: [][2]int{{0, 1}, {1, 2}, {2, 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := m.Rate(in, tt.ranks)
			if err != nil {
				t.Fatal(err)
			}
			for k := 1; k < len(tt.order); k++ {
				if got[tt.order[k-1]].Mu <= got[tt.order[k]].Mu {
					t.Errorf("place order broken: player %d mu %.4f not above player %d mu %.4f",
						tt.order[k-1], got[tt.order[k-1]].Mu, tt.order[k], got[tt.order[k]].Mu)
				}
			}
			for _, e := range tt.equal {
				if !near(got[e[0]].Mu, got[e[1]].Mu, 1e-12) || !near(got[e[0]].Sigma, got[e[1]].Sigma, 1e-12) {
					t.Errorf("tied players %d and %d differ: %+v %+v", e[0], e[1], got[e[0]], got[e[1]])
				}
			}
			sum := 0.0
			for i, r := range got {
				sum += r.Mu
				if r.Sigma >= d.Sigma || r.Sigma <= 0 {
					t.Errorf("player %d sigma %.4f did not shrink", i, r.Sigma)
				}
			}
			// Equal sigmas: what one player gains the others lose.
			if !near(sum, 4*d.Mu, 1e-9) {
				t.Errorf("mean total %.9f, want %.9f", sum, 4*d.Mu)
			}
			// Listing the players in reverse gives the same ratings.
			revIn := make([]Rating, 4)
			revRanks := make([]int, 4)
			for i := range in {
				revIn[3-i], revRanks[3-i] = in[i], tt.ranks[i]
			}
			rev, err := m.Rate(revIn, revRanks)
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				if !near(rev[3-i].Mu, got[i].Mu, 1e-12) || !near(rev[3-i].Sigma, got[i].Sigma, 1e-12) {
					t.Errorf("order matters for player %d: %+v vs %+v", i, got[i], rev[3-i])
				}
			}
		})
	}
}

// TestRateConverges plays simulated games between players of known skill
// (performance = skill + logistic noise) and checks the ratings recover
// their order and keep the truth inside the intervals of the extremes.
func TestRateConverges(t *testing.T) {
	m := Default()
	skills := []float64{30, 27, 24, 18}
	rs := []Rating{m.New(), m.New(), m.New(), m.New()}
	rng := rand.New(rand.NewSource(7))
	for g := 0; g < 600; g++ {
		i, j := rng.Intn(4), rng.Intn(4)
		if i == j {
			continue
		}
		pi := skills[i] + m.Beta*rng.NormFloat64()
		pj := skills[j] + m.Beta*rng.NormFloat64()
		ranks := []int{1, 2}
		if pj > pi {
			ranks = []int{2, 1}
		}
		out, err := m.Rate([]Rating{rs[i], rs[j]}, ranks)
		if err != nil {
			t.Fatal(err)
		}
		rs[i], rs[j] = out[0], out[1]
	}
	for k := 1; k < len(rs); k++ {
		if rs[k-1].Mu <= rs[k].Mu {
			t.Errorf("player %d (skill %v) mu %.2f not above player %d (skill %v) mu %.2f",
				k-1, skills[k-1], rs[k-1].Mu, k, skills[k], rs[k].Mu)
		}
	}
	lo0, _ := rs[0].Interval()
	_, hi3 := rs[3].Interval()
	if lo0 <= hi3 {
		t.Errorf("best and worst intervals overlap after 600 games: %+v %+v", rs[0], rs[3])
	}
	if p := m.WinProbability(rs[0], rs[3]); p < 0.8 {
		t.Errorf("P(best beats worst) = %.3f, want above 0.8", p)
	}
}

func TestRateErrors(t *testing.T) {
	m := Default()
	d := m.New()
	tests := []struct {
		name  string
		m     Model
		in    []Rating
		ranks []int
	}{
		{"one player", m, []Rating{d}, []int{1}},
		{"ranks mismatch", m, []Rating{d, d}, []int{1}},
		{"zero sigma", m, []Rating{d, {Mu: 25}}, []int{1, 2}},
		{"nan mu", m, []Rating{d, {Mu: math.NaN(), Sigma: 1}}, []int{1, 2}},
		{"bad model", Model{Mu: 25, Sigma: 8}, []Rating{d, d}, []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.m.Rate(tt.in, tt.ranks); err == nil {
				t.Error("no error")
			}
		})
	}
}

// TestInformation checks the scheduler's measure: a close game between
// uncertain players is worth more than a foregone one, more uncertainty is
// worth more, and a two-player game's value matches the update itself
// (whose variance drop does not depend on who wins).
func TestInformation(t *testing.T) {
	m := Default()
	d := m.New()
	strong := Rating{Mu: 40, Sigma: 3}
	weak := Rating{Mu: 10, Sigma: 3}
	mid := Rating{Mu: 25, Sigma: 3}
	tests := []struct {
		name       string
		more, less []Rating
	}{
		{"new players beat settled ones", []Rating{d, d}, []Rating{mid, mid}},
		{"close beats foregone", []Rating{mid, {Mu: 26, Sigma: 3}}, []Rating{strong, weak}},
		{"four close beats four spread", []Rating{mid, mid, mid, mid}, []Rating{strong, mid, weak, {Mu: -5, Sigma: 3}}},
		{"one new player adds information", []Rating{strong, weak, d}, []Rating{strong, weak, mid}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := m.Information(tt.more)
			if err != nil {
				t.Fatal(err)
			}
			b, err := m.Information(tt.less)
			if err != nil {
				t.Fatal(err)
			}
			if !(a > b) || b < 0 {
				t.Errorf("information %.5f not above %.5f", a, b)
			}
		})
	}
	in := []Rating{{Mu: 30, Sigma: 5}, {Mu: 22, Sigma: 7}}
	got, err := m.Information(in)
	if err != nil {
		t.Fatal(err)
	}
	after, err := m.Rate(in, []int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	want := 25.0 + 49 - after[0].Sigma*after[0].Sigma - after[1].Sigma*after[1].Sigma
	if !near(got, want, 1e-9) {
		t.Errorf("two-player information %.9f, want the update's drop %.9f", got, want)
	}
	if _, err := m.Information([]Rating{d}); err == nil {
		t.Error("one player: no error")
	}
}
