package cgcheck

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Go119 is Debian's Go 1.19, the oldest toolchain we can install; with a
// `go 1.18` go.mod it accepts what CodinGame's Go 1.18.1 accepts, bar the
// few Go 1.19 library additions that CheckAPI reports.
var Go119 = "/usr/lib/go-1.19/bin/go"

// ErrNoGo119 reports that Go119 is not installed.
var ErrNoGo119 = errors.New("Go 1.19 not found at " + Go119 + "; install it with `apt-get install golang-1.19-go`")

// HaveGo119 reports whether the Go 1.19 toolchain is installed.
func HaveGo119() bool {
	_, err := os.Stat(Go119)
	return err == nil
}

// Compile118 compiles src alone, as CodinGame does, in a temporary module
// whose go.mod says `go 1.18`, with Go 1.19.
func Compile118(src []byte) error {
	dir, err := os.MkdirTemp("", "cgcheck")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return Build118(src, filepath.Join(dir, "bot"))
}

// Build118 is Compile118 that keeps the executable at out.
func Build118(src []byte, out string) error {
	if !HaveGo119() {
		return ErrNoGo119
	}
	return BuildWith(Go119, src, out)
}

// BuildWith compiles src alone in a temporary `go 1.18` module with the go
// command goCmd and writes the executable to out.
func BuildWith(goCmd string, src []byte, out string) error {
	dir, err := os.MkdirTemp("", "cgbuild")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module cgbot\n\ngo 1.18\n"), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644); err != nil {
		return err
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	cmd := exec.Command(goCmd, "build", "-o", abs, ".")
	cmd.Dir = dir
	cmd.Env = cleanEnv()
	var output bytes.Buffer
	cmd.Stdout = &output
	cmd.Stderr = &output
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s build: %v\n%s", goCmd, err, strings.TrimSpace(output.String()))
	}
	return nil
}

// cleanEnv drops the settings a newer go command (or `go test`) leaves in
// the environment that would point an older toolchain at the wrong GOROOT
// or feed it flags it does not know.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		switch strings.SplitN(kv, "=", 2)[0] {
		case "GOROOT", "GOFLAGS", "GOTOOLCHAIN", "GOWORK", "GO111MODULE", "GOEXPERIMENT":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "GO111MODULE=on", "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod")
}
