// Package rating rates players from the places they finish in games of any
// number of players, with the Weng-Lin Bayesian approximation (Weng and
// Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011)
// under its Plackett-Luce model: the model OpenSkill uses by default, and a
// close, license-free relative of TrueSkill.
//
// It exists because no maintained Go rating library could be had: every
// TrueSkill and OpenSkill module we tried (go-openskill, go-trueskill and
// others) is refused by the module proxy this project builds from. It is
// deliberately small: single-player teams, ranks with ties, and the
// defaults OpenSkill documents, so its numbers can be checked against that
// library's published examples.
package rating

import (
	"errors"
	"fmt"
	"math"
)

// Rating is a belief about a player's skill: a normal distribution with
// mean Mu and standard deviation Sigma.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Ordinal is the conservative skill estimate mu - 3 sigma that leaderboards
// sort by, so a new player with few games is not ranked on luck.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Interval is the central interval of the belief that holds the skill with
// probability about 95% (mu ± 1.96 sigma).
func (r Rating) Interval() (lo, hi float64) {
	const z = 1.959963984540054
	return r.Mu - z*r.Sigma, r.Mu + z*r.Sigma
}

// Model holds the constants of the rating system.
type Model struct {
	// Mu and Sigma are a new player's rating.
	Mu, Sigma float64
	// Beta is the spread of a single performance around the skill: a
	// skill Beta higher wins a two-player game about 76% of the time.
	Beta float64
	// Kappa keeps a variance from shrinking to zero or below in one game.
	Kappa float64
	// Tau is added (in quadrature) to every sigma before each game, for
	// skills that drift. Bots do not learn between games, so it is 0 by
	// default.
	Tau float64
}

// Default is OpenSkill's parameterisation: mu 25, sigma 25/3, beta half
// of sigma, kappa 0.0001, and no drift.
func Default() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 1e-4}
}

// New is a new player's rating.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// Rate returns the players' ratings after one game in which player i
// finished in place ranks[i] (lower is better; equal ranks are ties). The
// inputs are not modified.
//
// For each player i, with c² the sum over players of sigma² + beta², the
// Plackett-Luce model gives the probability that i beats the players not
// ranked above it as exp(mu_i/c) / C_q, where C_q sums exp(mu/c) over the
// players placed no better than q. The mean moves by sigma_i²/c times the
// sum, over the places q at or above i's, of the observed minus the
// expected "i is the one that finishes here", and the variance shrinks by
// the information the game carried about i. Tied players share a place
// and each term is divided by the number sharing it.
func (m Model) Rate(players []Rating, ranks []int) ([]Rating, error) {
	n := len(players)
	if n < 2 {
		return nil, errors.New("rating: a game needs at least two players")
	}
	if len(ranks) != n {
		return nil, fmt.Errorf("rating: %d players but %d ranks", n, len(ranks))
	}
	if m.Beta <= 0 || m.Kappa <= 0 || m.Tau < 0 {
		return nil, fmt.Errorf("rating: bad model %+v", m)
	}
	rs := make([]Rating, n)
	c2 := 0.0
	for i, p := range players {
		if !(p.Sigma > 0) || math.IsNaN(p.Mu) || math.IsInf(p.Mu, 0) || math.IsInf(p.Sigma, 0) {
			return nil, fmt.Errorf("rating: player %d has bad rating %+v", i, p)
		}
		rs[i] = Rating{Mu: p.Mu, Sigma: math.Sqrt(p.Sigma*p.Sigma + m.Tau*m.Tau)}
		c2 += rs[i].Sigma*rs[i].Sigma + m.Beta*m.Beta
	}
	c := math.Sqrt(c2)
	// exp(mu/c) relative to the largest, which leaves every ratio unchanged
	// and cannot overflow.
	top := rs[0].Mu
	for _, r := range rs {
		if r.Mu > top {
			top = r.Mu
		}
	}
	e := make([]float64, n)
	for i, r := range rs {
		e[i] = math.Exp((r.Mu - top) / c)
	}
	sumQ := make([]float64, n) // C_q: over players placed no better than q
	tied := make([]float64, n) // A_q: players sharing q's place
	for q := 0; q < n; q++ {
		for s := 0; s < n; s++ {
			if ranks[s] >= ranks[q] {
				sumQ[q] += e[s]
			}
			if ranks[s] == ranks[q] {
				tied[q]++
			}
		}
	}
	out := make([]Rating, n)
	for i, r := range rs {
		omega, delta := 0.0, 0.0
		for q := 0; q < n; q++ {
			if ranks[q] > ranks[i] {
				continue
			}
			p := e[i] / sumQ[q]
			delta += p * (1 - p) / tied[q]
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
		}
		v := r.Sigma * r.Sigma
		omega *= v / c
		// gamma = sigma_i / c damps the variance update for a player whose
		// uncertainty is a small part of the game's, as OpenSkill does.
		delta *= v / c2 * (r.Sigma / c)
		out[i] = Rating{Mu: r.Mu + omega, Sigma: r.Sigma * math.Sqrt(math.Max(1-delta, m.Kappa))}
	}
	return out, nil
}

