"""The relation-phrase layer: predications read off the parse, the predicate lexicon that maps
their phrases to kg's predicates (validated, its examples run), and the facts they give."""
from __future__ import annotations

import json

import pytest

from kg.errors import RuleError
from kg.extract.lexicon import load_lexicon
from kg.extract.phrases import PREDICATES_PATH, load_predicates, parse_predicates
from kg.extract.predications import predications
from kgtest import stated

PREDICATES = load_predicates()
LEXICON = load_lexicon()


def _examples():
    for entry in PREDICATES.entries:
        for text in entry.examples:
            negative = text.startswith("not: ")
            yield pytest.param(entry.id, text[5:] if negative else text, negative, id=f"{entry.id}: {text[:50]}")


@pytest.mark.parametrize("entry_id, text, negative", list(_examples()))
def test_every_example_of_the_predicate_lexicon_gives_its_fact_or_none(nlp, entry_id, text, negative):
    predicate = next(e.predicate for e in PREDICATES.entries if e.id == entry_id)
    facts = nlp(text)._.kg_facts.facts
    mine = [f for f in facts if f.predicate == predicate]   # from this entry, or a rule that agrees
    if negative:
        assert not mine, facts
    else:
        assert mine, facts


def test_every_entry_has_an_example():
    assert [e.id for e in PREDICATES.entries if not any(not x.startswith("not: ") for x in e.examples)] == []


def _entry(**fields):
    base = {"id": "x", "predicate": "criticized", "subject": "agent", "object": "prep", "phrases": ["hit out at"]}
    return {"entries": [{**base, **fields}]}


@pytest.mark.parametrize("fields, problem", [
    ({"predicate": "liked"}, "entry x: unknown predicate 'liked'"),
    ({"subject": "speaker"}, "entry x: subject 'speaker' is not one of"),
    ({"object": "agent"}, "entry x: subject and object are the same role"),
    ({"phrases": ["criticise"]}, "entry x: phrase 'criticise' needs a preposition"),
    ({"phrases": []}, "entry x: no phrases"),
    ({"kinds": "verb"}, "entry x: unknown field"),
    ({"object_kind": "thing"}, "entry x: object_kind 'thing' is not one of"),
])
def test_a_bad_entry_is_a_rule_error_naming_the_file_the_entry_and_the_problem(tmp_path, fields, problem):
    path = tmp_path / "mine.json"
    with pytest.raises(RuleError, match="mine.json: " + problem):
        parse_predicates(_entry(**fields), path=path)


def test_the_bundled_lexicon_covers_each_predicate_it_names_with_many_phrases():
    data = json.loads(PREDICATES_PATH.read_text(encoding="utf-8"))
    phrases = {}
    for e in data["entries"]:
        phrases.setdefault(e["predicate"], set()).update(e["phrases"])
    assert len(phrases["criticized"]) >= 30 and len(phrases["supported"]) >= 15


def _pred(nlp, text, lemma):
    doc = nlp(text)
    found = [p for p in predications(doc, lexicon=LEXICON, relational_nouns=PREDICATES.nouns) if p.lemma == lemma]
    assert found, [(t.text, t.dep_, t.lemma_) for t in doc]
    p = found[0]
    word = lambda i: None if i is None else doc[i].text  # noqa: E731
    return p, word


def test_a_passive_with_by_has_its_agent_and_patient_swapped_back(nlp):
    p, w = _pred(nlp, "The striker was dropped by the coach on Friday.", "drop")
    assert (w(p.agent), w(p.patient), p.passive) == ("coach", "striker", True)


def test_a_controlled_verb_takes_its_controllers_subject_or_object(nlp):
    p, w = _pred(nlp, "The governor agreed to meet the protesters.", "meet")
    assert (w(p.agent), w(p.patient)) == ("governor", "protesters")
    p, w = _pred(nlp, "The board urged the treasurer to resign.", "resign")
    assert w(p.agent) == "treasurer" and not p.asserted    # urged: not said to have happened


def test_a_conjoined_verb_shares_the_subject(nlp):
    p, w = _pred(nlp, "The senator visited the plant and praised the workers.", "praise")
    assert (w(p.agent), w(p.patient)) == ("senator", "workers")


def test_particles_and_prepositions_of_a_phrasal_verb(nlp):
    p, w = _pred(nlp, "The coach hit out at the referees after the game.", "hit")
    assert "out" in p.particles and ("at", "referees") in [(q.word, w(q.token)) for q in p.preps]


@pytest.mark.parametrize("text, lemma", [
    ("The mayor did not attend the ceremony.", "attend"),
    ("The coach may quit at the end of the season.", "quit"),
    ("If the chairman resigns, the board will meet.", "resign"),
    ("Will the chairman resign?", "resign"),
    ("The minister denied criticising the judges.", "criticise"),
])
def test_what_the_text_does_not_assert_is_marked(nlp, text, lemma):
    p, _ = _pred(nlp, text, lemma)
    assert p.negated or not p.asserted


