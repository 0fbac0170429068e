package aot

import (
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/deviceif"
)

func TestMergeOutcomes(t *testing.T) {
	tested := []int{5, 6}
	all := deviceif.Outcomes(tested) // if11 if10 if01 if00
	name := func(os []deviceif.Outcome) string {
		s := ""
		for _, o := range os {
			s += o.Suffix(tested) + " "
		}
		return s
	}
	for _, c := range []struct {
		in   []deviceif.Outcome
		want string
	}{
		{all[:2], "if1x "}, // fp64 does not matter with fp16
		{all, "ifxx "},     // nothing matters
		{[]deviceif.Outcome{all[1], all[2]}, "if10 if01 "}, // not a sub-cube: kept apart
		{all[3:], "if00 "},
		{all[:3], "if11 if10 if01 "},
	} {
		if got := name(mergeOutcomes(tested, c.in)); got != c.want {
			t.Errorf("mergeOutcomes(%s) = %s, want %s", name(c.in), got, c.want)
		}
	}
}
