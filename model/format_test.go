package model

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func checkpointBytes(t *testing.T, p *Params) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteCheckpoint(&buf, p); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// resum fixes the trailing checksum so a test can reach the checks behind it.
func resum(b []byte) []byte {
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
	return b
}

func TestCheckpointRoundTrip(t *testing.T) {
	p := randomParams(t, small, 1)
	path := filepath.Join(t.TempDir(), "net.ckpt")
	if err := SaveCheckpoint(path, p); err != nil {
		t.Fatal(err)
	}
	q, err := LoadCheckpoint(path, &small)
	if err != nil {
		t.Fatal(err)
	}
	if q.Config != p.Config || len(q.Data) != len(p.Data) {
		t.Fatalf("loaded %v with %d params", q.Config, len(q.Data))
	}
	for i := range p.Data {
		if math.Float32bits(p.Data[i]) != math.Float32bits(q.Data[i]) {
			t.Fatalf("param %d: %v != %v", i, q.Data[i], p.Data[i])
		}
	}
	if _, err := os.Stat(path + ".tmp"); !os.IsNotExist(err) {
		t.Fatalf("temporary file left behind: %v", err)
	}
}

func TestCheckpointCorruption(t *testing.T) {
	p := randomParams(t, small, 1)
	good := checkpointBytes(t, p)
	other := Config{AgentDim: 5, CandDim: 4, MaxCands: 6, Hidden1: 8, Hidden2: 7, ValueHidden: 3}
	nan := p.Clone()
	nan.Data[10] = float32(math.NaN())
	mod := func(f func(b []byte) []byte) []byte { return f(append([]byte{}, good...)) }
	tests := []struct {
		name string
		data []byte
		want *Config
		msg  string
	}{
		{"empty", nil, nil, "bad magic"},
		{"not a checkpoint", []byte("hello world, this is text"), nil, "bad magic"},
		{"short header", good[:20], nil, "truncated header"},
		{"version", mod(func(b []byte) []byte { b[8] = 9; return resum(b) }), nil, "format version 9"},
		{"bad config", mod(func(b []byte) []byte { b[12+4*3] = 0; return resum(b) }), nil, "bad config"},
		{"count", mod(func(b []byte) []byte { b[12+4*6]++; return resum(b) }), nil, "holds"},
		{"truncated data", good[:len(good)-9], nil, "truncated"},
		{"trailing", append(append([]byte{}, good...), 0), nil, "trailing"},
		{"flipped bit", mod(func(b []byte) []byte { b[100] ^= 4; return b }), nil, "checksum mismatch"},
		{"bad checksum", mod(func(b []byte) []byte { b[len(b)-1]++; return b }), nil, "checksum mismatch"},
		{"config mismatch", good, &other, "config mismatch"},
		{"nan", checkpointBytes(t, nan), nil, "parameter 10 is NaN"},
		{"huge", make([]byte, 8*MaxParams), nil, "longer than"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadCheckpoint(bytes.NewReader(tc.data), "x.ckpt", tc.want)
			if err == nil || !strings.Contains(err.Error(), tc.msg) || !strings.Contains(err.Error(), "x.ckpt") {
				t.Fatalf("err = %v, want it to name x.ckpt and mention %q", err, tc.msg)
			}
		})
	}
	_, err := ReadCheckpoint(bytes.NewReader(good), "x", &other)
	if !errors.Is(err, ErrConfigMismatch) {
		t.Fatalf("mismatch error %v does not wrap ErrConfigMismatch", err)
	}
	if _, err := LoadCheckpoint(filepath.Join(t.TempDir(), "missing"), nil); err == nil {
		t.Fatal("loading a missing file succeeded")
	}
}

