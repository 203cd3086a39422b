package enginetest

import (
	"math/rand"
	"testing"
)

// Replay times b.N steps of recorded games on a typed state s: step plays
// step t of game g on s (turns[g] steps in all), and when a game runs out
// of steps, or s is done, the next game's start is restored with the timer
// stopped (restore), so that only the referee's steps are timed: every
// engine's turn benchmark. s starts as game 0.
func Replay[S interface{ Done() bool }](b *testing.B, s S, turns []int, restore func(s S, g int), step func(s S, g, t int)) {
	g, t := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		step(s, g, t)
		t++
		if t == turns[g] || s.Done() {
			b.StopTimer()
			g, t = (g+1)%len(turns), 0
			restore(s, g)
			b.StartTimer()
		}
	}
}

// Recorded is one game's start and what was played in it, entry by entry.
type Recorded[S, T any] struct {
	Start S
	Turns []T
}

// Record plays games games, from seeds seed, seed+1, ..., each with a
// source of its own seeded alike, and keeps each game's start (start's
// state, copied by cp) and every entry that play appends while it plays
// one step of the game: what a benchmark replays to time the referee
// alone.
func Record[S interface{ Done() bool }, T any](games int, seed int64, start func(seed int64) S, cp func(S) S, play func(s S, rng *rand.Rand, turns []T) []T) []Recorded[S, T] {
	out := make([]Recorded[S, T], games)
	for g := range out {
		rng := rand.New(rand.NewSource(seed + int64(g)))
		s := start(seed + int64(g))
		out[g].Start = cp(s)
		for !s.Done() {
			out[g].Turns = play(s, rng, out[g].Turns)
		}
	}
	return out
}

// Lengths are the recorded games' numbers of entries, for Replay.
func Lengths[S, T any](games []Recorded[S, T]) []int {
	n := make([]int, len(games))
	for g := range games {
		n[g] = len(games[g].Turns)
	}
	return n
}
