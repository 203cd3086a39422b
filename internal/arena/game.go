package arena

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"cgpolicy/engine"
	"cgpolicy/engine/trace"
)

// End reasons in results: the game ran its course, or some player was cut
// short by a timeout (or crash), or the referee rejected someone's output.
const (
	EndNormal  = "normal"
	EndTimeout = "timeout"
	EndInvalid = "invalid"
)

// Result is one finished game, one line of the results file.
type Result struct {
	Game string `json:"game"`
	Seed int64  `json:"seed"`
	// Seats[s] is the index of the bot in seat s in the run's bot list.
	Seats []int `json:"seats"`
	// Bots are the commands in seat order.
	Bots []string `json:"bots"`
	// Scores are the referee's final scores in seat order.
	Scores []int `json:"scores"`
	// Ranks are the seats' places, 1 first; tied seats share a place.
	Ranks []int `json:"ranks,omitempty"`
	// Winner is the winning seat, or -1 for a draw.
	Winner    int            `json:"winner"`
	Turns     int            `json:"turns"`
	EndReason string         `json:"end_reason"`
	Players   []PlayerResult `json:"players"`
	Replay    string         `json:"replay,omitempty"`
	// Retried is how many earlier plays of this game were set aside
	// because a bot timed out in them while the machine stalled
	// (Config.RetryStalled).
	Retried int `json:"retried,omitempty"`
}

// stalledTimeout reports whether some bot timed out in r while the
// machine stalled.
func (r *Result) stalledTimeout() bool {
	for _, p := range r.Players {
		if p.Stalled > 0 {
			return true
		}
	}
	return false
}

// PlayerResult is how one seat's bot behaved in one game.
type PlayerResult struct {
	Bot string `json:"bot"`
	// FirstMS is the first answer's time (1000 ms limit, process start
	// included); MaxMS and P99MS are over the later answers (50 ms limit),
	// which a few slow first turns would otherwise dominate.
	FirstMS  float64 `json:"first_ms"`
	MaxMS    float64 `json:"turn_ms_max"`
	P99MS    float64 `json:"turn_ms_p99"`
	Timeouts int     `json:"timeouts"`
	Crashes  int     `json:"crashes"`
	Invalid  int     `json:"invalid"`
	// Stalled counts the timeouts during which the machine itself stalled
	// (stall.go): still timeouts, but the machine's as much as the bot's.
	Stalled int `json:"stalled,omitempty"`
	// Late counts the answers past CodinGame's limit that -slack forgave,
	// and LateStalled those of them during which the machine stalled: on
	// CodinGame each would have been a timeout, so a player must be able to
	// tell a bot that runs long from a machine that froze it.
	Late        int `json:"late,omitempty"`
	LateStalled int `json:"late_stalled,omitempty"`
	// TurnMS are all the bot's answer times, the first one first, kept so
	// that summaries over resumed runs give the same percentiles as one
	// long run.
	TurnMS []float64 `json:"turn_ms"`
}

// key identifies the game for -resume.
func (r *Result) key() string { return matchKey(r.Seed, r.Seats, r.Bots) }

// Replay is a played game in the golden trace format, so trace.Replay and
// arena verify accept it, plus what only the arena knows.
type Replay struct {
	trace.Trace
	Bots []string `json:"bots"`
	// Stderr is the end of each seat's stderr (see StderrLimit); for an
	// in-process policy, what its crash left: the panic and its stack, or
	// its error.
	Stderr []string `json:"stderr"`
	// TurnMS[s][i] is how long seat s took over its turn i (the trace's
	// Players[s].Turns[i]), so a replay viewer can show each turn's time.
	TurnMS [][]float64 `json:"turn_ms,omitempty"`
	// TurnStderr[s][i] is what seat s wrote to stderr from its turn i's
	// input until its next one (the end of it, see TurnStderrLimit); absent
	// when no bot wrote anything.
	TurnStderr [][]string `json:"turn_stderr,omitempty"`
}

// seat is what sits in one seat for one game.
type seat interface {
	ask(ctx context.Context, s engine.State, p int, input []string, want int, limit time.Duration) (reply, error)
	stop(grace time.Duration) string
}

type procSeat struct{ *process }

func (ps procSeat) ask(ctx context.Context, _ engine.State, _ int, input []string, want int, limit time.Duration) (reply, error) {
	return ps.process.ask(ctx, input, want, limit)
}

// agentSeat is an in-process policy in one seat. A policy that panics or
// returns an error has crashed, as a bot process that exits would: it misses
// that step and every later one, the panic's value and stack (or the error)
// go to its stderr in the replay, and the rest of the run goes on.
type agentSeat struct {
	agent Agent // nil when NewAgent panicked
	dead  bool
	log   strings.Builder // what a crash left, for the replay's stderr
}

