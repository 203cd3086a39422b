package engine

// Abs is the absolute value of v, for the grids and distances of every
// game's rules, features and policies.
func Abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Sign is -1, 0 or 1 as v is negative, zero or positive: a step towards a
// target on one axis.
func Sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
