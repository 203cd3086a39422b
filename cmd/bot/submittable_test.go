// Package bots holds the checks every bot of cmd/bot/<game> must pass to
// go to CodinGame, one table for the five.
package bots

import (
	"testing"

	caribbean "cgpolicy/features/caribbean/policy"
	grass "cgpolicy/features/grass/policy"
	kutulu "cgpolicy/features/kutulu/policy"
	ocean "cgpolicy/features/ocean/policy"
	soak "cgpolicy/features/soak/policy"
	"cgpolicy/internal/bot/bottest"
)

// TestSubmittable keeps third-party modules out of each submitted bot
// (cgpolicy/cmd/bot/<game>), and its listed policies registered, the
// default first and none twice.
func TestSubmittable(t *testing.T) {
	for game, check := range map[string]func(*testing.T, string){
		"soak":      func(t *testing.T, pkg string) { bottest.Submittable(t, pkg, &soak.Bot) },
		"grass":     func(t *testing.T, pkg string) { bottest.Submittable(t, pkg, &grass.Bot) },
		"caribbean": func(t *testing.T, pkg string) { bottest.Submittable(t, pkg, &caribbean.Bot) },
		"kutulu":    func(t *testing.T, pkg string) { bottest.Submittable(t, pkg, &kutulu.Bot) },
		"ocean":     func(t *testing.T, pkg string) { bottest.Submittable(t, pkg, &ocean.Bot) },
	} {
		t.Run(game, func(t *testing.T) { check(t, "cgpolicy/cmd/bot/"+game) })
	}
}
