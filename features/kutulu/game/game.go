package game

import (
	"strings"
	"time"

	ek "cgpolicy/engine/kutulu"
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/features/kutulu/policy/baselines"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/bot"
	"cgpolicy/internal/games"
	"cgpolicy/model/expert"
)

// Game is Code of Kutulu as the shared tools know it (internal/games).
var Game = games.Game{
	Engine:   ek.Game{},
	Default:  policy.Bot.Default,
	Pool:     baselines.Pool,
	Builtins: builtins,
	Train:    expert.Plug[*ek.State, *ek.View, ek.Action](Learn{}),
	Draw:     drawer{},
}

func init() { games.Register(Game) }

// builtins registers every policy as the arena's builtin:NAME, and
// NAME-timed for each one that keeps a deadline: it plays as the bot does,
// thinking the bot's Think from each call, so it measures what the submitted
// bot plays without processes and pipes (its games depend on the machine's
// speed, unlike the other builtins').
func builtins() error {
	t := arena.Typed[*ek.State, *ek.View, ek.Action]{Game: "kutulu", Fast: ek.Fast{}}
	if err := arena.RegisterTyped(t, policy.Policies); err != nil {
		return err
	}
	var timedNames []string
	for _, name := range policy.Policies.Names() {
		if p, err := policy.Policies.Make(name, 0); err == nil {
			if _, ok := p.(bot.Deadliner); ok {
				timedNames = append(timedNames, name+"-timed")
			}
		}
	}
	return t.Register(timedNames, func(name string, seed int64) (arena.Actor[*ek.View, ek.Action], error) {
		base, opts, _ := strings.Cut(name, "?")
		if opts != "" {
			opts = "?" + opts
		}
		p, err := policy.Policies.Make(strings.TrimSuffix(base, "-timed")+opts, seed)
		if err != nil {
			return nil, err
		}
		return timed{p: p, d: p.(bot.Deadliner)}, nil
	})
}

// timed is a deadline-aware policy with the bot's think deadline each
// turn.
type timed struct {
	p policy.Policy
	d bot.Deadliner
}

func (t timed) Act(v *ek.View, dst []ek.Action) []ek.Action {
	t.d.SetDeadline(time.Now().Add(policy.Bot.Think))
	return t.p.Act(v, dst)
}
