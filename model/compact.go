package model

import (
	"bufio"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Compact weights: each tensor is quantized to signed integers in
// [-QMax, QMax] with one float32 scale per tensor (w ≈ q·scale), and each
// integer is stored as one character q+QOffset+PackBase. All such characters
// lie in the CJK block U+4E00..U+9FFF, which CodinGame counts as one UTF-16
// unit each, so a network of N parameters costs N characters of the 100,000
// character limit.
const (
	QBits    = 14
	QMax     = 1<<(QBits-1) - 1 // 8191
	QOffset  = 1 << (QBits - 1) // maps [-8192, 8191] onto [0, 16383]
	PackBase = 0x4E00           // first character of the packed alphabet
	packLast = PackBase + 1<<QBits - 1
)

// Compact is a quantized network, the form committed for the bot.
type Compact struct {
	Config Config
	Scales []float32 // one per tensor of Config.Specs(), canonical order
	Q      []int16   // Config.NumParams() values in [-QMax, QMax]
}

// Quantize rounds p to 14 bits per parameter. The per-tensor scale maps the
// tensor's largest magnitude to QMax, so the rounding error of every weight
// is at most scale/2 = maxabs/(2·QMax).
func Quantize(p *Params) (*Compact, error) {
	c := p.Config
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if len(p.Data) != c.NumParams() || len(p.Tensors) != len(c.Specs()) {
		return nil, errors.New("model: params do not match their config")
	}
	out := &Compact{Config: c, Q: make([]int16, 0, len(p.Data))}
	for i, t := range p.Tensors {
		var maxAbs float64
		for _, w := range t {
			a := math.Abs(float64(w))
			if math.IsNaN(a) || math.IsInf(a, 0) {
				return nil, fmt.Errorf("model: tensor %s holds %v", c.Specs()[i].Name, w)
			}
			maxAbs = math.Max(maxAbs, a)
		}
		scale := float32(maxAbs / QMax)
		out.Scales = append(out.Scales, scale)
		for _, w := range t {
			var q float64
			if scale > 0 {
				q = math.Round(float64(w) / float64(scale))
			}
			out.Q = append(out.Q, int16(math.Max(-QMax, math.Min(QMax, q))))
		}
	}
	return out, nil
}

// check reports a Compact whose parts disagree with its config.
func (w *Compact) check() error {
	if err := w.Config.Validate(); err != nil {
		return err
	}
	if n := len(w.Config.Specs()); len(w.Scales) != n {
		return fmt.Errorf("%d scales, config has %d tensors", len(w.Scales), n)
	}
	for i, s := range w.Scales {
		if !(s >= 0) || math.IsInf(float64(s), 0) {
			return fmt.Errorf("scale %d is %v, want finite and >= 0", i, s)
		}
	}
	if n := w.Config.NumParams(); len(w.Q) != n {
		return fmt.Errorf("%d values, config has %d parameters", len(w.Q), n)
	}
	for i, q := range w.Q {
		if q < -QMax || q > QMax {
			return fmt.Errorf("value %d is %d, outside ±%d", i, q, QMax)
		}
	}
	return nil
}

// Params dequantizes w as float32(q)·scale, exactly as the bots' decoder
// (internal/nn's Decode) does, so the trainer and its tests run the very
// weights a bot plays.
func (w *Compact) Params() (*Params, error) {
	if err := w.check(); err != nil {
		return nil, fmt.Errorf("model: compact weights: %w", err)
	}
	data := make([]float32, len(w.Q))
	i := 0
	for t, s := range w.Config.Specs() {
		for j := 0; j < s.Size(); j++ {
			data[i] = float32(w.Q[i]) * w.Scales[t]
			i++
		}
	}
	return paramsFrom(w.Config, data), nil
}

// Pack encodes quantized values one character each. Values outside
// [-QOffset, QOffset-1] are an error.
func Pack(q []int16) (string, error) {
	var b strings.Builder
	b.Grow(3 * len(q))
	for i, v := range q {
		if int(v) < -QOffset || int(v) >= QOffset {
			return "", fmt.Errorf("model: pack: value %d is %d, outside 14 bits", i, v)
		}
		b.WriteRune(rune(int(v) + QOffset + PackBase))
	}
	return b.String(), nil
}

// Unpack decodes a packed string into dst, which must have exactly one slot
// per character.
func Unpack(s string, dst []int16) error {
	i := 0
	for off, r := range s {
		if r < PackBase || r > packLast {
			return fmt.Errorf("model: unpack: character %q at byte %d is outside U+%04X..U+%04X", r, off, PackBase, packLast)
		}
		if i == len(dst) {
			return fmt.Errorf("model: unpack: more than %d characters", len(dst))
		}
		dst[i] = int16(int(r) - PackBase - QOffset)
		i++
	}
	if i != len(dst) {
		return fmt.Errorf("model: unpack: %d characters, want %d", i, len(dst))
	}
	return nil
}

// Packed is w's values as a packed string.
func (w *Compact) Packed() (string, error) { return Pack(w.Q) }

// Text format of compact weights (weights.txt), one item per line:
//
//	cgpolicy-weights 1
//	config agent=A cand=C maxcands=K h1=H1 h2=H2 value=V
//	scales S1 S2 ...            (one float32 per tensor, shortest exact form)
//	data N crc32=XXXXXXXX       (N characters; CRC-32 IEEE of the packed line's UTF-8)
//	<packed line>
//
// The text form diffs and reviews well in git while staying a single copy of
// the bytes that go into the bot.
const (
	compactMagic = "cgpolicy-weights"
	// CompactVersion is the text format version this package writes.
	CompactVersion = 1
)

// WriteCompact writes w in the text format.
func WriteCompact(out io.Writer, w *Compact) error {
	if err := w.check(); err != nil {
		return fmt.Errorf("model: compact weights: %w", err)
	}
	packed, err := w.Packed()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(out)
	fmt.Fprintf(bw, "%s %d\nconfig %v\nscales", compactMagic, CompactVersion, w.Config)
	for _, s := range w.Scales {
		bw.WriteString(" " + FormatFloat32(s))
	}
	fmt.Fprintf(bw, "\ndata %d crc32=%08x\n%s\n", len(w.Q), crc32.ChecksumIEEE([]byte(packed)), packed)
	return bw.Flush()
}

// FormatFloat32 prints f in the shortest form that parses back to the same
// float32; the code generator uses it for exact constants.
func FormatFloat32(f float32) string { return strconv.FormatFloat(float64(f), 'g', -1, 32) }

// SaveCompact writes w to path in the text format.
func SaveCompact(path string, w *Compact) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = WriteCompact(f, w)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("weights %s: %w", path, err)
	}
	return nil
}

