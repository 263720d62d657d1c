"""How much faster kg build runs in N processes than in one, on one generated corpus.

    .venv/bin/python benchmarks/jobs.py [--articles 64] [--jobs 2] [--repeat 3]

Alternates one-process and N-process builds, in memory and into a new store, --repeat times
each, and prints the best of each and the speed-ups. Beside them, the same for a bare parse
(plain ``nlp.pipe`` over the articles in one process, then split over N forked processes): the
speed-up the machine itself gives N processes at the time, which kg's cannot exceed. The
machine is shared and noisy: compare the ratios, not seconds across runs.
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from builds import time_memory_build, time_store_build  # noqa: E402
from corpus import sources as corpus_sources  # noqa: E402

from kg.extract.component import NAME as RELATIONS  # noqa: E402
from kg.extract.pipeline import load_pipeline  # noqa: E402

_NLP = None  # the pipeline the forked processes of a bare parse inherit


def _parse(texts: list[str]) -> None:
    with _NLP.select_pipes(disable=[RELATIONS]):   # the parse alone, without kg's component
        for _doc in _NLP.pipe(texts, batch_size=8):
            pass


def time_bare_parse(texts: list[str], nlp, *, jobs: int) -> float:
    """Plain nlp.pipe over the texts, in one process or split over ``jobs`` forked ones."""
    global _NLP
    _NLP = nlp
    t = time.perf_counter()
    if jobs <= 1:
        _parse(texts)
    else:
        context = multiprocessing.get_context("fork")
        workers = [context.Process(target=_parse, args=(texts[k::jobs],)) for k in range(jobs)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
    return time.perf_counter() - t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=64)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    sources = corpus_sources(a.articles)
    texts = [s.text for s in sources]
    words = sum(len(t.split()) for t in texts)
    nlp = load_pipeline(freeze=True)  # as kg build loads it
    time_memory_build(sources[:2], nlp)  # warm up
    runs = {
        "bare parse": lambda jobs: time_bare_parse(texts, nlp, jobs=jobs),
        "in memory": lambda jobs: time_memory_build(sources, nlp, jobs=jobs).seconds,
        "into a store": lambda jobs: time_store_build(sources, nlp, jobs=jobs).seconds,
    }
    times: dict[tuple[str, int], list[float]] = {}
    for _ in range(a.repeat):
        for where, run in runs.items():
            for jobs in (1, a.jobs):
                times.setdefault((where, jobs), []).append(run(jobs))
    print(f"corpus: {a.articles} articles, {words} words; best of {a.repeat}")
    for where in runs:
        one, many = min(times[where, 1]), min(times[where, a.jobs])
        print(f"{where:>12}: 1 job {one:.2f} s, {a.jobs} jobs {many:.2f} s ({words / many:.0f} words/s); "
              f"speed-up {one / many:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
