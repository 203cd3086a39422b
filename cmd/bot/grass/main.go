// Command grass is our CodinGame bot for Keep Off The Grass: policy.Bot
// (features/grass/policy) run by internal/bot. It reads the referee's
// protocol on stdin and prints one line of commands per turn;
// scripts/bundle flattens it into the one file CodinGame accepts.
package main

import "cgpolicy/features/grass/policy"

func main() { policy.Bot.Main() }
