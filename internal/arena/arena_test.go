package arena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"cgpolicy/engine"
	"cgpolicy/engine/trace"
)

// testLimits are for the tests whose outcome must not rest on the clock: a
// toy bot answers in about a millisecond, so no bot reaches them however
// loaded the machine, and no test waits for them to pass.
var testLimits = Limits{First: time.Minute, Turn: time.Minute}

// clockLimits are for the tests where a limit passing is the point: bots
// that never answer, against good bots that must still answer in time. A
// bot's start takes some 30 ms and a toy turn some 1 ms; the limits are
// 30 and 300 times that, and these tests skip under the race detector.
var clockLimits = Limits{First: time.Second, Turn: 300 * time.Millisecond}

// seatOfBot returns r's seat for bot index b.
func seatOfBot(t *testing.T, r Result, b int) int {
	t.Helper()
	s := seatOf(r.Seats, b)
	if s < 0 {
		t.Fatalf("bot %d not seated in %v", b, r.Seats)
	}
	return s
}

// TestBrokenBots plays each kind of bot against a good one, in both seats,
// and checks that it scores as the toy referee scores it and that every
// game finishes. The bots that time out never answer at all, so only the
// good bots' speed rests on the clock.
func TestBrokenBots(t *testing.T) {
	cases := []struct {
		name     string
		bot      string
		game     toyGame
		clocked  bool // a limit must pass: clockLimits, and not under -race
		score    int  // the bot's final score
		end      string
		timeouts int
		crashes  int
		invalid  int
		turns    int // requests that got an answer in the replay
	}{
		{name: "good", bot: "five", game: toy(2, 5, 0), score: 25, end: EndNormal, turns: 5},
		{name: "answers ahead", bot: "ahead", game: toy(2, 5, 0), score: 15, end: EndNormal, turns: 5},
		{name: "never answers turn 2", bot: "sleepy", game: toy(2, 5, 0), clocked: true, score: -1, end: EndTimeout, timeouts: 1, turns: 2},
		{name: "exits on turn 3", bot: "exit3", game: toy(2, 5, 0), score: -1, end: EndTimeout, crashes: 1, turns: 3},
		{name: "prints garbage", bot: "garbage", game: toy(2, 5, 0), score: -1, end: EndInvalid, invalid: 1, turns: 1},
		{name: "never reads stdin", bot: "deaf", game: toy(2, 5, 0), clocked: true, score: -1, end: EndTimeout, timeouts: 1, turns: 1},
		{name: "never reads a large input", bot: "deaf", game: toy(2, 5, 1<<20), clocked: true, score: -1, end: EndTimeout, timeouts: 1, turns: 1},
		{name: "spins after end of input", bot: "spin", game: toy(2, 5, 0), score: 45, end: EndNormal, turns: 5},
	}
	for _, tc := range cases {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			lim := testLimits
			if tc.clocked {
				if raceEnabled {
					t.Skip("rests on the real clock, which the race detector slows")
				}
				lim = clockLimits
			}
			t.Parallel()
			dir := t.TempDir()
			pidfile := filepath.Join(dir, "child.pid") // where a spinning bot's child writes its pid
			cfg := Config{
				Game:    tc.game,
				Bots:    []Bot{{Cmd: botCmd(tc.bot, pidfile)}, {Cmd: botCmd("nine")}},
				Matches: Schedule([]int64{7}, Seatings(2, true), 0),
				Limits:  lim,
				Workers: 2,
				Out:     filepath.Join(dir, "results.jsonl"),
				Replays: filepath.Join(dir, "replays"),
			}
			results, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(results) != 2 {
				t.Fatalf("%d results, want 2", len(results))
			}
			for _, r := range results {
				s, o := seatOfBot(t, r, 0), seatOfBot(t, r, 1)
				if r.Scores[s] != tc.score {
					t.Errorf("seats %v: bot scored %d, want %d", r.Seats, r.Scores[s], tc.score)
				}
				if r.EndReason != tc.end {
					t.Errorf("seats %v: end %q, want %q", r.Seats, r.EndReason, tc.end)
				}
				pr := r.Players[s]
				if pr.Timeouts != tc.timeouts || pr.Crashes != tc.crashes || pr.Invalid != tc.invalid {
					t.Errorf("seats %v: timeouts/crashes/invalid %d/%d/%d, want %d/%d/%d", r.Seats,
						pr.Timeouts, pr.Crashes, pr.Invalid, tc.timeouts, tc.crashes, tc.invalid)
				}
				if want := winnerFor(tc.score, r.Scores[o], s, o); r.Winner != want {
					t.Errorf("seats %v: winner %d, want %d", r.Seats, r.Winner, want)
				}
				rep, err := trace.Load(r.Replay)
				if err != nil {
					t.Fatal(err)
				}
				if d, err := trace.Replay(tc.game, rep); err != nil || d != nil {
					t.Errorf("replay does not verify: %v %v", d, err)
				}
				if n := len(rep.Players[s].Turns); n != tc.turns {
					t.Errorf("replay has %d turns for the bot, want %d", n, tc.turns)
				}
				var times [][]float64
				if err := json.Unmarshal(rep.Extra["turn_ms"], &times); err != nil || len(times) != 2 {
					t.Fatalf("replay turn_ms %s: %v", rep.Extra["turn_ms"], err)
				}
				for p := range times {
					if len(times[p]) != len(rep.Players[p].Turns) {
						t.Errorf("seat %d: %d turn times for %d turns", p, len(times[p]), len(rep.Players[p].Turns))
					}
				}
				var whole []string
				var perTurn [][]string
				_ = json.Unmarshal(rep.Extra["stderr"], &whole)
				_ = json.Unmarshal(rep.Extra["turn_stderr"], &perTurn)
				if tc.bot != "deaf" {
					// each turn's piece, in order, is the whole log
					if len(perTurn) != 2 || len(perTurn[s]) != len(rep.Players[s].Turns) || strings.Join(perTurn[s], "") != whole[s] {
						t.Fatalf("turn stderr %q does not split stderr %q over %d turns", perTurn, whole, len(rep.Players[s].Turns))
					}
					// a turn's piece never holds what the bot logged on a later
					// turn (a line may arrive a turn late, never early)
					for i, seg := range perTurn[s] {
						for _, f := range strings.Fields(seg) {
							if n, err := strconv.Atoi(f); err == nil && n > i+1 {
								t.Errorf("turn %d's stderr %q holds turn %d's log", i+1, seg, n)
							}
						}
					}
				}
				if tc.bot != "deaf" && !strings.Contains(string(rep.Extra["stderr"]), "turn 1") {
					t.Errorf("replay stderr lacks the bot's log: %s", rep.Extra["stderr"])
				}
			}
			if tc.bot == "spin" {
				checkGone(t, pidfile)
			}
		})
	}
}

