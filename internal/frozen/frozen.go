// Package frozen plays the earlier bots of the evaluation pools as they
// were committed. A frozen bot is named by a commit: its cmd/bot/<game> is
// built from that commit's tree (git archive, go build) into a cache and
// played as a process without a deadline, so that its answers depend on its
// input alone. Nothing of an old bot is kept in today's tree, and a member
// never moves when today's code or weights do: a pool measures progress
// from the same place however long ago that place was.
//
// A game lists its frozen bots with Register, which also makes each one
// the arena's builtin:NAME; the trainer's pool finds them with Lookup.
package frozen

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"cgpolicy/internal/arena"
)

// Bot is one frozen pool member.
type Bot struct {
	// Game is the bot's game: its command is cmd/bot/<Game> at Commit.
	Game string
	// Name is the member's name in pools and the arena (builtin:Name).
	Name string
	// Commit names the commit the bot is built from (an abbreviation will
	// do while it stays unambiguous).
	Commit string
	// Policy is the bot's -policy, empty for its default then.
	Policy string
	// Sum is the bot's fingerprint (Fingerprint): what its build from
	// Commit must answer, checked by the game's test and by arena frozen.
	Sum string
}

var (
	mu     sync.RWMutex
	byGame = map[string][]Bot{}
)

// Register lists bots as frozen pool members and makes each the arena's
// builtin:NAME of its game. It is called from a game's package
// initialisation; the error (a name taken twice, a field missing) is
// recorded for the arena's unknown-builtin message too.
func Register(bots ...Bot) error {
	for _, b := range bots {
		if err := register(b); err != nil {
			return arena.RegisterFailed(b.Game, err)
		}
	}
	return nil
}

func register(b Bot) error {
	if b.Game == "" || b.Name == "" || b.Commit == "" {
		return fmt.Errorf("frozen: %q of %q: a bot needs a game, a name and a commit", b.Name, b.Game)
	}
	mu.Lock()
	for _, o := range byGame[b.Game] {
		if o.Name == b.Name {
			mu.Unlock()
			return fmt.Errorf("frozen: %s/%s registered twice", b.Game, b.Name)
		}
	}
	byGame[b.Game] = append(byGame[b.Game], b)
	mu.Unlock()
	return arena.Register(b.Game, b.Name, arena.PolicyFunc(func(int64, int) (arena.Agent, error) { return b.Start() }))
}

// Lookup returns game's frozen bot called name.
func Lookup(game, name string) (Bot, bool) {
	mu.RLock()
	defer mu.RUnlock()
	for _, b := range byGame[game] {
		if b.Name == name {
			return b, true
		}
	}
	return Bot{}, false
}

