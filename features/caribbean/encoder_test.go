package caribbean

import (
	"testing"

	cb "cgpolicy/engine/caribbean"
)

// TestEncoderCandidates checks each decision's candidates on small
// positions: the steering orders that change something, a shot per enemy
// in range when the cannon is ready, a mine when one can be laid, and the
// features that describe them.
func TestEncoderCandidates(t *testing.T) {
	tests := []struct {
		name      string
		v         cb.View
		wantKinds []cb.Kind
	}{
		{
			name:      "still ship, enemy out of range",
			v:         cb.View{Ships: []cb.Ship{ship(0, 0, 1, 1, 0, 0, 50), ship(1, 1, 21, 19, 3, 0, 100)}},
			wantKinds: []cb.Kind{cb.Wait, cb.Faster, cb.Port, cb.Starboard}, // the mine cell is off the map
		},
		{
			name:      "full speed, enemy in range",
			v:         cb.View{Ships: []cb.Ship{ship(0, 0, 5, 10, 0, 2, 50), ship(1, 1, 10, 12, 3, 0, 100)}},
			wantKinds: []cb.Kind{cb.Wait, cb.Slower, cb.Port, cb.Starboard, cb.Fire, cb.LayMine},
		},
	}
	for _, tt := range tests {
		var e Encoder
		if nd := e.Reset(&tt.v, nil, nil); nd != 1 {
			t.Fatalf("%s: %d decisions", tt.name, nd)
		}
		n := e.Encode(0)
		if n != len(tt.wantKinds) {
			t.Fatalf("%s: candidates %v, want kinds %v", tt.name, e.Actions[:n], tt.wantKinds)
		}
		for k, want := range tt.wantKinds {
			a := e.Actions[k]
			if a.Kind != want {
				t.Errorf("%s: candidate %d is %v, want %v", tt.name, k, a, want)
			}
			row := e.Cands[k*CandDim : (k+1)*CandDim]
			hot := 0
			for _, x := range row[CWait : CMine+1] {
				if x == 1 {
					hot++
				}
			}
			if hot != 1 {
				t.Errorf("%s: candidate %d has %d kind bits", tt.name, k, hot)
			}
			if a.Kind == cb.Fire && (row[CShotDist] <= 0 || row[COppLoss] <= 0) {
				t.Errorf("%s: shot features %v", tt.name, row)
			}
		}
	}
}

// TestEncoderChooseRecords checks that a chosen shot counts for the
// cooldown on the next turn, so the encoder offers no shot then.
func TestEncoderChooseRecords(t *testing.T) {
	var cd Cooldowns
	var e Encoder
	for turn := 0; turn < 2; turn++ {
		v := cb.View{Turn: turn, Ships: []cb.Ship{ship(0, 0, 5, 10, 0, 0, 50), ship(1, 1, 9, 10, 3, 0, 100)}}
		cd.Begin(turn)
		e.Reset(&v, &cd, nil)
		n := e.Encode(0)
		fire := -1
		for k, a := range e.Actions[:n] {
			if a.Kind == cb.Fire {
				fire = k
			}
		}
		if turn == 0 {
			if fire < 0 {
				t.Fatal("turn 0: no shot offered")
			}
			e.Choose(fire)
		} else if fire >= 0 {
			t.Fatal("turn 1: a shot offered while the cannon cools")
		}
	}
}

// TestValue orders positions as the score does.
func TestValue(t *testing.T) {
	s := cb.New(3)
	if v0, v1 := Value(s, 0), Value(s, 1); v0 != -v1 {
		t.Errorf("start: values %v and %v are not opposite", v0, v1)
	}
	// play a game to its end: the winner's value is above winValue
	for !s.Done() {
		if err := s.Step([]cb.Action{{Kind: cb.Faster}, {Kind: cb.Port}, {Kind: cb.Faster}}[:s.Alive(0)], nil); err != nil {
			t.Fatal(err)
		}
	}
	w := s.Winner()
	if w >= 0 && (Value(s, w) < winValue || Value(s, 1-w) > -winValue) {
		t.Errorf("end: winner %d valued %v, loser %v", w, Value(s, w), Value(s, 1-w))
	}
}
