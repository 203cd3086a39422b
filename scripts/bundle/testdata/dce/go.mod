module dce

go 1.18
