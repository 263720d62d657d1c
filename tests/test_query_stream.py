"""kg query streams a SELECT's rows: the first goes out before the engine has made the others.

The graphs are generated here with pyoxigraph (a store of 200,000 triples) and rdflib, no spaCy.
Streaming is measured by counting, never by the clock: how many rows the formatter has pulled,
and how many terms were read from Oxigraph, when the first chunk is out. The order of the rows
stays the same for the same graph: Oxigraph's order is a function of the store's contents (two
stores filled in different orders give the same bytes, in this process and in another), and
rdflib's rows, whose order changes with Python's hash seed, are sorted.
"""
from __future__ import annotations

import csv
import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS
from typer.testing import CliRunner

import kg.query.sparql
import kg.query.results
from kg.cli import app
from kg.errors import QueryError
from kg.rdf.graphio import load_graph
from kg.query.sparql import run_query, stream_query
from kg.query.results import BLOCK_ROWS, TABLE_ROWS, format_result, iter_result
from kg.rdf.vocab import DATA, KG

ROWS = 200_000
SCAN = "SELECT ?s ?p ?o WHERE { ?s ?p ?o }"
QUERIES = {
    "scan": SCAN,
    "join": "SELECT ?p ?name ?org ?orgName WHERE { ?p kg:memberOf ?org ; rdfs:label ?name . ?org rdfs:label ?orgName }",
    "optional": "SELECT ?p ?alt WHERE { ?p a kg:Person OPTIONAL { ?p kg:replaced ?alt } }",
    "distinct": "SELECT DISTINCT ?org WHERE { ?p kg:memberOf ?org }",
    "group": "SELECT ?org (COUNT(?p) AS ?n) WHERE { ?p kg:memberOf ?org } GROUP BY ?org",
    "union": "SELECT ?x ?y WHERE { { ?x kg:memberOf ?y } UNION { ?x kg:replaced ?y } }",
}


def people(n: int) -> list[tuple[URIRef, URIRef, object]]:
    """n people, each with a label and an organization; some replaced another; orgs labelled."""
    triples: list = []
    for i in range(n):
        person = URIRef(DATA[f"person/p{i}"])
        triples.append((person, RDF.type, KG.Person))
        triples.append((person, RDFS.label, Literal(f"Person {i}")))
        triples.append((person, KG.memberOf, URIRef(DATA[f"organization/o{i % 97}"])))
        if i % 5 == 0 and i:
            triples.append((person, KG.replaced, URIRef(DATA[f"person/p{i - 1}"])))
    for j in range(97):
        triples.append((URIRef(DATA[f"organization/o{j}"]), RDFS.label, Literal(f"Org {j}")))
    return triples


def ox_quad(triple) -> ox.Quad:
    s, p, o = triple
    obj = ox.Literal(str(o)) if isinstance(o, Literal) else ox.NamedNode(str(o))
    return ox.Quad(ox.NamedNode(str(s)), ox.NamedNode(str(p)), obj, ox.DefaultGraph())


