package ocean

import "cgpolicy/engine/ocean"

// ParseOrders appends to dst the actions of a turn's orders as the input
// writes them (State.Orders, View.OppOrders): MOVE with its direction,
// SURFACE with its sector, TORPEDO and TRIGGER with their cell, SONAR with
// its sector, SILENCE and MINE without the direction and distance, which
// the orders hide. Unknown parts are skipped. It does not allocate beyond
// dst's growth.
func ParseOrders(orders []string, dst []ocean.Action) []ocean.Action {
	for _, o := range orders {
		w, a, b := splitOrder(o)
		var act ocean.Action
		switch w {
		case "MOVE":
			d, ok := dirOf(a)
			if !ok {
				continue
			}
			act = ocean.Action{Kind: ocean.MoveAct, Dir: d}
		case "SURFACE":
			s, _ := atoi(a)
			act = ocean.Action{Kind: ocean.SurfaceAct, Sector: s}
		case "TORPEDO", "TRIGGER":
			x, _ := atoi(a)
			y, _ := atoi(b)
			act = ocean.Action{Kind: ocean.TorpedoAct, X: x, Y: y}
			if w == "TRIGGER" {
				act.Kind = ocean.TriggerAct
			}
		case "SONAR":
			s, _ := atoi(a)
			act = ocean.Action{Kind: ocean.SonarAct, Sector: s}
		case "SILENCE":
			act = ocean.Action{Kind: ocean.SilenceAct}
		case "MINE":
			act = ocean.Action{Kind: ocean.MineAct}
		default:
			continue
		}
		dst = append(dst, act)
	}
	return dst
}

// SplitOrders splits an orders line ("MOVE N|TORPEDO 3 4", or "NA") into
// dst, without copying the text.
func SplitOrders(line string, dst []string) []string {
	if line == "NA" || line == "" {
		return dst
	}
	start := 0
	for i := 0; i <= len(line); i++ {
		if i == len(line) || line[i] == '|' {
			dst = append(dst, line[start:i])
			start = i + 1
		}
	}
	return dst
}
