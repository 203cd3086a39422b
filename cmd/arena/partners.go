package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// partnersHelp describes the partners file, for the usage of pool and
// league import.
const partnersHelp = `A partners file lists bots from outside the project (public contest bots
built by hand, other people's binaries) as extra members, one per line:
  NAME COMMAND...
where NAME is one word and COMMAND is run with sh -c, fresh for each game.
A line "[GAME]" starts the section of one game; lines before any section
belong to every game. Blank lines and lines starting with # are skipped.
`

// partner is one extra member from a partners file.
type partner struct {
	Name string
	Cmd  string
}

// readPartnersFile reads the members of game from the partners file at
// path.
func readPartnersFile(path, game string) ([]partner, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("partners: %w", err)
	}
	defer f.Close()
	ps, err := readPartners(f, game)
	if err != nil {
		return nil, fmt.Errorf("partners %s: %w", path, err)
	}
	return ps, nil
}

// readPartners reads a partners file (partnersHelp) and returns the
// members of game, in file order. Every line is checked, whatever its
// section, so that a mistake in one game's section is found while playing
// another; a name is unique within a game.
func readPartners(r io.Reader, game string) ([]partner, error) {
	var out []partner
	section := ""
	seen := map[string]map[string]int{} // section -> name -> line
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			name := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(line, "["), "]"))
			if !strings.HasSuffix(line, "]") || name == "" || strings.ContainsAny(name, " \t") {
				return nil, fmt.Errorf("line %d: %q is not a [GAME] line", n, line)
			}
			section = name
			continue
		}
		fields := strings.Fields(line)
		if len(fields) < 2 {
			return nil, fmt.Errorf("line %d: %q has a name but no command (want NAME COMMAND...)", n, line)
		}
		name := fields[0]
		cmd := strings.TrimSpace(strings.TrimPrefix(line, name))
		if strings.HasPrefix(cmd, "builtin:") {
			return nil, fmt.Errorf("line %d: %s is a builtin; a partners file lists commands", n, name)
		}
		if seen[section] == nil {
			seen[section] = map[string]int{}
		}
		if first, dup := seen[section][name]; dup {
			return nil, fmt.Errorf("line %d: %s is already on line %d", n, name, first)
		}
		seen[section][name] = n
		if section != "" && section != game {
			continue
		}
		out = append(out, partner{Name: name, Cmd: cmd})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	// A name given for every game and again in this game's section is
	// ambiguous.
	if game != "" {
		for name, n := range seen[game] {
			if first, dup := seen[""][name]; dup {
				return nil, fmt.Errorf("line %d: %s is already on line %d, for every game", n, name, first)
			}
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no members for " + game)
	}
	return out, nil
}