func winnerFor(a, b, sa, sb int) int {
	switch {
	case a > b:
		return sa
	case b > a:
		return sb
	}
	return -1
}

// checkGone fails when the process in pidfile still runs (a zombie waiting
// for a parent that does not reap it counts as gone).
func checkGone(t *testing.T, pidfile string) {
	t.Helper()
	data, err := os.ReadFile(pidfile)
	if err != nil {
		t.Fatalf("spinning bot's child never started: %v", err)
	}
	pid, _ := strconv.Atoi(string(data))
	// SIGKILL ends it at once; the wait is only a bound for a broken kill.
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if syscall.Kill(pid, 0) != nil {
			return
		}
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil || strings.Contains(string(stat), ") Z ") {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("bot's child %d still runs after the games", pid)
}

// TestBlockedWriteIsCharged: the turn clock starts as the arena starts
// writing the input, so the time a bot leaves its input unread (here
// slowReadDelay, with the input too large for the pipe) is its time. The
// limit is 20 times what the bot takes, and the test skips under -race.
func TestBlockedWriteIsCharged(t *testing.T) {
	if raceEnabled {
		t.Skip("rests on the real clock, which the race detector slows")
	}
	p, err := startProcess(botCmd("slowread"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.stop(0)
	input := []string{"player 0 of 2 seed 1", strings.Repeat("x", 1<<20), "turn 1"}
	r, err := p.ask(context.Background(), input, 1, 20*slowReadDelay)
	if err != nil {
		t.Fatal(err)
	}
	if r.fail != failNone || len(r.lines) != 1 || r.lines[0] != "9" {
		t.Fatalf("reply %+v, want the answer 9", r)
	}
	if r.elapsed < slowReadDelay {
		t.Errorf("charged %v, but the bot left its input unread for %v", r.elapsed, slowReadDelay)
	}
}

// TestInProcessDeterministic runs random in-process policies twice: the
// same seeds must give the same games, and the seats must differ from each
// other (seeded per seat).
func TestInProcessDeterministic(t *testing.T) {
	g := toy(2, 20, 0)
	var bots []Bot
	for _, cmd := range []string{"builtin:random", "builtin:random"} {
		b, err := ParseBot("toy", cmd)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	cfg := Config{Game: g, Bots: bots, Matches: Schedule(SeedRange(-3, 6), Seatings(2, true), 0),
		Limits: DefaultLimits, Workers: 3}
	a, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 12 || len(b) != 12 {
		t.Fatalf("got %d and %d results, want 12", len(a), len(b))
	}
	differ := false
	for i := range a {
		if !reflect.DeepEqual(a[i].Scores, b[i].Scores) || a[i].Seed != b[i].Seed {
			t.Errorf("game %d: %v vs %v", i, a[i].Scores, b[i].Scores)
		}
		if a[i].Seed == 0 {
			t.Errorf("seed 0 scheduled")
		}
		if a[i].Scores[0] != a[i].Scores[1] {
			differ = true
		}
	}
	if !differ {
		t.Errorf("both seats played the same digits in every game: seats share a random stream")
	}
}

// TestMixedSeats puts an in-process bot against a process bot.
func TestMixedSeats(t *testing.T) {
	nine, err := ParseBot("toy", "builtin:nine")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Game: toy(2, 4, 0), Bots: []Bot{nine, {Cmd: botCmd("five")}},
		Matches: Schedule([]int64{1}, Seatings(2, true), 0), Limits: testLimits, Workers: 2}
	results, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	sum := Summarize([]string{nine.Cmd, cfg.Bots[1].Cmd}, results)
	if sum.Bots[0].Wins != 2 || sum.Bots[1].Losses != 2 {
		t.Errorf("summary %+v", sum.Bots)
	}
}

// TestFourPlayers rotates four bots through four seats.
func TestFourPlayers(t *testing.T) {
	var bots []Bot
	for _, cmd := range []string{"builtin:five", "builtin:nine", "builtin:five", "builtin:five"} {
		b, err := ParseBot("toy", cmd)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	// Duplicate commands are allowed: the key holds the seating too.
	cfg := Config{Game: toy(4, 3, 0), Bots: bots, Matches: Schedule([]int64{5, 6}, Seatings(4, true), 0),
		Limits: DefaultLimits}
	results, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 8 {
		t.Fatalf("%d results, want 8", len(results))
	}
	seen := map[[2]int]bool{}
	for _, r := range results {
		for s, b := range r.Seats {
			seen[[2]int{s, b}] = true
		}
		if r.Winner != seatOfBot(t, r, 1) {
			t.Errorf("seats %v: winner %d", r.Seats, r.Winner)
		}
	}
	if len(seen) != 16 {
		t.Errorf("each bot should sit in each seat: %v", seen)
	}
	cmds := []string{"a", "b", "c", "d"}
	sum := Summarize(cmds, results)
	if sum.Bots[1].Wins != 8 || sum.Bots[1].SeedScore != 1 || sum.Bots[0].SeedScore != 0 {
		t.Errorf("summary %+v", sum.Bots)
	}
	if sum.Elo >= 0 {
		t.Errorf("bot a lost every head-to-head to bot b, elo %v", sum.Elo)
	}
}

func TestParseBotUnknownBuiltin(t *testing.T) {
	if _, err := ParseBot("toy", "builtin:nosuch"); err == nil || !strings.Contains(err.Error(), "builtin:nine") {
		t.Errorf("want an error listing the known policies, got %v", err)
	}
	if _, err := ParseBot("toy", "  "); err == nil {
		t.Error("empty command accepted")
	}
}

func TestRunRejectsBadConfig(t *testing.T) {
	g := toy(2, 3, 0)
	nine, _ := ParseBot("toy", "builtin:nine")
	cases := map[string]Config{
		"one bot":  {Game: g, Bots: []Bot{nine}, Matches: Schedule([]int64{1}, Seatings(1, true), 0), Limits: DefaultLimits},
		"seed 0":   {Game: g, Bots: []Bot{nine, nine}, Matches: Schedule([]int64{0}, Seatings(2, true), 0), Limits: DefaultLimits},
		"no games": {Game: g, Bots: []Bot{nine, nine}, Limits: DefaultLimits},
		"no limit": {Game: g, Bots: []Bot{nine, nine}, Matches: Schedule([]int64{1}, Seatings(2, true), 0)},
	}
	for name, cfg := range cases {
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestScheduleAndSeeds(t *testing.T) {
	if got := SeedRange(-2, 4); !reflect.DeepEqual(got, []int64{-2, -1, 1, 2}) {
		t.Errorf("SeedRange skips 0: got %v", got)
	}
	got := Schedule([]int64{3, 4}, Seatings(2, true), 3)
	want := []Match{{3, []int{0, 1}}, {3, []int{1, 0}}, {4, []int{0, 1}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Schedule = %v, want %v", got, want)
	}
	if got := Seatings(2, false); !reflect.DeepEqual(got, [][]int{{0, 1}}) {
		t.Errorf("no swap: %v", got)
	}
}

// applyDigit answers through the referee itself, as a typed fast path would.
type applyDigit int

func (d applyDigit) NewAgent(int64, int) (Agent, error) { return d, nil }

func (d applyDigit) Act(engine.State, int) ([]string, error) {
	return nil, errors.New("Act must not be called when Apply exists")
}

func (d applyDigit) Apply(s engine.State, p int) ([]string, error, error) {
	lines := []string{strconv.Itoa(int(d))}
	return lines, s.Answer(p, lines), nil
}

// TestApplier checks that the typed hook plays the same games as text.
func TestApplier(t *testing.T) {
	text, _ := ParseBot("toy", "builtin:five")
	matches := Schedule([]int64{1, 2}, Seatings(2, true), 0)
	run := func(b Bot) []Result {
		nine, _ := ParseBot("toy", "builtin:nine")
		rs, err := Run(context.Background(), Config{Game: toy(2, 4, 0), Bots: []Bot{b, nine},
			Matches: matches, Limits: DefaultLimits})
		if err != nil {
			t.Fatal(err)
		}
		return rs
	}
	a, b := run(text), run(Bot{Cmd: "typed five", Policy: applyDigit(5)})
	for i := range a {
		if !reflect.DeepEqual(a[i].Scores, b[i].Scores) || a[i].EndReason != b[i].EndReason {
			t.Errorf("game %d: text %v %s, typed %v %s", i, a[i].Scores, a[i].EndReason, b[i].Scores, b[i].EndReason)
		}
	}
	if a[0].Scores[0] != 20 {
		t.Errorf("scores %v", a[0].Scores)
	}
}

// protocolBug answers through the typed path and reports an error that is
// not the referee's verdict, as a broken harness or engine would.
type protocolBug struct{}

func (protocolBug) NewAgent(int64, int) (Agent, error)      { return protocolBug{}, nil }
func (protocolBug) Act(engine.State, int) ([]string, error) { return []string{"1"}, nil }
func (protocolBug) Apply(s engine.State, p int) ([]string, error, error) {
	return []string{"1"}, fmt.Errorf("%w: the harness answered twice", engine.ErrProtocol), nil
}

// TestHarnessErrorIsNotABotFault: an error from the referee that is not a
// deactivation stops the run with an error; it is never scored as an
// invalid command of the bot.
func TestHarnessErrorIsNotABotFault(t *testing.T) {
	nine, _ := ParseBot("toy", "builtin:nine")
	dir := t.TempDir()
	out := filepath.Join(dir, "results.jsonl")
	_, err := Run(context.Background(), Config{Game: toy(2, 4, 0), Bots: []Bot{{Cmd: "bug", Policy: protocolBug{}}, nine},
		Matches: Schedule([]int64{1}, Seatings(2, false), 0), Limits: DefaultLimits, Out: out})
	if !errors.Is(err, engine.ErrProtocol) {
		t.Fatalf("Run error = %v, want the protocol error", err)
	}
	if b, _ := os.ReadFile(out); len(b) != 0 {
		t.Errorf("a game stopped by a harness error was recorded: %s", b)
	}
}

// panicky is an in-process bot that plays 9 and panics on its turn 5, on
// the text path, the typed path, or already in NewAgent.
type panicky struct{ where string }

func (p panicky) NewAgent(seed int64, seat int) (Agent, error) {
	if p.where == "new agent" {
		panic("panicky: cannot start")
	}
	return &panickyAgent{typed: p.where == "apply"}, nil
}

type panickyAgent struct {
	typed bool
	turn  int
}

func (a *panickyAgent) Act(engine.State, int) ([]string, error) {
	a.turn++
	if a.turn == 5 {
		var m map[string]int
		m["boom"]++ // a genuine runtime panic: assignment to a nil map
	}
	return []string{"9"}, nil
}

// textOnly hides Apply, so that the arena takes the text path.
type textOnly struct{ a *panickyAgent }

func (t textOnly) Act(s engine.State, p int) ([]string, error) { return t.a.Act(s, p) }

func (a *panickyAgent) Apply(s engine.State, p int) ([]string, error, error) {
	lines, err := a.Act(s, p)
	if err != nil {
		return nil, nil, err
	}
	return lines, s.Answer(p, lines), nil
}

type panickyText struct{ panicky }

func (p panickyText) NewAgent(seed int64, seat int) (Agent, error) {
	a, err := p.panicky.NewAgent(seed, seat)
	if err != nil {
		return nil, err
	}
	return textOnly{a.(*panickyAgent)}, nil
}

// TestPanickingPolicyCrashes: a policy that panics on turn 5 loses each of
// its games as a crash, with the panic and its stack in the replay's
// stderr, and the run plays every other game to its end.
func TestPanickingPolicyCrashes(t *testing.T) {
	cases := []struct {
		name   string
		policy Policy
		turns  int    // the crashing seat's turns in the replay
		stack  string // a frame the logged stack must hold
	}{
		{"act", panickyText{panicky{"act"}}, 5, "(*panickyAgent).Act"},
		{"apply", panicky{"apply"}, 5, "(*panickyAgent).Apply"},
		{"new agent", panicky{"new agent"}, 1, "panicky.NewAgent"},
	}
	for _, tc := range cases {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			five, _ := ParseBot("toy", "builtin:five")
			dir := t.TempDir()
			cfg := Config{
				Game:    toy(2, 8, 0),
				Bots:    []Bot{{Cmd: "panicky", Policy: tc.policy}, five},
				Matches: Schedule([]int64{1, 2, 3}, Seatings(2, true), 0),
				Limits:  DefaultLimits,
				Workers: 2,
				Out:     filepath.Join(dir, "results.jsonl"),
				Replays: filepath.Join(dir, "replays"),
			}
			results, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatalf("the panic stopped the run: %v", err)
			}
			if len(results) != 6 {
				t.Fatalf("%d results, want 6", len(results))
			}
			if saved := keyCounts(t, cfg.Out); len(saved) != 6 {
				t.Errorf("%d games saved, want 6", len(saved))
			}
			for _, r := range results {
				s, o := seatOfBot(t, r, 0), seatOfBot(t, r, 1)
				if r.Players[s].Crashes != 1 || r.Scores[s] != -1 || r.Winner != o || r.EndReason != EndTimeout {
					t.Errorf("seats %v: crashes %d, scores %v, winner %d, end %q; want a crash that loses",
						r.Seats, r.Players[s].Crashes, r.Scores, r.Winner, r.EndReason)
				}
				if r.Players[o].Crashes != 0 {
					t.Errorf("seats %v: the other seat crashed too", r.Seats)
				}
				rep, err := trace.Load(r.Replay)
				if err != nil {
					t.Fatal(err)
				}
				if n := len(rep.Players[s].Turns); n != tc.turns {
					t.Errorf("seats %v: %d turns for the crashing seat, want %d", r.Seats, n, tc.turns)
				}
				var stderr []string
				if err := json.Unmarshal(rep.Extra["stderr"], &stderr); err != nil || len(stderr) != 2 {
					t.Fatalf("replay stderr %s: %v", rep.Extra["stderr"], err)
				}
				if !strings.HasPrefix(stderr[s], "panic: ") || !strings.Contains(stderr[s], tc.stack) {
					t.Errorf("seats %v: crashing seat's stderr lacks the panic and its stack:\n%s", r.Seats, stderr[s])
				}
				if stderr[o] != "" {
					t.Errorf("seats %v: the other seat has stderr %q", r.Seats, stderr[o])
				}
			}
		})
	}
}
