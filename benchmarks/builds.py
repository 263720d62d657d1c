"""Timed kg builds for the benchmarks: in memory (``build_triples``, what ``kg build -o x.ttl``
writes) and into a new store (``build_articles``, what ``kg build DIR --store`` runs), each
returning when it started and ended (``perf_counter`` seconds)."""
from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from kg.build import build_triples
from kg.store.articles import ArticleStore
from kg.store.build import build_articles


class Interval(NamedTuple):
    start: float
    end: float

    @property
    def seconds(self) -> float:
        return self.end - self.start


def time_memory_build(sources, nlp, *, jobs: int = 1) -> Interval:
    t = time.perf_counter()
    build_triples(sources, nlp=nlp, jobs=jobs)
    return Interval(t, time.perf_counter())


def time_store_build(sources, nlp, *, jobs: int = 1) -> Interval:
    """Into a new store in a temporary folder (opened and closed in the time; removed after it)."""
    folder = Path(tempfile.mkdtemp(prefix="kg-bench-"))
    try:
        t = time.perf_counter()
        with ArticleStore(folder / "kg.store") as st:
            build_articles(st, sources, pipeline=lambda: nlp, jobs=jobs)
        return Interval(t, time.perf_counter())
    finally:
        shutil.rmtree(folder)
