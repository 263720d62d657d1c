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
    g = build("The annual conference heard on Monday from Union President Ana Ruiz, who had succeeded "
              "Tom Hale two years earlier.\n")
    ruiz, hale = the(g, "Ana Ruiz", KG.Person), the(g, "Tom Hale", KG.Person)
    assert (ruiz, KG.replaced, hale) in g, facts(g)
    assert ask(g, """?ruiz kg:holdsPosition ?p . ?p a kg:Position ; rdfs:label "Union President" .""",
               ruiz=ruiz), facts(g)
    assert (hale, KG.replaced, ruiz) not in g


def test_succeeded_as_chairman_is_replaced(build):
    g = build("Leo Grant succeeded Nora Voss as chairman of the Harbor Board in June.\n")
    assert_fact(g, "Leo Grant", "replaced", "Nora Voss")
    assert_no_fact(g, "Nora Voss", "replaced")


# --- refusing to resign -------------------------------------------------------------------


def test_will_not_resign_is_a_refusal_not_a_resignation(build):
    g = build("Senator Tom Hale insisted on Friday that he will not resign over the expenses row.\n")
    hale = the(g, "Tom Hale", KG.Person)
    assert (hale, KG.refusedToResign, None) in g, facts(g)
    assert (hale, KG.resignedFrom, None) not in g, facts(g)
    assert ask(g, '?h kg:holdsPosition ?p . ?p rdfs:label "Senator" .', h=hale), facts(g)


def test_resisted_calls_to_resign_is_a_refusal(build):
    g = build("Senator Tom Hale has brushed off calls to quit over the expenses row.\n")
    assert_fact(g, "Tom Hale", "refusedToResign")
    assert_no_fact(g, "Tom Hale", "resignedFrom")


def test_a_quoted_first_person_refusal_belongs_to_the_speaker(build):
    g = build('"I will not step down," said Chairman Tom Hale.\n')
    assert_fact(g, "Tom Hale", "refusedToResign")
    assert_no_fact(g, "Tom Hale", "resignedFrom")


# --- calls for resignation and pronouns ---------------------------------------------------


def test_him_is_the_man_named_before_when_a_person_calls(build):
    g = build("Tom Hale, the club's manager, watched his side lose again on Saturday. "
              "Mayor Diane Okafor urged him to step down.\n")
    assert_fact(g, "Diane Okafor", "calledForResignationOf", "Tom Hale")
    assert_no_fact(g, "Tom Hale", "resignedFrom")
    assert_no_fact(g, "Diane Okafor", "resignedFrom")


def test_him_is_the_man_named_before_when_an_organization_calls(build):
    g = build("Tom Hale, the club's manager, watched his side lose again on Saturday. "
              "The Riverton Teachers Union called on him to quit.\n")
    assert_fact(g, "Riverton Teachers Union", "calledForResignationOf", "Tom Hale")


def test_a_named_caller_and_a_pronoun_target_are_both_sourced(build):
    g = build("Tom Hale, the club's manager, watched his side lose again on Saturday. "
              "The Riverton Supporters Trust demanded that he resign.\n")
    hale = the(g, "Tom Hale", KG.Person)
    assert ask(g, "?caller kg:calledForResignationOf ?hale . FILTER(?caller != ?hale)", hale=hale), facts(g)
    assert (hale, KG.resignedFrom, None) not in g, facts(g)
    # the pronoun's fact is sourced from the sentence that says it
    assert ask(g, """?a a kg:Assertion ; rdf:subject ?caller ; rdf:predicate kg:calledForResignationOf ;
                      rdf:object ?hale ; prov:wasDerivedFrom ?s .
                     ?s kg:text ?t . FILTER(CONTAINS(?t, "demanded that he resign"))""", hale=hale), facts(g)


# --- events and resignations --------------------------------------------------------------


def test_attended_the_meeting_in_a_fronted_description_and_resigned(build):
    g = build("A school governor who attended the 2021 budget meeting, Rosa Diaz, resigned in the spring.\n")
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
    g = build("Councilmember Ruth Stone spoke at the hearing on Wednesday.\n")
    stone = the(g, "Ruth Stone", KG.Person)
    labels = {str(o) for p in (RDFS.label, SKOS.altLabel) for o in g.objects(stone, p)}
    assert not any("councilmember" in label.lower() for label in labels), labels
    assert ask(g, '?s kg:holdsPosition ?p . ?p rdfs:label "Councilmember" .', s=stone), facts(g)
    assert "/person/ruth-stone" in str(stone)


