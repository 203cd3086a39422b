package league

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"cgpolicy/internal/arena"
	"cgpolicy/internal/arena/rating"
)

// runArg DIR makes the test binary a league runner of the league in DIR,
// for the kill -9 test: TestMain reads it before the tests, so that the
// binary reads nothing from its environment.
const runArg = "-league.run"

func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == runArg {
		os.Exit(runForever(os.Args[2]))
	}
	os.Exit(m.Run())
}

// runForever plays the league in dir until killed, printing the number of
// games it has recorded after each one.
func runForever(dir string) int {
	l, err := Open(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	out := bufio.NewWriter(os.Stdout)
	_, err = l.Run(context.Background(), RunConfig{
		Game: toy2, Limits: arena.DefaultLimits, Workers: 2, Model: rating.Default(),
		Progress: func(done int) {
			fmt.Fprintln(out, done)
			out.Flush()
		},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// newLeague makes a league of game in a temporary directory with the given
// builtin bots, each under its own name.
func newLeague(t *testing.T, game string, bots ...string) *League {
	t.Helper()
	l, err := OpenOrCreate(t.TempDir(), game)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bots {
		if err := l.Add(b, arena.BuiltinPrefix+b); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

func play(t *testing.T, l *League, g digitGame, games, workers int) {
	t.Helper()
	n, err := l.Run(context.Background(), RunConfig{Game: g, Limits: arena.DefaultLimits, Workers: workers, Games: games, Model: rating.Default()})
	if err != nil {
		t.Fatal(err)
	}
	if n != games {
		t.Fatalf("recorded %d games, want %d", n, games)
	}
}

func standings(t *testing.T, l *League) map[string]Standing {
	t.Helper()
	st, err := l.Standings(rating.Default())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Standing{}
	for _, s := range st {
		out[s.Name] = s
	}
	return out
}

// TestStrongerAbove plays a two-seat league and checks the leaderboard
// orders the bots by strength, with separated intervals at the extremes,
// and that every bot was scheduled.
func TestStrongerAbove(t *testing.T) {
	l := newLeague(t, toy2.Name(), "zero", "random", "nine", "five")
	play(t, l, toy2, 80, 2)
	st := standings(t, l)
	order := []string{"nine", "five", "zero"}
	for k := 1; k < len(order); k++ {
		a, b := st[order[k-1]], st[order[k]]
		if a.Rating.Mu <= b.Rating.Mu || a.Ordinal <= b.Ordinal {
			t.Errorf("%s (%+v) not above %s (%+v)", a.Name, a.Rating, b.Name, b.Rating)
		}
	}
	if st["nine"].Lo <= st["zero"].Hi {
		t.Errorf("nine [%.2f, %.2f] and zero [%.2f, %.2f] overlap", st["nine"].Lo, st["nine"].Hi, st["zero"].Lo, st["zero"].Hi)
	}
	total := 0
	for name, s := range st {
		if s.Games < 10 {
			t.Errorf("%s played only %d of 80 games: the scheduler starves it", name, s.Games)
		}
		total += s.Games
	}
	if total != 160 {
		t.Errorf("seats over all games %d, want 160", total)
	}
	if s := st["nine"]; s.Score != 1 || s.AvgRank != 1 {
		t.Errorf("nine never loses: score %.3f avg rank %.3f", s.Score, s.AvgRank)
	}
	for _, s := range st {
		if s.TurnMSMax < s.TurnMSP99 || s.TurnMSP99 < 0 || s.FirstMSP99 < 0 {
			t.Errorf("%s turn times: first p99 %.3f, p99 %.3f, max %.3f", s.Name, s.FirstMSP99, s.TurnMSP99, s.TurnMSMax)
		}
	}
	if s := st["zero"]; s.Score > 0.2 {
		t.Errorf("zero scores %.3f", s.Score)
	}
	// Rounds are whole: each seed was played from both seatings.
	seeds := map[int64]int{}
	for _, g := range l.Games {
		seeds[g.Result.Seed]++
	}
	for seed, n := range seeds {
		if n != 2 {
			t.Errorf("seed %d played %d times, want both seatings", seed, n)
		}
	}
}

// TestFourSeatRanks shows that all four places feed the ratings: with
// digits 9, 6, 3 and 0 the bots finish in that order every game, which a
// rating that saw only the winner could not tell apart below first, and two
// bots that always tie end level.
func TestFourSeatRanks(t *testing.T) {
	tests := []struct {
		name  string
		bots  []string
		order []string
		level [2]string
	}{
		{name: "strict", bots: []string{"zero", "six", "nine", "three", "five"}, order: []string{"nine", "six", "five", "three", "zero"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLeague(t, toy4.Name(), tt.bots...)
			play(t, l, toy4, 60, 2)
			st := standings(t, l)
			for k := 1; k < len(tt.order); k++ {
				a, b := st[tt.order[k-1]], st[tt.order[k]]
				if a.Rating.Mu <= b.Rating.Mu {
					t.Errorf("%s mu %.3f not above %s mu %.3f", a.Name, a.Rating.Mu, b.Name, b.Rating.Mu)
				}
			}
			if st["six"].AvgRank >= st["three"].AvgRank {
				t.Errorf("six avg rank %.2f not better than three %.2f", st["six"].AvgRank, st["three"].AvgRank)
			}
		})
	}
	t.Run("ties", func(t *testing.T) {
		l := newLeague(t, toy4.Name(), "nine", "zero")
		for _, name := range []string{"fiveA", "fiveB"} {
			if err := l.Add(name, "builtin:five"); err != nil {
				t.Fatal(err)
			}
		}
		play(t, l, toy4, 16, 1)
		st := standings(t, l)
		a, b := st["fiveA"], st["fiveB"]
		if math.Abs(a.Rating.Mu-b.Rating.Mu) > 1e-9 || a.AvgRank != 2 || b.AvgRank != 2 {
			t.Errorf("tied bots differ: %+v %+v", a, b)
		}
		if !(st["nine"].Rating.Mu > a.Rating.Mu && a.Rating.Mu > st["zero"].Rating.Mu) {
			t.Errorf("tied bots not between nine and zero: %+v %+v %+v", st["nine"].Rating, a.Rating, st["zero"].Rating)
		}
	})
}

// TestFaults checks that a bot's invalid output is counted against it and
// costs it the game.
func TestFaults(t *testing.T) {
	l := newLeague(t, toy2.Name(), "garbage", "zero")
	play(t, l, toy2, 4, 1)
	st := standings(t, l)
	if g := st["garbage"]; g.Invalid != 4 || g.Score != 0 {
		t.Errorf("garbage: %d invalid, score %.2f; want 4 and 0", g.Invalid, g.Score)
	}
	if z := st["zero"]; z.Invalid != 0 || z.Score != 1 {
		t.Errorf("zero: %d invalid, score %.2f; want 0 and 1", z.Invalid, z.Score)
	}
}

// TestStalledSummed: a bot's stalled timeouts and late answers are summed
// over its games whatever its seat, apart from its timeouts, and a bot
// without any has none.
func TestStalledSummed(t *testing.T) {
	l := newLeague(t, toy2.Name(), "nine", "zero")
	game := func(names []string, ps ...arena.PlayerResult) Entry {
		return Entry{Event: EventGame, Names: names,
			Result: &arena.Result{Seed: 1, Scores: []int{1, 0}, Players: ps}}
	}
	l.Games = []Entry{
		game([]string{"nine", "zero"}, arena.PlayerResult{Timeouts: 2, Stalled: 1, Late: 4, LateStalled: 3}, arena.PlayerResult{Timeouts: 1}),
		game([]string{"zero", "nine"}, arena.PlayerResult{}, arena.PlayerResult{Timeouts: 3, Stalled: 3, Late: 1}),
	}
	st := standings(t, l)
	for _, tc := range []struct {
		name string
		want [4]int // timeouts, stalled, late, late in stalls
	}{{"nine", [4]int{5, 4, 5, 3}}, {"zero", [4]int{1, 0, 0, 0}}} {
		s := st[tc.name]
		if got := [4]int{s.Timeouts, s.Stalled, s.Late, s.LateStalled}; got != tc.want {
			t.Errorf("%s: timeouts, stalled, late, late in stalls %v; want %v", tc.name, got, tc.want)
		}
	}
}

// TestRoster covers adding and removing by name: a removed bot keeps its
// games and is not scheduled, a name keeps its command, and mistakes are
// errors.
func TestRoster(t *testing.T) {
	l := newLeague(t, toy2.Name(), "nine", "five", "zero")
	play(t, l, toy2, 6, 1)
	if err := l.Remove("zero"); err != nil {
		t.Fatal(err)
	}
	before := standings(t, l)["zero"].Games
	play(t, l, toy2, 6, 1)
	st := standings(t, l)
	if st["zero"].Games != before || st["zero"].Active {
		t.Errorf("removed bot: %d games (had %d), active %v", st["zero"].Games, before, st["zero"].Active)
	}
	if before == 0 {
		t.Errorf("zero played no game before removal")
	}
	errs := []struct {
		name string
		err  error
	}{
		{"remove again", l.Remove("zero")},
		{"remove unknown", l.Remove("nobody")},
		{"add twice", l.Add("nine", "builtin:nine")},
		{"name reused for a new command", l.Add("zero", "builtin:nine")},
		{"unknown builtin", l.Add("x", "builtin:nosuch")},
		{"name with a space", l.Add("a b", "builtin:nine")},
		{"empty command", l.Add("y", " ")},
	}
	for _, e := range errs {
		if e.err == nil {
			t.Errorf("%s: no error", e.name)
		}
	}
	if err := l.Add("zero", "builtin:zero"); err != nil {
		t.Fatalf("bringing a bot back: %v", err)
	}
	if !l.Member("zero").Active {
		t.Error("zero not active after re-adding")
	}
	// Another process's view of the same file agrees.
	again, err := Open(l.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Games) != 12 || len(again.Active()) != 3 || again.Bad != 0 {
		t.Errorf("reopened: %d games, %d active, %d bad", len(again.Games), len(again.Active()), again.Bad)
	}
	if _, err := OpenOrCreate(l.Dir, toy4.Name()); err == nil {
		t.Error("opening a league as another game: no error")
	}
	if _, err := Open(t.TempDir()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("open of an empty dir: %v", err)
	}
	if _, err := l.Run(context.Background(), RunConfig{Game: toy4, Limits: arena.DefaultLimits, Games: 1}); err == nil {
		t.Error("run with the wrong game: no error")
	}
}

// TestTornLine appends what a writer killed mid-line leaves, and checks that
// readers ignore it, the next write cuts it off, and no game is lost.
func TestTornLine(t *testing.T) {
	tests := []struct {
		name string
		torn string
	}{
		{"half a game", `{"event":"game","names":["nine","zero"],"result":{"game":"ltoy2","seed":99,`},
		{"one byte", `{`},
		{"complete json without newline", `{"event":"remove","name":"nine"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLeague(t, toy2.Name(), "nine", "zero")
			play(t, l, toy2, 4, 1)
			f, err := os.OpenFile(l.Path(), os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString(tt.torn); err != nil {
				t.Fatal(err)
			}
			f.Close()
			re, err := Open(l.Dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(re.Games) != 4 || re.Bad != 0 || !re.Member("nine").Active {
				t.Fatalf("after a torn line: %d games, %d bad, nine active %v", len(re.Games), re.Bad, re.Member("nine").Active)
			}
			play(t, re, toy2, 2, 1)
			data, err := os.ReadFile(l.Path())
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(data), tt.torn+"\n") || strings.Contains(string(data), tt.torn+"{") {
				t.Error("torn line still in the file")
			}
			final, err := Open(l.Dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(final.Games) != 6 || final.Bad != 0 {
				t.Errorf("after resuming: %d games, %d bad; want 6 and 0", len(final.Games), final.Bad)
			}
		})
	}
}

// TestBadLine checks that a damaged complete line is skipped and counted,
// not fatal.
func TestBadLine(t *testing.T) {
	l := newLeague(t, toy2.Name(), "nine", "zero")
	play(t, l, toy2, 2, 1)
	f, err := os.OpenFile(l.Path(), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	lines := "not json\n" + `{"event":"game","names":["nine","ghost"],"result":{"game":"ltoy2","seed":5,"seats":[0,1],"scores":[1,2]}}` + "\n"
	if _, err := f.WriteString(lines); err != nil {
		t.Fatal(err)
	}
	f.Close()
	re, err := Open(l.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(re.Games) != 2 || re.Bad != 2 {
		t.Errorf("%d games, %d bad; want 2 and 2", len(re.Games), re.Bad)
	}
}

// TestKill runs a league in a child process, kills it with SIGKILL while
// games are in flight, and checks that every game it had reported as
// recorded is in the file, that the file reads cleanly, and that a restart
// first completes the round the kill cut in half and then goes on.
func TestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a subprocess")
	}
	l := newLeague(t, toy2.Name(), "slow", "nine", "zero")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, runArg, l.Dir)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	reported := 0
	sc := bufio.NewScanner(out)
	// a bound for a broken runner, not a window: 15 toy games take well
	// under a second
	deadline := time.Now().Add(2 * time.Minute)
	for reported < 15 && sc.Scan() && time.Now().Before(deadline) {
		if n, err := strconv.Atoi(sc.Text()); err == nil {
			reported = n
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if reported < 15 {
		t.Fatalf("child reported only %d games", reported)
	}
	re, err := Open(l.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(re.Games) < reported || re.Bad != 0 {
		t.Fatalf("after kill -9: %d games in the file, %d reported recorded, %d bad lines", len(re.Games), reported, re.Bad)
	}
	had := len(re.Games)
	half := re.unfinishedRounds(2)
	play(t, re, toy2, len(half)+2, 1)
	for i, j := range half {
		g := re.Games[had+i]
		if g.Result.Seed != j.seed || strings.Join(g.Names, ",") != strings.Join(j.names(), ",") {
			t.Errorf("restart game %d: seed %d %v, want the unfinished round's seed %d %v", i, g.Result.Seed, g.Names, j.seed, j.names())
		}
	}
	if left := re.unfinishedRounds(2); len(left) != 0 {
		t.Errorf("rounds still half played after the restart: %+v", left)
	}
	t.Logf("killed after %d reported games, %d in the file, %d half rounds resumed", reported, had, len(half))
}

// TestPickTable checks the scheduler's choice: the least certain table,
// with games in flight counted as information to come.
func TestPickTable(t *testing.T) {
	l := newLeague(t, toy2.Name(), "nine", "five", "zero")
	play(t, l, toy2, 10, 1)
	if err := l.Add("newbie", "builtin:random"); err != nil {
		t.Fatal(err)
	}
	m := rating.Default()
	tests := []struct {
		name    string
		pending map[string]int
		want    string // a bot that must be at the table
		not     string // a bot that must not
	}{
		{name: "new bot first", want: "newbie"},
		{name: "new bot busy", pending: map[string]int{"newbie": 50}, not: "newbie"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			table, err := l.pickTable(m, 2, tt.pending)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(table, ",")
			if tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("table %s lacks %s", got, tt.want)
			}
			if tt.not != "" && strings.Contains(got, tt.not) {
				t.Errorf("table %s has %s", got, tt.not)
			}
		})
	}
	if _, err := l.pickTable(m, 5, nil); err == nil {
		t.Error("a table larger than the league: no error")
	}
}

// TestReplays checks that replays of league games land under distinct
// names (seed and seating), one per game.
func TestReplays(t *testing.T) {
	l := newLeague(t, toy2.Name(), "nine", "zero")
	dir := t.TempDir()
	if _, err := l.Run(context.Background(), RunConfig{Game: toy2, Limits: arena.DefaultLimits, Workers: 2, Games: 6, Replays: dir, Model: rating.Default()}); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 6 {
		t.Errorf("%d replays for 6 games: %v", len(files), files)
	}
}

// TestUnfinishedRounds checks which games a restart owes: the missing
// seatings of a half-played round, unless one of its bots was removed.
func TestUnfinishedRounds(t *testing.T) {
	l := newLeague(t, toy2.Name(), "nine", "zero", "five")
	play(t, l, toy2, 4, 1)
	if got := l.unfinishedRounds(2); len(got) != 0 {
		t.Fatalf("whole rounds reported unfinished: %+v", got)
	}
	bots := []arena.Bot{}
	for _, n := range []string{"nine", "five"} {
		b, err := arena.ParseBot(toy2.Name(), l.Member(n).Cmd)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	res, err := arena.Run(context.Background(), arena.Config{Game: toy2, Bots: bots, Limits: arena.DefaultLimits,
		Matches: []arena.Match{{Seed: 50, Seats: []int{1, 0}}}})
	if err != nil {
		t.Fatal(err)
	}
	// recorded without a round name, as files from before names were
	if err := l.Record("", []string{"five", "nine"}, res[0]); err != nil {
		t.Fatal(err)
	}
	got := l.unfinishedRounds(2)
	if len(got) != 1 || got[0].seed != 50 || strings.Join(got[0].names(), ",") != "nine,five" {
		t.Fatalf("unfinished %+v, want seed 50 nine,five", got)
	}
	play(t, l, toy2, 1, 1)
	last := l.Games[len(l.Games)-1]
	if last.Result.Seed != 50 || strings.Join(last.Names, ",") != "nine,five" || last.Round != "" {
		t.Errorf("the run did not finish the round first: seed %d %v round %q", last.Result.Seed, last.Names, last.Round)
	}
	if err := l.Record("", []string{"five", "nine"}, func() arena.Result { r := res[0]; r.Seed = 60; return r }()); err != nil {
		t.Fatal(err)
	}
	if err := l.Remove("five"); err != nil {
		t.Fatal(err)
	}
	if got := l.unfinishedRounds(2); len(got) != 0 {
		t.Errorf("a round with a removed bot still owed: %+v", got)
	}
}

func TestPercentile(t *testing.T) {
	tests := []struct {
		xs   []float64
		q    float64
		want float64
	}{
		{nil, 0.99, 0},
		{[]float64{3}, 0.99, 3},
		{[]float64{5, 1, 4, 2, 3}, 0.5, 3},
		{[]float64{5, 1, 4, 2, 3}, 1, 5},
		{[]float64{5, 1, 4, 2, 3}, 0.99, 5},
		{[]float64{5, 1, 4, 2, 3}, 0, 1},
	}
	for _, tt := range tests {
		if got := percentile(append([]float64(nil), tt.xs...), tt.q); got != tt.want {
			t.Errorf("percentile(%v, %v) = %v, want %v", tt.xs, tt.q, got, tt.want)
		}
	}
}

// TestAddWhileRunning adds a bot from a second handle on the file (as
// another process would) while a run is going, and checks the run picks it
// up without a restart.
func TestAddWhileRunning(t *testing.T) {
	l := newLeague(t, toy2.Name(), "nine", "zero")
	other, err := Open(l.Dir)
	if err != nil {
		t.Fatal(err)
	}
	var addErr error
	n, err := l.Run(context.Background(), RunConfig{Game: toy2, Limits: arena.DefaultLimits, Workers: 1, Games: 20, Model: rating.Default(),
		Progress: func(done int) {
			if done == 4 {
				addErr = other.Add("five", "builtin:five")
			}
		}})
	if err != nil || addErr != nil || n != 20 {
		t.Fatalf("run: %d games, %v; add: %v", n, err, addErr)
	}
	five := 0
	for i, g := range l.Games {
		for _, name := range g.Names {
			if name == "five" {
				five++
				if i < 4 {
					t.Errorf("five played game %d, before it was added", i)
				}
			}
		}
	}
	if five == 0 {
		t.Error("the bot added during the run never played")
	}
}

// TestTornCreate starts a league over the torn first line of a league
// whose creator was killed.
func TestTornCreate(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte(`{"event":"cre`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err == nil {
		t.Fatal("open of a league without its create line: no error")
	}
	l, err := OpenOrCreate(dir, toy2.Name())
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Add("nine", "builtin:nine"); err != nil {
		t.Fatal(err)
	}
	re, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if re.Game != toy2.Name() || re.Bad != 0 || len(re.Members) != 1 {
		t.Errorf("reopened: game %q, %d bad, %d members", re.Game, re.Bad, len(re.Members))
	}
}

// TestRoundsByName: two rounds on one seed (as two runs that drew the same
// seeds left them) are two rounds, each owing its own missing game; by seed
// alone they looked like one whole round and both games were lost.
func TestRoundsByName(t *testing.T) {
	l := newLeague(t, toy2.Name(), "nine", "zero", "five")
	bots := map[string]arena.Bot{}
	for _, n := range []string{"nine", "zero", "five"} {
		b, err := arena.ParseBot(toy2.Name(), l.Member(n).Cmd)
		if err != nil {
			t.Fatal(err)
		}
		bots[n] = b
	}
	record := func(round string, names ...string) {
		t.Helper()
		res, err := arena.Run(context.Background(), arena.Config{Game: toy2, Bots: []arena.Bot{bots[names[0]], bots[names[1]]},
			Limits: arena.DefaultLimits, Matches: []arena.Match{{Seed: 7, Seats: []int{0, 1}}}})
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Record(round, names, res[0]); err != nil {
			t.Fatal(err)
		}
	}
	record("a.1", "nine", "zero")
	record("b.1", "five", "nine")
	got := l.unfinishedRounds(2)
	want := []string{"a.1 zero,nine", "b.1 nine,five"}
	if len(got) != len(want) {
		t.Fatalf("owed %+v, want %v", got, want)
	}
	for i, j := range got {
		if s := j.round + " " + strings.Join(j.names(), ","); s != want[i] || j.seed != 7 {
			t.Errorf("owed game %d: %s seed %d, want %s seed 7", i, s, j.seed, want[i])
		}
	}
	play(t, l, toy2, 2, 1)
	for i, w := range want {
		g := l.Games[2+i]
		if s := g.Round + " " + strings.Join(g.Names, ","); s != w {
			t.Errorf("game %d: %s, want %s", 2+i, s, w)
		}
	}
	if left := l.unfinishedRounds(2); len(left) != 0 {
		t.Errorf("still owed: %+v", left)
	}
}

// checkLedger fails unless every round in l's file is whole, played on
// one seed that no other round uses, and holds each seating once: no game
// lost or doubled.
func checkLedger(t *testing.T, l *League) {
	t.Helper()
	type round struct {
		seed  int64
		games map[string]int
	}
	rounds := map[string]*round{}
	seedOf := map[int64]string{}
	for _, g := range l.Games {
		if g.Round == "" {
			t.Errorf("seed %d %v recorded without a round name", g.Result.Seed, g.Names)
			continue
		}
		rd := rounds[g.Round]
		if rd == nil {
			rd = &round{seed: g.Result.Seed, games: map[string]int{}}
			rounds[g.Round] = rd
		}
		if rd.seed != g.Result.Seed {
			t.Errorf("round %s played on seeds %d and %d", g.Round, rd.seed, g.Result.Seed)
		}
		if other, ok := seedOf[g.Result.Seed]; ok && other != g.Round {
			t.Errorf("seed %d played by rounds %s and %s", g.Result.Seed, other, g.Round)
		}
		seedOf[g.Result.Seed] = g.Round
		rd.games[strings.Join(g.Names, ",")]++
	}
	for name, rd := range rounds {
		if len(rd.games) != 2 {
			t.Errorf("round %s has seatings %v, want both", name, rd.games)
		}
		for seating, n := range rd.games {
			if n != 1 {
				t.Errorf("round %s: %s recorded %d times", name, seating, n)
			}
		}
	}
}

// TestTwoRunners starts a second run on a league while a first one plays
// it, from another handle on the directory as another process would: the
// second refuses at once with ErrRunning, the first plays on, and the file
// holds every game exactly once. Once the first run is over, a run goes
// ahead, on seeds of its own.
func TestTwoRunners(t *testing.T) {
	l := newLeague(t, toy2.Name(), "nine", "zero", "five")
	other, err := Open(l.Dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := RunConfig{Game: toy2, Limits: arena.DefaultLimits, Workers: 2, Games: 12, Model: rating.Default()}
	second := make(chan error, 1)
	var secondN int
	first := cfg
	first.Progress = func(done int) {
		if done == 3 { // the first run is mid-round, with games in flight
			var err error
			secondN, err = other.Run(context.Background(), cfg)
			second <- err
		}
	}
	n, err := l.Run(context.Background(), first)
	if err != nil || n != 12 {
		t.Fatalf("first run: %d games, %v", n, err)
	}
	if err := <-second; !errors.Is(err, ErrRunning) || secondN != 0 {
		t.Fatalf("second run during the first: %d games, error %v; want ErrRunning", secondN, err)
	} else if !strings.Contains(err.Error(), fmt.Sprintf("pid %d", os.Getpid())) {
		t.Errorf("the refusal does not say who runs the league: %v", err)
	}
	if err := other.Refresh(); err != nil {
		t.Fatal(err)
	}
	if len(other.Games) != 12 {
		t.Fatalf("%d games in the file, want 12", len(other.Games))
	}
	checkLedger(t, other)
	n, err = other.Run(context.Background(), cfg)
	if err != nil || n != 12 {
		t.Fatalf("run after the first: %d games, %v", n, err)
	}
	if len(other.Games) != 24 {
		t.Fatalf("%d games in the file, want 24", len(other.Games))
	}
	checkLedger(t, other)
}
