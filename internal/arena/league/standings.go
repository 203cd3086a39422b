package league

import (
	"fmt"
	"math"
	"sort"

	"cgpolicy/internal/arena/rating"
)

// Standing is one bot's line on the leaderboard.
type Standing struct {
	Name   string        `json:"name"`
	Cmd    string        `json:"cmd"`
	Active bool          `json:"active"`
	Rating rating.Rating `json:"rating"`
	// Ordinal is mu - 3 sigma, the sort key; Lo and Hi bound the 95%
	// interval of the skill.
	Ordinal float64 `json:"ordinal"`
	Lo      float64 `json:"lo"`
	Hi      float64 `json:"hi"`
	Games   int     `json:"games"`
	// Score is the mean share of opponents beaten per game (a tie half):
	// the win rate, draws half, in a two-player game, and 1 for first to 0
	// for last in larger ones.
	Score float64 `json:"score"`
	// AvgRank is the mean place, 1 first, tied places shared. Both are 0
	// for a bot without games.
	AvgRank  float64 `json:"avg_rank"`
	Timeouts int     `json:"timeouts"`
	// Stalled is how many of Timeouts came while the machine itself
	// stalled (arena.PlayerResult.Stalled): they count, but measure the
	// machine as much as the bot.
	Stalled int `json:"stalled_timeouts"`
	// Late and LateStalled are the answers that only -slack kept from
	// timing out, and those of them during a stall
	// (arena.PlayerResult.Late).
	Late        int `json:"late,omitempty"`
	LateStalled int `json:"late_stalled,omitempty"`
	Crashes     int `json:"crashes"`
	Invalid     int `json:"invalid"`
	// FirstMSP99 is the p99 of each game's first answer time (1000 ms
	// limit, process start included), TurnMSP99 and TurnMSMax those of the
	// later answers (50 ms limit), kept apart so slow starts do not hide
	// in, or swamp, the per-turn figure.
	FirstMSP99 float64 `json:"first_ms_p99"`
	TurnMSP99  float64 `json:"turn_ms_p99"`
	TurnMSMax  float64 `json:"turn_ms_max"`
}

// Standings rates every member from the games in file order (the order
// matters to an online rating, and the file fixes it, so every reader
// computes the same numbers) and returns them best first by ordinal, ties
// by name.
func (l *League) Standings(m rating.Model) ([]Standing, error) {
	idx := map[string]int{}
	out := make([]Standing, len(l.Members))
	for i, mem := range l.Members {
		idx[mem.Name] = i
		r := m.New()
		out[i] = Standing{Name: mem.Name, Cmd: mem.Cmd, Active: mem.Active, Rating: r}
	}
	firsts := make([][]float64, len(out))
	turns := make([][]float64, len(out))
	rankSum := make([]float64, len(out))
	scoreSum := make([]float64, len(out))
	for gi := range l.Games {
		e := &l.Games[gi]
		ranks := ranksOf(e.Result)
		in := make([]rating.Rating, len(e.Names))
		for s, n := range e.Names {
			in[s] = out[idx[n]].Rating
		}
		rated, err := m.Rate(in, ranks)
		if err != nil {
			return nil, fmt.Errorf("game %d (seed %d): %w", gi+1, e.Result.Seed, err)
		}
		n := len(e.Names)
		for s, name := range e.Names {
			st := &out[idx[name]]
			st.Rating = rated[s]
			st.Games++
			rankSum[idx[name]] += float64(ranks[s])
			beat := 0.0
			for o := range ranks {
				switch {
				case o == s:
				case ranks[o] > ranks[s]:
					beat++
				case ranks[o] == ranks[s]:
					beat += 0.5
				}
			}
			scoreSum[idx[name]] += beat / float64(n-1)
			if s < len(e.Result.Players) {
				p := e.Result.Players[s]
				st.Timeouts += p.Timeouts
				st.Stalled += p.Stalled
				st.Late += p.Late
				st.LateStalled += p.LateStalled
				st.Crashes += p.Crashes
				st.Invalid += p.Invalid
				if len(p.TurnMS) > 0 {
					firsts[idx[name]] = append(firsts[idx[name]], p.TurnMS[0])
					turns[idx[name]] = append(turns[idx[name]], p.TurnMS[1:]...)
				}
			}
		}
	}
	for i := range out {
		st := &out[i]
		st.Ordinal = st.Rating.Ordinal()
		st.Lo, st.Hi = st.Rating.Interval()
		st.FirstMSP99 = percentile(firsts[i], 0.99)
		st.TurnMSP99 = percentile(turns[i], 0.99)
		st.TurnMSMax = percentile(turns[i], 1)
		if st.Games > 0 {
			st.Score = scoreSum[i] / float64(st.Games)
			st.AvgRank = rankSum[i] / float64(st.Games)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Ordinal != out[j].Ordinal {
			return out[i].Ordinal > out[j].Ordinal
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

// percentile is the nearest-rank q-quantile of xs (0 when empty); it sorts
// xs in place.
func percentile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	i := int(math.Ceil(q*float64(len(xs)))) - 1
	if i < 0 {
		i = 0
	}
	return xs[i]
}
