package expert

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"cgpolicy/model/codegen"
)

// TestWritesWeightsPackage: a run with a weights folder leaves there the
// whole generated package of the game, named after it, holding the weights
// the run shipped, and up to date with them; without one it writes none.
func TestWritesWeightsPackage(t *testing.T) {
	for _, withDir := range []bool{true, false} {
		g := raceGame{n: 2}
		o := Defaults(g.Name())
		o.Iters, o.Games, o.States, o.Rollout, o.EvalGames, o.Epochs = 1, 8, 4, 0, 4, 1
		o.Hidden1, o.Hidden2, o.Batch = 8, 4, 16
		tmp := t.TempDir()
		o.Workers, o.Quiet, o.Out = 1, true, filepath.Join(tmp, "run")
		dir := filepath.Join(tmp, "weights", g.Name())
		if withDir {
			o.WeightsDir = dir
		}
		if err := Run[*race, *raceView, int](g, o, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		if !withDir {
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Fatalf("a run without a weights folder made %s (%v)", dir, err)
			}
			continue
		}
		shipped, err := os.ReadFile(filepath.Join(o.Out, CompactFile))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, codegen.WeightsFile))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, shipped) {
			t.Fatal("the weights package holds other weights than the run shipped")
		}
		stale, err := codegen.Stale(dir, g.Name())
		if err != nil {
			t.Fatal(err)
		}
		if stale {
			t.Fatalf("the run left %s out of date or missing", codegen.CodeFile)
		}
		code, err := os.ReadFile(filepath.Join(dir, codegen.CodeFile))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(code, []byte("\npackage race\n")) {
			t.Fatalf("%s is not package race:\n%s", codegen.CodeFile, code)
		}
	}
}
