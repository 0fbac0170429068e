// Command execlog summarises a Bazel --execution_log_json_file: per mnemonic, how many
// spawns ran and how many were remote cache hits. With -prefix, only mnemonics starting
// with it are counted.
//
//	execlog -prefix Sycl log.json
//	SyclAot executed=3 remote_cache_hits=0
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
	Mnemonic       string `json:"mnemonic"`
	RemoteCacheHit bool   `json:"remoteCacheHit"`
	Runner         string `json:"runner"`
}

func main() {
	prefix := flag.String("prefix", "", "only mnemonics starting with this")
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
	executed, hits := map[string]int{}, map[string]int{}
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
		if s.RemoteCacheHit {
			hits[s.Mnemonic]++
		} else {
			executed[s.Mnemonic]++
		}
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
