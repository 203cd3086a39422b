package arena

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// StderrLimit is how much of a bot's stderr a replay keeps (the end of it).
const StderrLimit = 64 << 10

// TurnStderrLimit is how much of what a bot wrote to stderr during one turn
// a replay keeps (the end of it), for a viewer that shows each turn's log.
const TurnStderrLimit = 4 << 10

// maxLine bounds one output line, so a bot printing without newlines cannot
// exhaust memory; the rest of such a line is dropped.
const maxLine = 1 << 20

// failure says why a request got fewer lines than the referee expects.
type failure int

const (
	failNone    failure = iota
	failTimeout         // the limit passed with the bot still running
	failCrash           // the bot closed its output (exited) first
	failDead            // the bot had already failed in an earlier step
)

// reply is a player's answer to one request.
type reply struct {
	lines   []string
	elapsed time.Duration
	fail    failure
	// applied is set when an in-process agent answered the referee itself;
	// answerErr then holds what Answer returned.
	applied   bool
	answerErr error
}

// stamped is an output line with the time the arena read it.
type stamped struct {
	text string
	at   time.Time
}

// process is a bot run as sh -c CMD in its own process group, so that it and
// everything it starts can be killed at once.
type process struct {
	cmd     *exec.Cmd
	stdin   *os.File
	stdout  *os.File
	stderrR *os.File
	lines   chan stamped
	quit    chan struct{}
	exited  chan struct{}
	readers sync.WaitGroup
	stderr  ringBuffer
	dead    bool
	stopped bool
	// Each request's stderr: what the bot wrote from that request (or its
	// start) until the next request or the end of the game. Closing a
	// segment only at the next request leaves time for the stderr pipe to
	// catch up with the answer, without waiting for it.
	asks    int
	errMark int
	turnErr []string
}

// startProcess starts cmd. Only a failure of the machine (no sh, no pipes)
// is an error; a command that does not exist is a bot that crashes.
func startProcess(cmdline string) (*process, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, err
	}
	cmd := exec.Command("sh", "-c", cmdline)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, fmt.Errorf("start bot %q: %w", cmdline, err)
	}
	closeAll(inR, outW, errW)
	p := &process{
		cmd: cmd, stdin: inW, stdout: outR, stderrR: errR,
		lines:  make(chan stamped, 256),
		quit:   make(chan struct{}),
		exited: make(chan struct{}),
	}
	p.stderr.limit = StderrLimit
	go func() {
		_ = cmd.Wait() // the exit status says nothing the referee uses
		close(p.exited)
	}()
	p.readers.Add(2)
	go func() {
		defer p.readers.Done()
		readLines(outR, p.lines, p.quit)
	}()
	go func() {
		defer p.readers.Done()
		_, _ = io.Copy(&p.stderr, errR)
	}()
	return p, nil
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		_ = f.Close()
	}
}

// readLines sends each line of r, stamped with the time it was read, until
// r ends; then it closes out. A last line without a newline still counts,
// as Java's readLine counts it.
func readLines(r io.Reader, out chan<- stamped, quit <-chan struct{}) {
	defer close(out)
	br := bufio.NewReaderSize(r, 64<<10)
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if room := maxLine - len(line); room > 0 {
			if len(chunk) > room {
				chunk = chunk[:room]
			}
			line = append(line, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && len(line) == 0 {
			return
		}
		text := strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r")
		line = line[:0]
		select {
		case out <- stamped{text: text, at: time.Now()}:
		case <-quit:
			return
		}
		if err != nil {
			return
		}
	}
}

// ask writes the input and reads want lines within limit, counted from the
// start of the write. Lines the bot wrote earlier than asked stay queued and
// count as instant answers. After a timeout or crash the process is killed
// and later requests get nothing, as the official runner never asks a
// timed-out player again.
func (p *process) ask(ctx context.Context, input []string, want int, limit time.Duration) (reply, error) {
	if p.asks > 0 {
		p.endTurnStderr()
	}
	p.asks++
	if p.dead {
		return reply{fail: failDead}, nil
	}
	var buf strings.Builder
	for _, l := range input {
		buf.WriteString(l)
		buf.WriteByte('\n')
	}
	// The clock starts as the input starts going out. A bot that reads
	// slowly, or not at all, fills the pipe and the write waits: that wait
	// is the bot's time, and one limit covers the write and the answer.
	start := time.Now()
	deadline := start.Add(limit)
	_ = p.stdin.SetWriteDeadline(deadline)
	_, werr := p.stdin.Write([]byte(buf.String()))
	if werr != nil && errors.Is(werr, os.ErrDeadlineExceeded) {
		p.kill()
		return reply{elapsed: limit, fail: failTimeout}, nil
	}
	// Any other write error means the bot has gone; what it printed before
	// is still read below, and then its output ends.
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	out := make([]string, 0, want)
	var last time.Time
	for len(out) < want {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.kill()
				return reply{lines: out, elapsed: time.Since(start), fail: failCrash}, nil
			}
			if l.at.After(deadline) {
				p.kill()
				return reply{lines: out, elapsed: l.at.Sub(start), fail: failTimeout}, nil
			}
			out = append(out, l.text)
			last = l.at
		case <-timer.C:
			// Lines read before the deadline but not yet received here
			// still count.
			for len(out) < want {
				select {
				case l, ok := <-p.lines:
					if ok && !l.at.After(deadline) {
						out = append(out, l.text)
						last = l.at
						continue
					}
				default:
				}
				break
			}
			if len(out) == want {
				return reply{lines: out, elapsed: positive(last.Sub(start))}, nil
			}
			p.kill()
			return reply{lines: out, elapsed: limit, fail: failTimeout}, nil
		case <-ctx.Done():
			p.kill()
			return reply{}, ctx.Err()
		}
	}
	return reply{lines: out, elapsed: positive(last.Sub(start))}, nil
}

