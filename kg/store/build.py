"""Building articles into a store: parse only what is new or changed, write one article at a time.

:func:`build_into_store` streams a corpus into an :class:`kg.store.articles.ArticleStore` a chunk at a
time, so memory stays flat however large the corpus; each write it makes, and each article it
skips, is an :class:`Outcome`.
"""
from __future__ import annotations

import queue
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rdflib.term import Node

from kg.errors import OutputError
from kg.sources import Source
from kg.store.articles import Outcome

Triple = tuple[Node, Node, Node]
Graphs = Mapping[str, "Article | Iterable[Triple]"]   # each article's graph (and records), by the sha256 of its text

if TYPE_CHECKING:
    from spacy.language import Language

    from kg.merge import Overrides
    from kg.store.articles import ArticleStore  # noqa: F401


def build_into_store(
    store: ArticleStore,
    sources: Iterable[Source],
    *,
    build: Callable[[list[Source], Callable[[], None]], Graphs | Callable[[], Graphs]],
    report: Callable[[Outcome], None] = lambda outcome: None,
    chunk: int = 16,
) -> Counter:
    """Add ``sources`` to ``store``: each article in its own transaction.

    An article whose path already holds the same text is ``unchanged`` and not parsed; a text the
    store has under another path is recorded under this path too, without parsing; the others
    are built with ``build(chunk, settle)`` (``corpus_triples`` with a pipeline: each article's
    triples by the sha256 of its text), ``chunk`` articles at a time, so memory stays flat however
    large the corpus. The articles are written one by one, in input order, by a writer thread,
    while the next chunk is parsed (the database writes without holding Python's lock);
    ``settle()`` waits until the writes queued so far are in the store, for a ``build`` that
    reads the store (people earlier articles named) after parsing. ``build`` may instead return
    a function that gives the triples: it is called once the chunk before is queued, so that a
    build started in other processes (``--jobs``) runs while the chunk before is merged and written.

    ``report`` is told each outcome once it is in the store, in the order of the writes, by the
    writer thread (an unchanged article is told at once; a new one once its chunk is built);
    when the build stops (an error, Ctrl-C) the write under way is finished and reported, and
    the queued ones are dropped. Returns the count of each status.
    """
    counts: Counter = Counter()

    def done(outcome: Outcome) -> None:
        counts[outcome.status] += 1
        report(outcome)

    with _Writer(store, done) as writer:
        chunks = _Chunks(writer, build)
        for source in sources:
            state = store.state(source)
            if state == "known":
                # its text's other path may be changing in a write still to come: decide on the
                # store as it will be (rare: a text already stored under another path), and
                # keep the writes in input order (a deferred chunk's go first)
                chunks.put_deferred()
                writer.settle()
                state = store.state(source)
            if state == "unchanged":
                writer.note(Outcome(source.name, "unchanged"))
            elif state == "known":
                writer.put(source.name, source.sha256, None)
            else:
                chunks.todo.append(source)
            if len(chunks.todo) >= chunk:
                chunks.advance()
        chunks.finish()
    return counts


def build_articles(
    store: ArticleStore,
    sources: Iterable[Source],
    *,
    pipeline: Callable[[], Language],
    jobs: int = 1,
    overrides: Overrides | None = None,
    report: Callable[[Outcome], None] = lambda outcome: None,
    warn: Callable[[str], None] = lambda message: None,
    chunk: int = 16,
) -> Counter:
    """``kg build SOURCES --store STORE``: :func:`build_into_store` with kg's extraction, then
    :func:`kg.store.merges.settle_merges` over the whole store.

    ``pipeline()`` gives the spaCy pipeline; it is called once, when the first article is new
    or changed. Each chunk is written with the merges its own articles allow, and the records to
    plan again; once every article is in, merges are planned over all the store's texts and the
    graphs whose merges changed are rewritten (counted as ``rewritten``); ``warn`` is told of
    each override that names no person in the store. ``overrides`` are kept
    in the store for later builds (None: keep the ones it has). The store that results is the
    same whatever ``jobs``, ``chunk``, the order of ``sources`` or an earlier interrupted run.
    """
    from kg.scale.parallel import extract_later, extract_sources, worker_pool
    from kg.store.merges import settle_merges

    loaded: dict = {}

    with ExitStack() as stack:
        def build(batch: list[Source], settle: Callable[[], None]):
            if not loaded:
                loaded["nlp"] = pipeline()
                # the workers (--jobs) are forked once, for the whole build, and not while the
                # writer thread is in the middle of a write
                settle()
                loaded["pool"] = stack.enter_context(worker_pool(loaded["nlp"], jobs))
            if loaded["pool"] is None:
                return _chunk_articles(list(extract_sources(batch, nlp=loaded["nlp"], jobs=1)), overrides)
            # the workers parse this chunk while the one before is merged and written
            records = extract_later(batch, loaded["pool"])
            return lambda: _chunk_articles(records(), overrides)

        counts = build_into_store(store, sources, build=build, report=report, chunk=chunk)
    settled = settle_merges(store, overrides=overrides)
    if settled.rewritten:
        counts["rewritten"] += settled.rewritten
    for message in settled.unmatched:
        warn(message)
    return counts


