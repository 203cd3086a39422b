package arena

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestReplayNamesUnique writes replays of different games under one name
// at once, as two runs sharing a directory would: each lands in a file of
// its own, whole, and no temporary file is left.
func TestReplayNamesUnique(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "toy_seed1_0-1.json")
	const n = 8
	names := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			rep := &Replay{Bots: []string{"a", "b"}}
			rep.Game, rep.Seed = "toy", int64(i+1)
			names[i], errs[i] = writeReplay(path, rep)
		}(i)
	}
	wg.Wait()
	seen := map[string]int64{}
	for i := 0; i < n; i++ {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		data, err := os.ReadFile(names[i])
		if err != nil {
			t.Fatal(err)
		}
		var tr Replay
		if err := json.Unmarshal(data, &tr); err != nil {
			t.Fatalf("%s: %v", names[i], err)
		}
		if tr.Seed != int64(i+1) {
			t.Errorf("%s holds game %d, want %d", names[i], tr.Seed, i+1)
		}
		if prev, dup := seen[names[i]]; dup {
			t.Errorf("games %d and %d both written to %s", prev, i+1, names[i])
		}
		seen[names[i]] = int64(i + 1)
	}
	files, _ := os.ReadDir(dir)
	if len(files) != n {
		var got []string
		for _, f := range files {
			got = append(got, f.Name())
		}
		t.Errorf("directory holds %v, want the %d replays alone", got, n)
	}
}
