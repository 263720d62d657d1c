"""Beyond one machine: extraction as a Dask job that writes N-Quads shards, then a bulk load.

::

    from kg.scale.distributed import build_shards, load_shards
    shards = build_shards(["news/"], "output/shards", scheduler="tcp://scheduler-host:8786")
    load_shards(shards, "output/kg.store")

:func:`build_shards` runs in three phases, so that the shards hold exactly what a single-process
``build_dataset`` of the same articles gives, cross-article merges included:

1. **extract, on the workers.** The articles go out in tasks of ``articles_per_task``; each task
   parses and extracts its articles with the worker's pipeline (loaded once per worker process
   and kept) and keeps the extracted records (:class:`~kg.rdf.graph.DocumentFacts`) in the worker's
   memory. Parsed Docs never leave the task.
2. **plan merges, on the client.** Deciding that "Mr Marsh" in one article is "Tony Marsh" of
   another needs every article's people, so each task sends back a small copy of its records
   (entities and facts, without the sentences and quotes) and the client runs
   :func:`kg.merge.plan_corpus_merges` over all of them, as ``build_dataset`` does.
3. **write, on the workers.** Each task's records (still on the worker that extracted them) are
   turned into RDF with the merges planned for its articles, and written as one N-Quads file
   (one named graph per article, named as ``build_dataset`` names it), atomically (a temporary
   file, then a rename) and sorted, so the same articles give the same bytes.

:func:`load_shards` then adds the shards to a kg store (:mod:`kg.store`), and :func:`read_shards`
reads them into an rdflib Dataset. Only :func:`build_shards` needs Dask (``pip install
'kg[dask]'``); the workers need kg installed, and ``out_dir`` must be a folder that the workers
and the machine that loads the shards all see (a shared file system).
"""
from __future__ import annotations

import gc
import logging
import os
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pyoxigraph as ox
from rdflib import Dataset, Literal, URIRef
from rdflib.namespace import RDF

from kg.errors import InputError, OutputError
from kg.model import DocumentFacts
from kg.rdf.graph import bind_prefixes, document_triples
from kg.merge import Candidate, Overrides, plan_corpus_merges
from kg.extract.pipeline import DEFAULT_MODEL
from kg.sources import Skipped, Source, iter_sources
from kg.store.articles import ArticleStore
from kg.store.dump import dump_quads
from kg.store.terms import CATALOGUE, document_iri, from_ox, graph_name, to_ox
from kg.store.merges import article_records
from kg.store.terms import RECORDS
from kg.rdf.vocab import KG

_RECORDS = ox.NamedNode(str(RECORDS))

__all__ = ["Shard", "build_shards", "load_shards", "read_shards"]

log = logging.getLogger(__name__)

#: The file name of the shard of task ``n``.
SHARD_NAME = "shard-{:05d}.nq"


@dataclass(frozen=True)
class Shard:
    """One N-Quads file written by one task: its path, and how many articles and quads it holds."""

    path: str
    articles: int
    quads: int


# --- on the workers ------------------------------------------------------------------------

# (worker, model) -> the loaded pipeline and a lock: one load per worker process, kept for every
# later task. Keyed by worker too, so that workers sharing a process (a LocalCluster with
# processes=False) each have their own pipeline; the lock keeps two threads of one worker off
# one pipeline at once (spaCy pipelines are not made for that).
_PIPELINES: dict[tuple[str, str], tuple[Any, threading.Lock]] = {}
_PIPELINES_LOCK = threading.Lock()


def _worker_id() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().id)
    except (ImportError, ValueError):  # not inside a Dask worker
        return ""


def _pipeline(model: str) -> tuple[Any, threading.Lock]:
    from kg.extract.pipeline import load_pipeline

    key = (_worker_id(), model)
    with _PIPELINES_LOCK:
        if key not in _PIPELINES:
            _PIPELINES[key] = (load_pipeline(model), threading.Lock())
        return _PIPELINES[key]


