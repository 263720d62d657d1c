"""End to end with the real spaCy pipeline: sentences written for these tests (and the sample
article) in, specific facts out, looked up by the labels of their nodes.

When an assertion fails, its message lists every core fact of the graph, so that what the
extractor did find is in the report.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import RDF, RDFS, Graph, Literal, URIRef
from rdflib.namespace import PROV, SKOS

import kg
from kg.rdf.vocab import KG

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "examples" / "sample_article.txt"
PREFIXES = {"kg": KG._NS, "rdfs": RDFS, "skos": SKOS, "rdf": RDF, "prov": PROV}

from kgtest import ask, build, facts, name  # noqa: E402,F401  (shared fixtures and helpers)


# --- looking things up by label -----------------------------------------------------------


def nodes_labelled(g: Graph, label: str, cls: URIRef | None = None) -> list:
    found = sorted(set(g.subjects(RDFS.label, Literal(label))))
    if cls is not None:
        found = [n for n in found if (n, RDF.type, cls) in g]
    return found


def the(g: Graph, label: str, cls: URIRef | None = None):
    found = nodes_labelled(g, label, cls)
    assert len(found) == 1, f"expected one node labelled {label!r}, found {found}\n{facts(g)}"
    return found[0]


def has_fact(g: Graph, subject: str, predicate: str, obj: str | None = None) -> bool:
    """Whether the node labelled ``subject`` has ``predicate`` to the node labelled ``obj``
    (to anything, if ``obj`` is None)."""
    for s in nodes_labelled(g, subject):
        for o in g.objects(s, KG[predicate]):
            if obj is None or name(g, o) == obj:
                return True
    return False


def assert_fact(g: Graph, subject: str, predicate: str, obj: str | None = None) -> None:
    assert has_fact(g, subject, predicate, obj), \
        f"missing: {subject} {predicate} {obj or '(anything)'}\n{facts(g)}"


def assert_no_fact(g: Graph, subject: str, predicate: str) -> None:
    assert not has_fact(g, subject, predicate), f"unexpected: {subject} {predicate} ...\n{facts(g)}"


# --- replaced and positions ---------------------------------------------------------------


def test_replaced_in_a_relative_clause_with_the_title_as_position(build):
    g = build("Council President Ana Ruiz, who replaced Tom Hale in the post, spoke on Monday.\n")
    ruiz, hale = the(g, "Ana Ruiz", KG.Person), the(g, "Tom Hale", KG.Person)
    assert (ruiz, KG.replaced, hale) in g, facts(g)
    assert ask(g, """?ruiz kg:holdsPosition ?p . ?p a kg:Position ; rdfs:label "Council President" .""",
               ruiz=ruiz), facts(g)
    assert (hale, KG.replaced, ruiz) not in g


def test_succeeded_as_chairman_is_replaced(build):
    g = build("Leo Grant succeeded Nora Voss as chairman of the Harbor Board in June.\n")
    assert_fact(g, "Leo Grant", "replaced", "Nora Voss")
    assert_no_fact(g, "Nora Voss", "replaced")


# --- refusing to resign -------------------------------------------------------------------


def test_will_not_resign_is_a_refusal_not_a_resignation(build):
    g = build("Councilman Tom Hale said he will not resign.\n")
    hale = the(g, "Tom Hale", KG.Person)
    assert (hale, KG.refusedToResign, None) in g, facts(g)
    assert (hale, KG.resignedFrom, None) not in g, facts(g)
    assert ask(g, '?h kg:holdsPosition ?p . ?p rdfs:label "Councilman" .', h=hale), facts(g)


def test_resisted_calls_to_resign_is_a_refusal(build):
    g = build("Councilman Tom Hale has resisted calls to resign since the recording was released.\n")
    assert_fact(g, "Tom Hale", "refusedToResign")
    assert_no_fact(g, "Tom Hale", "resignedFrom")


def test_a_quoted_first_person_refusal_belongs_to_the_speaker(build):
    g = build('"I will not resign," said Councilman Tom Hale.\n')
    assert_fact(g, "Tom Hale", "refusedToResign")
    assert_no_fact(g, "Tom Hale", "resignedFrom")


# --- calls for resignation and pronouns ---------------------------------------------------


def test_him_is_the_man_named_before_when_a_person_calls(build):
    g = build("Councilman Tom Hale faced growing anger on Tuesday. "
              "Mayor Diane Okafor called for him to resign.\n")
    assert_fact(g, "Diane Okafor", "calledForResignationOf", "Tom Hale")
    assert_no_fact(g, "Tom Hale", "resignedFrom")
    assert_no_fact(g, "Diane Okafor", "resignedFrom")


def test_him_is_the_man_named_before_when_an_organization_calls(build):
    g = build("Councilman Tom Hale faced growing anger on Tuesday. "
              "The Riverton Teachers Union called for him to resign.\n")
    assert_fact(g, "Riverton Teachers Union", "calledForResignationOf", "Tom Hale")


def test_a_named_caller_and_a_pronoun_target_are_both_sourced(build):
    g = build("Councilman Tom Hale faced growing anger on Tuesday. "
              "The Riverton Bar Association called for him to resign.\n")
    hale = the(g, "Tom Hale", KG.Person)
    assert ask(g, "?caller kg:calledForResignationOf ?hale . FILTER(?caller != ?hale)", hale=hale), facts(g)
    assert (hale, KG.resignedFrom, None) not in g, facts(g)
    # the pronoun's fact is sourced from the sentence that says it
    assert ask(g, """?a a kg:Assertion ; rdf:subject ?caller ; rdf:predicate kg:calledForResignationOf ;
                      rdf:object ?hale ; prov:wasDerivedFrom ?s .
                     ?s kg:text ?t . FILTER(CONTAINS(?t, "called for him to resign"))""", hale=hale), facts(g)


# --- events and resignations --------------------------------------------------------------


def test_attended_the_private_meeting_and_also_resigned(build):
    g = build("A union leader who also attended the 2021 private meeting, Rosa Diaz, also resigned.\n")
    diaz = the(g, "Rosa Diaz", KG.Person)
    events = list(g.objects(diaz, KG.attended))
    assert len(events) == 1, facts(g)
    event = events[0]
    assert {KG.Event, KG.Meeting} & set(g.objects(event, RDF.type)), facts(g)
    assert "meeting" in name(g, event).lower(), facts(g)
    assert "2021" in name(g, event), facts(g)
    assert (diaz, KG.resignedFrom, None) in g, facts(g)


# --- entities: one node each, clean names -------------------------------------------------


def test_a_surname_alone_joins_the_full_name(build):
    g = build("Maria Lopez, the city's budget director, presented the plan on Monday. "
              "Lopez said the budget was balanced.\n")
    lopez = the(g, "Maria Lopez", KG.Person)
    assert (lopez, SKOS.altLabel, Literal("Lopez")) in g, facts(g)
    assert nodes_labelled(g, "Lopez") == [], facts(g)


def test_a_possessive_surname_joins_the_full_name(build):
    g = build("Councilman Tom Hale spoke on Monday. Hale's office said he would return on Friday.\n")
    hale = the(g, "Tom Hale", KG.Person)
    assert (hale, SKOS.altLabel, Literal("Hale")) in g, facts(g)
    labels = {str(o) for o in g.objects(None, RDFS.label)}
    alt_labels = {str(o) for o in g.objects(None, SKOS.altLabel)}
    assert not {"Hale", "Hale's", "Hale’s"} & labels, facts(g)
    assert not {"Hale's", "Hale’s"} & alt_labels, facts(g)


def test_a_title_is_not_part_of_the_name(build):
    g = build("Councilmember Gil Stone spoke at the hearing on Wednesday.\n")
    stone = the(g, "Gil Stone", KG.Person)
    labels = {str(o) for p in (RDFS.label, SKOS.altLabel) for o in g.objects(stone, p)}
    assert not any("councilmember" in label.lower() for label in labels), labels
    assert ask(g, '?s kg:holdsPosition ?p . ?p rdfs:label "Councilmember" .', s=stone), facts(g)
    assert "/person/gil-stone" in str(stone)


def test_an_anchor_works_for_the_news_organization(build):
    g = build("Dan Price, an anchor for Channel 7 News, asked the questions.\n")
    the(g, "Dan Price", KG.Person)
    the(g, "Channel 7 News", KG.Organization)
    assert_fact(g, "Dan Price", "worksFor", "Channel 7 News")


def test_a_shouted_dateline_is_a_place(build):
    g = build("RIVERTON >> Councilman Tom Hale spoke to reporters on Monday.\n")
    the(g, "Riverton", KG.Place)
    assert nodes_labelled(g, "Riverton", KG.Person) == [], facts(g)
    assert nodes_labelled(g, "RIVERTON") == [], facts(g)


def test_the_speaker_of_a_quote_is_a_person(build):
    g = build('"We will keep working for this city," said Council President Ana Ruiz.\n')
    ruiz = the(g, "Ana Ruiz", KG.Person)
    assert ask(g, '?r kg:holdsPosition ?p . ?p rdfs:label "Council President" .', r=ruiz), facts(g)


# --- what must not be a fact --------------------------------------------------------------


def test_a_conditional_resignation_is_no_resignation(build):
    g = build("Councilman Tom Hale spoke on Monday. "
              "If Hale resigns, the council will hold a special election.\n")
    the(g, "Tom Hale", KG.Person)
    assert not ask(g, "?x kg:resignedFrom ?y ."), facts(g)


def test_a_call_to_resign_is_no_resignation(build):
    g = build("Councilman Tom Hale spoke on Monday. Protesters called for Hale to resign.\n")
    hale = the(g, "Tom Hale", KG.Person)
    assert (hale, KG.resignedFrom, None) not in g, facts(g)
    assert (hale, KG.refusedToResign, None) not in g, facts(g)


# --- the sample article -------------------------------------------------------------------


@pytest.fixture(scope="module")
def sample(build) -> Graph:
    return build(kg.read_source(SAMPLE).text)


@pytest.mark.parametrize("subject, predicate, obj", [
    ("Ana Ruiz", "replaced", "Tom Hale"),
    ("Ana Ruiz", "holdsPosition", "City Council President"),
    ("Tom Hale", "holdsPosition", "Councilman"),
    ("Tom Hale", "attended", "2023 private meeting"),
    ("Tom Hale", "refusedToResign", None),
    ("Diane Okafor", "holdsPosition", "Mayor"),
    ("Diane Okafor", "calledForResignationOf", "Tom Hale"),   # "the mayor called for him to resign"
    ("Marcus Bell", "worksFor", "Channel 7 News"),           # "Marcus Bell, an anchor for Channel 7 News"
    ("Nora Voss", "resignedFrom", None),                      # "Voss, who ..., also resigned"
])
def test_sample_article_fact(sample, subject, predicate, obj):
    assert_fact(sample, subject, predicate, obj)


def test_sample_article_entities(sample):
    hale = the(sample, "Tom Hale", KG.Person)
    assert (hale, SKOS.altLabel, Literal("Hale")) in sample
    ruiz = the(sample, "Ana Ruiz", KG.Person)
    assert (ruiz, SKOS.altLabel, Literal("Ruiz")) in sample
    the(sample, "Marcus Bell", KG.Person)
    the(sample, "Riverton", KG.Place)
    assert nodes_labelled(sample, "Riverton", KG.Person) == [], facts(sample)


def test_sample_article_has_no_false_resignations(sample):
    for person in ("Tom Hale", "Ana Ruiz", "Diane Okafor"):
        assert_no_fact(sample, person, "resignedFrom")


def test_news_organizations_are_written(build):
    g = build("Maria Lopez, a reporter for the Harbor Gazette, attended the budget meeting.\n")
    assert list(g.subjects(RDF.type, KG.NewsOrganization))
