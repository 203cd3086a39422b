package train

import (
	"testing"

	"cgpolicy/model"
)

// BenchmarkFitEpoch is one epoch of 1024 samples at a bot-sized network
// (about 30k parameters, 20 candidate slots, batch 64): the CPU cost of
// training per sample is ns/op / 1024.
func BenchmarkFitEpoch(b *testing.B) {
	c := model.Config{AgentDim: 96, CandDim: 48, MaxCands: 20, Hidden1: 128, Hidden2: 64, ValueHidden: 32}
	data := synth(c, 1024, 1)
	p, err := model.Init(c, 1)
	if err != nil {
		b.Fatal(err)
	}
	opt := DefaultOptions()
	opt.Epochs = 1
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Fit(p, data, opt); err != nil {
			b.Fatal(err)
		}
	}
}
