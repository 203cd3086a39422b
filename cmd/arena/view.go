package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"cgpolicy/engine/arena/view"
)

const viewUsage = `usage: arena view REPLAY.json [-o replay.html]

Writes one self-contained HTML page (no network) that shows the game turn by
turn, with play, pause, step and a turn slider, and for each bot the input and
output lines, stderr, scores and turn times. The states are our referee's: the
replay's answers are played again through the engine, and a replay the engine
disagrees with is refused. REPLAY is what arena play -replays writes, or a
golden trace.
`

// runView is arena view.
func runView(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, viewUsage)
		fs.PrintDefaults()
	}
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
	if len(files) != 1 {
		fs.Usage()
		return errors.New("view: give one replay file")
	}
	dst := *out
	if dst == "" {
		dst = view.HTMLPath(files[0])
	}
	if dst == files[0] {
		return errors.New("view: the output would overwrite the replay; use -o")
	}
	if err := view.WriteFile(files[0], dst); err != nil {
		return err
	}
	fmt.Fprintln(stdout, dst)
	return nil
}
