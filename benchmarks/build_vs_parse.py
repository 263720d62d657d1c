"""How much kg build costs over the bare parse, measured in one process on one generated corpus.

    .venv/bin/python benchmarks/build_vs_parse.py [--articles 60] [--repeat 3]

Runs, alternately and --repeat times each, plain ``nlp.pipe`` of the same pipeline (the floor)
and kg's whole build (parse, extraction, RDF), and prints the best time of each and their ratio.
The machine is shared and noisy: compare ratios from one run, not seconds across runs.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import sources as corpus_sources  # noqa: E402

from kg.pipeline import build_dataset, load_pipeline  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=60)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    sources = corpus_sources(a.articles)
    texts = [s.text for s in sources]
    words = sum(len(t.split()) for t in texts)
    nlp = load_pipeline()
    list(nlp.pipe(texts[:2]))  # warm up
    parse, build = [], []
    for _ in range(a.repeat):
        t = time.perf_counter()
        for _doc in nlp.pipe(texts, batch_size=8):
            pass
        parse.append(time.perf_counter() - t)
        t = time.perf_counter()
        build_dataset(sources, nlp=nlp)
        build.append(time.perf_counter() - t)
    p, b = min(parse), min(build)
    print(f"corpus: {a.articles} articles, {words} words; best of {a.repeat}")
    print(f"bare parse (nlp.pipe): {p:.2f} s  ({words / p:.0f} words/s)")
    print(f"kg build:              {b:.2f} s  ({words / b:.0f} words/s)")
    print(f"ratio build/parse: {b / p:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
