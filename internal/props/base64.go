package props

import "fmt"

// DPC++'s own Base64 (llvm/Support/Base64 as used by PropertySetIO): the standard
// alphabet, no padding, and bits taken low-first: for bytes b0 b1 b2 the characters are
// T[b0&63], T[(b1<<2|b0>>6)&63], T[(b2<<4|b1>>4)&63], T[b2>>2].

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

var decodeTable [256]int8

func init() {
	for i := range decodeTable {
		decodeTable[i] = -1
	}
	for i := 0; i < len(alphabet); i++ {
		decodeTable[alphabet[i]] = int8(i)
	}
}

// EncodeBase64 encodes data in DPC++'s Base64.
func EncodeBase64(data []byte) string {
	out := make([]byte, 0, (len(data)*4+2)/3)
	i := 0
	for ; i+3 <= len(data); i += 3 {
		b0, b1, b2 := data[i], data[i+1], data[i+2]
		out = append(out, alphabet[b0&63], alphabet[(b1<<2|b0>>6)&63], alphabet[(b2<<4|b1>>4)&63], alphabet[b2>>2])
	}
	switch len(data) - i {
	case 1:
		b0 := data[i]
		out = append(out, alphabet[b0&63], alphabet[b0>>6])
	case 2:
		b0, b1 := data[i], data[i+1]
		out = append(out, alphabet[b0&63], alphabet[(b1<<2|b0>>6)&63], alphabet[b1>>4])
	}
	return string(out)
}

// DecodeBase64 decodes DPC++'s Base64. A length of 1 mod 4 or a character outside the
// alphabet is an error.
func DecodeBase64(s string) ([]byte, error) {
	if len(s)%4 == 1 {
		return nil, fmt.Errorf("bad Base64 length %d", len(s))
	}
	out := make([]byte, 0, len(s)*3/4)
	var v [4]byte
	for i := 0; i < len(s); i += 4 {
		n := len(s) - i
		if n > 4 {
			n = 4
		}
		for j := 0; j < n; j++ {
			d := decodeTable[s[i+j]]
			if d < 0 {
				return nil, fmt.Errorf("bad Base64 character %q at offset %d", s[i+j], i+j)
			}
			v[j] = byte(d)
		}
		out = append(out, v[0]|v[1]<<6)
		if n > 2 {
			out = append(out, v[1]>>2|v[2]<<4)
		}
		if n > 3 {
			out = append(out, v[2]>>4|v[3]<<2)
		}
	}
	return out, nil
}
