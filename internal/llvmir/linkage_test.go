package llvmir

import "testing"

func TestHasLocalLinkage(t *testing.T) {
	for text, want := range map[string]bool{
		"define internal void @f() {":          true,
		"define private spir_func void @f() {": true,
		"define dso_local void @f() {":         false,
		"define void @internal() {":            false,
	} {
		if got := hasLocalLinkage([]byte(text)); got != want {
			t.Errorf("hasLocalLinkage(%q) = %v", text, got)
		}
	}
}
