package expert

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
)

// Plot geometry and colours.
const (
	PlotW, PlotH = 640, 360
	margin       = 30
	left         = 40 // room for the value labels
)

var (
	colBack  = color.RGBA{255, 255, 255, 255}
	colAxis  = color.RGBA{0, 0, 0, 255}
	colGrid  = color.RGBA{220, 220, 220, 255}
	colHalf  = color.RGBA{150, 150, 150, 255}
	colWin   = color.RGBA{20, 90, 200, 255}
	colBand  = color.RGBA{150, 190, 240, 255}
	colLoss  = color.RGBA{210, 60, 40, 255}
	colPoint = color.RGBA{0, 40, 120, 255}
)

// plotLog draws the log as a PNG line chart over the iterations: the win
// rate against greedy (blue, with its 95% interval in light blue) on a 0..1
// scale with grid lines every 0.1 and a darker line at 0.5, and the loss
// (red) scaled so its largest value touches the top.
func plotLog(rows []row) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, PlotW, PlotH))
	for y := 0; y < PlotH; y++ {
		for x := 0; x < PlotW; x++ {
			img.Set(x, y, colBack)
		}
	}
	x0, x1 := left, PlotW-margin
	y0, y1 := PlotH-margin, margin // value 0 at y0, 1 at y1
	py := func(v float64) int {
		if v < 0 {
			v = 0
		}
		if v > 1 {
			v = 1
		}
		return y0 + int(float64(y1-y0)*v+0.5)
	}
	for k := 0; k <= 10; k++ {
		c := colGrid
		if k == 5 {
			c = colHalf
		}
		line(img, x0, py(float64(k)/10), x1, py(float64(k)/10), c)
		if k%2 == 0 {
			label := fmt.Sprintf("%.1f", float64(k)/10)
			drawText(img, x0-6-textWidth(label), py(float64(k)/10)-3, label, colAxis)
		}
	}
	drawText(img, x0, 8, "WIN RATE VS GREEDY", colWin)
	drawText(img, x0+textWidth("WIN RATE VS GREEDY   "), 8, "(95% CI)", colBand)
	drawText(img, x1-textWidth("LOSS (SCALED)"), 8, "LOSS (SCALED)", colLoss)
	line(img, x0, y0, x1, y0, colAxis)
	line(img, x0, y0, x0, y1, colAxis)
	n := len(rows)
	px := func(i int) int {
		if n <= 1 {
			return (x0 + x1) / 2
		}
		return x0 + (x1-x0)*i/(n-1)
	}
	maxLoss := 0.0
	for _, r := range rows {
		if r.Loss > maxLoss {
			maxLoss = r.Loss
		}
	}
	step := 1 + n/12 // label at most about a dozen iterations
	for i := range rows {
		line(img, px(i), y0, px(i), y0+4, colAxis) // ticks
		if i%step == 0 || i == n-1 {
			label := fmt.Sprint(rows[i].Iter)
			drawText(img, px(i)-textWidth(label)/2, y0+8, label, colAxis)
		}
		if i == 0 {
			continue
		}
		a, b := rows[i-1], rows[i]
		line(img, px(i-1), py(a.Lo), px(i), py(b.Lo), colBand)
		line(img, px(i-1), py(a.Hi), px(i), py(b.Hi), colBand)
		if maxLoss > 0 {
			line(img, px(i-1), py(a.Loss/maxLoss), px(i), py(b.Loss/maxLoss), colLoss)
		}
		thick(img, px(i-1), py(a.WinRate), px(i), py(b.WinRate), colWin)
	}
	for i, r := range rows {
		for dy := -2; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				img.Set(px(i)+dx, py(r.WinRate)+dy, colPoint)
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// line draws from (xa, ya) to (xb, yb) with Bresenham's algorithm.
func line(img *image.RGBA, xa, ya, xb, yb int, c color.RGBA) {
	dx, dy := iabs(xb-xa), -iabs(yb-ya)
	sx, sy := 1, 1
	if xa > xb {
		sx = -1
	}
	if ya > yb {
		sy = -1
	}
	e := dx + dy
	for {
		img.SetRGBA(xa, ya, c)
		if xa == xb && ya == yb {
			return
		}
		e2 := 2 * e
		if e2 >= dy {
			e += dy
			xa += sx
		}
		if e2 <= dx {
			e += dx
			ya += sy
		}
	}
}

// thick draws a line two pixels wide.
func thick(img *image.RGBA, xa, ya, xb, yb int, c color.RGBA) {
	line(img, xa, ya, xb, yb, c)
	line(img, xa, ya+1, xb, yb+1, c)
}

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
