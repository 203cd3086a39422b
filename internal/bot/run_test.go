package bot

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// echo is a toy game: the init block is one line, each turn is a count
// line then that many lines, and the answer is the sum of those lines. It
// records each turn's think and guard deadlines and when its first line
// was read, on the manual clock; reading the rest of a turn takes gap, and
// its policy takes think, then hangs when told to.
type echo struct {
	guard     Guard[int]
	clock     *manualClock
	nums      []int
	thinks    []time.Time
	deadlines []time.Time
	starts    []time.Time
	gap       time.Duration
	think     time.Duration
	hang      chan struct{}
}

func (e *echo) ReadInit(in *Input) error {
	l, err := in.Line()
	if err != nil {
		return err
	}
	if l != "init" {
		return fmt.Errorf("bad init %q", l)
	}
	return nil
}

func (e *echo) ReadTurn(first string, in *Input) error {
	if e.clock != nil {
		e.starts = append(e.starts, e.clock.Now())
		e.clock.Advance(e.gap)
	}
	n, err := strconv.Atoi(first)
	if err != nil {
		return err
	}
	e.nums = e.nums[:0]
	for i := 0; i < n; i++ {
		l, err := in.Line()
		if err != nil {
			return err
		}
		v, err := strconv.Atoi(l)
		if err != nil {
			return err
		}
		e.nums = append(e.nums, v)
	}
	return nil
}

func (e *echo) Reply(turn int, stop, deadline time.Time, dst []byte) ([]byte, error) {
	e.thinks, e.deadlines = append(e.thinks, stop), append(e.deadlines, deadline)
	nums, think, hang, clock := append([]int(nil), e.nums...), e.think, e.hang, e.clock
	if clock != nil {
		e.guard.Clock = clock
	}
	sum, err := e.guard.Call(deadline, func() int {
		if clock != nil {
			clock.Advance(think)
		}
		if hang != nil {
			<-hang
		}
		s := 0
		for _, v := range nums {
			s += v
		}
		return s
	})
	if err != nil {
		return append(dst, "fallback\n"...), err
	}
	return append(strconv.AppendInt(dst, int64(sum), 10), '\n'), nil
}

// TestRunGame checks the loop's reading, writing and logging over whole
// games, and its errors on input the player cannot read.
func TestRunGame(t *testing.T) {
	var cfg Config
	hang := make(chan struct{})
	defer close(hang)
	cases := []struct {
		name    string
		in      string
		think   time.Duration
		hang    bool
		cfg     func(*Config)
		want    string
		wantErr bool
		logs    int    // lines logged
		logHas  string // in the log
	}{
		{name: "two turns", in: "init\n2\n1\n2\n1\n5\n", want: "3\n5\n"},
		{name: "verbose", in: "init\n1\n4\n0\n", cfg: func(c *Config) { c.Verbose = true }, want: "4\n0\n", logs: 2, logHas: "turn 1: policy in "},
		{name: "warn only on fallback", in: "init\n1\n4\n", think: 2 * FirstLimit, hang: true,
			cfg: func(c *Config) { c.Warn = true }, want: "fallback\n", logs: 1, logHas: "turn 0: fallback (policy missed the deadline)"},
		{name: "warn is quiet in time", in: "init\n1\n4\n", cfg: func(c *Config) { c.Warn = true }, want: "4\n"},
		{name: "no deadline waits", in: "init\n1\n4\n", think: 2 * FirstLimit,
			cfg: func(c *Config) { c.NoDeadline = true }, want: "4\n"},
		{name: "empty game", in: "init\n", want: ""},
		{name: "no init", in: "", wantErr: true},
		{name: "bad init", in: "nope\n1\n1\n", wantErr: true},
		{name: "turn cut short", in: "init\n3\n1\n", wantErr: true},
		{name: "bad turn", in: "init\nx\n", wantErr: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, log bytes.Buffer
			c := cfg
			c.Log = &log
			if tc.cfg != nil {
				tc.cfg(&c)
			}
			clock := newManualClock()
			c.Clock = clock
			p := &echo{clock: clock, think: tc.think}
			if tc.hang {
				p.hang = hang
			}
			err := Run(strings.NewReader(tc.in), &out, p, c)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if tc.wantErr {
				return
			}
			if out.String() != tc.want {
				t.Errorf("output %q, want %q", out.String(), tc.want)
			}
			if n := strings.Count(log.String(), "\n"); n != tc.logs || !strings.Contains(log.String(), tc.logHas) {
				t.Errorf("log has %d lines, want %d with %q:\n%s", n, tc.logs, tc.logHas, log.String())
			}
		})
	}
}

// TestDeadline checks each turn's deadlines: the policy's, Think after
// the arrival of the turn's first line (even past the guard's), and the
// guard's, CodinGame's first-turn then later-turn limit less Margin, both
// counted from the first line however long the rest of the turn takes to
// arrive (gap, on the manual clock); and none at all with NoDeadline.
func TestDeadline(t *testing.T) {
	const gap = 5 * time.Millisecond // between a turn's first and last line
	cases := []struct {
		name  string
		cfg   Config
		think time.Duration // after the first line, later turns
	}{
		{"think", Config{Think: 30 * time.Millisecond}, 30 * time.Millisecond},
		{"think past the guard's", Config{Think: 45 * time.Millisecond}, 45 * time.Millisecond},
		{"no deadline", Config{Think: 30 * time.Millisecond, NoDeadline: true}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			clock := newManualClock()
			cfg := tc.cfg
			cfg.Clock = clock
			p := &echo{clock: clock, gap: gap}
			var out bytes.Buffer
			if err := Run(strings.NewReader("init\n2\n1\n1\n1\n5\n0\n"), &out, p, cfg); err != nil {
				t.Fatal(err)
			}
			if out.String() != "2\n5\n0\n" || len(p.deadlines) != 3 {
				t.Fatalf("answers %q, %d deadlines, want 3 turns", out.String(), len(p.deadlines))
			}
			for turn, d := range p.deadlines {
				think := p.thinks[turn]
				if tc.cfg.NoDeadline {
					if !d.IsZero() || !think.IsZero() {
						t.Errorf("turn %d: deadlines %v, %v, want none", turn, think, d)
					}
					continue
				}
				limit, want := TurnLimit, tc.think
				if turn == 0 {
					limit = FirstLimit
				}
				if got := d.Sub(p.starts[turn]); got != limit-Margin {
					t.Errorf("turn %d: guard's deadline %v after the first line, want %v", turn, got, limit-Margin)
				}
				if got := think.Sub(p.starts[turn]); got != want {
					t.Errorf("turn %d: think deadline %v after the first line, want %v", turn, got, want)
				}
			}
		})
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("closed") }

// TestRunWriteError checks that an answer that cannot be written ends the
// game with the error.
func TestRunWriteError(t *testing.T) {
	err := Run(strings.NewReader("init\n1\n1\n"), failWriter{}, &echo{}, Config{})
	if err == nil || !strings.Contains(err.Error(), "closed") {
		t.Fatalf("err = %v, want the writer's", err)
	}
}
