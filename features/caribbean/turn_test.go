package caribbean

import (
	"testing"

	cb "cgpolicy/engine/caribbean"
)

func ship(id, owner, x, y, o, speed, rum int) cb.Ship {
	return cb.Ship{ID: id, Owner: owner, Pos: cb.Coord{X: x, Y: y}, Orient: o, Speed: speed, Rum: rum, Alive: true}
}

// TestCooldowns follows one ship's cannon and mine through recorded orders,
// with the referee's timing: a ship that fired on turn t may fire again on
// turn t+2, one that laid a mine on turn t again on turn t+5.
func TestCooldowns(t *testing.T) {
	fire := cb.Action{Kind: cb.Fire, X: 1, Y: 1}
	tests := []struct {
		name   string
		record []struct {
			turn int
			a    cb.Action
		}
		at         int
		cannon, mn int
	}{
		{"nothing recorded", nil, 5, 0, 0},
		{"fired last turn", []struct {
			turn int
			a    cb.Action
		}{{4, fire}}, 5, 2, 0},
		{"fired two turns ago", []struct {
			turn int
			a    cb.Action
		}{{3, fire}}, 5, 1, 0},
		{"fired three turns ago", []struct {
			turn int
			a    cb.Action
		}{{2, fire}}, 5, 0, 0},
		{"mine four turns ago", []struct {
			turn int
			a    cb.Action
		}{{1, cb.Action{Kind: cb.LayMine}}}, 5, 0, 2},
		{"this turn's order does not count", []struct {
			turn int
			a    cb.Action
		}{{5, fire}}, 5, 0, 0},
		{"a changed mind undoes the shot", []struct {
			turn int
			a    cb.Action
		}{{3, fire}, {4, fire}, {4, cb.Action{Kind: cb.Wait}}}, 5, 1, 0},
	}
	for _, tt := range tests {
		var c Cooldowns
		for _, r := range tt.record {
			c.Begin(r.turn)
			c.Record(7, r.turn, r.a)
		}
		c.Begin(tt.at)
		if got, gm := c.Cannon(7, tt.at), c.Mine(7, tt.at); got != tt.cannon || gm != tt.mn {
			t.Errorf("%s: cannon %d mine %d, want %d %d", tt.name, got, gm, tt.cannon, tt.mn)
		}
	}
	var c Cooldowns
	c.Begin(10)
	c.Record(7, 10, fire)
	c.Begin(2) // an earlier turn: another game
	if got := c.Cannon(7, 3); got != 0 {
		t.Errorf("memory survived a restart: cannon %d", got)
	}
	// Clear forgets even when the next turn is later: a position of
	// another game
	c.Begin(20)
	c.Record(7, 20, fire)
	c.Clear()
	c.Begin(21)
	if got := c.Cannon(7, 21); got != 0 {
		t.Errorf("memory survived Clear: cannon %d", got)
	}
}

// TestPlayOut checks the consequences a play-out reports.
func TestPlayOut(t *testing.T) {
	v := &cb.View{
		Ships: []cb.Ship{ship(0, 0, 5, 10, 0, 1, 50), ship(1, 1, 9, 4, 3, 0, 100)},
		Mines: []cb.Mine{{ID: 4, Pos: cb.Coord{X: 7, Y: 10}}},
	}
	var tr Turn
	tr.Reset(v, nil)
	if tr.N != 1 {
		t.Fatalf("N = %d", tr.N)
	}
	wait := tr.PlayOut(0, cb.Action{Kind: cb.Wait})
	slow := tr.PlayOut(0, cb.Action{Kind: cb.Slower})
	if wait.Gain > -cb.MineDamage || slow.Gain <= wait.Gain {
		t.Errorf("onto the mine: gain %d; slowing down: %d", wait.Gain, slow.Gain)
	}
	// a still enemy 4 cells from the bow: the shot lands within the horizon
	v2 := &cb.View{Ships: []cb.Ship{ship(0, 0, 5, 10, 0, 0, 50), ship(1, 1, 10, 10, 3, 0, 100)}}
	tr.Reset(v2, nil)
	c, ok := FireTarget(v2, tr.Ship(0), &v2.Ships[1])
	if !ok {
		t.Fatal("no shot at a still enemy in range")
	}
	shot := tr.PlayOut(0, cb.Action{Kind: cb.Fire, X: c.X, Y: c.Y})
	if shot.OppLoss != cb.HighDamage {
		t.Errorf("shot at the centre: enemy lost %d, want %d", shot.OppLoss, cb.HighDamage)
	}
	if w := tr.PlayOut(0, cb.Action{Kind: cb.Wait}); w.OppLoss != 0 {
		t.Errorf("no shot: enemy lost %d", w.OppLoss)
	}
}
