"""Read-only SPARQL over a kg graph: bundled queries, parameters bound as values, no updates.

:func:`run_query` parses a query with kg's prefixes bound (so it needs no PREFIX lines), refuses
SPARQL Update and anything that would reach beyond the graph given (``FROM``, ``SERVICE``), binds
``--param`` values as plain literals through rdflib's ``initBindings`` (never pasted into the
text, so a value cannot change the query) and returns a :class:`QueryResult`. Rows of a query
without ``ORDER BY`` are sorted, so the output is the same from run to run.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from typing import Iterable, Mapping

from pyparsing import ParseBaseException, ParseResults
from rdflib import Graph, Literal, Variable
from rdflib.plugins.sparql import prepareQuery
from rdflib.plugins.sparql.parser import parseUpdate
from rdflib.plugins.sparql.parserutils import CompValue
from rdflib.term import Node

from .errors import QueryError, QuerySyntaxError, UpdateRefusedError
from .graphio import PREFIXES, new_graph

_UPDATE_WORDS = ("INSERT", "DELETE", "LOAD", "CLEAR", "DROP", "CREATE", "ADD", "MOVE", "COPY", "WITH")
# The prologue of a SPARQL request: comments, BASE and PREFIX declarations.
_PROLOGUE = re.compile(
    r"(?:\s+|#[^\n]*(?:\n|$)|BASE\s*<[^>]*>|PREFIX\s+[^\s:]*:\s*<[^>]*>)*", re.IGNORECASE
)
_PARAM_LINE = re.compile(r"^#\s*param\s+(\w+)\s*:\s*(.*)$", re.IGNORECASE)
_PARAM_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class BundledQuery:
    """A query shipped in ``kg/queries``: its name, what it answers, the parameters it needs."""

    name: str
    description: str
    params: tuple[tuple[str, str], ...]  # (name, what to give) for each required --param
    text: str


@dataclass(frozen=True)
class QueryResult:
    """The answer to a query: rows for SELECT, a bool for ASK, a graph for CONSTRUCT/DESCRIBE."""

    kind: str  # "SELECT", "ASK", "CONSTRUCT" or "DESCRIBE"
    variables: tuple[str, ...] = ()
    rows: tuple[tuple[Node | None, ...], ...] = ()
    answer: bool | None = None
    graph: Graph | None = None


def bundled_queries() -> tuple[BundledQuery, ...]:
    """Every query in ``kg/queries/*.rq``, by name."""
    folder = resources.files("kg") / "queries"
    found = []
    for item in sorted(folder.iterdir(), key=lambda f: f.name):
        if item.name.endswith(".rq"):
            found.append(_bundled(item.name[:-3], item.read_text(encoding="utf-8")))
    return tuple(found)


def bundled_query(name: str) -> BundledQuery:
    """The bundled query called ``name``; :class:`QueryError` (listing the names) if none is."""
    queries = {q.name: q for q in bundled_queries()}
    if name not in queries:
        raise QueryError(f"no bundled query named {name!r}; choose one of: {', '.join(queries)}")
    return queries[name]


def parse_params(items: Iterable[str]) -> dict[str, str]:
    """``["name=Tom Hale", ...]`` -> ``{"name": "Tom Hale"}``; QueryError if malformed."""
    params: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip().lstrip("?$")
        if not sep or not _PARAM_NAME.fullmatch(key):
            raise QueryError(f"a parameter is NAME=VALUE (NAME a SPARQL variable name), not {item!r}")
        params[key] = value
    return params


def run_query(
    graph: Graph,
    text: str,
    *,
    params: Mapping[str, str] | None = None,
    required: Iterable[str] = (),
) -> QueryResult:
    """Run the SPARQL query ``text`` over ``graph``, read-only.

    Each ``params`` entry binds the variable of that name to a plain literal. ``required`` names
    parameters that must be given. Raises :class:`QuerySyntaxError` (with line and column),
    :class:`UpdateRefusedError`, or :class:`QueryError`.
    """
    params = dict(params or {})
    missing = [name for name in required if name not in params]
    if missing:
        raise QueryError(
            "this query needs " + " ".join(f"--param {m}=VALUE" for m in missing)
        )
    prepared = prepare(text)
    algebra = prepared.algebra
    if algebra.get("datasetClause"):
        raise QueryError("FROM and FROM NAMED are not supported: kg query reads the graph files given")
    used = _variables(algebra)
    unused = sorted(name for name in params if Variable(name) not in used)
    if unused:
        raise QueryError(f"the query has no variable ?{unused[0]} for --param {unused[0]}")
    bindings = {Variable(k): Literal(v) for k, v in params.items()}
    kind = algebra.name.removesuffix("Query").upper()
    try:
        # DESCRIBE's answer is up to the engine: rdflib's, as for files
        result = _store_query(graph, text, bindings) if kind != "DESCRIBE" and _in_store(graph) else None
        if result is None:
            result = graph.query(prepared, initBindings=bindings)
        if kind == "ASK":
            return QueryResult(kind=kind, answer=bool(result.askAnswer))
        if kind in ("CONSTRUCT", "DESCRIBE"):
            out = new_graph()
            for triple in result.graph or ():
                out.add(triple)
            return QueryResult(kind=kind, graph=out)
        variables = tuple(str(v) for v in (result.vars or ()))
        rows = tuple(tuple(row[v] for v in result.vars) for row in result)  # type: ignore[index]
    except Exception as exc:  # noqa: BLE001 - rdflib's evaluator raises plain Exceptions
        raise QueryError(f"the query failed: {' '.join(str(exc).split()) or type(exc).__name__}") from None
    if not _has(algebra, "OrderBy"):
        rows = tuple(sorted(rows, key=lambda r: tuple("" if t is None else t.n3() for t in r)))
    return QueryResult(kind="SELECT", variables=variables, rows=rows)


def _in_store(graph: Graph) -> bool:
    from .storeread import answers_sparql

    return answers_sparql(graph)


def _store_query(graph: Graph, text: str, bindings: dict):
    """A kg store answers with Oxigraph's engine, given the text (checked above); None when
    Oxigraph will not take the query (it binds a parameter only if the SELECT projects it), and
    then rdflib's engine answers over the same store."""
    try:
        return graph.query(text, initNs={k: str(v) for k, v in PREFIXES.items()}, initBindings=bindings)
    except Exception:  # noqa: BLE001 - pyoxigraph raises SyntaxError, ValueError, ...
        return None


def prepare(text: str):
    """Parse ``text`` as a SPARQL query with kg's prefixes; refuse updates and SERVICE."""
    if not text[_PROLOGUE.match(text).end():].strip():  # type: ignore[union-attr]
        raise QueryError("the query is empty")
    try:
        prepared = prepareQuery(text, initNs={k: str(v) for k, v in PREFIXES.items()})
    except ParseBaseException as exc:
        if _is_update(text):
            raise UpdateRefusedError(_refusal(text)) from None
        near = " ".join(exc.line.split())
        near = f" (in: {near[:60]}{'…' if len(near) > 60 else ''})" if near else ""
        raise QuerySyntaxError(
            f"SPARQL syntax error at line {exc.lineno}, column {exc.col}: {exc.msg}{near}",
            line=exc.lineno, column=exc.col,
        ) from None
    except Exception as exc:  # noqa: BLE001 - rdflib raises plain Exceptions, e.g. for an unknown prefix
        raise QueryError(f"cannot run the query: {' '.join(str(exc).split())}") from None
    if _has(prepared.algebra, "ServiceGraphPattern"):
        raise QueryError("SERVICE is not supported: kg query reads only the graph files given, offline")
    return prepared


def _first_word(text: str) -> str:
    """The request's first keyword after its comments and PREFIX / BASE lines, upper-cased."""
    rest = text[_PROLOGUE.match(text).end():]  # type: ignore[union-attr]
    word = re.match(r"[A-Za-z]+", rest)
    return word.group(0).upper() if word else ""


def _is_update(text: str) -> bool:
    try:
        parseUpdate(text)
        return True
    except Exception:  # noqa: BLE001 - not an update either
        return _first_word(text) in _UPDATE_WORDS


def _refusal(text: str) -> str:
    word = _first_word(text)
    what = f"{word} is " if word in _UPDATE_WORDS else ""
    return f"{what}SPARQL Update, and kg query only reads: it never changes a graph"


def _walk(value: object) -> Iterable[object]:
    yield value
    if isinstance(value, dict):  # CompValue and Expr are dicts
        for v in value.values():
            yield from _walk(v)
    elif isinstance(value, (list, tuple, set, ParseResults)):
        for v in value:
            yield from _walk(v)


def _variables(algebra: CompValue) -> set[Variable]:
    return {v for v in _walk(algebra) if isinstance(v, Variable)}


def _has(algebra: CompValue, name: str) -> bool:
    return any(isinstance(v, CompValue) and v.name == name for v in _walk(algebra))


def _bundled(name: str, text: str) -> BundledQuery:
    description: list[str] = []
    params: list[tuple[str, str]] = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        match = _PARAM_LINE.match(line)
        if match:
            params.append((match.group(1), match.group(2).strip()))
        else:
            description.append(line.lstrip("#").strip())
    return BundledQuery(
        name=name, description=" ".join(d for d in description if d), params=tuple(params), text=text
    )
