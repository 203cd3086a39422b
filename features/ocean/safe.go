package ocean

import "cgpolicy/engine/ocean"

// Marker is the "do nothing" candidate of decision d: a TRIGGER off the
// map, which Strip removes before an answer is played. (Were one played,
// the referee would drop it without a word.)
func Marker(d int) ocean.Action { return ocean.Action{Kind: ocean.TriggerAct, X: -1, Y: -1 - d} }

// IsMarker reports whether a is a "do nothing" candidate.
func IsMarker(a ocean.Action) bool { return a.Kind == ocean.TriggerAct && a.X < 0 }

// Before marks a TORPEDO fired before the turn's move (its Sector, which
// the referee ignores for a torpedo, is set).
const Before = 1

// Safe appends to dst the answer acts made safe for the player whose
// memory is m at view v: markers are dropped, and so is any action whose
// kind came earlier (two of a kind remove a player), any MOVE or SILENCE
// that would leave the water or cross a visited cell, and a SILENCE
// farther than 4, a MINE off the water or on one of our mines, and a
// TRIGGER of no mine of ours. What remains the referee never treats as fatal; an
// empty answer surfaces. The placement is returned as it is.
func Safe(v *ocean.View, m *Mind, acts, dst []ocean.Action) []ocean.Action {
	if v.Request == 0 {
		return append(dst, acts...)
	}
	visited := m.Visited
	mines := m.Mines
	armed := m.Mines
	c := Cell(v.X, v.Y)
	var seen [8]bool
	for _, a := range acts {
		if IsMarker(a) || int(a.Kind) >= len(seen) || seen[a.Kind] {
			continue
		}
		switch a.Kind {
		case ocean.MoveAct:
			n := int(m.Map.Next[c][a.Dir&3])
			if n < 0 || visited.Has(n) || a.Dir > ocean.W {
				continue
			}
			c = n
			visited.Set(c)
		case ocean.SilenceAct:
			if a.Dist < 0 || a.Dist > 4 || a.Dir > ocean.W {
				continue
			}
			end := m.SilenceEnd(c, a.Dir, a.Dist, &visited)
			if end < 0 {
				continue
			}
			for i := 0; i < a.Dist; i++ {
				c = int(m.Map.Next[c][a.Dir])
				visited.Set(c)
			}
		case ocean.SurfaceAct:
			visited = Bits{}
			visited.Set(c)
		case ocean.SonarAct:
			if a.Sector < 1 || a.Sector > 9 {
				continue
			}
		case ocean.MineAct:
			if a.Dir > ocean.W {
				continue
			}
			t := int(m.Map.Next[c][a.Dir])
			if t < 0 || mines.Has(t) {
				continue
			}
			mines.Set(t)
		case ocean.TriggerAct:
			if !Inside(a.X, a.Y) || !armed.Has(Cell(a.X, a.Y)) {
				continue
			}
			mines.Unset(Cell(a.X, a.Y))
			armed.Unset(Cell(a.X, a.Y))
		}
		seen[a.Kind] = true
		dst = append(dst, a)
	}
	return dst
}
