package java

import (
	"math"
	"testing"
)

// Values from OpenJDK 17's Math.atan2 (bit patterns), chosen where Go's
// math.Atan2 gives another last bit: the first ones are hex-grid angles
// (dy = k*sqrt(3)/2, dx = j or j+0.5) like those the Caribbean referee
// takes, the rest random magnitudes.
var atan2Java = []struct{ y, x, want uint64 }{
	{0xc024c8dc2e423980, 0x4028000000000000, 0xbfe6d6d4823d9f2b},
	{0x40e542edcbf849d1, 0xc0461fd88d779279, 0x3ff92624e40b8604},
	{0x3e7b97c58681670a, 0xbfc088f1a5b9db34, 0x400921fae9773254},
	{0x40e5565f418dabe5, 0x401326163366fce3, 0x3ff921887556e182},
	{0x3e9d0a2631307c82, 0xc04654a054cdf71d, 0x400921fb52f7433c},
	{0x40d3bce9a947d360, 0x3ef6d5e8717c945e, 0x3ff921fb53fa21d2},
	{0x40453e94d2569f03, 0x40300a7536ff2f72, 0x3ff35b60e6816e22},
	{0x40e7f79ffa21941c, 0xbfcb5008200b1674, 0x3ff921ffe33213e7},
	{0x403097a84b4e0955, 0xbfd00711e4b7f838, 0x3ff95fcc6d4542ff},
	{0x3ff97d0c6099a2fc, 0xbf983975baed0824, 0x3ff95ecdac776a06},
	{0xc04338d17f44dca0, 0xbf2104ab8883005e, 0xbff921fedede9eb2},
	{0x3f625a6f326e494a, 0xc0458af8b043b823, 0x400921e01128daaf},
	{0xc0df9c1a39cc6b71, 0xbf47b97a32767c48, 0xbff921fb5a454a35},
	{0xc0de3cf13117d700, 0xc0109c0a9ea7a4b3, 0xbff92287f2b31272},
	{0xc0098ad0b0170ee2, 0x3e91f64f9bbba8bb, 0xbff921fb3dc34a7e},
	{0xbe8d6b90a2f2a08c, 0xc0b3509cc3a0f894, 0xc00921fb5442a729},
}

func TestAtan2MatchesJava(t *testing.T) {
	goDiffers := 0
	for _, tc := range atan2Java {
		y, x := math.Float64frombits(tc.y), math.Float64frombits(tc.x)
		if got := math.Float64bits(Atan2(y, x)); got != tc.want {
			t.Errorf("Atan2(%v, %v) = %v, want %v", y, x, Atan2(y, x), math.Float64frombits(tc.want))
		}
		if math.Float64bits(math.Atan2(y, x)) != tc.want {
			goDiffers++
		}
	}
	if goDiffers == 0 {
		t.Error("no case tells fdlibm from Go's math.Atan2; the table proves nothing")
	}
}

func TestAtan2Special(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct{ y, x, want float64 }{
		{0, 1, 0}, {0, -1, math.Pi}, {1, 0, math.Pi / 2}, {-1, 0, -math.Pi / 2},
		{1, 1, math.Pi / 4}, {-1, -1, -3 * math.Pi / 4}, {inf, inf, math.Pi / 4},
		{inf, -inf, 3 * math.Pi / 4}, {1, inf, 0}, {1, -inf, math.Pi}, {-inf, 5, -math.Pi / 2},
		{1e300, 1e-300, math.Pi / 2}, {-1e-300, -1e300, -math.Pi},
	} {
		if got := Atan2(tc.y, tc.x); got != tc.want {
			t.Errorf("Atan2(%v, %v) = %v, want %v", tc.y, tc.x, got, tc.want)
		}
	}
	if got := Atan2(math.NaN(), 1); got == got {
		t.Errorf("Atan2(NaN, 1) = %v, want NaN", got)
	}
}
