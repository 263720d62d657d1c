"""Read-only SPARQL over a kg graph: bundled queries, parameters bound as values, no updates.

:func:`run_query` parses a query with kg's prefixes bound (so it needs no PREFIX lines), refuses
SPARQL Update and anything that would reach beyond the graph given (``FROM``, ``SERVICE``), binds
``--param`` values as plain literals through rdflib's ``initBindings`` (never pasted into the
text, so a value cannot change the query) and returns a :class:`QueryResult`. Rows of a query
without ``ORDER BY`` are sorted, so the output is the same from run to run.
:func:`stream_query` does the same, but gives a SELECT's rows as the engine yields them (in an
order that is still the same from run to run; see there).

``GRAPH`` asks the named graphs kept beside the graph: a TriG file's (see
:func:`kg.rdf.graphio.as_dataset`), or a store's; a graph that has none (a Turtle file's) matches
nothing.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from importlib import resources

from pyparsing import ParseBaseException, ParseResults
from rdflib import Graph, Literal, Variable
from rdflib.plugins.sparql import prepareQuery
from rdflib.plugins.sparql.parser import parseUpdate
from rdflib.plugins.sparql.parserutils import CompValue
from rdflib.term import Node

from kg.errors import KgError, QueryError, QuerySyntaxError, UpdateRefusedError
from kg.query.ordering import ordering
from kg.query.params import bind_literals
from kg.rdf.graphio import PREFIXES, as_dataset, new_graph
from kg.rdf.labels import lookup_form

_UPDATE_WORDS = ("INSERT", "DELETE", "LOAD", "CLEAR", "DROP", "CREATE", "ADD", "MOVE", "COPY", "WITH")
# The prologue of a SPARQL request: comments, BASE and PREFIX declarations.
_PROLOGUE = re.compile(
    r"(?:\s+|#[^\n]*(?:\n|$)|BASE\s*<[^>]*>|PREFIX\s+[^\s:]*:\s*<[^>]*>)*", re.IGNORECASE
)
_PARAM_LINE = re.compile(r"^#\s*param\s+(\w+)\s*(\(any case\))?\s*:\s*(.*)$", re.IGNORECASE)
_PARAM_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PREFIX_MAP = {k: str(v) for k, v in PREFIXES.items()}


@dataclass(frozen=True)
class BundledQuery:
    """A query shipped in ``kg/query/queries``: its name, what it answers, the parameters it needs."""

    name: str
    description: str
    params: tuple[tuple[str, str], ...]  # (name, what to give) for each required --param
    text: str
    any_case: tuple[str, ...] = ()  # the parameters marked "(any case)": run with in lower case
    store_text: str | None = None  # NAME.store.rq: the same query as a kg store answers it fastest

    def text_for(self, graph: Graph) -> str:
        """The text to run on ``graph``: the store's variant on a kg store, if there is one."""
        return self.store_text if self.store_text is not None and _in_store(graph) else self.text

    def values(self, given: Mapping[str, str]) -> dict[str, str]:
        """The ``--param`` values as the query is run with them: those of a parameter marked
        ``(any case)`` in lower case (:func:`kg.rdf.labels.lookup_form`), as the names it looks them
        up among are also written."""
        return {k: lookup_form(v) if k in self.any_case else v for k, v in given.items()}


Row = tuple[Node | None, ...]


@dataclass(frozen=True)
class QueryResult:
    """The answer to a query: rows for SELECT, a bool for ASK, a graph for CONSTRUCT/DESCRIBE."""

    kind: str  # "SELECT", "ASK", "CONSTRUCT" or "DESCRIBE"
    variables: tuple[str, ...] = ()
    rows: tuple[Row, ...] = ()
    answer: bool | None = None
    graph: Graph | None = None


