package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/schollz/progressbar/v3"

	"cgpolicy/internal/arena"
	"cgpolicy/internal/arena/league"
	"cgpolicy/internal/arena/rating"
)

const leagueUsage = `usage: arena league [-game G] [-dir DIR] COMMAND

A persistent league of bots for one game, kept in DIR/league.jsonl.
Commands:
  add NAME CMD|builtin:X   enter a bot (a shell command, or an in-process policy)
  import FILE              enter the partners file's members for the league's game,
                           each checked first: one that does not answer its first
                           turn is reported and left out, and the others enter
  remove NAME              retire a bot: it plays no more, its games stay
  run [flags]              play games where the ratings are least certain
                           (one run at a time: a second one on DIR refuses)
  show [-all] [-json]      print the leaderboard
-game is needed to start a league (the first add or import); later it is read from the file.

` + partnersHelp

// runLeague is arena league.
func runLeague(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("league", leagueUsage, stderr)
	game := new(string)
	gameFlag(fs, game)
	dir := fs.String("dir", "league", "league directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return errors.New("league: no command")
	}
	if *game != "" {
		if _, err := engineOf(*game); err != nil {
			return err
		}
	}
	verb, rest := fs.Arg(0), fs.Args()[1:]
	switch verb {
	case "add":
		if len(rest) < 2 {
			return errors.New("league add: give NAME and CMD")
		}
		l, err := league.OpenOrCreate(*dir, *game)
		if err != nil {
			return err
		}
		cmd := strings.Join(rest[1:], " ")
		if err := l.Add(rest[0], cmd); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: added %s (%s); %d active bots\n", l.Dir, rest[0], cmd, len(l.Active()))
		return nil
	case "import":
		if len(rest) != 1 {
			return errors.New("league import: give one partners FILE")
		}
		return importPartners(*dir, *game, rest[0], stdout, stderr)
	case "remove":
		if len(rest) != 1 {
			return errors.New("league remove: give one NAME")
		}
		l, err := openLeague(*dir, *game)
		if err != nil {
			return err
		}
		if err := l.Remove(rest[0]); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: removed %s; its %d games stay in the ratings\n", l.Dir, rest[0], gamesOf(l, rest[0]))
		return nil
	case "run":
		return runLeagueGames(*dir, *game, rest, stdout, stderr)
	case "show":
		return showLeague(*dir, *game, rest, stdout, stderr)
	}
	fs.Usage()
	return fmt.Errorf("league: unknown command %q", verb)
}

// importPartners is arena league import: every member of the partners
// file for the league's game enters the league, unless it is there already
// with the same command. Each is probed first (arena.Probe); one that
// cannot play, or that the league refuses (a name taken by another
// command), is reported and the others still enter. The command fails
// after the others when any did not.
func importPartners(dir, game, file string, stdout, stderr io.Writer) error {
	l, err := league.OpenOrCreate(dir, game)
	if err != nil {
		return err
	}
	ps, err := readPartnersFile(file, l.Game)
	if err != nil {
		return fmt.Errorf("league import: %w", err)
	}
	g, err := engineOf(l.Game)
	if err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	var failed []string
	added := 0
	for _, p := range ps {
		if m := l.Member(p.Name); m != nil && m.Active && m.Cmd == p.Cmd {
			fmt.Fprintf(stdout, "%s: %s is already in the league\n", l.Dir, p.Name)
			continue
		}
		err := arena.Probe(ctx, g, p.Cmd, 1, arena.DefaultLimits)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err == nil {
			err = l.Add(p.Name, p.Cmd)
		} else {
			err = fmt.Errorf("cannot play: %w", err)
		}
		if err != nil {
			failed = append(failed, p.Name)
			fmt.Fprintf(stderr, "arena: league import: %s (%s) left out: %v\n", p.Name, p.Cmd, err)
			continue
		}
		added++
		fmt.Fprintf(stdout, "%s: added %s (%s)\n", l.Dir, p.Name, p.Cmd)
	}
	fmt.Fprintf(stdout, "%s: %d added from %s; %d active bots\n", l.Dir, added, file, len(l.Active()))
	if len(failed) > 0 {
		return fmt.Errorf("league import: %d members left out: %s", len(failed), strings.Join(failed, ", "))
	}
	return nil
}

// openLeague opens an existing league, checking -game when given.
func openLeague(dir, game string) (*league.League, error) {
	l, err := league.Open(dir)
	if err != nil {
		return nil, err
	}
	if game != "" && l.Game != game {
		return nil, fmt.Errorf("league in %s plays %s, not %s", dir, l.Game, game)
	}
	return l, nil
}

func gamesOf(l *league.League, name string) int {
	n := 0
	for _, g := range l.Games {
		for _, b := range g.Names {
			if b == name {
				n++
			}
		}
	}
	return n
}

