package kutulu

import ek "cgpolicy/engine/kutulu"

// Decision feature offsets: the explorer against the others.
const (
	DTurn       = iota // turn / 200
	DSanity            // my sanity / 250
	DPlans             // PLANs left / 2
	DLights            // LIGHTs left / 3
	DOthers            // other explorers still in / 3
	DLonely            // sanity lost alone per turn / 6
	DGroupLoss         // sanity lost in a group per turn / 3
	DWanderers         // wanderers / 10
	DSlashers          // slashers / 4
	DLead              // (my sanity - the others' mean) / 100
	DHasEffect         // one of my effects is on
	DStunned           // a yell stuns me
	DMinOther          // lowest other sanity / 250
	DMaxOther          // highest other sanity / 250
	DSpawnPhase        // turn mod 5 / 5: wanderers spawn at 0
	DBias              // 1
	// DecDim is the length of the decision features.
	DecDim
)

// Candidate feature offsets: the terms, then the greedy bot's view.
const (
	CHint  = NumTerms     // 1 for the greedy bot's choice
	CScore = NumTerms + 1 // the greedy score / 100
	// CandDim is the length of a candidate's features.
	CandDim = NumTerms + 2
)

// Encoder turns a view into the network's inputs: one decision per turn.
type Encoder struct {
	A     Analysis
	Dec   [DecDim]float32
	Cands [MaxCands * CandDim]float32
	// Hint is the greedy bot's candidate.
	Hint int
}

// Encode analyses v and fills Dec and the first N rows of Cands; it returns
// N, the number of candidates.
func (e *Encoder) Encode(v *ek.View) int {
	n := e.A.Reset(v)
	e.Hint = e.A.Greedy()
	d := &e.Dec
	*d = [DecDim]float32{}
	d[DTurn] = float32(v.Turn) / ek.MaxTurns
	d[DLonely] = float32(v.LonelyLoss) / 6
	d[DGroupLoss] = float32(v.GroupLoss) / 3
	d[DSpawnPhase] = float32(v.Turn%5) / 5
	d[DBias] = 1
	if len(v.Explorers) > 0 {
		me := &v.Explorers[0]
		d[DSanity] = float32(me.Sanity) / ek.MaxSanity
		d[DPlans] = float32(me.Plans) / ek.StartPlans
		d[DLights] = float32(me.Lights) / ek.StartLights
		d[DOthers] = float32(len(v.Explorers)-1) / 3
		lo, hi, sum := ek.MaxSanity, 0, 0
		for _, o := range v.Explorers[1:] {
			sum += o.Sanity
			if o.Sanity < lo {
				lo = o.Sanity
			}
			if o.Sanity > hi {
				hi = o.Sanity
			}
		}
		if len(v.Explorers) > 1 {
			d[DLead] = (float32(me.Sanity) - float32(sum)/float32(len(v.Explorers)-1)) / 100
			d[DMinOther] = float32(lo) / ek.MaxSanity
			d[DMaxOther] = float32(hi) / ek.MaxSanity
		}
	}
	for _, m := range v.Minions {
		if m.Kind == kWanderer {
			d[DWanderers] += 0.1
		} else {
			d[DSlashers] += 0.25
		}
	}
	if e.A.HasEffect {
		d[DHasEffect] = 1
	}
	if e.A.Stunned {
		d[DStunned] = 1
	}
	for k := 0; k < n; k++ {
		row := e.Cands[k*CandDim : (k+1)*CandDim]
		copy(row, e.A.Terms[k][:])
		row[CHint] = 0
		if k == e.Hint {
			row[CHint] = 1
		}
		row[CScore] = e.A.GreedyScore(k) / 100
	}
	return n
}
