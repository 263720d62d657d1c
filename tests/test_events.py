"""N-ary events and quoted statements as nodes, end to end.

Beside the direct triples, a Replacement / Resignation / CallForResignation / Appointment /
Election node says who did what to whom (kg:agent, kg:patient), as what (kg:position), in which
organization (kg:organization) and when (kg:date); a quoted passage with a known speaker is a
kg:Statement with kg:speaker and kg:quote. Every such node has prov:wasDerivedFrom a kg:Sentence.
All names and sentences are invented.
"""
from __future__ import annotations

import pytest
from rdflib import RDF, Literal
from rdflib.namespace import PROV

from kg.rdf.vocab import KG
from kgtest import build, facts, name, stands_for  # noqa: F401  (fixtures)

EVENT_CLASSES = (KG.Resignation, KG.Replacement, KG.Appointment, KG.Election, KG.CallForResignation)


def events(g, cls) -> list:
    return sorted(set(g.subjects(RDF.type, cls)))


def describe(g) -> str:
    """Every event and statement node with its properties: for failure messages."""
    lines = []
    for cls in EVENT_CLASSES + (KG.Statement,):
        for node in events(g, cls):
            lines.append(f"  {str(cls).rsplit('#', 1)[-1]} {name(g, node)}")
            for p, o in sorted(g.predicate_objects(node)):
                if p == RDF.type:
                    continue
                value = str(o) if isinstance(o, Literal) else name(g, o)
                if p == PROV.wasDerivedFrom and g.value(o, KG.text) is not None:
                    value = f"sentence {str(g.value(o, KG.text))!r}"
                lines.append(f"    {str(p).rsplit('#', 1)[-1].rsplit('/', 1)[-1]} {value}")
    return "events:\n" + ("\n".join(lines) or "  (none)") + "\n" + facts(g)


def role(g, node, prop, wanted: str) -> bool:
    return any(stands_for(g, o, wanted) for o in g.objects(node, prop))


def the_event(g, cls, **roles):
    """The one node of class ``cls`` whose roles (agent="Colin Reed", ...) name those entities."""
    found = [n for n in events(g, cls) if all(role(g, n, KG[r], v) for r, v in roles.items())]
    assert len(found) == 1, f"expected one {cls} with {roles}, found {found}\n{describe(g)}"
    return found[0]


def derived_from_a_sentence(g, node, containing: str) -> bool:
    return any((s, RDF.type, KG.Sentence) in g and containing in str(g.value(s, KG.text))
               for s in g.objects(node, PROV.wasDerivedFrom))


# --- replacement --------------------------------------------------------------------------


def test_replaced_as_council_president_is_a_replacement_with_a_position(build):
    text = "Colin Reed replaced Alan Frost as council president on Monday."
    g = build(text)
    node = the_event(g, KG.Replacement, agent="Colin Reed", patient="Alan Frost")
    positions = list(g.objects(node, KG.position))
    assert positions, describe(g)
    assert all((p, RDF.type, KG.Position) in g for p in positions), describe(g)
    assert any("president" in name(g, p).lower() for p in positions), describe(g)
    assert derived_from_a_sentence(g, node, "replaced Alan Frost"), describe(g)


def test_a_replacement_has_the_date_it_gives(build):
    g = build("Colin Reed replaced Alan Frost as council president on Monday.")
    node = the_event(g, KG.Replacement, agent="Colin Reed", patient="Alan Frost")
    assert "Monday" in {str(d) for d in g.objects(node, KG.date)}, describe(g)


def test_succeeded_as_chairman_of_an_organization_has_the_organization(build):
    g = build("Colin Reed succeeded Alan Frost as chairman of the Riverton Teachers Union.")
    node = the_event(g, KG.Replacement, agent="Colin Reed", patient="Alan Frost")
    assert any("chairman" in name(g, p).lower() for p in g.objects(node, KG.position)), describe(g)
    assert role(g, node, KG.organization, "Riverton Teachers Union"), describe(g)


