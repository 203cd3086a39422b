package main

import (
	"fmt"
	"testing"

	ek "cgpolicy/engine/kutulu"
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/internal/bot/bottest"
)

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
		mine, err := policy.Policies.Make(tt.pol, 9)
		if err != nil {
			t.Fatal(err)
		}
		// without deadlines, so that the search answers as its twin
		b := bottest.Pipe(t, &policy.Bot, mine)
		ref, _ := policy.Policies.Make(tt.pol, 9)
		b.Send(st.InitLines(tt.seat))
		var others [ek.Players]policy.Policy
		for p := range others {
			others[p] = policy.NewGreedy()
		}
		turns := 0
		for !st.Done() && st.Active(tt.seat) {
			b.Send(st.InputLines(tt.seat))
			line := b.Reply(fmt.Sprintf("seed %d turn %d", tt.seed, st.TurnNumber()))
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
		b.End(fmt.Sprintf("seed %d", tt.seed))
		if turns < 10 {
			t.Errorf("seed %d: only %d turns played", tt.seed, turns)
		}
	}
}

// TestBadInput checks that input the bot cannot read is an error, not a
// crash or a hang.
func TestBadInput(t *testing.T) {
	bottest.BadInput(t, &policy.Bot, func() policy.Policy { return policy.NewGreedy() },
		"",                                     // empty
		"x\n3\n",                               // bad width
		"3\n3\n###\n",                          // short maze
		"3\n3\n###\n#.#\n###\n3 1 3 30\nabc\n", // bad count
	)
}

// TestNotListed: random is not listed (-policies), so that the parity test
// does not play it. (cmd/bot's TestSubmittable checks the listed ones.)
func TestNotListed(t *testing.T) {
	for _, name := range policy.Bot.Listed() {
		if name == "random" {
			t.Error("random listed: the parity test would play it")
		}
	}
}
