package arena

import (
	"bufio"
	"context"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"cgpolicy/engine"
	"cgpolicy/internal/arena/arenatest"
)

// toyGame is the arena's toy referee (arenatest.Digits): each turn every
// active player names a digit, and its score is their sum.
type toyGame = arenatest.Digits

// toy is the toy game of players seats and turns turns, its init lines
// padded by pad bytes.
func toy(players, turns, pad int) toyGame { return toyGame{Players: players, Turns: turns, Pad: pad} }

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
