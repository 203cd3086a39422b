package policy

import (
	"testing"

	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
)

func ship(id, owner, x, y, o, speed, rum int) cb.Ship {
	return cb.Ship{ID: id, Owner: owner, Pos: cb.Coord{X: x, Y: y}, Orient: o, Speed: speed, Rum: rum, Alive: true}
}

func TestFlight(t *testing.T) {
	// 1 + Math.round(d/3.0)
	for d, want := range []int{1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4} {
		if got := fcb.Flight(d); got != want {
			t.Errorf("Flight(%d) = %d, want %d", d, got, want)
		}
	}
}

func TestPredict(t *testing.T) {
	tests := []struct {
		name string
		e    cb.Ship
		bow  cb.Coord
		want cb.Coord
	}{
		{"still ship: its centre", ship(1, 1, 10, 10, 0, 0, 50), cb.Coord{X: 7, Y: 10}, cb.Coord{X: 10, Y: 10}},
		// 3 cells away: flight 2, speed 1 -> 2 cells east; then 5 away:
		// flight 3 -> 3 east, 6 away: flight 3 -> stays 13
		{"moving east", ship(1, 1, 10, 10, 0, 1, 50), cb.Coord{X: 7, Y: 10}, cb.Coord{X: 13, Y: 10}},
		{"stops at the edge", ship(1, 1, 21, 10, 0, 2, 50), cb.Coord{X: 15, Y: 10}, cb.Coord{X: 22, Y: 10}},
	}
	for _, tt := range tests {
		if got := fcb.Predict(&tt.e, tt.bow); got != tt.want {
			t.Errorf("%s: Predict = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestGreedyChoices sets up small positions and checks the order the
// greedy bot gives its one ship.
func TestGreedyChoices(t *testing.T) {
	tests := []struct {
		name  string
		v     cb.View
		check func(a cb.Action) bool
	}{
		{
			name: "sails on to the barrel ahead",
			v: cb.View{Ships: []cb.Ship{ship(0, 0, 5, 10, 0, 1, 50), ship(1, 1, 20, 2, 3, 0, 100)},
				Barrels: []cb.Barrel{{ID: 5, Pos: cb.Coord{X: 9, Y: 10}, Rum: 15}}},
			check: func(a cb.Action) bool { return a.Kind == cb.Wait || a.Kind == cb.Faster },
		},
		{
			name: "does not sail onto a mine",
			v: cb.View{Ships: []cb.Ship{ship(0, 0, 5, 10, 0, 1, 50), ship(1, 1, 20, 2, 3, 0, 100)},
				Mines:   []cb.Mine{{ID: 4, Pos: cb.Coord{X: 7, Y: 10}}},
				Barrels: []cb.Barrel{{ID: 5, Pos: cb.Coord{X: 6, Y: 4}, Rum: 15}}},
			// every order but SLOWER moves the bow onto the mine first
			check: func(a cb.Action) bool { return a.Kind == cb.Slower },
		},
		{
			name: "fires at a still enemy in range",
			v:    cb.View{Ships: []cb.Ship{ship(0, 0, 5, 10, 0, 0, 50), ship(1, 1, 9, 10, 3, 0, 100)}},
			check: func(a cb.Action) bool {
				return a.Kind == cb.Fire && a.X == 9 && a.Y == 10
			},
		},
		{
			name: "never fires out of range",
			v:    cb.View{Ships: []cb.Ship{ship(0, 0, 1, 1, 0, 0, 50), ship(1, 1, 21, 19, 3, 0, 100)}},
			check: func(a cb.Action) bool {
				return a.Kind != cb.Fire
			},
		},
	}
	for _, tt := range tests {
		got := NewGreedy().Act(&tt.v, nil)
		if len(got) != 1 || !tt.check(got[0]) {
			t.Errorf("%s: got %v", tt.name, got)
		}
	}
}

// TestGreedyCooldown checks that greedy does not fire on the turn after a
// shot (the cannon is still cooling) and fires again the turn after.
func TestGreedyCooldown(t *testing.T) {
	g := NewGreedy()
	var kinds []cb.Kind
	for turn := 0; turn < 3; turn++ {
		v := cb.View{Turn: turn, Ships: []cb.Ship{ship(0, 0, 5, 10, 0, 0, 50), ship(1, 1, 9, 10, 3, 0, 100)}}
		kinds = append(kinds, g.Act(&v, nil)[0].Kind)
	}
	if kinds[0] != cb.Fire || kinds[1] == cb.Fire || kinds[2] != cb.Fire {
		t.Fatalf("orders over three turns: %v, want FIRE, not FIRE, FIRE", kinds)
	}
}
