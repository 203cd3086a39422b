package main

import (
	"errors"
	"fmt"
	"io"

	"cgpolicy/engine/trace"
)

// runVerify replays each trace under the engine its "game" field names. It
// goes on past a bad file so one run reports on all of them.
func runVerify(files []string, stdout io.Writer) error {
	if len(files) == 0 {
		return errors.New("verify: no trace files given")
	}
	ok := 0
	for _, f := range files {
		msg := verifyFile(f)
		if msg == "" {
			ok++
			msg = "ok"
		}
		fmt.Fprintf(stdout, "%s: %s\n", f, msg)
	}
	fmt.Fprintf(stdout, "%d/%d traces match\n", ok, len(files))
	if ok != len(files) {
		return fmt.Errorf("%d of %d traces differ", len(files)-ok, len(files))
	}
	return nil
}

// verifyFile returns "" when the file matches, else what went wrong.
func verifyFile(path string) string {
	t, err := trace.Load(path)
	if err != nil {
		return "error: " + err.Error()
	}
	g, err := engineOf(t.Game)
	if err != nil {
		return "error: " + err.Error()
	}
	d, err := trace.Replay(g, t)
	if err != nil {
		return "error: " + err.Error()
	}
	if d != nil {
		return "differs at " + d.String()
	}
	return ""
}
