// Command ocean is our CodinGame bot for Ocean of Code: policy.Bot
// (features/ocean/policy) run by internal/bot. It reads the referee's protocol
// on stdin and prints one answer line per request, the start cell first;
// scripts/bundle flattens it into the one file CodinGame accepts.
package main

import "cgpolicy/features/ocean/policy"

func main() { policy.Bot.Main() }