// LoadCompact reads compact weights from a file. If want is not nil the
// stored config must equal *want.
func LoadCompact(path string, want *Config) (*Compact, error) {
	return load(path, func(r io.Reader, name string) (*Compact, error) { return ReadCompact(r, name, want) })
}

// Frozen parses the compact weights text, embedded from the file name, of
// a network committed once and never retrained (a pool's frozen bot, so
// that retraining moves the bot and never the yardstick it is measured
// against) as a network of cfg; what (say "grass v1") labels errors.
func Frozen(what, name, text string, cfg Config) (*Params, error) {
	w, err := ReadCompact(strings.NewReader(text), name, &cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return w.Params()
}

// ReadCompact parses the text format from r; name labels errors (a path).
// Every defect is an error naming the file, the line and the problem.
func ReadCompact(r io.Reader, name string, want *Config) (*Compact, error) {
	// The packed line of a maximal network is 3 bytes per parameter.
	b, err := io.ReadAll(io.LimitReader(r, 8*MaxParams+1<<16))
	if err != nil {
		return nil, fmt.Errorf("weights %s: read: %v", name, err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	fail := func(line int, format string, a ...interface{}) (*Compact, error) {
		return nil, fmt.Errorf("weights %s:%d: %s", name, line, fmt.Sprintf(format, a...))
	}
	if len(lines) != 5 {
		if len(lines) < 5 {
			return fail(len(lines), "truncated: %d lines, want 5", len(lines))
		}
		return fail(6, "%d lines, want 5", len(lines))
	}
	if !utf8.ValidString(string(b)) {
		return fail(1, "not valid UTF-8")
	}
	head := strings.Fields(lines[0])
	if len(head) != 2 || head[0] != compactMagic {
		return fail(1, "not a compact weights file (want %q header)", compactMagic)
	}
	if v, err := strconv.Atoi(head[1]); err != nil || v != CompactVersion {
		return fail(1, "format version %q, this build reads %d", head[1], CompactVersion)
	}
	c, err := parseConfig(lines[1])
	if err != nil {
		return fail(2, "%v", err)
	}
	if err := c.Validate(); err != nil {
		return fail(2, "%v", err)
	}
	specs := c.Specs()
	sf := strings.Fields(lines[2])
	if len(sf) == 0 || sf[0] != "scales" {
		return fail(3, "want a scales line")
	}
	if len(sf)-1 != len(specs) {
		return fail(3, "%d scales, config has %d tensors", len(sf)-1, len(specs))
	}
	w := &Compact{Config: c}
	for i, s := range sf[1:] {
		v, err := strconv.ParseFloat(s, 32)
		if err != nil || !(v >= 0) || math.IsInf(v, 0) {
			return fail(3, "scale %d (%s) is %q, want a finite float >= 0", i, specs[i].Name, s)
		}
		w.Scales = append(w.Scales, float32(v))
	}
	var n int
	var sum uint32
	if k, err := fmt.Sscanf(lines[3], "data %d crc32=%08x", &n, &sum); k != 2 || err != nil {
		return fail(4, "want \"data N crc32=XXXXXXXX\", got %q", lines[3])
	}
	if n != c.NumParams() {
		return fail(4, "%d values, config has %d parameters", n, c.NumParams())
	}
	packed := lines[4]
	if got := utf8.RuneCountInString(packed); got != n {
		return fail(5, "truncated or padded: %d characters, want %d", got, n)
	}
	if got := crc32.ChecksumIEEE([]byte(packed)); got != sum {
		return fail(5, "checksum mismatch: stored %08x, computed %08x (corrupt data)", sum, got)
	}
	w.Q = make([]int16, n)
	if err := Unpack(packed, w.Q); err != nil {
		return fail(5, "%v", err)
	}
	if err := w.check(); err != nil {
		return fail(5, "%v", err)
	}
	if want != nil && *want != c {
		return nil, fmt.Errorf("weights %s: %w: file has %v, want %v", name, ErrConfigMismatch, c, *want)
	}
	return w, nil
}

// parseConfig reads the key=value form written by Config.String, keys in
// that exact order so that two files with the same config are identical.
func parseConfig(line string) (Config, error) {
	var c Config
	f := strings.Fields(line)
	keys := []string{"agent", "cand", "maxcands", "h1", "h2", "value"}
	dst := []*int{&c.AgentDim, &c.CandDim, &c.MaxCands, &c.Hidden1, &c.Hidden2, &c.ValueHidden}
	if len(f) != len(keys)+1 || f[0] != "config" {
		return c, fmt.Errorf("want \"config %s\", got %q", strings.Join(keys, "=N "), line)
	}
	for i, k := range keys {
		kv := strings.SplitN(f[i+1], "=", 2)
		if len(kv) != 2 || kv[0] != k {
			return c, fmt.Errorf("config field %d is %q, want %s=N", i+1, f[i+1], k)
		}
		v, err := strconv.Atoi(kv[1])
		if err != nil {
			return c, fmt.Errorf("config %s: %v", k, err)
		}
		*dst[i] = v
	}
	return c, nil
}
