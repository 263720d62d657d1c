"""Slugs and entity IRIs: readable, stable, collision-resistant, always valid RDF."""
from __future__ import annotations

import re
import unicodedata

import pytest
from rdflib import Dataset, Graph, Literal, URIRef
from rdflib.compare import isomorphic
from rdflib.namespace import RDFS

from kg.rdf.iri import entity_iri, slug
from kg.rdf.vocab import DATA

SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
HASHED = re.compile(r".*-[0-9a-f]{8}")

NASTY = [
    "Inés de la Fuente",
    "St Mary's Hospital",
    'He said "no"',
    "AC/DC",
    "back\\slash",
    "<script>alert(1)</script>",
    "a b\tc\nd",
    "Zoë Ðorđević",
    "Кремль",
    "東京都庁",
    "الجزيرة",
    "🎉🇺🇸",
    "!!!",
    "",
    "   ",
    "{}|^`",
    "50%",
    "#hash?query=1&x",
    "x" * 500,
    "\ud800 lone surrogate",
]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Ana de Souza", "ana-de-souza"),
        ("Ana de Sóuza", "ana-de-souza"),
        ("St Mary's Hospital", "st-mary-s-hospital"),
        ("St Mary\u2019s Hospital", "st-mary-s-hospital"),
        ("WXYZ-TV", "wxyz-tv"),
        ("O'Brien", "o-brien"),
        ("  --Hello,   World!--  ", "hello-world"),
        ("AC/DC", "ac-dc"),
        ("back\\slash", "back-slash"),
        ('"Quoted"', "quoted"),
        ("Zoë", "zoe"),
        ("Crème brûlée", "creme-brulee"),
        ("Straße", "strasse"),
        ("Łódź", "lodz"),
        ("ﬁne ＡＢＣ", "fine-abc"),
        ("Mayor 2024", "mayor-2024"),
    ],
)
def test_readable_slugs(name, expected):
    assert slug(name) == expected


def test_decomposed_and_composed_accents_agree():
    composed = "Ana de Sóuza Zúñiga"
    decomposed = unicodedata.normalize("NFD", composed)
    assert composed != decomposed
    assert slug(composed) == slug(decomposed) == "ana-de-souza-zuniga"


@pytest.mark.parametrize("name", ["Кремль", "東京", "الجزيرة", "🎉", "🎉🎉🎉", "!!!", "", " - "])
def test_names_with_nothing_ascii_left_get_a_hash_slug(name):
    result = slug(name)
    assert re.fullmatch(r"u-[0-9a-f]{8}", result)


def test_mixed_scripts_keep_the_readable_part():
    result = slug("Zürich 東京")
    assert result.startswith("zurich-") and HASHED.fullmatch(result)


def test_plain_ascii_gets_no_hash():
    assert slug("Gavin Newsom") == "gavin-newsom"


def test_no_collision_when_characters_are_dropped():
    assert slug("Кремль") != slug("Кремлі")
    assert slug("東京") != slug("京都")
    assert slug("🎉") != slug("🎈")
    assert slug("!!!") != slug("???")
    assert slug("Paris 東京") != slug("Paris 京都")


def test_hash_is_of_the_nfc_name():
    nfc = "Ωmega Ковальчук"
    assert slug(nfc) == slug(unicodedata.normalize("NFD", nfc))


@pytest.mark.parametrize("name", NASTY)
def test_slug_is_always_clean_and_non_empty(name):
    result = slug(name)
    assert result and SLUG.fullmatch(result)
    assert len(result) <= 60


def test_max_len_cuts_at_a_hyphen_and_adds_a_hash():
    name = "The Committee for the Preservation of Historic Buildings and Monuments of Greater London"
    result = slug(name)
    assert len(result) <= 60 and HASHED.fullmatch(result)
    readable = result[:-9]
    assert "the-committee-for-the-preservation-of-historic-buildings".startswith(readable)
    assert not readable.endswith("-")
    # two long names differing only after the cut do not collide
    assert slug(name + " East") != slug(name + " West")


def test_max_len_option():
    assert slug("alpha beta gamma", max_len=16) == "alpha-beta-gamma"
    shorter = slug("alpha beta gamma delta", max_len=16)
    assert len(shorter) <= 16 and shorter.startswith("alpha-")
    one_word = slug("a" * 100, max_len=20)
    assert len(one_word) == 20 and one_word.startswith("a" * 11 + "-")
    with pytest.raises(ValueError):
        slug("x", max_len=3)


def test_slug_is_deterministic():
    assert [slug(n) for n in NASTY] == [slug(n) for n in NASTY]
    assert slug("Кремль") == slug("Кремль")


def test_entity_iri():
    assert entity_iri("person", "Inés de la Fuente") == URIRef(
        "https://w3id.org/kg-news/id/person/ines-de-la-fuente"
    )
    assert entity_iri("organization", "WXYZ-TV") == DATA["organization/wxyz-tv"]
    assert isinstance(entity_iri("place", "東京"), URIRef)


@pytest.mark.parametrize("kind", ["", "Person", "per son", "a/b", "../x"])
def test_entity_iri_rejects_bad_kinds(kind):
    with pytest.raises(ValueError):
        entity_iri(kind, "x")


@pytest.mark.parametrize("fmt", ["turtle", "nt", "xml", "json-ld", "trig"])
def test_iris_survive_every_syntax(fmt):
    graph = Graph()
    for i, name in enumerate(NASTY):
        for kind in ("person", "organization", "place", "event"):
            iri = entity_iri(kind, name)
            graph.add((iri, RDFS.label, Literal(name.replace("\ud800", ""))))
            graph.add((iri, RDFS.seeAlso, entity_iri("document", f"{i} {name}")))
    data = graph.serialize(format=fmt, encoding="utf-8")
    if fmt == "trig":
        again = Graph()
        for s, p, o, _ in Dataset().parse(data=data, format=fmt).quads():
            again.add((s, p, o))
    else:
        again = Graph().parse(data=data, format=fmt)
    assert isomorphic(graph, again)
    assert len(again) == len(graph)
