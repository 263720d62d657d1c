"""Facts from hand-built parses, through the real pieces: mentions -> entities -> resolver ->
rule matches -> facts (the order of :func:`kg.extract.pipeline.extract`).

No trained spaCy model: each Doc is written out as a table, one token a line::

    i  word  tag  pos  dep  head  lemma  ent

``head`` is the absolute index of the token's head (a ROOT is its own head; each ROOT starts a
sentence), ``ent`` an IOB tag (B-PERSON, I-PERSON, B-ORG, O).
"""
from __future__ import annotations

import pytest
import spacy
from spacy.tokens import Doc

from kg.extract.coref import Resolver
from kg.extract.entities import resolve_entities
from kg.extract.facts import facts_from_matches
from kg.extract.factuality import asserted, is_negated, is_nonfactual
from kg.model import Fact, ObjectRef
from kg.extract.lexicon import load_lexicon
from kg.extract.mentions import find_mentions
from kg.extract.tokens import sentence_index
from kg.extract.pipeline import extract
from kg.extract.quotes import find_quotes
from kg.extract.phrase_facts import facts_from_predications
from kg.extract.phrases import load_predicates
from kg.extract.predications import predications
from kg.extract.requests import request_facts
from kg.extract.rules import ruleset_for

NLP = spacy.blank("en")
LEXICON = load_lexicon()
PREDICATES = load_predicates()
NO_SPACE_BEFORE = {".", ",", "'s", "?", "!", ";", ":"}


def make_doc(table: str) -> Doc:
    rows = [line.split() for line in table.strip().splitlines()]
    for n, row in enumerate(rows):
        assert len(row) == 8, f"row {n} needs 8 columns (i word tag pos dep head lemma ent): {row}"
        assert int(row[0]) == n, f"row {n} is numbered {row[0]}"
    words = [r[1] for r in rows]
    spaces = [n + 1 < len(words) and words[n + 1] not in NO_SPACE_BEFORE for n in range(len(words))]
    return Doc(NLP.vocab, words=words, spaces=spaces, tags=[r[2] for r in rows], pos=[r[3] for r in rows],
               deps=[r[4] for r in rows], heads=[int(r[5]) for r in rows], lemmas=[r[6] for r in rows],
               ents=[r[7] for r in rows])


def run(doc: Doc) -> tuple[list[Fact], dict]:
    """The facts the rules and the phrase layer give for a Doc (no title facts, no de-duplication),
    and the entities."""
    sent_of = sentence_index(doc)
    mentions = find_mentions(doc, lexicon=LEXICON)
    table = resolve_entities(doc, mentions, lexicon=LEXICON)
    resolver = Resolver(doc, table, lexicon=LEXICON, sent_of=sent_of)
    matches = ruleset_for(NLP, lexicon=LEXICON).match(doc)
    quotes = find_quotes(doc, resolver=resolver)
    facts, _events = facts_from_matches(doc, matches, resolver=resolver, lexicon=LEXICON,
                                        sent_of=sent_of, quotes=quotes)
    preds = predications(doc, lexicon=LEXICON, relational_nouns=PREDICATES.nouns | LEXICON.title_nouns,
                         nominalisations=PREDICATES.nouns - LEXICON.title_nouns)
    more, _events = facts_from_predications(doc, preds, predicates=PREDICATES, resolver=resolver,
                                            lexicon=LEXICON, sent_of=sent_of)
    return facts + more + request_facts(doc, preds, resolver=resolver, lexicon=LEXICON, sent_of=sent_of), \
        table.entities


def triples(facts) -> set[tuple]:
    return {(f.subject, f.predicate, f.object_key) for f in facts}


def of(facts, predicate: str) -> list[Fact]:
    return [f for f in facts if f.predicate == predicate]


# --- the parses ------------------------------------------------------------------------------

