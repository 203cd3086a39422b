package policy

// poolOrder is the evaluation pool and the league's scripted members, in
// the order tables list them: the two first baselines, three hand-written
// bots with different plans, and "v1", the bot as committed before the
// issue-10 search (see registerPool).
var poolOrder = []string{"random", "greedy", "aggressive", "territory", "camper", "v1"}

// PoolNames lists the pool members that are registered, in pool order. It
// is the one list the trainer's evaluation and league (features/soak/learn)
// and the arena's pool mode share, so both always play the same pool. The
// scripted members are registered only where package
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

// poolErr keeps the outcome of registering v1, for the tests to report.
var poolErr = registerV1()

// registerV1 names "v1": the default bot policy of the commit that added
// the pool, the network-guided search (NewSearch) over the committed
// weights. It shares their code rather than copying it, so it stays that
// bot only until weights/soak or the search change; the weights then need a
// frozen copy for v1 to keep its meaning. When the weights do not fit the
// features (caught by the net tests) v1 is left out, as "net" and "search"
// are. The scripted members register from package baselines, which the bot
// does not import.
func registerV1() error {
	if _, err := GeneratedScorer(); err != nil {
		return nil
	}
	return Register("v1", func(int64) Policy {
		n, _ := NewNet()
		return NewSearch(n)
	})
}
