// Command kutulu is our CodinGame bot for Code of Kutulu: policy.Bot
// (features/kutulu/policy) run by internal/bot. It reads the referee's
// protocol on stdin and prints one command per turn; scripts/bundle
// flattens it into the one file CodinGame accepts.
package main

import "cgpolicy/features/kutulu/policy"

func main() { policy.Bot.Main() }
