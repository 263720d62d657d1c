"""kg view's page in a real headless Chromium (Debian's chromium, see tests/browser.py): it loads
with no console error, a search finds a person, clicking an entity lists its facts and clicking an
arrow shows the sentence that states it with the article's file name; names are shown as text."""
from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS

from browser import open_page
from kgtest import cli
from kg.rdf.vocab import KG

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "sample_article.ttl"


@pytest.fixture(scope="module")
def sample_page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("view") / "sample.html"
    result = cli("view", str(GOLDEN), "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


def click_element(page, selector: str) -> None:
    """A real mouse click where Cytoscape drew the element (a node's centre, an edge's midpoint)."""
    box = page.locator("#cy").bounding_box()
    x, y = page.evaluate(
        "(sel) => { var e = window.kgView.cy.$(sel); var p = e.isNode() ? e.renderedPosition() : e.renderedMidpoint();"
        " return [p.x, p.y]; }", selector)
    page.mouse.click(box["x"] + x, box["y"] + y)


def test_the_page_loads_and_draws_without_a_console_error(sample_page):
    with open_page(sample_page) as opened:
        shown = opened.page.evaluate("() => window.kgView.cy.nodes().length")
        status = opened.page.inner_text("#status")
        assert opened.errors == []
    assert shown > 10
    assert status.startswith("Showing ")


def test_a_search_finds_a_person_and_shows_their_facts(sample_page):
    with open_page(sample_page) as opened:
        page = opened.page
        page.fill("#search", "castell")
        results = page.locator("#search-results li")
        assert results.first.inner_text().splitlines() == ["Owen Castell", "Person"]
        page.keyboard.press("Enter")
        details = page.inner_text("#details")
        status = page.inner_text("#status")
        focus = page.evaluate("() => window.kgView.cy.$(':selected').data('label')")
        assert opened.errors == []
    assert details.startswith("Owen Castell\n")
    assert "chief executive, Cardline Systems" in details  # the post, named with its organization
    assert "examples/sample_article.txt" in details
    assert status.startswith("Owen Castell and ")
    assert focus == "Owen Castell"


def test_clicking_an_arrow_shows_the_sentence_that_states_it(sample_page):
    with open_page(sample_page) as opened:
        page = opened.page
        page.fill("#search", "Tomas Brevik")
        page.keyboard.press("Enter")
        edge = page.evaluate(
            "() => window.kgView.cy.edges().filter(function (e) { return e.data('label').indexOf('replaced') >= 0; }).id()")
        click_element(page, "#" + edge)
        heading = page.inner_text("#details h2")
        evidence = page.locator("#details blockquote.evidence").first.inner_text()
        assert opened.errors == []
    assert heading == "Tomas Brevik \u2014 Meera Sandhu"
    assert "succeeded Sandhu" in evidence
    assert evidence.endswith("examples/sample_article.txt")


def test_clicking_an_entity_lists_its_facts_and_quotes(sample_page):
    with open_page(sample_page) as opened:
        page = opened.page
        index = page.evaluate("() => window.kgView.data.nodes.findIndex(function (n) { return n.label === 'Meera Sandhu'; })")
        click_element(page, f"#n{index}")
        details = page.inner_text("#details")
        assert opened.errors == []
    assert details.startswith("Meera Sandhu\n")
    assert "Quoted (1)" in details
    assert "no longer the right person to lead it" in details


def test_filters_hide_a_type_and_a_relation(sample_page):
    with open_page(sample_page) as opened:
        page = opened.page
        before = page.evaluate("() => window.kgView.cy.nodes().length")
        page.get_by_label("Position", exact=False).first.uncheck()
        types = page.evaluate("() => window.kgView.cy.nodes().map(function (n) { return window.kgView.data.nodes[n.data('index')].type; })")
        page.locator("[data-bulk=off]").click()
        links = page.evaluate("() => window.kgView.cy.edges().length")
        assert opened.errors == []
    assert "Position" not in types and len(types) < before
    assert links == 0


def test_a_hostile_name_is_shown_as_text(tmp_path):
    g = Graph()
    person = URIRef("https://w3id.org/kg-news/id/person/x")
    hostile = "</script><script>document.title='pwned'</script><img src=x onerror=alert(1)> Zoë \"Q\" Ôtel 🦊"
    g.add((person, RDF.type, KG.Person))
    g.add((person, RDFS.label, Literal(hostile)))
    src = tmp_path / "hostile.ttl"
    g.serialize(src, format="turtle")
    out = tmp_path / "hostile.html"
    assert cli("view", str(src), "-o", str(out)).exit_code == 0
    with open_page(out) as opened:
        page = opened.page
        page.fill("#search", "zoe")  # found without its accent too
        page.keyboard.press("Enter")
        heading = page.inner_text("#details h2")
        title = page.title()
        images = page.locator("#details img").count()
        assert opened.errors == []
    assert heading == hostile
    assert title == "Knowledge graph"
    assert images == 0


def test_the_docs_picture_command_writes_a_screenshot(sample_page, tmp_path):
    from browser import VIEWPORT, screenshot

    png = tmp_path / "view.png"
    screenshot(str(sample_page), str(png))
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (VIEWPORT["width"], VIEWPORT["height"])
    docs = (ROOT / "docs" / "sample_article_view.png").read_bytes()
    assert docs[:8] == data[:8] and docs[16:24] == data[16:24]  # the docs picture is one of these
