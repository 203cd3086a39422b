package arena

import (
	"math"

	"cgpolicy/engine"
	"cgpolicy/internal/arena/rating"
)

// z95 is the two-sided 95% normal quantile.
const z95 = 1.959963984540054

// eloCap bounds reported Elo differences: a sweep has no finite estimate,
// and JSON has no infinity.
const eloCap = 1000

// Summary is the outcome of a run, in the shape arena play -json prints.
type Summary struct {
	Games int          `json:"games"`
	Bots  []BotSummary `json:"bots"`
	// Elo is the first bot's rating minus the second's, from the games in
	// which one of the two finished ahead of the other (in multi-player
	// games, the head-to-head part of each game).
	Elo     float64    `json:"elo"`
	EloCI95 [2]float64 `json:"elo_ci95"`
	// Retried sums Result.Retried: plays set aside for a timeout during a
	// machine stall, their games played again.
	Retried int `json:"retried,omitempty"`
}

// BotSummary is one bot's record over a run.
type BotSummary struct {
	Cmd    string `json:"cmd"`
	Wins   int    `json:"wins"`
	Losses int    `json:"losses"`
	Draws  int    `json:"draws"`
	// WinRate counts a draw as half a win: (wins + draws/2) / games. CI95 is
	// its Wilson score interval, which treats games as independent; games of
	// one seed are not, so quote SeedScore.
	WinRate  float64    `json:"win_rate"`
	CI95     [2]float64 `json:"ci95"`
	Timeouts int        `json:"timeouts"`
	Crashes  int        `json:"crashes"`
	Invalid  int        `json:"invalid"`
	// Stalled is how many of Timeouts came while the machine stalled
	// (PlayerResult.Stalled).
	Stalled int `json:"stalled_timeouts"`
	// Late and LateStalled sum PlayerResult's: answers that only -slack
	// kept from timing out, and how many of them came during a stall.
	Late        int `json:"late,omitempty"`
	LateStalled int `json:"late_stalled,omitempty"`
	// TurnMS* are over the answers after each game's first, which have
	// CodinGame's 50 ms limit; FirstMS* over the first answers (1000 ms,
	// process start included). Mixed, the p99 of a short run would be
	// mostly first turns.
	TurnMSP50  float64 `json:"turn_ms_p50"`
	TurnMSP99  float64 `json:"turn_ms_p99"`
	TurnMSMax  float64 `json:"turn_ms_max"`
	FirstMSP99 float64 `json:"first_ms_p99"`
	FirstMSMax float64 `json:"first_ms_max"`
	// SeedScore is the mean over seeds of the seed's mini-match: the games of
	// all seatings of one seed are one sample, worth 1 if the bot got the
	// most game points over them, 1/k if k bots shared the most, 0 otherwise.
	// Seeds are independent where games of one seed are not, so this is the
	// figure to quote. SeedCI95 is a Wilson interval over the seeds, which is
	// conservative for samples in [0,1] whose variance is below p(1-p).
	SeedScore float64    `json:"seed_score"`
	SeedCI95  [2]float64 `json:"seed_ci95"`
	// AvgRank is the mean place over games (1 is first; shared places
	// count as the place itself), the figure four-player games are judged by.
	AvgRank float64 `json:"avg_rank"`
	// Firsts counts the games the bot finished first in, shared first
	// places included; FirstRate is their share of its games and
	// FirstCI95 its Wilson interval (games as independent).
	Firsts    int        `json:"firsts"`
	FirstRate float64    `json:"first_rate"`
	FirstCI95 [2]float64 `json:"first_ci95"`
	// Rating is the bot's Weng-Lin (OpenSkill) rating after every game of
	// the run, in order, from the places at each table (shared places are
	// ties), and RatingCI95 its 95% interval, mu ± 1.96 sigma. It counts
	// every opponent at the table, so it suits games of more than two
	// players where win rates against one bot say little.
	Rating     float64    `json:"rating"`
	RatingCI95 [2]float64 `json:"rating_ci95"`
}

