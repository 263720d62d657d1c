"""Which entities and facts a diagram shows: some relations, one entity's neighbourhood, the top N.

Works on the network of :func:`kg.viz.network.to_networkx` (built with ``evidence=True``) and returns
a smaller copy with a note for each cut, for the diagram's caption.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Sequence

import networkx as nx

from kg.errors import DrawError
from kg.viz.network import predicate_labels
from kg.rdf.vocab import CORE_PREDICATES, KG

#: How many left-out names a caption lists before "and N more".
LISTED = 12


@dataclass(frozen=True)
class Selection:
    """The network to draw, the labels of the entities left out, and what the caption says."""

    net: nx.MultiDiGraph
    left_out: tuple[str, ...]
    notes: tuple[str, ...]


def select(
    net: nx.MultiDiGraph,
    *,
    predicates: Sequence[str] = (),
    focus: Sequence[str] = (),
    depth: int = 1,
    top: int | None = None,
) -> Selection:
    """Keep the facts of ``predicates`` (if any), the entities within ``depth`` steps of ``focus``
    (if any), then the ``top`` most connected entities (if given), in that order."""
    net = net.copy()
    notes: list[str] = []
    # a post or event no fact links to (it is only a role of an n-ary event) says nothing here
    net.remove_nodes_from([n for n in list(net.nodes) if net.degree(n) == 0
                           and net.nodes[n].get("type") in ("Position", "Event")
                           and not net.nodes[n].get("unstated_facts")])
    if predicates:
        keep = resolve_predicates(predicates)
        drop = [(s, o, k) for s, o, k in net.edges(keys=True) if k not in keep]
        net.remove_edges_from(drop)
        for node in net.nodes:
            facts = net.nodes[node].get("unstated_facts", ())
            net.nodes[node]["unstated_facts"] = tuple(f for f in facts if f[0] in keep)
        labels = sorted(predicate_labels().get(KG[p], p) for p in (_local(k) for k in keep))
        notes.append("Relations shown: " + ", ".join(labels) + ".")
    centres = [_find(net, name) for name in focus]
    if predicates:  # entities with none of the relations asked go, unless focused on
        keep_nodes = {c for found in centres for c in found}
        lonely = [
            n for n in net.nodes
            if net.degree(n) == 0 and not net.nodes[n].get("unstated_facts") and n not in keep_nodes
        ]
        net.remove_nodes_from(lonely)
    if focus:
        if depth < 0:
            raise DrawError("--depth must be 0 or more")
        near: set[str] = set()
        undirected = nx.Graph(net)
        for found in centres:
            for centre in found:
                near |= set(nx.single_source_shortest_path_length(undirected, centre, cutoff=depth))
        net = net.subgraph(sorted(near)).copy()
        who = ", ".join(net.nodes[c]["label"] for found in centres for c in found)
        notes.append(f"Within {depth} step{'s' if depth != 1 else ''} of {who}.")
    if net.number_of_nodes() == 0:
        raise DrawError("nothing to draw: no entity is left after --predicates, --focus and --top")
    chosen = Selection(net=net, left_out=(), notes=tuple(notes))
    return most_connected(chosen, top) if top is not None else chosen


def most_connected(chosen: Selection, top: int) -> Selection:
    """The ``top`` most connected entities of a selection (ties by label, then IRI), with a note
    naming the others."""
    if top < 1:
        raise DrawError("--top must be 1 or more")
    net = chosen.net
    ranked = sorted(net.nodes, key=lambda n: (-_connections(net, n), net.nodes[n]["label"], n))
    if len(ranked) <= top:
        return chosen
    kept, dropped = ranked[:top], ranked[top:]
    left_out = _each_name_once(net.nodes[n]["label"] for n in dropped)
    listed = ", ".join(left_out[:LISTED])
    more = f" and {len(left_out) - LISTED} more" if len(left_out) > LISTED else ""
    note = f"The {top} most connected of {len(ranked)} entities; left out {len(left_out)}: {listed}{more}."
    return Selection(net=net.subgraph(sorted(kept)).copy(), left_out=(*chosen.left_out, *left_out),
                     notes=(*chosen.notes, note))


def _each_name_once(labels) -> list[str]:
    """Sorted, each name once: two entities of one name (a place and an organization both
    called "Harbour House") are listed as "Harbour House (2)"."""
    counts: dict[str, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    return [f"{label} ({n})" if n > 1 else label for label, n in sorted(counts.items())]


def resolve_predicates(names: Sequence[str]) -> set[str]:
    """Predicate IRIs for names such as ``replaced``, ``kg:replaced`` or ``called for the
    resignation of``; :class:`DrawError` naming the known ones for anything else."""
    known: dict[str, str] = {}
    for local in CORE_PREDICATES:
        iri = str(KG[local])
        known[local.casefold()] = iri
        known[f"kg:{local}".casefold()] = iri
        known[iri.casefold()] = iri
        known[predicate_labels().get(KG[local], local).casefold()] = iri
    found: set[str] = set()
    for name in names:
        key = " ".join(name.split()).casefold()
        if key not in known:
            raise DrawError(f"unknown predicate {name!r}; choose among: {', '.join(CORE_PREDICATES)}")
        found.add(known[key])
    return found


def _find(net: nx.MultiDiGraph, name: str) -> list[str]:
    """Every node with ``name`` among its labels (any case); DrawError, with suggestions, if none."""
    key = " ".join(name.split()).casefold()
    found = sorted(n for n in net.nodes if key in net.nodes[n].get("names", ()) or key == net.nodes[n]["label"].casefold())
    if found:
        return found
    labels = sorted({net.nodes[n]["label"] for n in net.nodes})
    close = difflib.get_close_matches(name, labels, n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    raise DrawError(f"no entity named {name!r} in the graph{hint}")


def _connections(net: nx.MultiDiGraph, node: str) -> int:
    return net.degree(node) + len(net.nodes[node].get("unstated_facts", ()))


def _local(iri: str) -> str:
    return iri.rsplit("#", 1)[-1]