REPLACED = """
0 Smith    NNP PROPN nsubj 1 Smith   B-PERSON
1 replaced VBD VERB  ROOT  1 replace O
2 Jones    NNP PROPN dobj  1 Jones   B-PERSON
3 .        .   PUNCT punct 1 .       O
"""

RELATIVE = """
0 Smith    NNP PROPN nsubj 6 Smith   B-PERSON
1 ,        ,   PUNCT punct 0 ,       O
2 who      WP  PRON  nsubj 3 who     O
3 replaced VBD VERB  relcl 0 replace O
4 Jones    NNP PROPN dobj  3 Jones   B-PERSON
5 ,        ,   PUNCT punct 0 ,       O
6 spoke    VBD VERB  ROOT  6 speak   O
7 .        .   PUNCT punct 6 .       O
"""

RESIGNED = """
0 Smith    NNP PROPN nsubj 1 Smith  B-PERSON
1 resigned VBD VERB  ROOT  1 resign O
2 .        .   PUNCT punct 1 .      O
"""

WILL_NOT_RESIGN = """
0 Smith  NNP PROPN nsubj 3 Smith  B-PERSON
1 will   MD  AUX   aux   3 will   O
2 not    RB  PART  neg   3 not    O
3 resign VB  VERB  ROOT  3 resign O
4 .      .   PUNCT punct 3 .      O
"""

IF_RESIGNS = """
0 If      IN  SCONJ mark  2 if     O
1 Smith   NNP PROPN nsubj 2 Smith  B-PERSON
2 resigns VBZ VERB  advcl 6 resign O
3 ,       ,   PUNCT punct 6 ,      O
4 Jones   NNP PROPN nsubj 6 Jones  B-PERSON
5 will    MD  AUX   aux   6 will   O
6 speak   VB  VERB  ROOT  6 speak  O
7 .       .   PUNCT punct 6 .      O
"""

CALLED_FOR = """
0 Brown  NNP PROPN nsubj 1 Brown  B-PERSON
1 called VBD VERB  ROOT  1 call   O
2 for    IN  SCONJ mark  5 for    O
3 Smith  NNP PROPN nsubj 5 Smith  B-PERSON
4 to     TO  PART  aux   5 to     O
5 resign VB  VERB  advcl 1 resign O
6 .      .   PUNCT punct 1 .      O
"""

PRONOUN = """
0  Jim    NNP PROPN compound 1  Jim    B-PERSON
1  Smith  NNP PROPN nsubj    2  Smith  I-PERSON
2  spoke  VBD VERB  ROOT     2  speak  O
3  .      .   PUNCT punct    2  .      O
4  The    DT  DET   det      5  the    B-ORG
5  board  NN  NOUN  nsubj    6  board  I-ORG
6  called VBD VERB  ROOT     6  call   O
7  for    IN  SCONJ mark     10 for    O
8  him    PRP PRON  nsubj    10 he     O
9  to     TO  PART  aux      10 to     O
10 resign VB  VERB  advcl    6  resign O
11 .      .   PUNCT punct    6  .      O
"""

ATTENDED_MEETING = """
0 Smith    NNP PROPN nsubj 1 Smith   B-PERSON
1 attended VBD VERB  ROOT  1 attend  O
2 the      DT  DET   det   3 the     O
3 meeting  NN  NOUN  dobj  1 meeting O
4 .        .   PUNCT punct 1 .       O
"""

ATTENDED_REPORT = """
0 Smith    NNP PROPN nsubj 1 Smith   B-PERSON
1 attended VBD VERB  ROOT  1 attend  O
2 the      DT  DET   det   3 the     O
3 report   NN  NOUN  dobj  1 report  O
4 .        .   PUNCT punct 1 .       O
"""

ORG_RESIGNED = """
0 Acme     NNP PROPN compound 1 Acme   B-ORG
1 Inc      NNP PROPN nsubj    2 Inc    I-ORG
2 resigned VBD VERB  ROOT     2 resign O
3 .        .   PUNCT punct    2 .      O
"""


