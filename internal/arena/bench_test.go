package arena

import (
	"context"
	"testing"
	"time"
)

// BenchmarkProcessTurn is the arena's own cost of one request to a bot
// process: write the input, wait for the answer line.
func BenchmarkProcessTurn(b *testing.B) {
	p, err := startProcess(botCmd("nine"))
	if err != nil {
		b.Fatal(err)
	}
	defer p.stop(0)
	input := []string{"turn 1"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := p.ask(context.Background(), input, 1, 5*time.Second)
		if err != nil || r.fail != failNone {
			b.Fatalf("turn %d: %v %v", i, err, r.fail)
		}
	}
}

// BenchmarkInProcessGame is a whole 100-turn toy game between in-process
// policies: the overhead the arena adds around the referee.
func BenchmarkInProcessGame(b *testing.B) {
	nine, _ := ParseBot("toy", "builtin:nine")
	rnd, _ := ParseBot("toy", "builtin:random")
	bots := []Bot{nine, rnd}
	g := toy(2, 100, 0)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, err := playGame(context.Background(), g, bots, Match{Seed: int64(i + 1), Seats: []int{0, 1}}, DefaultLimits, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProcessGame is a whole 100-turn toy game between two bot
// processes, start and kill included.
func BenchmarkProcessGame(b *testing.B) {
	bots := []Bot{{Cmd: botCmd("nine")}, {Cmd: botCmd("five")}}
	g := toy(2, 100, 0)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, err := playGame(context.Background(), g, bots, Match{Seed: int64(i + 1), Seats: []int{0, 1}}, testLimits, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}
