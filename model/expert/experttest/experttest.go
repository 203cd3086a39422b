// Package experttest checks a game's plug-in into the learning core
// (model/expert) the way every game must behave, so that each game's
// learn package opts in with one call rather than its own copy.
package experttest

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/model/expert"
)

// WorkersAgree trains g with o on one worker and on two and fails unless
// both runs write the same weights: a worker reuses its policies and its
// search for many games, so any memory they carry from one game or
// position to the next makes the weights depend on -workers, not on the
// seed alone. o should be small (expert.Tiny) with at least two games an
// iteration, so that one worker plays several.
func WorkersAgree[S engine.State, V, A any](t *testing.T, g expert.Game[S, V, A], o expert.Options) {
	t.Helper()
	if o.Games < 2 {
		t.Fatalf("WorkersAgree needs at least 2 games an iteration, got %d", o.Games)
	}
	var got [2][]byte
	for i, workers := range []int{1, 2} {
		o.Workers, o.Quiet, o.Out = workers, true, filepath.Join(t.TempDir(), "run")
		var out bytes.Buffer
		if err := expert.Run[S, V, A](g, o, &out, io.Discard); err != nil {
			t.Fatalf("%d workers: %v", workers, err)
		}
		b, err := os.ReadFile(filepath.Join(o.Out, expert.CompactFile))
		if err != nil {
			t.Fatal(err)
		}
		got[i] = b
	}
	if !bytes.Equal(got[0], got[1]) {
		t.Fatalf("%s: 1 and 2 workers trained different weights from seed %d (search %d)", g.Name(), o.Seed, o.Search)
	}
}
