package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"cgpolicy/internal/dist"
	"cgpolicy/model/expert"
)

// addrWriter is the coordinator's stderr: it keeps the log and hands on
// the address the coordinator listens on for workers.
type addrWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	addr chan string
	sent bool
}

func newAddrWriter() *addrWriter { return &addrWriter{addr: make(chan string, 1)} }

func (w *addrWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	w.scan(w.buf.String())
	return len(p), nil
}

func (w *addrWriter) scan(log string) {
	const marker = "listening for workers on "
	if i := strings.Index(log, marker); i >= 0 && !w.sent {
		rest := log[i+len(marker):]
		if j := strings.IndexByte(rest, '\n'); j >= 0 {
			w.addr <- rest[:j]
			w.sent = true
		}
	}
}

func (w *addrWriter) wait(t *testing.T) string {
	t.Helper()
	select {
	case a := <-w.addr:
		return a
	case <-time.After(30 * time.Second):
		t.Fatal("the coordinator announced no address")
		return ""
	}
}

// TestQueueSameWeights: the same seed gives the same bytes through the
// embedded queue (the default), without it, and with every job on remote
// workers (two of them, on loopback, presenting the token).
func TestQueueSameWeights(t *testing.T) {
	dir := t.TempDir()
	out := func(name string) string { return filepath.Join(dir, name) }
	if err := tiny(t, out("plain"), "-seed", "3", "-queue=false"); err != nil {
		t.Fatal(err)
	}
	if err := tiny(t, out("queue"), "-seed", "3"); err != nil {
		t.Fatal(err)
	}
	// the coordinator with remote workers only
	log := newAddrWriter()
	done := make(chan error, 1)
	go func() {
		done <- run([]string{"-tiny", "-quiet", "-seed", "3", "-out", out("remote"), "-listen", "127.0.0.1:0",
			"-workers", "0", "-token", "tok"}, io.Discard, log)
	}()
	addr := log.wait(t)
	if !strings.HasPrefix(addr, "nats://127.0.0.1:") {
		t.Fatalf("listening on %q", addr)
	}
	var wg sync.WaitGroup
	werr := make([]error, 2)
	for k := range werr {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			werr[k] = run([]string{"worker", "-connect", addr, "-token", "tok", "-workers", "1"}, io.Discard, io.Discard)
		}(k)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("remote run not done after 2 minutes")
	}
	wg.Wait()
	for k, err := range werr {
		if err != nil {
			t.Errorf("worker %d: %v", k, err)
		}
	}
	want := read(t, filepath.Join(out("plain"), expert.CompactFile))
	for _, name := range []string{"queue", "remote"} {
		for _, f := range []string{expert.CompactFile, expert.CheckpointFile} {
			if !bytes.Equal(read(t, filepath.Join(out("plain"), f)), read(t, filepath.Join(out(name), f))) {
				t.Errorf("%s: %s differs from the plain run's", name, f)
			}
		}
	}
	if len(want) == 0 {
		t.Fatal("empty weights")
	}
}

func TestQueueFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-listen", "127.0.0.1:0", "-queue=false"}, "-queue=false"},
		{[]string{"-listen", "0.0.0.0:0", "-token", ""}, "token"},
		{[]string{"-workers", "0"}, "-workers"},
		{[]string{"worker"}, "usage"},
		{[]string{"worker", "-connect", "nats://127.0.0.1:1", "-workers", "0"}, "-workers 0"},
	} {
		err := run(append(tc.args, "-tiny", "-quiet", "-out", t.TempDir()), io.Discard, io.Discard)
		if tc.args[0] == "worker" {
			err = run(tc.args, io.Discard, io.Discard)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one mentioning %q", tc.args, err, tc.want)
		}
	}
}

