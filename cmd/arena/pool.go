package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"

	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
)

const poolUsage = `usage: arena pool -game G -bot CMD|builtin:NAME [flags]

Plays one bot against every member of the game's evaluation pool (the pool
the trainer evaluates against and draws its league from), each seed from
both seats, under CodinGame's time limits, exactly as arena play does, and
prints one table: per member the games, the bot's per-seed score with its
95% interval, its timeouts, crashes and invalid answers, and its turn times.
In a four-player game the bot sits with three copies of each member, each
seed in the four rotations (the bot in seats 0 to 3), and the table gives
its average place, its first-place rate with its 95% interval and its
rating instead of the seed score.

With -partners FILE the members of FILE for the game play too, after the
pool, in the same table (marked *), each checked first: one that does not
answer its first turn is reported with the end of its stderr and left out,
and the others play. The table gives each member's own faults and turn
times beside the bot's.

` + partnersHelp

// poolFlags are arena pool's options once parsed.
type poolFlags struct {
	game     string
	bot      string
	seeds    int
	seed     int64
	workers  int
	limits   arena.Limits
	grace    time.Duration
	members  string
	partners string
	replays  string
	json     bool
	retry    int
}

func parsePoolFlags(args []string, stderr io.Writer) (*poolFlags, error) {
	pf := &poolFlags{}
	fs := newFlags("pool", poolUsage, stderr)
	gameFlag(fs, &pf.game)
	fs.StringVar(&pf.bot, "bot", "", "the bot: a command or builtin:NAME")
	fs.IntVar(&pf.seeds, "seeds", 20, "seeds per member; each is played from every seat (both, or the four rotations)")
	fs.Int64Var(&pf.seed, "seed", 1, "first seed: seed, seed+1, ... (0 is skipped)")
	matchFlags(fs, &pf.workers, &pf.limits, &pf.grace, &pf.retry)
	fs.StringVar(&pf.members, "members", "", "comma-separated members to play, of the pool or the partners (default: all)")
	fs.StringVar(&pf.partners, "partners", "", "file of extra members (NAME COMMAND lines, [GAME] sections) to play after the pool")
	fs.StringVar(&pf.replays, "replays", "", "write one replay per game under this directory, in a folder per member (DIR/MEMBER/)")
	fs.BoolVar(&pf.json, "json", false, "print the table as JSON on the last line")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	switch {
	case fs.NArg() > 0:
		return nil, fmt.Errorf("pool: unexpected argument %q", fs.Arg(0))
	case pf.game == "":
		return nil, errors.New("pool: -game is required")
	case pf.bot == "":
		return nil, errors.New("pool: -bot is required")
	case pf.seeds < 1:
		return nil, errors.New("pool: -seeds must be positive")
	case pf.workers < 1:
		return nil, errors.New("pool: -workers must be at least 1")
	case pf.retry < 0:
		return nil, errors.New("pool: -retry-stalled must not be negative")
	}
	return pf, nil
}

// poolMember is one member of arena pool's run: a builtin of the game's
// pool, or a partner's command.
type poolMember struct {
	Name    string
	Cmd     string // what sits in the member's seats
	Partner bool
}

// poolMembers is the game's pool and the partners, or the -members part of
// them, in that order.
func (pf *poolFlags) poolMembers() ([]poolMember, error) {
	g, err := games.Lookup(pf.game)
	if err != nil {
		return nil, fmt.Errorf("pool: %w", err)
	}
	var all []poolMember
	for _, n := range g.Pool {
		all = append(all, poolMember{Name: n, Cmd: arena.BuiltinPrefix + n})
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("pool: the %s pool is empty", pf.game)
	}
	if pf.partners != "" {
		ps, err := readPartnersFile(pf.partners, pf.game)
		if err != nil {
			return nil, fmt.Errorf("pool: %w", err)
		}
		for _, p := range ps {
			for _, m := range all {
				if m.Name == p.Name {
					return nil, fmt.Errorf("pool: partner %s has the name of a %s pool member", p.Name, pf.game)
				}
			}
			all = append(all, poolMember{Name: p.Name, Cmd: p.Cmd, Partner: true})
		}
	}
	if pf.members == "" {
		return all, nil
	}
	var out []poolMember
	for _, name := range strings.Split(pf.members, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, m := range all {
			if m.Name == name {
				out = append(out, m)
				found = true
			}
		}
		if !found {
			var names []string
			for _, m := range all {
				names = append(names, m.Name)
			}
			return nil, fmt.Errorf("pool: %q is not in the %s pool (%s)", name, pf.game, strings.Join(names, ", "))
		}
	}
	return out, nil
}

