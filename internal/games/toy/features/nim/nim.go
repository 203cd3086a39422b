// Package nim turns a Nim view into the network's inputs, the same way for
// the trainer and for the bot, and gives Value, a position's worth: the
// features package of the toy game, shaped as features/<game> is.
//
// A turn is one decision, the move; its candidates are every legal move
// (View.Moves), each described by what it takes and leaves. The package is
// standard library only, as the bot bundles it.
package nim

import "cgpolicy/internal/games/toy/engine/nim"

// MaxCands bounds the candidates of the decision: every legal move.
const MaxCands = nim.MaxMoves

// Decision feature offsets: each heap's size, then the whole position.
const (
	DHeap  = 0                    // heap i's size / MaxHeap at DHeap+i (0 past the last heap)
	DHeaps = DHeap + nim.MaxHeaps // non-empty heaps / MaxHeaps
	DTotal = DHeaps + 1           // objects left / (MaxHeaps*MaxHeap)
	DLone  = DTotal + 1           // 1 when one heap is left
	DecDim = DLone + 1            // the length of a decision's features
)

// Candidate feature offsets.
const (
	CTake    = 0                   // one-hot count taken, 1 to MaxTake, at CTake+count-1
	CBefore  = CTake + nim.MaxTake // the heap's size / MaxHeap
	CAfter   = CBefore + 1         // what it leaves / MaxHeap
	CEmpties = CAfter + 1          // 1 when it empties the heap
	CLast    = CEmpties + 1        // 1 when it takes the last object: the move wins
	CGift    = CLast + 1           // 1 when it leaves one heap of at most MaxTake: the reply wins
	CMod     = CGift + 1           // what it leaves modulo MaxTake+1, / MaxTake
	CandDim  = CMod + 1            // the length of a candidate's features
)

// Encoder encodes a player's turn: Encode fills Dec, Cands and Actions.
type Encoder struct {
	Dec     [DecDim]float32
	Cands   [MaxCands * CandDim]float32
	Actions [MaxCands]nim.Action
	N       int // candidates of the last Encode
}

// Encode encodes the decision of view v and returns its number of
// candidates. It allocates nothing.
func (e *Encoder) Encode(v *nim.View) int {
	e.Dec = [DecDim]float32{}
	nonEmpty, total := 0, 0
	for i := 0; i < v.N; i++ {
		h := v.Heaps[i]
		e.Dec[DHeap+i] = float32(h) / nim.MaxHeap
		if h > 0 {
			nonEmpty++
		}
		total += h
	}
	e.Dec[DHeaps] = float32(nonEmpty) / nim.MaxHeaps
	e.Dec[DTotal] = float32(total) / (nim.MaxHeaps * nim.MaxHeap)
	e.Dec[DLone] = flag(nonEmpty == 1)
	e.N = len(v.Moves(e.Actions[:0]))
	for k, a := range e.Actions[:e.N] {
		c := e.Cands[k*CandDim : (k+1)*CandDim]
		for i := range c {
			c[i] = 0
		}
		before := v.Heaps[a.Heap]
		after := before - a.Count
		c[CTake+a.Count-1] = 1
		c[CBefore] = float32(before) / nim.MaxHeap
		c[CAfter] = float32(after) / nim.MaxHeap
		c[CEmpties] = flag(after == 0)
		c[CLast] = flag(total == a.Count)
		left := nonEmpty
		if after == 0 {
			left--
		}
		c[CGift] = flag(left == 1 && total-a.Count <= nim.MaxTake)
		c[CMod] = float32(after%(nim.MaxTake+1)) / nim.MaxTake
	}
	return e.N
}

func flag(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// Value is the worth of s for player p: 1 for a win and -1 for a loss at
// the end, and before it ±0.5 by the theory of Nim (the player to move
// wins when the heaps' sizes modulo MaxTake+1 do not XOR to 0), halved
// so that a win now ranks above a win foreseen.
func Value(s *nim.State, p int) float64 {
	if s.Done() {
		if s.Winner() == p {
			return 1
		}
		return -1
	}
	if (Grundy(s.Heaps()) != 0) == (s.Mover() == p) {
		return 0.5
	}
	return -0.5
}

// Grundy is the position's Grundy number: the XOR of the heaps' sizes
// modulo MaxTake+1; the player to move wins exactly when it is not 0.
func Grundy(heaps []int) int {
	g := 0
	for _, h := range heaps {
		g ^= h % (nim.MaxTake + 1)
	}
	return g
}

// Winning is the move at v that leaves Grundy number 0, the move that
// wins against any reply; false when there is none (the player to move
// loses against perfect play).
func Winning(v *nim.View) (nim.Action, bool) {
	g := Grundy(v.Heaps[:v.N])
	if g == 0 {
		return nim.Action{}, false
	}
	for h := 0; h < v.N; h++ {
		m := v.Heaps[h] % (nim.MaxTake + 1)
		if want := m ^ g; want < m {
			return nim.Action{Heap: h, Count: m - want}, true
		}
	}
	return nim.Action{}, false
}
