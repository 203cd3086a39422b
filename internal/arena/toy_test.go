package arena

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"cgpolicy/engine"
)

// toyGame is a referee small enough to check by hand: every turn each active
// player names a digit, and its score is the sum of its digits. A missing
// answer is a timeout and a non-digit is an invalid command; either
// deactivates the player (score -1) and ends the game after that step.
type toyGame struct {
	players int
	turns   int
	pad     int // bytes of padding in the init lines, to fill a pipe
}

func (g toyGame) Name() string    { return "toy" }
func (g toyGame) NumPlayers() int { return g.players }
func (g toyGame) MaxSteps() int   { return g.turns + 1 }

func (g toyGame) NewState(seed int64) (engine.State, error) {
	if seed == 0 {
		return nil, errors.New("toy: seed 0")
	}
	return &toyState{g: g, seed: seed, active: fill(g.players, true),
		score: make([]int, g.players), answered: make([]bool, g.players)}, nil
}

func fill(n int, v bool) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = v
	}
	return out
}

type toyState struct {
	g        toyGame
	seed     int64
	turn     int
	active   []bool
	score    []int
	answered []bool
	out      bool // someone was deactivated
}

func (s *toyState) InitLines(p int) []string {
	lines := []string{fmt.Sprintf("player %d of %d seed %d", p, s.g.players, s.seed)}
	if s.g.pad > 0 {
		lines = append(lines, strings.Repeat("x", s.g.pad))
	}
	return lines
}

func (s *toyState) Pending() []int {
	if s.Done() {
		return nil
	}
	var out []int
	for p, a := range s.active {
		if a {
			out = append(out, p)
		}
	}
	return out
}

func (s *toyState) InputLines(p int) []string { return []string{fmt.Sprintf("turn %d", s.turn+1)} }
func (s *toyState) ExpectedLines(p int) int   { return 1 }

func (s *toyState) Answer(p int, lines []string) error {
	s.answered[p] = true
	if len(lines) < 1 {
		s.active[p], s.out = false, true
		return &engine.Deactivation{Player: p, Timeout: true}
	}
	v, err := strconv.Atoi(lines[0])
	if err != nil || v < 0 || v > 9 {
		s.active[p], s.out = false, true
		return &engine.Deactivation{Player: p, Reason: fmt.Sprintf("invalid %q", lines[0])}
	}
	s.score[p] += v
	return nil
}

func (s *toyState) Advance() error {
	for _, p := range s.Pending() {
		if !s.answered[p] {
			return engine.ErrProtocol
		}
	}
	for p := range s.answered {
		s.answered[p] = false
	}
	s.turn++
	return nil
}

func (s *toyState) Done() bool        { return s.out || s.turn >= s.g.turns }
func (s *toyState) Active(p int) bool { return s.active[p] }
func (s *toyState) Turn() int         { return s.turn }

func (s *toyState) Scores() []int {
	out := make([]int, len(s.score))
	for p := range out {
		out[p] = s.score[p]
		if !s.active[p] {
			out[p] = -1
		}
	}
	return out
}

func (s *toyState) Clone() engine.State {
	c := *s
	c.active = append([]bool(nil), s.active...)
	c.score = append([]int(nil), s.score...)
	c.answered = append([]bool(nil), s.answered...)
	return &c
}

// Test bots, and the arena TestResumeAfterKill kills, are this test
// binary run again with its role in its arguments: botArg KIND [ARG...]
// makes it a test bot (runTestBot), runnerArg OUT the arena of
// resumeConfig(OUT). TestMain plays the role instead of running the
// tests, so that the binary reads nothing from its environment.
const (
	botArg    = "-arena.testbot"
	runnerArg = "-arena.runner"
)

func TestMain(m *testing.M) {
	if len(os.Args) >= 3 {
		switch os.Args[1] {
		case botArg:
			os.Exit(runTestBot(os.Args[2], os.Args[3:]))
		case runnerArg:
			// The arena itself, for a test that kills it with SIGKILL.
			if _, err := Run(context.Background(), resumeConfig(os.Args[2])); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			os.Exit(0)
		}
	}
	os.Exit(m.Run())
}

// slowReadDelay is how long the slowread bot leaves its first input unread.
const slowReadDelay = 200 * time.Millisecond

