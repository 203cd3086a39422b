// Package soak turns a Soak Overflow state into the network's inputs, the
// same way for the trainer and for the CodinGame bot, so that what is trained
// is exactly what is played.
//
// Everything is player-relative: for player 1 the map is mirrored (x becomes
// w-1-x) so that a player's own side is always on the left, and "own" and
// "enemy" replace the player numbers. An Encoder describes one own agent as
// AgentDim floats (its class and state, a Patch×Patch window of planes
// around it, and a global summary) and its candidate actions (the engine's
// LegalActions, pruned to at most MaxCands by a cheap heuristic) as CandDim
// floats each: where the move goes, what the combat action is expected to do
// (damage by the referee's formula, kills, crossing 50 wetness, own agents
// splashed), how exposed the destination is and how it changes control.
//
// Value is the heuristic evaluation that targets and search use.
//
// The package is standard library only and Go 1.18 compatible because it is
// bundled into the bot; an Encoder allocates nothing per turn.
package soak
