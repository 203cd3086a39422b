package expert

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"cgpolicy/internal/arena"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Plot size in pixels: wide enough for a few dozen iterations, small
// enough to glance at beside the log.
const (
	PlotW, PlotH = 800, 600
	plotDPI      = 96
)

// Colours of the curves; the test looks for them in the picture.
var (
	colScore = color.RGBA{20, 90, 200, 255}
	colBand  = color.RGBA{170, 200, 240, 255}
	colLoss  = color.RGBA{210, 60, 40, 255}
	colHalf  = color.RGBA{120, 120, 120, 255}
)

// plotLog draws the log as a PNG of two panels over the iterations: above,
// the network's score against the evaluation pool with its 95% interval as
// a band and the even line at 0.5, so progress and its noise read at a
// glance; below, the fit's loss on its own scale, where a rising curve
// warns of a learning rate or target problem.
func plotLog(rows []row) ([]byte, error) {
	score := plot.New()
	score.Title.Text = "Score and rating against the evaluation pool (95% interval)"
	score.X.Label.Text = "iteration"
	score.Y.Label.Text = "score (Elo rating)"
	score.Y.Min, score.Y.Max = 0, 1
	score.Y.Tick.Marker = scoreTicks()
	score.Add(plotter.NewGrid())

	loss := plot.New()
	loss.Title.Text = "Training loss"
	loss.X.Label.Text = "iteration"
	loss.Y.Label.Text = "loss"
	loss.Add(plotter.NewGrid())

	if len(rows) > 0 {
		mean := make(plotter.XYs, len(rows))
		losses := make(plotter.XYs, len(rows))
		band := make(plotter.XYs, 0, 2*len(rows))
		for i, r := range rows {
			x := float64(r.Iter)
			mean[i] = plotter.XY{X: x, Y: r.WinRate}
			losses[i] = plotter.XY{X: x, Y: r.Loss}
			band = append(band, plotter.XY{X: x, Y: r.Hi})
		}
		for i := len(rows) - 1; i >= 0; i-- {
			band = append(band, plotter.XY{X: float64(rows[i].Iter), Y: rows[i].Lo})
		}
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return nil, fmt.Errorf("plot: interval band: %w", err)
		}
		poly.Color = colBand
		poly.LineStyle.Width = 0
		half, err := plotter.NewLine(plotter.XYs{{X: float64(rows[0].Iter), Y: 0.5}, {X: float64(rows[len(rows)-1].Iter), Y: 0.5}})
		if err != nil {
			return nil, fmt.Errorf("plot: even line: %w", err)
		}
		half.Color = colHalf
		half.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
		line, points, err := plotter.NewLinePoints(mean)
		if err != nil {
			return nil, fmt.Errorf("plot: score: %w", err)
		}
		line.Color, line.Width = colScore, vg.Points(2)
		points.Color, points.Shape = colScore, draw.CircleGlyph{}
		score.Add(poly, half, line, points)
		score.Legend.Add("score", line, points)
		score.Legend.Add("95% interval", poly)
		score.Legend.Top, score.Legend.Left = false, false
		score.Legend.XOffs, score.Legend.YOffs = -vg.Points(8), vg.Points(8)

		lline, lpoints, err := plotter.NewLinePoints(losses)
		if err != nil {
			return nil, fmt.Errorf("plot: loss: %w", err)
		}
		lline.Color, lline.Width = colLoss, vg.Points(2)
		lpoints.Color, lpoints.Shape = colLoss, draw.CircleGlyph{}
		loss.Add(lline, lpoints)
		lo, hi := losses[0].Y, losses[0].Y
		for _, l := range losses {
			lo, hi = math.Min(lo, l.Y), math.Max(hi, l.Y)
		}
		loss.Y.Min, loss.Y.Max, loss.Y.Tick.Marker = niceAxis(lo, hi)
		for _, p := range []*plot.Plot{score, loss} {
			p.X.Min, p.X.Max = float64(rows[0].Iter)-0.5, float64(rows[len(rows)-1].Iter)+0.5
			p.X.Tick.Marker = iterTicks{}
		}
	}

	w, h := vg.Length(PlotW)*vg.Inch/plotDPI, vg.Length(PlotH)*vg.Inch/plotDPI
	img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(plotDPI))
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: 2, Cols: 1, PadTop: vg.Points(6), PadBottom: vg.Points(6), PadLeft: vg.Points(6), PadRight: vg.Points(12), PadY: vg.Points(12)}
	canvases := plot.Align([][]*plot.Plot{{score}, {loss}}, tiles, dc)
	score.Draw(canvases[0][0])
	loss.Draw(canvases[1][0])
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("plot: png: %w", err)
	}
	return buf.Bytes(), nil
}

// scoreTicks label the score axis with the Elo rating each score implies
// (arena.Elo, as in the log), so the plot reads as the rating the issue
// asks for without a second axis.
func scoreTicks() plot.ConstantTicks {
	var ts plot.ConstantTicks
	for _, v := range []float64{0, 0.1, 0.25, 0.5, 0.75, 0.9, 1} {
		label := strconv.FormatFloat(v, 'f', -1, 64)
		if v > 0 && v < 1 {
			label += fmt.Sprintf(" (%+.0f)", arena.Elo(v))
		}
		ts = append(ts, plot.Tick{Value: v, Label: label})
	}
	return ts
}

// niceAxis widens [lo, hi] to whole steps of 1, 2 or 5 times a power of
// ten, about five of them, and labels each step with just enough decimals.
// The library's default ticks label with too few digits for a loss that
// moves in its third decimal, which misplaces the labels.
func niceAxis(lo, hi float64) (min, max float64, ticks plot.ConstantTicks) {
	if hi-lo < 1e-9 {
		lo, hi = lo-0.5, hi+0.5
	}
	raw := (hi - lo) / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{2, 5, 10} {
		if step >= raw {
			break
		}
		step = m * mag
	}
	decimals := 0
	if step < 1 {
		decimals = int(math.Ceil(-math.Log10(step) - 1e-9))
	}
	first, last := math.Floor(lo/step+1e-9), math.Ceil(hi/step-1e-9)
	for k := first; k <= last; k++ {
		v := k * step
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', decimals, 64)})
	}
	return first * step, last * step, ticks
}

// iterTicks labels whole iterations only, at most about a dozen of them.
type iterTicks struct{}

func (iterTicks) Ticks(lo, hi float64) []plot.Tick {
	first, last := int(math.Ceil(lo)), int(math.Floor(hi))
	step := 1 + (last-first)/12
	var ts []plot.Tick
	for i := first; i <= last; i++ {
		t := plot.Tick{Value: float64(i)}
		if (i-first)%step == 0 {
			t.Label = fmt.Sprint(i)
		}
		ts = append(ts, t)
	}
	return ts
}
