// Package all is the one list of games: importing it registers every game
// with internal/games, for the tools that serve them all (the arena, the
// trainer). A new game adds one line here.
package all

import (
	_ "cgpolicy/features/caribbean/game" // Coders of the Caribbean
	_ "cgpolicy/features/grass/game"     // Keep Off The Grass
	_ "cgpolicy/features/kutulu/game"    // Code of Kutulu
	_ "cgpolicy/features/ocean/game"     // Ocean of Code
	_ "cgpolicy/features/soak/game"      // Soak Overflow
)

// Default is the game a tool plays or trains unless told another.
const Default = "soak"
