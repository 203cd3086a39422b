package policy

// The external tests (smitsi_match_test.go), which import package
// baselines for the old search, make and play smitsi as the internal ones
// do.
var (
	NewSmitsiIters = newSmitsi
	PlayGame       = playGame
)