@dataclass
class QueryStream:
    """The answer to a query as it comes (:func:`stream_query`): for SELECT, ``rows`` is an
    iterator, read once, and ``order`` says how the rows are ordered ("query", "engine" or
    "sorted"); ASK and CONSTRUCT/DESCRIBE answers are whole, as in :class:`QueryResult`."""

    kind: str
    variables: tuple[str, ...] = ()
    rows: Iterator[Row] = field(default_factory=lambda: iter(()))
    answer: bool | None = None
    graph: Graph | None = None
    order: str = ""

    def collect(self) -> QueryResult:
        """Every row read: the whole answer, as :func:`run_query` gives it."""
        return QueryResult(kind=self.kind, variables=self.variables, rows=tuple(self.rows),
                           answer=self.answer, graph=self.graph)


def bundled_queries() -> tuple[BundledQuery, ...]:
    """Every query in ``kg/query/queries/*.rq``, by name."""
    folder = resources.files("kg.query") / "queries"
    files = {item.name: item for item in folder.iterdir()}
    found = []
    for name in sorted(files):
        if name.endswith(".rq") and not name.endswith(STORE_VARIANT):
            variant = files.get(name[:-3] + STORE_VARIANT)
            query = _bundled(name[:-3], files[name].read_text(encoding="utf-8"))
            if variant is not None:
                query = replace(query, store_text=variant.read_text(encoding="utf-8"))
            found.append(query)
    return tuple(found)


#: a bundled query's variant for a kg store (``evidence.store.rq`` beside ``evidence.rq``): joins
#: written as Oxigraph's engine evaluates them in linear time, which rdflib's does not
STORE_VARIANT = ".store.rq"


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
    """Run the SPARQL query ``text`` over ``graph``, read-only, and read the whole answer.

    Each ``params`` entry binds the variable of that name to a plain literal. ``required`` names
    parameters that must be given. Rows of a query without ORDER BY are sorted. Raises
    :class:`QuerySyntaxError` (with line and column), :class:`UpdateRefusedError`, or
    :class:`QueryError`. :func:`stream_query` gives the rows as they come instead.
    """
    return stream_query(graph, text, params=params, required=required, sort=True).collect()


