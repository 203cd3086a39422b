// Package model is the policy network shared by training and the CodinGame bot.
//
// The network scores (agent, candidate action) pairs. One decision is an agent
// feature vector xa of Config.AgentDim floats and up to Config.MaxCands
// candidate feature vectors of Config.CandDim floats each. Candidate k gets the
// score
//
//	z1 = relu(W1ᵀ·[xa; xc_k] + b1)   (Hidden1)
//	z2 = relu(W2ᵀ·z1 + b2)           (Hidden2)
//	s_k = w3·z2
//
// and the policy is the softmax of the scores over the real candidates. An
// optional value head (Config.ValueHidden > 0) predicts the outcome from xa
// alone: v = tanh(wv2·relu(Wv1ᵀ·xa + bv1) + bv2).
//
// The first layer splits as W1aᵀ·xa + W1cᵀ·xc_k, so a bot computes the agent
// half once per agent and only the candidate half per candidate. Weight
// matrices are stored input-major ([in][out]) so that a zero input feature
// (one-hot encodings are mostly zeros) skips a whole row.
//
// The package itself is pure standard library: Params, the forward pass
// (Net, internal/nn's, the one the bots play), evaluation, checkpoints and
// the compact 14-bit weight format. Training with gorgonia lives in
// model/train and the generator of the bots' weights packages in
// model/codegen.
package model
