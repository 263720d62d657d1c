"""The lower-case forms of a node's names, written as ``skos:hiddenLabel``, so that a name is found
in any case by an index lookup rather than by reading and folding every name in the graph.

kg's ``entity`` query (``kg/query/queries/entity.rq``) is given the name in lower case (its
parameter is marked ``(any case)``) and looks it up among a node's hidden labels, and among its
labels and other names as they are written. SKOS defines a hidden label as one that is not shown
but is searched; it is written only where it differs from every name of the node, since SKOS
keeps a node's label properties apart.
"""
from __future__ import annotations

from collections.abc import Iterable

from rdflib import Literal


def lookup_form(name: str) -> str:
    """The form a name is looked up in: lower case, as SPARQL's LCASE makes it (accents kept,
    unlike :func:`kg.personnames.fold`, the key names are compared by when merging)."""
    return name.lower()


def hidden_labels(names: Iterable[str]) -> list[Literal]:
    """The hidden labels of a node with these names: each name's folded form, once, unless it is
    one of the names themselves."""
    given = list(names)
    written = set(given)
    found: list[Literal] = []
    for name in given:
        folded = lookup_form(name)
        if folded not in written:
            written.add(folded)
            found.append(Literal(folded))
    return found