def test_tables_build_the_intended_docs():
    doc = make_doc(PRONOUN)
    assert doc.text == "Jim Smith spoke. The board called for him to resign."
    assert [s.text for s in doc.sents] == ["Jim Smith spoke.", "The board called for him to resign."]
    assert [(e.text, e.label_) for e in doc.ents] == [("Jim Smith", "PERSON"), ("The board", "ORG")]
    assert doc[10].head.i == 6 and doc[8].tag_ == "PRP" and doc[8].pos_ == "PRON"


# --- replacement -----------------------------------------------------------------------------

def test_replaced_subject_and_object():
    facts, ents = run(make_doc(REPLACED))
    assert ents["name:smith"].kind == "person" and ents["name:jones"].kind == "person"
    assert len(facts) == 1
    f = facts[0]
    assert (f.subject, f.predicate, f.object) == ("name:smith", "replaced", ObjectRef.entity("name:jones"))
    assert f.sentence == 0 and f.via == () and f.rule == "phrase:replace"


def test_replaced_in_relative_clause_via_who():
    facts, _ = run(make_doc(RELATIVE))
    assert triples(of(facts, "replaced")) == {("name:smith", "replaced", "name:jones")}


# --- resignation: affirmed, negated, conditional, requested ----------------------------------

def test_plain_resignation_is_a_fact():
    """The control for the cases below: the same verb, asserted."""
    facts, _ = run(make_doc(RESIGNED))
    assert triples(facts) == {("name:smith", "resignedFrom", None)}


def test_will_not_resign_is_a_refusal_not_a_resignation():
    doc = make_doc(WILL_NOT_RESIGN)
    assert is_negated(doc[3])
    facts, _ = run(doc)
    assert triples(of(facts, "refusedToResign")) == {("name:smith", "refusedToResign", None)}
    assert of(facts, "resignedFrom") == []


def test_if_he_resigns_is_no_resignation():
    doc = make_doc(IF_RESIGNS)
    assert is_nonfactual(doc[2], lexicon=LEXICON)
    facts, _ = run(doc)
    assert of(facts, "resignedFrom") == []
    assert of(facts, "refusedToResign") == []


def test_called_for_him_to_resign_is_a_call_not_a_resignation():
    doc = make_doc(CALLED_FOR)
    assert not asserted(doc[5], polarity="affirmed", lexicon=LEXICON)
    facts, _ = run(doc)
    calls = of(facts, "calledForResignationOf")
    assert triples(calls) == {("name:brown", "calledForResignationOf", "name:smith")}
    assert calls[0].sentence == 0
    assert [f for f in of(facts, "resignedFrom") if f.subject == "name:smith"] == []
    assert of(facts, "resignedFrom") == []


def test_pronoun_object_resolves_to_the_antecedent_with_its_sentence():
    facts, ents = run(make_doc(PRONOUN))
    assert ents["name:board"].kind == "organization"
    assert ents["name:jim smith"].kind == "person"
    calls = of(facts, "calledForResignationOf")
    assert sorted({(f.subject, f.object_key, f.sentence, f.via) for f in calls}) == [
        ("name:board", "name:jim smith", 1, (0,))]   # a rule and the phrase layer may both find it
    assert of(facts, "resignedFrom") == []


# --- events ----------------------------------------------------------------------------------

def test_attended_an_event_noun():
    facts, _ = run(make_doc(ATTENDED_MEETING))
    att = of(facts, "attended")
    assert len(att) == 1
    assert att[0].subject == "name:smith"
    assert att[0].object.kind == "event" and "meeting" in att[0].object.value


def test_attended_something_that_is_not_an_event_gives_nothing():
    facts, _ = run(make_doc(ATTENDED_REPORT))
    assert of(facts, "attended") == []


# --- types -----------------------------------------------------------------------------------