@dataclass(frozen=True)
class Article:
    """One text's graph and the records the store keeps about it."""

    triples: Iterable[Triple]
    records: tuple


def _chunk_articles(extracted: list, overrides) -> dict[str, Article]:
    """The graphs of a chunk's articles, merged within the chunk, with their records."""
    from kg.rdf.graph import document_triples
    from kg.merge import Overrides, plan_corpus_merges
    from kg.store.merges import article_records

    merges = plan_corpus_merges(extracted, overrides=overrides or Overrides())
    out: dict[str, Article] = {}
    for facts in extracted:
        if facts.sha256 in out:
            continue   # one text under two paths: one graph (the store adds the other path)
        merged, decisions = merges.get(facts.sha256, ({}, ()))
        out[facts.sha256] = Article(document_triples(facts, merged=merged, decisions=decisions),
                                    article_records(facts, merged, decisions))
    return out


class _Chunks:
    """The chunks of new articles: the one being gathered, and one whose build was deferred."""

    def __init__(self, writer: _Writer, build):
        self.writer, self.build = writer, build
        self.todo: list[Source] = []
        self.deferred: tuple[list[Source], Callable[[], Graphs]] | None = None

    def advance(self) -> None:
        """Build the gathered chunk; queue the writes of the deferred one, then of this one
        (unless its build is deferred in turn)."""
        todo, self.todo = self.todo, []
        built = self.build(todo, self.writer.settle) if todo else None
        self.put_deferred()
        if callable(built):
            self.deferred = (todo, built)
        elif built is not None:
            self._put(todo, built)

    def finish(self) -> None:
        """Build the last chunk and queue every write left."""
        self.advance()
        self.put_deferred()

    def put_deferred(self) -> None:
        """Queue the writes of the chunk whose build was deferred, if any (waiting for it)."""
        if self.deferred is not None:
            (todo, finish), self.deferred = self.deferred, None
            self._put(todo, finish())

    def _put(self, todo: list[Source], graphs: Graphs) -> None:
        for source in todo:
            built = graphs.get(source.sha256)
            if isinstance(built, Article):
                self.writer.put(source.name, source.sha256, built.triples, built.records)
            else:
                self.writer.put(source.name, source.sha256, built)


class _Writer:
    """One thread that makes the store's writes, and reports them, in the order they are queued.
    An error in it is raised in the queuing thread, at its next call or at exit."""

    def __init__(self, store: ArticleStore, report: Callable[[Outcome], None], backlog: int = 128,
                 flush_every: int = 16):
        self.store, self.report, self.flush_every = store, report, flush_every
        self.queue: queue.Queue = queue.Queue(maxsize=backlog)   # bounded: memory stays flat
        self.error: BaseException | None = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="kg-store-writer", daemon=True)

    def __enter__(self) -> _Writer:
        self.thread.start()
        return self

    def _run(self) -> None:
        unflushed = 0
        while (item := self.queue.get()) is not None:
            try:
                if not self.stop.is_set() and self.error is None:  # else stopping: drop the rest
                    if isinstance(item, Outcome):
                        self.report(item)
                    else:
                        self.report(self.store.put(*item))
                        unflushed += 1
                        if unflushed >= self.flush_every and self.queue.empty():
                            # caught up with the parse: write the database's memory table out now,
                            # not all at the close (a smaller table also takes writes faster)
                            unflushed = 0
                            try:
                                self.store.flush()
                            except OutputError:
                                pass  # as at the close: every write is in the database's log
            except BaseException as exc:  # noqa: BLE001 - handed to the queuing thread
                self.error = exc
            finally:
                self.queue.task_done()

    def put(self, name: str, sha256: str, triples: Iterable[Triple] | None, records: tuple = ()) -> None:
        self._check()
        self.queue.put((name, sha256, triples, records))

    def note(self, outcome: Outcome) -> None:
        """An outcome that needs no write, reported in its turn after the writes queued before it."""
        self._check()
        self.queue.put(outcome)

    def settle(self) -> None:
        """Wait until every write queued so far is made (or dropped after an error)."""
        self.queue.join()
        self._check()

    def _check(self) -> None:
        if self.error is not None:
            raise self.error

    def __exit__(self, kind, exc, tb) -> None:
        if kind is not None:
            self.stop.set()   # finish the write under way, drop the rest
        try:
            self.queue.put(None)
            self.thread.join()
        except BaseException:  # Ctrl-C while the last writes are made: stop there too
            self.stop.set()
            self.queue.put(None)  # (again: the first may not have gone in) the rest is dropped
            self.thread.join()
            raise
        if kind is None:
            self._check()
