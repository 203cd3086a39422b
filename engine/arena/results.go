package arena

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
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

// writeReplay writes a replay atomically (temporary file, then rename), so
// a replay file that exists is always complete.
func writeReplay(path string, rep *Replay) error {
	data, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
