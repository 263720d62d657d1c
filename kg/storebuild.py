"""Building articles into a store: parse only what is new or changed, write one article at a time.

:func:`build_into_store` streams a corpus into an :class:`kg.store.ArticleStore` a chunk at a
time, so memory stays flat however large the corpus; each write it makes, and each article it
skips, is an :class:`Outcome`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rdflib.term import Node

from .sources import Source

Triple = tuple[Node, Node, Node]

if TYPE_CHECKING:  # kg.store imports this module (for Outcome): no import back at run time
    from .store import ArticleStore


@dataclass(frozen=True)
class Outcome:
    """What one write did to one article path."""

    name: str
    status: str  # "added", "replaced", "unchanged" or "removed"
    same_text_as: str | None = None  # the text was already in the store under this other path


def build_into_store(
    store: ArticleStore,
    sources: Iterable[Source],
    *,
    build: Callable[[list[Source]], Mapping[str, Iterable[Triple]]],
    report: Callable[[Outcome], None] = lambda outcome: None,
    chunk: int = 64,
) -> Counter:
    """Add ``sources`` to ``store``: each article in its own transaction.

    An article whose path already holds the same text is ``unchanged`` and not parsed; a text the
    store has under another path is recorded under this path too, without parsing; the others
    are built with ``build`` (``corpus_triples`` with a pipeline: each article's triples by the
    sha256 of its text), ``chunk`` articles at a time, and written one by one, so memory stays
    flat however large the corpus. ``report`` is told each outcome as it happens. Returns the count of each status.
    """
    counts: Counter = Counter()

    def done(outcome: Outcome) -> None:
        counts[outcome.status] += 1
        report(outcome)

    todo: list[Source] = []
    for source in sources:
        state = store.state(source)
        if state == "unchanged":
            done(Outcome(source.name, "unchanged"))
        elif state == "known":
            done(store.put(source.name, source.sha256, None))
        else:
            todo.append(source)
        if len(todo) >= chunk:
            _build_and_put(store, todo, build, done)
            todo = []
    if todo:
        _build_and_put(store, todo, build, done)
    return counts


def _build_and_put(store: ArticleStore, todo: list[Source], build, done) -> None:
    if todo:
        graphs = build(todo)
        for source in todo:
            done(store.put(source.name, source.sha256, graphs.get(source.sha256)))
