"""A query's ORDER BY on a store is done by kg (kg.query.ordering): the rows come in the order
rdflib's engine gives the same triples in a file, whatever the terms (numbers, IRIs, unbound),
and a clause kg cannot do itself is left to the engine. No spaCy."""
from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS

from handbuilt_graph import store_of
from kg.query.ordering import ordering
from kg.query.sparql import prepare, run_query
from kg.rdf.graphio import load_graph
from kg.rdf.vocab import DATA, KG


def triples() -> list[tuple]:
    found: list[tuple] = []
    for i in range(60):
        person = DATA[f"person/p{i:02d}"]
        found.append((person, RDF.type, KG.Person))
        if i % 7:  # some have no label: COALESCE gives their IRI, and IRIs sort before literals
            found.append((person, RDFS.label, Literal(["Émile", "anna", "Zoë", "bob", "Ánna"][i % 5] + f" {i % 4}")))
        found.append((person, KG.confidence, Literal((i * 37) % 11)))
        if i % 3 == 0:
            found.append((person, KG.memberOf, DATA[f"organization/o{i % 4}"]))
    return found


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("order")
    store_of(triples(), folder / "kg.store")
    graph = Graph()
    for t in triples():
        graph.add(t)
    ttl = folder / "people.ttl"
    ttl.write_bytes(graph.serialize(format="turtle", encoding="utf-8"))
    return folder / "kg.store", ttl


ORDERED = {
    "labels then numbers": "SELECT ?name ?n WHERE { ?p a kg:Person ; kg:confidence ?n OPTIONAL { ?p rdfs:label ?l } "
                           "BIND(COALESCE(?l, ?p) AS ?name) } ORDER BY ?name ?n",
    "numbers, descending": "SELECT ?p ?n WHERE { ?p kg:confidence ?n } ORDER BY DESC(?n) ?p",
    "unbound first": "SELECT ?p ?org WHERE { ?p a kg:Person OPTIONAL { ?p kg:memberOf ?org } } ORDER BY ASC(?org) DESC(?p)",
    "distinct": "SELECT DISTINCT ?org WHERE { ?p kg:memberOf ?org } ORDER BY ?org  # a comment",
}


@pytest.mark.parametrize("name", sorted(ORDERED))
def test_a_store_orders_rows_as_a_file_does(sources, name):
    store, ttl = sources
    text = ORDERED[name]
    assert ordering(prepare(text).algebra, text) is not None  # kg sorts these itself
    from_store = run_query(load_graph([store]).graph, text).rows
    assert len(from_store) > 3
    assert from_store == run_query(load_graph([ttl]).graph, text).rows


@pytest.mark.parametrize("text", [
    "SELECT ?p WHERE { ?p kg:confidence ?n } ORDER BY ?n LIMIT 5",            # the order picks the rows
    "SELECT ?p WHERE { ?p kg:confidence ?n } ORDER BY ?n",                    # ?n is not selected
    "SELECT ?p ?n WHERE { ?p kg:confidence ?n } ORDER BY STR(?n)",            # an expression
    "SELECT ?p WHERE { { SELECT ?p WHERE { ?p a kg:Person } ORDER BY ?p } }",  # not the query's own
    "SELECT ?p WHERE { ?p a kg:Person }",
])
def test_an_order_kg_cannot_do_itself_is_left_to_the_engine(sources, text):
    assert ordering(prepare(text).algebra, text) is None
    store, ttl = sources
    found = run_query(load_graph([store]).graph, text).rows  # the engine's order: ties may differ
    assert len(found) == len(run_query(load_graph([ttl]).graph, text).rows) > 0


def test_only_the_final_order_by_is_taken_off_the_text():
    text = ('SELECT ?p ?l WHERE { ?p rdfs:label ?l FILTER(?l != "ORDER BY ?x") }  # ORDER BY ?y\n'
            "ORDER BY ?l DESC(?p)")
    found = ordering(prepare(text).algebra, text)
    assert found is not None
    assert found.text == text[:text.rindex("ORDER BY")]
    assert found.conditions == (("l", False), ("p", True))


def test_a_label_holding_ordering_words_changes_nothing(sources):
    store, _ = sources
    graph = load_graph([store]).graph
    text = "SELECT ?l WHERE { ?p rdfs:label ?l } ORDER BY ?l"
    rows = [str(r[0]) for r in run_query(graph, text).rows]
    assert rows == sorted(rows) and URIRef(DATA["person/p00"]) not in rows
