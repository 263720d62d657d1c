"""Read graph files (kg's own output, or any RDF in the same formats) into one rdflib Graph.

Files, folders of them and "-" (Turtle on standard input) are read into a single graph, the
union of all their triples. A TriG file's named graphs are kept too, by name, in the same rdflib
store: the graph returned is the union (the default graph), and a SPARQL query (see
:func:`as_dataset`) can also ask ``GRAPH <name> { ... }`` of them. A kg store (the folder
``kg build --store`` writes, see :mod:`kg.store`) is read too: on its own, it is opened
read-only and read in place (its default graph, the union of its articles; SPARQL runs on
Oxigraph's engine); beside other graphs, its union and its named graphs are copied in.

Turtle, N-Triples and TriG are parsed with pyoxigraph, whose errors say where: a file that does
not parse is a :class:`~kg.errors.GraphFileError` such as ``out/a.ttl: Turtle syntax error at
line 12, column 5: ...``. JSON-LD is parsed by rdflib, after Python's JSON parser has checked
its syntax (with the line and column of an error). Every problem is a one-line
:class:`~kg.errors.GraphFileError` naming the file. Nothing is fetched from the network: a
JSON-LD file that points at a remote ``@context`` is refused.
"""
from __future__ import annotations

import json
import os
import re
import sys
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Sequence

import pyoxigraph as ox
from rdflib import ConjunctiveGraph, Dataset, Graph, Namespace
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.namespace import OWL, PROV, RDF, RDFS, SKOS, XSD
from rdflib.plugins.stores.memory import Memory
from rdflib.term import Node

from kg.errors import GraphFileError
from kg.rdf.vocab import DATA, KG, ORG, SCHEMA

#: Suffix -> rdflib format, for a file named directly.
FORMATS: dict[str, str] = {
    ".ttl": "turtle", ".nt": "nt", ".jsonld": "json-ld", ".json": "json-ld", ".trig": "trig",
}
#: The suffixes read from inside a folder (``.json`` is left out: a folder may hold other JSON).
FOLDER_SUFFIXES = (".ttl", ".nt", ".jsonld", ".trig")

#: The prefixes every loaded graph binds, and every query may use without declaring them.
PREFIXES: dict[str, Namespace] = {
    "kg": KG._NS, "id": DATA, "rdf": Namespace(str(RDF)), "rdfs": Namespace(str(RDFS)),
    "skos": Namespace(str(SKOS)), "schema": SCHEMA, "org": ORG, "prov": Namespace(str(PROV)),
    "xsd": Namespace(str(XSD)), "owl": Namespace(str(OWL)),
}

#: rdflib format -> how messages name it, and pyoxigraph's parser for it (None: rdflib's).
_SYNTAX: dict[str, tuple[str, ox.RdfFormat | None]] = {
    "turtle": ("Turtle", ox.RdfFormat.TURTLE),
    "nt": ("N-Triples", ox.RdfFormat.N_TRIPLES),
    "trig": ("TriG", ox.RdfFormat.TRIG),
    "json-ld": ("JSON-LD", None),
}
# pyoxigraph's message: "Parser error at line 3 column 8: ..." or "... between columns 1 and 5: ..."
_OX_WHERE = re.compile(r"^Parser error at line \d+ (?:column \d+|between columns \d+ and \d+): ")


@dataclass(frozen=True)
class LoadedGraph:
    """The union of the graph files read, and the files it came from (as named)."""

    graph: Graph
    files: tuple[str, ...]


class _Dataset(Dataset):
    """An rdflib Dataset over ``default``'s store, with ``default`` as its default graph.

    It lets rdflib's SPARQL engine answer ``GRAPH`` over a plain Graph: the named graphs are
    the other graphs of the same store (a TriG file's, as :func:`load_graph` keeps them), none
    for a Graph made on its own. It keeps rdflib's deprecation warnings quiet (its evaluator
    reads ``Dataset.default_context``, ``Dataset.contexts`` and ``Dataset.identifier``, which
    warn), and never adds a graph to the store (``Dataset.contexts`` would add an empty default
    graph, and a store opened to read refuses that).
    """

    def __init__(self, default: Graph) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            super().__init__(store=default.store, default_union=False)
        self._default_context = default

    @property
    def default_context(self) -> Graph:  # type: ignore[override]
        return self._default_context

    @default_context.setter
    def default_context(self, value: Graph) -> None:
        self._default_context = value

    @property
    def default_graph(self) -> Graph:  # type: ignore[override]
        return self._default_context

    @default_graph.setter
    def default_graph(self, value: Graph) -> None:
        self._default_context = value

    @property
    def identifier(self):  # type: ignore[override]
        return Graph.identifier.fget(self)  # type: ignore[attr-defined]

    def contexts(self, triple=None):  # type: ignore[override]
        """The graphs of the store (the default one among them, which ``GRAPH`` skips)."""
        yield from ConjunctiveGraph.contexts(self, triple)

    graphs = contexts  # type: ignore[assignment]


