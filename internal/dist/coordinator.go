package dist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/schollz/progressbar/v3"

	"cgpolicy/model/expert"
)

// Config configures a Coordinator.
type Config struct {
	// Listen is host:port where the embedded server accepts remote
	// workers; "" opens no port. Off loopback it requires Token.
	Listen string
	// URL is an existing NATS server to use instead of the embedded one.
	URL   string
	Token string
	// StoreDir is the embedded server's JetStream directory (under the
	// run's -out); its streams are in memory.
	StoreDir string
	// Workers is the number of local worker goroutines; 0 with Listen or
	// URL leaves every job to remote workers.
	Workers int
	// Executor runs the local workers' jobs.
	Executor expert.Executor
	Game     string
	// AckWait is how long a job may go unacked before it is handed out
	// again (DefaultAckWait when 0); workers send heartbeats within it.
	AckWait time.Duration
	// Chunk is the number of indices per job (0: about 256 jobs a batch).
	Chunk    int
	Progress io.Writer // progress bars; nil for none
	Log      io.Writer // rejected results, the listening address; nil for none
	// RunID names the run in job IDs (default: a fresh unique one).
	RunID string
	// Dir keeps the merged results of the current iteration (under the
	// run's -out), so a coordinator killed mid-iteration and resumed
	// issues only the unfinished jobs; "" keeps none.
	Dir string
}

// Coordinator is an expert.Runner on JetStream.
type Coordinator struct {
	cfg     Config
	srv     *server.Server
	nc      *nats.Conn
	js      jetstream.JetStream
	store   jetstream.ObjectStore
	results chan *nats.Msg
	sub     *nats.Subscription
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	stored  map[string]bool // snapshots in the store
	merged  map[string]bool // job IDs merged
	seen    map[string]time.Time
	retries map[string]int
}

// maxRetries bounds how often one job is issued again after bad results,
// so that a deterministic fault ends the run rather than loops.
const maxRetries = 5

// serverLog passes the embedded server's warnings and errors (a worker
// with a wrong token among them) to the coordinator's log.
type serverLog struct{ w io.Writer }

func (l serverLog) Noticef(string, ...any) {}
func (l serverLog) Debugf(string, ...any)  {}
func (l serverLog) Tracef(string, ...any)  {}
func (l serverLog) Warnf(f string, a ...any) {
	logf(l.w, "nats: "+f, a...)
}
func (l serverLog) Errorf(f string, a ...any) {
	logf(l.w, "nats: "+f, a...)
}
func (l serverLog) Fatalf(f string, a ...any) {
	logf(l.w, "nats: "+f, a...)
}

