// Command app reaches lib's code directly, through interfaces, through
// promotion, through generics and through fmt.
package main

import (
	"fmt"

	"dce/lib"
)

func main() {
	fmt.Println("used", lib.Used())
	t := &lib.T{N: 5}
	fmt.Println(*t, t.Live())
	fmt.Println(lib.Fail(7))
	for _, s := range lib.Shapes() {
		fmt.Println("area", s.Area())
	}
	fmt.Println(lib.Outer{}.Hello())
	fmt.Println(lib.Box[string]{V: "boxed"}.Get())
	fmt.Println("blue", lib.Blue)
	fmt.Println(lib.Shapes()[1], lib.Report(), lib.Show(lib.Gen{N: 3}), lib.Quiet{N: 4}.Twice())
	fmt.Println(lib.Sum(lib.Coin(2), lib.Coin(5)), lib.Redeclare())
	fmt.Println("scale", lib.Scales().Scale(), "peek", lib.Peeked(), "poke", lib.Poked())
	fmt.Println("double", lib.Doublers().Double())
}
