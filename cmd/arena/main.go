// Command arena runs bots under cgpolicy's referees and checks recorded games.
//
//	arena verify FILE...     replay trace files and report the first difference
//	arena play -game G ...   play matches between bot commands (see arena play -h)
//	arena pool -game G ...   play one bot against the game's evaluation pool (see arena pool -h)
//	arena view REPLAY.json   write a replay as a self-contained HTML page
//	arena league ...          a persistent league of rated bots (see arena league -h)
//	arena frozen [-game G]    build the frozen pool members from their commits and check them
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"cgpolicy/engine"
	"cgpolicy/internal/arena/view"
	"cgpolicy/internal/games"
	_ "cgpolicy/internal/games/all" // every game
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "arena:", err)
		}
		os.Exit(1)
	}
}

const usage = `usage:
  arena verify FILE...       replay trace files under our referee
  arena play -game G -bot CMD -bot CMD [flags]   play matches
  arena pool -game G -bot CMD [flags]   play a bot against the evaluation pool
  arena view REPLAY.json [-o replay.html]   write a replay viewer page
  arena league [-game G] [-dir DIR] add|remove|run|show ...   a persistent rated league
  arena frozen [-game G] [-rebuild]   build the frozen pool members from their commits and check them`

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return errors.New("no subcommand")
	}
	switch args[0] {
	case "verify":
		return runVerify(args[1:], stdout)
	case "play":
		return runPlay(args[1:], stdout, stderr)
	case "pool":
		return runPool(args[1:], stdout, stderr)
	case "view":
		return runView(args[1:], stdout, stderr)
	case "league":
		return runLeague(args[1:], stdout, stderr)
	case "frozen":
		return runFrozen(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, usage)
		return nil
	}
	fmt.Fprintln(stderr, usage)
	return fmt.Errorf("unknown subcommand %q", args[0])
}

// engineOf is the referee of the game called name.
func engineOf(name string) (engine.Game, error) {
	g, err := games.Lookup(name)
	if err != nil {
		return nil, err
	}
	return g.Engine, nil
}

// finder is the replay viewer's view.Finder: the game's referee and
// drawing.
func finder(name string) (engine.Game, view.Drawer, error) {
	g, err := games.Lookup(name)
	if err != nil {
		return nil, nil, err
	}
	return g.Engine, g.Draw, nil
}
