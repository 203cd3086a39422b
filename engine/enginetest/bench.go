package enginetest

import "testing"

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