// Bots lists game's frozen bots by name.
func Bots(game string) []Bot {
	mu.RLock()
	out := append([]Bot(nil), byGame[game]...)
	mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// String names the bot for messages.
func (b Bot) String() string {
	return fmt.Sprintf("%s %s (%s at %s)", b.Game, b.Name, "cmd/bot/"+b.Game, b.Commit)
}

// builds makes each binary once per process; the cache on disk makes it
// once per machine.
var builds sync.Map // cache key -> *build

type build struct {
	once sync.Once
	path string
	err  error
}

// Binary returns the path of b's bot, built from its commit the first
// time (in the user's cache directory, under cgpolicy/frozen). It needs
// the repository's history: in a clone without the commit (a shallow one)
// it says so.
func (b Bot) Binary() (string, error) {
	full, path, err := b.where()
	if err != nil {
		return "", err
	}
	v, _ := builds.LoadOrStore(path, &build{})
	bd := v.(*build)
	bd.once.Do(func() {
		if _, err := os.Stat(path); err == nil {
			bd.path = path
			return
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			bd.err = fmt.Errorf("frozen %s: %w", b, err)
			return
		}
		unlock, err := lock(path + ".lock")
		if err != nil {
			bd.err = fmt.Errorf("frozen %s: %w", b, err)
			return
		}
		defer unlock()
		if _, err := os.Stat(path); err == nil { // built meanwhile by another process
			bd.path = path
			return
		}
		bd.err = b.build(full, path)
		if bd.err == nil {
			bd.path = path
		}
	})
	return bd.path, bd.err
}

// Rebuild builds b from its commit again, replacing the cached binary, for
// arena frozen -rebuild.
func (b Bot) Rebuild() (string, error) {
	full, path, err := b.where()
	if err != nil {
		return "", err
	}
	if err := b.build(full, path); err != nil {
		return "", err
	}
	return path, nil
}

// where is b's full commit hash and the path of its build in the cache.
func (b Bot) where() (full, path string, err error) {
	if full, err = b.resolve(); err != nil {
		return "", "", err
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", "", fmt.Errorf("frozen %s: no cache directory: %w", b, err)
	}
	return full, filepath.Join(d, "cgpolicy", "frozen", full, runtime.GOOS+"_"+runtime.GOARCH, b.Game), nil
}

// resolve returns b's full commit hash.
func (b Bot) resolve() (string, error) {
	out, err := git("rev-parse", "--verify", "--quiet", b.Commit+"^{commit}")
	if err != nil {
		if shallow, _ := git("rev-parse", "--is-shallow-repository"); strings.TrimSpace(shallow) == "true" {
			return "", fmt.Errorf("frozen %s: commit %s is not in this shallow clone (git fetch --unshallow)", b, b.Commit)
		}
		return "", fmt.Errorf("frozen %s: commit %s: %v", b, b.Commit, err)
	}
	return strings.TrimSpace(out), nil
}

// build extracts the commit's tree next to path and builds the bot there,
// moving the binary into place only once it is whole, so that concurrent
// builds (test binaries of several packages) never see half a file.
func (b Bot) build(full, path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("frozen %s: %w", b, err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(path), "build-")
	if err != nil {
		return fmt.Errorf("frozen %s: %w", b, err)
	}
	defer os.RemoveAll(tmp)
	src := filepath.Join(tmp, "src")
	if err := extract(full, src); err != nil {
		return fmt.Errorf("frozen %s: %w", b, err)
	}
	bin := filepath.Join(tmp, b.Game)
	cmd := exec.Command(goCommand(), "build", "-trimpath", "-o", bin, "./cmd/bot/"+b.Game)
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("frozen %s: go build: %v\n%s", b, err, tail(out))
	}
	if err := os.Rename(bin, path); err != nil {
		return fmt.Errorf("frozen %s: %w", b, err)
	}
	return nil
}

// extract writes the tree of commit full into dir.
func extract(full, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return err
	}
	// from the top: in a subdirectory git archive takes that subtree only
	cmd := exec.Command("git", "archive", "--format=tar", full)
	cmd.Dir = strings.TrimSpace(top)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git archive: %w", err)
	}
	xerr := untar(out, dir)
	_, _ = io.Copy(io.Discard, out)
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git archive %s: %v: %s", full, err, strings.TrimSpace(stderr.String()))
	}
	return xerr
}

// goCommand is the go command of the running toolchain where there is one
// (a test binary, a go run), else the one on PATH.
func goCommand() string {
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return "go"
}

// git runs git in the current directory (inside the repository) and
// returns its output.
func git(args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", errors.New(msg)
		}
		return "", err
	}
	return string(out), nil
}

// tail is the end of a command's output, for an error.
func tail(b []byte) string {
	const n = 2000
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return strings.TrimSpace(string(b))
}

// untar writes the regular files and directories of the tar stream r
// below dir; git archive writes nothing else a build needs.
func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("git archive: %w", err)
		}
		name := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(name, filepath.Clean(dir)+string(os.PathSeparator)) {
			continue // git archive writes no such path; skip it if one came
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(name, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				return err
			}
			f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, os.FileMode(h.Mode)&0o755|0o600)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, tr)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
	}
}
