package expert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"cgpolicy/engine"
	"cgpolicy/internal/arena"
	"cgpolicy/model"
	"cgpolicy/model/codegen"
	"cgpolicy/model/train"
)

// Files of a run directory.
const (
	CheckpointFile = "checkpoint.ckpt" // the latest weights, full precision
	BestFile       = "best.ckpt"       // the weights of the best evaluated iteration
	StateFile      = "run.json"        // options and log rows
	LogFile        = "log.csv"
	PlotFile       = "log.png"
	CompactFile    = "weights.txt" // the final compact weights
)

// row is one iteration of the training log.
type row struct {
	Iter    int     `json:"iter"`
	Samples int     `json:"samples"`
	Loss    float64 `json:"loss"`
	// WinRate is the network's mean score against the evaluation pool
	// (the baseline alone for games without a pool), Lo and Hi its 95%
	// Wilson interval.
	WinRate float64 `json:"win_rate"`
	Lo      float64 `json:"ci_lo"`
	Hi      float64 `json:"ci_hi"`
	// Rating is the Elo difference between the network and the pool's
	// average member that WinRate implies, with its interval.
	Rating   float64 `json:"rating"`
	RatingLo float64 `json:"rating_lo"`
	RatingHi float64 `json:"rating_hi"`
	// Pool is the score against each pool member.
	Pool map[string]float64 `json:"pool,omitempty"`
}

// csvLog is the training log as CSV, one row per iteration.
func csvLog(rows []row) []byte {
	var b bytes.Buffer
	b.WriteString("iteration,samples,loss,win_rate,ci_lo,ci_hi,rating,rating_lo,rating_hi\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "%d,%d,%.6f,%.4f,%.4f,%.4f,%.1f,%.1f,%.1f\n", r.Iter, r.Samples, r.Loss, r.WinRate, r.Lo, r.Hi, r.Rating, r.RatingLo, r.RatingHi)
	}
	return b.Bytes()
}

// runState is what run.json holds: enough to resume, and to refuse to
// resume with other settings.
type runState struct {
	Options Options      `json:"options"`
	Config  model.Config `json:"config"`
	Rows    []row        `json:"rows"`
}

// trainer is one run of expert iteration on game g.
type trainer[S engine.State, V, A any] struct {
	g      Game[S, V, A]
	o      Options
	cfg    model.Config
	out    io.Writer
	errw   io.Writer
	params *model.Params
	state  runState
	// past are the networks of the finished iterations, the league's
	// frozen opponents.
	past []*model.Params
	// runner runs the jobs elsewhere (RunWith); nil runs them on the
	// trainer's own goroutines (parallel)
	runner Runner
	// members is the game's pool, made once: every job and evaluation
	// plays the same one, and making it builds a policy per member.
	members []Member[V, A]
}

// Run trains g with o, writing report lines to stdout and progress bars to
// stderr. It is the whole of cmd/train for one game.
func Run[S engine.State, V, A any](g Game[S, V, A], o Options, stdout, stderr io.Writer) error {
	if err := o.Validate(); err != nil {
		return err
	}
	t, err := newTrainer(g, o, stdout, stderr)
	if err != nil {
		return err
	}
	return t.run()
}

func newTrainer[S engine.State, V, A any](g Game[S, V, A], o Options, stdout, stderr io.Writer) (*trainer[S, V, A], error) {
	t := &trainer[S, V, A]{g: g, o: o, out: stdout, errw: stderr}
	if o.Quiet {
		t.errw = nil
	}
	dd, cd, mc := g.Shape()
	t.cfg = model.Config{
		AgentDim: dd, CandDim: cd, MaxCands: mc,
		Hidden1: o.Hidden1, Hidden2: o.Hidden2,
	}
	if err := t.cfg.Validate(); err != nil {
		return nil, err
	}
	t.state = runState{Options: o, Config: t.cfg}
	t.members = t.makePool()
	return t, nil
}

func (t *trainer[S, V, A]) path(name string) string { return filepath.Join(t.o.Out, name) }

