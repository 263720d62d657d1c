"""Which entities and facts a diagram shows: some relations, one entity's neighbourhood, the top N.

Works on a :class:`kg.viz.network.Network` and returns a smaller one with a note for each cut,
for the diagram's caption.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Sequence

from kg.errors import DrawError
from kg.viz.network import Network, predicate_labels
from kg.rdf.vocab import CORE_PREDICATES, KG

#: How many left-out names a caption lists before "and N more".
LISTED = 12


@dataclass(frozen=True)
class Selection:
    """The network to draw, the labels of the entities left out, and what the caption says."""

    net: Network
    left_out: tuple[str, ...]
    notes: tuple[str, ...]


def select(
    net: Network,
    *,
    predicates: Sequence[str] = (),
    focus: Sequence[str] = (),
    depth: int = 1,
    top: int | None = None,
) -> Selection:
    """Keep the facts of ``predicates`` (if any), the entities within ``depth`` steps of ``focus``
    (if any), then the ``top`` most connected entities (if given), in that order."""
    notes: list[str] = []
    # a post or event no fact links to (it is only a role of an n-ary event) says nothing here
    degree = net.degrees()
    net = net.keep(n for n, attrs in net.nodes.items() if degree[n] or attrs["type"] not in ("Position", "Event")
                   or attrs.get("unstated_facts"))
    if predicates:
        keep = resolve_predicates(predicates)
        net = Network(nodes=net.nodes, edges=tuple(e for e in net.edges if e[2] in keep))
        for attrs in net.nodes.values():
            attrs["unstated_facts"] = tuple(f for f in attrs.get("unstated_facts", ()) if f[0] in keep)
        labels = sorted(predicate_labels().get(KG[p], p) for p in (_local(k) for k in keep))
        notes.append("Relations shown: " + ", ".join(labels) + ".")
    centres = [_find(net, name) for name in focus]
    if predicates:  # entities with none of the relations asked go, unless focused on
        keep_nodes = {c for found in centres for c in found}
        degree = net.degrees()
        net = net.keep(n for n, attrs in net.nodes.items()
                       if degree[n] or attrs.get("unstated_facts") or n in keep_nodes)
    if focus:
        if depth < 0:
            raise DrawError("--depth must be 0 or more")
        near = _within(net, [c for found in centres for c in found], depth)
        net = net.keep(near)
        who = ", ".join(net.nodes[c]["label"] for found in centres for c in found)
        notes.append(f"Within {depth} step{'s' if depth != 1 else ''} of {who}.")
    if not net.nodes:
        raise DrawError("nothing to draw: no entity is left after --predicates, --focus and --top")
    chosen = Selection(net=net, left_out=(), notes=tuple(notes))
    return most_connected(chosen, top) if top is not None else chosen


def ranked(chosen: Selection) -> list[str]:
    """A selection's entities, most connected first (ties by label, then IRI)."""
    net = chosen.net
    degree = net.degrees()
    return sorted(net.nodes, key=lambda n: (-(degree[n] + len(net.nodes[n].get("unstated_facts", ()))),
                                            net.nodes[n]["label"], n))


def most_connected(chosen: Selection, top: int, order: list[str] | None = None) -> Selection:
    """The ``top`` most connected entities of a selection (``order``: its :func:`ranked`, if
    known), with a note naming the others."""
    if top < 1:
        raise DrawError("--top must be 1 or more")
    net = chosen.net
    order = ranked(chosen) if order is None else order
    if len(order) <= top:
        return chosen
    kept, dropped = order[:top], order[top:]
    left_out = _each_name_once(net.nodes[n]["label"] for n in dropped)
    listed = ", ".join(left_out[:LISTED])
    more = f" and {len(left_out) - LISTED} more" if len(left_out) > LISTED else ""
    note = f"The {top} most connected of {len(order)} entities; left out {len(left_out)}: {listed}{more}."
    return Selection(net=net.keep(kept), left_out=(*chosen.left_out, *left_out), notes=(*chosen.notes, note))


def _within(net: Network, centres: list[str], depth: int) -> set[str]:
    """The nodes at most ``depth`` facts away from any of ``centres``, facts taken either way."""
    near: dict[str, set[str]] = {n: set() for n in net.nodes}
    for s, o, _, _ in net.edges:
        near[s].add(o)
        near[o].add(s)
    found = set(centres)
    ring = set(centres)
    for _ in range(depth):
        ring = {other for n in ring for other in near[n]} - found
        if not ring:
            break
        found |= ring
    return found


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


def _find(net: Network, name: str) -> list[str]:
    """Every node with ``name`` among its labels (any case); DrawError, with suggestions, if none."""
    key = " ".join(name.split()).casefold()
    found = sorted(n for n, attrs in net.nodes.items()
                   if key in attrs.get("names", ()) or key == attrs["label"].casefold())
    if found:
        return found
    labels = sorted({attrs["label"] for attrs in net.nodes.values()})
    close = difflib.get_close_matches(name, labels, n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    raise DrawError(f"no entity named {name!r} in the graph{hint}")


def _local(iri: str) -> str:
    return iri.rsplit("#", 1)[-1]
