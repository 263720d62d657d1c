"""Serialise a graph deterministically (:mod:`kg.output` writes the bytes).

rdflib's serialisers are not byte-stable on their own: its in-memory store keeps triples in
Python sets, so the iteration order (and with it the generated ``ns1:``/``ns2:`` prefixes in
Turtle/TriG, the node order in JSON-LD, the line order in N-Triples and the graph order in TriG)
changes with the process's string-hash seed. :func:`serialize` therefore rebuilds the graph from
sorted statements, fixes the prefixes before serialising, relabels blank nodes canonically, and
post-sorts what rdflib leaves unsorted, so the same content gives the same bytes.
"""
from __future__ import annotations

import json
import re
import warnings
from io import BytesIO
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import quote, unquote

import pyoxigraph as ox
from rdflib import RDF, BNode, Dataset, Graph, Literal, URIRef
from rdflib.compare import to_canonical_graph
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.plugin import get as get_plugin
from rdflib.serializer import Serializer
from rdflib.term import Node
from rdflib.util import from_n3

from kg.errors import OutputError
from kg.store.terms import to_ox

#: Format name -> (rdflib format, file suffix).
FORMATS: dict[str, tuple[str, str]] = {
    "turtle": ("turtle", ".ttl"),
    "ttl": ("turtle", ".ttl"),
    "nt": ("nt", ".nt"),
    "jsonld": ("json-ld", ".jsonld"),
    "trig": ("trig", ".trig"),
}

_SUFFIXES = {".ttl": "turtle", ".nt": "nt", ".jsonld": "jsonld", ".json": "jsonld", ".trig": "trig"}
_GENERATED_PREFIX = re.compile(r"ns\d+")
_QUAD_PREDICATE = "urn:x-kg-quad:"
_STATEMENT_END = re.compile(rb" \.\n(?=[^@\t\n])")
Quad = tuple[Node, Node, Node, Node | None]


def format_for(path: str | None, explicit: str | None) -> str:
    """The format name for an output: ``explicit`` if given, else from the suffix of ``path``.

    Falls back to ``"turtle"``; an unknown explicit name raises :class:`OutputError`.
    """
    if explicit is not None:
        name = explicit.strip().lower()
        if name not in FORMATS:
            raise OutputError(_unknown(explicit))
        return name
    if path and path != "-":
        return _SUFFIXES.get(Path(path).suffix.lower(), "turtle")
    return "turtle"


def serialize(graph: Graph, *, fmt: str) -> bytes:
    """Serialise ``graph`` (a Graph or a Dataset) in format ``fmt``, as deterministic UTF-8 bytes.

    For ``"trig"`` a Dataset keeps its named graphs (a plain Graph becomes the default graph);
    for the other formats a Dataset is flattened to the union of its graphs.
    """
    if fmt not in FORMATS:
        raise OutputError(_unknown(fmt))
    rdf_format = FORMATS[fmt][0]
    if rdf_format in ("turtle", "nt"):
        return _oxigraph_triples(_quads(graph, keep_graphs=False), rdf_format, graph.namespaces())
    keep_graphs = rdf_format == "trig"
    quads = _sorted_quads(_canonical(_quads(graph, keep_graphs=keep_graphs)))
    target = Dataset() if keep_graphs else Graph()
    _bind(target, graph)
    for s, p, o, g in quads:
        if isinstance(target, Dataset):
            name = g if g is not None else DATASET_DEFAULT_GRAPH_ID
            target.graph(name).add((s, p, o))  # type: ignore[arg-type]
        else:
            target.add((s, p, o))
    _fix_prefixes(target, quads)

    if rdf_format == "nt":
        lines = target.serialize(format="nt", encoding="utf-8").splitlines(keepends=True)
        return b"".join(sorted(line for line in lines if line.strip()))
    if rdf_format == "json-ld":
        data = json.loads(target.serialize(format="json-ld", encoding="utf-8"))
        text = json.dumps(_sort_json(data), indent=2, sort_keys=True, ensure_ascii=False)
        return (text + "\n").encode("utf-8")
    if rdf_format == "trig":
        return _serialize_trig(target)  # type: ignore[arg-type]
    return target.serialize(format=rdf_format, encoding="utf-8")