def test_a_relational_noun_is_said_of_its_subject_through_a_copula_or_an_apposition(nlp):
    p, w = _pred(nlp, "The lawyer is a member of the bar council.", "member")
    assert p.kind == "noun" and w(p.agent) == "lawyer" and [q.word for q in p.preps] == ["of"]
    p, w = _pred(nlp, "The dean, a trustee of the museum, spoke first.", "trustee")
    assert w(p.agent) == "dean"


_facts = stated   # (subject label, predicate, object) facts of a text


@pytest.mark.parametrize("text, fact", [
    # calls and refusals (kg/extract/requests.py)
    ("The Riverside Tenants Association urged Oliver Grant to step down.",
     ("Riverside Tenants Association", "calledForResignationOf", "Oliver Grant")),
    ("Maria Lopez demanded that Victor Lang apologise to the nurses.", ("Maria Lopez", "calledForApologyFrom", "Victor Lang")),
    ("Senator Laura Mendes said Mark Ellison should resign over the fires.",
     ("Laura Mendes", "calledForResignationOf", "Mark Ellison")),
    ("Tomas Berg vowed to stay on.", ("Tomas Berg", "refusedToResign", None)),
    # titles said of someone
    ("The chairman of Baltic Shipping, Erik Lund, resigned on Friday.", ("Erik Lund", "leaderOf", "Baltic Shipping")),
    ("The African Development Bank appointed Kofi Mensah as chairman.", ("Kofi Mensah", "leaderOf", "African Development Bank")),
    ("Sarah Kim is the chief executive of Acme Corp.", ("Sarah Kim", "holdsPosition", "chief executive")),
    # nominalisations, reciprocals, objects through a noun
    ("Lena Fischer's meeting with Thomas Berg lasted three hours.", ("Lena Fischer", "metWith", "Thomas Berg")),
    ("Senator Laura Mendes criticised the handling of the wildfires by Governor Mark Ellison.",
     ("Laura Mendes", "criticized", "Mark Ellison")),
    ("Henrik Olsen came under fire from the Norwegian Transport Workers Union.",
     ("Norwegian Transport Workers Union", "criticized", "Henrik Olsen")),
    # references: "the firm" is the company last named
    ("Acme Corp hired 200 workers. The firm is based in Leeds.", ("Acme Corp", "locatedIn", "Leeds")),
    # a pronoun in a quoted call, the one spoken of named by the speech verb
    ('"He has to go," Maria Olsen said of Mayor Colm Doyle.', ("Maria Olsen", "calledForResignationOf", "Colm Doyle")),
    ('"She should resign," said Colm Doyle, referring to the treasurer, Maria Olsen.',
     ("Colm Doyle", "calledForResignationOf", "Maria Olsen")),
    # talks told as a span of time: who takes part meets the other side
    ("Colm Doyle took part in three days of talks with Ruth Amsel in Geneva.",
     ("Colm Doyle", "metWith", "Ruth Amsel")),
    # a "by" the parse calls an agent, under a subject of its own
    ("Colm Doyle has so far stood by Ruth Amsel.", ("Colm Doyle", "supported", "Ruth Amsel")),
    # an intent denied, told to reporters: a refusal, not a call
    ("Colm Doyle told journalists he had absolutely no intention of quitting.", ("Colm Doyle", "refusedToResign", None)),
    ("Ruth Amsel was elected to the executive committee on Wednesday.", ("Ruth Amsel", "electedTo", "executive committee")),
    ("Ruth Amsel said that she was leaving her post as attorney general.", ("Ruth Amsel", "resignedFrom", "attorney general")),
    # a call in a that-clause the tagger read as a noun, owned by the one who demands
    ("Student leader Colm Doyle's demand that Ruth Amsel quit has been signed by 3,000 students.",
     ("Colm Doyle", "calledForResignationOf", "Ruth Amsel")),
    ("The Ashby Players were panned by theatre critic Colm Doyle.", ("Colm Doyle", "criticized", "Ashby Players")),
    # the leaders of a body speak and meet for it
    ("Prime Minister Ruth Amsel met leaders of the Ashby Farmers' Union on Wednesday.",
     ("Ruth Amsel", "metWith", "Ashby Farmers' Union")),
    # "do the decent thing and resign", the verb parsed as the object's conjunct
    ("Colm Doyle should do the decent thing and resign, said Ruth Amsel.",
     ("Ruth Amsel", "calledForResignationOf", "Colm Doyle")),
    # chosen to do a post's work: appointed
    ("Governor Ruth Amsel named Colm Doyle to represent the 14th district.", ("Ruth Amsel", "appointed", "Colm Doyle")),
    # an apology made in saying one wants to make it
    ('"I want to apologise to the people of Ashby," Mayor Ruth Amsel said.', ("Ruth Amsel", "apologizedTo", None)),
    # the place a phrase's own noun names: "in place of Y", whatever else is possessed
    ("Maria Olsen appointed Colm Doyle as her deputy in place of Ruth Amsel.", ("Colm Doyle", "replaced", "Ruth Amsel")),
    ("Paul Ward's successor as chairman of Baltic Shipping, Maria Olsen, took office on Monday.",
     ("Maria Olsen", "replaced", "Paul Ward")),
    # a day or date between the verb and what it asks for
    ("The Harbour Workers Union called on Wednesday for Transport Minister Ana Lobo to step down.",
     ("Harbour Workers Union", "calledForResignationOf", "Ana Lobo")),
    ("The Ashby Tenants Forum repeated its demand on Friday for an apology from Councillor Colm Doyle.",
     ("Ashby Tenants Forum", "calledForApologyFrom", "Colm Doyle")),
    ("The Tenants Council repeated its call on Monday for Tom Fry to resign.",
     ("Tenants Council", "calledForResignationOf", "Tom Fry")),
    ("Ann Lowe vowed on Thursday to stay on despite the protests.", ("Ann Lowe", "refusedToResign", None)),
    ("Maria Olsen told supporters she had no intention of walking away from the job.",
     ("Maria Olsen", "refusedToResign", None)),
    # a given name and a street's word: a person where the name acts as one
    ("Ruth Lane appointed Colm Doyle to the Ashby Harbour Board.", ("Ruth Lane", "appointed", "Colm Doyle")),
    # what came from someone is theirs: "criticism of Y came from X"
    ("Criticism of Mayor Ruth Dale came from the Harbour Tenants Union.",
     ("Harbour Tenants Union", "criticized", "Ruth Dale")),
    ("Support for Ruth Dale came from the Harbour Tenants Union.", ("Harbour Tenants Union", "supported", "Ruth Dale")),
    ("The call for Councillor Ruth Dale to resign came from the Harbour Tenants Union.",
     ("Harbour Tenants Union", "calledForResignationOf", "Ruth Dale")),
    # a participle after a comma, hung on an infinitive, is done whatever the sentence's verb refuses
    ("Principal Rosa Ibarra refused to quit, blaming the Lakeside School Board for the cuts.",
     ("Rosa Ibarra", "accused", "Lakeside School Board")),
])
def test_the_layer_reads_the_way_it_is_said(nlp, text, fact):
    assert fact in _facts(nlp, text)