// Start starts (or connects to) the server, creates the streams and starts
// the local workers.
func Start(cfg Config) (*Coordinator, error) {
	if cfg.AckWait <= 0 {
		cfg.AckWait = DefaultAckWait
	}
	if cfg.Workers < 0 {
		return nil, fmt.Errorf("-workers %d: want >= 0", cfg.Workers)
	}
	if cfg.Workers == 0 && cfg.Listen == "" && cfg.URL == "" {
		return nil, errors.New("-workers 0 needs -listen or -nats: nobody would run the jobs")
	}
	if cfg.Listen != "" && cfg.URL != "" {
		return nil, errors.New("-listen and -nats: choose the embedded server or an existing one")
	}
	if cfg.Listen != "" && !Loopback(cfg.Listen) && cfg.Token == "" {
		return nil, fmt.Errorf("-listen %s is reachable from other machines: set a token (-token or CGPOLICY_TOKEN)", cfg.Listen)
	}
	if cfg.RunID == "" {
		cfg.RunID = nats.NewInbox()[len(nats.InboxPrefix):]
	}
	c := &Coordinator{cfg: cfg, results: make(chan *nats.Msg, 1024), stored: map[string]bool{},
		merged: map[string]bool{}, seen: map[string]time.Time{}, retries: map[string]int{}}
	opts := []nats.Option{nats.Token(cfg.Token), nats.Name("cgpolicy coordinator")}
	if cfg.URL == "" {
		so := &server.Options{JetStream: true, StoreDir: cfg.StoreDir, NoSigs: true, MaxPayload: maxPayload,
			Authorization: cfg.Token}
		if cfg.Listen == "" {
			so.DontListen = true
		} else {
			host, port, err := splitHostPort(cfg.Listen)
			if err != nil {
				return nil, err
			}
			if port == 0 {
				port = server.RANDOM_PORT // the server reads 0 as its default port
			}
			so.Host, so.Port = host, port
		}
		srv, err := server.NewServer(so)
		if err != nil {
			return nil, fmt.Errorf("nats server: %w", err)
		}
		srv.SetLogger(serverLog{cfg.Log}, false, false)
		srv.Start()
		if !srv.ReadyForConnections(10 * time.Second) {
			srv.Shutdown()
			return nil, errors.New("nats server: not ready after 10s")
		}
		c.srv = srv
		opts = append(opts, nats.InProcessServer(srv))
		if cfg.Listen != "" {
			logf(cfg.Log, "listening for workers on %s", srv.ClientURL())
		}
	}
	nc, err := nats.Connect(cfg.URL, opts...)
	if err != nil {
		c.shutdown()
		return nil, fmt.Errorf("connect: %w", err)
	}
	c.nc = nc
	if err := c.setup(); err != nil {
		c.shutdown()
		return nil, err
	}
	if cfg.Workers > 0 {
		ctx, cancel := context.WithCancel(context.Background())
		c.cancel = cancel
		c.wg.Add(1)
		go func() {
			defer c.wg.Done()
			Work(ctx, WorkerConfig{Conn: nc, Workers: cfg.Workers, Log: cfg.Log, Name: "local",
				Executor: func(game string) (expert.Executor, error) {
					if game != cfg.Game {
						return nil, fmt.Errorf("job for %q, this run trains %q", game, cfg.Game)
					}
					return cfg.Executor, nil
				}})
		}()
	}
	return c, nil
}

func splitHostPort(addr string) (string, int, error) {
	var host string
	var port int
	h, p, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, fmt.Errorf("-listen %q: %v", addr, err)
	}
	host = h
	if _, err := fmt.Sscanf(p, "%d", &port); err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("-listen %q: bad port", addr)
	}
	return host, port, nil
}

// URL is where remote workers connect ("" without Listen or URL).
func (c *Coordinator) URL() string {
	if c.cfg.URL != "" {
		return c.cfg.URL
	}
	if c.srv != nil && c.cfg.Listen != "" {
		return c.srv.ClientURL()
	}
	return ""
}

// setup makes the streams, the workers' consumer and the snapshot store,
// dropping the jobs of an earlier run, and subscribes to this run's results.
func (c *Coordinator) setup() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	js, err := jetstream.New(c.nc)
	if err != nil {
		return err
	}
	c.js = js
	js.DeleteStream(ctx, JobStream) // the jobs of an earlier run, and its consumer
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: JobStream, Subjects: []string{JobSubject},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.MemoryStorage}); err != nil {
		return fmt.Errorf("jobs stream: %w", err)
	}
	if _, err := js.CreateOrUpdateConsumer(ctx, JobStream, jetstream.ConsumerConfig{Durable: WorkerGroup,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: c.cfg.AckWait, MaxDeliver: -1, MaxAckPending: 100000}); err != nil {
		return fmt.Errorf("workers' consumer: %w", err)
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: ResultStream, Subjects: []string{ResultPrefix + ">"},
		Storage: jetstream.MemoryStorage, MaxAge: time.Hour}); err != nil {
		return fmt.Errorf("results stream: %w", err)
	}
	if c.store, err = js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: SnapshotStore,
		Storage: jetstream.MemoryStorage, TTL: 24 * time.Hour}); err != nil {
		return fmt.Errorf("snapshot store: %w", err)
	}
	// results are stored by the stream before a job is acked; the
	// coordinator reads them as they come
	results := c.results
	if c.sub, err = c.nc.Subscribe(ResultPrefix+c.cfg.RunID, func(m *nats.Msg) { results <- m }); err != nil {
		return err
	}
	return c.sub.SetPendingLimits(-1, -1)
}

