"""What several readers of one Doc work out alike, kept while kg reads that Doc.

:func:`kg.extract.component.facts_of` reads a Doc through many functions (mentions, rules,
predications, evaluations) that ask the same things of it: a column of token attributes, the
tokens whose lower-case form is one of some words, whether a verb's event is asserted. Inside
``with reading(doc):`` the answers are kept (nothing changes the Doc while it is read) and
dropped at the end; outside it nothing is kept, and each call works its answer out again, so
the functions that use a memo stay functions of their arguments.
"""
from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

import numpy
from spacy.tokens import Doc, Span, Token

_READING: dict[int, tuple[Doc, defaultdict[str, dict]]] = {}   # id(doc) -> (doc, memo name -> memo)


@contextmanager
def reading(doc: Doc) -> Iterator[None]:
    """Keep the memos of ``doc`` until the block ends."""
    _READING[id(doc)] = (doc, defaultdict(dict))
    try:
        yield
    finally:
        del _READING[id(doc)]


def memo(doc: Doc, name: str) -> dict:
    """The memo called ``name`` of a Doc being read (an empty dict nobody keeps otherwise)."""
    kept = _READING.get(id(doc))
    if kept is None or kept[0] is not doc:
        return {}
    return kept[1][name]


def is_read(doc: Doc) -> bool:
    """Whether ``doc`` is being read (its memos kept)."""
    kept = _READING.get(id(doc))
    return kept is not None and kept[0] is doc


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
    at = wanted.searchsorted(values)
    numpy.minimum(at, len(wanted) - 1, out=at)
    return (wanted[at] == values).nonzero()[0].tolist()


@lru_cache(maxsize=64)
def _sorted(ids: frozenset[int]) -> numpy.ndarray:
    return numpy.array(sorted(ids), dtype=numpy.uint64)


def children(tok: Token) -> list[Token]:
    """``list(tok.children)``, made once per token while its Doc is read (a list to read, not to change)."""
    kids = memo(tok.doc, "children")
    found = kids.get(tok.i)
    if found is None:
        found = kids[tok.i] = list(tok.children)
    return found


def sentence_list(doc: Doc) -> list[Span]:
    """``list(doc.sents)``, made once while the Doc is read."""
    kept = memo(doc, "sentences")
    if "all" not in kept:
        kept["all"] = list(doc.sents)
        kept["starts"] = [s.start for s in kept["all"]]
    return kept["all"]


def sentence_of(tok: Token) -> Span:
    """``tok.sent`` (which walks the tokens to the sentence's ends each time), found among the
    Doc's sentences while the Doc is read."""
    doc = tok.doc
    if not is_read(doc) or "sents" in doc.user_hooks or "sent" in doc.user_token_hooks:
        return tok.sent
    sents = sentence_list(doc)
    return sents[bisect_right(memo(doc, "sentences")["starts"], tok.i) - 1]
