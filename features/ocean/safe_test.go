package ocean

import (
	"reflect"
	"testing"

	"cgpolicy/engine/ocean"
)

// openMind is a mind on an all-water map, at (5, 5) with (5, 4) visited
// and a mine at (7, 7).
func openMind() (*ocean.View, *Mind) {
	var island [Cells]bool
	island[Cell(6, 5)] = true
	mp := new(Map)
	mp.Init(&island)
	m := NewMindOn(mp)
	m.Visited.Set(Cell(5, 5))
	m.Visited.Set(Cell(5, 4))
	m.Mines.Set(Cell(7, 7))
	return &ocean.View{Request: 3, X: 5, Y: 5, Life: 6, OppLife: 6}, m
}

// TestSafe: whatever a policy proposes, Safe keeps only what the referee
// accepts without removing the player.
func TestSafe(t *testing.T) {
	move := func(d ocean.Dir) ocean.Action { return ocean.Action{Kind: ocean.MoveAct, Dir: d} }
	for _, tc := range []struct {
		name string
		acts []ocean.Action
		want []ocean.Action
	}{
		{"free move kept", []ocean.Action{move(ocean.S)}, []ocean.Action{move(ocean.S)}},
		{"onto a visited cell", []ocean.Action{move(ocean.N)}, nil},
		{"onto an island", []ocean.Action{move(ocean.E)}, nil},
		{"two moves", []ocean.Action{move(ocean.S), move(ocean.W)}, []ocean.Action{move(ocean.S)}},
		{"markers", []ocean.Action{Marker(0), move(ocean.W), Marker(3)}, []ocean.Action{move(ocean.W)}},
		{"silence back over the move", []ocean.Action{move(ocean.S), {Kind: ocean.SilenceAct, Dir: ocean.N, Dist: 1}},
			[]ocean.Action{move(ocean.S)}},
		{"silence too far", []ocean.Action{{Kind: ocean.SilenceAct, Dir: ocean.S, Dist: 5}}, nil},
		{"silence of 0", []ocean.Action{{Kind: ocean.SilenceAct, Dir: ocean.N, Dist: 0}}, []ocean.Action{{Kind: ocean.SilenceAct, Dir: ocean.N, Dist: 0}}},
		{"surface then the visited cell", []ocean.Action{{Kind: ocean.SurfaceAct}, move(ocean.N)},
			[]ocean.Action{{Kind: ocean.SurfaceAct}, move(ocean.N)}},
		{"sonar sector", []ocean.Action{{Kind: ocean.SonarAct, Sector: 10}, {Kind: ocean.SonarAct, Sector: 9}},
			[]ocean.Action{{Kind: ocean.SonarAct, Sector: 9}}},
		{"mine onto an island", []ocean.Action{{Kind: ocean.MineAct, Dir: ocean.E}}, nil},
		{"mine", []ocean.Action{{Kind: ocean.MineAct, Dir: ocean.W}}, []ocean.Action{{Kind: ocean.MineAct, Dir: ocean.W}}},
		{"trigger of no mine", []ocean.Action{{Kind: ocean.TriggerAct, X: 1, Y: 1}}, nil},
		{"trigger of our mine", []ocean.Action{{Kind: ocean.TriggerAct, X: 7, Y: 7}}, []ocean.Action{{Kind: ocean.TriggerAct, X: 7, Y: 7}}},
	} {
		v, m := openMind()
		got := Safe(v, m, tc.acts, nil)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestMindPlayed: the mind follows our moves, silences, surfaces and
// mines from our cell.
func TestMindPlayed(t *testing.T) {
	v, m := openMind()
	m.Played(v, []ocean.Action{
		{Kind: ocean.TriggerAct, X: 7, Y: 7},
		{Kind: ocean.MoveAct, Dir: ocean.S},
		{Kind: ocean.SilenceAct, Dir: ocean.S, Dist: 2},
		{Kind: ocean.MineAct, Dir: ocean.W},
	})
	for _, tc := range []struct {
		x, y          int
		visited, mine bool
	}{
		{5, 5, true, false}, {5, 6, true, false}, {5, 7, true, false}, {5, 8, true, false},
		{5, 9, false, false}, {4, 8, false, true}, {7, 7, false, false},
	} {
		c := Cell(tc.x, tc.y)
		if m.Visited.Has(c) != tc.visited || m.Mines.Has(c) != tc.mine {
			t.Errorf("(%d, %d): visited %v mine %v, want %v %v", tc.x, tc.y, m.Visited.Has(c), m.Mines.Has(c), tc.visited, tc.mine)
		}
	}
	v2 := &ocean.View{Request: 4, X: 5, Y: 8, Life: 6, OppLife: 6}
	m.Played(v2, []ocean.Action{{Kind: ocean.SurfaceAct}})
	if m.Visited.Has(Cell(5, 5)) || !m.Visited.Has(Cell(5, 8)) || m.Last[0].Sector != Sector(5, 8) {
		t.Errorf("after a surface: visited (5,5) %v (5,8) %v, sector %d", m.Visited.Has(Cell(5, 5)), m.Visited.Has(Cell(5, 8)), m.Last[0].Sector)
	}
}