// start loads the run to resume, or makes sure a fresh run does not
// overwrite one.
func (t *trainer[S, V, A]) start() error {
	sp := t.path(StateFile)
	_, statErr := os.Stat(sp)
	exists := statErr == nil
	if !t.o.Resume {
		if exists {
			return fmt.Errorf("%s already holds a run; continue it with -resume or choose another -out", t.o.Out)
		}
		if err := os.MkdirAll(t.o.Out, 0o755); err != nil {
			return err
		}
		p, err := model.Init(t.cfg, t.o.Seed)
		if err != nil {
			return err
		}
		t.params = p
		return nil
	}
	if !exists {
		return fmt.Errorf("-resume: no run to resume in %s (%s: %v)", t.o.Out, sp, statErr)
	}
	b, err := os.ReadFile(sp)
	if err != nil {
		return err
	}
	var st runState
	if err := json.Unmarshal(b, &st); err != nil {
		return fmt.Errorf("%s: corrupt run state: %v", sp, err)
	}
	if st.Config != t.cfg {
		return fmt.Errorf("%s: network %v, these settings make %v: %w", sp, st.Config, t.cfg, model.ErrConfigMismatch)
	}
	if st.Options != t.comparable() {
		return fmt.Errorf("%s: run was started with other settings (%+v); resume with the same flags", sp, st.Options)
	}
	if len(st.Rows) == 0 {
		return fmt.Errorf("%s: no finished iteration to resume from", sp)
	}
	for i, r := range st.Rows {
		if r.Iter != i+1 {
			return fmt.Errorf("%s: corrupt log: row %d is iteration %d", sp, i+1, r.Iter)
		}
	}
	p, err := model.LoadCheckpoint(t.path(CheckpointFile), &t.cfg)
	if err != nil {
		return err
	}
	t.params = p
	t.state.Rows = st.Rows
	if err := t.loadPast(); err != nil {
		return err
	}
	fmt.Fprintf(t.out, "resuming %s after iteration %d\n", t.o.Out, len(st.Rows))
	return nil
}

// comparable is the options as stored: the fields that shape results.
func (t *trainer[S, V, A]) comparable() Options {
	c := t.o
	c.Iters = 0 // a resumed run may go further
	c.Workers, c.Out, c.Resume, c.WeightsDir, c.Quiet = 0, "", false, "", false
	return c
}

func (t *trainer[S, V, A]) run() error {
	if err := t.start(); err != nil {
		return err
	}
	t.state.Options = t.comparable()
	for it := len(t.state.Rows) + 1; it <= t.o.Iters; it++ {
		begin := time.Now()
		data, err := t.generate(it)
		if err != nil {
			return err
		}
		if len(data) == 0 {
			return fmt.Errorf("iteration %d: self-play produced no samples", it)
		}
		fo := train.DefaultOptions()
		fo.Epochs, fo.BatchSize, fo.LearnRate = t.o.Epochs, t.o.Batch, t.o.LearnRate
		fo.Seed = mix(t.o.Seed, int64(it), 2)
		fo.Progress = t.errw
		st, err := train.Fit(t.params, data, fo)
		if err != nil {
			return fmt.Errorf("iteration %d: %w", it, err)
		}
		if t.errw != nil {
			fmt.Fprintln(t.errw)
		}
		if err := model.SaveCheckpoint(t.pastFile(it), t.params); err != nil {
			return err
		}
		t.past = append(t.past, t.params.Clone())
		win, n, per, err := t.evaluate(it)
		if err != nil {
			return err
		}
		ci := arena.Wilson(win, n)
		r := row{Iter: it, Samples: len(data), Loss: st.Epochs[len(st.Epochs)-1].Loss, WinRate: win, Lo: ci[0], Hi: ci[1],
			Rating: arena.Elo(win), RatingLo: arena.Elo(ci[0]), RatingHi: arena.Elo(ci[1]), Pool: per}
		best := t.bestIter() == 0 || win > t.state.Rows[t.bestIter()-1].WinRate
		t.state.Rows = append(t.state.Rows, r)
		if err := t.save(best); err != nil {
			return err
		}
		fmt.Fprintf(t.out, "iter %d: %d samples, loss %.4f, vs %s %.1f%% [%.1f, %.1f], rating %+.0f [%+.0f, %+.0f] over %d games (%s)\n",
			it, r.Samples, r.Loss, t.poolName(), 100*win, 100*ci[0], 100*ci[1], r.Rating, r.RatingLo, r.RatingHi, n, time.Since(begin).Round(time.Second))
		if len(per) > 1 {
			fmt.Fprintf(t.out, "  %s\n", poolLine(per))
		}
	}
	return t.finish()
}

// bestIter is the iteration with the highest win rate against the baseline so
// far (the earliest on a tie), or 0 before the first.
func (t *trainer[S, V, A]) bestIter() int {
	best := 0
	for i, r := range t.state.Rows {
		if best == 0 || r.WinRate > t.state.Rows[best-1].WinRate {
			best = i + 1
		}
	}
	return best
}

// save writes the checkpoint (and, for a new best iteration, the best
// checkpoint), then the state, the CSV and the plot; the state names the
// iteration only once its checkpoints are on disk.
func (t *trainer[S, V, A]) save(best bool) error {
	if err := model.SaveCheckpoint(t.path(CheckpointFile), t.params); err != nil {
		return err
	}
	if best {
		if err := model.SaveCheckpoint(t.path(BestFile), t.params); err != nil {
			return err
		}
	}
	b, err := json.MarshalIndent(t.state, "", "  ")
	if err != nil {
		return err
	}
	if err := writeAtomic(t.path(StateFile), append(b, '\n')); err != nil {
		return err
	}
	if err := writeAtomic(t.path(LogFile), csvLog(t.state.Rows)); err != nil {
		return err
	}
	png, err := plotLog(t.state.Rows)
	if err != nil {
		return err
	}
	return writeAtomic(t.path(PlotFile), png)
}

