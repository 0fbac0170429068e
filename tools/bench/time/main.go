// Command benchtime runs a command several times and prints its best and median wall
// time and its peak resident set size, as one machine-readable line:
//
//	benchtime -runs 3 -label opt-verify -- opt-22 -passes=verify -disable-output big.ll
//	label=opt-verify runs=3 best_s=3.412 median_s=3.455 peak_rss_mb=425.2
//
// The command's own output is discarded; a failing run is an error. With -fresh PATH,
// PATH (a file or directory the command writes) is removed before each run, untimed, as
// Bazel removes an action's outputs before it runs it: replacing a large file costs the
// file system more than writing a new one (ext4 starts writing a file renamed over
// another back to disk at once), a cost Bazel's actions do not pay.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"syscall"
	"time"
)

func main() {
	runs := flag.Int("runs", 3, "number of runs")
	label := flag.String("label", "cmd", "label printed with the result")
	fresh := flag.String("fresh", "", "a file or directory the command writes, removed before each run (untimed)")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: benchtime [-runs N] [-label L] [-fresh PATH] -- command args...")
		os.Exit(2)
	}
	var walls []float64
	var peakKB int64
	for i := 0; i < *runs; i++ {
		if *fresh != "" {
			if err := os.RemoveAll(*fresh); err != nil {
				fmt.Fprintf(os.Stderr, "benchtime: %s: %v\n", *label, err)
				os.Exit(1)
			}
		}
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Stderr = os.Stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "benchtime: %s: %v\n", *label, err)
			os.Exit(1)
		}
		walls = append(walls, time.Since(start).Seconds())
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > peakKB {
			peakKB = ru.Maxrss
		}
	}
	sort.Float64s(walls)
	fmt.Printf("label=%s runs=%d best_s=%.3f median_s=%.3f peak_rss_mb=%.1f\n",
		*label, len(walls), walls[0], walls[len(walls)/2], float64(peakKB)/1024)
}
