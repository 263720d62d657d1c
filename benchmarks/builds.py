"""Timed kg builds for the benchmarks: in memory (``build_dataset``) and into a new store
(``build_articles``, what ``kg build DIR --store`` runs), each returning the seconds it took."""
from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from kg.pipeline import build_dataset
from kg.store import ArticleStore, build_articles


def time_memory_build(sources, nlp, *, jobs: int = 1) -> float:
    t = time.perf_counter()
    build_dataset(sources, nlp=nlp, jobs=jobs)
    return time.perf_counter() - t


def time_store_build(sources, nlp, *, jobs: int = 1) -> float:
    """Into a new store in a temporary folder, removed afterwards (not timed)."""
    folder = Path(tempfile.mkdtemp(prefix="kg-bench-"))
    try:
        t = time.perf_counter()
        with ArticleStore(folder / "kg.store") as st:
            build_articles(st, sources, pipeline=lambda: nlp, jobs=jobs)
        return time.perf_counter() - t
    finally:
        shutil.rmtree(folder)