// Run issues the batch's jobs and merges their results (expert.Runner).
func (c *Coordinator) Run(b expert.Batch, accept func(lo, hi int, res []byte) error) error {
	ctx := context.Background()
	if !c.stored[b.Hash] {
		if _, err := c.store.PutBytes(ctx, b.Hash, b.Snapshot); err != nil {
			return fmt.Errorf("storing the snapshot: %w", err)
		}
		c.stored[b.Hash] = true
	}
	size := c.cfg.Chunk
	if size <= 0 {
		size = (b.N + 255) / 256
	}
	pending := map[string]job{}
	var order []job
	for lo := 0; lo < b.N; lo += size {
		hi := lo + size
		if hi > b.N {
			hi = b.N
		}
		j := job{Run: c.cfg.RunID, Game: c.cfg.Game, Iter: b.Iter, Phase: string(b.Phase), Lo: lo, Hi: hi, Snap: b.Hash}
		j.ID = fmt.Sprintf("%s.%d.%s.%d", j.Run, j.Iter, j.Phase, j.Lo)
		pending[j.ID] = j
		order = append(order, j)
	}
	c.prune(b.Iter)
	cached := 0
	for _, j := range order {
		if c.reuse(b, j, accept) {
			delete(pending, j.ID)
			c.merged[j.ID] = true
			cached += j.Hi - j.Lo
			continue
		}
		if err := c.issue(ctx, j); err != nil {
			return err
		}
	}
	var bar *progressbar.ProgressBar
	if c.cfg.Progress != nil {
		bar = progressbar.NewOptions(b.N, progressbar.OptionSetWriter(c.cfg.Progress),
			progressbar.OptionSetDescription(c.describe(b.Desc)), progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true))
		bar.Add(cached)
	}
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for len(pending) > 0 {
		select {
		case m := <-c.results:
			done, err := c.take(ctx, b, m, pending, accept)
			if err != nil {
				return err
			}
			if bar != nil && done > 0 {
				bar.Describe(c.describe(b.Desc))
				bar.Add(done)
			}
		case <-tick.C:
			if bar != nil {
				bar.Describe(c.describe(b.Desc))
			}
		}
	}
	if bar != nil {
		bar.Finish()
		fmt.Fprintln(c.cfg.Progress)
	}
	return nil
}

// describe is the bar's label with the workers heard from in the last
// minute.
func (c *Coordinator) describe(desc string) string {
	n := 0
	for _, t := range c.seen {
		if time.Since(t) < time.Minute {
			n++
		}
	}
	return fmt.Sprintf("%s (%d workers)", desc, n)
}

func (c *Coordinator) issue(ctx context.Context, j job) error {
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	if _, err := c.js.Publish(ctx, JobSubject, data); err != nil {
		return fmt.Errorf("issuing job %s: %w", j.ID, err)
	}
	return nil
}