func positive(d time.Duration) time.Duration {
	if d < 0 {
		return 0
	}
	return d
}

// kill ends the whole process group now and marks the bot dead.
func (p *process) kill() {
	p.dead = true
	_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
}

// stop ends the bot at the end of a game: it closes its input, gives it
// grace to exit, kills its process group and returns the end of its stderr.
// It never waits long for a bot that ignores all this.
func (p *process) stop(grace time.Duration) string {
	if p.stopped {
		return p.stderr.String()
	}
	p.stopped = true
	_ = p.stdin.Close()
	if !p.dead && grace > 0 {
		t := time.NewTimer(grace)
		select {
		case <-p.exited:
		case <-t.C:
		}
		t.Stop()
	}
	p.kill() // also reaches children that outlive the shell
	t := time.NewTimer(time.Second)
	select {
	case <-p.exited:
	case <-t.C:
	}
	t.Stop()
	close(p.quit)
	// The pipes close once the group is dead; a process that left the
	// group may keep them open, so stop waiting for it soon.
	done := make(chan struct{})
	go func() {
		p.readers.Wait()
		close(done)
	}()
	t = time.NewTimer(100 * time.Millisecond)
	select {
	case <-done:
	case <-t.C:
	}
	t.Stop()
	closeAll(p.stdout, p.stderrR)
	if p.asks > 0 {
		p.endTurnStderr()
	}
	return p.stderr.String()
}

// endTurnStderr closes the latest request's stderr segment.
func (p *process) endTurnStderr() {
	var seg string
	seg, p.errMark = p.stderr.since(p.errMark, TurnStderrLimit)
	p.turnErr = append(p.turnErr, seg)
}

// ringBuffer keeps the last limit bytes written to it.
type ringBuffer struct {
	mu    sync.Mutex
	limit int
	buf   []byte
	lost  bool
	total int // bytes ever written
}

func (r *ringBuffer) Write(b []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.total += len(b)
	r.buf = append(r.buf, b...)
	if len(r.buf) > 2*r.limit {
		r.buf = append(r.buf[:0], r.buf[len(r.buf)-r.limit:]...)
		r.lost = true
	}
	return len(b), nil
}

// since returns what was written after mark (a count of bytes ever
// written), at most its last max bytes and marked when cut, and the mark
// for the next call.
func (r *ringBuffer) since(mark, max int) (string, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := r.total - mark
	cut := false
	if n > len(r.buf) {
		n, cut = len(r.buf), true
	}
	if n > max {
		n, cut = max, true
	}
	seg := string(r.buf[len(r.buf)-n:])
	if cut {
		seg = "[stderr truncated]\n" + seg
	}
	return seg, r.total
}

// String returns the kept bytes, marked when the start was dropped.
func (r *ringBuffer) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.buf
	if len(b) > r.limit {
		b = b[len(b)-r.limit:]
		r.lost = true
	}
	if r.lost {
		return "[stderr truncated]\n" + string(b)
	}
	return string(b)
}
