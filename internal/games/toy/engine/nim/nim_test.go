package nim

import (
	"errors"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/enginetest"
	"cgpolicy/internal/bot/bottest"
)

var suite = enginetest.Suite{Game: Game{}, Random: RandomAnswer, RoundTrip: RoundTrip, Typed: TypedAnswer}

// TestConformance runs the shared conformance suite, which needs no
// recorded games.
func TestConformance(t *testing.T) { enginetest.Run(t, suite) }

// TestFast checks the typed path against the text one (engine.Fast).
func TestFast(t *testing.T) {
	enginetest.RunFast(t, enginetest.FastSuite[*State, *View, Action]{Game: Game{}, Fast: Fast{},
		Random: func(s *State, _ int, rng *rand.Rand) ([]Action, []string) {
			a := s.RandomMove(rng)
			return []Action{a}, []string{FormatAction(a)}
		}})
}

func FuzzParse(f *testing.F) { enginetest.Fuzz(f, suite) }

// TestRules plays short games by hand: who moves, what each answer does,
// and who wins.
func TestRules(t *testing.T) {
	tests := []struct {
		name    string
		heaps   []int
		answers []string // by the players in turn
		want    []int    // scores at the end
		heapsAt []int    // heaps after the answers when the game goes on
		why     string   // a deactivation's reason holds this
	}{
		{"last object wins", []int{1, 2}, []string{"1 2", "0 1"}, []int{0, 1}, nil, ""},
		{"first player wins", []int{3, 1}, []string{"0 2", "1 1", "0 1"}, []int{1, 0}, nil, ""},
		{"game goes on", []int{5, 7}, []string{"1 3", "0 1"}, nil, []int{4, 4}, ""},
		{"spacing", []int{2, 2}, []string{"\t1   2 "}, nil, []int{2, 0}, ""},
		{"too many", []int{2, 7}, []string{"1 4"}, []int{-1, 1}, nil, "takes 4"},
		{"more than the heap", []int{2, 7}, []string{"0 3"}, []int{-1, 1}, nil, "holds 2"},
		{"empty heap", []int{0, 7}, []string{"0 1"}, []int{-1, 1}, nil, "holds 0"},
		{"no such heap", []int{2, 7}, []string{"2 1"}, []int{-1, 1}, nil, "no heap 2"},
		{"nothing taken", []int{2, 7}, []string{"1 0"}, []int{-1, 1}, nil, "takes 0"},
		{"garbage", []int{2, 7}, []string{"TAKE 1 1"}, []int{-1, 1}, nil, "HEAP COUNT"},
		{"second player faults", []int{2, 7}, []string{"1 1", "x"}, []int{1, -1}, nil, "invalid answer"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := FromView(&View{N: len(tc.heaps)}, nil)
			copy(s.heaps[:], tc.heaps)
			for i, a := range tc.answers {
				if got := s.Pending(); !reflect.DeepEqual(got, []int{i % 2}) {
					t.Fatalf("answer %d: pending %v", i, got)
				}
				err := s.Answer(i%2, []string{a})
				if d, ok := engine.Deactivated(err); err != nil && (!ok || tc.why == "" || !strings.Contains(d.Reason, tc.why)) {
					t.Fatalf("answer %q: %v, want a deactivation saying %q", a, err, tc.why)
				}
				if err := s.Advance(); err != nil {
					t.Fatal(err)
				}
			}
			if tc.want == nil {
				if s.Done() || !reflect.DeepEqual(s.Heaps(), tc.heapsAt) {
					t.Fatalf("done %v, heaps %v, want %v", s.Done(), s.Heaps(), tc.heapsAt)
				}
				return
			}
			if !s.Done() || !reflect.DeepEqual(s.Scores(), tc.want) || s.Pending() != nil {
				t.Fatalf("done %v, scores %v, pending %v; want scores %v", s.Done(), s.Scores(), s.Pending(), tc.want)
			}
		})
	}
}

// TestProtocolErrors: calls out of turn are the caller's fault, never a
// deactivation.
func TestProtocolErrors(t *testing.T) {
	s := New(1)
	for name, err := range map[string]error{
		"advance before the answer": s.Copy().Advance(),
		"the other player answers":  s.Copy().Answer(1, []string{"0 1"}),
	} {
		if !errors.Is(err, engine.ErrProtocol) {
			t.Errorf("%s: %v, want engine.ErrProtocol", name, err)
		}
	}
	c := s.Copy()
	if err := c.Answer(0, []string{"0 1"}); err != nil {
		t.Fatal(err)
	}
	if err := c.Answer(0, []string{"0 1"}); !errors.Is(err, engine.ErrProtocol) {
		t.Errorf("a second answer: %v, want engine.ErrProtocol", err)
	}
}

// TestSeeds: every seed makes two to four heaps of one to seven objects,
// and seeds differ.
func TestSeeds(t *testing.T) {
	seen := map[string]bool{}
	for seed := int64(0); seed < 200; seed++ {
		s := New(seed)
		if n := len(s.Heaps()); n < MinHeaps || n > MaxHeaps {
			t.Fatalf("seed %d: %d heaps", seed, n)
		}
		for _, h := range s.Heaps() {
			if h < 1 || h > MaxHeap {
				t.Fatalf("seed %d: heaps %v", seed, s.Heaps())
			}
		}
		seen[s.InputLines(0)[0]] = true
	}
	if len(seen) < 50 {
		t.Fatalf("200 seeds make %d positions", len(seen))
	}
}

// inputCases must stop the bot's reader, but for the tiny game.
var inputCases = []bottest.Case{
	bottest.Bad("empty", "\n"),
	bottest.Bad("truncated init", "0\n"),
	bottest.Bad("bad id", "2\n3\n1 2 3\n"),
	bottest.Bad("too few heaps", "0\n1\n3\n"),
	bottest.Bad("too many heaps", "0\n5\n1 1 1 1 1\n"),
	bottest.Bad("huge heap count", "0\n1000000000\n1\n"),
	bottest.Bad("short line", "0\n3\n1 2\n"),
	bottest.Bad("long line", "0\n2\n1 2 3\n"),
	bottest.Bad("negative heap", "0\n2\n-1 2\n"),
	bottest.Bad("huge heap", "0\n2\n8 2\n"),
	bottest.Bad("no object left", "0\n2\n0 0\n"),
	bottest.Bad("garbage", "0\n2\nx y\n"),
	bottest.Good("tiny game", "1\n3\n1 2 3\n0 1 2\n0 0 1\n"),
}

// FuzzReadInput feeds the bot's reader truncated, huge and garbage input
// (bottest.FuzzCases: there are no recorded games of a toy).
func FuzzReadInput(f *testing.F) { bottest.FuzzCases(f, inputCases, bottest.Read(Reader)) }

// TestBlind: one object from the first heap the line shows non-empty.
func TestBlind(t *testing.T) {
	for in, want := range map[string]string{"0 0 4": "2 1", "3 1": "0 1", "x": "0 1", "": "0 1", "0 x 2": "2 1"} {
		if got := Blind([]string{in}); len(got) != 1 || got[0] != want {
			t.Errorf("Blind(%q) = %q, want %q", in, got, want)
		}
	}
}
