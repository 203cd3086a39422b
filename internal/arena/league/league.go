// Package league keeps a persistent league of bots for one game: bots are
// added and retired by name, games are played where the ratings are least
// certain, and a leaderboard is computed from every game ever played.
//
// Everything lives in one append-only JSON-lines file, DIR/league.jsonl:
// the game, each add and remove, and each finished game, one line each.
// Every line is written with a single write and an fsync, under an
// exclusive file lock, so that a line on disk is whole, and a process killed
// mid-write leaves at most a torn last line, which the next writer cuts off
// (readers just ignore it). Nothing else holds state: the roster, the
// ratings and the leaderboard are recomputed by reading the file in order,
// so a league survives kill -9 and resumes exactly where its file ends, and
// several processes (a run, and an add from another shell) can share it.
// One run at a time plays it, though: a second run refuses (see Run).
package league

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"cgpolicy/internal/arena"
)

// FileName is the league file inside a league directory.
const FileName = "league.jsonl"

// Event kinds, one per line of the league file.
const (
	EventCreate = "create"
	EventAdd    = "add"
	EventRemove = "remove"
	EventGame   = "game"
)

// Entry is one line of the league file.
type Entry struct {
	Event string `json:"event"`
	// Time is when the line was written, for people reading the file; the
	// league never uses it.
	Time string `json:"time,omitempty"`
	// Game is the game's name (create).
	Game string `json:"game,omitempty"`
	// Name and Cmd are a bot's league name and command (add, remove).
	Name string `json:"name,omitempty"`
	Cmd  string `json:"cmd,omitempty"`
	// Names are the league names in seat order, and Result the arena's
	// record of the game (game).
	Names  []string      `json:"names,omitempty"`
	Result *arena.Result `json:"result,omitempty"`
	// Round names the round the game belongs to (game): the games of one
	// seed from every seating of one table. Files written before rounds
	// had names lack it; their rounds are told apart by seed.
	Round string `json:"round,omitempty"`
}

// roundKey is the round a game belongs to: its name, or for a game
// recorded without one, its seed.
func (e *Entry) roundKey() string {
	if e.Round != "" {
		return e.Round
	}
	return fmt.Sprintf("seed %d", e.Result.Seed)
}

// Member is a bot the league has known.
type Member struct {
	Name string
	Cmd  string
	// Active is false once removed: its games stay in the ratings of the
	// others, but it is no longer scheduled.
	Active bool
}

// League is the state recomputed from a league file.
type League struct {
	Dir  string
	Game string
	// Members in the order they were first added.
	Members []*Member
	// Games are the finished games in file order.
	Games []Entry
	// Bad counts complete lines that did not parse or make sense; they are
	// skipped, never fatal, so one damaged line cannot lose a league.
	Bad int

	byName  map[string]*Member
	offset  int64 // bytes of the file read so far (whole lines only)
	maxSeed int64 // the largest seed of a recorded game
}

// Path is the league file's path.
func (l *League) Path() string { return filepath.Join(l.Dir, FileName) }

// Member returns the member with that name, or nil.
func (l *League) Member(name string) *Member { return l.byName[name] }

// Active lists the members that are scheduled, in the order they joined.
func (l *League) Active() []*Member {
	var out []*Member
	for _, m := range l.Members {
		if m.Active {
			out = append(out, m)
		}
	}
	return out
}

// Open reads the league in dir. A missing league is an error that wraps
// fs.ErrNotExist; Create makes one.
func Open(dir string) (*League, error) {
	l := &League{Dir: dir, byName: map[string]*Member{}}
	if _, err := os.Stat(l.Path()); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("no league in %s (add a bot to start one): %w", dir, err)
		}
		return nil, err
	}
	if err := l.Refresh(); err != nil {
		return nil, err
	}
	if l.Game == "" {
		return nil, fmt.Errorf("%s: %w", l.Path(), errNoCreate)
	}
	return l, nil
}

// errNoCreate is a league file without its first line, which a writer
// killed while starting the league leaves behind (torn, so ignored).
var errNoCreate = errors.New("no create line naming the game")

