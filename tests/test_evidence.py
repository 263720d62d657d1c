"""Provenance: the evidence query of docs/graph-model.md (tests/evidence_query.rq) over the sample article.

Every fact must come with the sentence that states it, and that sentence's offsets must point
at exactly that text in the article.
"""
from __future__ import annotations

import kg.extract.pipeline

import re
from pathlib import Path

import pytest
from rdflib import RDF, RDFS, Graph, Literal, URIRef
from rdflib.namespace import PROV

import kg
from kg.rdf.iri import slug
from kg.rdf.vocab import CORE_PREDICATES, DATA, KG

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "examples" / "sample_article.txt"
QUERY = Path(__file__).resolve().parent / "evidence_query.rq"


@pytest.fixture(scope="module")
def source() -> kg.Source:
    return kg.read_source(SAMPLE)


@pytest.fixture(scope="module")
def union(source) -> Graph:
    ds = kg.build_dataset([source], nlp=kg.extract.pipeline.load_pipeline())
    g = Graph()
    for prefix, ns in ds.namespaces():
        g.bind(prefix, ns)
    for s, p, o, _ in ds.quads((None, None, None, None)):
        g.add((s, p, o))
    return g


@pytest.fixture(scope="module")
def rows(union):
    return list(union.query(QUERY.read_text(encoding="utf-8")))


def test_query_uses_only_declared_kg_terms():
    text = QUERY.read_text(encoding="utf-8")
    used = set(re.findall(r"\bkg:([A-Za-z_]\w*)", text))
    assert used and used <= set(KG.__annotations__), used - set(KG.__annotations__)


def test_query_finds_facts(rows):
    assert len(rows) >= 5
    for row in rows:
        assert row.sentence is not None and str(row.sentence).strip()
        assert str(row.file).endswith("examples/sample_article.txt")
        assert 0 < float(row.confidence) <= 1
        assert str(row.rule).startswith(str(DATA["rule/"]))
        assert str(row.predicate).startswith(str(KG._NS))


def test_every_evidence_sentence_lies_within_its_offsets(rows, source):
    for row in rows:
        begin, end = int(row.begin), int(row.end)
        assert 0 <= begin < end <= len(source.text)
        assert str(row.sentence) in source.text[begin:end], (begin, end, str(row.sentence))


def test_evidence_offsets_are_exact(rows, source):
    """text[beginIndex:endIndex] is the sentence text, no more and no less."""
    wrong = sorted({
        (int(row.begin), int(row.end), source.text[int(row.begin):int(row.end)], str(row.sentence))
        for row in rows
        if source.text[int(row.begin):int(row.end)] != str(row.sentence)
    })
    assert not wrong, "offsets that do not match their sentence text:\n" + "\n".join(
        f"  [{b}, {e}) is {span!r} but kg:text is {text!r}" for b, e, span, text in wrong)


def test_every_core_fact_has_an_assertion_with_a_sentence(union):
    core = {KG[name] for name in CORE_PREDICATES}
    facts = [(s, p, o) for s, p, o in union if p in core]
    assert facts, "the sample article gave no core facts at all"
    unsourced = []
    for s, p, o in facts:
        found = False
        for a in union.subjects(RDF.subject, s):
            if (a, RDF.type, KG.Assertion) in union and (a, RDF.predicate, p) in union \
                    and (a, RDF.object, o) in union:
                if any((sent, RDF.type, KG.Sentence) in union and (sent, KG.text, None) in union
                       for sent in union.objects(a, PROV.wasDerivedFrom)):
                    found = True
                    break
        if not found:
            unsourced.append((s, p, o))
    assert not unsourced, f"direct triples without a sourced kg:Assertion: {unsourced}"


def test_every_assertion_is_also_a_direct_triple(union):
    for a in union.subjects(RDF.type, KG.Assertion):
        triple = (union.value(a, RDF.subject), union.value(a, RDF.predicate), union.value(a, RDF.object))
        assert None not in triple and triple in union, a
        assert (a, PROV.wasGeneratedBy, None) in union
        assert (a, KG.rule, None) in union and (a, KG.confidence, None) in union


def test_sentences_belong_to_a_document_with_name_and_hash(union, source):
    docs = set(union.subjects(RDF.type, KG.Document))
    assert len(docs) == 1
    doc = docs.pop()
    assert union.value(doc, KG.sha256) == Literal(source.sha256)
    assert union.value(doc, KG.fileName) == Literal(source.name)
    for sent in union.subjects(RDF.type, KG.Sentence):
        assert union.value(sent, KG.inDocument) == doc


def test_person_iris_are_readable(union):
    people = set(union.subjects(RDF.type, KG.Person))
    assert people
    for person in people:
        label = str(union.value(person, RDFS.label))
        assert isinstance(person, URIRef)
        assert str(person).startswith(str(DATA["person/"])), person
        assert re.fullmatch(re.escape(str(DATA[f"person/{slug(label)}"])) + r"(-\d+)?", str(person)), \
            (person, label)
    assert DATA["person/meera-sandhu"] in people
    assert DATA["person/tomas-brevik"] in people


def test_readme_shows_the_same_query():
    readme = (ROOT / "docs" / "graph-model.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sparql\n(.*?)```", readme, flags=re.S)
    assert blocks, "docs/graph-model.md has no ```sparql block"
    assert QUERY.read_text(encoding="utf-8") in blocks, "the docs' query differs from tests/evidence_query.rq"
