"""How much faster kg build runs in N processes than in one, on one generated corpus.

    .venv/bin/python benchmarks/jobs.py [--articles 60] [--jobs 2] [--repeat 2]

Alternates one-process and N-process builds, in memory and into a new store, --repeat times
each and prints the best of each and the speed-ups. The machine is shared and noisy: compare
the ratios, not seconds across runs.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from builds import time_memory_build, time_store_build  # noqa: E402
from corpus import sources as corpus_sources  # noqa: E402

from kg.pipeline import load_pipeline  # noqa: E402


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
    time_memory_build(sources[:2], nlp)  # warm up
    times: dict[tuple[str, int], list[float]] = {}
    for _ in range(a.repeat):
        for jobs in (1, a.jobs):
            times.setdefault(("in memory", jobs), []).append(time_memory_build(sources, nlp, jobs=jobs))
            times.setdefault(("into a store", jobs), []).append(time_store_build(sources, nlp, jobs=jobs))
    print(f"corpus: {a.articles} articles, {words} words; best of {a.repeat}")
    for where in ("in memory", "into a store"):
        one, many = min(times[where, 1]), min(times[where, a.jobs])
        print(f"{where:>12}: 1 job {one:.2f} s, {a.jobs} jobs {many:.2f} s ({words / many:.0f} words/s); "
              f"speed-up {one / many:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