// runLeagueGames is arena league run: it plays until -games new games are
// recorded or it is interrupted, then prints the leaderboard.
func runLeagueGames(dir, game string, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("league run", "", stderr)
	var c league.RunConfig
	matchFlags(fs, &c.Workers, &c.Limits, &c.Grace, &c.RetryStalled)
	fs.IntVar(&c.Games, "games", 0, "stop after this many new games (0: until interrupted)")
	fs.StringVar(&c.Replays, "replays", "", "write one replay (trace format) per game to this directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return fmt.Errorf("league run: unexpected argument %q", fs.Arg(0))
	case c.Workers < 1:
		return errors.New("league run: -workers must be at least 1")
	case c.Games < 0:
		return errors.New("league run: -games must not be negative")
	case c.RetryStalled < 0:
		return errors.New("league run: -retry-stalled must not be negative")
	}
	l, err := openLeague(dir, game)
	if err != nil {
		return err
	}
	if l.Bad > 0 {
		fmt.Fprintf(stderr, "arena: %s: %d unreadable lines skipped\n", l.Path(), l.Bad)
	}
	if c.Game, err = engineOf(l.Game); err != nil {
		return err
	}
	c.Model = rating.Default()
	total := c.Games
	if total == 0 {
		total = -1 // a spinner with a count
	}
	bar := gamesBar(stderr, total, "league games", progressbar.OptionShowIts(), progressbar.OptionSetItsString("games"))
	c.Progress = func(done int) { _ = bar.Set(done) }
	ctx, stop := interruptible()
	defer stop()
	before := len(l.Games)
	played, runErr := l.Run(ctx, c)
	_ = bar.Exit()
	fmt.Fprintln(stderr)
	fmt.Fprintf(stdout, "%s: %d new games, %d in all\n", l.Path(), played, len(l.Games))
	if len(l.Games) > before || runErr == nil {
		if err := printLeague(stdout, l, false); err != nil {
			return err
		}
	}
	return runErr
}

// showLeague is arena league show.
func showLeague(dir, game string, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("league show", "", stderr)
	all := fs.Bool("all", false, "also list retired bots")
	asJSON := fs.Bool("json", false, "print the standings as one JSON object")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("league show: unexpected argument %q", fs.Arg(0))
	}
	l, err := openLeague(dir, game)
	if err != nil {
		return err
	}
	if l.Bad > 0 {
		fmt.Fprintf(stderr, "arena: %s: %d unreadable lines skipped\n", l.Path(), l.Bad)
	}
	if *asJSON {
		st, err := l.Standings(rating.Default())
		if err != nil {
			return err
		}
		if !*all {
			st = activeOnly(st)
		}
		line, err := json.Marshal(struct {
			Game      string            `json:"game"`
			Games     int               `json:"games"`
			Standings []league.Standing `json:"standings"`
		}{l.Game, len(l.Games), st})
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, string(line))
		return nil
	}
	return printLeague(stdout, l, *all)
}

func activeOnly(st []league.Standing) []league.Standing {
	var out []league.Standing
	for _, s := range st {
		if s.Active {
			out = append(out, s)
		}
	}
	return out
}

// printLeague prints the leaderboard, best first by mu - 3 sigma.
func printLeague(w io.Writer, l *league.League, all bool) error {
	st, err := l.Standings(rating.Default())
	if err != nil {
		return err
	}
	if !all {
		st = activeOnly(st)
	}
	fmt.Fprintf(w, "%s league, %d games\n", l.Game, len(l.Games))
	score := "score"
	if g, err := engineOf(l.Game); err == nil && g.NumPlayers() == 2 {
		score = "win rate"
	}
	tw := newTable(w)
	fmt.Fprintf(tw, "#\tbot\trating\tmu\t95%% interval\tgames\t%s\tavg rank\ttimeouts\tcrashes\tinvalid\tfirst p99 ms\tp99 ms\tmax ms\tcommand\n", score)
	for i, s := range st {
		name := s.Name
		if !s.Active {
			name += " (retired)"
		}
		fmt.Fprintf(tw, "%d\t%s\t%.2f\t%.2f\t[%.2f, %.2f]\t%d\t%.3f\t%.2f\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%s\n",
			i+1, name, s.Ordinal, s.Rating.Mu, s.Lo, s.Hi, s.Games, s.Score, s.AvgRank,
			s.Timeouts, s.Crashes, s.Invalid, s.FirstMSP99, s.TurnMSP99, s.TurnMSMax, s.Cmd)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, s := range st {
		printStalled(w, s.Name+": ", slowness{s.Timeouts, s.Stalled, s.Late, s.LateStalled, 0})
	}
	retried := 0
	for _, e := range l.Games {
		if e.Result != nil {
			retried += e.Result.Retried
		}
	}
	printStalled(w, "", slowness{retried: retried})
	fmt.Fprintf(w, "rating is mu - 3 sigma (Weng-Lin Plackett-Luce, OpenSkill's defaults); %s counts opponents beaten per game, a tie half;\n"+
		"first p99 is over each game's first answer (1000 ms limit), p99 and max over the later ones (50 ms; builtins are timed, not limited)\n", score)
	return nil
}