def loaded_pipelines() -> list[tuple[str, str]]:
    """(worker, model) of each pipeline this process has loaded (``client.run`` it to see that
    each worker loaded its pipeline once)."""
    with _PIPELINES_LOCK:
        return sorted(_PIPELINES)


def _extract(sources: list[Source], model: str) -> list[DocumentFacts]:
    """Phase 1: parse and extract one task's articles; the records stay on the worker."""
    from kg.extract.pipeline import extract

    nlp, lock = _pipeline(model)
    with lock:
        docs = nlp.pipe((s.text for s in sources), batch_size=max(1, len(sources)))
        return [extract(doc, name=s.name, sha256=s.sha256, nlp=nlp)
                for s, doc in zip(sources, docs)]


def _for_planning(records: list[DocumentFacts]) -> list[DocumentFacts]:
    """What merge planning reads of each record (people, their facts): the sentences and quotes,
    the bulk of a record, stay behind."""
    return [replace(r, sentences=(), statements=()) for r in records]


def _write_shard(records: list[DocumentFacts], merges: dict, path: str) -> Shard:
    """Phase 3: one task's articles as RDF, written to ``path`` as sorted N-Quads, atomically."""
    from kg.output import write_output

    quads: list[ox.Quad] = []
    for facts in records:
        merged, decisions = merges.get(facts.sha256, ({}, ()))
        g = document_triples(facts, merged=merged, decisions=decisions)
        named = ox.NamedNode(str(graph_name(facts.sha256)))
        quads += [ox.Quad(to_ox(s), to_ox(p), to_ox(o), named) for s, p, o in g]
        document = ox.NamedNode(str(document_iri(facts.sha256)))
        quads += [ox.Quad(document, ox.NamedNode(str(p)), ox.Literal(text), _RECORDS)
                  for p, text in article_records(facts, merged, decisions)]
    dump = dump_quads(quads, "nquads")  # sorted, each quad once
    write_output(path, dump.data)
    return Shard(path=path, articles=len(records), quads=dump.quads)


# --- on the client -------------------------------------------------------------------------


def build_shards(
    paths_or_sources: Iterable[str | os.PathLike[str] | Source],
    out_dir: str | os.PathLike[str],
    *,
    scheduler: Any,
    model: str = DEFAULT_MODEL,
    articles_per_task: int = 16,
    overrides: Overrides | None = None,
    known: tuple[Candidate, ...] = (),
    on_skip: Callable[[Skipped], None] | None = None,
) -> list[Shard]:
    """Build articles into N-Quads shards under ``out_dir`` with a Dask cluster.

    ``paths_or_sources``: files, folders (every ``*.txt`` under them, as ``kg build`` reads them)
    and :class:`~kg.sources.Source` objects, read here and sent to the workers. ``scheduler``: a
    scheduler address (``"tcp://host:8786"``; a client is opened and closed for this call) or a
    ``distributed.Client``. ``model``: the spaCy pipeline, which each worker loads once.
    ``overrides`` and ``known`` are those of :func:`kg.build.build_dataset` (a user's
    same/different pairs; people named in full elsewhere, such as a store's).

    Returns the shards in input order: ``shard-00000.nq``, ``shard-00001.nq``, ... one a task,
    each with its absolute path (``out_dir`` is made absolute here, then written by the workers).
    Together they hold what ``build_dataset`` gives the same articles, one named graph each.
    A file of a folder that cannot be read is passed to ``on_skip`` (default: logged) and left out.
    """
    if articles_per_task < 1:
        raise ValueError("articles_per_task must be at least 1")
    out = Path(os.path.abspath(out_dir))  # the workers' working folder is not ours
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot make {out}: {exc.strerror or exc}") from None
    client, own = _client(scheduler)
    try:
        extracted = [client.submit(_extract, chunk, model, pure=False)
                     for chunk in _chunks(_read(paths_or_sources, on_skip), articles_per_task)]
        if not extracted:
            raise InputError("no readable article among the inputs")
        planning = client.gather(client.map(_for_planning, extracted, pure=False))
        merges = plan_corpus_merges([r for task in planning for r in task],
                                    overrides=overrides or Overrides(), known=known)
        written = [
            client.submit(_write_shard, records,
                          {r.sha256: merges[r.sha256] for r in task if r.sha256 in merges},
                          str(out / SHARD_NAME.format(n)), pure=False)
            for n, (records, task) in enumerate(zip(extracted, planning))
        ]
        shards = client.gather(written)
        del extracted, written
        return list(shards)
    finally:
        if own:
            client.close()


