package dist

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"cgpolicy/model/expert"
)

// syncBuf is a log the server, the coordinator and the test share.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// squares is an Executor whose result for lo..hi-1 is each index squared
// plus the snapshot's first byte, so a result from the wrong snapshot or
// range is visible. delay slows each job; calls counts jobs by lo.
type squares struct {
	mu    sync.Mutex
	calls map[int]int
	delay time.Duration
	// bad makes the first result of the job at lo malformed
	bad map[int]bool
}

func (s *squares) Exec(snap []byte, lo, hi int) ([]byte, error) {
	s.mu.Lock()
	if s.calls == nil {
		s.calls = map[int]int{}
	}
	s.calls[lo]++
	first := s.calls[lo] == 1
	s.mu.Unlock()
	time.Sleep(s.delay)
	if first && s.bad[lo] {
		return []byte("garbage"), nil
	}
	var b []byte
	for i := lo; i < hi; i++ {
		b = binary.AppendUvarint(b, uint64(i*i)+uint64(snap[0]))
	}
	return b, nil
}

// collect is an accept function that decodes squares' results by index
// and rejects malformed ones.
func collect(n int, base byte) ([]uint64, func(lo, hi int, res []byte) error) {
	got := make([]uint64, n)
	return got, func(lo, hi int, res []byte) error {
		r := bytes.NewReader(res)
		for i := lo; i < hi; i++ {
			v, err := binary.ReadUvarint(r)
			if err != nil || v != uint64(i*i)+uint64(base) {
				return fmt.Errorf("index %d: got %d (%v)", i, v, err)
			}
			got[i] = v
		}
		if r.Len() != 0 {
			return errors.New("trailing bytes")
		}
		return nil
	}
}

func check(t *testing.T, got []uint64, base byte) {
	t.Helper()
	for i, v := range got {
		if v != uint64(i*i)+uint64(base) {
			t.Fatalf("index %d: %d, want %d", i, v, i*i+int(base))
		}
	}
}

func batch(n int, snap byte) expert.Batch {
	b := []byte{snap, 1, 2}
	h := sha256.Sum256(b)
	return expert.Batch{Iter: 1, Phase: expert.PhaseSelfPlay, N: n, Snapshot: b, Hash: hex.EncodeToString(h[:])}
}

// start runs a coordinator for the test; cleanup closes it.
func start(t *testing.T, cfg Config) *Coordinator {
	t.Helper()
	cfg.Game = "fake"
	if cfg.StoreDir == "" {
		cfg.StoreDir = t.TempDir()
	}
	c, err := Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// runBatch runs b with a deadline so a lost job fails rather than hangs.
func runBatch(t *testing.T, c *Coordinator, b expert.Batch, accept func(lo, hi int, res []byte) error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- c.Run(b, accept) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("batch not done after 60s")
	}
}

// remote starts a worker process's loop on url in a goroutine.
func remote(t *testing.T, url, token string, ex expert.Executor, log *syncBuf) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		err := Work(ctx, WorkerConfig{URL: url, Token: token, Workers: 2, Log: log, Name: "remote",
			Executor: func(string) (expert.Executor, error) { return ex, nil }})
		if err != nil {
			log.Write([]byte("worker error: " + err.Error() + "\n"))
		}
	}()
	t.Cleanup(func() { cancel(); <-done })
}

// TestInProcess: local workers on the in-process server merge every index
// once, for batches of several sizes and chunkings, each from its own
// snapshot.
func TestInProcess(t *testing.T) {
	ex := &squares{}
	c := start(t, Config{Workers: 3, Executor: ex})
	for k, tc := range []struct{ n, chunk int }{{1, 0}, {7, 0}, {300, 0}, {10, 3}, {10, 100}} {
		c.cfg.Chunk = tc.chunk
		base := byte(10 + k)
		got, accept := collect(tc.n, base)
		runBatch(t, c, batch(tc.n, base), accept)
		check(t, got, base)
	}
	if c.URL() != "" {
		t.Fatalf("in-process coordinator offers %q to workers", c.URL())
	}
}