// newAgentSeat starts p for one game. NewAgent's error is a failure of the
// machine (missing weights, say) and stops the run; its panic is a bug of
// the bot, which then crashes on its first request.
func newAgentSeat(p Policy, seed int64, seat int) (a *agentSeat, err error) {
	a = &agentSeat{}
	defer func() {
		if v := recover(); v != nil {
			a.agent, err = nil, nil
			a.crashed(v, debug.Stack())
		}
	}()
	a.agent, err = p.NewAgent(seed, seat)
	return a, err
}

// crashed logs a panic's value and stack.
func (a *agentSeat) crashed(v interface{}, stack []byte) {
	fmt.Fprintf(&a.log, "panic: %v\n\n%s", v, stack)
}

func (a *agentSeat) ask(_ context.Context, s engine.State, p int, _ []string, _ int, _ time.Duration) (rep reply, err error) {
	if a.dead {
		return reply{fail: failDead}, nil
	}
	if a.agent == nil {
		a.dead = true
		return reply{fail: failCrash}, nil
	}
	start := time.Now()
	defer func() {
		if v := recover(); v != nil {
			a.dead = true
			a.crashed(v, debug.Stack())
			rep, err = reply{elapsed: time.Since(start), fail: failCrash}, nil
		}
	}()
	if ap, ok := a.agent.(Applier); ok {
		lines, answerErr, failErr := ap.Apply(s, p)
		if failErr != nil {
			return a.failed(failErr, start), nil
		}
		return reply{lines: lines, elapsed: time.Since(start), applied: true, answerErr: answerErr}, nil
	}
	lines, failErr := a.agent.Act(s, p)
	if failErr != nil {
		return a.failed(failErr, start), nil
	}
	return reply{lines: lines, elapsed: time.Since(start)}, nil
}

// failed is the reply of an agent that returned err: a crash, logged.
func (a *agentSeat) failed(err error, start time.Time) reply {
	a.dead = true
	fmt.Fprintf(&a.log, "error: %v\n", err)
	return reply{elapsed: time.Since(start), fail: failCrash}
}

// stop ends the agent's game: one that holds a process (a frozen bot,
// internal/frozen) is an io.Closer, and closes it.
func (a *agentSeat) stop(time.Duration) string {
	if c, ok := a.agent.(io.Closer); ok {
		if err := c.Close(); err != nil {
			fmt.Fprintf(&a.log, "close: %v\n", err)
		}
	}
	return a.log.String()
}

// player is the arena's record of one seat during a game.
type player struct {
	seat    seat
	started bool
	last    reply // the seat's latest reply, for the judged step
	res     PlayerResult
	turns   []trace.Turn
	turnMS  []float64 // per recorded turn, for the replay
}

