package jrand

// Random is java.util.Random: the 48-bit linear congruential generator.
type Random struct{ seed int64 }

const (
	lcgMul  = 0x5DEECE66D
	lcgAdd  = 0xB
	lcgMask = (1 << 48) - 1
	// lcgInv is the inverse of lcgMul modulo 2^48: it steps the generator
	// backwards.
	lcgInv = 0xDFE05BCB1365
)

// NewRandom is new java.util.Random(seed). Every seed, 0 included, is valid.
func NewRandom(seed int64) *Random { return &Random{seed: (seed ^ lcgMul) & lcgMask} }

// SeedWithDraw returns a seed s for which the n-th call (n >= 1) of
// NewRandom(s).Next(32) returns v. A referee's arithmetic on a draw is most
// fragile at values a random seed almost never gives (Integer.MIN_VALUE
// under Math.abs, say); this reaches them by running the generator
// backwards from a state whose top 32 bits are v. The seed lies in
// [0, 2^48), and many others give the same draw.
func SeedWithDraw(n int, v int32) int64 {
	st := int64(uint32(v)) << 16
	for i := 0; i < n; i++ {
		st = ((st - lcgAdd) * lcgInv) & lcgMask
	}
	return st ^ lcgMul
}

// Next is Random.next(bits).
func (r *Random) Next(bits int) int32 {
	r.seed = (r.seed*lcgMul + lcgAdd) & lcgMask
	return int32(uint64(r.seed) >> uint(48-bits))
}

// Int is Random.nextInt() with no bound.
func (r *Random) Int() int32 { return r.Next(32) }

// IntN is Random.nextInt(bound).
func (r *Random) IntN(bound int) int { return javaIntN(r.Next, bound) }

// IntRange is Java 17's RandomGenerator.nextInt(origin, bound).
func (r *Random) IntRange(origin, bound int) int { return javaIntRange(r.Next, origin, bound) }

// Bool is Random.nextBoolean.
func (r *Random) Bool() bool { return r.Next(1) != 0 }

// Float64 is Random.nextDouble.
func (r *Random) Float64() float64 { return javaDouble(r.Next) }

// Shuffle is Collections.shuffle(list, rnd) for a list of n elements.
func (r *Random) Shuffle(n int, swap func(i, j int)) { javaShuffle(r.IntN, n, swap) }

// javaIntN is Random.nextInt(bound), power-of-two shortcut and rejection
// loop included. bound must be positive.
func javaIntN(next func(int) int32, bound int) int {
	b := int32(bound)
	if b&(-b) == b {
		return int((int64(b) * int64(next(31))) >> 31)
	}
	for {
		bits := next(31)
		val := bits % b
		if bits-val+(b-1) >= 0 { // no int32 overflow: the draw is unbiased
			return int(val)
		}
	}
}

// javaIntRange is RandomSupport.boundedNextInt(rng, origin, bound) for
// origin < bound, as Java 17 implements nextInt(origin, bound).
func javaIntRange(next func(int) int32, origin, bound int) int {
	o, b := int32(origin), int32(bound)
	r := next(32)
	n := b - o
	if n > 0 {
		m := n - 1
		if n&m == 0 {
			return int((r & m) + o)
		}
		u := int32(uint32(r) >> 1)
		for {
			r = u % n
			if u+m-r >= 0 {
				break
			}
			u = int32(uint32(next(32)) >> 1)
		}
		return int(r + o)
	}
	for r < o || r >= b {
		r = next(32)
	}
	return int(r)
}

// javaDouble is Random.nextDouble: 53 random bits scaled to [0, 1).
func javaDouble(next func(int) int32) float64 {
	return float64(int64(next(26))<<27+int64(next(27))) * (1.0 / (1 << 53))
}

// javaShuffle is Collections.shuffle for a random-access list.
func javaShuffle(intN func(int) int, n int, swap func(i, j int)) {
	for i := n; i > 1; i-- {
		swap(i-1, intN(i))
	}
}