// take checks one result and merges it; it returns the number of indices
// merged. Unknown, duplicate and malformed results are logged and
// dropped; a malformed one's job is issued again, up to maxRetries times.
func (c *Coordinator) take(ctx context.Context, b expert.Batch, m *nats.Msg, pending map[string]job, accept func(lo, hi int, res []byte) error) (int, error) {
	id, who := m.Header.Get(hdrJob), m.Header.Get(hdrWorker)
	j, ok := pending[id]
	if !ok {
		if !c.merged[id] {
			logf(c.cfg.Log, "dropped a result for unknown job %q from worker %q", id, who)
		}
		return 0, nil // a duplicate of a merged job is expected after a redelivery
	}
	if who != "" {
		c.seen[who] = time.Now()
	}
	bad := m.Header.Get(hdrError)
	if bad == "" {
		if err := accept(j.Lo, j.Hi, m.Data); err != nil {
			bad = err.Error()
		}
	}
	if bad != "" {
		logf(c.cfg.Log, "dropped the result of job %s from worker %q: %s", id, who, bad)
		c.retries[id]++
		if c.retries[id] > maxRetries {
			return 0, fmt.Errorf("job %s failed %d times, last: %s", id, c.retries[id], bad)
		}
		return 0, c.issue(ctx, j)
	}
	delete(pending, id)
	c.merged[id] = true
	c.keep(b, j, m.Data)
	return j.Hi - j.Lo, nil
}

// resultFile names a merged chunk's result by iteration, snapshot and
// range: a resumed run makes the same snapshot for the same iteration, so
// a result is reused exactly when it would be computed again.
func (c *Coordinator) resultFile(b expert.Batch, j job) string {
	return filepath.Join(c.cfg.Dir, fmt.Sprintf("%04d-%s-%s-%d-%d", b.Iter, b.Phase, b.Hash, j.Lo, j.Hi))
}

// keep stores a merged result for a resume; a failure only costs the
// resume the job.
func (c *Coordinator) keep(b expert.Batch, j job, res []byte) {
	if c.cfg.Dir == "" {
		return
	}
	if err := os.MkdirAll(c.cfg.Dir, 0o755); err != nil {
		logf(c.cfg.Log, "keeping results: %v", err)
		return
	}
	p := c.resultFile(b, j)
	if err := os.WriteFile(p+".tmp", res, 0o644); err == nil {
		err = os.Rename(p+".tmp", p)
	}
}

// reuse merges a kept result of job j, checked as a worker's would be.
func (c *Coordinator) reuse(b expert.Batch, j job, accept func(lo, hi int, res []byte) error) bool {
	if c.cfg.Dir == "" {
		return false
	}
	p := c.resultFile(b, j)
	res, err := os.ReadFile(p)
	if err != nil {
		return false
	}
	if err := accept(j.Lo, j.Hi, res); err != nil {
		logf(c.cfg.Log, "dropped the kept result %s: %v", p, err)
		os.Remove(p)
		return false
	}
	return true
}

// prune removes the kept results of earlier iterations: their
// checkpoints are written.
func (c *Coordinator) prune(iter int) {
	if c.cfg.Dir == "" {
		return
	}
	ents, err := os.ReadDir(c.cfg.Dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		var it int
		if _, err := fmt.Sscanf(e.Name(), "%04d-", &it); err != nil || it < iter {
			os.Remove(filepath.Join(c.cfg.Dir, e.Name()))
		}
	}
}

// Clean removes the kept results once the run is done.
func (c *Coordinator) Clean() error {
	if c.cfg.Dir == "" {
		return nil
	}
	return os.RemoveAll(c.cfg.Dir)
}

// Close tells the workers the run is over, stops the local ones and the
// embedded server.
func (c *Coordinator) Close() error {
	if c.nc != nil {
		c.nc.Publish(EndSubject, []byte(c.cfg.RunID))
		c.nc.Flush()
	}
	if c.cancel != nil {
		c.cancel()
	}
	c.wg.Wait()
	c.shutdown()
	return nil
}

func (c *Coordinator) shutdown() {
	if c.sub != nil {
		c.sub.Unsubscribe()
	}
	if c.nc != nil {
		c.nc.Close()
	}
	if c.srv != nil {
		c.srv.Shutdown()
		c.srv.WaitForShutdown()
		if c.cfg.StoreDir != "" {
			// the streams are in memory: the directories are empty, and
			// os.Remove leaves them if not
			os.Remove(filepath.Join(c.cfg.StoreDir, "jetstream"))
			os.Remove(c.cfg.StoreDir)
		}
	}
}
