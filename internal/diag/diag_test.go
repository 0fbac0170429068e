package diag

import (
	"errors"
	"fmt"
	"testing"
)

func TestMessagesAndExitCodes(t *testing.T) {
	cases := []struct {
		err  error
		text string
		code int
	}{
		{nil, "", 0},
		{Errorf("a.ll", 3, "bad %s", "token"), "a.ll:3: bad token", 1},
		{Errorf("a.ll", 0, "cannot read"), "a.ll: cannot read", 1},
		{Usagef("need %d table", 1), "need 1 table", 2},
		{fmt.Errorf("wrapped: %w", Usagef("x")), "wrapped: x", 2},
		{fmt.Errorf("wrapped: %w", Errorf("f", 1, "y")), "wrapped: f:1: y", 1},
		{errors.New("plain"), "plain", 1},
	}
	for _, tc := range cases {
		if got := ExitCode(tc.err); got != tc.code {
			t.Errorf("ExitCode(%v) = %d, want %d", tc.err, got, tc.code)
		}
		if tc.err != nil && tc.err.Error() != tc.text {
			t.Errorf("message %q, want %q", tc.err.Error(), tc.text)
		}
	}
	var ie *InputError
	if !errors.As(Errorf("f", 7, "z"), &ie) || ie.File != "f" || ie.Line != 7 || ie.Msg != "z" {
		t.Errorf("InputError fields: %+v", ie)
	}
}
