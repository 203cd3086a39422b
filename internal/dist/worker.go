package dist

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"cgpolicy/model/expert"
)

// WorkerConfig configures Work.
type WorkerConfig struct {
	URL     string // nats://HOST:PORT; ignored when Conn is set
	Token   string
	Conn    *nats.Conn // an open connection (the coordinator's local workers)
	Workers int        // goroutines, each running one job at a time
	// Executor returns the executor of a game by name.
	Executor func(game string) (expert.Executor, error)
	Log      io.Writer // errors and the end of the run; nil for none
	// Name prefixes the workers' names in results (default host:pid).
	Name string
	// Verbose logs every job taken, with its delivery count.
	Verbose bool
}

func logf(w io.Writer, format string, a ...interface{}) {
	if w != nil {
		fmt.Fprintf(w, format+"\n", a...)
	}
}

// Work takes jobs until the run ends (the coordinator says so or its
// server goes away) or ctx is done.
func Work(ctx context.Context, cfg WorkerConfig) error {
	if cfg.Workers < 1 {
		return fmt.Errorf("-workers %d: a worker needs at least one goroutine", cfg.Workers)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	nc := cfg.Conn
	if nc == nil {
		var err error
		nc, err = nats.Connect(cfg.URL, nats.Token(cfg.Token), nats.Name("cgpolicy worker"),
			nats.MaxReconnects(10), nats.ReconnectWait(time.Second),
			nats.ClosedHandler(func(*nats.Conn) { cancel() }))
		if err != nil {
			return fmt.Errorf("connect %s: %w", cfg.URL, err)
		}
		defer nc.Close()
	}
	end, err := nc.Subscribe(EndSubject, func(*nats.Msg) {
		if cfg.Conn == nil {
			logf(cfg.Log, "worker: the run is over")
		}
		cancel()
	})
	if err != nil {
		return err
	}
	defer end.Unsubscribe()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	name := cfg.Name
	if name == "" {
		host, _ := os.Hostname()
		name = fmt.Sprintf("%s:%d", host, os.Getpid())
	}
	w := &worker{js: js, cfg: cfg, snaps: map[string][]byte{}, execs: map[string]expert.Executor{}}
	var wg sync.WaitGroup
	for k := 0; k < cfg.Workers; k++ {
		wg.Add(1)
		go func(id string) {
			defer wg.Done()
			w.loop(ctx, id)
		}(fmt.Sprintf("%s/%d", name, k))
	}
	wg.Wait()
	return nil
}

type worker struct {
	js  jetstream.JetStream
	cfg WorkerConfig
	mu  sync.Mutex
	// snaps caches snapshots by hash (the last few), execs executors by game
	snaps map[string][]byte
	order []string
	execs map[string]expert.Executor
}

// loop takes one job at a time until ctx is done. It waits for the
// coordinator to create the stream, so workers may start first.
func (w *worker) loop(ctx context.Context, id string) {
	var cons jetstream.Consumer
	for ctx.Err() == nil {
		if cons == nil {
			c, err := w.js.Consumer(ctx, JobStream, WorkerGroup)
			if err != nil {
				sleep(ctx, 500*time.Millisecond)
				continue
			}
			cons = c
		}
		msg, err := cons.Next(jetstream.FetchMaxWait(time.Second))
		if err != nil {
			if errors.Is(err, jetstream.ErrConsumerNotFound) || errors.Is(err, jetstream.ErrStreamNotFound) {
				cons = nil
			}
			if !errors.Is(err, nats.ErrTimeout) {
				sleep(ctx, 200*time.Millisecond)
			}
			continue
		}
		w.handle(ctx, id, cons, msg)
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// handle runs one job with heartbeats and publishes its result before
// acking it, so an acked job always has a stored result.
func (w *worker) handle(ctx context.Context, id string, cons jetstream.Consumer, msg jetstream.Msg) {
	var j job
	if err := json.Unmarshal(msg.Data(), &j); err != nil || j.ID == "" || j.Run == "" {
		logf(w.cfg.Log, "worker %s: dropping a malformed job (%v)", id, err)
		msg.Term()
		return
	}
	if w.cfg.Verbose {
		n := uint64(0)
		if md, err := msg.Metadata(); err == nil {
			n = md.NumDelivered
		}
		logf(w.cfg.Log, "worker %s: took job %s (delivery %d)", id, j.ID, n)
	}
	ackWait := DefaultAckWait
	if info := cons.CachedInfo(); info != nil && info.Config.AckWait > 0 {
		ackWait = info.Config.AckWait
	}
	stop := make(chan struct{})
	beat := sync.WaitGroup{}
	beat.Add(1)
	go func() {
		defer beat.Done()
		t := time.NewTicker(ackWait / 4)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				msg.InProgress()
			}
		}
	}()
	res, err := w.exec(ctx, j)
	close(stop)
	beat.Wait()
	if ctx.Err() != nil {
		return // the run is over or the worker stops: leave the job to others
	}
	out := nats.NewMsg(ResultPrefix + j.Run)
	out.Header.Set(hdrJob, j.ID)
	out.Header.Set(hdrWorker, id)
	if err != nil {
		logf(w.cfg.Log, "worker %s: job %s: %v", id, j.ID, err)
		out.Header.Set(hdrError, err.Error())
	} else {
		out.Data = res
	}
	pctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if _, perr := w.js.PublishMsg(pctx, out); perr != nil {
		logf(w.cfg.Log, "worker %s: job %s: publishing the result: %v", id, j.ID, perr)
		msg.Nak()
		return
	}
	msg.Ack()
}

// exec fetches the job's snapshot (cached) and runs its indices.
func (w *worker) exec(ctx context.Context, j job) ([]byte, error) {
	w.mu.Lock()
	ex, ok := w.execs[j.Game]
	snap, have := w.snaps[j.Snap]
	w.mu.Unlock()
	if !ok {
		var err error
		if ex, err = w.cfg.Executor(j.Game); err != nil {
			return nil, err
		}
		w.mu.Lock()
		w.execs[j.Game] = ex
		w.mu.Unlock()
	}
	if !have {
		store, err := w.js.ObjectStore(ctx, SnapshotStore)
		if err != nil {
			return nil, fmt.Errorf("snapshot store: %w", err)
		}
		if snap, err = store.GetBytes(ctx, j.Snap); err != nil {
			return nil, fmt.Errorf("snapshot %s: %w", j.Snap, err)
		}
		if h := sha256.Sum256(snap); hex.EncodeToString(h[:]) != j.Snap {
			return nil, fmt.Errorf("snapshot %s: content does not match its hash", j.Snap)
		}
		w.mu.Lock()
		w.snaps[j.Snap] = snap
		w.order = append(w.order, j.Snap)
		if len(w.order) > 4 {
			delete(w.snaps, w.order[0])
			w.order = w.order[1:]
		}
		w.mu.Unlock()
	}
	return ex.Exec(snap, j.Lo, j.Hi)
}
