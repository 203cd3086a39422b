// Command soak is our CodinGame bot for Soak Overflow (Summer Challenge
// 2025): policy.Bot (features/soak/policy) run by internal/bot. It reads
// the referee's protocol on stdin and prints one line per living agent;
// scripts/bundle flattens it into the one file CodinGame accepts.
package main

import "cgpolicy/features/soak/policy"

func main() { policy.Bot.Main() }
