"""kg view's data and page without a browser: what the page is given (every fact with its
sentences and file name, posts named with their organization, past holdings marked, quotes by
speaker), that nothing in the data can break out of its script element, that the same graph
gives the same bytes, that the vendored Cytoscape.js is the npm release it says, and the CLI's
one-line errors."""
from __future__ import annotations

import hashlib
import json
import random
import re
from importlib import resources
from pathlib import Path

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS

from kgtest import build, cli  # noqa: F401 (build: a fixture)
from kg.rdf.vocab import KG
from kg.view.data import view_data
from kg.view.page import render_page, view_page

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "sample_article.ttl"


def golden() -> Graph:
    return Graph().parse(GOLDEN, format="turtle")


def page_data(page: bytes) -> dict:
    found = re.search(rb'<script id="kg-data" type="application/json">(.*?)</script>', page, re.S)
    assert found, "the page has no data element"
    return json.loads(found.group(1))


def test_every_fact_shown_carries_its_sentences_and_file():
    data = view_data(golden())
    labels = [n["label"] for n in data.nodes]
    predicates = [label for _, label in data.predicates]
    replaced = [f for f in data.facts if predicates[f["p"]] == "replaced"]
    assert [(labels[f["s"]], labels[f["o"]]) for f in replaced] == [("Tomas Brevik", "Meera Sandhu")]
    texts = [data.sentences[i][2] for i in replaced[0]["sentences"]]
    assert any("succeeded Sandhu" in t for t in texts)
    iris = [iri for iri, _ in data.predicates]
    # every fact but a post's organization (part of what the post is) has the sentences stating it
    assert all(f["sentences"] for f in data.facts if iris[f["p"]] != "http://www.w3.org/ns/org#postIn")
    assert data.articles == ("examples/sample_article.txt",)
    assert data.title == "Knowledge graph of examples/sample_article.txt"


def test_posts_are_named_with_their_organization_and_quotes_kept_by_speaker():
    data = view_data(golden())
    labels = [n["label"] for n in data.nodes]
    assert "chief executive, Cardline Systems" in labels
    speakers = {labels[q["speaker"]] for q in data.quotes}
    assert "Meera Sandhu" in speakers
    assert all(q["sentence"] >= 0 for q in data.quotes)


def test_a_former_holding_is_marked_past(build):  # noqa: F811 (the fixture)
    g = build("The former mayor of Linbury, Carla Stout, opened the library on Friday.")
    data = view_data(g)
    labels = [n["label"] for n in data.nodes]
    held = [f for f in data.facts if labels[f["s"]] == "Carla Stout" and f["o"] >= 0 and "mayor" in labels[f["o"]]]
    assert held and all(f["past"] for f in held)


def test_nothing_in_the_data_can_end_its_script_element():
    g = golden()
    person = URIRef("https://w3id.org/kg-news/id/person/evil")
    g.add((person, RDF.type, KG.Person))
    g.add((person, RDFS.label, Literal("</script><!-- <script>alert(1)</script> \u2028")))
    page, _ = view_page(g, title="<b>Title</b> & </title>")
    text = page.decode("utf-8")
    assert text.count("</script>") == 3  # the data's, Cytoscape's and kg's own
    assert "<!--" not in text
    assert "<title>&lt;b&gt;Title&lt;/b&gt; &amp; &lt;/title&gt;</title>" in text
    assert "</script><!-- <script>alert(1)</script> \u2028" in [n["label"] for n in page_data(page)["nodes"]]


def test_the_same_graph_gives_the_same_bytes_whatever_the_order_read():
    triples = list(golden())
    first = Graph()
    for t in triples:
        first.add(t)
    random.Random(7).shuffle(triples)
    second = Graph()
    for t in triples:
        second.add(t)
    assert view_page(first)[0] == view_page(second)[0]


def test_the_page_fetches_nothing():
    page = render_page(view_data(golden())).decode("utf-8")
    assert "default-src 'none'" in page  # its Content-Security-Policy allows no request
    assert not re.search(r'<(?:script|link|img)[^>]+(?:src|href)=', page)


def test_the_vendored_cytoscape_is_the_npm_release_it_says():
    vendor = resources.files("kg.view").joinpath("vendor")
    record = json.loads(vendor.joinpath("vendor.json").read_text())["cytoscape.min.js"]
    data = vendor.joinpath("cytoscape.min.js").read_bytes()
    assert hashlib.sha256(data).hexdigest() == record["sha256"]
    assert "Permission is hereby granted" in vendor.joinpath(record["licence"]).read_text()
    assert b"The Cytoscape Consortium" in data[:2000]


def test_kg_view_writes_the_page(tmp_path):
    out = tmp_path / "sample.html"
    result = cli("view", str(GOLDEN), "-o", str(out), "--title", "Transit board story")
    assert result.exit_code == 0, result.output
    assert re.fullmatch(r"kg: wrote \S+ \(\d+ entities, \d+ facts, 1 article\)\n", result.stderr)
    assert page_data(out.read_bytes())["title"] == "Transit board story"


def test_kg_view_errors_are_one_line_and_write_nothing(tmp_path):
    missing = cli("view", str(tmp_path / "nope.ttl"), "-o", str(tmp_path / "a.html"))
    assert missing.exit_code == 1 and missing.stderr.count("\n") == 1 and "nope.ttl" in missing.stderr
    not_html = cli("view", str(GOLDEN), "-o", str(tmp_path / "a.png"))
    assert not_html.exit_code == 1 and ".html" in not_html.stderr and not_html.stderr.count("\n") == 1
    bad = tmp_path / "bad.ttl"
    bad.write_text("<a> <b> .\n")
    broken = cli("view", str(bad), "-o", str(tmp_path / "a.html"))
    assert broken.exit_code == 1 and "bad.ttl" in broken.stderr and broken.stderr.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.ttl"]
