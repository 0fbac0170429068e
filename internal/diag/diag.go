// Package diag holds the error types every sycl-device verb reports: input errors that
// name a file and a line (exit status 1) and usage errors (exit status 2).
package diag

import (
	"errors"
	"fmt"
)

// InputError is a problem with an input file, reported as "file:line: message".
// Line 0 means the problem concerns the file as a whole.
type InputError struct {
	File string
	Line int
	Msg  string
}

func (e *InputError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Errorf returns an *InputError for file and line.
func Errorf(file string, line int, format string, args ...interface{}) error {
	return &InputError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// UsageError is a problem with the command line (unknown flag, missing argument).
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef returns a *UsageError.
func Usagef(format string, args ...interface{}) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// ExitCode maps an error to the process exit status: 0 for nil, 2 for usage errors,
// 1 for everything else.
func ExitCode(err error) int {
	if err == nil {
		return 0
	}
	var u *UsageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}
