// Package jrand reproduces the Java random generators that CodinGame referees
// draw from, bit for bit, so that maps made from a contest seed match the
// official ones: SecureRandom("SHA1PRNG") seeded with setSeed(long), and
// java.util.Random.
package jrand

import (
	"crypto/sha1"
	"errors"
)

// ErrZeroSeed is returned for seed 0: SecureRandom.setSeed(0) is ignored by
// the JDK and the generator seeds itself from entropy, so no map made from it
// can be reproduced.
var ErrZeroSeed = errors.New("seed 0 cannot be reproduced: the referee's SHA1PRNG ignores a zero seed")

// SHA1PRNG is the SUN provider's SHA1PRNG after one setSeed(long) call. The
// zero value is not usable; call NewSHA1PRNG.
type SHA1PRNG struct {
	state [20]byte
	out   [20]byte
	left  int // unread bytes at the end of out
}

// NewSHA1PRNG seeds the generator as SecureRandom.setSeed(long) does on a
// fresh instance: the state is SHA-1 of the seed's 8 bytes, low byte first.
func NewSHA1PRNG(seed int64) (*SHA1PRNG, error) {
	if seed == 0 {
		return nil, ErrZeroSeed
	}
	var b [8]byte
	for i := range b {
		b[i] = byte(uint64(seed) >> (8 * i))
	}
	return &SHA1PRNG{state: sha1.Sum(b[:])}, nil
}

// refill produces the next output block and advances the state by
// state + output + 1 over signed bytes, as the JDK's updateState does.
func (r *SHA1PRNG) refill() {
	r.out = sha1.Sum(r.state[:])
	carry := int32(1)
	changed := false
	for i := range r.state {
		v := int32(int8(r.state[i])) + int32(int8(r.out[i])) + carry
		nb := byte(v)
		changed = changed || nb != r.state[i]
		r.state[i] = nb
		carry = v >> 8
	}
	if !changed {
		r.state[0]++
	}
	r.left = len(r.out)
}

// nextBytes fills dst, using leftover bytes of the last block first.
func (r *SHA1PRNG) nextBytes(dst []byte) {
	for i := range dst {
		if r.left == 0 {
			r.refill()
		}
		dst[i] = r.out[len(r.out)-r.left]
		r.left--
	}
}

// Next is SecureRandom.next(bits): ceil(bits/8) bytes read big-endian, shifted
// down to bits bits.
func (r *SHA1PRNG) Next(bits int) int32 {
	n := (bits + 7) / 8
	var buf [4]byte
	r.nextBytes(buf[:n])
	var v uint32
	for i := 0; i < n; i++ {
		v = v<<8 | uint32(buf[i])
	}
	return int32(v >> uint(8*n-bits))
}

// IntN is Random.nextInt(bound); see javaIntN.
func (r *SHA1PRNG) IntN(bound int) int { return javaIntN(r.Next, bound) }

// IntRange is Java 17's RandomGenerator.nextInt(origin, bound).
func (r *SHA1PRNG) IntRange(origin, bound int) int { return javaIntRange(r.Next, origin, bound) }

// Bool is Random.nextBoolean.
func (r *SHA1PRNG) Bool() bool { return r.Next(1) != 0 }

// Float64 is Random.nextDouble.
func (r *SHA1PRNG) Float64() float64 { return javaDouble(r.Next) }

// Shuffle is Collections.shuffle(list, rnd) for a list of n elements.
func (r *SHA1PRNG) Shuffle(n int, swap func(i, j int)) { javaShuffle(r.IntN, n, swap) }
