"""A query's ORDER BY done by kg, in Python, when a store answers it: the same order rdflib gives
a graph file, and far cheaper than Oxigraph's own sort on a big store.

Oxigraph compares two terms by reading their text from the database for every comparison, so an
ORDER BY over tens of thousands of rows costs more than finding them (at 10,000 articles, the
attendance query's 16,420 rows took 0.3 s to find and 1.8 s more to sort). When the query's
last clause is ``ORDER BY`` of variables the query selects (``?v``, ``ASC(?v)``, ``DESC(?v)``),
with no LIMIT or OFFSET after it, that clause is taken off the text the store is given, and the
rows are sorted here, condition by condition, in SPARQL's ordering of terms (unbound, blank
nodes, IRIs, then literals: numbers by value), as rdflib's engine orders them for a file.
"""
from __future__ import annotations

import re
from decimal import Decimal
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from rdflib import BNode, Literal, URIRef, Variable
from rdflib.plugins.sparql.parserutils import CompValue
from rdflib.term import Node

from kg.query.params import code_spans

#: what the text may hold after ORDER BY for kg to sort: variables, each bare, ASC() or DESC()
_CONDITIONS = re.compile(r"(?:\s*(?:(?:ASC|DESC)\s*\(\s*[?$]\w+\s*\)|[?$]\w+))+\s*", re.IGNORECASE)
_ORDER_BY = re.compile(r"\bORDER\s+BY\b", re.IGNORECASE)
_WRAPPERS = ("Distinct", "Reduced", "Project", "ToMultiSet")


@dataclass(frozen=True)
class Ordering:
    """The ORDER BY kg does itself: the text without it, and (variable, descending) conditions."""

    text: str
    conditions: tuple[tuple[str, bool], ...]

    def sort(self, variables: Sequence[str], rows: Iterable[tuple[Node | None, ...]]) -> Iterator[tuple[Node | None, ...]]:
        """The rows in the query's order (stable: ties keep the order they came in)."""
        found = list(rows)
        keys: dict[Node | None, tuple] = {}  # terms recur (a file, a label): each keyed once

        def key(term: Node | None) -> tuple:
            made = keys.get(term)
            if made is None:
                made = keys[term] = _key(term)
            return made

        columns = [(variables.index(name), descending) for name, descending in self.conditions]
        if not any(descending for _, descending in columns):  # one sort, on all the columns at once
            found.sort(key=lambda row: tuple(key(row[at]) for at, _ in columns))
        else:
            for at, descending in reversed(columns):  # stable sorts, the last condition first
                found.sort(key=lambda row: key(row[at]), reverse=descending)
        return iter(found)


def ordering(algebra: CompValue, text: str) -> Ordering | None:
    """The query's ORDER BY, if kg can do it in place of the engine (see the module); else None."""
    node = algebra.get("p")
    while isinstance(node, CompValue) and node.name in _WRAPPERS:
        node = node.get("p")
    if not (isinstance(node, CompValue) and node.name == "OrderBy"):
        return None  # no ORDER BY, or a LIMIT / OFFSET (Slice) over it
    projected = {str(v) for v in (algebra.get("PV") or ())}
    conditions = []
    for condition in node.expr:
        expr = condition.get("expr") if isinstance(condition, CompValue) else condition
        if not isinstance(expr, Variable) or str(expr) not in projected:
            return None
        descending = isinstance(condition, CompValue) and condition.get("order") == "DESC"
        conditions.append((str(expr), descending))
    cut = _last_order_by(text)
    if cut is None:
        return None
    return Ordering(text=text[:cut], conditions=tuple(conditions))


def _last_order_by(text: str) -> int | None:
    """Where the text's final ``ORDER BY`` (outside strings, IRIs and comments) starts, if
    nothing but its variables and comments follows it; None otherwise."""
    starts = [begin + m.start() for begin, code in code_spans(text) for m in _ORDER_BY.finditer(code)]
    if not starts:
        return None
    head = _ORDER_BY.match(text, starts[-1])
    assert head is not None
    tail = re.sub(r"#[^\n]*", "", text[head.end():])
    return starts[-1] if _CONDITIONS.fullmatch(tail) else None


def _key(term: Node | None) -> tuple:
    """A sort key for a term, in SPARQL's order as rdflib's engine applies it: unbound, blank
    nodes, IRIs, then literals, numbers by value before other literals by their text. A plain
    tuple, since comparing rdflib terms themselves costs a hundred times more."""
    if term is None:
        return (0, "")
    if isinstance(term, BNode):
        return (1, str(term))
    if isinstance(term, URIRef):
        return (2, str(term))
    if isinstance(term, Literal):
        value = term.value
        if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool):
            return (3, 0, value, str(term))
        return (3, 1, str(term), str(term.datatype or ""), term.language or "")
    return (4, str(term))
