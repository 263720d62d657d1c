"""Write a :class:`~kg.query.sparql.QueryResult` (or a :class:`~kg.query.sparql.QueryStream`, as its rows
come) as text: an aligned table, CSV, TSV, JSON or Turtle.

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
import json.encoder
import unicodedata
from collections.abc import Iterator, Mapping
from itertools import islice
from typing import BinaryIO, Union

from rdflib import BNode, Literal, URIRef
from rdflib.term import Node

from kg.errors import QueryError
from kg.query.sparql import QueryResult, QueryStream, Row
from kg.rdf.writer import serialize

RESULT_FORMATS = ("table", "csv", "tsv", "json")

#: Rows a chunk of CSV, TSV or JSON holds after the first (which is the header and the first row).
BLOCK_ROWS = 1000
#: Rows a block of the table holds: each block is aligned as a whole (see :func:`iter_result`).
TABLE_ROWS = 1000

Answer = Union[QueryResult, QueryStream]


def format_result(result: Answer, *, fmt: str = "table", prefixes: Mapping[str, str] | None = None) -> str:
    """The text of ``result`` in ``fmt`` (one of :data:`RESULT_FORMATS`), ending in a newline.

    ``prefixes`` (prefix -> namespace) shorten IRIs in the table.
    """
    return "".join(iter_result(result, fmt=fmt, prefixes=prefixes))


def write_result(result: Answer, stream: BinaryIO, *, fmt: str = "table",
                 prefixes: Mapping[str, str] | None = None) -> None:
    """Write ``result`` to the binary ``stream`` (e.g. :func:`kg.output.open_output`'s) as it
    comes, chunk by chunk (:func:`iter_result`), flushing each, so that a reader sees the first
    rows while the engine still works on the others."""
    for chunk in iter_result(result, fmt=fmt, prefixes=prefixes):
        stream.write(chunk.encode("utf-8"))
        stream.flush()


def iter_result(result: Answer, *, fmt: str = "table", prefixes: Mapping[str, str] | None = None) -> Iterator[str]:
    """The text of ``result`` in ``fmt``, in chunks that join to :func:`format_result`'s text.

    A SELECT's rows are read from ``result.rows`` only as the chunks are made: CSV, TSV and
    JSON give the header and the first row, then blocks of :data:`BLOCK_ROWS` rows. The table
    gives blocks of :data:`TABLE_ROWS` rows, the header with the first; each block is aligned
    to the widest cell of each column so far, so a column may widen from one block to the
    next, never narrow (an answer of one block is aligned as a whole).
    """
    if fmt not in RESULT_FORMATS:
        raise QueryError(f"unknown result format {fmt!r}; choose one of: {', '.join(RESULT_FORMATS)}")
    if result.kind in ("CONSTRUCT", "DESCRIBE"):
        assert result.graph is not None
        yield serialize(result.graph, fmt="turtle").decode("utf-8")
        return
    if result.kind == "ASK":
        if fmt == "json":
            yield json.dumps({"head": {}, "boolean": bool(result.answer)}) + "\n"
        else:
            yield ("yes" if result.answer else "no") + "\n"
        return
    rows = iter(result.rows)
    variables = tuple(result.variables)
    if fmt == "table":
        yield from _table(variables, rows, prefixes or {})
    elif fmt == "csv":
        yield from _chunked(_csv(variables, rows))
    elif fmt == "tsv":
        yield from _chunked(_tsv(variables, rows))
    else:
        yield from _chunked(_json(variables, rows))


def _chunked(pieces: Iterator[str]) -> Iterator[str]:
    """The header and first row (the first two pieces) at once, then :data:`BLOCK_ROWS` rows a chunk."""
    head = "".join(islice(pieces, 2))
    if head:
        yield head
    while True:
        block = "".join(islice(pieces, BLOCK_ROWS))
        if not block:
            return
        yield block


def _blocks(rows: Iterator[Row], size: int) -> Iterator[list[Row]]:
    while True:
        block = list(islice(rows, size))
        if not block:
            return
        yield block


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


def _table(variables: tuple[str, ...], rows: Iterator[Row], prefixes: Mapping[str, str]) -> Iterator[str]:
    header = list(variables)
    widths = [_width(h) for h in header]
    first = True
    for block in _blocks(rows, TABLE_ROWS):
        cells = [[" ".join(short(t, prefixes).split()) for t in row] for row in block]
        for row in cells:
            widths = [max(w, _width(c)) for w, c in zip(widths, row)]
        lines = [_line(header, widths), _line(["-" * w for w in widths], widths)] if first else []
        lines += [_line(row, widths) for row in cells]
        first = False
        yield "\n".join(lines) + "\n"
    if first:
        yield "\n".join([_line(header, widths), _line(["-" * w for w in widths], widths), "(no rows)"]) + "\n"


def _line(cells: list[str], widths: list[int]) -> str:
    padded = [c + " " * (w - _width(c)) for c, w in zip(cells, widths)]
    return "  ".join(padded).rstrip()


def _width(text: str) -> int:
    """Terminal columns: wide (East Asian) characters take two, combining marks none."""
    return sum(
        0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        for ch in text
    )


def _csv(variables: tuple[str, ...], rows: Iterator[Row]) -> Iterator[str]:
    """The header, then each row, as CSV lines (``\\r\\n``-terminated, as the W3C format says)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")

    def line(cells: list[str] | tuple[str, ...]) -> str:
        out.seek(0)
        out.truncate()
        writer.writerow(cells)
        return out.getvalue()

    yield line(variables)
    for row in rows:
        yield line(["" if t is None else f"_:{t}" if isinstance(t, BNode) else str(t) for t in row])


def _tsv(variables: tuple[str, ...], rows: Iterator[Row]) -> Iterator[str]:
    yield "\t".join(f"?{v}" for v in variables) + "\n"
    for row in rows:
        yield "\t".join("" if t is None else _turtle(t) for t in row) + "\n"


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


def _json(variables: tuple[str, ...], rows: Iterator[Row]) -> Iterator[str]:
    """``application/sparql-results+json``, a binding at a time: the same text as
    ``json.dumps(document, indent=2, ensure_ascii=False)`` of the whole document."""
    empty = json.dumps({"head": {"vars": list(variables)}, "results": {"bindings": []}}, indent=2, ensure_ascii=False)
    opening, _, _ = empty.rpartition("[]")
    names = [_quote(v) for v in variables]
    yield opening + "["
    separator = "\n"
    for row in rows:
        yield separator + _json_binding(names, row)
        separator = ",\n"
    yield "\n    ]\n  }\n}\n" if separator == ",\n" else "]\n  }\n}\n"


def _json_binding(names: list[str], row: Row) -> str:
    """One binding, as ``json.dumps(..., indent=2)`` writes it three levels in."""
    parts = []
    for name, term in zip(names, row):
        if term is not None:
            fields = ",\n".join(f"          {_quote(k)}: {_quote(v)}" for k, v in _json_term(term).items())
            parts.append(f"        {name}: {{\n{fields}\n        }}")
    return "      {\n" + ",\n".join(parts) + "\n      }" if parts else "      {}"


_quote = json.encoder.encode_basestring  # a JSON string, non-ASCII kept (ensure_ascii=False)


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
