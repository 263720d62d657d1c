"""Finding a kg store and opening it to read: an rdflib view of its union, or its triples.

A store is read through ``oxrdflib`` (rdflib's Graph API and SPARQL over pyoxigraph, with
Oxigraph's own query engine), opened read-only, so that readers never take the writer's lock. A
SELECT goes to pyoxigraph itself (:func:`select`), so that its rows come one at a time, as the
engine finds them. What a store holds, and how it is written, is told in :mod:`kg.store`.
"""
from __future__ import annotations

import os
from collections.abc import Iterator, Mapping

import pyoxigraph as ox
from oxrdflib import OxigraphStore
from rdflib import Graph
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.term import Node

from kg.errors import GraphFileError, OutputError
from kg.names import path_name
from kg.store.terms import plain_literal, from_ox, to_ox


def display(path: str | os.PathLike[str]) -> str:
    """A path as kg names it: ``./out/kg.store/`` -> ``out/kg.store`` (see :mod:`kg.names`)."""
    return path_name(path)


def is_store(path: str | os.PathLike[str]) -> bool:
    """True if ``path`` is a folder holding an Oxigraph (RocksDB) database."""
    try:
        names = os.listdir(path)
    except OSError:
        return False
    return "CURRENT" in names and any(n.startswith("MANIFEST-") for n in names)


class _ReadOnlyOxigraph(OxigraphStore):
    """oxrdflib's store, with plain literals as rdflib makes them (no xsd:string datatype)."""

    def __init__(self, *, store: ox.Store) -> None:
        super().__init__(store=store)
        self.ox_store = store

    def triples(self, triple_pattern, context=None):  # type: ignore[override]
        for (s, p, o), contexts in super().triples(triple_pattern, context):
            yield (s, p, plain_literal(o)), contexts

    def query(self, query, initNs, initBindings, queryGraph, **kwargs):  # type: ignore[override]  # noqa: N803
        result = super().query(query, initNs, initBindings, queryGraph, **kwargs)
        if result.type == "SELECT":
            bindings = result.bindings
            result.bindings = ({v: plain_literal(t) for v, t in row.items()} for row in bindings)
        elif result.type == "CONSTRUCT" and result.graph is not None:
            graph = Graph()
            for s, p, o in result.graph:
                graph.add((s, p, plain_literal(o)))
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
        raise GraphFileError(open_error(name, exc)) from None


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


def select(
    graph: Graph, text: str, prefixes: Mapping[str, str], bindings: Mapping[str, Node]
) -> tuple[tuple[str, ...], Iterator[tuple[Node | None, ...]]] | None:
    """A SELECT on a store view (:func:`answers_sparql`), straight on Oxigraph's engine: its
    variables, and its rows as the engine yields them (an unbound variable is None). None when
    Oxigraph will not take the query (it binds only variables the SELECT projects).

    Oxigraph's row order for a query without ORDER BY is a function of the query and the store's
    contents: the indexes it scans are sorted by keys made from the terms themselves (not by when
    they were written), and its joins and groups keep the order they meet rows in."""
    store: ox.Store = graph.store.ox_store  # type: ignore[attr-defined]
    try:
        solutions = store.query(
            text, prefixes=dict(prefixes), substitutions={ox.Variable(k): to_ox(v) for k, v in bindings.items()}
        )
    except Exception:  # noqa: BLE001 - pyoxigraph raises SyntaxError, RuntimeError, ValueError, ...
        return None
    found = getattr(solutions, "variables", None)  # only QuerySolutions have them (not ASK's, CONSTRUCT's)
    if found is None:
        return None
    variables = tuple(v.value for v in found)

    def rows() -> Iterator[tuple[Node | None, ...]]:
        made: dict[object, Node | None] = {}  # terms recur (predicates, types): made once, while it is small

        def term(t: object) -> Node | None:
            node = made.get(t)
            if node is None:
                node = from_ox(t)
                if len(made) >= _TERMS_KEPT:
                    made.clear()
                made[t] = node
            return node

        for solution in solutions:
            yield tuple(term(t) for t in solution)

    return variables, rows()


_TERMS_KEPT = 65_536


def named_quads(path: str | os.PathLike[str]) -> Iterator[tuple[Node, Node, Node, Node]]:
    """Every quad of the store's named graphs (its articles' and the catalogue)."""
    store = open_read_only(path)
    for name in store.named_graphs():
        graph = from_ox(name)
        for q in store.quads_for_pattern(None, None, None, name):
            yield from_ox(q.subject), from_ox(q.predicate), from_ox(q.object), graph  # type: ignore[misc]


def union_triples(path: str | os.PathLike[str]) -> Iterator[tuple[Node, Node, Node]]:
    """Every triple of the store's default graph (the union of its articles)."""
    store = open_read_only(path)
    for q in store.quads_for_pattern(None, None, None, ox.DefaultGraph()):
        yield from_ox(q.subject), from_ox(q.predicate), from_ox(q.object)  # type: ignore[misc]


# --- messages (the writer's too) -----------------------------------------------------------


def open_error(name: str, exc: OSError) -> str:
    text = one_line(exc)
    if "lock" in text.lower():
        return (f"the store {name} is in use by another process (a kg build or kg remove writing it, "
                "or an Oxigraph server started with serve: use serve-read-only)")
    return f"cannot open the store {name}: {text}"


def one_line(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return (text[:300] + "…") if len(text) > 300 else (text or type(exc).__name__)
