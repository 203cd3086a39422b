package arena

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ReadResults reads a results file. A last line without its newline is what
// a killed arena leaves behind: it is dropped, and size is where the valid
// part ends, so an appender can truncate there first. Complete lines that do
// not parse are counted in bad and skipped; their games are simply played
// again.
func ReadResults(path string) (results []Result, size int64, bad int, err error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, 0, nil
	}
	if err != nil {
		return nil, 0, 0, err
	}
	defer f.Close()
	size, err = ReadJSONL(f, func(line []byte) {
		var r Result
		if err := json.Unmarshal(line, &r); err != nil || len(r.Seats) == 0 || len(r.Seats) != len(r.Bots) {
			bad++
			return
		}
		results = append(results, r)
	})
	if err != nil {
		return nil, 0, 0, err
	}
	return results, size, bad, nil
}

// resultsFile appends results so that each one is on disk before the next
// game is counted: one write of a whole line to an O_APPEND file, then fsync.
type resultsFile struct{ f *os.File }

// openResults opens path for appending. Without resume an existing non-empty
// file is an error rather than silently mixed with or overwritten by new
// games. With resume it returns the games already there and cuts off a
// truncated last line.
func openResults(path string, resume bool) (*resultsFile, []Result, int, error) {
	var old []Result
	bad := 0
	if resume {
		var size int64
		var err error
		old, size, bad, err = ReadResults(path)
		if err != nil {
			return nil, nil, 0, err
		}
		if fi, err := os.Stat(path); err == nil && fi.Size() != size {
			if err := os.Truncate(path, size); err != nil {
				return nil, nil, 0, err
			}
		}
	} else if fi, err := os.Stat(path); err == nil && fi.Size() > 0 {
		return nil, nil, 0, fmt.Errorf("%s already holds results: use -resume to continue it, or remove it", path)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, 0, err
	}
	return &resultsFile{f: f}, old, bad, nil
}

func (w *resultsFile) append(r Result) error {
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	if _, err := w.f.Write(line); err != nil {
		return err
	}
	return w.f.Sync()
}

func (w *resultsFile) close() error { return w.f.Close() }

// writeReplay writes rep under path, or, when that name is taken, under
// path with -2, -3, ... before its extension, and returns the name used. It
// writes a temporary file of its own and links it into place, so a replay
// file that exists is always complete and is never replaced: the replay a
// results line names is that game's, even when two runs share a directory
// or a resumed run plays a game again.
func writeReplay(path string, rep *Replay) (string, error) {
	data, err := json.Marshal(rep)
	if err != nil {
		return "", err
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	_, err = f.Write(append(data, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	ext := filepath.Ext(path)
	stem := strings.TrimSuffix(path, ext)
	for i := 1; ; i++ {
		name := path
		if i > 1 {
			name = fmt.Sprintf("%s-%d%s", stem, i, ext)
		}
		err := os.Link(tmp, name)
		if err == nil {
			return name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
}