// Summarize aggregates results for bots (the run's bot commands, in bot
// index order).
func Summarize(bots []string, results []Result) Summary {
	sum := Summary{Games: len(results), Bots: make([]BotSummary, len(bots))}
	times := make([][]float64, len(bots))
	firsts := make([][]float64, len(bots))
	rankSum := make([]float64, len(bots))
	seeds := map[int64][]float64{}
	var seedOrder []int64
	var h2hWins, h2hDraws, h2hGames int
	for _, r := range results {
		sum.Retried += r.Retried
		pts := gamePoints(r)
		if _, ok := seeds[r.Seed]; !ok {
			seeds[r.Seed] = make([]float64, len(bots))
			seedOrder = append(seedOrder, r.Seed)
		}
		for s, b := range r.Seats {
			if b < 0 || b >= len(bots) || s >= len(r.Players) {
				continue
			}
			bs := &sum.Bots[b]
			switch {
			case pts[s] == 1:
				bs.Wins++
			case pts[s] == 0:
				bs.Losses++
			default:
				bs.Draws++
			}
			if ranks := resultRanks(r); s < len(ranks) {
				rankSum[b] += float64(ranks[s])
				if ranks[s] == 1 {
					bs.Firsts++
				}
			}
			pr := r.Players[s]
			bs.Timeouts += pr.Timeouts
			bs.Stalled += pr.Stalled
			bs.Late += pr.Late
			bs.LateStalled += pr.LateStalled
			bs.Crashes += pr.Crashes
			bs.Invalid += pr.Invalid
			if first, later := splitTimes(pr.TurnMS); len(pr.TurnMS) > 0 {
				firsts[b] = append(firsts[b], first)
				times[b] = append(times[b], later...)
			}
			seeds[r.Seed][b] += pts[s]
		}
		if len(bots) >= 2 {
			a, b := seatOf(r.Seats, 0), seatOf(r.Seats, 1)
			if a >= 0 && b >= 0 {
				switch o := headToHead(r, a, b); {
				case o > 0:
					h2hWins++
					h2hGames++
				case o == 0:
					h2hDraws++
					h2hGames++
				default:
					h2hGames++
				}
			}
		}
	}
	seedScores := make([][]float64, len(bots))
	for _, seed := range seedOrder {
		tot := seeds[seed]
		best := math.Inf(-1)
		for _, t := range tot {
			best = math.Max(best, t)
		}
		k := 0
		for _, t := range tot {
			if t == best {
				k++
			}
		}
		for b, t := range tot {
			v := 0.0
			if t == best {
				v = 1 / float64(k)
			}
			seedScores[b] = append(seedScores[b], v)
		}
	}
	rate(sum.Bots, results)
	for b := range bots {
		bs := &sum.Bots[b]
		bs.Cmd = bots[b]
		n := bs.Wins + bs.Losses + bs.Draws
		if n > 0 {
			bs.WinRate = (float64(bs.Wins) + float64(bs.Draws)/2) / float64(n)
			bs.AvgRank = rankSum[b] / float64(n)
			bs.FirstRate = float64(bs.Firsts) / float64(n)
		}
		bs.FirstCI95 = Wilson(bs.FirstRate, n)
		bs.CI95 = Wilson(bs.WinRate, n)
		bs.TurnMSP50 = percentile(times[b], 0.5)
		bs.TurnMSP99 = percentile(times[b], 0.99)
		bs.TurnMSMax = percentile(times[b], 1)
		bs.FirstMSP99 = percentile(firsts[b], 0.99)
		bs.FirstMSMax = percentile(firsts[b], 1)
		if len(seedScores[b]) > 0 {
			bs.SeedScore = mean(seedScores[b])
		}
		bs.SeedCI95 = Wilson(bs.SeedScore, len(seedScores[b]))
	}
	if h2hGames > 0 {
		s := (float64(h2hWins) + float64(h2hDraws)/2) / float64(h2hGames)
		ci := Wilson(s, h2hGames)
		sum.Elo = Elo(s)
		sum.EloCI95 = [2]float64{Elo(ci[0]), Elo(ci[1])}
	} else {
		sum.EloCI95 = [2]float64{-eloCap, eloCap}
	}
	return sum
}

