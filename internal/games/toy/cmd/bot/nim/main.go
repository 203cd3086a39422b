// Command nim is the toy game's bot: policy.Bot (internal/games/toy/
// features/nim/policy) run by internal/bot, as cmd/bot/<game> runs a
// contest game's. It reads the referee's protocol on stdin and prints one
// move a turn.
package main

import "cgpolicy/internal/games/toy/features/nim/policy"

func main() { policy.Bot.Main() }
