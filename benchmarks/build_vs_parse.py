"""How much kg build costs over the bare parse, measured in one process on one generated corpus.

    .venv/bin/python benchmarks/build_vs_parse.py [--articles 96] [--repeat 5] [--slice 16]

kg's whole build, two ways: in memory (``kg.build.build_triples``, the triples ``kg build ... -o
x.ttl`` writes) and into a new persistent store (``kg.store.articles.build_articles``, what
``kg build DIR --store STORE`` does: parse, extraction, RDF, written to Oxigraph article by
article, the store opened and closed); against the floor, plain ``nlp.pipe`` of the same pipeline
over the same articles.

The machine is shared: the same work can run 20% slower from one second to the next, so
timing the build and the bare parse one after the other, each over the whole corpus, mostly
measures that drift. Here they are interleaved finely instead: each build reads its articles
from an iterator that, whenever the build asks for the first article of the next ``--slice``
articles, first times a bare parse of those articles. The build is one build of the whole corpus
as a user runs it; its time is the wall time less the bare parses made inside it, and the time
from the end of one bare parse to the start of the next is what the build spent on that slice
(the first slice also gets what came before it, such as opening the store; the last, all that
came after: merges and the triples in memory, the last writes and the close of a store). Into a
store, the writer thread writes a chunk while the next slice is parsed bare, as it would while
the build parses the next chunk: Oxigraph writes without Python's lock, on the other core, but
the thread's Python part (the N-Quads text, under 1 ms an article) is then counted in the bare
parse, which favours the store's figure by about 1%.

Printed: each pass's ratio, their median, and the ratio of the best times: for each slice the
least time any pass took on it, bare and in the build, summed over the slices (from different
passes: a lower bound of each, not a pair). Interference from other processes and machines
only ever adds time, so the best times are the nearest to the work itself (as ``timeit``
advises taking the minimum).
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

from kg.extract.component import NAME as RELATIONS  # noqa: E402
from kg.extract.pipeline import load_pipeline  # noqa: E402
from kg.sources import Source  # noqa: E402


class ShadowParse:
    """The articles, with a timed bare parse of each slice just before the build reads it."""

    def __init__(self, sources: list[Source], nlp, slice_size: int):
        self.sources, self.nlp, self.slice_size = sources, nlp, slice_size
        self.parses: list[tuple[float, float]] = []   # (start, end) of each slice's bare parse

    @property
    def parse_seconds(self) -> float:
        return sum(end - start for start, end in self.parses)

    def build_seconds(self, start: float, end: float) -> list[float]:
        """What a build that ran from ``start`` to ``end`` spent on each slice (see the top)."""
        edges = [start, *(t for parse in self.parses for t in parse), end]
        gaps = [b - a for a, b in zip(edges[::2], edges[1::2])]   # before, between and after the parses
        return [gaps[0] + gaps[1], *gaps[2:]] if len(gaps) > 1 else gaps

    def __iter__(self) -> Iterator[Source]:
        for i, source in enumerate(self.sources):
            if i % self.slice_size == 0:
                t = time.perf_counter()
                with self.nlp.select_pipes(disable=[RELATIONS]):   # the parse alone, without kg's component
                    for _doc in self.nlp.pipe((s.text for s in self.sources[i:i + self.slice_size]), batch_size=8):
                        pass
                self.parses.append((t, time.perf_counter()))
            yield source


def one_pass(sources: list[Source], nlp, *, slice_size: int) -> dict[str, tuple[list[float], list[float]]]:
    """For each way, (kg build seconds, bare parse seconds) of each slice of the corpus."""
    out = {}
    for name, build in (("memory", time_memory_build), ("store", time_store_build)):
        shadow = ShadowParse(sources, nlp, slice_size)
        start, end = build(shadow, nlp)
        out[name] = (shadow.build_seconds(start, end), [b - a for a, b in shadow.parses])
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=96)
    ap.add_argument("--repeat", type=int, default=5, help="passes over the corpus")
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
            build, parse = sum(p[name][0]), sum(p[name][1])
            ratios[name].append(build / parse)
            cells.append(f"{where} {build:.2f} s against {parse:.2f} s ({build / parse:.2f}x)")
        print(f"pass {n}: kg build " + "; ".join(cells))
    best_parse = {name: sum(map(min, zip(*(p[name][1] for p in passes)))) for name in ratios}
    best_build = {name: sum(map(min, zip(*(p[name][0] for p in passes)))) for name in ratios}
    print(f"bare parse (nlp.pipe): {words / min(best_parse.values()):.0f} words/s at best")
    for name, where in (("memory", "in memory"), ("store", "into a store")):
        print(f"ratio build/parse, {where}: best times {best_build[name]:.2f} s against "
              f"{best_parse[name]:.2f} s, {best_build[name] / best_parse[name]:.2f}x; median of passes "
              f"{statistics.median(ratios[name]):.2f}x (passes: {', '.join(f'{r:.2f}x' for r in ratios[name])})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
