"""Finding a kg store and opening it to read: an rdflib view of its union, or its triples.

A store is read through ``oxrdflib`` (rdflib's Graph API and SPARQL over pyoxigraph, with
Oxigraph's own query engine), opened read-only, so that readers never take the writer's lock.
What a store holds, and how it is written, is told in :mod:`kg.store`.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pyoxigraph as ox
from oxrdflib import OxigraphStore
from rdflib import Graph
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.term import Node

from .errors import GraphFileError, OutputError
from .storeterms import _plain, from_ox


def display(path: str | os.PathLike[str]) -> str:
    """A path as kg names it: ``./out/kg.store/`` -> ``out/kg.store``."""
    return Path(os.path.normpath(path)).as_posix()


def is_store(path: str | os.PathLike[str]) -> bool:
    """True if ``path`` is a folder holding an Oxigraph (RocksDB) database."""
    try:
        names = os.listdir(path)
    except OSError:
        return False
    return "CURRENT" in names and any(n.startswith("MANIFEST-") for n in names)


class _ReadOnlyOxigraph(OxigraphStore):
    """oxrdflib's store, with plain literals as rdflib makes them (no xsd:string datatype)."""

    def triples(self, triple_pattern, context=None):  # type: ignore[override]
        for (s, p, o), contexts in super().triples(triple_pattern, context):
            yield (s, p, _plain(o)), contexts

    def query(self, query, initNs, initBindings, queryGraph, **kwargs):  # type: ignore[override]  # noqa: N803
        result = super().query(query, initNs, initBindings, queryGraph, **kwargs)
        if result.type == "SELECT":
            bindings = result.bindings
            result.bindings = ({v: _plain(t) for v, t in row.items()} for row in bindings)
        elif result.type == "CONSTRUCT" and result.graph is not None:
            graph = Graph()
            for s, p, o in result.graph:
                graph.add((s, p, _plain(o)))
            result.graph = graph
        return result

    def add(self, *args, **kwargs):  # type: ignore[override]
        raise OutputError("a store opened for reading is not changed")

    addN = remove = update = add  # noqa: N815


def open_read_only(path: str | os.PathLike[str]) -> ox.Store:
    name = display(path)
    if not is_store(path):
        raise GraphFileError(f"no kg store at {name}")
    try:
        return ox.Store.read_only(str(path))
    except OSError as exc:
        raise GraphFileError(_open_error(name, exc)) from None


def union_view(path: str | os.PathLike[str]) -> Graph:
    """The store's default graph (the union of its articles) as a read-only rdflib Graph.

    Its ``query`` runs on Oxigraph's SPARQL engine when given the query text (see
    :func:`answers_sparql`); the Graph API (``triples``, ``objects``, ...) reads the store as it is.
    """
    store = _ReadOnlyOxigraph(store=open_read_only(path))
    return Graph(store=store, identifier=DATASET_DEFAULT_GRAPH_ID)


def answers_sparql(graph: Graph) -> bool:
    """True if ``graph`` is a store view whose own engine should be given the query text."""
    return isinstance(graph.store, _ReadOnlyOxigraph)


def union_triples(path: str | os.PathLike[str]) -> Iterator[tuple[Node, Node, Node]]:
    """Every triple of the store's default graph (the union of its articles)."""
    store = open_read_only(path)
    for q in store.quads_for_pattern(None, None, None, ox.DefaultGraph()):
        yield from_ox(q.subject), from_ox(q.predicate), from_ox(q.object)  # type: ignore[misc]


# --- messages (the writer's too) -----------------------------------------------------------


def _open_error(name: str, exc: OSError) -> str:
    text = _one_line(exc)
    if "lock" in text.lower():
        return (f"the store {name} is in use by another process (a kg build or kg remove writing it, "
                "or an Oxigraph server started with serve: use serve-read-only)")
    return f"cannot open the store {name}: {text}"


def _one_line(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return (text[:300] + "…") if len(text) > 300 else (text or type(exc).__name__)