// finish writes the compact weights of the best iteration, the one that
// played best against the baseline, and, when asked, the whole weights
// package of the game (weights.txt and its generated code and tests, see
// model/codegen), named after the game. The evaluation uses the same games
// every iteration, so iterations compare on equal terms.
func (t *trainer[S, V, A]) finish() error {
	it := t.bestIter()
	best, err := model.LoadCheckpoint(t.path(BestFile), &t.cfg)
	if err != nil {
		return err
	}
	r := t.state.Rows[it-1]
	fmt.Fprintf(t.out, "best: iteration %d, vs %s %.1f%% [%.1f, %.1f]\n", it, t.poolName(), 100*r.WinRate, 100*r.Lo, 100*r.Hi)
	w, err := model.Quantize(best)
	if err != nil {
		return err
	}
	if err := model.SaveCompact(t.path(CompactFile), w); err != nil {
		return err
	}
	fmt.Fprintf(t.out, "wrote %s\n", t.path(CompactFile))
	if t.o.WeightsDir == "" {
		return nil
	}
	if err := os.MkdirAll(t.o.WeightsDir, 0o755); err != nil {
		return err
	}
	if err := codegen.WriteDir(t.o.WeightsDir, t.g.Name(), w); err != nil {
		return err
	}
	fmt.Fprintf(t.out, "regenerated %s\n", t.o.WeightsDir)
	return nil
}

func writeAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// parallel runs job(i) for i in [0, n) on the workers and reports progress.
// Jobs write their results by index, so the merge order never depends on
// scheduling.
func (t *trainer[S, V, A]) parallel(n int, desc string, fitted bool, job func(w *worker[S, V, A], i int)) {
	var bar *progressbar.ProgressBar
	if t.errw != nil {
		bar = progressbar.NewOptions(n, progressbar.OptionSetWriter(t.errw),
			progressbar.OptionSetDescription(desc), progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true))
	}
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	workers := t.o.Workers
	if workers > n {
		workers = n
	}
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(t.g, t.params, fitted)
			for i := range next {
				job(w, i)
				if bar != nil {
					mu.Lock()
					bar.Add(1)
					mu.Unlock()
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	if bar != nil {
		bar.Finish()
		fmt.Fprintln(t.errw)
	}
}

// generate plays the iteration's self-play games and merges their samples
// in game order.
func (t *trainer[S, V, A]) generate(it int) ([]model.Sample, error) {
	res := make([]gameResult, t.o.Games)
	opps, weights := t.league()
	pool := t.pool()
	desc := fmt.Sprintf("iter %d self-play", it)
	if t.runner != nil {
		err := t.remote(it, PhaseSelfPlay, t.o.Games, desc, func(lo int, c *chunk) {
			for i, smp := range c.Games {
				res[lo+i].samples = smp
			}
		})
		if err != nil {
			return nil, fmt.Errorf("iteration %d self-play: %w", it, err)
		}
	} else {
		t.parallel(t.o.Games, desc, len(t.state.Rows) > 0, func(w *worker[S, V, A], g int) {
			res[g] = t.selfPlay(w, it, g, opps, weights, pool)
		})
	}
	var data []model.Sample
	for g, r := range res {
		if r.err != nil {
			return nil, fmt.Errorf("iteration %d self-play game %d: %w", it, g, r.err)
		}
		data = append(data, r.samples...)
	}
	return data, nil
}

// selfPlay is self-play game g of iteration it: its opponent, seed and
// sampled positions come from the run seed and the indices alone.
func (t *trainer[S, V, A]) selfPlay(w *worker[S, V, A], it, g int, opps []opponent, weights []float64, pool []Member[V, A]) gameResult {
	rng := rand.New(rand.NewSource(mix(t.o.Seed, int64(it), 1, int64(g))))
	o := opps[pick(weights, rng)]
	seed := rng.Int63()
	var opp Policy[V, A]
	if o.member >= 0 {
		opp = pool[o.member].New(seed)
	} else {
		opp = t.g.NewNet(model.NewNet(t.past[o.past]))
	}
	return w.playGame(&t.o, rng, opp)
}

// mix derives an independent seed from the run seed and indices
// (splitmix64 steps), so every game and fit has its own stream.
func mix(seed int64, parts ...int64) int64 {
	x := uint64(seed)
	for _, p := range parts {
		x += 0x9E3779B97F4A7C15 + uint64(p)
		z := x
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		x = z ^ (z >> 31)
	}
	return int64(x >> 1)
}
