package game

import (
	"testing"

	"cgpolicy/internal/games/toy/engine/nim"
	"cgpolicy/model/expert"
	"cgpolicy/model/expert/experttest"
)

// TestWorkersAgree: the weights depend on the seed alone, not on how many
// workers share the games.
func TestWorkersAgree(t *testing.T) {
	o := expert.Tiny(expert.DefaultsOf[*nim.State, *nim.View, nim.Action](Learn{}))
	o.Games, o.Search = 4, 30
	experttest.WorkersAgree[*nim.State, *nim.View, nim.Action](t, Learn{}, o)
}
