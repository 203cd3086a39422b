package view

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// page.html is the viewer: markup, style and a game-agnostic script that
// draws Scenes as SVG. Write fills in the data, so the page needs nothing
// from the network.
//
//go:embed page.html
var pageTemplate string

// wirePage is a Page as the page's script reads it: every line of input
// and output is an index into one table of distinct lines, because most
// lines (a grid's rows, an unchanged unit) repeat from turn to turn and
// between players; this makes Keep Off The Grass pages about half as big.
type wirePage struct {
	*Page
	Lines  []string    `json:"lines"`
	Frames []wireFrame `json:"frames"`
}

type wireFrame struct {
	Frame
	IO []wireIO `json:"io,omitempty"`
}

type wireIO struct {
	IO
	Init   []int `json:"init,omitempty"`
	Input  []int `json:"input"`
	Output []int `json:"output"`
}

func toWire(page *Page) *wirePage {
	w := &wirePage{Page: page, Lines: []string{}, Frames: make([]wireFrame, len(page.Frames))}
	index := map[string]int{}
	intern := func(lines []string) []int {
		out := make([]int, len(lines))
		for i, l := range lines {
			k, ok := index[l]
			if !ok {
				k = len(w.Lines)
				index[l] = k
				w.Lines = append(w.Lines, l)
			}
			out[i] = k
		}
		return out
	}
	for i, f := range page.Frames {
		wf := wireFrame{Frame: f}
		for _, x := range f.IO {
			wx := wireIO{IO: x, Input: intern(x.Input), Output: intern(x.Output)}
			if x.Init != nil {
				wx.Init = intern(x.Init)
			}
			wf.IO = append(wf.IO, wx)
		}
		w.Frames[i] = wf
	}
	return w
}

// Write writes page as one self-contained HTML document.
func Write(w io.Writer, page *Page) error {
	data, err := json.Marshal(toWire(page))
	if err != nil {
		return err
	}
	colors, err := json.Marshal(PlayerColors)
	if err != nil {
		return err
	}
	// json.Marshal escapes <, > and & inside strings, so bot output cannot
	// close the script element that holds the data.
	r := strings.NewReplacer(
		"{{TITLE}}", html.EscapeString(fmt.Sprintf("%s seed %d", page.Game, page.Seed)),
		"{{DATA}}", string(data),
		"{{COLORS}}", string(colors),
	)
	_, err = r.WriteString(w, pageTemplate)
	return err
}

// WriteFile reads the replay at replayPath and writes its page to htmlPath
// (through a temporary file, so a page is never left half written), with
// the referee and drawing find gives for the replay's game.
func WriteFile(replayPath, htmlPath string, find Finder) error {
	data, err := os.ReadFile(replayPath)
	if err != nil {
		return err
	}
	rep, err := ParseReplay(data)
	if err != nil {
		return fmt.Errorf("%s: %w", replayPath, err)
	}
	g, d, err := find(rep.Game)
	if err != nil {
		return fmt.Errorf("%s: %w", replayPath, err)
	}
	page, err := Build(rep, g, d)
	if err != nil {
		return fmt.Errorf("%s: %w", replayPath, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(htmlPath), ".view-*.html")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	bw := bufio.NewWriter(tmp)
	if err := Write(bw, page); err != nil {
		tmp.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), htmlPath)
}

// HTMLPath is where a replay's page goes by default: beside it, with the
// extension .html instead of .json.
func HTMLPath(replayPath string) string {
	return strings.TrimSuffix(replayPath, filepath.Ext(replayPath)) + ".html"
}
