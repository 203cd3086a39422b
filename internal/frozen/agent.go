package frozen

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"cgpolicy/engine"
)

// answerWait bounds one answer of a frozen bot. It plays without a
// deadline, at its fixed iterations, so a turn takes milliseconds; one that
// takes this long has hung, and the game it is in fails rather than waits.
const answerWait = 2 * time.Minute

// Start builds b if needed and starts it for one game, as an arena agent:
// it answers the referee's text, the init lines before the first input.
func (b Bot) Start() (*Agent, error) {
	bin, err := b.Binary()
	if err != nil {
		return nil, err
	}
	args := []string{"-nodeadline"}
	if b.Policy != "" {
		args = append(args, "-policy", b.Policy)
	}
	return start(b, bin, args...)
}

// start runs bin with args as b's agent.
func start(b Bot, bin string, args ...string) (*Agent, error) {
	cmd := exec.Command(bin, args...)
	a := &Agent{bot: b, cmd: cmd}
	cmd.Stderr = &a.stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("frozen %s: %w", b, err)
	}
	a.in = bufio.NewWriter(in)
	a.closeIn = in
	a.lines = make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			a.lines <- sc.Text()
		}
		close(a.lines)
	}()
	return a, nil
}

// Agent is one frozen bot's process in one game.
type Agent struct {
	bot     Bot
	cmd     *exec.Cmd
	in      *bufio.Writer
	closeIn io.Closer
	lines   chan string
	stderr  bytes.Buffer // read once the process is reaped
	started bool
	closed  bool
	reaped  sync.Once
}

// Act implements arena.Agent: it sends player p's lines of the step (its
// init lines first, once) and reads the lines the referee expects back.
func (a *Agent) Act(s engine.State, p int) ([]string, error) {
	if !a.started {
		a.started = true
		if err := a.send(s.InitLines(p)); err != nil {
			return nil, err
		}
	}
	if err := a.send(s.InputLines(p)); err != nil {
		return nil, err
	}
	want := s.ExpectedLines(p)
	out := make([]string, 0, want)
	timer := time.NewTimer(answerWait)
	defer timer.Stop()
	for len(out) < want {
		select {
		case l, ok := <-a.lines:
			if !ok {
				a.wait() // its stderr is whole once it is reaped
				return nil, a.failure("exited")
			}
			out = append(out, l)
		case <-timer.C:
			_ = a.cmd.Process.Kill()
			a.wait()
			return nil, a.failure(fmt.Sprintf("gave no answer in %v", answerWait))
		}
	}
	return out, nil
}

func (a *Agent) send(lines []string) error {
	for _, l := range lines {
		a.in.WriteString(l)
		a.in.WriteByte('\n')
	}
	if err := a.in.Flush(); err != nil {
		_ = a.cmd.Process.Kill()
		a.wait()
		return a.failure("stopped reading: " + err.Error())
	}
	return nil
}

// failure is the error of a bot that stopped answering, with the end of
// what it wrote on stderr; the process has been reaped.
func (a *Agent) failure(what string) error {
	msg := fmt.Sprintf("frozen %s %s", a.bot, what)
	if e := strings.TrimSpace(a.stderr.String()); e != "" {
		msg += ": " + tail([]byte(e))
	}
	return errors.New(msg)
}

// Close ends the process: its input closes, and one that does not exit
// soon after is killed.
func (a *Agent) Close() error {
	if a.closed {
		return nil
	}
	a.closed = true
	a.closeIn.Close()
	done := make(chan struct{})
	go func() { a.wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		_ = a.cmd.Process.Kill()
		<-done
	}
	for range a.lines {
	}
	return nil
}

// wait reaps the process once.
func (a *Agent) wait() { a.reaped.Do(func() { _ = a.cmd.Wait() }) }
