package kutulu

// Score is explorer p's score so far without the allocation of Scores: the
// turn it went mad, -1 for a removal, MaxTurns plus its sanity once the
// game ended with it in, and 0 while it is still playing.
func (s *State) Score(p int) int { return s.ex[p].score }

// Stunned reports whether a yell keeps explorer p from acting this turn.
func (s *State) Stunned(p int) bool { return s.stuck(p) }

// Plans is the number of PLANs explorer p may still cast.
func (s *State) Plans(p int) int { return s.ex[p].plans }

// Lights is the number of LIGHTs explorer p may still cast.
func (s *State) Lights(p int) int { return s.ex[p].lights }
