package arena

import (
	"context"
	"testing"
	"time"
)

// TestStallWatch feeds the watcher clock reads and asks about windows:
// only gaps of StallMin or more are stalls, a window overlapping one sees
// it, and only the latest stallKeep are remembered.
func TestStallWatch(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	cases := []struct {
		name     string
		reads    []int // clock reads, in ms after t0
		from, to int
		want     bool
	}{
		{"no stall", []int{0, 1, 2, 3, 4}, 0, 4, false},
		{"short gaps are no stall", []int{0, 5, 10, 15, 19}, 0, 19, false},
		{"a stall inside the window", []int{0, 1, 101, 102}, 0, 50, true},
		{"a stall across the window's end", []int{0, 10, 20, 30, 40, 140}, 30, 60, true},
		{"a stall before the window", []int{0, 100, 101, 102}, 100, 102, false},
		{"a stall after the window", []int{0, 10, 20, 30, 40, 50, 150}, 0, 49, false},
		{"exactly StallMin", []int{0, 20}, 5, 6, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := new(stallWatch)
			for i := 1; i < len(tc.reads); i++ {
				w.sample(at(tc.reads[i-1]), at(tc.reads[i]))
			}
			// every window ends by the last read: none sees a stall in progress
			if got := w.during(at(tc.from), at(tc.to)); got != tc.want {
				t.Errorf("during(%d, %d) = %v, want %v", tc.from, tc.to, got, tc.want)
			}
		})
	}

	t.Run("only the latest are kept", func(t *testing.T) {
		w := new(stallWatch)
		for i := 0; i <= stallKeep; i++ {
			w.sample(at(100*i), at(100*i+50))
		}
		if w.during(at(0), at(60)) {
			t.Error("the first stall is still remembered")
		}
		if !w.during(at(100*stallKeep), at(100*stallKeep+60)) {
			t.Error("the latest stall is forgotten")
		}
	})

	t.Run("a stall in progress", func(t *testing.T) {
		w := new(stallWatch)
		now := time.Now()
		w.sample(now.Add(-time.Second), now.Add(-time.Second))
		if !w.during(now.Add(-10*time.Millisecond), now) {
			t.Error("a watcher asleep for a second is no stall")
		}
		w.sample(now, time.Now())
		if w.during(now.Add(-10*time.Millisecond), now) {
			t.Error("a watcher that just woke is a stall")
		}
	})
}

// TestStalledTimeout: a bot that times out during a stall is counted in
// Stalled as well as Timeouts; without a stall, in Timeouts only.
func TestStalledTimeout(t *testing.T) {
	if raceEnabled {
		t.Skip("rests on the real clock, which the race detector slows")
	}
	for _, stalled := range []bool{false, true} {
		w := new(stallWatch)
		if stalled {
			now := time.Now()
			w.sample(now, now.Add(time.Hour)) // a stall over the whole game
		}
		bots := []Bot{{Cmd: botCmd("sleepy")}, {Cmd: botCmd("nine")}}
		r, _, err := playGame(context.Background(), toy(2, 5, 0), bots, Match{Seed: 7, Seats: []int{0, 1}}, clockLimits, 0, w)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		if stalled {
			want = 1
		}
		if p := r.Players[0]; p.Timeouts != 1 || p.Stalled != want {
			t.Errorf("stall %v: %d timeouts, %d stalled; want 1, %d", stalled, p.Timeouts, p.Stalled, want)
		}
		if p := r.Players[1]; p.Timeouts != 0 || p.Stalled != 0 {
			t.Errorf("stall %v: the good bot has %d timeouts, %d stalled", stalled, p.Timeouts, p.Stalled)
		}
	}
}

// TestLateWithinSlack: with -slack, an answer past the limit but within
// the slack is no timeout; it counts in Late, and in LateStalled as well
// when the machine stalled. Without slack the same answer is a timeout.
func TestLateWithinSlack(t *testing.T) {
	if raceEnabled {
		t.Skip("rests on the real clock, which the race detector slows")
	}
	// the slow bot sleeps 20 ms a turn: past a 10 ms limit, within a
	// second's slack; its first answer has the first turn's limit
	slack := Limits{First: time.Second, Turn: 10 * time.Millisecond, Slack: time.Second}
	cases := []struct {
		name                            string
		lim                             Limits
		stalled                         bool
		wantLate, wantStalled, wantTime int
	}{
		{"within slack", slack, false, 4, 0, 0},
		{"within slack, stalled", slack, true, 4, 4, 0},
		{"no slack", Limits{First: time.Second, Turn: 10 * time.Millisecond}, false, 0, 0, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := new(stallWatch)
			if tc.stalled {
				now := time.Now()
				w.sample(now, now.Add(time.Hour)) // a stall over the whole game
			}
			bots := []Bot{{Cmd: botCmd("slow")}, {Cmd: botCmd("nine")}}
			r, _, err := playGame(context.Background(), toy(2, 5, 0), bots, Match{Seed: 7, Seats: []int{0, 1}}, tc.lim, 0, w)
			if err != nil {
				t.Fatal(err)
			}
			p := r.Players[0]
			if p.Late != tc.wantLate || p.LateStalled != tc.wantStalled || p.Timeouts != tc.wantTime {
				t.Errorf("late %d, late in stalls %d, timeouts %d; want %d, %d, %d",
					p.Late, p.LateStalled, p.Timeouts, tc.wantLate, tc.wantStalled, tc.wantTime)
			}
		})
	}
}

// TestRetryStalled: a game in which a bot timed out during a stall is
// played again, up to RetryStalled more times, and the last play counts;
// a timeout outside any stall is the bot's and is kept.
func TestRetryStalled(t *testing.T) {
	if raceEnabled {
		t.Skip("rests on the real clock, which the race detector slows")
	}
	cases := []struct {
		name  string
		retry int
		// stall: "" none, "all" over every play, "first" over the first
		// play's timeout only
		stall                    string
		wantRetried, wantStalled int
	}{
		{"no retries", 0, "all", 0, 1},
		{"stalled every time", 2, "all", 2, 1},
		{"stalled the first time", 2, "first", 1, 0},
		{"no stall", 2, "", 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := new(stallWatch)
			now := time.Now()
			switch tc.stall {
			case "all":
				w.sample(now, now.Add(time.Hour)) // no watcher: a stall from now on
			case "first":
				stop := make(chan struct{})
				defer close(stop)
				go w.watch(stop)
				time.Sleep(5 * time.Millisecond) // the watcher's first sample
				// the sleepy bot times out 300 ms into its second turn
				w.sample(now, now.Add(250*time.Millisecond))
			}
			c := Config{Game: toy(2, 5, 0), Bots: []Bot{{Cmd: botCmd("sleepy")}, {Cmd: botCmd("nine")}},
				Limits: clockLimits, RetryStalled: tc.retry}
			r, err := c.playOne(context.Background(), Match{Seed: 7, Seats: []int{0, 1}}, w)
			if err != nil {
				t.Fatal(err)
			}
			p := r.Players[0]
			if r.Retried != tc.wantRetried || p.Timeouts != 1 || p.Stalled != tc.wantStalled {
				t.Errorf("retried %d, timeouts %d, stalled %d; want %d, 1, %d",
					r.Retried, p.Timeouts, p.Stalled, tc.wantRetried, tc.wantStalled)
			}
			if got := Summarize([]string{"a", "b"}, []Result{r, r}).Retried; got != 2*tc.wantRetried {
				t.Errorf("Summarize: %d retried over two such games, want %d", got, 2*tc.wantRetried)
			}
		})
	}
}
