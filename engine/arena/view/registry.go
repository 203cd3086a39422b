package view

// drawers holds each game's drawing, by the game's name. A new game adds
// its Drawer in a file of its own and one line here.
var drawers = map[string]Drawer{
	"soak":      soakDrawer{},
	"grass":     grassDrawer{},
	"caribbean": caribbeanDrawer{},
	"ocean":     oceanDrawer{},
	"kutulu":    kutuluDrawer{},
}

// Player colours, shared by every game so that seat 0 always looks the same.
var playerColors = []string{"#2f6fdd", "#d9412b", "#2a9d4b", "#c99a06"}

// tint is a light version of a player's colour, for owned cells.
var playerTints = []string{"#b9cff5", "#f4c0b8", "#bfe5c9", "#f0e0a8"}