// config is the arena run of the bot against one member: the same
// configuration arena play builds for -bot BOT -bot MEMBER, with as many
// copies of the member as the game has other seats, each seed in every
// rotation.
func (pf *poolFlags) config(member poolMember, seats int) (arena.Config, error) {
	bots := []string{pf.bot}
	for len(bots) < seats {
		bots = append(bots, member.Cmd)
	}
	play := playFlags{
		game:    pf.game,
		bots:    bots,
		games:   seats * pf.seeds,
		seed:    pf.seed,
		workers: pf.workers,
		limits:  pf.limits,
		grace:   pf.grace,
		retry:   pf.retry,
	}
	if pf.replays != "" {
		play.replays = filepath.Join(pf.replays, member.Name)
	}
	return play.config()
}

// PoolRow is the bot's record against one pool member.
type PoolRow struct {
	Member string `json:"member"`
	// Partner marks a member from the partners file, and Cmd is its
	// command.
	Partner bool   `json:"partner,omitempty"`
	Cmd     string `json:"cmd,omitempty"`
	// Bot is the bot's summary in those games (its AvgRank, FirstRate and
	// Rating are the figures of a four-player game); Elo is the bot's
	// rating minus the member's, in a two-player game.
	Bot     arena.BotSummary `json:"bot"`
	Elo     float64          `json:"elo"`
	EloCI95 [2]float64       `json:"elo_ci95"`
	// MemberRating is the mean Weng-Lin rating of the member's copies in
	// a game of more than two players, where the bot's Rating is measured
	// against them; 0 in a two-player game.
	MemberRating float64 `json:"member_rating,omitempty"`
	// Retried is the plays set aside by -retry-stalled (Summary.Retried).
	Retried int `json:"retried,omitempty"`
	// Faults are the member's own, all its copies together, so that a
	// partner's timeouts and crashes stand beside the bot's.
	Faults MemberFaults `json:"member_faults"`
}

// MemberFaults are a pool member's faults and later-turn times over its
// games against the bot.
type MemberFaults struct {
	Timeouts  int     `json:"timeouts"`
	Crashes   int     `json:"crashes"`
	Invalid   int     `json:"invalid"`
	TurnMSP99 float64 `json:"turn_ms_p99"`
	TurnMSMax float64 `json:"turn_ms_max"`
}

// String is the faults as the table prints them.
func (f MemberFaults) String() string {
	return fmt.Sprintf("%d/%d/%d", f.Timeouts, f.Crashes, f.Invalid)
}

// PoolReport is arena pool's result.
type PoolReport struct {
	Game  string    `json:"game"`
	Bot   string    `json:"bot"`
	Seats int       `json:"seats"`
	Seeds int       `json:"seeds"`
	Rows  []PoolRow `json:"rows"`
	// Failed are the partners left out because they did not answer their
	// first turn, each with why.
	Failed []FailedMember `json:"failed,omitempty"`
}

// FailedMember is a partner that could not play.
type FailedMember struct {
	Member string `json:"member"`
	Cmd    string `json:"cmd"`
	Error  string `json:"error"`
}

