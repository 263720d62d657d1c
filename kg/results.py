"""Write a :class:`~kg.query.QueryResult` as text: an aligned table, CSV, TSV, JSON or Turtle.

CSV, TSV and JSON follow the W3C SPARQL 1.1 result formats (so other tools read them): CSV has
IRIs and literal values as plain text, TSV writes terms in Turtle syntax (``<iri>``,
``"text"``), JSON is ``application/sparql-results+json``. The table, for people, writes IRIs with
the graph's prefixes (``id:person/tom-hale``, ``kg:replaced``) and literals as their text.
An ASK answer is ``yes`` or ``no`` (JSON: ``{"boolean": ...}``); CONSTRUCT and DESCRIBE give
Turtle whatever the format asked.
"""
from __future__ import annotations

import csv
import io
import json
import unicodedata
from typing import Mapping

from rdflib import BNode, Literal, URIRef
from rdflib.term import Node

from .errors import QueryError
from .query import QueryResult
from .writer import serialize

RESULT_FORMATS = ("table", "csv", "tsv", "json")


def format_result(result: QueryResult, *, fmt: str = "table", prefixes: Mapping[str, str] | None = None) -> str:
    """The text of ``result`` in ``fmt`` (one of :data:`RESULT_FORMATS`), ending in a newline.

    ``prefixes`` (prefix -> namespace) shorten IRIs in the table.
    """
    if fmt not in RESULT_FORMATS:
        raise QueryError(f"unknown result format {fmt!r}; choose one of: {', '.join(RESULT_FORMATS)}")
    if result.kind in ("CONSTRUCT", "DESCRIBE"):
        assert result.graph is not None
        return serialize(result.graph, fmt="turtle").decode("utf-8")
    if result.kind == "ASK":
        if fmt == "json":
            return json.dumps({"head": {}, "boolean": bool(result.answer)}) + "\n"
        return ("yes" if result.answer else "no") + "\n"
    if fmt == "csv":
        return _csv(result)
    if fmt == "tsv":
        return _tsv(result)
    if fmt == "json":
        return _json(result)
    return _table(result, prefixes or {})


def short(term: Node | None, prefixes: Mapping[str, str]) -> str:
    """A term as a person reads it: a prefixed name for an IRI, the text of a literal."""
    if term is None:
        return ""
    if isinstance(term, URIRef):
        best: tuple[str, str] | None = None
        for prefix, ns in prefixes.items():
            if term.startswith(ns) and len(term) > len(ns) and (best is None or len(ns) > len(best[1])):
                best = (prefix, ns)
        return f"{best[0]}:{term[len(best[1]):]}" if best else str(term)
    if isinstance(term, BNode):
        return f"_:{term}"
    return str(term)


def _table(result: QueryResult, prefixes: Mapping[str, str]) -> str:
    header = list(result.variables)
    cells = [[" ".join(short(t, prefixes).split()) for t in row] for row in result.rows]
    widths = [_width(h) for h in header]
    for row in cells:
        widths = [max(w, _width(c)) for w, c in zip(widths, row)]
    lines = [_line(header, widths), _line(["-" * w for w in widths], widths)]
    lines += [_line(row, widths) for row in cells]
    if not cells:
        lines.append("(no rows)")
    return "\n".join(lines) + "\n"


def _line(cells: list[str], widths: list[int]) -> str:
    padded = [c + " " * (w - _width(c)) for c, w in zip(cells, widths)]
    return "  ".join(padded).rstrip()


def _width(text: str) -> int:
    """Terminal columns: wide (East Asian) characters take two, combining marks none."""
    return sum(
        0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        for ch in text
    )


def _csv(result: QueryResult) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(result.variables)
    for row in result.rows:
        writer.writerow(["" if t is None else f"_:{t}" if isinstance(t, BNode) else str(t) for t in row])
    return out.getvalue()


def _tsv(result: QueryResult) -> str:
    lines = ["\t".join(f"?{v}" for v in result.variables)]
    for row in result.rows:
        lines.append("\t".join("" if t is None else _turtle(t) for t in row))
    return "\n".join(lines) + "\n"


def _turtle(term: Node) -> str:
    if isinstance(term, Literal):
        text = str(term).replace("\\", "\\\\").replace('"', '\\"')
        text = text.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
        if term.language:
            return f'"{text}"@{term.language}'
        if term.datatype:
            return f'"{text}"^^<{term.datatype}>'
        return f'"{text}"'
    return term.n3()


def _json(result: QueryResult) -> str:
    bindings = []
    for row in result.rows:
        binding = {}
        for var, term in zip(result.variables, row):
            if term is not None:
                binding[var] = _json_term(term)
        bindings.append(binding)
    doc = {"head": {"vars": list(result.variables)}, "results": {"bindings": bindings}}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def _json_term(term: Node) -> dict[str, str]:
    if isinstance(term, URIRef):
        return {"type": "uri", "value": str(term)}
    if isinstance(term, BNode):
        return {"type": "bnode", "value": str(term)}
    assert isinstance(term, Literal)
    value: dict[str, str] = {"type": "literal", "value": str(term)}
    if term.language:
        value["xml:lang"] = term.language
    elif term.datatype:
        value["datatype"] = str(term.datatype)
    return value
