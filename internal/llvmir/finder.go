package llvmir

import "bytes"

// finder finds the next of a few needles (at most maxNeedles) in a text. It keeps each
// needle's next position until the scan passes it, so that the text is searched about
// once for each needle however many queries there are (a scan that asked afresh at each
// stop would search on to the same far needle again and again: quadratic in the stops).
type finder struct {
	src     []byte
	needles [][]byte
	// at[k] is the next position of needles[k] at or after the last query (len(src):
	// none; -1: not searched yet).
	at [maxNeedles]int
}

const maxNeedles = 4

func newFinder(src []byte, needles [][]byte) finder {
	f := finder{src: src, needles: needles[:len(needles):len(needles)]}
	for k := range f.at {
		f.at[k] = -1
	}
	return f
}

// next returns the first position >= i where a needle starts, or len(src).
func (f *finder) next(i int) int {
	best := len(f.src)
	for k, needle := range f.needles {
		if f.at[k] < i {
			if j := bytes.Index(f.src[i:], needle); j >= 0 {
				f.at[k] = i + j
			} else {
				f.at[k] = len(f.src)
			}
		}
		if f.at[k] < best {
			best = f.at[k]
		}
	}
	return best
}