func TestPackRoundTrip(t *testing.T) {
	var q []int16
	for v := -QOffset; v < QOffset; v++ {
		q = append(q, int16(v))
	}
	s, err := Pack(q)
	if err != nil {
		t.Fatal(err)
	}
	if n := len([]rune(s)); n != len(q) {
		t.Fatalf("%d characters for %d values", n, len(q))
	}
	for _, r := range s {
		if r < 0x4E00 || r > 0x9FFF {
			t.Fatalf("character U+%04X outside the CJK block", r)
		}
		if r > 0xFFFF { // CodinGame counts UTF-16 units
			t.Fatalf("character U+%04X takes two UTF-16 units", r)
		}
	}
	got := make([]int16, len(q))
	if err := Unpack(s, got); err != nil {
		t.Fatal(err)
	}
	for i := range q {
		if got[i] != q[i] {
			t.Fatalf("value %d: %d -> %d", i, q[i], got[i])
		}
	}
}

func TestPackErrors(t *testing.T) {
	if _, err := Pack([]int16{0, 8192}); err == nil {
		t.Error("packed 8192")
	}
	if _, err := Pack([]int16{-8193}); err == nil {
		t.Error("packed -8193")
	}
	tests := []struct {
		name string
		s    string
		n    int
		want string
	}{
		{"short", "\u4e00\u4e01", 3, "2 characters, want 3"},
		{"long", "\u4e00\u4e01", 1, "more than 1"},
		{"ascii", "\u4e00a", 2, "outside"},
		{"above", "\u8e00", 1, "outside"},
		{"invalid utf8", "\xff", 1, "outside"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Unpack(tc.s, make([]int16, tc.n))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestQuantizeErrorBound(t *testing.T) {
	p := randomParams(t, small, 3)
	p.Tensor(NameBv2)[0] = 0 // an all-zero tensor gets scale 0
	w, err := Quantize(p)
	if err != nil {
		t.Fatal(err)
	}
	if w.Scales[len(w.Scales)-1] != 0 {
		t.Errorf("all-zero tensor has scale %v", w.Scales[len(w.Scales)-1])
	}
	q, err := w.Params()
	if err != nil {
		t.Fatal(err)
	}
	for ti, s := range small.Specs() {
		var maxAbs float64
		for _, v := range p.Tensors[ti] {
			maxAbs = math.Max(maxAbs, math.Abs(float64(v)))
		}
		bound := maxAbs/(2*QMax)*1.0001 + 1e-12
		for j, v := range p.Tensors[ti] {
			if d := math.Abs(float64(v - q.Tensors[ti][j])); d > bound {
				t.Fatalf("%s[%d]: %v -> %v, error %v > bound %v", s.Name, j, v, q.Tensors[ti][j], d, bound)
			}
		}
	}
	// Scores move little: the bot plays what was trained.
	net, qnet := NewNet(p), NewNet(q)
	r := newTestRand(4)
	a, b := make([]float32, small.MaxCands), make([]float32, small.MaxCands)
	for it := 0; it < 50; it++ {
		s := randomSample(r, small)
		net.ScoreAll(s.Agent, s.Cands, s.NumCands(), a)
		qnet.ScoreAll(s.Agent, s.Cands, s.NumCands(), b)
		for k := 0; k < s.NumCands(); k++ {
			if math.Abs(float64(a[k]-b[k])) > 2e-3 {
				t.Fatalf("quantization moved a score from %v to %v", a[k], b[k])
			}
		}
	}
	bad := p.Clone()
	bad.Data[0] = float32(math.Inf(-1))
	if _, err := Quantize(bad); err == nil || !strings.Contains(err.Error(), "W1") {
		t.Fatalf("quantizing Inf: err = %v", err)
	}
}

func compactText(t *testing.T, w *Compact) string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteCompact(&buf, w); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestCompactRoundTrip(t *testing.T) {
	w, err := Quantize(randomParams(t, small, 8))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "weights.txt")
	if err := SaveCompact(path, w); err != nil {
		t.Fatal(err)
	}
	got, err := LoadCompact(path, &small)
	if err != nil {
		t.Fatal(err)
	}
	if got.Config != w.Config || len(got.Q) != len(w.Q) {
		t.Fatalf("loaded %v", got.Config)
	}
	for i := range w.Scales {
		if math.Float32bits(got.Scales[i]) != math.Float32bits(w.Scales[i]) {
			t.Fatalf("scale %d: %v -> %v", i, w.Scales[i], got.Scales[i])
		}
	}
	for i := range w.Q {
		if got.Q[i] != w.Q[i] {
			t.Fatalf("value %d: %d -> %d", i, w.Q[i], got.Q[i])
		}
	}
	text := compactText(t, w)
	if lines := strings.Split(text, "\n"); len(lines) != 6 || !strings.HasPrefix(lines[0], "cgpolicy-weights 1") {
		t.Fatalf("unexpected layout:\n%s", text)
	}
}

func TestCompactCorruption(t *testing.T) {
	w, err := Quantize(randomParams(t, small, 8))
	if err != nil {
		t.Fatal(err)
	}
	good := compactText(t, w)
	lines := strings.Split(good, "\n")
	with := func(i int, s string) string {
		l := append([]string{}, lines...)
		l[i] = s
		return strings.Join(l, "\n")
	}
	packed := []rune(lines[4])
	swapped := append([]rune{}, packed...)
	swapped[0], swapped[1] = swapped[1], swapped[0]
	other := small
	other.Hidden2++
	tests := []struct {
		name string
		text string
		want *Config
		msg  string // must appear with the file name
	}{
		{"empty", "", nil, "truncated"},
		{"truncated", strings.Join(lines[:4], "\n"), nil, "truncated"},
		{"extra line", good + "more\n", nil, "want 5"},
		{"magic", with(0, "weights 1"), nil, ":1: not a compact"},
		{"version", with(0, "cgpolicy-weights 2"), nil, ":1: format version"},
		{"config syntax", with(1, "config agent=5 cand=4"), nil, ":2: want"},
		{"config key", strings.Replace(good, "h1=", "hidden1=", 1), nil, ":2: config field 4"},
		{"config number", strings.Replace(good, "h1=8", "h1=x", 1), nil, ":2: config h1"},
		{"config invalid", strings.Replace(good, "h1=8", "h1=0", 1), nil, ":2: model: config Hidden1"},
		{"scales count", with(2, "scales 1 2"), nil, ":3: 2 scales"},
		{"scale value", strings.Replace(good, "scales ", "scales -", 1), nil, ":3: scale 0"},
		{"scale nan", strings.Replace(good, "scales ", "scales NaN ", 1), nil, ":3:"},
		{"data line", with(3, "data x"), nil, ":4: want"},
		{"data count", with(3, strings.Replace(lines[3], "data ", "data 1", 1)), nil, ":4:"},
		{"short packed", with(4, string(packed[1:])), nil, ":5: truncated"},
		{"swapped chars", with(4, string(swapped)), nil, ":5: checksum mismatch"},
		{"crc", with(3, strings.Replace(lines[3], "crc32=", "crc32=f", 1)[:len(lines[3])]), nil, ":5: checksum"},
		{"bad char", with(4, "a"+string(packed[1:])), nil, ":5:"},
		{"mismatch", good, &other, "config mismatch"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadCompact(strings.NewReader(tc.text), "w.txt", tc.want)
			if err == nil || !strings.Contains(err.Error(), "w.txt") || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("err = %v, want it to name w.txt and mention %q", err, tc.msg)
			}
		})
	}
}

// TestFrozen: frozen weights parse into the network they hold, and a
// defect or another config is an error naming the member and the file.
func TestFrozen(t *testing.T) {
	p := randomParams(t, small, 8)
	w, err := Quantize(p)
	if err != nil {
		t.Fatal(err)
	}
	text := compactText(t, w)
	got, err := Frozen("g v1", "baselines/v1.txt", text, small)
	if err != nil || got.Config != small {
		t.Fatalf("Frozen = %v, %v", got, err)
	}
	other := small
	other.Hidden1++
	for _, tc := range []struct {
		text string
		cfg  Config
	}{{text[:len(text)/2], small}, {text, other}} {
		if _, err := Frozen("g v1", "baselines/v1.txt", tc.text, tc.cfg); err == nil || !strings.HasPrefix(err.Error(), "g v1: weights baselines/v1.txt") {
			t.Errorf("Frozen of a defect: %v", err)
		}
	}
}
