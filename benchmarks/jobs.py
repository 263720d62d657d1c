"""How much faster kg build runs in N processes than in one, on one generated corpus.

    .venv/bin/python benchmarks/jobs.py [--articles 60] [--jobs 2] [--repeat 2]

Alternates one-process and N-process builds, in memory and into a new store, --repeat times
each and prints the best of each and the speed-ups. The machine is shared and noisy: compare
the ratios, not seconds across runs.
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=2)
    a = ap.parse_args(argv)
    sources = corpus_sources(a.articles)
    texts = [s.text for s in sources]
    words = sum(len(t.split()) for t in texts)
    nlp = load_pipeline(freeze=True)  # as kg build loads it
    build_dataset(sources[:2], nlp=nlp)  # warm up
    times: dict[tuple[str, int], list[float]] = {}
    for _ in range(a.repeat):
        for jobs in (1, a.jobs):
            t = time.perf_counter()
            build_dataset(sources, nlp=nlp, jobs=jobs)
            times.setdefault(("in memory", jobs), []).append(time.perf_counter() - t)
            times.setdefault(("into a store", jobs), []).append(build_store(sources, nlp, jobs))
    print(f"corpus: {a.articles} articles, {words} words; best of {a.repeat}")
    for where in ("in memory", "into a store"):
        one, many = min(times[where, 1]), min(times[where, a.jobs])
        print(f"{where:>12}: 1 job {one:.2f} s, {a.jobs} jobs {many:.2f} s ({words / many:.0f} words/s); "
              f"speed-up {one / many:.2f}x")
    return 0


def build_store(sources, nlp, jobs: int) -> float:
    """kg build DIR --store --jobs N into a new store in a temporary folder; the seconds it took."""
    folder = Path(tempfile.mkdtemp(prefix="kg-bench-"))
    try:
        t = time.perf_counter()
        with ArticleStore(folder / "kg.store") as st:
            build_articles(st, sources, pipeline=lambda: nlp, jobs=jobs)
        return time.perf_counter() - t
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    raise SystemExit(main())
