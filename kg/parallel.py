"""Extraction in several processes: each worker parses and extracts its share of the articles
and sends back only the small extracted records (sending parsed Docs back is slower than
parsing again). Results come back in input order, so the output does not depend on ``jobs``.
"""
from __future__ import annotations

import multiprocessing
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from itertools import islice

from spacy.language import Language

from .graph import DocumentFacts
from .lexicon import load_lexicon
from .sources import Source

_NLP: Language | None = None   # the pipeline a forked worker inherits


def _extract_batch(batch: list[Source]) -> list[DocumentFacts]:
    from .pipeline import extract

    assert _NLP is not None
    lexicon = load_lexicon()
    return [extract(doc, name=s.name, sha256=s.sha256, nlp=_NLP, lexicon=lexicon)
            for s, doc in zip(batch, _NLP.pipe((s.text for s in batch), batch_size=len(batch)))]


def _batches(items: Iterable[Source], size: int) -> Iterator[list[Source]]:
    it = iter(items)
    while batch := list(islice(it, size)):
        yield batch


def extract_sources(sources: Iterable[Source], *, nlp: Language, jobs: int = 1,
                    batch_size: int = 8) -> Iterator[DocumentFacts]:
    """The extracted records of each article, in input order, using ``jobs`` processes."""
    global _NLP
    if jobs <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        _NLP = nlp
        for batch in _batches(sources, batch_size):
            yield from _extract_batch(batch)
        return
    _NLP = nlp  # forked workers start with the loaded pipeline: no second load, no pickling
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        # a bounded window of batches in flight keeps memory flat on a large corpus
        window = jobs * 2
        pending = []
        for batch in _batches(sources, batch_size):
            pending.append(pool.submit(_extract_batch, batch))
            if len(pending) >= window:
                yield from pending.pop(0).result()
        for future in pending:
            yield from future.result()