// TestRemoteWorkers: with Listen and no local workers every job goes to
// remote workers, who must present the token; one with a wrong token is
// refused and logged while the run goes on.
func TestRemoteWorkers(t *testing.T) {
	log := &syncBuf{}
	c := start(t, Config{Listen: "127.0.0.1:0", Token: "s3cret", Workers: 0, Log: log})
	url := c.URL()
	if !strings.HasPrefix(url, "nats://127.0.0.1:") || strings.HasSuffix(url, ":4222") {
		t.Fatalf("URL %q", url)
	}
	if _, err := nats.Connect(url, nats.Token("wrong")); err == nil {
		t.Fatal("a wrong token connected")
	}
	if err := Work(context.Background(), WorkerConfig{URL: url, Token: "wrong", Workers: 1,
		Executor: func(string) (expert.Executor, error) { return &squares{}, nil }}); err == nil {
		t.Fatal("a worker with a wrong token joined")
	}
	ex := &squares{}
	remote(t, url, "s3cret", ex, log)
	got, accept := collect(20, 5)
	runBatch(t, c, batch(20, 5), accept)
	check(t, got, 5)
	if !strings.Contains(log.String(), "authentication error") {
		t.Fatalf("wrong token not logged:\n%s", log.String())
	}
}

// TestDyingWorker: a worker takes a job and dies without acking it; after
// AckWait the job goes to another worker and the batch completes.
func TestDyingWorker(t *testing.T) {
	log := &syncBuf{}
	c := start(t, Config{Listen: "127.0.0.1:0", Workers: 0, AckWait: time.Second, Chunk: 1, Log: log})
	// the dying worker: takes the first job, then its connection drops
	nc, err := nats.Connect(c.URL())
	if err != nil {
		t.Fatal(err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	got, accept := collect(4, 9)
	done := make(chan error, 1)
	go func() { done <- c.Run(batch(4, 9), accept) }()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cons, err := js.Consumer(ctx, JobStream, WorkerGroup)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := cons.Next(jetstream.FetchMaxWait(5 * time.Second))
	if err != nil {
		t.Fatal(err)
	}
	taken := msg.Data()
	nc.Close() // dies mid-job: no ack, no heartbeat
	ex := &squares{}
	remote(t, c.URL(), "", ex, log)
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("the dead worker's job %s was never handed out again", taken)
	}
	check(t, got, 9)
	ex.mu.Lock()
	defer ex.mu.Unlock()
	if len(ex.calls) != 4 {
		t.Fatalf("the live worker ran jobs %v, want all 4", ex.calls)
	}
}

// TestHeartbeats: a job longer than AckWait is not handed out again while
// its worker is alive, since the worker reports progress.
func TestHeartbeats(t *testing.T) {
	ex := &squares{delay: 2500 * time.Millisecond}
	c := start(t, Config{Workers: 2, AckWait: time.Second, Chunk: 1, Executor: ex})
	got, accept := collect(2, 3)
	runBatch(t, c, batch(2, 3), accept)
	check(t, got, 3)
	ex.mu.Lock()
	defer ex.mu.Unlock()
	for lo, n := range ex.calls {
		if n != 1 {
			t.Errorf("job %d ran %d times", lo, n)
		}
	}
}

// TestRejected: malformed and unknown results are logged and dropped,
// never merged and never fatal; a malformed one's job runs again, and a
// duplicate of a merged job is ignored.
func TestRejected(t *testing.T) {
	log := &syncBuf{}
	ex := &squares{bad: map[int]bool{2: true}}
	c := start(t, Config{Workers: 1, Chunk: 2, Executor: ex, Log: log, RunID: "run1"})
	// an unknown job's result and a duplicate wait in the results queue
	for _, id := range []string{"run1.1.selfplay.99", "nonsense"} {
		m := nats.NewMsg(ResultPrefix + "run1")
		m.Header.Set(hdrJob, id)
		m.Data = []byte{1, 2, 3}
		if err := c.nc.PublishMsg(m); err != nil {
			t.Fatal(err)
		}
	}
	got, accept := collect(6, 7)
	runBatch(t, c, batch(6, 7), accept)
	check(t, got, 7)
	ex.mu.Lock()
	if ex.calls[2] != 2 {
		t.Errorf("the malformed job ran %d times, want 2", ex.calls[2])
	}
	ex.mu.Unlock()
	// a late duplicate of a merged job changes nothing
	m := nats.NewMsg(ResultPrefix + "run1")
	m.Header.Set(hdrJob, "run1.1.selfplay.0")
	m.Data = []byte("garbage")
	c.nc.PublishMsg(m)
	got2, accept2 := collect(3, 8)
	b := batch(3, 8)
	b.Iter = 2
	runBatch(t, c, b, accept2)
	check(t, got2, 8)
	check(t, got, 7)
	out := log.String()
	for _, want := range []string{`unknown job "run1.1.selfplay.99"`, `unknown job "nonsense"`, "dropped the result of job run1.1.selfplay.2"} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "run1.1.selfplay.0") {
		t.Errorf("a duplicate was logged as a fault:\n%s", out)
	}
}

func TestStartErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"token off loopback", Config{Listen: "0.0.0.0:0", Workers: 1}, "token"},
		{"no workers at all", Config{Workers: 0}, "-workers 0"},
		{"both servers", Config{Listen: "127.0.0.1:0", URL: "nats://127.0.0.1:1", Workers: 1}, "-listen and -nats"},
		{"bad address", Config{Listen: "127.0.0.1", Workers: 1}, "-listen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.StoreDir = t.TempDir()
			c, err := Start(tc.cfg)
			if err == nil {
				c.Close()
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}

func TestLoopback(t *testing.T) {
	for _, tc := range []struct {
		addr string
		want bool
	}{
		{"127.0.0.1:4222", true}, {"localhost:1", true}, {"[::1]:4222", true}, {"127.9.9.9:0", true},
		{"0.0.0.0:4222", false}, {":4222", false}, {"192.168.1.5:4222", false}, {"example.com:4222", false}, {"garbage", false},
	} {
		if got := Loopback(tc.addr); got != tc.want {
			t.Errorf("Loopback(%q) = %v, want %v", tc.addr, got, tc.want)
		}
	}
}

// TestKeptResults: a coordinator started again on the same directory (a
// resumed run) reuses the merged results of the iteration and issues only
// the unfinished jobs; a corrupt kept result is dropped and its job run.
func TestKeptResults(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "jobs")
	first := &squares{}
	c := start(t, Config{Workers: 1, Chunk: 2, Executor: first, Dir: dir})
	got, accept := collect(8, 4)
	runBatch(t, c, batch(8, 4), accept)
	check(t, got, 4)
	c.Close()
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) != 4 {
		t.Fatalf("kept %d results (%v), want 4", len(ents), err)
	}
	// the coordinator was killed after jobs 0, 2 and 4 (4's result is torn)
	os.Remove(filepath.Join(dir, ents[3].Name()))
	os.WriteFile(filepath.Join(dir, ents[2].Name()), []byte{1}, 0o644)
	log := &syncBuf{}
	again := &squares{}
	c = start(t, Config{Workers: 1, Chunk: 2, Executor: again, Dir: dir, Log: log})
	got, accept = collect(8, 4)
	runBatch(t, c, batch(8, 4), accept)
	check(t, got, 4)
	again.mu.Lock()
	if len(again.calls) != 2 {
		t.Errorf("resumed coordinator ran jobs %v, want the two unfinished ones", again.calls)
	}
	again.mu.Unlock()
	if !strings.Contains(log.String(), "dropped the kept result") {
		t.Errorf("corrupt kept result not logged:\n%s", log.String())
	}
	// the next iteration prunes them, Clean removes the rest
	b := batch(2, 4)
	b.Iter = 2
	got, accept = collect(2, 4)
	runBatch(t, c, b, accept)
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d kept results after iteration 2 began, want its 1", len(ents))
	}
	if err := c.Clean(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("Clean left %s (%v)", dir, err)
	}
}