def test_a_presenter_works_for_the_news_organization(build):
    g = build("Dan Price, a presenter for Radio Clyde, hosted the debate.\n")
    the(g, "Dan Price", KG.Person)
    the(g, "Radio Clyde", KG.Organization)
    assert_fact(g, "Dan Price", "worksFor", "Radio Clyde")


def test_a_shouted_dateline_is_a_place(build):
    g = build("RIVERTON >> Mayor Diane Okafor opened the new library on Monday.\n")
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
    g = build("Tom Hale, the club's manager, spoke on Monday. Fans called for Hale to quit.\n")
    hale = the(g, "Tom Hale", KG.Person)
    assert (hale, KG.resignedFrom, None) not in g, facts(g)
    assert (hale, KG.refusedToResign, None) not in g, facts(g)


# --- the sample article -------------------------------------------------------------------


@pytest.fixture(scope="module")
def sample(build) -> Graph:
    return build(kg.read_source(SAMPLE).text)


@pytest.mark.parametrize("subject, predicate, obj", [
    ("Meera Sandhu", "resignedFrom", "chair, Port Alder Regional Transit Authority"),  # "stepped down as chair of"
    ("Tomas Brevik", "replaced", "Meera Sandhu"),                 # "Brevik succeeded Sandhu"
    ("Elena Duarte", "holdsPosition", "Mayor"),
    ("Elena Duarte", "memberOf", "Democratic Party"),             # "Mayor Elena Duarte, a Democrat"
    ("Elena Duarte", "metWith", "Tomas Brevik"),                  # "Duarte met Brevik at City Hall"
    ("Grace Whitaker", "worksFor", "Northgate University"),       # "who teaches ... at Northgate University"
    ("Cardline Systems", "locatedIn", "Denver"),                  # "a software company based in Denver"
    ("Harold Baptiste", "leaderOf", "Transit Workers Union"),     # "president of the Transit Workers Union"
    ("Harold Baptiste", "calledForResignationOf", "Owen Castell"),  # "demanded the resignation of"
    ("Harold Baptiste", "accused", "Cardline Systems"),
    ("Owen Castell", "leaderOf", "Cardline Systems"),             # "chief executive of Cardline Systems"
    ("Owen Castell", "interviewedBy", "Reuters"),                 # "he told Reuters"
    ("Nadia Ferreira", "holdsPosition", "Councilwoman"),
])
def test_sample_article_fact(sample, subject, predicate, obj):
    assert_fact(sample, subject, predicate, obj)


def test_sample_article_attendance_is_of_the_summit(sample):
    sandhu = the(sample, "Meera Sandhu", KG.Person)
    events = [e for e in sample.objects(sandhu, KG.attended)]
    assert any("summit" in name(sample, e) for e in events), facts(sample)


def test_sample_article_entities(sample):
    for full, short in (("Meera Sandhu", "Sandhu"), ("Tomas Brevik", "Brevik"), ("Owen Castell", "Castell")):
        person = the(sample, full, KG.Person)
        assert (person, SKOS.altLabel, Literal(short)) in sample, facts(sample)
        assert nodes_labelled(sample, short) == [], facts(sample)
    the(sample, "Denver", KG.Place)
    the(sample, "Chicago", KG.Place)
    assert the(sample, "Reuters", KG.NewsOrganization)
    assert nodes_labelled(sample, "Denver", KG.Person) == [], facts(sample)


def test_sample_article_has_no_false_resignations(sample):
    # Castell is asked to resign, Brevik takes the chair, Baptiste and Duarte only speak
    for person in ("Owen Castell", "Tomas Brevik", "Harold Baptiste", "Elena Duarte"):
        assert_no_fact(sample, person, "resignedFrom")
    assert_no_fact(sample, "Owen Castell", "refusedToResign")
    assert_no_fact(sample, "Meera Sandhu", "replaced")


def test_news_organizations_are_written(build):
    g = build("Maria Lopez, a reporter for the Harbor Gazette, attended the budget meeting.\n")
    assert list(g.subjects(RDF.type, KG.NewsOrganization))