// playGame plays one match to the end. Errors are failures of the referee,
// the machine or ctx, never of a bot: bots only lose.
func playGame(ctx context.Context, g engine.Game, bots []Bot, m Match, lim Limits, grace time.Duration, stalls *stallWatch) (Result, *Replay, error) {
	st, err := g.NewState(m.Seed)
	if err != nil {
		return Result{}, nil, err
	}
	n := g.NumPlayers()
	players := make([]*player, n)
	defer func() {
		for _, pl := range players {
			if pl != nil {
				pl.seat.stop(0)
			}
		}
	}()
	for s := 0; s < n; s++ {
		b := bots[m.Seats[s]]
		pl := &player{res: PlayerResult{Bot: b.Cmd}, turns: []trace.Turn{}}
		if b.Policy != nil {
			a, err := newAgentSeat(b.Policy, m.Seed, s)
			if err != nil {
				return Result{}, nil, fmt.Errorf("%s: new agent: %w", b.Cmd, err)
			}
			pl.seat = a
		} else {
			proc, err := startProcess(b.Cmd)
			if err != nil {
				return Result{}, nil, err
			}
			pl.seat = procSeat{proc}
		}
		players[s] = pl
	}
	inits := make([][]string, n)
	for s := 0; s < n; s++ {
		inits[s] = st.InitLines(s)
	}
	end := EndNormal
	asked, lastStep := 0, -1
	_, err = engine.Play(st, engine.Loop{
		MaxSteps: g.MaxSteps(),
		Ask: func(st engine.State, r engine.Request) (engine.Reply, error) {
			if r.Step != lastStep {
				asked++
				lastStep = r.Step
			}
			pl := players[r.Player]
			first := !pl.started
			pl.started = true
			send := r.Input
			if first {
				send = append(append([]string(nil), inits[r.Player]...), r.Input...)
			}
			asked := time.Now()
			rep, err := pl.seat.ask(ctx, st, r.Player, send, r.Expected, lim.limit(first))
			if err != nil {
				return engine.Reply{}, err
			}
			pl.last = rep
			switch rep.fail {
			case failTimeout:
				pl.res.Timeouts++
				if stalls != nil && stalls.during(asked, time.Now()) {
					pl.res.Stalled++
				}
			case failCrash:
				pl.res.Crashes++
			case failNone:
				if lim.Slack > 0 && rep.elapsed > lim.limit(first)-lim.Slack {
					pl.res.Late++
					if stalls != nil && stalls.during(asked, time.Now()) {
						pl.res.LateStalled++
					}
				}
			}
			if rep.fail != failDead {
				pl.res.TurnMS = append(pl.res.TurnMS, ms(rep.elapsed))
			}
			if rep.applied {
				return engine.Reply{Lines: rep.lines, Applied: true, Err: rep.answerErr}, nil
			}
			lines := rep.lines
			if rep.fail != failNone || len(lines) < r.Expected {
				// The official runner gives the referee nothing from a
				// player that did not answer in full.
				lines = nil
			}
			return engine.Reply{Lines: lines}, nil
		},
		Judged: func(_ engine.State, r engine.Request, _ engine.Reply, verdict *engine.Deactivation) error {
			pl := players[r.Player]
			rep := pl.last
			turn := trace.Turn{Input: r.Input, Output: rep.lines}
			if turn.Output == nil {
				turn.Output = []string{}
			}
			if rep.fail != failNone || (!rep.applied && len(rep.lines) < r.Expected) {
				turn.Timeout = true
				end = EndTimeout
			} else if verdict != nil {
				// only the referee's verdict on the bot counts against it
				pl.res.Invalid++
				if end == EndNormal {
					end = EndInvalid
				}
			}
			pl.turns = append(pl.turns, turn)
			pl.turnMS = append(pl.turnMS, ms(rep.elapsed))
			return ctx.Err()
		},
	})
	if err != nil {
		return Result{}, nil, fmt.Errorf("seed %d: %w", m.Seed, err)
	}
	out := engine.Outcome(st)
	scores := out.Scores
	res := Result{
		Game: g.Name(), Seed: m.Seed, Seats: append([]int(nil), m.Seats...),
		Bots: seatCmds(bots, m.Seats), Scores: scores, Ranks: out.Ranks, Winner: out.Winner,
		Turns: asked, EndReason: end, Players: make([]PlayerResult, n),
	}
	rep := &Replay{Bots: res.Bots, Stderr: make([]string, n), TurnMS: make([][]float64, n)}
	rep.Game, rep.Referee, rep.Seed = g.Name(), "cgpolicy", m.Seed
	rep.Scores, rep.Winner, rep.RefereeTurns = scores, res.Winner, st.Turn()
	rep.TurnsPlayed, _ = json.Marshal(asked)
	rep.EndReason = end
	if er, ok := st.(interface{ EndReason() string }); ok {
		rep.EndReason = er.EndReason()
	}
	for s, pl := range players {
		rep.Players = append(rep.Players, trace.Player{Init: inits[s], Turns: pl.turns})
		rep.Stderr[s] = pl.seat.stop(grace)
		rep.TurnMS[s] = pl.turnMS
		if ps, ok := pl.seat.(procSeat); ok && rep.Stderr[s] != "" {
			if rep.TurnStderr == nil {
				rep.TurnStderr = make([][]string, n)
			}
			rep.TurnStderr[s] = ps.turnErr
		}
		first, later := splitTimes(pl.res.TurnMS)
		pl.res.FirstMS = first
		pl.res.MaxMS = percentile(later, 1)
		pl.res.P99MS = percentile(later, 0.99)
		res.Players[s] = pl.res
	}
	return res, rep, nil
}

// splitTimes separates a game's first answer time from the later ones.
func splitTimes(turnMS []float64) (first float64, later []float64) {
	if len(turnMS) == 0 {
		return 0, nil
	}
	return turnMS[0], turnMS[1:]
}

// ms is a duration in milliseconds, rounded to the microsecond to keep
// results files short.
func ms(d time.Duration) float64 {
	return math.Round(float64(d)/1e3) / 1e3
}

// percentile is the nearest-rank q-quantile of xs (0 when empty).
func percentile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	if i < 0 {
		i = 0
	}
	if i >= len(s) {
		i = len(s) - 1
	}
	return s[i]
}
