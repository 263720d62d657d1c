"""What several readers of one Doc work out alike, kept while kg reads that Doc.

:func:`kg.extract.component.facts_of` reads a Doc through many functions (mentions, rules,
predications, evaluations) that ask the same things of it: a column of token attributes, the
tokens whose lower-case form is one of some words, whether a verb's event is asserted. Inside
``with reading(doc):`` the answers are kept (nothing changes the Doc while it is read) and
dropped at the end; outside it nothing is kept, and each call works its answer out again, so
the functions that use a memo stay functions of their arguments.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

import numpy
from spacy.tokens import Doc

_READING: dict[int, tuple[Doc, dict[str, dict]]] = {}   # id(doc) -> (doc, memo name -> memo)


@contextmanager
def reading(doc: Doc) -> Iterator[None]:
    """Keep the memos of ``doc`` until the block ends."""
    _READING[id(doc)] = (doc, {})
    try:
        yield
    finally:
        del _READING[id(doc)]


def memo(doc: Doc, name: str) -> dict:
    """The memo called ``name`` of a Doc being read (an empty dict nobody keeps otherwise)."""
    kept = _READING.get(id(doc))
    if kept is None or kept[0] is not doc:
        return {}
    return kept[1].setdefault(name, {})


def column(doc: Doc, attr: int) -> numpy.ndarray:
    """The Doc's ``attr`` column (``doc.to_array(attr)``), read once while the Doc is read."""
    columns = memo(doc, "column")
    if attr not in columns:
        columns[attr] = doc.to_array(attr)
    return columns[attr]


def column_list(doc: Doc, attr: int) -> list[int]:
    """:func:`column` as a list of Python ints."""
    lists = memo(doc, "column_list")
    if attr not in lists:
        lists[attr] = column(doc, attr).tolist()
    return lists[attr]


def indices_with(doc: Doc, attr: int, ids: frozenset[int]) -> list[int]:
    """The indices of the tokens whose ``attr`` (a string id: ORTH, LOWER, LEMMA) is one of
    ``ids``, in order: looked up in the sorted ids, no Python step per token."""
    values = column(doc, attr)
    wanted = _sorted(ids)
    if not len(values) or not len(wanted):
        return []
    at = numpy.minimum(numpy.searchsorted(wanted, values), len(wanted) - 1)
    return numpy.flatnonzero(wanted[at] == values).tolist()


@lru_cache(maxsize=64)
def _sorted(ids: frozenset[int]) -> numpy.ndarray:
    return numpy.array(sorted(ids), dtype=numpy.uint64)
