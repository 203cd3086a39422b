// Package nn is what every policy network of this module shares, in
// training (model, model/expert) and in the bots: the float32 forward pass
// (Net), the decoding of the packed weights that the generated weights
// packages hold (Packed), the top candidate and the softmax of the scores.
// One copy keeps the network the trainer fits, the one its tests check and
// the one each bot plays the same code, and the trainer's exploration and
// the bots' priors the same function. It is bundled into the bots, so it
// uses only the standard library and Go 1.18.
package nn

import "math"

// Argmax is the index of the largest score, the first on ties; 0 for no
// scores.
func Argmax(x []float32) int {
	best := 0
	for i, v := range x {
		if v > x[best] {
			best = i
		}
	}
	return best
}

// Softmax fills dst[k] with exp((sc[k]-m)/t), where m is the largest
// score, and returns their sum and m: the unnormalised softmax of the
// scores at temperature t. sc must not be empty, and dst must be at least
// as long.
func Softmax(sc []float32, t float64, dst []float64) (sum float64, m float32) {
	m = sc[0]
	for _, v := range sc {
		if v > m {
			m = v
		}
	}
	for k, v := range sc {
		dst[k] = math.Exp(float64(v-m) / t)
		sum += dst[k]
	}
	return sum, m
}
