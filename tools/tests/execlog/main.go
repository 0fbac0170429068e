// Command execlog summarises a Bazel --execution_log_json_file: per mnemonic, how many
// spawns ran and how many were remote cache hits. With -prefix, only mnemonics starting
// with it are counted. With -runners, it counts spawns per runner instead ("remote",
// "remote cache hit", "linux-sandbox", ...); test spawns count apart, as "TestRunner
// remote" or "TestRunner local". With -executed, it lists each spawn that was not a
// remote cache hit: its mnemonic and first listed output.
//
//	execlog -prefix Sycl log.json
//	SyclAot executed=3 remote_cache_hits=0
//	execlog -runners log.json
//	remote 412
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

type spawn struct {
	Mnemonic       string   `json:"mnemonic"`
	RemoteCacheHit bool     `json:"remoteCacheHit"`
	Runner         string   `json:"runner"`
	ListedOutputs  []string `json:"listedOutputs"`
}

func main() {
	prefix := flag.String("prefix", "", "only mnemonics starting with this")
	runners := flag.Bool("runners", false, "count spawns per runner")
	list := flag.Bool("executed", false, "list the spawns that were not remote cache hits (mnemonic, first output)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: execlog [-prefix P] LOG.json")
		os.Exit(2)
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "execlog:", err)
		os.Exit(1)
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	executed, hits, byRunner := map[string]int{}, map[string]int{}, map[string]int{}
	for {
		var s spawn
		if err := dec.Decode(&s); err == io.EOF {
			break
		} else if err != nil {
			fmt.Fprintln(os.Stderr, "execlog:", err)
			os.Exit(1)
		}
		if !strings.HasPrefix(s.Mnemonic, *prefix) {
			continue
		}
		if *runners {
			byRunner[runnerKey(s)]++
			continue
		}
		if *list {
			if !s.RemoteCacheHit {
				out := ""
				if len(s.ListedOutputs) > 0 {
					out = s.ListedOutputs[0]
				}
				fmt.Printf("%s %s\n", s.Mnemonic, out)
			}
			continue
		}
		if s.RemoteCacheHit {
			hits[s.Mnemonic]++
		} else {
			executed[s.Mnemonic]++
		}
	}
	if *runners {
		printCounts(byRunner)
		return
	}
	if *list {
		return
	}
	names := map[string]bool{}
	for k := range executed {
		names[k] = true
	}
	for k := range hits {
		names[k] = true
	}
	var sorted []string
	for k := range names {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		fmt.Printf("%s executed=%d remote_cache_hits=%d\n", k, executed[k], hits[k])
	}
}

func runnerKey(s spawn) string {
	runner := s.Runner
	if s.RemoteCacheHit && runner == "" {
		runner = "remote cache hit"
	}
	if s.Mnemonic != "TestRunner" {
		return runner
	}
	if strings.HasPrefix(runner, "remote") {
		return "TestRunner remote"
	}
	return "TestRunner local"
}

func printCounts(counts map[string]int) {
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s %d\n", k, counts[k])
	}
}