def test_an_organization_does_not_resign():
    facts, ents = run(make_doc(ORG_RESIGNED))
    assert ents["name:acme inc"].kind == "organization"
    assert of(facts, "resignedFrom") == []


# --- the same through kg.extract.pipeline.extract with a blank pipeline -------------------------------

@pytest.mark.parametrize("table, expected", [
    (REPLACED, {("name:smith", "replaced", "name:jones")}),
    (RELATIVE, {("name:smith", "replaced", "name:jones")}),
    (WILL_NOT_RESIGN, {("name:smith", "refusedToResign", None)}),
    (IF_RESIGNS, set()),
    (CALLED_FOR, {("name:brown", "calledForResignationOf", "name:smith")}),
    (PRONOUN, {("name:board", "calledForResignationOf", "name:jim smith")}),
    (ATTENDED_REPORT, set()),
    (ORG_RESIGNED, set()),
], ids=["replaced", "relative", "will-not", "if", "called-for", "pronoun", "report", "org"])
def test_extract_with_blank_pipeline(table, expected):
    out = extract(make_doc(table), name="t", sha256="0" * 64, nlp=NLP)
    assert triples(out.facts) == expected


def test_extract_attended_meeting_names_the_event():
    out = extract(make_doc(ATTENDED_MEETING), name="t", sha256="0" * 64, nlp=NLP)
    att = of(out.facts, "attended")
    assert [f.subject for f in att] == ["name:smith"]
    assert att[0].object.kind == "event" and "meeting" in att[0].object.value
    assert [s.text for s in out.sentences] == ["Smith attended the meeting."]


# an organization's short name the NER typed a place in one sentence and an organization in
# another ("Borealis Air ... Borealis's founder ... Glasgow-based Borealis"): one node, its long name's
SHORT_NAME_TYPED_A_PLACE = """
0  Borealis NNP PROPN compound 1  Borealis B-ORG
1  Air      NNP PROPN nsubj    2  Air      I-ORG
2  merged   VBD VERB  ROOT     2  merge    O
3  .        .   PUNCT punct    2  .        O
4  Borealis NNP PROPN poss     6  Borealis B-ORG
5  's       POS PART  case     4  's       O
6  founder  NN  NOUN  nsubj    7  founder  O
7  left     VBD VERB  ROOT     7  leave    O
8  .        .   PUNCT punct    7  .        O
9  Borealis NNP PROPN nsubj    10 Borealis B-GPE
10 grew     VBD VERB  ROOT     10 grow     O
11 .        .   PUNCT punct    10 .        O
"""


def test_a_short_name_typed_a_place_but_shown_an_organization_is_the_long_names_node():
    doc = make_doc(SHORT_NAME_TYPED_A_PLACE)
    _facts, entities = run(doc)
    assert sorted(e.label for e in entities.values()) == ["Borealis Air"], entities


# a span the NER ran from a seat over a title into a name: the seat, the title, the person
SEAT_TITLE_NAME_ONE_SPAN = """
0 Fife  NNP PROPN compound 4 Fife  B-ORG
1 North NNP PROPN compound 4 North I-ORG
2 MSP   NNP PROPN compound 4 MSP   I-ORG
3 Morag NNP PROPN compound 4 Morag I-ORG
4 Bell  NNP PROPN nsubj    5 Bell  I-ORG
5 quit  VBD VERB  ROOT     5 quit  O
6 .     .   PUNCT punct    5 .     O
"""


def test_a_title_inside_an_organizations_span_cuts_off_the_person_it_names():
    doc = make_doc(SEAT_TITLE_NAME_ONE_SPAN)
    facts, entities = run(doc)
    assert {e.label: e.kind for e in entities.values()} == {"Fife North": "place", "Morag Bell": "person"}, entities
    assert ("name:morag bell", "resignedFrom", None) in triples(facts), triples(facts)
