// Package dist runs the trainer's jobs (model/expert's Runner) on NATS
// JetStream, so self-play and evaluation can use other machines. One
// work-queue stream holds the jobs (a chunk of consecutive indices of one
// batch each); a worker takes one, runs it with the game's
// expert.Executor, publishes the result to the results stream and acks the
// job. A job whose worker dies is not acked and JetStream hands it out
// again after AckWait; a worker on a long job says so with heartbeats
// (InProgress) well within AckWait. The batch's snapshot (options and
// networks) goes once into an object store under its content hash, and the
// jobs name it by that hash.
//
// The coordinator checks every result before handing it on (known job,
// matching range, then the trainer's own shape and count checks); a bad or
// unknown result is logged and dropped and a bad one's job issued again,
// and a second result for a merged job is ignored. Since every job is
// computed from the snapshot and its indices alone, the weights do not
// depend on which worker ran what.
//
// By default the server is embedded in the trainer and reached in-process:
// no port is opened. Listen opens one for remote workers (a token is
// required off loopback); URL uses an existing NATS server instead.
package dist

import (
	"net"
	"strings"
	"time"
)

// Names on the server. One run uses a server (or cluster) at a time.
const (
	JobStream     = "CGPOLICY_JOBS"
	JobSubject    = "cgpolicy.jobs"
	ResultStream  = "CGPOLICY_RESULTS"
	ResultPrefix  = "cgpolicy.results." // + run id
	EndSubject    = "cgpolicy.end"      // the coordinator says the run is over
	WorkerGroup   = "workers"           // the durable consumer of the jobs
	SnapshotStore = "cgpolicy_snapshots"
)

// Result headers.
const (
	hdrJob    = "Cgpolicy-Job"
	hdrWorker = "Cgpolicy-Worker"
	hdrError  = "Cgpolicy-Error"
)

// DefaultAckWait is how long a job may go without an ack or a heartbeat
// before JetStream hands it to another worker.
const DefaultAckWait = 30 * time.Second

// maxPayload is the embedded server's message limit: a chunk of self-play
// games' samples can pass NATS's default 1 MB.
const maxPayload = 8 << 20

// job is one job message: a chunk of one batch.
type job struct {
	Run   string `json:"run"`
	ID    string `json:"id"`
	Game  string `json:"game"`
	Iter  int    `json:"iter"`
	Phase string `json:"phase"`
	Lo    int    `json:"lo"`
	Hi    int    `json:"hi"`
	Snap  string `json:"snap"` // snapshot's content hash, its name in the object store
}

// Loopback reports whether a listen address (host:port) is reachable only
// from this machine; anything else requires a token.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