def test_replaced_by_is_a_replacement_the_right_way_round(build):
    g = build("Alan Frost was replaced by Colin Reed in June.")
    the_event(g, KG.Replacement, agent="Colin Reed", patient="Alan Frost")
    assert not [n for n in events(g, KG.Replacement) if role(g, n, KG.agent, "Alan Frost")], describe(g)


# --- resignation --------------------------------------------------------------------------


def test_stepped_down_last_week_is_a_resignation_with_a_date(build):
    g = build("After a poor season, Fiona Blake stepped down last week.")
    node = the_event(g, KG.Resignation, agent="Fiona Blake")
    assert {str(d) for d in g.objects(node, KG.date)} == {"last week"}, describe(g)
    assert derived_from_a_sentence(g, node, "Fiona Blake stepped down"), describe(g)


def test_a_resignation_as_chairman_of_an_organization(build):
    g = build("Fiona Blake stepped down as chairman of the Riverton Housing Trust last week.")
    node = the_event(g, KG.Resignation, agent="Fiona Blake")
    assert role(g, node, KG.organization, "Riverton Housing Trust"), describe(g)
    assert any("chairman" in name(g, p).lower() for p in g.objects(node, KG.position)), describe(g)
    assert "last week" in {str(d) for d in g.objects(node, KG.date)}, describe(g)


@pytest.mark.parametrize("text", [
    "Fiona Blake said she will not resign.",
    "If Fiona Blake resigns, the trust will close.",
    "Fiona Blake denied she would stand down.",
    "Mayor Jane Ross called for Fiona Blake to resign.",
])
def test_no_resignation_node_where_no_resignation_is_stated(build, text):
    g = build(text)
    assert events(g, KG.Resignation) == [], describe(g)


# --- call for resignation -----------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "Mayor Jane Ross called for Alan Frost to resign.",
    "Mayor Jane Ross demanded Alan Frost's resignation.",
])
def test_a_call_for_resignation_has_agent_and_patient(build, text):
    g = build(text)
    node = the_event(g, KG.CallForResignation, agent="Jane Ross", patient="Alan Frost")
    assert derived_from_a_sentence(g, node, "Alan Frost"), describe(g)
    assert not [n for n in events(g, KG.CallForResignation) if role(g, n, KG.agent, "Alan Frost")], describe(g)


def test_a_call_through_a_pronoun_has_the_named_patient(build):
    g = build("Alan Frost faced growing anger on Tuesday. The Riverton Teachers Union urged him to step down.")
    node = the_event(g, KG.CallForResignation, agent="Riverton Teachers Union", patient="Alan Frost")
    assert derived_from_a_sentence(g, node, "urged him to step down"), describe(g)


# --- appointment and election -------------------------------------------------------------


def test_an_appointment_has_agent_patient_and_position(build):
    g = build("The Riverton Housing Trust appointed Fiona Blake as chief executive.")
    node = the_event(g, KG.Appointment, agent="Riverton Housing Trust", patient="Fiona Blake")
    assert any("chief executive" in name(g, p).lower() for p in g.objects(node, KG.position)), describe(g)
    assert derived_from_a_sentence(g, node, "appointed Fiona Blake"), describe(g)


def test_a_passive_appointment_by_a_person(build):
    g = build("Fiona Blake was appointed chief executive by Mayor Jane Ross.")
    the_event(g, KG.Appointment, agent="Jane Ross", patient="Fiona Blake")


def test_an_election_has_the_body_and_the_date(build):
    g = build("Fiona Blake was elected to the Riverton City Council in 2019.")
    node = the_event(g, KG.Election, agent="Fiona Blake")
    assert role(g, node, KG.organization, "Riverton City Council"), describe(g)
    assert "2019" in {str(d) for d in g.objects(node, KG.date)}, describe(g)
    assert derived_from_a_sentence(g, node, "was elected"), describe(g)


# --- quoted statements --------------------------------------------------------------------


