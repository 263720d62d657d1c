"""How much kg build costs over the bare parse, measured in one process on one generated corpus.

    .venv/bin/python benchmarks/build_vs_parse.py [--articles 100] [--repeat 5]

Runs, alternately and --repeat times each, plain ``nlp.pipe`` of the same pipeline (the floor)
and kg's whole build two ways: into an rdflib Dataset in memory (``kg.build_dataset``, what
``kg build ... -o FILE`` serializes) and into a new persistent store (what ``kg build DIR
--store STORE`` does: parse, extraction, RDF, written to Oxigraph article by article). Prints the
best time of each and their ratios to the parse.
The machine is shared and noisy: compare ratios from one run, not seconds across runs.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import sources as corpus_sources  # noqa: E402

from kg.pipeline import build_dataset, load_pipeline  # noqa: E402
from kg.store import ArticleStore, build_articles  # noqa: E402


def build_store(sources, nlp, folder: Path) -> float:
    """kg build DIR --store: into a new store in ``folder``; returns the seconds it took."""
    t = time.perf_counter()
    with ArticleStore(folder / "kg.store") as st:
        build_articles(st, sources, pipeline=lambda: nlp)
    return time.perf_counter() - t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args(argv)
    sources = corpus_sources(a.articles)
    texts = [s.text for s in sources]
    words = sum(len(t.split()) for t in texts)
    nlp = load_pipeline()
    list(nlp.pipe(texts[:2]))  # warm up
    parse, build, store = [], [], []
    for _ in range(a.repeat):
        t = time.perf_counter()
        for _doc in nlp.pipe(texts, batch_size=8):
            pass
        parse.append(time.perf_counter() - t)
        t = time.perf_counter()
        build_dataset(sources, nlp=nlp)
        build.append(time.perf_counter() - t)
        folder = Path(tempfile.mkdtemp(prefix="kg-bench-"))
        store.append(build_store(sources, nlp, folder))
        shutil.rmtree(folder)
    p, b, s = min(parse), min(build), min(store)
    print(f"corpus: {a.articles} articles, {words} words; best of {a.repeat}")
    print(f"bare parse (nlp.pipe):    {p:.2f} s  ({words / p:.0f} words/s)")
    print(f"kg build, in memory:      {b:.2f} s  ({words / b:.0f} words/s)")
    print(f"kg build, into a store:   {s:.2f} s  ({words / s:.0f} words/s)")
    print(f"ratio build/parse: {b / p:.2f}x in memory, {s / p:.2f}x into a store")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
