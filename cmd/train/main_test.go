package main

import (
	"bytes"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cgpolicy/model"
	"cgpolicy/model/expert"
)

// tiny runs the smoke configuration in dir with extra flags.
func tiny(t *testing.T, dir string, extra ...string) error {
	t.Helper()
	args := append([]string{"-tiny", "-quiet", "-out", dir, "-workers", "2"}, extra...)
	return run(args, io.Discard, io.Discard)
}

func read(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTinyEndToEnd(t *testing.T) {
	dir := t.TempDir()
	out, wdir := filepath.Join(dir, "run"), filepath.Join(dir, "weights")
	if err := tiny(t, out, "-weights-dir", wdir); err != nil {
		t.Fatal(err)
	}
	if _, err := model.LoadCheckpoint(filepath.Join(out, expert.CheckpointFile), nil); err != nil {
		t.Fatal(err)
	}
	csv := strings.Split(strings.TrimSpace(string(read(t, filepath.Join(out, expert.LogFile)))), "\n")
	if len(csv) != 3 || csv[0] != "iteration,samples,loss,win_rate,ci_lo,ci_hi,rating,rating_lo,rating_hi" {
		t.Fatalf("log.csv:\n%s", strings.Join(csv, "\n"))
	}
	for i, line := range csv[1:] {
		f := strings.Split(line, ",")
		if len(f) != 9 || f[0] != string(rune('1'+i)) || f[1] == "0" {
			t.Fatalf("log.csv row %d: %q", i+1, line)
		}
	}
	img, err := png.Decode(bytes.NewReader(read(t, filepath.Join(out, expert.PlotFile))))
	if err != nil {
		t.Fatalf("log.png: %v", err)
	}
	if b := img.Bounds(); b.Dx() != expert.PlotW || b.Dy() != expert.PlotH {
		t.Fatalf("log.png is %v", b)
	}
	w, err := model.LoadCompact(filepath.Join(out, expert.CompactFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	if w.Config.Hidden1 != 16 {
		t.Fatalf("tiny network has h1=%d", w.Config.Hidden1)
	}
	if !bytes.Equal(read(t, filepath.Join(out, expert.CompactFile)), read(t, filepath.Join(wdir, "weights.txt"))) {
		t.Fatal("weights package holds other weights than the run")
	}
	if !bytes.Contains(read(t, filepath.Join(wdir, "weights.go")), []byte("DO NOT EDIT")) {
		t.Fatal("weights.go is not generated code")
	}
}

// The weights a run ships are those of its best iteration against greedy.
func TestShipsBestIteration(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run")
	if err := tiny(t, out, "-iters", "3", "-eval-games", "8"); err != nil {
		t.Fatal(err)
	}
	best, err := model.LoadCheckpoint(filepath.Join(out, expert.BestFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := model.Quantize(best)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := model.WriteCompact(&buf, want); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), read(t, filepath.Join(out, expert.CompactFile))) {
		t.Fatal("weights.txt is not the best checkpoint")
	}
	rows := strings.Split(strings.TrimSpace(string(read(t, filepath.Join(out, expert.LogFile)))), "\n")[1:]
	bestRate, bestIter := "", 0
	for i, line := range rows {
		if f := strings.Split(line, ","); bestIter == 0 || f[3] > bestRate {
			bestRate, bestIter = f[3], i+1
		}
	}
	last := read(t, filepath.Join(out, expert.CheckpointFile))
	if bestIter != len(rows) && bytes.Equal(last, read(t, filepath.Join(out, expert.BestFile))) {
		t.Fatalf("best iteration is %d of %d, but best.ckpt holds the last weights", bestIter, len(rows))
	}
}

func TestTinyNoWeightsDir(t *testing.T) {
	dir := t.TempDir()
	if err := tiny(t, dir, "-iters", "1"); err != nil {
		t.Fatal(err)
	}
	o, err := parseFlags([]string{"-tiny"}, io.Discard)
	if err != nil || o.WeightsDir != "" {
		t.Fatalf("-tiny regenerates %q (%v); it must leave the committed weights alone", o.WeightsDir, err)
	}
}

// TestDeterministic: the same seed gives the same bytes whatever the
// number of workers, and another seed gives other weights.
func TestDeterministic(t *testing.T) {
	dir := t.TempDir()
	ck := func(name string, extra ...string) []byte {
		out := filepath.Join(dir, name)
		if err := tiny(t, out, extra...); err != nil {
			t.Fatal(err)
		}
		return read(t, filepath.Join(out, expert.CheckpointFile))
	}
	a := ck("a", "-seed", "7")
	b := ck("b", "-seed", "7", "-workers", "1")
	c := ck("c", "-seed", "8")
	if !bytes.Equal(a, b) {
		t.Fatal("same seed, different workers: different weights")
	}
	if bytes.Equal(a, c) {
		t.Fatal("different seeds gave the same weights")
	}
}

// TestResume: a run stopped after one iteration and resumed ends with the
// same weights and log as an uninterrupted one.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	full, part := filepath.Join(dir, "full"), filepath.Join(dir, "part")
	if err := tiny(t, full, "-iters", "2"); err != nil {
		t.Fatal(err)
	}
	if err := tiny(t, part, "-iters", "1"); err != nil {
		t.Fatal(err)
	}
	if err := tiny(t, part, "-iters", "2", "-resume"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{expert.CheckpointFile, expert.BestFile, expert.LogFile, expert.CompactFile} {
		if !bytes.Equal(read(t, filepath.Join(full, f)), read(t, filepath.Join(part, f))) {
			t.Fatalf("%s differs after resuming", f)
		}
	}
}

func TestResumeErrors(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	if err := tiny(t, good, "-iters", "1"); err != nil {
		t.Fatal(err)
	}
	clone := func(name string, edit func(dir string)) string {
		d := filepath.Join(dir, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{expert.CheckpointFile, expert.StateFile} {
			if err := os.WriteFile(filepath.Join(d, f), read(t, filepath.Join(good, f)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		edit(d)
		return d
	}
	truncated := clone("truncated", func(d string) {
		p := filepath.Join(d, expert.CheckpointFile)
		b := read(t, p)
		os.WriteFile(p, b[:len(b)/2], 0o644)
	})
	flipped := clone("flipped", func(d string) {
		p := filepath.Join(d, expert.CheckpointFile)
		b := read(t, p)
		b[len(b)/2] ^= 1
		os.WriteFile(p, b, 0o644)
	})
	badState := clone("badstate", func(d string) {
		os.WriteFile(filepath.Join(d, expert.StateFile), []byte("{not json"), 0o644)
	})
	for _, tc := range []struct {
		name string
		dir  string
		args []string
		want string
	}{
		{"truncated checkpoint", truncated, []string{"-resume", "-iters", "2"}, filepath.Join(truncated, expert.CheckpointFile)},
		{"corrupt checkpoint", flipped, []string{"-resume", "-iters", "2"}, filepath.Join(flipped, expert.CheckpointFile)},
		{"corrupt state", badState, []string{"-resume", "-iters", "2"}, filepath.Join(badState, expert.StateFile)},
		{"other network", good, []string{"-resume", "-iters", "2", "-hidden1", "12"}, "config mismatch"},
		{"other seed", good, []string{"-resume", "-iters", "2", "-seed", "99"}, "other settings"},
		{"nothing to resume", filepath.Join(dir, "empty"), []string{"-resume"}, "no run to resume"},
		{"fresh run over a run", good, nil, "already holds a run"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tiny(t, tc.dir, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}

func TestBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-game", "chess"}, `unknown game`},
		{[]string{"-iters", "0"}, "-iters"},
		{[]string{"-games", "-1"}, "-games"},
		{[]string{"-eval-games", "3"}, "-eval-games"},
		{[]string{"-temp", "0"}, "-temp"},
		{[]string{"-workers", "0"}, "-workers"},
		{[]string{"-nonsense"}, "not defined"},
		{[]string{"extra"}, "unexpected arguments"},
	} {
		_, err := parseFlags(tc.args, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one mentioning %q", tc.args, err, tc.want)
		}
	}
}

// TestGameDefaults: -game picks that game's defaults and weights package;
// explicit flags still win.
func TestGameDefaults(t *testing.T) {
	def := func(game string) expert.Options {
		tr, err := trainer(game)
		if err != nil {
			t.Fatal(err)
		}
		return tr.Defaults()
	}
	for _, tc := range []struct {
		args    []string
		game    string
		temp    float64
		weights string
	}{
		{nil, "soak", def("soak").Temp, "weights/soak"},
		{[]string{"-game", "grass"}, "grass", def("grass").Temp, "weights/grass"},
		{[]string{"-game", "grass", "-temp", "2"}, "grass", 2, "weights/grass"},
		{[]string{"-game", "grass", "-tiny"}, "grass", def("grass").Temp, ""},
	} {
		o, err := parseFlags(tc.args, io.Discard)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if o.Game != tc.game || o.Temp != tc.temp || o.WeightsDir != tc.weights {
			t.Errorf("%v: game %q temp %v weights %q, want %q %v %q", tc.args, o.Game, o.Temp, o.WeightsDir, tc.game, tc.temp, tc.weights)
		}
	}
	if def("grass").Temp == def("soak").Temp {
		t.Error("grass has soak's target temperature")
	}
}
