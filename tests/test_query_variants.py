"""A bundled query's store variant (NAME.store.rq, run when a kg store is queried) gives the rows
its portable text gives, on a graph file and on a store of the same article. No spaCy: the store
is filled with the hand-built graph's triples."""
from __future__ import annotations

import pytest

from handbuilt_graph import riverton, store_of
from kg.query.sparql import bundled_queries, run_query
from kg.rdf.graphio import load_graph
from kg.rdf.writer import serialize

VARIANTS = [q for q in bundled_queries() if q.store_text is not None]
PARAMS = {"name": "Tom Hale"}


@pytest.fixture(scope="module")
def sources(tmp_path_factory):
    folder = tmp_path_factory.mktemp("variants")
    graph = riverton()
    ttl = folder / "riverton.ttl"
    ttl.write_bytes(serialize(graph, fmt="turtle"))
    return load_graph([ttl]).graph, load_graph([store_of(graph, folder / "kg.store")]).graph


def test_the_slow_joins_have_store_variants():
    assert {q.name for q in VARIANTS} >= {"evidence", "merges", "attendance"}
    assert all(q.name != "" and not q.name.endswith(".store") for q in bundled_queries())


@pytest.mark.parametrize("query", VARIANTS, ids=lambda q: q.name)
def test_a_store_variant_gives_the_portable_querys_rows(sources, query):
    on_file, on_store = sources
    params = query.values({p: PARAMS[p] for p, _ in query.params})
    assert query.text_for(on_file) == query.text and query.text_for(on_store) == query.store_text
    for graph in (on_file, on_store):  # (a store writes a decimal in its canonical form: 0.8, not 0.80)
        expected = run_query(graph, query.text, params=params).rows
        assert expected or query.name == "merges"  # the hand-built graph has no merge decisions
        assert run_query(graph, query.store_text, params=params).rows == expected
