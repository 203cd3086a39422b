package policy

import (
	"fmt"

	focean "cgpolicy/features/ocean"
	wocean "cgpolicy/weights/ocean"
)

// GeneratedScorer returns a new forward pass of the committed network
// (weights/ocean), or an error when its shape does not match the feature
// encoding (weights trained for another version of features/ocean). Each
// scorer has its own scratch buffers: one per policy, never shared between
// goroutines.
func GeneratedScorer() (Scorer, error) {
	if wocean.AgentDim != focean.DecDim || wocean.CandDim != focean.CandDim {
		return nil, fmt.Errorf("policy: weights/ocean has agent=%d cand=%d features, features/ocean encodes %d and %d; retrain",
			wocean.AgentDim, wocean.CandDim, focean.DecDim, focean.CandDim)
	}
	return wocean.New(), nil
}

// NewNet returns the network planner with the committed weights.
func NewNet() (*Net, error) {
	sc, err := GeneratedScorer()
	if err != nil {
		return nil, err
	}
	return NewNetWith(sc), nil
}

// learnedErr keeps the outcome of registering "net" (the network alone)
// and "search" (the network with the chain search). Weights that do not
// fit the features leave both unnamed; the tests, the bot and the arena
// report it (Err).
var learnedErr = policies.Failed(registerLearned())

func registerLearned() error {
	if _, err := GeneratedScorer(); err != nil {
		return err
	}
	if err := Register("net", func(int64) Policy {
		n, _ := NewNet()
		return Play(n)
	}); err != nil {
		return err
	}
	return Register("search", func(int64) Policy {
		n, _ := NewNet()
		return Play(NewSearch(n))
	})
}
