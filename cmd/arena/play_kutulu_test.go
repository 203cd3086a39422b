package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestPlayKutuluMixedTable plays a 2+1+1 table through arena play: each
// -bot is one seat, each seed is played in the four rotations, and the
// summary gives places, first places and ratings.
func TestPlayKutuluMixedTable(t *testing.T) {
	args := []string{"-game", "kutulu", "-bot", "builtin:greedy", "-bot", "builtin:greedy", "-bot", "builtin:random",
		"-bot", "builtin:random", "-games", "8", "-workers", "1", "-json"}
	var stdout, stderr bytes.Buffer
	if err := runPlay(args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "avg rank") || !strings.Contains(stdout.String(), "rating") {
		t.Errorf("no places table:\n%s", stdout.String())
	}
	sum := lastJSON(t, stdout.String())
	if sum.Games != 8 || len(sum.Bots) != 4 {
		t.Fatalf("%d games, %d bots", sum.Games, len(sum.Bots))
	}
	for g := 0; g < 2; g++ {
		for r := 2; r < 4; r++ {
			if !(sum.Bots[g].AvgRank < sum.Bots[r].AvgRank) || !(sum.Bots[g].Rating > sum.Bots[r].Rating) {
				t.Errorf("greedy %d (rank %.2f, rating %.1f) not ahead of random %d (rank %.2f, rating %.1f)",
					g, sum.Bots[g].AvgRank, sum.Bots[g].Rating, r, sum.Bots[r].AvgRank, sum.Bots[r].Rating)
			}
		}
	}
}
