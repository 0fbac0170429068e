package llvmir

import "sync/atomic"

// early parses function bodies beside the top-level pass, which keeps one processor
// busy, once the input check beside it has left the other (it ends sooner). The bodies
// are read with the types the pass has seen when the first body comes, which are all of
// them in any module LLVM prints (types first). The work is speculative: it is thrown
// away, and the module read again without it, when a type definition follows a body,
// when a body read early fails, or when the input is refused or converted (invalid UTF-8,
// carriage returns).
type early struct {
	batches chan []bodyTask // bodies the top-level pass has found, in order
	stop    int32           // set (atomically) when the top-level pass is over
	result  chan earlyResult
	sent    int // the top-level pass's count of bodies sent
}

type earlyResult struct {
	parsed int  // the first parsed bodies were read
	ok     bool // false: the speculation failed (error, panic)
	kinds  map[string]int
}

// earlyBatch is the number of bodies the top-level pass sends at once.
const earlyBatch = 16

// startEarly starts the early reader, with the types read so far.
func (p *parser) startEarly() {
	structs := make(map[string]*StructType, len(p.m.Structs))
	for name, st := range p.m.Structs {
		structs[name] = st
	}
	e := &early{batches: make(chan []bodyTask, 1<<12), result: make(chan earlyResult, 1)}
	p.early = e
	q := &parser{file: p.file, src: p.src, m: &Module{Structs: structs}, structLen: p.structLen}
	drop, start := p.window.drop, p.earlyStart
	go func() {
		if start != nil {
			<-start
		}
		res := earlyResult{ok: true}
		defer func() {
			if recover() != nil { // on input the check refuses
				res.ok = false
			}
			res.kinds = q.kinds
			e.result <- res
		}()
		var win window
		first := true
		for batch := range e.batches {
			for _, t := range batch {
				if atomic.LoadInt32(&e.stop) != 0 {
					return
				}
				if first {
					win, first = window{drop: drop, done: t.pos}, false
				}
				win.reached(t.pos)
				q.pos, q.line = t.pos, t.line
				if err := q.body(t.f); err != nil {
					res.ok = false
					return
				}
				res.parsed++
			}
		}
	}()
}

// sendEarly hands the bodies found since the last call to the early reader, when there
// are enough of them and it has room (the top-level pass never waits for it).
func (p *parser) sendEarly() {
	e := p.early
	if len(p.bodies)-e.sent < earlyBatch {
		return
	}
	select {
	case e.batches <- p.bodies[e.sent:len(p.bodies):len(p.bodies)]:
		e.sent = len(p.bodies)
	default:
	}
}

// stopEarly ends the early reader: how many of the first bodies it read, and whether its
// work stands (false: the module must be read again without it).
func (p *parser) stopEarly() (parsed int, ok bool) {
	if p.early != nil {
		atomic.StoreInt32(&p.early.stop, 1)
	}
	return p.endEarly()
}

// endEarly is stopEarly that lets the early reader finish the bodies it was sent (tests:
// what it reads then does not depend on how fast it was).
func (p *parser) endEarly() (parsed int, ok bool) {
	e := p.early
	if e == nil {
		return 0, true
	}
	p.early = nil
	close(e.batches)
	res := <-e.result
	if !res.ok || p.lateTypes {
		return 0, false
	}
	p.mergeKinds(res.kinds)
	return res.parsed, true
}