@pytest.mark.parametrize("text, fact", [
    ("The Riverside Tenants Association did not urge Oliver Grant to step down.",
     ("Riverside Tenants Association", "calledForResignationOf", "Oliver Grant")),
    ("Oliver Grant and Maria Lopez resisted calls for their resignations.",
     ("Oliver Grant", "calledForResignationOf", "Maria Lopez")),
    ("Will Oliver Grant criticise Acme Corp?", ("Oliver Grant", "criticized", "Acme Corp")),
    ("Peter Quinn, a critic of the BBC, said the coverage was unfair.", ("Peter Quinn", "worksFor", "BBC")),
    ("Fiona Blake named her dog Rex.", ("Fiona Blake", "appointed", "Rex")),
    # a post is named by a title, an office, a body or a name, not any noun left behind
    ("Colm Doyle resigned as head coach of Ashby Rovers on Sunday, a day after a heavy defeat left the side bottom of the division.",
     ("Colm Doyle", "resignedFrom", "side bottom")),
    ("Ruth Amsel said she wanted to apologise to Colm Doyle but was not allowed to.",
     ("Ruth Amsel", "apologizedTo", "Colm Doyle")),
    # a firm the NER missed before a corporate title is no other firm in focus
    ("Ashby Investors said Tarnex chief executive Ruth Amsel should resign.", ("Ruth Amsel", "leaderOf", "Ashby Investors")),
    ("Governor Ruth Amsel may name Colm Doyle to represent the district.", ("Ruth Amsel", "appointed", "Colm Doyle")),
    ("Colm Doyle should do the decent thing and resign, said Ruth Amsel.", ("Colm Doyle", "resignedFrom", None)),
    # a question asked, not a call made
    ("When the Tarn Gazette asked whether she would step down, Maria Olsen said she had done nothing wrong.",
     ("Tarn Gazette", "calledForResignationOf", "Maria Olsen")),
    ("Maria Olsen appointed Colm Doyle as her deputy in place of Ruth Amsel.", ("Colm Doyle", "replaced", "Maria Olsen")),
    # the governor of a named province holds no post "of province", as a head of a department would
    ("Colm Doyle is the governor of Tarn province.", ("Colm Doyle", "holdsPosition", "governor of province")),
    # "for X to resign" is what is asked, not what X did
    ("The Ashby Tenants Forum dropped its demand on Friday for Colm Doyle to resign.", ("Colm Doyle", "resignedFrom", None)),
])
def test_what_is_not_said_is_not_read(nlp, text, fact):
    assert fact not in _facts(nlp, text)