// OpenOrCreate opens the league in dir, creating it for game when it does
// not exist. An existing league for another game is an error; game "" takes
// whatever game the league has.
func OpenOrCreate(dir, game string) (*League, error) {
	l, err := Open(dir)
	if err == nil {
		if game != "" && l.Game != game {
			return nil, fmt.Errorf("league in %s plays %s, not %s", dir, l.Game, game)
		}
		return l, nil
	}
	if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, errNoCreate) {
		return nil, err
	}
	if game == "" {
		return nil, fmt.Errorf("no league in %s: give -game to start one", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	l = &League{Dir: dir, byName: map[string]*Member{}}
	if err := l.append(Entry{Event: EventCreate, Game: game}); err != nil {
		return nil, err
	}
	return l, nil
}

// Refresh reads the lines appended to the file since the last read, by
// this process or another. A last line without its newline is left for
// later: it is being written, or was torn by a killed writer.
func (l *League) Refresh() error {
	f, err := os.Open(l.Path())
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.Seek(l.offset, io.SeekStart); err != nil {
		return err
	}
	n, err := arena.ReadJSONL(f, func(line []byte) {
		var e Entry
		if err := json.Unmarshal(line, &e); err != nil || !l.apply(e) {
			l.Bad++
		}
	})
	l.offset += n
	return err
}

// apply adds one parsed line to the state, and reports false for a line
// that makes no sense where it stands.
func (l *League) apply(e Entry) bool {
	switch e.Event {
	case EventCreate:
		if l.Game != "" || e.Game == "" {
			return false
		}
		l.Game = e.Game
	case EventAdd:
		if e.Name == "" || e.Cmd == "" {
			return false
		}
		if m := l.byName[e.Name]; m != nil {
			if m.Cmd != e.Cmd {
				return false
			}
			m.Active = true
			return true
		}
		m := &Member{Name: e.Name, Cmd: e.Cmd, Active: true}
		l.Members = append(l.Members, m)
		l.byName[e.Name] = m
	case EventRemove:
		m := l.byName[e.Name]
		if m == nil {
			return false
		}
		m.Active = false
	case EventGame:
		r := e.Result
		if r == nil || r.Game != l.Game || len(e.Names) < 2 || len(r.Scores) != len(e.Names) || len(r.Seats) != len(e.Names) {
			return false
		}
		seen := map[string]bool{}
		for _, n := range e.Names {
			if l.byName[n] == nil || seen[n] {
				return false
			}
			seen[n] = true
		}
		l.Games = append(l.Games, e)
		if r.Seed > l.maxSeed {
			l.maxSeed = r.Seed
		}
	default:
		return false
	}
	return true
}

// Add enters a bot under name, or brings a removed one back. A name keeps
// its command for the league's life, since its history was played with it:
// a new version of a bot takes a new name.
func (l *League) Add(name, cmd string) error {
	if err := l.Refresh(); err != nil {
		return err
	}
	if err := checkName(name); err != nil {
		return err
	}
	cmd = strings.TrimSpace(cmd)
	if cmd == "" {
		return fmt.Errorf("bot %s: empty command", name)
	}
	if _, err := arena.ParseBot(l.Game, cmd); err != nil {
		return fmt.Errorf("bot %s: %w", name, err)
	}
	if m := l.byName[name]; m != nil {
		if m.Cmd != cmd {
			return fmt.Errorf("bot %s was %q; a changed bot needs a new name, its history was played with the old one", name, m.Cmd)
		}
		if m.Active {
			return fmt.Errorf("bot %s is already in the league", name)
		}
	}
	return l.append(Entry{Event: EventAdd, Name: name, Cmd: cmd})
}

// Remove retires a bot: it plays no more games, and its past games stay.
func (l *League) Remove(name string) error {
	if err := l.Refresh(); err != nil {
		return err
	}
	m := l.byName[name]
	if m == nil {
		return fmt.Errorf("no bot %s in the league", name)
	}
	if !m.Active {
		return fmt.Errorf("bot %s is already removed", name)
	}
	return l.append(Entry{Event: EventRemove, Name: name})
}

// Record appends a finished game of the named round and reads it back
// into the state.
func (l *League) Record(round string, names []string, r arena.Result) error {
	return l.append(Entry{Event: EventGame, Round: round, Names: names, Result: &r})
}

func checkName(name string) error {
	if name == "" || strings.TrimSpace(name) != name || strings.ContainsAny(name, " \t\n") {
		return fmt.Errorf("bad bot name %q: use one word", name)
	}
	return nil
}

// append writes one line under the file lock: a torn tail left by a killed
// writer is cut off first, then the line goes out in one write and is
// fsynced before the lock is released, and the state catches up with
// whatever the file holds.
func (l *League) append(e Entry) error {
	e.Time = time.Now().UTC().Format(time.RFC3339)
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	f, err := os.OpenFile(l.Path(), os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := lockFile(f); err != nil {
		return err
	}
	defer unlockFile(f)
	if err := cutTornTail(f); err != nil {
		return err
	}
	if _, err := f.Write(line); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	return l.Refresh()
}

// cutTornTail truncates f after its last newline. Only a writer holding the
// lock calls it, and every writer writes whole lines under the lock, so
// bytes after the last newline belong to a writer that died.
func cutTornTail(f *os.File) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	size := fi.Size()
	const chunk = 4096
	buf := make([]byte, chunk)
	end := size
	for end > 0 {
		start := end - chunk
		if start < 0 {
			start = 0
		}
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			end = start + int64(i) + 1
			break
		}
		end = start
	}
	if end == size {
		return nil
	}
	return f.Truncate(end)
}

// ranksOf returns the game's places: the referee's ranks when recorded,
// otherwise from the scores (1 + the number of strictly higher scores).
func ranksOf(r *arena.Result) []int {
	if len(r.Ranks) == len(r.Scores) {
		return r.Ranks
	}
	out := make([]int, len(r.Scores))
	for i, s := range r.Scores {
		out[i] = 1
		for _, t := range r.Scores {
			if t > s {
				out[i]++
			}
		}
	}
	return out
}