def make_store(path: Path, triples, *, in_pieces: bool = False) -> Path:
    store = ox.Store(str(path))
    quads = [ox_quad(t) for t in triples]
    if in_pieces:  # another history: small transactions, in another order
        for i in range(0, len(quads), 997):
            store.extend(quads[i:i + 997])
    else:
        store.bulk_extend(quads)
    store.flush()
    del store
    return path


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Path:
    """A store whose default graph holds ROWS triples."""
    triples = [(URIRef(DATA[f"sentence/s{i}"]), KG.text, Literal(f"sentence number {i}")) for i in range(ROWS // 2)]
    triples += [(URIRef(DATA[f"sentence/s{i}"]), KG.beginIndex, URIRef(DATA[f"document/d{i % 1000}"])) for i in range(ROWS // 2)]
    return make_store(tmp_path_factory.mktemp("big") / "big.store", triples)


@pytest.fixture(scope="module")
def twins(tmp_path_factory) -> tuple[Path, Path, Path]:
    """Two stores of the same triples, filled in different orders and ways; and a Turtle file of them."""
    folder = tmp_path_factory.mktemp("twins")
    triples = people(3000)
    shuffled = list(triples)
    random.Random(7).shuffle(shuffled)
    one = make_store(folder / "one.store", triples)
    two = make_store(folder / "two.store", list(reversed(shuffled)), in_pieces=True)
    graph = Graph()
    for t in triples:
        graph.add(t)
    ttl = folder / "people.ttl"
    ttl.write_bytes(graph.serialize(format="turtle", encoding="utf-8"))
    return one, two, ttl


class CountingStore:
    """Stands for a store view's pyoxigraph Store, and counts the solutions its queries give."""

    def __init__(self, inner: ox.Store):
        self.inner, self.solutions = inner, 0

    def query(self, *args, **kwargs):
        found = self.inner.query(*args, **kwargs)
        counter = self

        class Solutions:
            variables = found.variables

            def __iter__(self):
                for solution in found:
                    counter.solutions += 1
                    yield solution

        return Solutions()


def counting_view(store: Path) -> tuple[Graph, CountingStore]:
    """The store opened as kg query opens it, its Oxigraph queries counted."""
    graph = load_graph([store]).graph
    counting = CountingStore(graph.store.ox_store)
    graph.store.ox_store = counting
    return graph, counting


class Counted:
    """Wraps an iterator of rows and counts how many were pulled."""

    def __init__(self, rows):
        self.rows, self.pulled = rows, 0

    def __iter__(self):
        for row in self.rows:
            self.pulled += 1
            yield row


def data_lines(fmt: str, text: str, *, header: bool = True) -> int:
    """How many rows a chunk of text holds (``header``: the chunk begins with the header)."""
    if fmt == "json":
        return text.count('\n      {')
    return len(text.splitlines()) - (0 if not header else 2 if fmt == "table" else 1)


# --- streaming, counted ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["csv", "tsv", "json"])
def test_the_first_row_goes_out_before_the_engine_has_made_the_others(big, fmt):
    graph, oxigraph = counting_view(big)
    answer = stream_query(graph, SCAN)
    assert answer.order == "engine"
    counted = Counted(answer.rows)
    answer.rows = iter(counted)
    chunks = iter_result(answer, fmt=fmt)
    first = next(chunks)
    assert counted.pulled == 1            # one row pulled from the query ...
    assert oxigraph.solutions == 1        # ... and one solution from Oxigraph's engine
    assert data_lines(fmt, first) == 1    # the header and that row are out
    second = next(chunks)
    assert counted.pulled == oxigraph.solutions == 1 + BLOCK_ROWS
    assert data_lines(fmt, second, header=False) == BLOCK_ROWS
    rest = "".join(chunks)
    assert counted.pulled == oxigraph.solutions == ROWS
    whole = first + second + rest
    if fmt == "json":
        assert len(json.loads(whole)["results"]["bindings"]) == ROWS
    else:
        assert data_lines(fmt, whole) == ROWS


def test_the_table_streams_in_blocks_when_the_query_orders_its_rows(twins):
    text = "SELECT ?p ?name WHERE { ?p rdfs:label ?name } ORDER BY ?name"
    answer = stream_query(load_graph([twins[0]]).graph, text, sort=True)
    assert answer.order == "query"
    counted = Counted(answer.rows)
    answer.rows = iter(counted)
    chunks = iter_result(answer, fmt="table")
    first = next(chunks)
    assert counted.pulled == TABLE_ROWS
    assert data_lines("table", first) == TABLE_ROWS
    assert sum(data_lines("table", chunk, header=False) for chunk in chunks) == 3000 + 97 - TABLE_ROWS


def test_a_table_of_an_unordered_query_is_sorted_and_reads_every_row_first(big):
    graph, oxigraph = counting_view(big)
    answer = stream_query(graph, SCAN + " LIMIT 5000", sort=True)
    assert answer.order == "sorted"
    first = next(iter_result(answer, fmt="table"))
    assert oxigraph.solutions == 5000  # every row read from Oxigraph, to be sorted
    assert data_lines("table", first) == TABLE_ROWS
    assert first == next(iter_result(run_query(load_graph([big]).graph, SCAN + " LIMIT 5000"), fmt="table"))


@pytest.mark.slow
def test_the_streamed_text_is_the_whole_text(twins):
    """Chunk by chunk, the same bytes as the answer read whole (CSV, TSV, JSON, the table)."""
    one, _, ttl = twins
    for graph in (load_graph([one]).graph, load_graph([ttl]).graph):
        text = "SELECT ?p ?name ?org WHERE { ?p rdfs:label ?name OPTIONAL { ?p kg:memberOf ?org } } ORDER BY ?name"
        for fmt in ("csv", "tsv", "json", "table"):
            streamed = "".join(iter_result(stream_query(graph, text, sort=fmt == "table"), fmt=fmt))
            assert streamed == format_result(run_query(graph, text), fmt=fmt)
        assert json.loads(format_result(stream_query(graph, text), fmt="json"))["head"]["vars"] == ["p", "name", "org"]


def test_table_blocks_widen_never_narrow(monkeypatch):
    monkeypatch.setattr(kg.query.results, "TABLE_ROWS", 3)
    rows = tuple((Literal("x" * n), Literal(str(n))) for n in (1, 5, 2, 9, 1, 1, 3))
    table = format_result(kg.query.sparql.QueryResult(kind="SELECT", variables=("a", "b"), rows=rows), fmt="table")
    lines = table.splitlines()
    assert lines[0].split() == ["a", "b"] and set(lines[1]) <= {"-", " "}
    columns = [line.index(line.split()[1], len(line.split()[0])) for line in lines[2:]]
    assert columns == [7, 7, 7, 11, 11, 11, 11]  # block 1 aligned to "xxxxx", then to "xxxxxxxxx"


# --- the same bytes every time ---------------------------------------------------------------


def csv_of(graph_path: Path, text: str) -> str:
    return format_result(stream_query(load_graph([graph_path]).graph, text), fmt="csv")


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_oxigraphs_order_is_a_function_of_the_stores_contents(twins, name):
    one, two, _ = twins
    text = QUERIES[name]
    first = csv_of(one, text)
    assert stream_query(load_graph([one]).graph, text).order == "engine"
    assert csv_of(two, text) == first                      # another store, filled otherwise
    assert csv_of(one, text) == first                      # again
    rows = sorted(csv.reader(io.StringIO(first)))
    assert rows == sorted(csv.reader(io.StringIO(format_result(run_query(load_graph([one]).graph, text), fmt="csv"))))


@pytest.mark.slow
def test_oxigraphs_order_is_the_same_in_another_process(twins):
    one, two, _ = twins
    for store in (one, two):
        for name in ("scan", "join", "group"):
            done = subprocess.run([sys.executable, "-c", "from kg.cli import app; app()", "query", str(store),
                                   QUERIES[name], "-f", "csv"], capture_output=True)
            assert done.returncode == 0, done.stderr
            assert done.stdout.decode("utf-8") == csv_of(one, QUERIES[name])


@pytest.mark.slow
def test_rdflibs_rows_are_sorted_whatever_the_hash_seed(twins):
    """On files, rdflib's engine yields rows in an order that depends on Python's hash seed, so
    they are sorted: two processes with different seeds give the same bytes."""
    _, _, ttl = twins
    assert stream_query(load_graph([ttl]).graph, QUERIES["join"]).order == "sorted"
    outputs = set()
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", "from kg.cli import app; app()", "query", str(ttl),
                               QUERIES["join"], "-f", "csv"], capture_output=True,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert outputs.pop().decode("utf-8") == format_result(run_query(load_graph([ttl]).graph, QUERIES["join"]), fmt="csv")


def test_a_store_and_a_file_of_the_same_triples_give_the_same_table(twins):
    one, _, ttl = twins
    for text in (QUERIES["join"], QUERIES["distinct"]):
        table = CliRunner().invoke(app, ["query", str(one), text]).stdout
        assert table == CliRunner().invoke(app, ["query", str(ttl), text]).stdout


# --- -o stays atomic, errors, a closed pipe --------------------------------------------------


@pytest.mark.slow
def test_output_to_a_file_is_written_as_rows_come_and_appears_whole(big, tmp_path, monkeypatch):
    out = tmp_path / "answer.csv"
    out.write_text("old answer\n")
    seen = {}
    real = kg.query.sparql.stream_query

    def watched(*args, **kwargs):
        answer = real(*args, **kwargs)
        inner = answer.rows

        def rows():
            for i, row in enumerate(inner, 1):
                if i == 100_001:  # rows 1 .. 99,001 are written by now, to the temporary file
                    temporary = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
                    seen["old"] = out.read_text()
                    seen["written"] = sum(p.read_bytes().count(b"\n") for p in temporary)
                yield row
        answer.rows = rows()
        return answer

    monkeypatch.setattr(kg.query.sparql, "stream_query", watched)
    result = CliRunner().invoke(app, ["query", str(big), SCAN, "-f", "csv", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert seen == {"old": "old answer\n", "written": 1 + 1 + 99 * BLOCK_ROWS}  # header, row 1, 99 blocks
    assert len(out.read_bytes().splitlines()) == ROWS + 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answer.csv"]


def test_an_error_while_rows_stream_leaves_the_file_as_it_was(big, tmp_path, monkeypatch):
    out = tmp_path / "answer.csv"
    out.write_text("old answer\n")
    real = kg.query.sparql.stream_query

    def failing(*args, **kwargs):
        answer = real(*args, **kwargs)
        inner = answer.rows

        def rows():
            for i, row in enumerate(inner):
                if i == 5000:
                    raise QueryError("the query failed: the engine gave up")
                yield row
        answer.rows = rows()
        return answer

    monkeypatch.setattr(kg.query.sparql, "stream_query", failing)
    result = CliRunner().invoke(app, ["query", str(big), SCAN, "-f", "csv", "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == ["kg: error: the query failed: the engine gave up"]
    assert out.read_text() == "old answer\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answer.csv"]


def test_a_reader_that_stops_early_is_not_an_error(big):
    """kg query ... | head -1: the first line arrives, then the pipe closes; no traceback."""
    process = subprocess.Popen([sys.executable, "-c", "from kg.cli import app; app()", "query", str(big), SCAN,
                                "-f", "csv"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline() == b"s,p,o\r\n"
    process.stdout.close()
    assert process.wait(timeout=120) == 0
    assert process.stderr.read() == b""