def _client(scheduler: Any) -> tuple[Any, bool]:
    """A distributed client for ``scheduler`` (an address or a client), and whether it is ours."""
    if hasattr(scheduler, "submit") and hasattr(scheduler, "gather"):
        return scheduler, False
    try:
        from distributed import Client
    except ImportError:
        raise ImportError("kg.scale.distributed.build_shards needs Dask: pip install 'kg[dask]'") from None
    return Client(scheduler, set_as_default=False), True


def _read(items: Iterable[str | os.PathLike[str] | Source],
          on_skip: Callable[[Skipped], None] | None) -> Iterator[Source]:
    if isinstance(items, (str, os.PathLike, Source)):
        items = [items]
    for item in items:
        if isinstance(item, Source):
            yield item
            continue
        for found in iter_sources([item]):
            if isinstance(found, Skipped):
                (on_skip or _log_skip)(found)
            else:
                yield found


def _log_skip(skipped: Skipped) -> None:
    log.warning("kg: skipped %s: %s", skipped.path, skipped.reason)


def _chunks(sources: Iterable[Source], size: int) -> Iterator[list[Source]]:
    chunk: list[Source] = []
    for source in sources:
        chunk.append(source)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


# --- loading -------------------------------------------------------------------------------


def _shard_path(shard: Shard | str | os.PathLike[str]) -> str:
    return shard.path if isinstance(shard, Shard) else os.fspath(shard)


def _graphs(shard: Shard | str | os.PathLike[str]) -> dict[ox.NamedNode, list[ox.Quad]]:
    """The quads of one shard, by named graph (one article text each, and the records graph
    with what a store keeps to plan merges again: see :mod:`kg.store.merges`)."""
    path = _shard_path(shard)
    graphs: dict[ox.NamedNode, list[ox.Quad]] = {}
    try:
        for q in ox.parse(path=path, format=ox.RdfFormat.N_QUADS):
            if isinstance(q.graph_name, ox.DefaultGraph):
                raise InputError(f"{path} is not a kg shard: a triple outside the article graphs")
            graphs.setdefault(q.graph_name, []).append(q)
    except (OSError, SyntaxError) as exc:
        raise InputError(f"cannot read the shard {path}: {' '.join(str(exc).split())}") from None
    return graphs


def _records_by_document(quads: list[ox.Quad]) -> dict[str, list[tuple[URIRef, str]]]:
    out: dict[str, list[tuple[URIRef, str]]] = {}
    for q in quads:
        out.setdefault(q.subject.value, []).append((URIRef(q.predicate.value), q.object.value))
    return out


def _article(named: ox.NamedNode, quads: list[ox.Quad], path: str) -> tuple[str, list[str]]:
    """The sha256 of the article text of one graph, and the paths it was built from."""
    sha256s = [q.object.value for q in quads if q.predicate == ox.NamedNode(KG.sha256)]
    if len(sha256s) != 1 or graph_name(sha256s[0]) != URIRef(named.value):
        raise InputError(f"{path}: the graph {named} is not one kg article")
    document = ox.NamedNode(str(document_iri(sha256s[0])))
    names = sorted(q.object.value for q in quads
                   if q.subject == document and q.predicate == ox.NamedNode(KG.fileName))
    return sha256s[0], names


