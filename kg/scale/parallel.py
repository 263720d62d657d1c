"""Extraction in several processes: each worker parses and extracts its share of the articles
and sends back only the small extracted records (sending parsed Docs back is slower than
parsing again). Results come back in input order, so the output does not depend on ``jobs``.
"""
from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from concurrent.futures import ProcessPoolExecutor
from itertools import islice

from spacy.language import Language

from kg.model import DocumentFacts
from kg.sources import Source

_NLP: Language | None = None   # the pipeline a forked worker inherits


def _extract_batch(batch: list[Source]) -> list[DocumentFacts]:
    from kg.extract.pipeline import extract

    assert _NLP is not None
    return [extract(doc, name=s.name, sha256=s.sha256, nlp=_NLP)
            for s, doc in zip(batch, _NLP.pipe((s.text for s in batch), batch_size=len(batch)))]


def _batches(items: Iterable[Source], size: int) -> Iterator[list[Source]]:
    it = iter(items)
    while batch := list(islice(it, size)):
        yield batch


@contextmanager
def worker_pool(nlp: Language, jobs: int) -> Iterator[ProcessPoolExecutor | None]:
    """``jobs`` worker processes for :func:`extract_sources`, kept across calls (None for one job,
    or where processes cannot be forked). The workers are forked, with the loaded pipeline, at
    the first batch given them: all of them then (the fork start method starts them together)."""
    global _NLP
    if jobs <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        yield None
        return
    _NLP = nlp  # forked workers start with the loaded pipeline: no second load, no pickling
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        yield pool


def extract_sources(sources: Iterable[Source], *, nlp: Language, jobs: int = 1,
                    batch_size: int = 8, pool: ProcessPoolExecutor | None = None) -> Iterator[DocumentFacts]:
    """The extracted records of each article, in input order, using ``jobs`` processes (those of
    ``pool``, a :func:`worker_pool` of ``nlp``, when given; else a pool for this call)."""
    global _NLP
    if pool is not None:
        yield from _in_pool(sources, pool, jobs=jobs, batch_size=batch_size)
        return
    with worker_pool(nlp, jobs) as own:
        if own is not None:
            yield from _in_pool(sources, own, jobs=jobs, batch_size=batch_size)
            return
    _NLP = nlp
    for batch in _batches(sources, batch_size):
        yield from _extract_batch(batch)


def _in_pool(sources: Iterable[Source], pool: ProcessPoolExecutor, *, jobs: int,
             batch_size: int) -> Iterator[DocumentFacts]:
    # a bounded window of batches in flight keeps memory flat on a large corpus
    window = jobs * 2
    pending = []
    for batch in _batches(sources, batch_size):
        pending.append(pool.submit(_extract_batch, batch))
        if len(pending) >= window:
            yield from pending.pop(0).result()
    for future in pending:
        yield from future.result()


def extract_later(sources: list[Source], pool: ProcessPoolExecutor, *,
                  batch_size: int = 8) -> Callable[[], list[DocumentFacts]]:
    """Start extracting ``sources`` in the workers of ``pool`` now; the function returned waits
    for their records, in input order. The caller works on meanwhile (on the chunk before)."""
    futures = [pool.submit(_extract_batch, batch) for batch in _batches(sources, batch_size)]
    return lambda: [facts for future in futures for facts in future.result()]
