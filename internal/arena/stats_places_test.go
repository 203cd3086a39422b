package arena

import "testing"

// TestSummarizePlaces: four-seat results give each bot its average rank,
// first places (shared ones included) and a rating that orders the bots
// by how they placed.
func TestSummarizePlaces(t *testing.T) {
	// bot 0 first in every game, bot 3 last; bots 1 and 2 share second
	// place, or first place with bot 0 in the last game
	mk := func(seats []int, ranksByBot [4]int) Result {
		r := Result{Seats: seats, Ranks: make([]int, 4), Players: make([]PlayerResult, 4), Scores: make([]int, 4)}
		for s, b := range seats {
			r.Ranks[s] = ranksByBot[b]
		}
		return r
	}
	var res []Result
	for _, seats := range Seatings(4, true) {
		res = append(res, mk(seats, [4]int{1, 2, 2, 4}))
	}
	res = append(res, mk([]int{0, 1, 2, 3}, [4]int{1, 1, 3, 4}))
	sum := Summarize([]string{"a", "b", "c", "d"}, res)
	tests := []struct {
		bot       int
		avgRank   float64
		firsts    int
		firstRate float64
	}{
		{0, 1, 5, 1},
		{1, 9.0 / 5, 1, 0.2},
		{2, 11.0 / 5, 0, 0},
		{3, 4, 0, 0},
	}
	for _, tt := range tests {
		b := sum.Bots[tt.bot]
		if !near(b.AvgRank, tt.avgRank, 1e-9) || b.Firsts != tt.firsts || !near(b.FirstRate, tt.firstRate, 1e-9) {
			t.Errorf("bot %d: avg rank %v firsts %d rate %v, want %v %d %v", tt.bot, b.AvgRank, b.Firsts, b.FirstRate,
				tt.avgRank, tt.firsts, tt.firstRate)
		}
		if b.RatingCI95[0] >= b.Rating || b.RatingCI95[1] <= b.Rating {
			t.Errorf("bot %d: rating %v outside its interval %v", tt.bot, b.Rating, b.RatingCI95)
		}
		if w := Wilson(b.FirstRate, 5); b.FirstCI95 != w {
			t.Errorf("bot %d: first-place interval %v, want %v", tt.bot, b.FirstCI95, w)
		}
	}
	for b := 1; b < 4; b++ {
		if !(sum.Bots[b-1].Rating > sum.Bots[b].Rating) {
			t.Errorf("rating of bot %d (%.2f) not above bot %d (%.2f)", b-1, sum.Bots[b-1].Rating, b, sum.Bots[b].Rating)
		}
	}
}
