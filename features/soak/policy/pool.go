package policy

// poolOrder is the evaluation pool and the league's scripted members, in
// the order tables list them: the two first baselines, three hand-written
// bots with different plans, "v1", the bot as committed before the
// issue-10 retraining, and "v2", the Smitsimax bot as committed before
// issue 21, each on frozen weights (package baselines).
var poolOrder = []string{"random", "greedy", "aggressive", "territory", "camper", "v1", "v2"}

// PoolNames lists the pool members that are registered, in pool order. It
// is the one list the trainer's evaluation and league (features/soak/learn)
// and the arena's pool mode share, so both always play the same pool. The
// scripted members and v1 are registered only where package
// features/soak/policy/baselines is imported.
func PoolNames() []string {
	var out []string
	for _, n := range poolOrder {
		if policies.Has(n) {
			out = append(out, n)
		}
	}
	return out
}
