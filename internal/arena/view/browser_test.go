package view_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"cgpolicy/engine/enginetest"
	"cgpolicy/internal/arena/view"
)

// findChromium returns the system Chromium, or "" when there is none.
func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestBrowser opens a page per game in headless Chromium, steps and slides
// to a turn, and checks from the DOM that the units, lines and scores shown
// are our referee's at that turn. It saves each page and a screenshot of
// it in the test's temporary folder and logs their paths.
func TestBrowser(t *testing.T) {
	chromium := findChromium()
	if chromium == "" {
		if enginetest.InCI() {
			t.Fatal("chromium is not installed, and CI is set: .ci/run installs Debian's chromium package")
		}
		t.Skip("chromium is not installed (apt-get install chromium); the browser test needs it")
	}
	shots := t.TempDir()
	// one browser for every game, each in its own tab
	profile := t.TempDir()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1300, 900),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	browser, cancelB := chromedp.NewContext(actx)
	// Runs before the temporary folders are removed: close the browser,
	// then wait until its last helper process lets go of the profile.
	t.Cleanup(func() {
		_ = chromedp.Cancel(browser)
		cancelB()
		cancelA()
		for i := 0; i < 50; i++ {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	if err := chromedp.Run(browser); err != nil {
		t.Fatalf("starting %s: %v", chromium, err)
	}
	for _, tc := range []struct {
		game  string
		seed  int64
		steps int // clicks on the step button
	}{{"soak", 3, 3}, {"grass", 5, 4}, {"caribbean", 7, 2}, {"ocean", 9, 5}, {"kutulu", 11, 3}} {
		t.Run(tc.game, func(t *testing.T) {
			path := makeReplay(t, tc.game, tc.seed)
			addTurnStderr(t, path)
			page := loadReplay(t, path)
			turn := len(page.Frames) / 2
			if turn <= tc.steps {
				t.Fatalf("game too short: %d frames", len(page.Frames))
			}
			htmlPath := filepath.Join(shots, "view_"+tc.game+".html") // kept beside the screenshot
			if err := view.WriteFile(path, htmlPath, find); err != nil {
				t.Fatal(err)
			}
			t.Logf("page: %s", htmlPath)

			ctx, cancel := chromedp.NewContext(browser) // a tab of its own
			defer cancel()
			// a script error would otherwise show only as a timeout
			var mu sync.Mutex
			var jsErrors []string
			chromedp.ListenTarget(ctx, func(ev interface{}) {
				if e, ok := ev.(*runtime.EventExceptionThrown); ok {
					mu.Lock()
					jsErrors = append(jsErrors, e.ExceptionDetails.Error())
					mu.Unlock()
				}
			})
			defer func() {
				mu.Lock()
				defer mu.Unlock()
				if len(jsErrors) > 0 {
					t.Errorf("the page's script failed: %s", strings.Join(jsErrors, "; "))
				}
			}()
			ctx, cancelT := context.WithTimeout(ctx, 20*time.Second)
			defer cancelT()

			var frame string
			actions := []chromedp.Action{
				chromedp.Navigate("file://" + htmlPath),
				chromedp.WaitVisible(`body[data-ready="1"]`, chromedp.ByQuery),
			}
			for i := 0; i < tc.steps; i++ {
				actions = append(actions, chromedp.Click("#next", chromedp.ByID))
			}
			actions = append(actions, chromedp.AttributeValue("#board", "data-frame", &frame, nil, chromedp.ByID))
			if err := chromedp.Run(ctx, actions...); err != nil {
				t.Fatal(err)
			}
			if frame != fmt.Sprint(tc.steps) {
				t.Fatalf("after %d steps the board shows frame %q", tc.steps, frame)
			}
			checkShown(ctx, t, path, tc.steps)
			checkPlayPause(ctx, t, tc.steps)

			// the slider, as a user drags it
			slide := fmt.Sprintf(`(() => { const s = document.getElementById("slider"); s.value = %d; s.dispatchEvent(new Event("input")); return true })()`, turn)
			var ok bool
			if err := chromedp.Run(ctx, chromedp.Evaluate(slide, &ok)); err != nil {
				t.Fatal(err)
			}
			checkShown(ctx, t, path, turn)

			// an address with #step=N, as a shared link opens it
			if err := chromedp.Run(ctx, chromedp.Navigate(fmt.Sprintf("file://%s#step=%d", htmlPath, turn-1))); err != nil {
				t.Fatal(err)
			}
			checkShown(ctx, t, path, turn-1)

			var png []byte
			if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)); err != nil {
				t.Fatal(err)
			}
			shot := filepath.Join(shots, fmt.Sprintf("view_%s_step%d.png", tc.game, turn-1))
			if err := os.WriteFile(shot, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("screenshot: %s (%d bytes)", shot, len(png))
		})
	}
}

// shown is what the page's DOM says about the shown turn.
type shown struct {
	Frame  string              `json:"frame"`
	Units  []map[string]string `json:"units"`
	Facts  []string            `json:"facts"`
	Inputs []string            `json:"inputs"`
	Output []string            `json:"outputs"`
	Stderr []string            `json:"stderrs"`
}

const readDOM = `(() => ({
  frame: document.getElementById("board").dataset.frame,
  units: [...document.querySelectorAll("#units .unit")].map((e) => Object.assign({}, e.dataset)),
  facts: [...document.querySelectorAll(".bot .facts")].map((e) => e.textContent),
  inputs: [...document.querySelectorAll(".bot")].map((b) => [...b.querySelectorAll("pre.input")].map((e) => e.textContent).join("\n")),
  outputs: [...document.querySelectorAll(".bot")].map((b) => [...b.querySelectorAll("pre.output")].map((e) => e.textContent).join("\n")),
  stderrs: [...document.querySelectorAll(".bot")].map((b) => [...b.querySelectorAll(".io pre.stderr")].map((e) => e.textContent).join("")),
}))()`

// checkShown compares the DOM with our engine replayed on its own to turn.
func checkShown(ctx context.Context, t *testing.T, path string, turn int) {
	t.Helper()
	var got shown
	if err := chromedp.Run(ctx, chromedp.Evaluate(readDOM, &got)); err != nil {
		t.Fatal(err)
	}
	if got.Frame != fmt.Sprint(turn) {
		t.Fatalf("board shows frame %q, want %d", got.Frame, turn)
	}
	s, io := engineAt(t, path, turn)
	var units []string
	for _, u := range got.Units {
		units = append(units, unitKey(u))
	}
	sort.Strings(units)
	if want := engineUnits(t, s); !reflect.DeepEqual(units, want) || len(want) == 0 {
		t.Errorf("turn %d: the page shows units\n%q\nthe engine has\n%q", turn, units, want)
	}
	scores := s.Scores()
	for p := range scores {
		if p >= len(got.Facts) || !strings.HasPrefix(got.Facts[p], fmt.Sprintf("score %d", scores[p])) {
			t.Errorf("turn %d player %d: facts %q, engine score %d", turn, p, got.Facts, scores[p])
			continue
		}
		req, isAsked := io[p]
		if want := map[bool]string{true: "answered in", false: "not asked"}[isAsked]; !strings.Contains(got.Facts[p], want) {
			t.Errorf("turn %d player %d: %q does not say %q", turn, p, got.Facts[p], want)
		}
		if got.Inputs[p] != strings.Join(req.input, "\n") {
			t.Errorf("turn %d player %d: input shown differs from the engine's", turn, p)
		}
		if got.Output[p] != strings.Join(req.output, "\n") {
			t.Errorf("turn %d player %d: output shown %q, replay has %q", turn, p, got.Output[p], req.output)
		}
		if want := map[bool]string{true: turnLog(p, req.index), false: ""}[isAsked]; got.Stderr[p] != want {
			t.Errorf("turn %d player %d: stderr shown %q, want %q", turn, p, got.Stderr[p], want)
		}
	}
}

// checkPlayPause presses play at the fastest speed, waits for the board to
// move on from frame from, presses pause, and checks that it then stays.
func checkPlayPause(ctx context.Context, t *testing.T, from int) {
	t.Helper()
	var moved bool
	var label string
	var paused, later int
	const frameNow = `Number(document.getElementById("board").dataset.frame)`
	err := chromedp.Run(ctx,
		chromedp.SetValue("#speed", "50", chromedp.ByID),
		chromedp.Click("#play", chromedp.ByID),
		chromedp.Poll(fmt.Sprintf("%s > %d", frameNow, from), &moved, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Click("#play", chromedp.ByID),
		chromedp.Evaluate(frameNow, &paused),
		chromedp.Text("#play", &label, chromedp.ByID),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(frameNow, &later),
	)
	if err != nil {
		t.Fatalf("play and pause: %v", err)
	}
	if !moved || paused <= from || later != paused || label != "play" {
		t.Errorf("play from %d: moved %v, paused at %d, then at %d, button %q", from, moved, paused, later, label)
	}
}
