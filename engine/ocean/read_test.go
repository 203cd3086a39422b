package ocean

import (
	"io"
	"strings"
	"testing"

	"cgpolicy/internal/bot/bottest"
)

// fuzzSea is the init block of seat 0 on open water with one island at (1, 0).
var fuzzSea = "15 15 0\n.x" + strings.Repeat(".", 13) + "\n" + strings.Repeat(strings.Repeat(".", 15)+"\n", 14)

// fuzzTurn is a turn's input at (7, 7), full lives and charged powers, with the
// opponent's orders given.
func fuzzTurn(orders string) string { return "7 7 6 6 0 0 0 0\nNA\n" + orders + "\n" }

// inputCases are truncated, negative, huge and garbage inputs, each of
// which must stop the bot, and a tiny valid game.
var inputCases = []bottest.Case{
	bottest.Bad("empty", ""),
	bottest.Bad("garbage", "\x00\xff\n\n"),
	bottest.Bad("huge map", "1000000000 1000000000 0\n"),
	bottest.Bad("negative index", "15 15 -1\n"+fuzzSea[8:]),
	bottest.Bad("truncated map", "15 15 0\n...............\n"),
	bottest.Bad("short row", "15 15 0\n.x\n"+fuzzSea[24:]),
	bottest.Bad("unknown tile", "15 15 0\n.?"+fuzzSea[10:]),
	bottest.Bad("truncated turn", fuzzSea+"7 7 6 6 0 0 0 0\n"),
	bottest.Bad("garbage turn", fuzzSea+"a b c\nNA\nNA\n"),
	bottest.Bad("off the map", fuzzSea+"15 7 6 6 0 0 0 0\nNA\nNA\n"),
	bottest.Bad("negative cell", fuzzSea+"7 -1 6 6 0 0 0 0\nNA\nNA\n"),
	bottest.Bad("on the island", fuzzSea+"1 0 6 6 0 0 0 0\nNA\nNA\n"),
	bottest.Bad("huge life", fuzzSea+"7 7 1000000000 6 0 0 0 0\nNA\nNA\n"),
	bottest.Bad("negative cooldown", fuzzSea+"7 7 6 6 -1 0 0 0\nNA\nNA\n"),
	bottest.Bad("huge cooldown", fuzzSea+"7 7 6 6 0 0 1000000000 0\nNA\nNA\n"),
	bottest.Bad("bad sonar", fuzzSea+"7 7 6 6 0 0 0 0\nMAYBE\nNA\n"),
	bottest.Bad("torpedo off the map", fuzzSea+fuzzTurn("TORPEDO 99 3")),
	bottest.Bad("negative sector", fuzzSea+fuzzTurn("SURFACE -1")),
	bottest.Bad("bad direction", fuzzSea+fuzzTurn("MOVE Q")),
	bottest.Bad("unknown order", fuzzSea+fuzzTurn("KRAKEN 3")),
	bottest.Bad("empty order", fuzzSea+fuzzTurn("MOVE N||MINE")),
	bottest.Bad("too many orders", fuzzSea+fuzzTurn(strings.Repeat("MOVE N|", 1000)+"MOVE N")),
	bottest.Bad("second placement", fuzzSea+"PLACE\n"),
	bottest.Good("tiny game", fuzzSea+fuzzTurn("NA")+fuzzTurn("MOVE N|TORPEDO 3 4|SONAR 5")+fuzzTurn("SILENCE|MINE|TRIGGER 0 14|SURFACE 9")),
}

// FuzzReadInput feeds the bot's reader truncated, negative, huge and
// garbage input and real games (see bottest.Fuzz). The seed corpus runs in
// go test; go test -fuzz FuzzReadInput ./engine/ocean searches further.
func FuzzReadInput(f *testing.F) { bottest.Fuzz(f, "ocean", inputCases, bottest.Read(Reader)) }

// TestPlaceReader: the placement line comes right after the init block,
// however the input is cut into reads, and nothing else changes.
func TestPlaceReader(t *testing.T) {
	init := strings.Repeat("x\n", initLines)
	for _, tc := range []struct {
		name string
		in   string
		want string
	}{
		{"init only", init, init + PlaceLine + "\n"},
		{"with turns", init + "1 2 6 6 3 4 6 3\nNA\nNA\n", init + PlaceLine + "\n1 2 6 6 3 4 6 3\nNA\nNA\n"},
		{"short", "x\n", "x\n"},
	} {
		for _, chunk := range []int{1, 3, 1 << 16} {
			got, err := io.ReadAll(&placeReader{r: &chunked{s: tc.in, n: chunk}})
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("%s, reads of %d: got %q, want %q", tc.name, chunk, got, tc.want)
			}
		}
	}
}

// chunked reads s at most n bytes at a time.
type chunked struct {
	s string
	n int
}

func (c *chunked) Read(b []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	k := c.n
	if k > len(b) {
		k = len(b)
	}
	if k > len(c.s) {
		k = len(c.s)
	}
	copy(b, c.s[:k])
	c.s = c.s[k:]
	return k, nil
}
