package expert

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The plot must show each curve in its own panel: the score and its band
// in the upper half, the loss in the lower half, at the advertised size.
func TestPlotPanels(t *testing.T) {
	rows := []row{
		{Iter: 1, Loss: 2.1, WinRate: 0.45, Lo: 0.38, Hi: 0.52},
		{Iter: 2, Loss: 2.0, WinRate: 0.55, Lo: 0.48, Hi: 0.62},
		{Iter: 3, Loss: 1.9, WinRate: 0.70, Lo: 0.63, Hi: 0.76},
	}
	data, err := plotLog(rows)
	if err != nil {
		t.Fatal(err)
	}
	// written as the trainer writes log.png, into the test's folder
	out := filepath.Join(t.TempDir(), "plot.png")
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("plot written to %s", out)
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() != PlotW || b.Dy() != PlotH {
		t.Fatalf("size %dx%d, want %dx%d", b.Dx(), b.Dy(), PlotW, PlotH)
	}
	top := image.Rect(0, 0, PlotW, PlotH/2)
	bottom := image.Rect(0, PlotH/2, PlotW, PlotH)
	tests := []struct {
		name   string
		area   image.Rectangle
		c      color.RGBA
		wantIn bool
	}{
		{"score above", top, colScore, true},
		{"band above", top, colBand, true},
		{"loss below", bottom, colLoss, true},
		{"no loss above", top, colLoss, false},
		{"no score below", bottom, colScore, false},
	}
	for _, tc := range tests {
		n := countColour(img, tc.area, tc.c)
		if tc.wantIn && n < 50 {
			t.Errorf("%s: only %d pixels of its colour", tc.name, n)
		}
		if !tc.wantIn && n > 0 {
			t.Errorf("%s: %d pixels of that colour", tc.name, n)
		}
	}
}

// An empty log (a run killed before its first evaluation) still plots.
func TestPlotEmpty(t *testing.T) {
	data, err := plotLog(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
}

func countColour(img image.Image, r image.Rectangle, c color.RGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if color.RGBAModel.Convert(img.At(x, y)) == c {
				n++
			}
		}
	}
	return n
}

// The loss axis has round bounds and labels that name their own values,
// for losses that differ only in their third decimal as real ones do.
func TestNiceAxis(t *testing.T) {
	for _, tc := range []struct {
		lo, hi           float64
		wantMin, wantMax float64
		wantLabels       string
	}{
		{1.397, 1.570, 1.35, 1.6, "1.35 1.40 1.45 1.50 1.55 1.60"},
		{1.9, 2.1, 1.9, 2.1, "1.90 1.95 2.00 2.05 2.10"},
		{0, 10, 0, 10, "0 2 4 6 8 10"},
		{3, 3, 2.4, 3.6, "2.4 2.6 2.8 3.0 3.2 3.4 3.6"},
	} {
		min, max, ticks := niceAxis(tc.lo, tc.hi)
		var labels []string
		for _, tk := range ticks {
			labels = append(labels, tk.Label)
			if v, err := strconv.ParseFloat(tk.Label, 64); err != nil || math.Abs(v-tk.Value) > 1e-9 {
				t.Errorf("tick %v labelled %q", tk.Value, tk.Label)
			}
		}
		if math.Abs(min-tc.wantMin) > 1e-9 || math.Abs(max-tc.wantMax) > 1e-9 || strings.Join(labels, " ") != tc.wantLabels {
			t.Errorf("niceAxis(%v, %v) = [%v, %v] %q, want [%v, %v] %q", tc.lo, tc.hi, min, max, labels, tc.wantMin, tc.wantMax, tc.wantLabels)
		}
	}
}

// TestScoreTicks: the score axis names the Elo rating of each inner score:
// zero at one half, mirrored signs about it (0.25 and 0.75), growing with
// the score, and none at 0 and 1, where it is unbounded.
func TestScoreTicks(t *testing.T) {
	elo := map[float64]int{}
	prev := math.Inf(-1)
	for _, tk := range scoreTicks() {
		var v float64
		var e int
		n, _ := fmt.Sscanf(tk.Label, "%g (%d)", &v, &e)
		if v != tk.Value {
			t.Fatalf("tick %v labelled %q", tk.Value, tk.Label)
		}
		inner := tk.Value > 0 && tk.Value < 1
		if inner != (n == 2) {
			t.Fatalf("tick %v labelled %q: want a rating only strictly between 0 and 1", tk.Value, tk.Label)
		}
		if inner {
			if float64(e) <= prev {
				t.Errorf("rating %d at %v does not grow with the score", e, tk.Value)
			}
			prev = float64(e)
			elo[tk.Value] = e
		}
	}
	if elo[0.5] != 0 || elo[0.75] <= 100 || elo[0.25] != -elo[0.75] {
		t.Errorf("ratings %v: want 0 at 0.5 and mirrored, about 190, at 0.25 and 0.75", elo)
	}
}
