package nn

import (
	"math"
	"testing"
)

func TestArgmax(t *testing.T) {
	for _, tc := range []struct {
		x    []float32
		want int
	}{
		{nil, 0},
		{[]float32{3}, 0},
		{[]float32{1, 5, 2}, 1},
		{[]float32{-4, -1, -1, -3}, 1}, // the first of a tie
		{[]float32{2, 2, 7}, 2},
	} {
		if got := Argmax(tc.x); got != tc.want {
			t.Errorf("Argmax(%v) = %d, want %d", tc.x, got, tc.want)
		}
	}
}

func TestSoftmax(t *testing.T) {
	for _, tc := range []struct {
		sc   []float32
		temp float64
		want []float64 // normalised
	}{
		{[]float32{0}, 1, []float64{1}},
		{[]float32{1, 1}, 3, []float64{0.5, 0.5}},
		{[]float32{0, float32(math.Log(3))}, 1, []float64{0.25, 0.75}},
		{[]float32{0, float32(2 * math.Log(3))}, 2, []float64{0.25, 0.75}}, // the temperature divides
		{[]float32{1e6, 1e6, -1e6}, 1, []float64{0.5, 0.5, 0}},             // shifted by the max: no overflow
	} {
		dst := make([]float64, len(tc.sc))
		sum, m := Softmax(tc.sc, tc.temp, dst)
		if m != tc.sc[Argmax(tc.sc)] {
			t.Errorf("Softmax(%v): max %v", tc.sc, m)
		}
		for k := range dst {
			if got := dst[k] / sum; math.Abs(got-tc.want[k]) > 1e-6 {
				t.Errorf("Softmax(%v, %v)[%d] = %v, want %v", tc.sc, tc.temp, k, got, tc.want[k])
			}
		}
		if dst[Argmax(tc.sc)] != 1 {
			t.Errorf("Softmax(%v): the top score weighs %v, want exactly 1", tc.sc, dst[Argmax(tc.sc)])
		}
	}
}