def statement(g, speaker: str, words: str):
    found = [n for n in events(g, KG.Statement)
             if role(g, n, KG.speaker, speaker) and any(words in str(q) for q in g.objects(n, KG.quote))]
    assert len(found) == 1, f"expected one statement by {speaker} quoting {words!r}\n{describe(g)}"
    return found[0]


@pytest.mark.parametrize("text", [
    '"We will fight on," said Alan Frost.',
    '"We will fight on," Alan Frost said on Monday.',
    'Alan Frost said: "We will fight on."',
    "'We will fight on,' said Alan Frost.",                      # British style: single quotes
    "\u2018We will fight on,\u2019 Alan Frost said on Monday.",
])
def test_a_quote_with_its_speaker_is_a_statement(build, text):
    g = build(text)
    node = statement(g, "Alan Frost", "We will fight on")
    assert derived_from_a_sentence(g, node, "We will fight on"), describe(g)
    # the quote is the quoted words, not the attribution
    assert all("said" not in str(q) for q in g.objects(node, KG.quote)), describe(g)


@pytest.mark.parametrize("text", [
    'Alan Frost was defiant: "We will fight on."',
    'Alan Frost\'s reply was blunt: "We will fight on."',
])
def test_a_quote_a_colon_introduces_is_the_subject_s(build, text):
    g = build(text)
    statement(g, "Alan Frost", "We will fight on")


def test_a_continuing_quote_in_the_same_paragraph_has_the_same_speaker(build):
    g = build('"The plan is wrong," said Fiona Blake. "It will cost the city millions."')
    first = statement(g, "Fiona Blake", "The plan is wrong")
    second = statement(g, "Fiona Blake", "It will cost the city millions")
    assert first != second
    assert derived_from_a_sentence(g, second, "It will cost the city millions"), describe(g)


def test_a_quote_left_open_at_its_paragraph_s_end_goes_on_in_the_next(build):
    g = build('Fiona Blake said: "The plan is wrong.\n\n"It will cost the city millions."')
    statement(g, "Fiona Blake", "The plan is wrong")
    statement(g, "Fiona Blake", "It will cost the city millions")


def test_an_apostrophe_opens_no_quote(build):
    g = build("The farmers' union backed Alan Frost's plan, and Fiona Blake said it was fine.")
    assert not list(events(g, KG.Statement)), describe(g)


def test_a_quote_in_a_new_paragraph_does_not_continue(build):
    g = build('"The plan is wrong," said Fiona Blake.\n\n"It will cost the city millions."')
    statement(g, "Fiona Blake", "The plan is wrong")
    assert not [n for n in events(g, KG.Statement)
                if any("millions" in str(q) for q in g.objects(n, KG.quote)) and (n, KG.speaker, None) in g], describe(g)


def test_the_speaker_of_a_pronoun_attribution_is_the_person(build):
    g = build('Fiona Blake said: "The plan is wrong." She added: "It will cost the city millions."')
    statement(g, "Fiona Blake", "The plan is wrong")
    statement(g, "Fiona Blake", "It will cost the city millions")


def test_every_event_and_statement_node_is_derived_from_a_sentence(build):
    g = build("Colin Reed replaced Alan Frost as council president on Monday. "
              "After a poor season, Fiona Blake stepped down last week. "
              "Mayor Jane Ross called for Alan Frost to resign. "
              "The Riverton Housing Trust appointed Fiona Blake as chief executive. "
              "Colin Reed was elected to the Riverton City Council in 2019.\n\n"
              '"We will fight on," said Alan Frost.')
    nodes = [n for cls in EVENT_CLASSES + (KG.Statement,) for n in events(g, cls)]
    kinds = {t for n in nodes for t in g.objects(n, RDF.type)}
    assert set(EVENT_CLASSES + (KG.Statement,)) <= kinds, describe(g)
    for n in nodes:
        assert any((s, RDF.type, KG.Sentence) in g and g.value(s, KG.text) is not None
                   for s in g.objects(n, PROV.wasDerivedFrom)), f"{n} has no source sentence\n{describe(g)}"
