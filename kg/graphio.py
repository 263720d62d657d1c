"""Read graph files (kg's own output, or any RDF in the same formats) into one rdflib Graph.

Files, folders of them and "-" (Turtle on standard input) are read into a single graph, the
union of all their triples; a TriG file's named graphs are merged too. A kg store (the folder
``kg build --store`` writes, see :mod:`kg.store`) is read too: on its own, it is opened
read-only and read in place (its default graph, the union of its articles; SPARQL runs on
Oxigraph's engine); beside other graphs, its union is copied into the one graph. Every problem
is a :class:`~kg.errors.GraphFileError` with a one-line message naming the file. Nothing is
fetched from the network: a JSON-LD file that points at a remote ``@context`` is refused.
"""
from __future__ import annotations

import json
import os
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Sequence

from rdflib import Dataset, Graph, Namespace
from rdflib.namespace import OWL, PROV, RDF, RDFS, SKOS, XSD

from .errors import GraphFileError
from .vocab import DATA, KG, ORG, SCHEMA

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


@dataclass(frozen=True)
class LoadedGraph:
    """The union of the graph files read, and the files it came from (as named)."""

    graph: Graph
    files: tuple[str, ...]


def new_graph() -> Graph:
    """An empty Graph with kg's prefixes bound."""
    g = Graph()
    for prefix, namespace in PREFIXES.items():
        g.bind(prefix, namespace, override=True, replace=True)
    return g


def load_graph(paths: Sequence[str | Path], *, stdin: BinaryIO | None = None) -> LoadedGraph:
    """Read every graph file named by ``paths`` (files, folders, "-", kg stores) into one Graph.

    A folder gives every ``.ttl``, ``.nt``, ``.jsonld`` and ``.trig`` file under it, recursively,
    in the order of their paths. A kg store given alone is read in place, read-only (see
    :func:`kg.store.union_view`); with other graphs, its union is copied in. Raises
    :class:`GraphFileError` for a missing path, a folder with no graph file, a file of another
    kind, or a file that does not parse.
    """
    from .storeread import display, is_store, union_triples, union_view

    if not paths:
        raise GraphFileError("no graph file given")
    if len(paths) == 1 and str(paths[0]) != "-" and is_store(paths[0]):
        view = union_view(paths[0])
        for prefix, namespace in PREFIXES.items():
            view.bind(prefix, namespace, override=True, replace=True)
        return LoadedGraph(graph=view, files=(display(paths[0]),))
    graph = new_graph()
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
            for triple in union_triples(path):
                graph.add(triple)
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


def _parse_into(graph: Graph, data: bytes, *, name: str, fmt: str) -> None:
    if not data.strip():
        raise GraphFileError(f"{name} is empty")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise GraphFileError(f"{name} is not UTF-8 (byte offset {exc.start})") from None
    if fmt == "json-ld":
        _check_offline_jsonld(text, name=name)
    target = Dataset() if fmt == "trig" else Graph()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # rdflib's TriG parser uses its old API
            target.parse(data=text, format=fmt)
    except Exception as exc:  # noqa: BLE001 - rdflib's parsers raise many kinds; all mean "malformed"
        raise GraphFileError(f"cannot read {name} as {fmt}: {_one_line(exc)}") from None
    statements = target.quads((None, None, None, None)) if isinstance(target, Dataset) else iter(target)
    if next(statements, None) is None:
        raise GraphFileError(f"{name} holds no RDF statements; is it a graph kg wrote?")
    if isinstance(target, Dataset):
        for s, p, o, _ in target.quads((None, None, None, None)):
            graph.add((s, p, o))
    else:
        for triple in target:
            graph.add(triple)
        for prefix, namespace in target.namespaces():
            if prefix not in PREFIXES and not prefix.startswith("ns"):
                graph.bind(prefix, namespace, override=False)


def _check_offline_jsonld(text: str, *, name: str) -> None:
    """Refuse a JSON-LD document whose context would be fetched from elsewhere."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise GraphFileError(f"cannot read {name} as json-ld: {exc}") from None

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


def _one_line(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return (text[:300] + "…") if len(text) > 300 else (text or type(exc).__name__)