// botCmd is the shell command for a test bot of the given kind, with
// args after it (quoted for the shell).
func botCmd(kind string, args ...string) string {
	exe, err := os.Executable()
	if err != nil {
		panic(err) // the test binary always knows its path
	}
	// Race-enabled binaries sleep 1 s at exit by default; a bot that exits
	// must exit now.
	cmd := fmt.Sprintf("GORACE=atexit_sleep_ms=0 exec %s %s %s", shellQuote(exe), botArg, kind)
	for _, a := range args {
		cmd += " " + shellQuote(a)
	}
	return cmd
}

// shellQuote quotes s as one word for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// runTestBot plays the toy game badly or well, as kind says. The spinning
// bots take a file as args[0]: "spin PIDFILE" starts "spinchild PIDFILE",
// a child in its process group that writes its process id there and
// outlives the game; "spin" alone starts none.
func runTestBot(kind string, args []string) int {
	if kind == "deaf" || kind == "spinchild" {
		if kind == "spinchild" && len(args) > 0 {
			_ = os.WriteFile(args[0], []byte(strconv.Itoa(os.Getpid())), 0o644)
		}
		for {
			time.Sleep(time.Hour) // never reads stdin
		}
	}
	if kind == "spin" && len(args) > 0 {
		pidfile := args[0]
		if child, err := os.Executable(); err == nil {
			// A child in the same process group that outlives the game.
			p, err := os.StartProcess(child, []string{child, botArg, "spinchild", pidfile},
				&os.ProcAttr{Files: []*os.File{nil, nil, os.Stderr}})
			if err == nil {
				_ = p.Release()
				// Wait until the child is surely running.
				for i := 0; i < 200; i++ {
					if _, err := os.Stat(pidfile); err == nil {
						break
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
		}
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<22)
	out := bufio.NewWriter(os.Stdout)
	turn := 0
	for in.Scan() {
		if kind == "slowread" && turn == 0 && strings.HasPrefix(in.Text(), "player ") {
			// The arena is writing its first input: leave the rest in
			// the pipe for a while, then answer at once.
			time.Sleep(slowReadDelay)
		}
		if !strings.HasPrefix(in.Text(), "turn ") {
			continue
		}
		turn++
		fmt.Fprintf(os.Stderr, "turn %d\n", turn)
		switch kind {
		case "five":
			fmt.Fprintln(out, 5)
		case "nine":
			fmt.Fprintln(out, 9)
		case "slow":
			time.Sleep(20 * time.Millisecond)
			fmt.Fprintln(out, 5)
		case "sleepy":
			if turn == 2 {
				time.Sleep(time.Hour) // never answers turn 2
			}
			fmt.Fprintln(out, 9)
		case "exit3":
			if turn == 3 {
				return 0
			}
			fmt.Fprintln(out, 9)
		case "garbage":
			fmt.Fprintln(out, "hello world")
		case "ahead":
			// Answers one turn ahead: the extra line must be kept for the
			// next request, so the referee sees 1, 2, 3, ...
			if turn == 1 {
				fmt.Fprintln(out, 1)
				fmt.Fprintln(out, 2)
			} else {
				fmt.Fprintln(out, (turn+1)%10)
			}
		case "spin", "slowread":
			fmt.Fprintln(out, 9)
		default:
			fmt.Fprintln(os.Stderr, "unknown test bot", kind)
			return 2
		}
		out.Flush()
	}
	if kind == "spin" {
		for i := 0; ; i++ { // busy forever after the end of input
			_ = i
		}
	}
	return 0
}

// digitPolicy is an in-process toy bot: a fixed digit, or a seeded random
// one when digit is -1.
type digitPolicy int

func (d digitPolicy) NewAgent(seed int64, seat int) (Agent, error) {
	rng := rand.New(rand.NewSource(SeatSeed(seed, seat)))
	return AgentFunc(func(s engine.State, p int) ([]string, error) {
		v := int(d)
		if v < 0 {
			v = rng.Intn(10)
		}
		return []string{strconv.Itoa(v)}, nil
	}), nil
}

func init() {
	for name, p := range map[string]Policy{"nine": digitPolicy(9), "random": digitPolicy(-1), "five": digitPolicy(5)} {
		if err := Register("toy", name, p); err != nil {
			panic(err)
		}
	}
}
