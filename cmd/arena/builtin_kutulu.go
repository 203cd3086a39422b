package main

import (
	"fmt"
	"strings"
	"time"

	"cgpolicy/engine"
	"cgpolicy/engine/kutulu"
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/internal/bot"
)

// kutuluBuiltinErr keeps the outcome of registering every named kutulu
// policy as builtin:NAME. A failure (a name clash) leaves those names
// unknown, which arena play reports with the cause (registerBuiltins); the
// tests check it is nil.
var kutuluBuiltinErr = registerBuiltins("kutulu", policy.Err(), registerKutulu)

// kutuluGame plays kutulu policies in-process: one command line, as the
// process bot prints it, from the explorer's own view (itself first).
var kutuluGame = typedGame[*kutulu.View, kutulu.Action]{
	name: "kutulu",
	view: func(es engine.State, p int, v *kutulu.View) (*kutulu.View, error) {
		s, ok := es.(*kutulu.State)
		if !ok {
			return nil, fmt.Errorf("kutulu policy given a %T", es)
		}
		if v == nil {
			v = new(kutulu.View)
		}
		s.ViewInto(p, v)
		return v, nil
	},
	format: func(acts []kutulu.Action) []string {
		if len(acts) == 0 {
			return []string{"WAIT"}
		}
		return []string{kutulu.FormatAction(acts[0])}
	},
	answer: func(es engine.State, p int, acts []kutulu.Action) error {
		if len(acts) == 0 {
			acts = []kutulu.Action{{Kind: kutulu.Wait}}
		}
		return es.(*kutulu.State).AnswerActions(p, acts)
	},
}

// registerKutulu registers each policy of the kutulu policy package, and
// NAME-timed for each one that keeps a deadline.
func registerKutulu() error {
	names := policy.Names()
	for _, name := range policy.Names() {
		if p, err := policy.New(name, 0); err == nil {
			if _, ok := p.(bot.Deadliner); ok {
				names = append(names, name+timedSuffix)
			}
		}
	}
	return kutuluGame.register(names, func(name string, seed int64) (actor[*kutulu.View, kutulu.Action], error) {
		base, opts, _ := strings.Cut(name, "?")
		if !strings.HasSuffix(base, timedSuffix) {
			return policy.New(name, seed)
		}
		if opts != "" {
			opts = "?" + opts
		}
		p, err := policy.New(strings.TrimSuffix(base, timedSuffix)+opts, seed)
		if err != nil {
			return nil, err
		}
		return timed{p: p, d: p.(bot.Deadliner), turn: kutuluTurn}, nil
	})
}

// timedSuffix names the timed variant of a policy.
const timedSuffix = "-timed"

// kutuluTurn is the time a timed policy gets each turn: the bot's 40 ms
// answer deadline of CodinGame's 50.
const kutuluTurn = 40 * time.Millisecond

// timed plays a deadline-aware policy as the bot does, with a deadline
// each turn counted from the call, so builtin:NAME-timed measures what the
// submitted bot plays without processes and pipes. Its games depend on the
// machine's speed, unlike the other builtins'.
type timed struct {
	p    policy.Policy
	d    bot.Deadliner
	turn time.Duration
}

func (t timed) Act(v *kutulu.View, dst []kutulu.Action) []kutulu.Action {
	t.d.SetDeadline(time.Now().Add(t.turn))
	return t.p.Act(v, dst)
}
