"""How much kg build costs over the bare parse, measured in one process on one generated corpus.

    .venv/bin/python benchmarks/build_vs_parse.py [--articles 100] [--repeat 5]

Runs, alternately and --repeat times each, plain ``nlp.pipe`` of the same pipeline (the floor)
and kg's whole build two ways: into an rdflib Dataset in memory (``kg.build_dataset``, what
``kg build ... -o FILE`` serializes) and into a new persistent store (what ``kg build DIR
--store STORE`` does: parse, extraction, RDF, written to Oxigraph article by article). Prints the
best time of each, the ratio of the bests, and the median of the ratios of runs made one
after the other. The machine is shared and noisy (one run can be 20% slower than the next for
the same work): compare ratios from one run, not seconds across runs.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from builds import time_memory_build, time_store_build  # noqa: E402
from corpus import sources as corpus_sources  # noqa: E402

from kg.pipeline import load_pipeline  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args(argv)
    sources = corpus_sources(a.articles)
    texts = [s.text for s in sources]
    words = sum(len(t.split()) for t in texts)
    nlp = load_pipeline(freeze=True)  # as kg build loads it

    def parse() -> float:
        t = time.perf_counter()
        for _doc in nlp.pipe(texts, batch_size=8):
            pass
        return time.perf_counter() - t

    def memory(some=sources) -> float:
        return time_memory_build(some, nlp)

    def store(some=sources) -> float:
        return time_store_build(some, nlp)

    memory(sources[:4]), store(sources[:4])  # warm up: lexicon, rules, caches
    runs = {"parse": parse, "memory": memory, "store": store}
    times: dict[str, list[float]] = {name: [] for name in runs}
    for r in range(a.repeat):  # alternate the order, so that a drift in speed favours no one
        for name in (list(runs) if r % 2 == 0 else list(runs)[::-1]):
            times[name].append(runs[name]())
    best = {name: min(ts) for name, ts in times.items()}
    paired = {name: statistics.median(b / p for b, p in zip(times[name], times["parse"]))
              for name in ("memory", "store")}
    print(f"corpus: {a.articles} articles, {words} words; {a.repeat} runs of each, alternating")
    print(f"bare parse (nlp.pipe):    best {best['parse']:.2f} s  ({words / best['parse']:.0f} words/s)")
    print(f"kg build, in memory:      best {best['memory']:.2f} s  ({words / best['memory']:.0f} words/s)")
    print(f"kg build, into a store:   best {best['store']:.2f} s  ({words / best['store']:.0f} words/s)")
    print(f"ratio build/parse, best to best:         {best['memory'] / best['parse']:.2f}x in memory, "
          f"{best['store'] / best['parse']:.2f}x into a store")
    print(f"ratio build/parse, median of run pairs:  {paired['memory']:.2f}x in memory, "
          f"{paired['store']:.2f}x into a store")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