// runPool is arena pool: one arena run per member, progress on stderr,
// the table on stdout. A partner that cannot play is left out with its
// error, and the others play; the command then fails after the table.
func runPool(args []string, stdout, stderr io.Writer) error {
	pf, err := parsePoolFlags(args, stderr)
	if err != nil {
		return err
	}
	members, err := pf.poolMembers()
	if err != nil {
		return err
	}
	g, err := engineOf(pf.game)
	if err != nil {
		return err
	}
	seats := g.NumPlayers()
	cfgs := make([]arena.Config, len(members))
	total := 0
	for i, m := range members {
		if cfgs[i], err = pf.config(m, seats); err != nil {
			return err
		}
		total += len(cfgs[i].Matches)
	}
	bar := gamesBar(stderr, total, "games", progressbar.OptionSetPredictTime(true))
	ctx, stop := interruptible()
	defer stop()
	rep := PoolReport{Game: pf.game, Bot: pf.bot, Seats: seats, Seeds: pf.seeds}
	offset := 0
	var runErr error
	for i, cfg := range cfgs {
		m := members[i]
		base := offset
		offset += len(cfg.Matches)
		if m.Partner {
			if err := arena.Probe(ctx, g, m.Cmd, cfg.Matches[0].Seed, pf.limits); err != nil {
				if ctx.Err() != nil {
					runErr = ctx.Err()
					break
				}
				rep.Failed = append(rep.Failed, FailedMember{Member: m.Name, Cmd: m.Cmd, Error: err.Error()})
				fmt.Fprintf(stderr, "\narena: pool: partner %s (%s) cannot play, left out: %v\n", m.Name, m.Cmd, err)
				_ = bar.Set(offset)
				continue
			}
		}
		cfg.Progress = func(done, _ int) { _ = bar.Set(base + done) }
		cfg.Warn = func(msg string) { fmt.Fprintln(stderr, "arena:", msg) }
		results, err := arena.Run(ctx, cfg)
		if len(results) > 0 {
			row := poolRow(m.Name, cfg, results)
			if m.Partner {
				row.Partner, row.Cmd = true, m.Cmd
			}
			rep.Rows = append(rep.Rows, row)
		}
		if err != nil {
			runErr = fmt.Errorf("against %s, after %d of %d games: %w", m.Name, len(results), len(cfg.Matches), err)
			break
		}
	}
	_ = bar.Exit()
	fmt.Fprintln(stderr)
	if len(rep.Rows) > 0 || len(rep.Failed) > 0 {
		printPool(stdout, rep)
		if pf.json {
			line, err := json.Marshal(rep)
			if err != nil {
				return err
			}
			fmt.Fprintln(stdout, string(line))
		}
	}
	if runErr == nil && len(rep.Failed) > 0 {
		var names []string
		for _, f := range rep.Failed {
			names = append(names, f.Member)
		}
		runErr = fmt.Errorf("pool: %d partners could not play: %s", len(rep.Failed), strings.Join(names, ", "))
	}
	return runErr
}

// poolRow summarises the bot's games against one member. Every copy of
// the member is a bot of its own in the run, so that the ratings, which
// skip games that seat a bot twice, count every table; the member's faults
// are summed over its copies.
func poolRow(member string, cfg arena.Config, results []arena.Result) PoolRow {
	cmds := make([]string, len(cfg.Bots))
	for i, b := range cfg.Bots {
		cmds[i] = b.Cmd
	}
	sum := arena.Summarize(cmds, results)
	row := PoolRow{Member: member, Bot: sum.Bots[0], Retried: sum.Retried, Faults: memberFaults(results)}
	if len(cmds) == 2 {
		row.Elo, row.EloCI95 = sum.Elo, sum.EloCI95
		return row
	}
	for _, b := range sum.Bots[1:] {
		row.MemberRating += b.Rating / float64(len(sum.Bots)-1)
	}
	return row
}

// memberFaults sums the faults of every seat that does not hold the bot
// (bot index 0), and takes the percentiles over all their later turns.
func memberFaults(results []arena.Result) MemberFaults {
	merged := make([]arena.Result, len(results))
	for i, r := range results {
		r.Seats = append([]int(nil), r.Seats...)
		for s, b := range r.Seats {
			if b != 0 {
				r.Seats[s] = 1
			}
		}
		merged[i] = r
	}
	m := arena.Summarize([]string{"bot", "member"}, merged).Bots[1]
	return MemberFaults{Timeouts: m.Timeouts, Crashes: m.Crashes, Invalid: m.Invalid, TurnMSP99: m.TurnMSP99, TurnMSMax: m.TurnMSMax}
}

// printPool prints the report as one table, the bot's best member first
// and its weakest last (by seed score; ties keep pool order), where the eye
// lands after the table and the summary line below names it again. The
// report's rows stay in pool order for the JSON.
func printPool(w io.Writer, r PoolReport) {
	if r.Seats > 2 {
		printPoolPlaces(w, r)
		return
	}
	rows := append([]PoolRow(nil), r.Rows...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Bot.SeedScore > rows[j].Bot.SeedScore })
	fmt.Fprintf(w, "%s: %s against the pool, %d seeds per member, both seats\n", r.Game, r.Bot, r.Seeds)
	tw := newTable(w)
	fmt.Fprintln(tw, "member\tgames\tW\tL\tD\tseed score\t95% CI\telo\ttimeouts\tcrashes\tinvalid\tfirst max\tp50 ms\tp99 ms\tmax ms\tmember t/c/i\tmember p99\tmember max")
	for _, row := range rows {
		b, f := row.Bot, row.Faults
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%.3f\t[%.3f, %.3f]\t%+.0f\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%s\t%.2f\t%.2f\n",
			row.label(), b.Wins+b.Losses+b.Draws, b.Wins, b.Losses, b.Draws, b.SeedScore, b.SeedCI95[0], b.SeedCI95[1],
			row.Elo, b.Timeouts, b.Crashes, b.Invalid, b.FirstMSMax, b.TurnMSP50, b.TurnMSP99, b.TurnMSMax, f, f.TurnMSP99, f.TurnMSMax)
	}
	worst, ok := endPoolTable(tw, w, rows, r)
	if !ok {
		return
	}
	fmt.Fprintf(w, "weakest against %s: %.3f [%.3f, %.3f]; seed score: share of seeds won over both seats (ties shared); times are the bot's, then the member's\n",
		worst.Member, worst.Bot.SeedScore, worst.Bot.SeedCI95[0], worst.Bot.SeedCI95[1])
}