def as_dataset(graph: Graph) -> Dataset:
    """``graph`` as the default graph of a Dataset, for SPARQL: ``GRAPH <name>`` then matches
    the named graphs kept beside it in its store (a TriG file's), and nothing when there are none.
    A Dataset is returned as it is."""
    if isinstance(graph, Dataset) or not (graph.store.context_aware and graph.store.graph_aware):
        return graph  # (a store of one graph only: rdflib's engine then refuses GRAPH itself)
    return _Dataset(graph)


def new_graph() -> Graph:
    """An empty Graph with kg's prefixes bound."""
    g = Graph()
    _bind_prefixes(g)
    return g


def _bind_prefixes(g: Graph) -> None:
    for prefix, namespace in PREFIXES.items():
        g.bind(prefix, namespace, override=True, replace=True)


def load_graph(paths: Sequence[str | Path], *, stdin: BinaryIO | None = None) -> LoadedGraph:
    """Read every graph file named by ``paths`` (files, folders, "-", kg stores) into one Graph.

    A folder gives every ``.ttl``, ``.nt``, ``.jsonld`` and ``.trig`` file under it, recursively,
    in the order of their paths. The Graph returned is the union of all their triples; the named
    graphs of TriG files (and of a store beside other files) are kept by name in its store, for
    ``GRAPH`` in a query (:func:`as_dataset`). A kg store given alone is read in place, read-only
    (see :func:`kg.store.articles.union_view`). Raises :class:`GraphFileError` for a missing path, a folder
    with no graph file, a file of another kind, or a file that does not parse (with the line and
    column where the format has lines).
    """
    from kg.store.read import display, is_store, named_quads, union_triples, union_view

    if not paths:
        raise GraphFileError("no graph file given")
    if len(paths) == 1 and str(paths[0]) != "-" and is_store(paths[0]):
        view = union_view(paths[0])
        _bind_prefixes(view)
        return LoadedGraph(graph=view, files=(display(paths[0]),))
    graph = Graph(store=Memory(), identifier=DATASET_DEFAULT_GRAPH_ID)
    _bind_prefixes(graph)
    files: list[str] = []
    for path in paths:
        if str(path) == "-":
            stream = stdin if stdin is not None else sys.stdin.buffer
            _parse_into(graph, stream.read(), name="stdin", fmt="turtle")
            files.append("stdin")
            continue
        name = Path(os.path.normpath(path)).as_posix()
        if not os.path.exists(path):
            raise GraphFileError(f"no such file or folder: {name}")
        if is_store(path):
            graph.addN((s, p, o, graph) for s, p, o in union_triples(path))
            _add_named(graph, named_quads(path))
            files.append(name)
            continue
        members = _folder_graphs(path) if os.path.isdir(path) else [Path(path)]
        if not members:
            raise GraphFileError(
                f"no graph files ({', '.join(FOLDER_SUFFIXES)}) in folder: {name}"
            )
        for member in members:
            member_name = Path(os.path.normpath(member)).as_posix()
            fmt = FORMATS.get(member.suffix.lower())
            if fmt is None:
                raise GraphFileError(
                    f"{member_name} is not a graph file kg reads "
                    f"(expected one of {', '.join(FORMATS)})"
                )
            try:
                data = member.read_bytes()
            except OSError as exc:
                raise GraphFileError(f"cannot read {member_name}: {exc.strerror or exc}") from None
            _parse_into(graph, data, name=member_name, fmt=fmt)
            files.append(member_name)
    return LoadedGraph(graph=graph, files=tuple(files))


def _folder_graphs(folder: str | Path) -> list[Path]:
    found: list[tuple[str, Path]] = []
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for file in names:
            full = Path(root, file)
            if full.suffix.lower() in FOLDER_SUFFIXES and full.is_file():
                found.append((full.relative_to(folder).as_posix(), full))
    return [full for _, full in sorted(found)]


def _add_named(graph: Graph, quads: Iterable[tuple[Node, Node, Node, Node]]) -> None:
    """Each quad into the named graph of its name, in ``graph``'s store."""
    store = graph.store
    named: dict[Node, Graph] = {}
    for s, p, o, g in quads:
        context = named.get(g)
        if context is None:
            context = named[g] = Graph(store=store, identifier=g)  # type: ignore[arg-type]
        store.add((s, p, o), context)


def _parse_into(graph: Graph, data: bytes, *, name: str, fmt: str) -> None:
    if not data.strip():
        raise GraphFileError(f"{name} is empty")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise GraphFileError(f"{name} is not UTF-8 (byte offset {exc.start})") from None
    syntax, parser = _SYNTAX[fmt]
    if parser is None:
        _parse_jsonld(graph, text, name=name)
        return
    try:
        quads = ox.parse(text, format=parser, base_iri=_base_iri(), rename_blank_nodes=True)
        default, named, prefixes = _read_quads(quads)
    except SyntaxError as exc:
        raise GraphFileError(_where(name, syntax, exc, text)) from None
    except Exception as exc:  # noqa: BLE001 - anything else pyoxigraph raises also means "malformed"
        raise GraphFileError(f"cannot read {name} as {syntax}: {one_line(exc)}") from None
    if not default and not named:
        raise GraphFileError(f"{name} holds no RDF statements; is it a graph kg wrote?")
    graph.addN((s, p, o, graph) for s, p, o in default)
    graph.addN((s, p, o, graph) for s, p, o, _ in named)
    _add_named(graph, named)
    for prefix, namespace in prefixes.items():
        _bind_found(graph, prefix, namespace)


