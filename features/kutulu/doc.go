// Package kutulu turns a Code of Kutulu view into the greedy bot's terms
// and the network's inputs, the same way for the trainer, the arena and the
// CodinGame bot, so that what is trained is exactly what is played.
//
// A turn is one decision: stay, step to one of the four neighbours, or cast
// PLAN, LIGHT or YELL (where the explorer may). Each candidate is described
// by Terms, hand-made facts about the cell it ends on and what it casts:
// the wanderers that reach that cell this turn or soon, the slashers that
// see it, the other explorers near it (the group rate), shelters and plans
// that heal there. The greedy bot weighs them; the network sees them with
// the greedy bot's choice as a hint, and learns better weights in context.
//
// Everything is player-relative: in a View the player is the first
// explorer, and the decision features describe "me" against the others.
//
// Value is the heuristic evaluation that targets and search use.
//
// The package is standard library only and Go 1.18 compatible because it is
// bundled into the bot; an Analysis allocates nothing once it has seen the
// maze.
package kutulu
