package imagecompile

import (
	"encoding/binary"
	"fmt"
	"os"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
)

// SPIR-V opcodes the rewrite reads or writes.
const (
	opTypeBool         = 20
	opTypeInt          = 21
	opTypeFloat        = 22
	opConstantFalse    = 41
	opConstant         = 43
	opConstantNull     = 46
	spirvMagic         = 0x07230203
	spirvHeaderWords   = 5
	spirvMaxScalarBits = 64
)

// ScalarNulls rewrites each OpConstantNull of a scalar type (bool, integer, float) in a
// SPIR-V module as the equal OpConstantFalse or OpConstant 0. Both forms are valid
// SPIR-V, and llc-22 writes the first for a stored literal zero; llvm-spirv-15 (the
// reader that turns SPIR-V into PoCL's SPIR 1.2) accepts OpConstantNull of composite,
// pointer and opaque types only and aborts on a scalar one. Returns data unchanged when
// there is nothing to rewrite.
func ScalarNulls(data []byte) ([]byte, error) {
	if len(data)%4 != 0 || len(data) < 4*spirvHeaderWords {
		return nil, fmt.Errorf("not a SPIR-V module: %d bytes", len(data))
	}
	order := binary.ByteOrder(binary.LittleEndian)
	if order.Uint32(data) != spirvMagic {
		order = binary.BigEndian
		if order.Uint32(data) != spirvMagic {
			return nil, fmt.Errorf("not a SPIR-V module: magic %#x", binary.LittleEndian.Uint32(data))
		}
	}
	words := make([]uint32, len(data)/4)
	for i := range words {
		words[i] = order.Uint32(data[4*i:])
	}
	scalarBits := map[uint32]uint32{} // type id -> bit width (0: bool)
	out := append(make([]uint32, 0, len(words)+8), words[:spirvHeaderWords]...)
	changed := false
	for i := spirvHeaderWords; i < len(words); {
		n, op := int(words[i]>>16), words[i]&0xffff
		if n == 0 || i+n > len(words) {
			return nil, fmt.Errorf("SPIR-V word %d: instruction of %d words runs past the end (%d words)", i, n, len(words))
		}
		inst := words[i : i+n]
		switch {
		case op == opTypeBool && n >= 2:
			scalarBits[inst[1]] = 0
		case (op == opTypeInt || op == opTypeFloat) && n >= 3:
			scalarBits[inst[1]] = inst[2]
		case op == opConstantNull && n == 3:
			bits, scalar := scalarBits[inst[1]]
			if !scalar {
				break
			}
			if bits == 0 {
				out = append(out, 3<<16|opConstantFalse, inst[1], inst[2])
			} else if bits <= 32 {
				out = append(out, 4<<16|opConstant, inst[1], inst[2], 0)
			} else if bits <= spirvMaxScalarBits {
				out = append(out, 5<<16|opConstant, inst[1], inst[2], 0, 0)
			} else {
				return nil, fmt.Errorf("SPIR-V word %d: a null constant of a %d-bit scalar", i, bits)
			}
			changed = true
			i += n
			continue
		}
		out = append(out, inst...)
		i += n
	}
	if !changed {
		return data, nil
	}
	res := make([]byte, 4*len(out))
	for i, w := range out {
		order.PutUint32(res[4*i:], w)
	}
	return res, nil
}

// rewriteScalarNulls applies ScalarNulls to the SPIR-V file at path, in place. A file
// that is not there or does not start as SPIR-V is left to the step that reads it next
// (and to the image commit) to report.
func rewriteScalarNulls(path string) error {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(data) < 4 || binary.LittleEndian.Uint32(data) != spirvMagic && binary.BigEndian.Uint32(data) != spirvMagic {
		return nil
	}
	fixed, err := ScalarNulls(data)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	if len(fixed) == len(data) && &fixed[0] == &data[0] {
		return nil
	}
	return atomicfile.WriteFile(path, fixed, 0o644)
}
