package bottest

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// recorder is a testing.TB that records Fatalf instead of stopping.
type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...interface{}) {
	r.failed = append(r.failed, fmt.Sprintf(format, args...))
}

// sink keeps what it is given reachable, so the allocation is not elided.
var sink []byte

// TestCheckBounds: Check passes a bot that answers a line per input line,
// and fails one that prints or allocates without bound.
func TestCheckBounds(t *testing.T) {
	in := []byte("1\n2\n3\n")
	cases := []struct {
		name string
		play Play
		fail string // what the failure must mention, "" for none
	}{
		{"echo", func(r io.Reader, out, log io.Writer) error {
			_, err := io.Copy(out, r)
			return err
		}, ""},
		{"runaway output", func(r io.Reader, out, log io.Writer) error {
			_, err := io.WriteString(out, strings.Repeat("WAIT\n", 1<<20))
			return err
		}, "output"},
		{"runaway allocation", func(r io.Reader, out, log io.Writer) error {
			sink = make([]byte, 2*AllocBase)
			return nil
		}, "allocated"},
	}
	for _, tc := range cases {
		rec := &recorder{TB: t}
		Check(rec, in, tc.play)
		switch {
		case tc.fail == "" && len(rec.failed) > 0:
			t.Errorf("%s: failed: %q", tc.name, rec.failed)
		case tc.fail != "" && (len(rec.failed) == 0 || !strings.Contains(rec.failed[0], tc.fail)):
			t.Errorf("%s: failures %q, want one about %s", tc.name, rec.failed, tc.fail)
		}
	}
	sink = nil
}
