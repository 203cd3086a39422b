package main

import (
	"bufio"
	"io"
	"strings"
	"testing"

	ek "cgpolicy/engine/kutulu"
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/internal/bot"
	"cgpolicy/scripts/cgcheck"
)

// TestStdlibOnly keeps third-party modules out of the submitted bot.
func TestStdlibOnly(t *testing.T) {
	if err := cgcheck.StdlibOnly("cgpolicy/cmd/bot/kutulu"); err != nil {
		t.Fatal(err)
	}
}

// TestProtocol plays whole games with the bot on pipes in each seat
// against greedy explorers, and checks that every line it prints is what
// its policy picks for the same view, and that the referee accepts it.
func TestProtocol(t *testing.T) {
	tests := []struct {
		seed int64
		seat int
		pol  string
	}{{1, 0, "greedy"}, {2, 1, "greedy"}, {3, 3, "random"}, {4, 2, "smitsi"}, {5, 0, "net"}, {6, 1, "smitsi"}}
	for _, tt := range tests {
		st := ek.New(tt.seed)
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		errc := make(chan error, 1)
		mine, err := policy.Policies.Make(tt.pol, 9)
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			// without deadlines, so that the search answers as its twin
			cfg := bot.Config{NoDeadline: true}
			err := bot.Run(inR, outW, policy.Bot.Player(mine, cfg), cfg)
			outW.Close()
			errc <- err
		}()
		replies := bufio.NewScanner(outR)
		ref, _ := policy.Policies.Make(tt.pol, 9)
		send := func(lines []string) {
			if _, err := io.WriteString(inW, strings.Join(lines, "\n")+"\n"); err != nil {
				t.Fatal(err)
			}
		}
		send(st.InitLines(tt.seat))
		var others [ek.Players]policy.Policy
		for p := range others {
			others[p] = policy.NewGreedy()
		}
		turns := 0
		for !st.Done() && st.Active(tt.seat) {
			send(st.InputLines(tt.seat))
			if !replies.Scan() {
				t.Fatalf("seed %d turn %d: no reply: %v", tt.seed, st.TurnNumber(), replies.Err())
			}
			line := replies.Text()
			want := ek.FormatAction(policy.ActOn(ref, st, tt.seat, nil)[0])
			if line != want {
				t.Fatalf("seed %d turn %d: bot printed %q, policy %q", tt.seed, st.TurnNumber(), line, want)
			}
			if err := st.Answer(tt.seat, []string{line}); err != nil {
				t.Fatalf("seed %d turn %d: %q refused: %v", tt.seed, st.TurnNumber(), line, err)
			}
			for p := 0; p < ek.Players; p++ {
				if p != tt.seat && st.Active(p) {
					if err := st.AnswerActions(p, policy.ActOn(others[p], st, p, nil)); err != nil {
						t.Fatal(err)
					}
				}
			}
			if err := st.Advance(); err != nil {
				t.Fatal(err)
			}
			turns++
		}
		inW.Close()
		if err := <-errc; err != nil {
			t.Fatalf("seed %d: bot: %v", tt.seed, err)
		}
		if turns < 10 {
			t.Errorf("seed %d: only %d turns played", tt.seed, turns)
		}
	}
}

// TestBadInput checks that input the bot cannot read is an error, not a
// crash or a hang.
func TestBadInput(t *testing.T) {
	tests := []struct{ name, in string }{
		{"empty", ""},
		{"bad width", "x\n3\n"},
		{"short maze", "3\n3\n###\n"},
		{"bad count", "3\n3\n###\n#.#\n###\n3 1 3 30\nabc\n"},
	}
	for _, tt := range tests {
		pol, _ := policy.Policies.Make("greedy", 1)
		cfg := bot.Config{NoDeadline: true}
		err := bot.Run(strings.NewReader(tt.in), io.Discard, policy.Bot.Player(pol, cfg), cfg)
		if err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

// TestListedPolicies: every policy -policies prints is registered, the
// default first and none twice.
func TestListedPolicies(t *testing.T) {
	listed := policy.Bot.Listed()
	if len(listed) == 0 || listed[0] != policy.Bot.Default {
		t.Fatalf("listed %q, default %q", listed, policy.Bot.Default)
	}
	for _, name := range listed {
		if name == "random" {
			t.Error("random listed: the parity test would play it")
		}
	}
	seen := map[string]bool{}
	for _, name := range listed {
		if seen[name] {
			t.Errorf("%q listed twice", name)
		}
		seen[name] = true
		if _, err := policy.Policies.Make(name, 1); err != nil {
			t.Error(err)
		}
	}
}
