package expert

import "testing"

func TestMixSpreads(t *testing.T) {
	seen := map[int64]bool{}
	for a := int64(0); a < 20; a++ {
		for b := int64(0); b < 20; b++ {
			v := mix(1, a, b)
			if v < 0 || seen[v] {
				t.Fatalf("mix(1, %d, %d) = %d repeats or is negative", a, b, v)
			}
			seen[v] = true
		}
	}
}
