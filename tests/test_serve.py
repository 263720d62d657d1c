"""kg serve: the Oxigraph server over a kg store, read-only, answering every bundled query over
HTTP (a real client, httpx) with the rows kg query gives; an update refused; a taken port and a
store in a build's hands are one-line errors."""
from __future__ import annotations

import json
import socket
from pathlib import Path

import httpx
import pytest

from kgtest import cli
from kg.query.sparql import bundled_queries
from kg.serve.server import client_query, start
from kg.store.articles import ArticleStore

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "examples" / "sample_article.txt"
#: what the bundled queries that need a parameter are asked here
PARAMS = {"name": "Owen Castell"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def store(nlp, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("serve") / "kg.store"
    assert cli("build", str(SAMPLE), "--store", str(path)).exit_code == 0
    return path


@pytest.fixture(scope="module")
def endpoint(store):
    with start([str(store)], bind=f"127.0.0.1:{free_port()}") as running:
        yield running


def rows(document: dict) -> list[tuple]:
    """SPARQL JSON results as sorted rows of (type, value) pairs, one per variable."""
    names = document["head"]["vars"]
    return sorted(tuple((b.get(n, {}).get("type"), b.get(n, {}).get("value")) for n in names)
                  for b in document["results"]["bindings"])


@pytest.mark.parametrize("query", bundled_queries(), ids=lambda q: q.name)
def test_every_bundled_query_answers_over_http_with_kg_querys_rows(store, endpoint, query):
    params = {p: PARAMS[p] for p, _ in query.params}
    answer = httpx.post(endpoint.query_url, data={"query": client_query(query.store_text or query.text, query.values(params))},
                        headers={"Accept": "application/sparql-results+json"}, timeout=30)
    assert answer.status_code == 200, answer.text
    args = [a for p, v in params.items() for a in ("--param", f"{p}={v}")]
    local = cli("query", str(store), "--name", query.name, *args, "--format", "json")
    assert local.exit_code == 0, local.stderr
    assert rows(answer.json()) == rows(json.loads(local.stdout))
    assert rows(answer.json()) or query.name == "merges", f"{query.name}: no rows (the sample has no merges)"


def test_the_query_page_is_served(endpoint):
    page = httpx.get(endpoint.url + "/", timeout=30)
    assert page.status_code == 200 and "<html" in page.text.lower()


def test_an_update_is_refused_and_the_store_is_unchanged(store, endpoint):
    count = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
    before = httpx.post(endpoint.query_url, data={"query": count}, headers={"Accept": "text/csv"}, timeout=30).text
    refused = httpx.post(endpoint.url + "/update", content="DELETE WHERE { ?s ?p ?o }",
                         headers={"Content-Type": "application/sparql-update"}, timeout=30)
    assert refused.status_code in (403, 405), refused.text
    after = httpx.post(endpoint.query_url, data={"query": count}, headers={"Accept": "text/csv"}, timeout=30).text
    assert after == before and before.splitlines()[1] != "0"


def test_graph_files_are_served_through_a_temporary_store(store, tmp_path):
    ttl = tmp_path / "sample.ttl"
    assert cli("export", str(store), "-o", str(ttl)).exit_code == 0
    with start([str(ttl)], bind=f"127.0.0.1:{free_port()}") as running:
        ask = httpx.post(running.query_url, data={"query": client_query("ASK { ?p a kg:Person ; rdfs:label 'Owen Castell' }")},
                         headers={"Accept": "application/sparql-results+json"}, timeout=30)
        assert ask.json()["boolean"] is True
        temporary = Path(running.temporary)
        assert temporary.exists()
    assert not temporary.exists()   # removed when the server stops


def test_a_taken_port_is_a_one_line_error(store):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli("serve", str(store), "--bind", f"127.0.0.1:{port}")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [f"kg: error: port {port} on 127.0.0.1 is taken: stop what uses it, "
                                                  "or give another with --bind HOST:PORT"]


def test_a_store_a_build_is_writing_is_not_served(store, tmp_path):
    path = tmp_path / "busy.store"
    with ArticleStore(path):   # as a kg build holds it
        result = cli("serve", str(path), "--bind", f"127.0.0.1:{free_port()}")
    assert result.exit_code == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "is being written" in result.stderr


@pytest.mark.parametrize("bind", ["7878x", "127.0.0.1:0", "127.0.0.1:70000"])
def test_a_bad_address_is_a_one_line_error(store, bind):
    result = cli("serve", str(store), "--bind", bind)
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1 and "--bind" in result.stderr
