package policy

// poolOrder is the evaluation pool and the league's scripted members, in
// the order tables list them: the two first baselines, three hand-written
// bots with different plans, and "v1", the bot committed before the shared
// search, on frozen weights (package baselines).
var poolOrder = []string{"random", "greedy", "rusher", "economist", "wall", "v1"}

// PoolNames lists the pool members that are registered, in pool order: the
// one list the trainer (features/grass/learn) and the arena's pool mode
// share. The scripted members and v1 are registered only where package
// features/grass/policy/baselines is imported.
func PoolNames() []string {
	var out []string
	for _, n := range poolOrder {
		if policies.Has(n) {
			out = append(out, n)
		}
	}
	return out
}
