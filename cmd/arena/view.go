package main

import (
	"errors"
	"fmt"
	"io"

	"cgpolicy/internal/arena/view"
)

const viewUsage = `usage: arena view REPLAY.json [-o replay.html]
       arena view REPLAY.json...   (each page beside its replay)

Writes one self-contained HTML page (no network) that shows the game turn by
turn, with play, pause, step and a turn slider, and for each bot the input and
output lines, stderr, scores and turn times. The states are our referee's: the
replay's answers are played again through the engine, and a replay the engine
disagrees with is refused. REPLAY is what arena play -replays writes, or a
golden trace.
`

// runView is arena view.
func runView(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("view", viewUsage, stderr)
	out := fs.String("o", "", "HTML file to write (default: the replay's path with .html)")
	// the replay may come before the flags, as the usage line shows
	var files []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch {
	case len(files) == 0:
		fs.Usage()
		return errors.New("view: give a replay file")
	case len(files) > 1 && *out != "":
		return errors.New("view: -o takes one replay file")
	}
	for _, f := range files {
		dst := *out
		if dst == "" {
			dst = view.HTMLPath(f)
		}
		if dst == f {
			return fmt.Errorf("view: the page would overwrite %s; use -o", f)
		}
		if err := view.WriteFile(f, dst, finder); err != nil {
			return err
		}
		fmt.Fprintln(stdout, dst)
	}
	return nil
}