// label is the member's name in the table, marked when it is a partner.
func (row PoolRow) label() string {
	if row.Partner {
		return row.Member + "*"
	}
	return row.Member
}

// endPoolTable flushes a pool table's rows (sorted, weakest last) and
// prints the stalls and the footer below it; it returns the weakest row,
// false when there is none.
func endPoolTable(tw *tabwriter.Writer, w io.Writer, rows []PoolRow, r PoolReport) (PoolRow, bool) {
	tw.Flush()
	printRowsStalled(w, rows)
	printPoolFooter(w, r)
	if len(rows) == 0 {
		return PoolRow{}, false
	}
	return rows[len(rows)-1], true
}

// printPoolFooter names the partners played and those that could not
// play, with why.
func printPoolFooter(w io.Writer, r PoolReport) {
	var played []string
	for _, row := range r.Rows {
		if row.Partner {
			played = append(played, row.Member+" ("+row.Cmd+")")
		}
	}
	if len(played) > 0 {
		fmt.Fprintf(w, "* partners: %s; member t/c/i: the member's own timeouts, crashes and invalid answers\n", strings.Join(played, ", "))
	}
	for _, f := range r.Failed {
		fmt.Fprintf(w, "partner %s (%s) could not play: %s\n", f.Member, f.Cmd, indentLines(f.Error))
	}
}

// indentLines indents every line of s after the first, so that a quoted
// stderr reads as part of the line it belongs to.
func indentLines(s string) string {
	return strings.ReplaceAll(s, "\n", "\n    ")
}

// printRowsStalled prints printStalled's lines for the bot against each
// member, with the plays set aside in those games.
func printRowsStalled(w io.Writer, rows []PoolRow) {
	for _, row := range rows {
		s := slownessOf(row.Bot)
		s.retried = row.Retried
		printStalled(w, "against "+row.Member+": ", s)
	}
}

// printPoolPlaces is printPool for a game of more than two players: the
// bot's places at a table with copies of each member, from its lowest
// average place to its highest (ties keep pool order).
func printPoolPlaces(w io.Writer, r PoolReport) {
	rows := append([]PoolRow(nil), r.Rows...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Bot.AvgRank < rows[j].Bot.AvgRank })
	fmt.Fprintf(w, "%s: %s against the pool, with %d copies of each member, %d seeds per member, all %d rotations\n",
		r.Game, r.Bot, r.Seats-1, r.Seeds, r.Seats)
	tw := newTable(w)
	fmt.Fprintln(tw, "member\tgames\tavg place\tfirsts\tfirst rate\t95% CI\trating\t95% CI\tmember rating\ttimeouts\tcrashes\tinvalid\tfirst max\tp50 ms\tp99 ms\tmax ms\tmember t/c/i\tmember p99\tmember max")
	for _, row := range rows {
		b, f := row.Bot, row.Faults
		fmt.Fprintf(tw, "%s\t%d\t%.3f\t%d\t%.3f\t[%.3f, %.3f]\t%.2f\t[%.2f, %.2f]\t%.2f\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%s\t%.2f\t%.2f\n",
			row.label(), b.Wins+b.Losses+b.Draws, b.AvgRank, b.Firsts, b.FirstRate, b.FirstCI95[0], b.FirstCI95[1],
			b.Rating, b.RatingCI95[0], b.RatingCI95[1], row.MemberRating,
			b.Timeouts, b.Crashes, b.Invalid, b.FirstMSMax, b.TurnMSP50, b.TurnMSP99, b.TurnMSMax, f, f.TurnMSP99, f.TurnMSMax)
	}
	worst, ok := endPoolTable(tw, w, rows, r)
	if !ok {
		return
	}
	fmt.Fprintf(w, "weakest against %s: average place %.3f, first rate %.3f [%.3f, %.3f]; firsts include shared first places; "+
		"rating: Weng-Lin (OpenSkill) mu with mu ± 1.96 sigma from the places at each table; times are the bot's, then the member's copies'\n",
		worst.Member, worst.Bot.AvgRank, worst.Bot.FirstRate, worst.Bot.FirstCI95[0], worst.Bot.FirstCI95[1])
}
