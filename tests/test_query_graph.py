"""GRAPH in a query: a TriG file's named graphs by name, none in a Turtle file, a store's own.

No rdflib text ("ConjunctiveGraph", deprecation warnings) reaches the user. The graphs are the
hand-built graph of tests/handbuilt_graph.py, split into two named graphs; the store is written
through kg's ArticleStore with those triples. No spaCy needed.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from rdflib import Dataset, Graph, URIRef
from typer.testing import CliRunner

from handbuilt_graph import riverton
from kg.cli import app
from kg.rdf.graphio import load_graph
from kg.query.sparql import run_query
from kg.store.articles import ArticleStore
from kg.store.terms import graph_name
from kg.rdf.vocab import DATA
from kg.rdf.writer import serialize

G0, G1 = (URIRef(DATA[f"graph/{i:016x}"]) for i in range(2))
COUNT_BY_GRAPH = "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g ORDER BY ?g"
REPLACED_IN = "SELECT ?who WHERE { GRAPH <%s> { ?who kg:replaced ?whom } }"


def halves(graph: Graph) -> dict[URIRef, list]:
    triples = sorted(graph)
    return {G0: triples[0::2], G1: triples[1::2]}


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("graphs")
    graph = riverton()
    ds = Dataset()
    for name, triples in halves(graph).items():
        for triple in triples:
            ds.graph(name).add(triple)
    paths = {"ttl": folder / "all.ttl", "trig": folder / "articles.trig"}
    paths["ttl"].write_bytes(serialize(graph, fmt="turtle"))
    paths["trig"].write_bytes(serialize(ds, fmt="trig"))
    return paths


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("store") / "kg.store"
    with ArticleStore(path) as st:
        for i, triples in enumerate(halves(riverton()).values()):
            st.put(f"news/{i}.txt", hashlib.sha256(str(i).encode()).hexdigest(), triples)
    return path


def cli(*args: str):
    return CliRunner().invoke(app, list(args))


def where_replaced(graph: Graph) -> URIRef:
    """The named graph of ``halves`` that holds the kg:replaced fact."""
    return next(name for name, triples in halves(graph).items()
                if any(str(p).endswith("#replaced") for _, p, _ in triples))


def test_a_trig_files_named_graphs_are_queried_by_name(files):
    loaded = load_graph([files["trig"]]).graph
    counts = {str(g): int(n) for g, n in run_query(loaded, COUNT_BY_GRAPH).rows}
    expected = {str(name): len(triples) for name, triples in halves(riverton()).items()}
    assert counts == expected
    inside = where_replaced(riverton())
    other = G1 if inside == G0 else G0
    assert [str(r[0]) for r in run_query(loaded, REPLACED_IN % inside).rows] == [str(DATA["person/ana-ruiz"])]
    assert run_query(loaded, REPLACED_IN % other).rows == ()
    # the default graph is the union of the named graphs, as before
    assert set(loaded) == set(riverton())
    assert run_query(loaded, "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").rows[0][0].toPython() == len(riverton())


def test_graph_over_a_turtle_file_matches_nothing(files):
    loaded = load_graph([files["ttl"]]).graph
    assert run_query(loaded, COUNT_BY_GRAPH).rows == ()
    assert run_query(loaded, REPLACED_IN % G0).rows == ()
    assert run_query(loaded, "ASK { GRAPH ?g { ?s ?p ?o } }").answer is False
    # and a graph made in memory, given to the library
    assert run_query(riverton(), COUNT_BY_GRAPH).rows == ()


@pytest.mark.parametrize("kind", ["ttl", "trig", "store"])
def test_graph_queries_print_no_rdflib_text_and_no_warning(files, store, kind):
    """In a real process, with every DeprecationWarning an error: stderr stays empty."""
    graph = str(store if kind == "store" else files[kind])
    for query in (COUNT_BY_GRAPH, REPLACED_IN % G0, "ASK { GRAPH ?g { ?s ?p ?o } }",
                  "SELECT ?g ?s WHERE { GRAPH ?g { ?s rdfs:label ?name } }"):
        args = [graph, query, "-f", "csv"] + (["--param", "name=Ana Ruiz"] if "?name" in query else [])
        done = subprocess.run(
            [sys.executable, "-W", "error::DeprecationWarning", "-c", "from kg.cli import app; app()", "query", *args],
            capture_output=True, text=True, env={**os.environ, "PYTHONWARNINGS": "error::DeprecationWarning"},
        )
        assert done.returncode in (0, 3), done.stderr
        assert done.stderr == "", done.stderr
        assert "ConjunctiveGraph" not in done.stdout


def test_graph_on_a_store_asks_its_article_graphs(store):
    found = cli("query", str(store), COUNT_BY_GRAPH, "-f", "csv")
    assert found.exit_code == 0, found.output
    names = [line.split(",")[0] for line in found.stdout.splitlines()[1:]]
    articles = {str(graph_name(hashlib.sha256(str(i).encode()).hexdigest())) for i in range(2)}
    assert articles <= set(names)  # the articles' graphs (and the store's catalogue and records)
    # a --param Oxigraph will not bind (?name is not projected): rdflib's engine over the store
    by_param = cli("query", str(store), "SELECT ?g WHERE { GRAPH ?g { ?s rdfs:label ?name } }",
                   "--param", "name=Ana Ruiz", "-f", "csv")
    assert by_param.exit_code == 0, by_param.output
    assert set(by_param.stdout.splitlines()[1:]) <= articles and len(by_param.stdout.splitlines()) >= 2


def test_a_store_beside_a_file_keeps_its_named_graphs(store, files):
    alone = cli("query", str(store), COUNT_BY_GRAPH, "-f", "csv")
    beside = cli("query", str(store), str(files["ttl"]), COUNT_BY_GRAPH, "-f", "csv")
    assert beside.exit_code == 0, beside.output
    assert beside.stdout == alone.stdout


def test_loading_and_querying_raise_no_deprecation_warning(files):
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        loaded = load_graph([files["trig"], files["ttl"]]).graph
        assert len(run_query(loaded, COUNT_BY_GRAPH).rows) == 2
        run_query(loaded, "DESCRIBE ?g WHERE { GRAPH ?g { ?s ?p ?o } }")
        run_query(loaded, "CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }")