def stream_query(
    graph: Graph,
    text: str,
    *,
    params: Mapping[str, str] | None = None,
    required: Iterable[str] = (),
    sort: bool = False,
) -> QueryStream:
    """Run the SPARQL query ``text`` over ``graph``, read-only; a SELECT's rows come as the
    engine yields them (:attr:`QueryStream.rows`, an iterator to read once).

    The order of the rows is always the same for the same query on the same graph:

    - with ORDER BY, the query's order (``order == "query"``);
    - without, on a kg store whose query Oxigraph's engine answers, and ``sort`` False, the
      engine's order, a function of the query and the store's contents (``"engine"``);
    - otherwise sorted by the rows' terms (``"sorted"``): rdflib's engine yields rows in an
      order that changes with Python's string hashing, from one run to the next, so its rows
      are all read and sorted before the first is given.

    The checks and errors are :func:`run_query`'s; an error of the engine met while the rows
    are read is raised from the iterator, as a :class:`QueryError`.
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
    in_store = _in_store(graph)
    if kind == "SELECT":
        return _select(graph, prepared, text, bindings, in_store=in_store, sort=sort)
    try:
        # DESCRIBE's answer is up to the engine: rdflib's, as for files
        result = _store_query(graph, text, bindings) if kind != "DESCRIBE" and in_store else None
        if result is None:
            result = as_dataset(graph).query(prepared, initBindings=bindings)
        if kind == "ASK":
            return QueryStream(kind=kind, answer=bool(result.askAnswer))
        out = new_graph()
        for triple in result.graph or ():
            out.add(triple)
        return QueryStream(kind=kind, graph=out)
    except Exception as exc:  # noqa: BLE001 - rdflib's evaluator raises plain Exceptions
        raise _failed(exc) from None


def _select(graph: Graph, prepared, text: str, bindings: dict, *, in_store: bool, sort: bool) -> QueryStream:
    from kg.store.read import select

    # on a store, the values are written into the text: Oxigraph's engine answers, wherever the
    # query uses the variable (kg.query.params); a final ORDER BY of variables is kg's to do
    # (kg.query.ordering: Oxigraph's sort reads every term's text at every comparison)
    order_by = ordering(prepared.algebra, text) if in_store else None
    sent = order_by.text if order_by is not None else text
    found = select(graph, bind_literals(sent, {str(k): v for k, v in bindings.items()}), _PREFIX_MAP, {}) \
        if in_store else None
    if found is not None:
        variables, rows = found
        if order_by is not None:
            rows = order_by.sort(variables, rows)
        stable = True  # Oxigraph's order: see kg.store.read.select
    else:
        try:
            result = as_dataset(graph).query(prepared, initBindings=bindings)
        except Exception as exc:  # noqa: BLE001 - rdflib's evaluator raises plain Exceptions
            raise _failed(exc) from None
        variables = tuple(str(v) for v in (result.vars or ()))
        rows = _rdflib_rows(result)
        stable = False
    if _has(prepared.algebra, "OrderBy"):
        order = "query"
    elif stable and not sort:
        order = "engine"
    else:
        order, rows = "sorted", _sorted(rows)
    return QueryStream(kind="SELECT", variables=variables, rows=_guarded(rows), order=order)


def _rdflib_rows(result) -> Iterator[Row]:
    """The rows of rdflib's SELECT result as its evaluator makes them, without keeping them
    (iterating a Result keeps every row it has given, in ``Result.bindings``)."""
    names = list(result.vars or ())
    pending = getattr(result, "_genbindings", None)
    if pending is not None:
        result._genbindings = None
        source = pending
    else:
        source = result.bindings
    for binding in source:
        if binding:  # as rdflib's Result does: a solution that binds nothing is no row
            yield tuple(binding.get(v) for v in names)


def _sorted(rows: Iterator[Row]) -> Iterator[Row]:
    yield from sorted(rows, key=lambda r: tuple("" if t is None else t.n3() for t in r))


def _guarded(rows: Iterator[Row]) -> Iterator[Row]:
    """The rows, an error of the engine's while they are read turned into a QueryError."""
    try:
        yield from rows
    except KgError:
        raise
    except Exception as exc:  # noqa: BLE001 - rdflib's and pyoxigraph's evaluators raise many kinds
        raise _failed(exc) from None


def _failed(exc: Exception) -> QueryError:
    return QueryError(f"the query failed: {' '.join(str(exc).split()) or type(exc).__name__}")


def _in_store(graph: Graph) -> bool:
    from kg.store.read import answers_sparql

    return answers_sparql(graph)


def _store_query(graph: Graph, text: str, bindings: dict):
    """A kg store answers ASK and CONSTRUCT with Oxigraph's engine, given the text (checked
    above); None when Oxigraph will not take the query, and then rdflib's engine answers over
    the same store."""
    try:
        return graph.query(bind_literals(text, {str(k): v for k, v in bindings.items()}), initNs=_PREFIX_MAP)
    except Exception:  # noqa: BLE001 - pyoxigraph raises SyntaxError, ValueError, ...
        return None


def prepare(text: str):
    """Parse ``text`` as a SPARQL query with kg's prefixes; refuse updates and SERVICE."""
    if not text[_PROLOGUE.match(text).end():].strip():  # type: ignore[union-attr]
        raise QueryError("the query is empty")
    try:
        prepared = prepareQuery(text, initNs=_PREFIX_MAP)
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
    any_case: list[str] = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        match = _PARAM_LINE.match(line)
        if match:
            params.append((match.group(1), match.group(3).strip()))
            if match.group(2):
                any_case.append(match.group(1))
        else:
            description.append(line.lstrip("#").strip())
    return BundledQuery(
        name=name, description=" ".join(d for d in description if d), params=tuple(params), text=text,
        any_case=tuple(any_case),
    )