def load_shards(shards: Iterable[Shard | str | os.PathLike[str]], store_path: str | os.PathLike[str],
                *, bulk: bool = False) -> Counter:
    """Add the articles of N-Quads shards to the kg store at ``store_path`` (made if missing).

    By default each article goes in through :meth:`kg.store.articles.ArticleStore.put`, as
    ``kg build --store`` writes it: one transaction an article, the catalogue and the union
    default graph kept in step, and a store that already holds articles treated incrementally
    (the same path and text ``unchanged``; a path whose text changed ``replaced``).

    ``bulk=True`` is for a new (or empty) store folder only: pyoxigraph's ``Store.bulk_extend``
    writes the article graphs, their union and the catalogue without transactions, which is
    much faster on a large corpus but leaves a half-loaded store if interrupted (delete the
    folder and load again). Both give the same store.

    Returns the count of each outcome (``added``, ``replaced``, ``unchanged``).
    """
    shards = list(shards)
    if bulk:
        return _bulk_load(shards, store_path)
    counts: Counter = Counter()
    with ArticleStore(store_path) as store:
        for shard in shards:
            path = _shard_path(shard)
            graphs = _graphs(shard)
            records = _records_by_document(graphs.pop(_RECORDS, []))
            for named, quads in graphs.items():
                sha256, names = _article(named, quads, path)
                triples = [(from_ox(q.subject), from_ox(q.predicate), from_ox(q.object)) for q in quads]
                kept = records.get(str(document_iri(sha256)), ())
                for name in names:
                    counts[store.put(name, sha256, triples, kept).status] += 1
    return counts


def _bulk_load(shards: list[Shard | str | os.PathLike[str]], store_path: str | os.PathLike[str]) -> Counter:
    if os.path.exists(store_path) and (not os.path.isdir(store_path) or os.listdir(store_path)):
        raise OutputError(f"{Path(store_path).as_posix()} is not a new or empty folder: a bulk load "
                          "makes a new store (load_shards without bulk=True adds to one)")
    seen: dict[str, str] = {}
    catalogue = ox.NamedNode(str(CATALOGUE))
    store = ox.Store(os.fspath(store_path))
    try:
        for shard in shards:
            path = _shard_path(shard)
            batch: list[ox.Quad] = []
            graphs = _graphs(shard)
            batch += graphs.pop(_RECORDS, [])
            for named, quads in graphs.items():
                sha256, names = _article(named, quads, path)
                document = ox.NamedNode(str(document_iri(sha256)))
                batch += quads
                batch += [ox.Quad(q.subject, q.predicate, q.object, ox.DefaultGraph()) for q in quads]
                batch += [ox.Quad(document, ox.NamedNode(str(RDF.type)), ox.NamedNode(str(KG.Document)), catalogue),
                          ox.Quad(document, ox.NamedNode(str(KG.sha256)), to_ox(Literal(sha256)), catalogue)]
                for name in names:
                    if seen.setdefault(name, sha256) != sha256:
                        raise InputError(f"{name} is in the shards with two different texts")
                    batch.append(ox.Quad(document, ox.NamedNode(str(KG.fileName)), to_ox(Literal(name)), catalogue))
            store.bulk_extend(batch)
        store.flush()
    finally:
        del store
        gc.collect()  # the RocksDB handle (and its lock) is released when the object goes
    return Counter({"added": len(seen)}) if seen else Counter()


def read_shards(shards: Iterable[Shard | str | os.PathLike[str]]) -> Dataset:
    """The shards as one rdflib Dataset, one named graph per article: what ``build_dataset``
    gives the same articles (``kg.rdf.writer.serialize(..., fmt="trig")`` writes the same bytes)."""
    ds = bind_prefixes(Dataset())
    for shard in shards:
        graphs = _graphs(shard)
        graphs.pop(_RECORDS, None)
        for named, quads in graphs.items():
            g = ds.graph(URIRef(named.value))
            for q in quads:
                g.add((from_ox(q.subject), from_ox(q.predicate), from_ox(q.object)))
    return ds