// WinProbability is the model's probability that a beats b in a
// two-player game: the Plackett-Luce model's chance for two players, a
// logistic curve in the difference of means over the pair's combined
// uncertainty.
func (m Model) WinProbability(a, b Rating) float64 {
	c := math.Sqrt(a.Sigma*a.Sigma + b.Sigma*b.Sigma + 2*m.Beta*m.Beta)
	return 1 / (1 + math.Exp((b.Mu-a.Mu)/c))
}

// Information is the drop in the players' summed variance that one game
// between them is expected to bring, averaged over every finishing order
// (ties aside) weighted by its Plackett-Luce probability. It is the
// league's measure of how much a game is worth playing: large for
// uncertain players and for close matches, near zero for a game whose
// result everyone can predict. Above six players it uses only the most
// likely order, as the number of orders grows factorially.
func (m Model) Information(players []Rating) (float64, error) {
	n := len(players)
	if n < 2 {
		return 0, errors.New("rating: a game needs at least two players")
	}
	before := 0.0
	c2 := 0.0
	for _, p := range players {
		s2 := p.Sigma*p.Sigma + m.Tau*m.Tau
		before += s2
		c2 += s2 + m.Beta*m.Beta
	}
	c := math.Sqrt(c2)
	e := make([]float64, n)
	for i, p := range players {
		e[i] = math.Exp((p.Mu - players[0].Mu) / c)
	}
	drop := func(order []int) (float64, error) {
		ranks := make([]int, n)
		for place, i := range order {
			ranks[i] = place + 1
		}
		after, err := m.Rate(players, ranks)
		if err != nil {
			return 0, err
		}
		d := before
		for _, r := range after {
			d -= r.Sigma * r.Sigma
		}
		return d, nil
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if n > 6 {
		// The most likely order is by mean, best first.
		for i := 1; i < n; i++ {
			for k := i; k > 0 && players[order[k]].Mu > players[order[k-1]].Mu; k-- {
				order[k], order[k-1] = order[k-1], order[k]
			}
		}
		return drop(order)
	}
	total := 0.0
	var walk func(k int) error
	walk = func(k int) error {
		if k == n {
			// P(order) = product over places of the chance that the player
			// placed there beats everyone placed below.
			p, rest := 1.0, 0.0
			for _, i := range order {
				rest += e[i]
			}
			for _, i := range order {
				p *= e[i] / rest
				rest -= e[i]
			}
			d, err := drop(order)
			total += p * d
			return err
		}
		for i := k; i < n; i++ {
			order[k], order[i] = order[i], order[k]
			if err := walk(k + 1); err != nil {
				return err
			}
			order[k], order[i] = order[i], order[k]
		}
		return nil
	}
	if err := walk(0); err != nil {
		return 0, err
	}
	return total, nil
}