# --- helpers ------------------------------------------------------------------------------


def writes_triples(fmt: str) -> bool:
    """True if :func:`serialize_triples` writes ``fmt`` (a format of one graph: Turtle, N-Triples)."""
    return fmt in FORMATS and FORMATS[fmt][0] in ("turtle", "nt")


def serialize_triples(triples: Iterable[tuple[Node, Node, Node]], *, fmt: str,
                      namespaces: Iterable[tuple[str, URIRef]]) -> bytes:
    """The bytes :func:`serialize` writes of a graph of these triples with these prefixes bound,
    with no rdflib graph made (for :func:`writes_triples` formats)."""
    if not writes_triples(fmt):
        raise OutputError(_unknown(fmt))
    return _oxigraph_triples([(s, p, o, None) for s, p, o in set(triples)], FORMATS[fmt][0], namespaces)


def _oxigraph_triples(quads: list[Quad], rdf_format: str, namespaces: Iterable[tuple[str, URIRef]]) -> bytes:
    """Turtle or N-Triples by Oxigraph's writers (several times faster than rdflib's), from the
    statements sorted: by subject, its rdf:type first, then by predicate and object. Turtle
    declares the bound prefixes that it uses (rdflib's generated ``nsN`` ones left out)."""
    quads = _canonical(quads)
    ordered = sorted(set(quads), key=lambda q: (_fast_key(q[0]), q[1] != RDF.type, _fast_key(q[1]), _fast_key(q[2])))
    made: dict[Node, object] = {}

    def term(t: Node):
        found = made.get(t)
        if found is None:
            found = made[t] = to_ox(t)
        return found

    triples = [ox.Triple(term(s), term(p), term(o)) for s, p, o, _ in ordered]
    if rdf_format == "nt":  # one statement a line: the lines sorted, as a text tool sorts them
        lines = ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES).splitlines(keepends=True)
        return b"".join(sorted(line for line in lines if line.strip()))
    text = ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes=_used_prefixes(namespaces, made))
    # a blank line before each subject (Oxigraph escapes line breaks in literals: a line that
    # ends a statement and one that starts at the margin are never inside a literal)
    return _STATEMENT_END.sub(b" .\n\n", text)


def _fast_key(term: Node) -> tuple:
    """A sort key of a term, cheaper than its N3 form: IRIs, then blank nodes, then literals."""
    if isinstance(term, Literal):
        return (2, str(term), str(term.datatype or ""), term.language or "")
    return (1 if isinstance(term, BNode) else 0, str(term), "", "")


def _used_prefixes(namespaces: Iterable[tuple[str, URIRef]], terms: Iterable[Node]) -> dict[str, str]:
    """The bound prefixes (not rdflib's generated ``nsN``) that some IRI written uses."""
    iris = [str(t) for t in terms if isinstance(t, URIRef)]
    iris += [str(t.datatype) for t in terms if isinstance(t, Literal) and t.datatype is not None]
    bound = sorted((p, str(ns)) for p, ns in namespaces if p and not _GENERATED_PREFIX.fullmatch(p))
    return {p: ns for p, ns in bound if any(iri.startswith(ns) and _local_ok(iri[len(ns):]) for iri in iris)}


def _local_ok(local: str) -> bool:
    return bool(local) and "/" not in local and "#" not in local


def _unknown(fmt: str) -> str:
    return f"unknown output format {fmt!r}; choose one of: {', '.join(FORMATS)}"


