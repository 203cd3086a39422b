// Package lib holds code the app reaches in every way Go allows, next to
// code it never reaches.
package lib

import (
	"fmt"
	"os"
	"strings"
)

// Used is called by the app.
func Used() int { return LiveConst + helper() + liveV }

func helper() int { return 1 }

// Unused is never called: it must go, and with it the only use of strings.
func Unused() string { return strings.ToUpper("dead") }

// LiveConst is read by Used.
const LiveConst = 40

// DeadConst is read by nothing.
const DeadConst = 99

// deadTable has a pure initialiser and no reader.
var deadTable = []int{1, 2, len("abc")}

// Nothing reads this group: it goes whole, keyword and all.
var (
	deadA = 1
	deadB = "two"
)

// Half of this group is read.
var (
	liveV = 0 // read by Used
	deadC = 4 // read by nothing
)

// announced has no reader, but its initialiser prints.
var announced = announce("lib var initialised")

func announce(s string) bool {
	fmt.Fprintln(os.Stdout, s)
	return true
}

func init() { fmt.Println("lib init") }

// Dead is a type nothing uses, with methods nothing calls.
type Dead struct{ x int }

// String would be kept by name if Dead were kept.
func (d Dead) String() string { return "dead" }

// T is printed with fmt, which calls String only through fmt.Stringer.
type T struct{ N int }

// String is reached only by fmt's dynamic check.
func (t T) String() string { return fmt.Sprintf("T(%d)", t.N) }

// Live is selected by the app.
func (t *T) Live() int { return t.N + 1 }

// deadMethod is selected by nothing and named by no interface.
func (t *T) deadMethod() int { return t.N - 1 }

// Err is returned as an error: Error is reached through the interface.
type Err struct{ Code int }

func (e *Err) Error() string { return fmt.Sprintf("err %d", e.Code) }

// Fail returns an *Err as an error.
func Fail(code int) error { return &Err{code} }

// Shape is the only way the app reaches Area.
type Shape interface{ Area() int }

// Sq is used only as a Shape.
type Sq struct{ Side int }

// Area is reached through Shape.
func (s Sq) Area() int { return s.Side * s.Side }

// Perimeter is named by no interface and selected by nothing.
func (s Sq) Perimeter() int { return 4 * s.Side }

// Stored is only ever held as a Shape, and printed from one.
type Stored struct{}

// Area makes Stored a Shape.
func (Stored) Area() int { return 1 }

// String is reached by fmt through the Shape the app prints.
func (Stored) String() string { return "stored" }

// Shapes returns Shapes holding an Sq and a Stored.
func Shapes() []Shape { return []Shape{Sq{3}, Stored{}} }

// Inner's Hello is promoted through Outer.
type Inner struct{}

// Hello is selected as Outer.Hello.
func (Inner) Hello() string { return "hello from Inner" }

// Bye is not selected.
func (Inner) Bye() string { return "bye" }

// Outer embeds Inner.
type Outer struct{ Inner }

// Box is generic.
type Box[T any] struct{ V T }

// Get is selected on an instantiation.
func (b Box[T]) Get() T { return b.V }

// Drop is not.
func (b Box[T]) Drop() T { var z T; return z }

// Color's values come from iota: the group stays whole.
type Color int

// The colors; only Blue is read.
const (
	Red Color = iota
	Green
	Blue
)

// Asserter and Asserted meet only in a compile-time assertion, which has no
// effect at run time, so neither survives elimination.
type Asserter interface{ Assert() int }

// Asserted is named by the blank assertion alone.
type Asserted struct{}

// Assert implements Asserter.
func (*Asserted) Assert() int { return 1 }

var _ Asserter = (*Asserted)(nil)

// Quiet has a String method, but no value of it is ever converted to an
// interface, so fmt never sees one.
type Quiet struct{ N int }

// String goes: nothing can call it.
func (q Quiet) String() string { return "quiet" }

