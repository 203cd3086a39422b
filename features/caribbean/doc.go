// Package caribbean turns a Coders of the Caribbean view into the network's
// inputs, the same way for the trainer and for the CodinGame bot, so that
// what is trained is exactly what is played.
//
// A turn is one decision per own ship afloat, in the view's order. Each
// decision chooses among up to MaxCands orders: the steering orders (WAIT,
// FASTER, SLOWER, PORT, STARBOARD, those that change something), a FIRE at
// the predicted centre of each enemy ship in range when the cannon is
// ready, and MINE when a mine can be laid. Because the rules are exact and
// cheap, every candidate is described by its consequences: Turn rebuilds
// the player's turn from its view (engine/caribbean.FromView, with the
// cooldowns the player remembers) and plays the candidate out for Horizon
// turns (the ship's other orders MOVE to its target, the other own ships
// at their planned orders, the enemy keeping its course), and the rum won
// or lost, the distance left to the target and the damage done to the
// enemy become features. Later decisions see the earlier ones' choices in
// those play-outs.
//
// The view needs no mirroring: its owners are already seat-relative (the
// player's ships are owner 0), and the features are distances, counts and
// outcomes rather than map cells.
//
// Value is the heuristic evaluation that targets and search use.
//
// The package is standard library only and Go 1.18 compatible because it is
// bundled into the bot; a Turn and an Encoder allocate nothing once their
// buffers fit.
package caribbean
