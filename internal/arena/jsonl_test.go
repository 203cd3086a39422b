package arena

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadJSONL(t *testing.T) {
	tests := []struct {
		in    string
		lines []string
		n     int64
	}{
		{"", nil, 0},
		{"{}\n", []string{"{}"}, 3},
		{"{}\n{\"a\"", []string{"{}"}, 3}, // torn last line
		{"{}\n\n  \n{\"a\":1}\n", []string{"{}", `{"a":1}`}, 15},
		{"{}\r\n{", []string{"{}"}, 4},
		{"torn", nil, 0},
	}
	for _, tt := range tests {
		var got []string
		n, err := ReadJSONL(strings.NewReader(tt.in), func(b []byte) { got = append(got, string(b)) })
		if err != nil || n != tt.n || !reflect.DeepEqual(got, tt.lines) {
			t.Errorf("ReadJSONL(%q) = %q, %d, %v; want %q, %d", tt.in, got, n, err, tt.lines, tt.n)
		}
	}
	boom := errors.New("disk gone")
	if _, err := ReadJSONL(iotest.ErrReader(boom), func([]byte) {}); !errors.Is(err, boom) {
		t.Errorf("read error %v, want %v", err, boom)
	}
}
