package java

import "math"

// StrictMath.atan and StrictMath.atan2 are fdlibm's, and HotSpot's
// Math.atan2 computes the same values. Go's math.Atan2 uses other
// polynomials and can differ in the last bit, which flips the referees'
// exact comparisons between angles; so the fdlibm method is redone here.
// Every product is wrapped in float64() so that no architecture fuses it
// into a multiply-add, which would round differently from Java.

var (
	atanHi = [4]float64{
		4.63647609000806093515e-01, // atan(0.5)
		7.85398163397448278999e-01, // atan(1)
		9.82793723247329054082e-01, // atan(1.5)
		1.57079632679489655800e+00, // atan(inf)
	}
	atanLo = [4]float64{
		2.26987774529616870924e-17,
		3.06161699786838301793e-17,
		1.39033110312309984516e-17,
		6.12323399573676603587e-17,
	}
	atanT = [11]float64{
		3.33333333333329318027e-01,
		-1.99999999998764832476e-01,
		1.42857142725034663711e-01,
		-1.11111104054623557880e-01,
		9.09088713343650656196e-02,
		-7.69187620504482999495e-02,
		6.66107313738753120669e-02,
		-5.83357013379057348645e-02,
		4.97687799461593236017e-02,
		-3.65315727442169155270e-02,
		1.62858201153657823623e-02,
	}
)

const (
	piHalf = 1.5707963267948965580e+00
	piQ    = 7.8539816339744827900e-01
	piHi   = 3.1415926535897931160e+00
	piLo   = 1.2246467991473531772e-16
)

// Atan is StrictMath.atan.
func Atan(x float64) float64 {
	hx := int32(math.Float64bits(x) >> 32)
	ix := hx & 0x7fffffff
	if ix >= 0x44100000 { // |x| >= 2^66, or NaN
		if x != x {
			return x
		}
		if hx > 0 {
			return atanHi[3] + atanLo[3]
		}
		return -atanHi[3] - atanLo[3]
	}
	id := -1
	if ix < 0x3fdc0000 { // |x| < 0.4375
		if ix < 0x3e200000 { // |x| < 2^-29: atan(x) rounds to x
			return x
		}
	} else {
		x = math.Abs(x)
		switch {
		case ix < 0x3fe60000: // |x| < 0.6875
			id = 0
			x = (float64(2.0*x) - 1.0) / (2.0 + x)
		case ix < 0x3ff30000: // |x| < 1.1875
			id = 1
			x = (x - 1.0) / (x + 1.0)
		case ix < 0x40038000: // |x| < 2.4375
			id = 2
			x = (x - 1.5) / (1.0 + float64(1.5*x))
		default:
			id = 3
			x = -1.0 / x
		}
	}
	z := float64(x * x)
	w := float64(z * z)
	t := &atanT
	// Horner's rule from the inside out, each step rounded on its own.
	s1 := t[10]
	for _, c := range [...]float64{t[8], t[6], t[4], t[2], t[0]} {
		s1 = c + float64(w*s1)
	}
	s1 = float64(z * s1)
	s2 := t[9]
	for _, c := range [...]float64{t[7], t[5], t[3], t[1]} {
		s2 = c + float64(w*s2)
	}
	s2 = float64(w * s2)
	if id < 0 {
		return x - float64(x*(s1+s2))
	}
	r := atanHi[id] - ((float64(x*(s1+s2)) - atanLo[id]) - x)
	if hx < 0 {
		return -r
	}
	return r
}

// Atan2 is StrictMath.atan2 (and Math.atan2 on HotSpot).
func Atan2(y, x float64) float64 {
	if x != x || y != y {
		return x + y
	}
	if x == 1 {
		return Atan(y)
	}
	yNeg := math.Signbit(y)
	xNeg := math.Signbit(x)
	if y == 0 {
		if !xNeg {
			return y // +-0
		}
		if yNeg {
			return -piHi
		}
		return piHi
	}
	if x == 0 {
		if yNeg {
			return -piHalf
		}
		return piHalf
	}
	if math.IsInf(x, 0) {
		if math.IsInf(y, 0) {
			r := piQ
			if xNeg {
				r = 3.0 * piQ
			}
			if yNeg {
				return -r
			}
			return r
		}
		r := 0.0
		if xNeg {
			r = piHi
		}
		if yNeg {
			return -r
		}
		return r
	}
	if math.IsInf(y, 0) {
		if yNeg {
			return -piHalf
		}
		return piHalf
	}
	hy := int32(math.Float64bits(y)>>32) & 0x7fffffff
	hx := int32(math.Float64bits(x)>>32) & 0x7fffffff
	k := (hy - hx) >> 20
	var z float64
	switch {
	case k > 60: // |y/x| > 2^60
		z = piHalf + float64(0.5*piLo)
	case xNeg && k < -60: // |y|/x < -2^60
		z = 0
	default:
		z = Atan(math.Abs(y / x))
	}
	switch {
	case !xNeg && !yNeg:
		return z
	case !xNeg:
		return -z
	case !yNeg:
		return piHi - (z - piLo)
	default:
		return (z - piLo) - piHi
	}
}