// rate fills each bot's Rating from the places of every game, in order.
// A game whose places cannot be read, or that seats a bot twice, is
// skipped.
func rate(bots []BotSummary, results []Result) {
	m := rating.Default()
	rs := make([]rating.Rating, len(bots))
	for b := range rs {
		rs[b] = m.New()
	}
	for _, r := range results {
		ranks := resultRanks(r)
		if len(ranks) != len(r.Seats) || len(ranks) < 2 {
			continue
		}
		table := make([]rating.Rating, len(r.Seats))
		seen := map[int]bool{}
		ok := true
		for s, b := range r.Seats {
			if b < 0 || b >= len(bots) || seen[b] {
				ok = false
				break
			}
			seen[b] = true
			table[s] = rs[b]
		}
		if !ok {
			continue
		}
		after, err := m.Rate(table, ranks)
		if err != nil {
			continue
		}
		for s, b := range r.Seats {
			rs[b] = after[s]
		}
	}
	for b := range bots {
		lo, hi := rs[b].Interval()
		bots[b].Rating, bots[b].RatingCI95 = rs[b].Mu, [2]float64{lo, hi}
	}
}

// gamePoints scores each seat 1 for a sole first place and 0 below first;
// k seats sharing first place get 1/k each (1/2 in a two-player draw).
// Places come from the referee's ranks, so a tie is never a seat-0 win.
func gamePoints(r Result) []float64 {
	pts := make([]float64, len(r.Seats))
	ranks := resultRanks(r)
	if len(ranks) != len(pts) {
		return pts
	}
	k := 0
	for _, rk := range ranks {
		if rk == 1 {
			k++
		}
	}
	for s, rk := range ranks {
		if rk == 1 {
			pts[s] = 1 / float64(k)
		}
	}
	return pts
}

// resultRanks are the result's ranks, or ranks derived from the winner and
// the scores for results written before ranks were recorded.
func resultRanks(r Result) []int {
	if len(r.Ranks) == len(r.Seats) {
		return r.Ranks
	}
	if len(r.Scores) != len(r.Seats) {
		return nil
	}
	ranks := engine.Ranks(r.Scores)
	if r.Winner >= 0 && r.Winner < len(ranks) {
		for s := range ranks {
			if s != r.Winner && ranks[s] == 1 {
				ranks[s] = 2
			}
		}
		ranks[r.Winner] = 1
	}
	return ranks
}

// headToHead compares seats a and b: +1 if a finished ahead, -1 if b did,
// 0 if they share a place.
func headToHead(r Result, a, b int) int {
	ranks := resultRanks(r)
	switch {
	case a >= len(ranks) || b >= len(ranks):
		return 0
	case ranks[a] < ranks[b]:
		return 1
	case ranks[a] > ranks[b]:
		return -1
	}
	return 0
}

func seatOf(seats []int, bot int) int {
	for s, b := range seats {
		if b == bot {
			return s
		}
	}
	return -1
}

func mean(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t / float64(len(xs))
}

// Wilson is the 95% Wilson score interval for a proportion p observed over
// n trials. It stays inside [0,1] and does not collapse to a point at 0 or
// 1, unlike the normal approximation. With no trials it is [0,1].
func Wilson(p float64, n int) [2]float64 {
	if n <= 0 {
		return [2]float64{0, 1}
	}
	nf := float64(n)
	z2 := z95 * z95
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return [2]float64{math.Max(0, center-half), math.Min(1, center+half)}
}

// Elo is the rating difference at which the logistic Elo model expects
// score s (0.5 gives 0), capped at ±1000 for sweeps.
func Elo(s float64) float64 {
	if s <= 0 {
		return -eloCap
	}
	if s >= 1 {
		return eloCap
	}
	e := -400 * math.Log10(1/s-1)
	if e == 0 {
		return 0 // not -0, which prints as "-0"
	}
	return math.Max(-eloCap, math.Min(eloCap, e))
}
