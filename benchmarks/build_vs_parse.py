"""How much kg build costs over the bare parse, measured in one process on one generated corpus.

    .venv/bin/python benchmarks/build_vs_parse.py [--articles 96] [--repeat 3] [--slice 16]

kg's whole build, two ways: into an rdflib Dataset in memory (``kg.build_dataset``, what ``kg
build ... -o FILE`` serializes) and into a new persistent store (``kg.store.build_articles``, what
``kg build DIR --store STORE`` does: parse, extraction, RDF, written to Oxigraph article by
article, the store opened and closed); against the floor, plain ``nlp.pipe`` of the same pipeline
over the same articles.

The machine is shared: the same work can run 20% slower from one ten seconds to the next, so
timing the build and the bare parse one after the other, each over the whole corpus, mostly
measures that drift. Here they are interleaved finely instead: each build reads its articles
from an iterator that, whenever the build asks for the first article of the next ``--slice``
articles, first times a bare parse of those articles. The build is one build of the whole corpus
as a user runs it; its time is the wall time less the bare parses made inside it. Each pass
gives one ratio for each way; printed are each pass's and their median.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from builds import time_memory_build, time_store_build  # noqa: E402
from corpus import sources as corpus_sources  # noqa: E402

from kg.pipeline import load_pipeline  # noqa: E402
from kg.sources import Source  # noqa: E402


class ShadowParse:
    """The articles, with a timed bare parse of each slice just before the build reads it."""

    def __init__(self, sources: list[Source], nlp, slice_size: int):
        self.sources, self.nlp, self.slice_size = sources, nlp, slice_size
        self.parse_seconds = 0.0

    def __iter__(self) -> Iterator[Source]:
        for i, source in enumerate(self.sources):
            if i % self.slice_size == 0:
                t = time.perf_counter()
                for _doc in self.nlp.pipe((s.text for s in self.sources[i:i + self.slice_size]), batch_size=8):
                    pass
                self.parse_seconds += time.perf_counter() - t
            yield source


def one_pass(sources: list[Source], nlp, *, slice_size: int) -> dict[str, tuple[float, float]]:
    """(kg build seconds, bare parse seconds) for each way, over the whole corpus."""
    out = {}
    for name, build in (("memory", time_memory_build), ("store", time_store_build)):
        shadow = ShadowParse(sources, nlp, slice_size)
        wall = build(shadow, nlp)
        out[name] = (wall - shadow.parse_seconds, shadow.parse_seconds)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=96)
    ap.add_argument("--repeat", type=int, default=3, help="passes over the corpus")
    ap.add_argument("--slice", type=int, default=16, help="articles per bare parse")
    a = ap.parse_args(argv)
    sources = corpus_sources(a.articles)
    words = sum(len(s.text.split()) for s in sources)
    nlp = load_pipeline(freeze=True)  # as kg build loads it
    one_pass(sources, nlp, slice_size=a.slice)  # warm up: every word in the vocabulary, rules, caches
    passes = [one_pass(sources, nlp, slice_size=a.slice) for _ in range(a.repeat)]
    print(f"corpus: {a.articles} articles, {words} words; {a.repeat} passes, "
          f"bare parse interleaved {a.slice} articles at a time")
    ratios: dict[str, list[float]] = {"memory": [], "store": []}
    for n, p in enumerate(passes, 1):
        cells = []
        for name, where in (("memory", "in memory"), ("store", "into a store")):
            build, parse = p[name]
            ratios[name].append(build / parse)
            cells.append(f"{where} {build:.2f} s against {parse:.2f} s ({build / parse:.2f}x)")
        print(f"pass {n}: kg build " + "; ".join(cells))
    best = min(min(p["memory"][1], p["store"][1]) for p in passes)
    print(f"bare parse (nlp.pipe): {words / best:.0f} words/s at best")
    for name, where in (("memory", "in memory"), ("store", "into a store")):
        print(f"ratio build/parse, {where}: median {statistics.median(ratios[name]):.2f}x "
              f"(passes: {', '.join(f'{r:.2f}x' for r in ratios[name])})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
