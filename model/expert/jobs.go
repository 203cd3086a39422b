package expert

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"cgpolicy/engine"
	"cgpolicy/model"
)

// Phase names one kind of indexed work of an iteration.
type Phase string

// The phases a Runner is handed.
const (
	PhaseSelfPlay Phase = "selfplay" // self-play games (with their targets) by game index
	PhaseEval     Phase = "eval"     // evaluation games by index
)

// Batch is the indexed work of one phase of one iteration: jobs 0..N-1,
// all computed from Snapshot alone, so any process holding the game's
// plug-in computes the same result for the same index.
type Batch struct {
	Iter     int
	Phase    Phase
	N        int
	Desc     string // progress bar label
	Snapshot []byte // the encoded Snapshot (options and networks)
	Hash     string // its content hash, hex SHA-256
}

// Runner hands out the jobs of a batch to workers elsewhere (other
// goroutines, processes or machines) in chunks of consecutive indices.
// accept takes one chunk's encoded result (Executor.Exec's output for
// indices lo..hi-1), checks and stores it by index; it returns an error for
// a malformed result, which the Runner logs and drops and the chunk is run
// again. Run returns once every index is accepted, so the merge is in index
// order whatever the scheduling. Without a Runner the trainer runs the
// jobs on its own goroutines, as it always did.
type Runner interface {
	Run(b Batch, accept func(lo, hi int, result []byte) error) error
}

// RunWith is Run with the jobs of every iteration handed to r (nil: the
// trainer's own goroutines). The weights are the same either way.
func RunWith[S engine.State, V, A any](g Game[S, V, A], o Options, r Runner, stdout, stderr io.Writer) error {
	if err := o.Validate(); err != nil {
		return err
	}
	t, err := newTrainer(g, o, stdout, stderr)
	if err != nil {
		return err
	}
	t.runner = r
	return t.run()
}

// Snapshot is everything a worker needs to compute a batch's jobs: the
// options that shape results, the network, the league's past networks and
// the last evaluation's pool scores (the league's weights). Networks travel
// in checkpoint format, so they are bit-exact.
type Snapshot struct {
	Options  Options            `json:"options"`
	Iter     int                `json:"iter"`
	Phase    Phase              `json:"phase"`
	Rows     int                `json:"rows"` // finished iterations
	LastPool map[string]float64 `json:"last_pool,omitempty"`
	Params   []byte             `json:"params"`
	Past     [][]byte           `json:"past,omitempty"`
}

// chunk is one chunk's result: per index, a self-play game's samples or an
// evaluation game's score.
type chunk struct {
	Games  [][]model.Sample
	Scores []float64
}

// snapshot encodes what the workers need for phase ph of iteration it.
func (t *trainer[S, V, A]) snapshot(it int, ph Phase, n int, desc string) (Batch, error) {
	s := Snapshot{Options: t.comparable(), Iter: it, Phase: ph, Rows: len(t.state.Rows)}
	s.Options.Game = t.g.Name()
	if s.Rows > 0 {
		s.LastPool = t.state.Rows[s.Rows-1].Pool
	}
	var buf bytes.Buffer
	if err := model.WriteCheckpoint(&buf, t.params); err != nil {
		return Batch{}, err
	}
	s.Params = buf.Bytes()
	for _, p := range t.past {
		var b bytes.Buffer
		if err := model.WriteCheckpoint(&b, p); err != nil {
			return Batch{}, err
		}
		s.Past = append(s.Past, b.Bytes())
	}
	js, err := json.Marshal(s)
	if err != nil {
		return Batch{}, err
	}
	h := sha256.Sum256(js)
	return Batch{Iter: it, Phase: ph, N: n, Desc: desc, Snapshot: js, Hash: hex.EncodeToString(h[:])}, nil
}

// remote runs a batch through t.runner; store is called with each accepted
// chunk, after its counts and shapes were checked.
func (t *trainer[S, V, A]) remote(it int, ph Phase, n int, desc string, store func(lo int, c *chunk)) error {
	b, err := t.snapshot(it, ph, n, desc)
	if err != nil {
		return err
	}
	var mu sync.Mutex
	done := make([]bool, n)
	return t.runner.Run(b, func(lo, hi int, res []byte) error {
		c, err := decodeChunk(res, ph, lo, hi, n, t.cfg)
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		for i := lo; i < hi; i++ {
			if done[i] {
				return fmt.Errorf("indices %d..%d: already merged", lo, hi-1)
			}
		}
		for i := lo; i < hi; i++ {
			done[i] = true
		}
		store(lo, c)
		return nil
	})
}

// decodeChunk parses and checks a chunk's result: one entry per index, and
// every sample of the network's shape.
func decodeChunk(res []byte, ph Phase, lo, hi, n int, cfg model.Config) (*chunk, error) {
	if lo < 0 || hi > n || lo >= hi {
		return nil, fmt.Errorf("indices %d..%d outside 0..%d", lo, hi-1, n-1)
	}
	var c chunk
	if err := gob.NewDecoder(bytes.NewReader(res)).Decode(&c); err != nil {
		return nil, fmt.Errorf("undecodable result: %v", err)
	}
	switch ph {
	case PhaseSelfPlay:
		if len(c.Games) != hi-lo || len(c.Scores) != 0 {
			return nil, fmt.Errorf("%d games and %d scores for %d self-play jobs", len(c.Games), len(c.Scores), hi-lo)
		}
		for g, smp := range c.Games {
			if err := model.CheckAll(cfg, smp); err != nil {
				return nil, fmt.Errorf("game %d: %v", lo+g, err)
			}
		}
	case PhaseEval:
		if len(c.Scores) != hi-lo || len(c.Games) != 0 {
			return nil, fmt.Errorf("%d scores and %d games for %d evaluation jobs", len(c.Scores), len(c.Games), hi-lo)
		}
		for g, s := range c.Scores {
			if !(s >= 0 && s <= 1) || math.IsNaN(s) {
				return nil, fmt.Errorf("game %d: score %v outside [0,1]", lo+g, s)
			}
		}
	default:
		return nil, fmt.Errorf("unknown phase %q", ph)
	}
	return &c, nil
}

