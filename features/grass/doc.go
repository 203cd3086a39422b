// Package grass turns a Keep Off The Grass view into the network's inputs,
// the same way for the trainer and for the CodinGame bot, so that what is
// trained is exactly what is played.
//
// A turn is a sequence of decisions, each a choice among a few candidate
// actions: first at most one recycler (none, or one of the cells a cheap
// heuristic ranks best), then one decision per own unit stack, front first
// (stay, or move all or half of it to an open neighbour), then up to
// MaxSpawns spawn decisions that each place a share of the affordable units
// on one of the best-ranked own cells or stop spending. Later decisions see
// the earlier ones: matter left, cells blocked by the new recycler, units
// already sent or spawned onto each cell.
//
// Everything is player-relative: in a View the player is seat 0, and the
// map is mirrored (x becomes w-1-x) when the player's ground lies on the
// right, so that its own side is always on the left. A decision is DecDim
// floats (its kind, a global summary, the subject cell and a Patch×Patch
// window of planes around it) and each candidate CandDim floats (its kind,
// its target cell's facts, the units it commits, and how far it agrees with
// the greedy bot's answer, which the caller passes in as a hint).
//
// Value is the heuristic evaluation that targets and search use.
//
// The package is standard library only and Go 1.18 compatible because it is
// bundled into the bot; an Encoder allocates nothing once its buffers fit
// the map.
package grass