def _base_iri() -> str | None:
    """Relative IRIs resolve against the working folder, as rdflib's parsers resolved them."""
    try:
        uri = Path.cwd().as_uri()
    except OSError:
        return None
    return uri if uri.endswith("/") else uri + "/"


def _read_quads(quads: ox.QuadParser) -> tuple[list, list, dict[str, str]]:
    """The triples of the default graph, the quads of named graphs, and the prefixes declared."""
    from kg.store.terms import from_ox

    terms: dict[object, Node] = {}  # each term made once: rdflib's store then keeps one object

    def term(t: object) -> Node:
        made = terms.get(t)
        if made is None:
            made = terms[t] = from_ox(t)  # type: ignore[assignment]
        return made  # type: ignore[return-value]

    default: list[tuple[Node, Node, Node]] = []
    named: list[tuple[Node, Node, Node, Node]] = []
    for q in quads:
        triple = (term(q.subject), term(q.predicate), term(q.object))
        if isinstance(q.graph_name, ox.DefaultGraph):
            default.append(triple)
        else:
            named.append((*triple, term(q.graph_name)))
    return default, named, dict(quads.prefixes)


def _bind_found(graph: Graph, prefix: str, namespace: str) -> None:
    if prefix and prefix not in PREFIXES and not prefix.startswith("ns"):  # ns1: rdflib's own
        graph.bind(prefix, Namespace(namespace), override=False)


def _where(name: str, syntax: str, exc: SyntaxError, text: str) -> str:
    """``out/a.ttl: Turtle syntax error at line 12, column 5: ...`` from pyoxigraph's error."""
    reason = _OX_WHERE.sub("", " ".join(str(exc.msg or exc).split())) or "malformed"
    if reason[:1].isupper() and reason[1:2].islower():
        reason = reason[0].lower() + reason[1:]  # "Unexpected end" -> "unexpected end"
    if reason.startswith("unexpected end") or _at_end(exc, text):
        reason += " (is the file cut short?)"
    if exc.lineno is None:
        return f"{name}: {syntax} syntax error: {reason}"
    column = f", column {exc.offset}" if exc.offset else ""
    return f"{name}: {syntax} syntax error at line {exc.lineno}{column}: {reason}"


def _at_end(exc: SyntaxError, text: str) -> bool:
    """True if the error reaches the end of the text (its last line, to its last character)."""
    line, column = exc.end_lineno or exc.lineno, exc.end_offset or exc.offset
    if not line or not column:
        return False
    body = text.rstrip()
    lines = body.count("\n") + 1
    return line > lines or (line == lines and column >= len(body) - body.rfind("\n") - 1)


def _parse_jsonld(graph: Graph, text: str, *, name: str) -> None:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        reason = exc.msg.removesuffix(" starting at")  # "Unterminated string starting at"
        reason = reason[:1].lower() + reason[1:]
        if reason.startswith("unterminated") or exc.pos >= len(text.rstrip()):
            reason += " (is the file cut short?)"
        raise GraphFileError(
            f"{name}: JSON syntax error at line {exc.lineno}, column {exc.colno}: {reason}"
        ) from None
    _check_offline_jsonld(doc, name=name)
    target = Graph()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            target.parse(data=text, format="json-ld")
    except Exception as exc:  # noqa: BLE001 - rdflib's parsers raise many kinds; all mean "malformed"
        raise GraphFileError(f"cannot read {name} as JSON-LD: {one_line(exc)}") from None
    if next(iter(target), None) is None:
        raise GraphFileError(f"{name} holds no RDF statements; is it a graph kg wrote?")
    graph.addN((s, p, o, graph) for s, p, o in target)
    for prefix, namespace in target.namespaces():
        _bind_found(graph, prefix, str(namespace))


def _check_offline_jsonld(doc: object, *, name: str) -> None:
    """Refuse a JSON-LD document whose context would be fetched from elsewhere."""

    def remote(value: object) -> bool:
        if isinstance(value, str):
            return True
        if isinstance(value, list):
            return any(remote(v) for v in value)
        if isinstance(value, dict):
            return "@import" in value
        return False

    def walk(value: object) -> bool:
        if isinstance(value, dict):
            if "@context" in value and remote(value["@context"]):
                return True
            return any(walk(v) for v in value.values())
        if isinstance(value, list):
            return any(walk(v) for v in value)
        return False

    if walk(doc):
        raise GraphFileError(
            f"{name} refers to a remote JSON-LD @context; kg works offline and does not fetch it"
        )


def one_line(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return (text[:300] + "…") if len(text) > 300 else (text or type(exc).__name__)
