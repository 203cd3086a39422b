package expert

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"
)

// The plot must carry its labels: the title in the win-rate colour, the
// value scale left of the axis and iteration numbers under it.
func TestPlotHasLabels(t *testing.T) {
	rows := []row{
		{Iter: 1, Loss: 2.1, WinRate: 0.45, Lo: 0.38, Hi: 0.52},
		{Iter: 2, Loss: 2.0, WinRate: 0.55, Lo: 0.48, Hi: 0.62},
		{Iter: 3, Loss: 1.9, WinRate: 0.70, Lo: 0.63, Hi: 0.76},
	}
	data, err := plotLog(rows)
	if err != nil {
		t.Fatal(err)
	}
	if p := os.Getenv("PLOT_OUT"); p != "" {
		_ = os.WriteFile(p, data, 0o644)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		area image.Rectangle
		c    color.RGBA
	}{
		{"title", image.Rect(left, 8, left+textWidth("WIN RATE VS GREEDY"), 15), colWin},
		{"loss legend", image.Rect(PlotW-margin-textWidth("LOSS (SCALED)"), 8, PlotW-margin, 15), colLoss},
		{"value scale", image.Rect(0, margin-4, left-4, PlotH-margin+4), colAxis},
		{"iterations", image.Rect(left-6, PlotH-margin+8, PlotW-margin+6, PlotH-margin+15), colAxis},
	}
	for _, tc := range tests {
		if n := countColour(img, tc.area, tc.c); n < 10 {
			t.Errorf("%s: %d pixels of its colour in %v", tc.name, n, tc.area)
		}
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
