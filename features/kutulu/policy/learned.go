package policy

import (
	"fmt"

	fk "cgpolicy/features/kutulu"
	wk "cgpolicy/weights/kutulu"
)

// GeneratedScorer returns a new forward pass of the committed network
// (weights/kutulu), or an error when its shape does not match the feature
// encoding (weights trained for another version of features/kutulu). Each
// scorer has its own scratch buffers: one per policy, never shared between
// goroutines.
func GeneratedScorer() (Scorer, error) {
	if wk.AgentDim != fk.DecDim || wk.CandDim != fk.CandDim {
		return nil, fmt.Errorf("policy: weights/kutulu has agent=%d cand=%d features, features/kutulu encodes %d and %d; retrain",
			wk.AgentDim, wk.CandDim, fk.DecDim, fk.CandDim)
	}
	return wk.New(), nil
}

// NewNet returns the network policy with the committed weights.
func NewNet() (*Net, error) {
	sc, err := GeneratedScorer()
	if err != nil {
		return nil, err
	}
	return NewNetWith(sc), nil
}

// learnedErr keeps the outcome of registering "net" (the network alone),
// "search" (the network-guided search) and "smitsi" (the shared search).
// Weights that do not fit the features leave them unnamed; the tests, the
// bot and the arena report it (Err).
var learnedErr = policies.Failed(registerLearned())

func registerLearned() error {
	if _, err := GeneratedScorer(); err != nil {
		return err
	}
	if err := Register("net", func(int64) Policy {
		n, _ := NewNet()
		return n
	}); err != nil {
		return err
	}
	if err := Register("search", func(int64) Policy {
		n, _ := NewNet()
		return NewSearch(n)
	}); err != nil {
		return err
	}
	return Register("smitsi", func(seed int64) Policy {
		n, _ := NewNet()
		return NewSmitsi(n, seed)
	})
}