def test_a_styled_name_stays_a_name_of_the_person(nlp):
    d = nlp("Sir Alan Grey backed the plan. Dame Ann Moss opposed it.")._.kg_facts
    names = {n for e in d.entities if e.kind == "person" for n in e.names}
    assert {"Sir Alan Grey", "Dame Ann Moss"} <= names


def test_an_organization_the_text_describes_is_one_whatever_its_name_suggests(nlp):
    d = nlp("Shares in the bakery chain Martha Stone fell. Martha Stone said its profits had doubled.")._.kg_facts
    assert [e.kind for e in d.entities if e.label == "Martha Stone"] == ["organization"]


@pytest.mark.parametrize("text, fact", [
    ("Ayesha Khan was elected president of the Karachi Bar Association in March.", ("Ayesha Khan", "electedTo", "president")),
    ("Acme Corp's spokesman, Brian Doyle, declined to comment.", ("Brian Doyle", "worksFor", "Acme Corp")),
])
def test_a_title_in_apposition_or_elected_is_read_whatever_the_sentence_does(nlp, text, fact):
    assert fact in _facts(nlp, text)


def test_a_country_or_region_iso_3166_names_is_a_place_whatever_the_tagger_says(nlp):
    d = nlp("COLOMBO, Sri Lanka (AP) — Sri Lanka's president, Ranil Perera, met the envoy on Monday.")._.kg_facts
    assert {e.label: e.kind for e in d.entities}["Sri Lanka"] == "place"
    from kg.extract.gazetteer import is_known_place
    assert is_known_place("Ontario") and is_known_place("Texas") and not is_known_place("Central")
    assert is_known_place("Wales") and is_known_place("Cymru") and is_known_place("Catalunya")


@pytest.mark.parametrize("text, fact", [
    ("Canada's largest airline, Maple Air, cut 300 jobs.", ("Maple Air", "locatedIn", "Canada")),
    ("Denver software firm Peakline Labs hired 40 engineers.", ("Peakline Labs", "locatedIn", "Denver")),
    ("Baxter Lowe LLP, a Dundee law firm, has 40 partners.", ("Baxter Lowe LLP", "locatedIn", "Dundee")),
])
def test_the_noun_that_describes_an_organization_can_say_where_it_is(nlp, text, fact):
    assert fact in _facts(nlp, text)


@pytest.mark.parametrize("text, person, org, staff", [
    # who heads a company, an agency or a museum works there (implied by the leadership) ...
    ("Omar Said, chief executive of Dunmore Energy, spoke.", "Omar Said", "Dunmore Energy", True),
    ("Halvern Mills President Alan Moberly said sales fell.", "Alan Moberly", "Halvern Mills", True),
    ("Lea Brun, who runs the Tavel Museum, said visits rose.", "Lea Brun", "Tavel Museum", True),
    # ... not who leads a party, a union or a council, nor who founded or owns a firm
    ("Owen Price, general secretary of the Fire Brigades Union, spoke.", "Owen Price", "Fire Brigades Union", False),
    ("Gerald Huxley, who founded Marlow Chemicals, spoke.", "Gerald Huxley", "Marlow Chemicals", False),
])
def test_a_leader_of_an_employer_works_for_it(nlp, text, person, org, staff):
    facts = nlp(text)._.kg_facts
    names = {e.key: e.label for e in facts.entities}
    works = [f for f in facts.facts if f.predicate == "worksFor" and names[f.subject] == person
             and f.object_key and names[f.object_key] == org]
    led = [f for f in facts.facts if f.predicate == "leaderOf" and names[f.subject] == person]
    assert led, facts.facts
    assert bool(works) is staff, facts.facts
    assert all(f.rule == "implied:head-works-for" for f in works), works   # not the title read as "executive"


def test_a_place_before_a_residents_office_says_where_its_holder_lives(nlp):
    def homes(text):
        facts = nlp(text)._.kg_facts
        names = {e.key: e.label for e in facts.entities}
        return {(names[f.subject], names[f.object_key]) for f in facts.facts if f.predicate == "residentOf"}
    assert homes("Ohio Gov. Dana Reyes signed the bill.") == {("Dana Reyes", "Ohio")}
    assert homes("Dana Reyes, a Nevada state senator, signed the bill.") == {("Dana Reyes", "Nevada")}
    assert homes("The former Ohio governor, Dana Reyes, signed the bill.") == set()
