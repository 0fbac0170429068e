package llvmir

import "testing"

// TestFoldConstExprs: the constant expressions LLVM's reader folds are written folded
// (each case as opt-22 -S prints it);
// instructions, names, strings and non-zero or inrange GEPs stay as they are.
func TestFoldConstExprs(t *testing.T) {
	cases := []struct{ in, want string }{
		{"  call void @f(ptr getelementptr inbounds ([5 x i8], ptr @.str, i64 0, i64 0))\n", "  call void @f(ptr @.str)\n"},
		{"@p = global ptr addrspace(1) getelementptr (%T, ptr addrspace(1) @g, i32 0), align 8\n", "@p = global ptr addrspace(1) @g, align 8\n"},
		{"  %x = load ptr, ptr getelementptr inbounds nuw ({ i32, [2 x i8] }, ptr @s, i64 0, i32 0), align 8\n", "  %x = load ptr, ptr @s, align 8\n"},
		{"  call void @f(ptr bitcast (ptr @g to ptr))\n", "  call void @f(ptr @g)\n"},
		// inner GEP folded, the real cast kept
		{"  call void @f(ptr addrspace(4) addrspacecast (ptr getelementptr inbounds ([5 x i8], ptr @s, i64 0, i64 0) to ptr addrspace(4)))\n",
			"  call void @f(ptr addrspace(4) addrspacecast (ptr @s to ptr addrspace(4)))\n"},
	}
	kept := []string{
		"  %a = getelementptr inbounds i8, ptr %p, i64 0\n",
		"  call void @f(ptr getelementptr inbounds ([5 x i8], ptr @s, i64 0, i64 1))\n",
		"  call void @f(ptr getelementptr inrange(-8, 8) ({ [4 x ptr] }, ptr @vt, i32 0, i32 0))\n",
		"  call void @getelementptr(ptr @a, ptr @b, i64 0)\n",
		"!0 = !{!\"getelementptr inbounds ([5 x i8], ptr @s, i64 0, i64 0)\"}\n",
		"  call void @f(ptr addrspace(4) addrspacecast (ptr addrspace(1) @g to ptr addrspace(4)))\n",
		"  call void @f(ptr getelementptr inbounds ([5 x i8], ptr %local, i64 0, i64 0))\n",
	}
	for _, c := range cases {
		if got := string(foldConstExprs([]byte(c.in))); got != c.want {
			t.Errorf("fold(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
	for _, k := range kept {
		if got := string(foldConstExprs([]byte(k))); got != k {
			t.Errorf("fold(%q) changed it to %q", k, got)
		}
	}
}
