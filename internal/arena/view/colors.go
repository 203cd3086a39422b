package view

// PlayerColors are the players' colours, shared by every game so that seat
// 0 always looks the same.
var PlayerColors = []string{"#2f6fdd", "#d9412b", "#2a9d4b", "#c99a06"}

// PlayerTints are light versions of the players' colours, for owned cells.
var PlayerTints = []string{"#b9cff5", "#f4c0b8", "#bfe5c9", "#f0e0a8"}
