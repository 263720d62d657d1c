"""Dumps: a store's article graphs, or any graph, as sorted TriG or N-Quads, or as one graph in
Turtle, N-Triples or JSON-LD (``kg export``).

The same quads give the same bytes: they are sorted by graph, subject, predicate and object,
and the prefix lines are in a fixed order. One graph is the union of the article graphs, written
by :func:`kg.rdf.writer.serialize`: the bytes ``kg build DIR -o FILE`` writes for them.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox
from rdflib import Graph

from kg.errors import OutputError
from kg.store.read import open_read_only
from kg.store.terms import CATALOGUE, RECORDS, from_ox, to_ox

#: ``kg export`` formats that dump the RDF itself (named graphs kept) rather than a network.
DUMP_FORMATS: dict[str, str] = {"trig": ".trig", "nquads": ".nq", "turtle": ".ttl", "nt": ".nt", "jsonld": ".jsonld"}
#: the formats of one graph: the named graphs' triples, merged
TRIPLE_FORMATS = ("turtle", "nt", "jsonld")
_DUMP_ALIASES = {"nq": "nquads", "n-quads": "nquads", "ttl": "turtle", "ntriples": "nt", "n-triples": "nt",
                 "json-ld": "jsonld"}
_OX_FORMATS = {"trig": ox.RdfFormat.TRIG, "nquads": ox.RdfFormat.N_QUADS}


@dataclass(frozen=True)
class Dump:
    """Serialised quads: the bytes, and how many quads and named graphs they hold."""

    data: bytes
    quads: int
    graphs: int


def article_quads(store: ox.Store) -> list[ox.Quad]:
    """The quads of the article graphs (not the catalogue, not the records, not the default
    graph's union)."""
    kept = (ox.NamedNode(CATALOGUE), ox.NamedNode(RECORDS))
    return [
        q for q in store.quads_for_pattern(None, None, None, None)
        if not isinstance(q.graph_name, ox.DefaultGraph) and q.graph_name not in kept
    ]


def dump_store(path: str | os.PathLike[str], fmt: str) -> Dump:
    """A store's article graphs as TriG or N-Quads, sorted: the same store gives the same bytes."""
    return dump_quads(article_quads(open_read_only(path)), fmt)


def dump_graph(graph: Graph, fmt: str) -> Dump:
    """The triples of an rdflib graph (the union of graph files) as TriG or N-Quads, sorted."""
    return dump_quads([ox.Quad(to_ox(s), to_ox(p), to_ox(o)) for s, p, o in graph], fmt)


def dump_quads(quads: Iterable[ox.Quad], fmt: str) -> Dump:
    """Quads in TriG or N-Quads, sorted by graph, subject, predicate, object, with kg's prefixes."""
    from kg.rdf.graphio import PREFIXES

    if fmt in TRIPLE_FORMATS:
        return _dump_triples(quads, fmt)
    if fmt not in _OX_FORMATS:
        raise OutputError(f"unknown dump format {fmt!r}; choose one of: {', '.join(DUMP_FORMATS)}")
    ordered = sorted(set(quads), key=_quad_key)
    # id: is left out: data IRIs have a slash after it, which a prefixed name must escape ("id:person\/x")
    prefixes = {k: str(v) for k, v in sorted(PREFIXES.items()) if k != "id"}
    data = ox.serialize(ordered, format=_OX_FORMATS[fmt], prefixes=prefixes if fmt == "trig" else None) or b""
    if fmt == "trig":  # the prefix lines in a fixed order, whatever order the serialiser keeps them in
        lines = data.split(b"\n")
        head = 0
        while head < len(lines) and lines[head].startswith(b"@prefix "):
            head += 1
        data = b"\n".join(sorted(lines[:head]) + lines[head:])
    graphs = {str(q.graph_name) for q in ordered if not isinstance(q.graph_name, ox.DefaultGraph)}
    return Dump(data=data, quads=len(ordered), graphs=len(graphs))


def _dump_triples(quads: Iterable[ox.Quad], fmt: str) -> Dump:
    """The quads' triples as one graph, in kg's writer's deterministic Turtle, N-Triples or JSON-LD."""
    from kg.rdf.writer import serialize

    graph = Graph()
    for q in quads:
        graph.add((from_ox(q.subject), from_ox(q.predicate), from_ox(q.object)))
    return Dump(data=serialize(graph, fmt=fmt), quads=len(graph), graphs=0)


def dump_format(path: str | None, explicit: str | None) -> str | None:
    """``trig`` or ``nquads`` if ``kg export`` is asked for a dump (by name or by the output's
    suffix), else None (a network export)."""
    if explicit is not None:
        name = explicit.strip().lower()
        name = _DUMP_ALIASES.get(name, name)
        return name if name in DUMP_FORMATS else None
    suffix = Path(path).suffix.lower() if path and path != "-" else ""
    for name, known in DUMP_FORMATS.items():
        if suffix == known or (name == "nquads" and suffix == ".nquads"):
            return name
    return None


def _quad_key(q: ox.Quad) -> tuple[int, str, str, str, str]:
    default = isinstance(q.graph_name, ox.DefaultGraph)
    return (0 if default else 1, "" if default else str(q.graph_name), str(q.subject), str(q.predicate), str(q.object))
