package enginetest

import (
	"encoding/json"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/trace"
)

// Alteration is one change to a recorded game that a golden check must
// notice: a golden test that cannot fail proves nothing.
type Alteration struct {
	Name  string
	Alter func(*trace.Trace)
}

// CheckAlterations requires check to pass on a copy of tr and to fail on
// a copy altered by each alteration, one subtest each.
func CheckAlterations(t *testing.T, tr *trace.Trace, check func(*trace.Trace) error, alts []Alteration) {
	t.Helper()
	if err := check(CopyTrace(t, tr)); err != nil {
		t.Fatalf("unaltered trace fails: %v", err)
	}
	for _, a := range alts {
		a := a
		t.Run(a.Name, func(t *testing.T) {
			c := CopyTrace(t, tr)
			a.Alter(c)
			if err := check(c); err == nil {
				t.Fatal("altered trace still matches")
			}
		})
	}
}

// ReplayCheck is trace.Replay as a check: a difference is an error.
func ReplayCheck(g engine.Game) func(*trace.Trace) error {
	return func(tr *trace.Trace) error {
		d, err := trace.Replay(g, tr)
		if err != nil {
			return err
		}
		if d != nil {
			return d
		}
		return nil
	}
}

// CopyTrace is a deep copy of tr, through its JSON form, game-specific
// fields (Extra) included.
func CopyTrace(t testing.TB, tr *trace.Trace) *trace.Trace {
	t.Helper()
	data, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatal(err)
	}
	for k, v := range tr.Extra {
		if _, ok := fields[k]; !ok {
			fields[k] = v
		}
	}
	if data, err = json.Marshal(fields); err != nil {
		t.Fatal(err)
	}
	c, err := trace.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Checks is every check in order, as one: the first error.
func Checks(checks ...func(*trace.Trace) error) func(*trace.Trace) error {
	return func(tr *trace.Trace) error {
		for _, c := range checks {
			if err := c(tr); err != nil {
				return err
			}
		}
		return nil
	}
}

// Extra decodes a trace's game-specific fields (trace.Trace.Extra) into
// v, a struct of them with their JSON names.
func Extra(tr *trace.Trace, v interface{}) error {
	data, err := json.Marshal(tr.Extra)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// SetOutputs sets every line of player p's answer in turn (from 0) of tr
// to line: an alteration for games that answer a line per unit.
func SetOutputs(tr *trace.Trace, p, turn int, line string) {
	out := tr.Players[p].Turns[turn].Output
	for i := range out {
		out[i] = line
	}
}