// TestWorkerKilled: a coordinator taking only remote workers and two
// worker processes on loopback; one is killed with SIGKILL mid-run, its
// unacked jobs go to the other after -ack-wait, and the weights are those
// of a plain single-process run.
func TestWorkerKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs three processes")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "train")
	if b, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	flags := []string{"-tiny", "-quiet", "-seed", "3", "-games", "12"}
	plain := filepath.Join(dir, "plain")
	if err := run(append(flags, "-out", plain, "-queue=false", "-workers", "2"), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	remote := filepath.Join(dir, "remote")
	coord := exec.Command(bin, append(flags, "-out", remote, "-listen", "127.0.0.1:0", "-workers", "0", "-ack-wait", "2s")...)
	log := newAddrWriter()
	coord.Stderr = log
	if err := coord.Start(); err != nil {
		t.Fatal(err)
	}
	defer coord.Process.Kill()
	addr := log.wait(t)
	// worker 0 is killed as soon as it has taken a job
	took := make(chan struct{})
	var workers []*exec.Cmd
	var survivor bytes.Buffer
	for k := 0; k < 2; k++ {
		w := exec.Command(bin, "worker", "-connect", addr, "-workers", "1", "-v")
		if k == 0 {
			pipe, err := w.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			go func() {
				sc := bufio.NewScanner(pipe)
				once := false
				for sc.Scan() {
					if !once && strings.Contains(sc.Text(), "took job") {
						once = true
						close(took)
					}
				}
			}()
		} else {
			w.Stderr = &survivor
		}
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		defer w.Process.Kill()
		workers = append(workers, w)
	}
	select {
	case <-took:
	case <-time.After(time.Minute):
		t.Fatal("worker 0 took no job")
	}
	if err := workers[0].Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	workers[0].Wait()
	wait := make(chan error, 1)
	go func() { wait <- coord.Wait() }()
	select {
	case err := <-wait:
		if err != nil {
			t.Fatalf("coordinator: %v\n%s", err, log.buf.String())
		}
	case <-time.After(3 * time.Minute):
		t.Fatal("the run did not finish after a worker died")
	}
	if err := workers[1].Wait(); err != nil {
		t.Errorf("surviving worker: %v", err)
	}
	// the killed worker's job normally comes back to the survivor; on a
	// busy machine the job may have finished before the signal landed
	t.Logf("redelivered to the survivor: %v", strings.Contains(survivor.String(), "(delivery 2)"))
	for _, f := range []string{expert.CompactFile, expert.CheckpointFile} {
		if !bytes.Equal(read(t, filepath.Join(plain, f)), read(t, filepath.Join(remote, f))) {
			t.Errorf("%s differs from the plain run's", f)
		}
	}
}

// recorder is a Runner that notes each batch's snapshot hash and runs it
// on a coordinator with local workers.
type recorder struct {
	c      *dist.Coordinator
	hashes map[string]string // "iter phase" -> hash
}

func (r *recorder) Run(b expert.Batch, accept func(lo, hi int, res []byte) error) error {
	r.hashes[fmt.Sprintf("%d %s", b.Iter, b.Phase)] = b.Hash
	return r.c.Run(b, accept)
}

// TestResumeSnapshots: a resumed run hands out the same snapshots as an
// uninterrupted one, so the results a killed coordinator kept (named by
// snapshot hash) are reused after -resume and only unfinished jobs run.
func TestResumeSnapshots(t *testing.T) {
	dir := t.TempDir()
	record := func(out string, extra ...string) map[string]string {
		args := append([]string{"-tiny", "-quiet", "-seed", "5", "-out", out}, extra...)
		o, _, err := parseAll(args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		p, err := trainer(o.Game)
		if err != nil {
			t.Fatal(err)
		}
		c, err := dist.Start(dist.Config{StoreDir: filepath.Join(out, "nats"), Workers: 2, Executor: p.Executor(), Game: o.Game})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		r := &recorder{c: c, hashes: map[string]string{}}
		if err := p.Run(o, r, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		return r.hashes
	}
	full := record(filepath.Join(dir, "full"), "-iters", "2")
	part := filepath.Join(dir, "part")
	record(part, "-iters", "1")
	resumed := record(part, "-iters", "2", "-resume")
	if len(resumed) != 2 {
		t.Fatalf("resumed run made batches %v, want iteration 2's two", resumed)
	}
	for k, h := range resumed {
		if full[k] != h {
			t.Errorf("batch %s: resumed snapshot %s, uninterrupted %s", k, h, full[k])
		}
	}
	if full["1 selfplay"] == full["2 selfplay"] || full["2 selfplay"] == full["2 eval"] {
		t.Errorf("batches share snapshots: %v", full)
	}
}