// Executor computes jobs of one game from snapshots, in a worker process.
type Executor interface {
	// Exec runs jobs lo..hi-1 of the batch snap describes and returns
	// their encoded result.
	Exec(snap []byte, lo, hi int) ([]byte, error)
}

// NewExecutor is the Executor of game g. It keeps the trainer of the last
// snapshot it decoded, since the chunks of one batch share it.
func NewExecutor[S engine.State, V, A any](g Game[S, V, A]) Executor {
	return &executor[S, V, A]{g: g}
}

type executor[S engine.State, V, A any] struct {
	g    Game[S, V, A]
	mu   sync.Mutex
	hash [sha256.Size]byte
	t    *trainer[S, V, A]
	snap Snapshot
	// free are idle workers of the cached trainer: making one (a search
	// with its tables) can cost more than a game, and a worker's results
	// do not depend on what it ran before
	free []*worker[S, V, A]
}

// ErrWrongGame is wrapped when a snapshot is for another game.
var ErrWrongGame = errors.New("snapshot of another game")

// load decodes snap into a trainer, or returns the cached one.
func (e *executor[S, V, A]) load(b []byte) (*trainer[S, V, A], Snapshot, error) {
	h := sha256.Sum256(b)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.t != nil && h == e.hash {
		return e.t, e.snap, nil
	}
	var s Snapshot
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, s, fmt.Errorf("snapshot: %v", err)
	}
	if s.Options.Game != e.g.Name() {
		return nil, s, fmt.Errorf("%w: %q, this worker plays %q", ErrWrongGame, s.Options.Game, e.g.Name())
	}
	o := s.Options
	o.Workers, o.Quiet = 1, true
	t, err := newTrainer(e.g, o, io.Discard, nil)
	if err != nil {
		return nil, s, err
	}
	if t.params, err = model.ReadCheckpoint(bytes.NewReader(s.Params), "snapshot", &t.cfg); err != nil {
		return nil, s, err
	}
	for i, pb := range s.Past {
		p, err := model.ReadCheckpoint(bytes.NewReader(pb), fmt.Sprintf("snapshot past %d", i+1), &t.cfg)
		if err != nil {
			return nil, s, err
		}
		t.past = append(t.past, p)
	}
	t.state.Rows = make([]row, s.Rows)
	if s.Rows > 0 {
		t.state.Rows[s.Rows-1].Pool = s.LastPool
	}
	e.hash, e.t, e.snap, e.free = h, t, s, nil
	return t, s, nil
}

// get is an idle worker of t, or a new one.
func (e *executor[S, V, A]) get(t *trainer[S, V, A], fitted bool) *worker[S, V, A] {
	e.mu.Lock()
	defer e.mu.Unlock()
	if n := len(e.free); n > 0 && e.t == t {
		w := e.free[n-1]
		e.free = e.free[:n-1]
		return w
	}
	return newWorker(t.g, t.params, fitted)
}

// put returns w to the idle workers if its trainer is still the cached one.
func (e *executor[S, V, A]) put(t *trainer[S, V, A], w *worker[S, V, A]) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.t == t {
		e.free = append(e.free, w)
	}
}

func (e *executor[S, V, A]) Exec(snap []byte, lo, hi int) ([]byte, error) {
	t, s, err := e.load(snap)
	if err != nil {
		return nil, err
	}
	if lo < 0 || lo >= hi {
		return nil, fmt.Errorf("empty range %d..%d", lo, hi-1)
	}
	var c chunk
	switch s.Phase {
	case PhaseSelfPlay:
		if hi > t.o.Games {
			return nil, fmt.Errorf("game %d of %d", hi-1, t.o.Games)
		}
		opps, weights := t.league()
		pool := t.pool()
		w := e.get(t, s.Rows > 0)
		for g := lo; g < hi; g++ {
			r := t.selfPlay(w, s.Iter, g, opps, weights, pool)
			if r.err != nil {
				e.put(t, w)
				return nil, r.err
			}
			c.Games = append(c.Games, r.samples)
		}
		e.put(t, w)
	case PhaseEval:
		ev := t.evalPlan()
		if hi > ev.n {
			return nil, fmt.Errorf("evaluation game %d of %d", hi-1, ev.n)
		}
		w := e.get(t, true)
		for g := lo; g < hi; g++ {
			v, err := t.evalGame(w, ev, g)
			if err != nil {
				e.put(t, w)
				return nil, err
			}
			c.Scores = append(c.Scores, v)
		}
		e.put(t, w)
	default:
		return nil, fmt.Errorf("unknown phase %q", s.Phase)
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&c); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
