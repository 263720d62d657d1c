"""Export a kg graph's entities and facts for graph tools: GraphML, GEXF, node-link JSON.

The network is :func:`kg.viz.network.to_networkx`: one node per entity (id: its IRI; attributes
``type``, ``label``, ``unstated``), one edge per fact (key and ``predicate``: the predicate's
IRI; ``label``: its human label). The bytes are deterministic: nodes and edges in sorted order,
and GEXF without the date stamp networkx would add.
"""
from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
from rdflib import Graph

from kg.errors import OutputError
from kg.viz.network import to_networkx
from kg.viz.text import xml_safe

#: Export format -> file suffix.
EXPORT_FORMATS: dict[str, str] = {"graphml": ".graphml", "gexf": ".gexf", "json": ".json"}


@dataclass(frozen=True)
class Export:
    """An exported network: its bytes, its format and how many nodes and edges it has."""

    data: bytes
    fmt: str
    nodes: int
    edges: int


def export_format(path: str | None, explicit: str | None) -> str:
    """The export format: ``explicit`` if given, else from the suffix of ``path``."""
    if explicit is not None:
        name = explicit.strip().lower()
        if name not in EXPORT_FORMATS:
            raise OutputError(_unknown(explicit))
        return name
    suffix = Path(path).suffix.lower() if path and path != "-" else ""
    for name, known in EXPORT_FORMATS.items():
        if suffix == known:
            return name
    raise OutputError(
        f"cannot tell the export format from {path or 'standard output'!r}; give --to "
        f"({', '.join(EXPORT_FORMATS)})"
    )


def export_graph(graph: Graph, *, fmt: str) -> Export:
    """The entities and facts of ``graph`` as GraphML, GEXF or node-link JSON bytes."""
    if fmt not in EXPORT_FORMATS:
        raise OutputError(_unknown(fmt))
    net = _sorted(to_networkx(graph))
    if fmt in ("graphml", "gexf"):
        net = _xml_safe(net)
    if fmt == "graphml":
        stream = io.BytesIO()
        nx.write_graphml(net, stream, encoding="utf-8", prettyprint=True, named_key_ids=True)
        data = stream.getvalue()
    elif fmt == "gexf":
        stream = io.BytesIO()
        nx.write_gexf(net, stream, encoding="utf-8", prettyprint=True)
        data = re.sub(rb'\s+lastmodifieddate="[^"]*"', b"", stream.getvalue(), count=1)
    else:
        doc = nx.node_link_data(net, edges="edges")
        data = (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    return Export(data=data, fmt=fmt, nodes=net.number_of_nodes(), edges=net.number_of_edges())


def _sorted(net: nx.MultiDiGraph) -> nx.MultiDiGraph:
    out = nx.MultiDiGraph()
    for node in sorted(net.nodes):
        out.add_node(node, **net.nodes[node])
    for s, o, key, attrs in sorted(net.edges(keys=True, data=True), key=lambda e: e[:3]):
        out.add_edge(s, o, key=key, **attrs)
    return out


def _xml_safe(net: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """The network with every string made one that XML 1.0 can hold (a control character from an
    article's text would make the file unreadable): node ids, keys and attribute values."""
    def clean(value):
        return xml_safe(value) if isinstance(value, str) else value

    out = nx.MultiDiGraph()
    for node, attrs in net.nodes(data=True):
        out.add_node(clean(node), **{k: clean(v) for k, v in attrs.items()})
    for s, o, key, attrs in net.edges(keys=True, data=True):
        out.add_edge(clean(s), clean(o), key=clean(key), **{k: clean(v) for k, v in attrs.items()})
    return out


def _unknown(fmt: str) -> str:
    return f"unknown export format {fmt!r}; choose one of: {', '.join(EXPORT_FORMATS)}"