def _quads(graph: Graph, *, keep_graphs: bool) -> list[Quad]:
    """The statements of ``graph``; with their graph name if ``keep_graphs``, else deduplicated."""
    if not graph.context_aware:
        return [(s, p, o, None) for s, p, o in graph]
    if not keep_graphs:
        triples = {(s, p, o) for s, p, o, _ in graph.quads()}  # type: ignore[attr-defined]
        return [(s, p, o, None) for s, p, o in triples]
    found = []
    for s, p, o, ctx in graph.quads((None, None, None, None)):  # type: ignore[attr-defined]
        name = ctx.identifier if isinstance(ctx, Graph) else ctx
        found.append((s, p, o, None if name == DATASET_DEFAULT_GRAPH_ID else name))
    return found


def _canonical(quads: list[Quad]) -> list[Quad]:
    """Relabel blank nodes by content (rdflib.compare), so equal graphs get equal labels.

    The graph name is folded into the predicate while canonicalising, so that a blank node
    shared between named graphs stays one node.
    """
    if not any(isinstance(t, BNode) for q in quads for t in q[:3]):
        return quads
    folded = Graph()
    for s, p, o, g in quads:
        name = "" if g is None else g.n3()
        folded.add((s, URIRef(_QUAD_PREDICATE + quote(name, safe="") + ":" + quote(p, safe="")), o))
    result: list[Quad] = []
    for s, p, o in to_canonical_graph(folded):
        name, _, pred = str(p)[len(_QUAD_PREDICATE):].partition(":")
        result.append((s, URIRef(unquote(pred)), o, from_n3(unquote(name)) if name else None))
    return result


def _key(term: Node | None) -> str:
    return "" if term is None else term.n3()


def _sorted_quads(quads: Iterable[Quad]) -> list[Quad]:
    return sorted(set(quads), key=lambda q: (_key(q[3]), _key(q[0]), _key(q[1]), _key(q[2])))


def _bind(target: Graph, source: Graph) -> None:
    """Copy the source's prefixes, except rdflib's own generated ``nsN`` ones (order-dependent)."""
    for prefix, namespace in sorted(source.namespaces()):
        if not _GENERATED_PREFIX.fullmatch(prefix):
            target.bind(prefix, namespace, override=True, replace=True)


def _fix_prefixes(target: Graph, quads: list[Quad]) -> None:
    """Compute every prefixed name once, in sorted order, before the serialiser does.

    rdflib generates ``nsN`` prefixes for predicates as it meets them; doing it here, in a fixed
    order, makes the numbering (and rdflib's namespace cache) independent of iteration order.
    """
    manager = target.namespace_manager
    predicates = sorted({q[1] for q in quads if isinstance(q[1], URIRef)})
    others: set[URIRef] = set()
    for s, _, o, g in quads:
        for term in (s, o, g):
            if isinstance(term, URIRef):
                others.add(term)
        if isinstance(o, Literal) and o.datatype is not None:
            others.add(o.datatype)
    for uris, generate in ((predicates, True), (sorted(others), False)):
        for uri in uris:
            try:
                manager.compute_qname(uri, generate=generate)
            except Exception:  # noqa: BLE001 - an IRI without a prefixed name is written in full
                pass


def _serialize_trig(dataset: Dataset) -> bytes:
    """TriG with the graphs in a fixed order: the default graph first, then by name."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # rdflib's trig uses its own old API
        serializer: Any = get_plugin("trig", Serializer)(dataset)
        unique = {str(c.identifier): c for c in serializer.contexts}
        default = str(DATASET_DEFAULT_GRAPH_ID)
        serializer.contexts = [unique[k] for k in sorted(unique, key=lambda k: (k != default, k))]
        stream = BytesIO()
        serializer.serialize(stream, encoding="utf-8")
    return stream.getvalue()


def _sort_json(value: Any, *, ordered: bool = False) -> Any:
    """Sort JSON-LD arrays (unordered sets) recursively; ``@list`` arrays keep their order."""
    if isinstance(value, dict):
        return {k: _sort_json(v, ordered=(k == "@list")) for k, v in value.items()}
    if isinstance(value, list):
        items = [_sort_json(v) for v in value]
        if ordered:
            return items
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True, ensure_ascii=False))
    return value
