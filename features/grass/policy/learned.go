package policy

import (
	"fmt"

	fgrass "cgpolicy/features/grass"
	wgrass "cgpolicy/weights/grass"
)

// GeneratedScorer returns a new forward pass of the committed network
// (weights/grass), or an error when its shape does not match the feature
// encoding (weights trained for another version of features/grass). Each
// scorer has its own scratch buffers: one per policy, never shared between
// goroutines.
func GeneratedScorer() (Scorer, error) {
	if wgrass.AgentDim != fgrass.DecDim || wgrass.CandDim != fgrass.CandDim {
		return nil, fmt.Errorf("policy: weights/grass has agent=%d cand=%d features, features/grass encodes %d and %d; retrain",
			wgrass.AgentDim, wgrass.CandDim, fgrass.DecDim, fgrass.CandDim)
	}
	return wgrass.New(), nil
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
// "search" (the network-guided one-ply search) and "smitsi" (the shared
// decoupled search, Smitsi). Weights that do not fit the features leave
// them unnamed; the tests, the bot and the arena report it (Err).
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
	return Register("smitsi", func(int64) Policy {
		n, _ := NewNet()
		return NewSmitsi(n)
	})
}
