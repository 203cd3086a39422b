// Command caribbean is our CodinGame bot for Coders of the Caribbean:
// policy.Bot (features/caribbean/policy) run by internal/bot. It reads the
// referee's protocol on stdin and prints one order per ship afloat each
// turn; scripts/bundle flattens it into the one file CodinGame accepts.
package main

import "cgpolicy/features/caribbean/policy"

func main() { policy.Bot.Main() }