// Twice is selected.
func (q Quiet) Twice() int { return 2 * q.N }

// Nested is printed inside a slice inside a struct.
type Nested struct{ N int }

// String is reached by fmt through Holder.Items.
func (n Nested) String() string { return fmt.Sprintf("nested %d", n.N) }

// Hidden sits only in an unexported field, where fmt calls no method.
type Hidden struct{ N int }

// String goes: fmt cannot call it on an unexported field.
func (h Hidden) String() string { return "hidden" }

// Holder is printed by Report.
type Holder struct {
	Items  []Nested
	hidden []Hidden
}

// Report prints a Holder.
func Report() string { return fmt.Sprint(Holder{Items: []Nested{{1}}, hidden: []Hidden{{2}}}) }

// Gen is printed through a type parameter.
type Gen struct{ N int }

// String is reached by fmt through Show's type parameter.
func (g Gen) String() string { return fmt.Sprintf("gen %d", g.N) }

// Show prints any value.
func Show[T any](v T) string { return fmt.Sprint(v) }

// Valuer is a constraint with a method.
type Valuer interface{ Val() int }

// Sum calls Val through its type parameter's constraint.
func Sum[V Valuer](vs ...V) int {
	t := 0
	for _, v := range vs {
		t += v.Val()
	}
	return t
}

// Coin is only ever a Valuer's type argument.
type Coin int

// Val is reached through Sum's constraint alone.
func (c Coin) Val() int { return int(c) }

// Err2 is assigned to an error that := redeclares.
type Err2 struct{}

// Error is reached through the error returned by Redeclare.
func (*Err2) Error() string { return "err2" }

func err2() (int, *Err2) { return 1, &Err2{} }

// Redeclare returns what := assigns to its existing err.
func Redeclare() error {
	var err error
	n, err := err2()
	_ = n
	return err
}

// Scaler names a method that Sq has too, with another signature.
type Scaler interface{ Scale() int }

// Unit is kept as a Scaler.
type Unit struct{}

// Scale is reached through Scaler.
func (Unit) Scale() int { return 1 }

// Scale goes: it has Scaler's name, not its signature, so no Scaler can
// call it, though Sq is a Shape.
func (s Sq) Scale(k int) int { return k * s.Side }

// Scales returns a Scaler.
func Scales() Scaler { return Unit{} }

// Peeker is implemented by an instantiation of a generic type.
type Peeker interface{ Peek() int }

// Wrap is generic: its method's result is a type parameter.
type Wrap[T any] struct{ V T }

// Peek is reached through Peeker on Wrap[int].
func (w Wrap[T]) Peek() T { return w.V }

// Peeked calls Peek through Peeker.
func Peeked() int {
	var p Peeker = Wrap[int]{V: 6}
	return p.Peek()
}

// Twin is generic, and Aliased names one of its instances.
type Twin[T any] struct{ V T }

// Double is reached only through Doubler, on a value of the alias.
func (t *Twin[T]) Double() int { return 2 }

// Aliased is an alias of an instance, as a game names the shared search's
// policy over its own types.
type Aliased = Twin[int]

// Doubler is the only way the app reaches Double.
type Doubler interface{ Double() int }

// Doublers returns an Aliased as a Doubler.
func Doublers() Doubler { return &Aliased{V: 1} }

// Poker is implemented by an instantiation named through an alias.
type Poker interface{ Poke() int }

// Pair is generic, and reached only through IntPair.
type Pair[T any] struct{ V T }

// Poke is reached through Poker on IntPair, an alias of Pair[int].
func (p Pair[T]) Poke() T { return p.V }

// IntPair names an instantiation, as a game's Smitsi names
// search.Policy[...].
type IntPair = Pair[int]

// Poked calls Poke through Poker on a value of the alias.
func Poked() int {
	var p Poker = IntPair{V: 7}
	return p.Poke()
}
