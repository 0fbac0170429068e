package wrap

import (
	"bufio"
	"fmt"
	"path"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
)

// EnvVar is a variable of the environment a program's runtime needs to find its device
// (Intel's CPU OpenCL runtime: OCL_ICD_FILENAMES and OCL_ICD_VENDORS). A program sets it
// itself, before main, where the environment does not: run from bazel-bin, by `bazel
// run`, or copied elsewhere with its runfiles, it runs on the devices its tests run on.
type EnvVar struct {
	Name, Value string
	// Runfile says Value is a path relative to the program's runfiles root, resolved
	// when the program starts (a file the runfiles hold, such as the ICD library).
	Runfile bool
}

// ParseEnvVar parses NAME=VALUE (runfile: VALUE is a runfiles path): NAME a C-style
// identifier, a runfiles path relative, clean and not leaving the root.
func ParseEnvVar(s string, runfile bool) (EnvVar, error) {
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return EnvVar{}, diag.Usagef("wrap: run environment %q: want NAME=VALUE", s)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9') {
			return EnvVar{}, diag.Usagef("wrap: run environment %q: %q is not a variable name", s, name)
		}
	}
	if strings.IndexByte(value, 0) >= 0 {
		return EnvVar{}, diag.Usagef("wrap: run environment %q: a NUL in the value", s)
	}
	if runfile && (value == "" || path.IsAbs(value) || path.Clean(value) != value || value == ".." || strings.HasPrefix(value, "../")) {
		return EnvVar{}, diag.Usagef("wrap: run environment %q: a runfile is a clean path inside the runfiles root", s)
	}
	return EnvVar{Name: name, Value: value, Runfile: runfile}, nil
}

// writeRunEnv writes the constructor that sets vars where the environment leaves them
// unset. It runs before the program's other constructors and main, and before the
// runtime looks for devices. Runfiles paths are looked up under $RUNFILES_DIR, then
// under <executable>.runfiles next to the executable (/proc/self/exe); if one is not
// found, nothing is set (a wrong device setup is worse than the environment's own).
func writeRunEnv(b *bufio.Writer, id string, vars []EnvVar) {
	if len(vars) == 0 {
		return
	}
	w := func(format string, args ...interface{}) { fmt.Fprintf(b, format, args...) }
	w("\n/* The runtime's environment, set where the program's environment leaves it unset. */\n")
	// The C library's functions are declared here (LP64), not included: a system header
	// after the descriptor could clash with its names (register_t).
	w("char *getenv(const char *);\nint setenv(const char *, const char *, int);\n")
	w("long readlink(const char *, char *, unsigned long);\nint access(const char *, int);\n")
	w("int snprintf(char *, unsigned long, const char *, ...);\n")
	w("enum { RS_PATH_MAX = 4096, RS_R_OK = 4 };\n\n")
	w("struct rs_env { const char *name; const char *value; int runfile; };\n")
	w("static const struct rs_env run_env_%s[] = {\n", id)
	for _, v := range vars {
		rf := 0
		if v.Runfile {
			rf = 1
		}
		w("  {%s, %s, %d},\n", cstr(v.Name), cstr(v.Value), rf)
	}
	w("};\n\n")
	w("static int run_env_find_%s(const char *rel, char *out, unsigned long n) {\n", id)
	w("  const char *dir = getenv(\"RUNFILES_DIR\");\n")
	w("  if (dir && *dir) {\n")
	w("    int k = snprintf(out, n, \"%%s/%%s\", dir, rel);\n")
	w("    if (k > 0 && (unsigned long)k < n && access(out, RS_R_OK) == 0) return 1;\n  }\n")
	w("  char exe[RS_PATH_MAX];\n")
	w("  long len = readlink(\"/proc/self/exe\", exe, sizeof exe - 1);\n")
	w("  if (len <= 0) return 0;\n  exe[len] = 0;\n")
	w("  int k = snprintf(out, n, \"%%s.runfiles/%%s\", exe, rel);\n")
	w("  return k > 0 && (unsigned long)k < n && access(out, RS_R_OK) == 0;\n}\n\n")
	w("__attribute__((constructor(101))) static void run_env_set_%s(void) {\n", id)
	w("  static char paths[%d][RS_PATH_MAX];\n", len(vars))
	w("  const unsigned long n = sizeof run_env_%s / sizeof run_env_%s[0];\n", id, id)
	w("  for (unsigned long i = 0; i < n; ++i) {\n")
	w("    if (getenv(run_env_%s[i].name)) return; /* the user's own setup */\n", id)
	w("    if (run_env_%s[i].runfile && !run_env_find_%s(run_env_%s[i].value, paths[i], RS_PATH_MAX)) return;\n", id, id, id)
	w("  }\n")
	w("  for (unsigned long i = 0; i < n; ++i)\n")
	w("    setenv(run_env_%s[i].name, run_env_%s[i].runfile ? paths[i] : run_env_%s[i].value, 0);\n}\n", id, id, id)
}
