package main

import (
	"flag"
	"fmt"
	"io"

	"cgpolicy/internal/frozen"
	"cgpolicy/internal/games"
)

// runFrozen builds each frozen pool member from its commit and checks its
// answers against its recorded fingerprint: the command that regenerates
// the frozen bots, and says whether they are still the ones recorded.
func runFrozen(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("frozen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "only this game's frozen bots (default: every game's)")
	rebuild := fs.Bool("rebuild", false, "build again from the commit even when a build is cached")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arena frozen [-game G] [-rebuild]\n\nBuilds every frozen pool member from its commit (cached under the user's\ncache directory) and checks its fingerprint: what it answers in the games of\nseeds 1 and 2 against the game's greedy, from every seat.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("frozen: unexpected argument %q", fs.Arg(0))
	}
	names := games.Names()
	if *game != "" {
		if _, err := games.Lookup(*game); err != nil {
			return err
		}
		names = []string{*game}
	}
	bad := 0
	for _, name := range names {
		g, _ := games.Lookup(name)
		for _, b := range frozen.Bots(name) {
			sum, err := frozen.Check(b, g.Engine, "greedy", *rebuild)
			if err != nil {
				bad++
				fmt.Fprintf(stdout, "%s %s %s: %v\n", name, b.Name, b.Commit, err)
				continue
			}
			fmt.Fprintf(stdout, "%s %s %s: ok %s\n", name, b.Name, b.Commit, sum)
		}
	}
	if bad > 0 {
		return fmt.Errorf("frozen: %d bots differ from their record or failed", bad)
	}
	return nil
}
