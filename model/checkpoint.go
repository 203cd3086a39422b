package model

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
)

// Checkpoint layout, all little endian:
//
//	magic    8 bytes "CGPCKPT\n"
//	version  uint32 (CheckpointVersion)
//	config   6×uint32: AgentDim CandDim MaxCands Hidden1 Hidden2 ValueHidden
//	count    uint32, must equal Config.NumParams()
//	data     count×float32 (IEEE 754 bits), canonical order
//	crc      uint32 CRC-32 (IEEE) of every byte before it
//
// Full float32 precision keeps resumed training exact; the compact format
// is for the bot.
const (
	checkpointMagic = "CGPCKPT\n"
	// CheckpointVersion is the checkpoint format version this package writes.
	CheckpointVersion = 1
	ckptHeaderLen     = 8 + 4 + 6*4 + 4
)

// ErrConfigMismatch is wrapped by loaders when a file holds a network of
// another shape than the caller asked for.
var ErrConfigMismatch = errors.New("config mismatch")

// WriteCheckpoint writes p in checkpoint format.
func WriteCheckpoint(w io.Writer, p *Params) error {
	c := p.Config
	if err := c.Validate(); err != nil {
		return err
	}
	if len(p.Data) != c.NumParams() {
		return fmt.Errorf("model: params hold %d floats, config wants %d", len(p.Data), c.NumParams())
	}
	buf := make([]byte, 0, ckptHeaderLen+4*len(p.Data)+4)
	buf = append(buf, checkpointMagic...)
	for _, v := range []int{CheckpointVersion, c.AgentDim, c.CandDim, c.MaxCands, c.Hidden1, c.Hidden2, c.ValueHidden, len(p.Data)} {
		buf = appendU32(buf, uint32(v))
	}
	for _, f := range p.Data {
		buf = appendU32(buf, math.Float32bits(f))
	}
	buf = appendU32(buf, crc32.ChecksumIEEE(buf))
	_, err := w.Write(buf)
	return err
}

// SaveCheckpoint writes p to path atomically (temp file then rename), so an
// interrupted training run never leaves a half-written checkpoint behind.
func SaveCheckpoint(path string, p *Params) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	err = WriteCheckpoint(bw, p)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("checkpoint %s: %w", path, err)
	}
	return os.Rename(tmp, path)
}

// LoadCheckpoint reads a checkpoint file. If want is not nil the stored
// config must equal *want.
func LoadCheckpoint(path string, want *Config) (*Params, error) {
	return load(path, func(r io.Reader, name string) (*Params, error) { return ReadCheckpoint(r, name, want) })
}

// load opens path and reads it with read, whose errors name the path.
func load[T any](path string, read func(r io.Reader, name string) (T, error)) (T, error) {
	f, err := os.Open(path)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	return read(f, path)
}

// ReadCheckpoint parses a checkpoint from r; name labels errors (a path).
// Every defect is an error naming the file and the problem, never a panic.
func ReadCheckpoint(r io.Reader, name string, want *Config) (*Params, error) {
	fail := func(format string, a ...interface{}) (*Params, error) {
		return nil, fmt.Errorf("checkpoint %s: %s", name, fmt.Sprintf(format, a...))
	}
	maxLen := int64(ckptHeaderLen + 4*MaxParams + 4)
	b, err := io.ReadAll(io.LimitReader(r, maxLen+1))
	if err != nil {
		return fail("read: %v", err)
	}
	if int64(len(b)) > maxLen {
		return fail("longer than the largest possible checkpoint (%d bytes)", maxLen)
	}
	if len(b) < len(checkpointMagic) || !bytes.Equal(b[:len(checkpointMagic)], []byte(checkpointMagic)) {
		return fail("not a checkpoint (bad magic)")
	}
	if len(b) < ckptHeaderLen {
		return fail("truncated header: %d bytes, want at least %d", len(b), ckptHeaderLen)
	}
	u := func(i int) int { return int(binary.LittleEndian.Uint32(b[8+4*i:])) }
	if v := u(0); v != CheckpointVersion {
		return fail("format version %d, this build reads %d", v, CheckpointVersion)
	}
	c := Config{AgentDim: u(1), CandDim: u(2), MaxCands: u(3), Hidden1: u(4), Hidden2: u(5), ValueHidden: u(6)}
	if err := c.Validate(); err != nil {
		return fail("bad config %v: %v", c, err)
	}
	count := u(7)
	if count != c.NumParams() {
		return fail("holds %d parameters but its config %v has %d", count, c, c.NumParams())
	}
	if want := ckptHeaderLen + 4*count + 4; len(b) != want {
		if len(b) < want {
			return fail("truncated: %d bytes, want %d", len(b), want)
		}
		return fail("%d trailing bytes after the checksum", len(b)-want)
	}
	body := b[:len(b)-4]
	if got, stored := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(b[len(b)-4:]); got != stored {
		return fail("checksum mismatch: stored %08x, computed %08x (corrupt file)", stored, got)
	}
	if want != nil && *want != c {
		return nil, fmt.Errorf("checkpoint %s: %w: file has %v, want %v", name, ErrConfigMismatch, c, *want)
	}
	data := make([]float32, count)
	for i := range data {
		f := math.Float32frombits(binary.LittleEndian.Uint32(body[ckptHeaderLen+4*i:]))
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return fail("parameter %d is %v (diverged training?)", i, f)
		}
		data[i] = f
	}
	return paramsFrom(c, data), nil
}

// appendU32 is binary.LittleEndian.AppendUint32, which Go 1.18 lacks.
func appendU32(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}
