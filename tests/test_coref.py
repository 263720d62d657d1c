"""Coreference end to end: pronouns, relative pronouns and definite descriptions resolve to the
entity they stand for when another entity competes for them, and a fact found that way is
sourced from the sentences of both mentions.

Each text names two candidates (two men, a man and a woman, two organizations, ...) so that a
resolver that just takes the nearest name fails. All names and sentences are invented.
"""
from __future__ import annotations

import pytest
from rdflib import RDF
from rdflib.namespace import PROV

from kg.rdf.vocab import KG
from kgtest import (assert_fact, assert_no_fact, assertion_sentences, build, facts,  # noqa: F401
                    nodes_named, the)

# --- pronouns: he / she / him / her -------------------------------------------------------


def test_subject_he_after_two_men_is_the_earlier_subject(build):
    g = build("Tom Ashby criticised Colin Reed on Monday. He resigned on Tuesday.")
    assert_fact(g, "Tom Ashby", "resignedFrom")
    assert_no_fact(g, "Colin Reed", "resignedFrom")


def test_subject_he_after_two_men_is_the_earlier_subject_with_an_object(build):
    g = build("Tom Ashby met Colin Reed on Monday. He later apologised to the Riverton Teachers Union.")
    assert_fact(g, "Tom Ashby", "apologizedTo", "Riverton Teachers Union")
    assert_no_fact(g, "Colin Reed", "apologizedTo")


def test_she_after_a_man_and_a_woman_is_the_woman(build):
    g = build("Colin Reed met Fiona Blake on Monday. She resigned on Tuesday.")
    assert_fact(g, "Fiona Blake", "resignedFrom")
    assert_no_fact(g, "Colin Reed", "resignedFrom")


def test_he_after_a_woman_subject_and_a_man_object_is_the_man(build):
    g = build("Fiona Blake met Colin Reed on Monday. He resigned on Tuesday.")
    assert_fact(g, "Colin Reed", "resignedFrom")
    assert_no_fact(g, "Fiona Blake", "resignedFrom")


def test_him_is_not_the_person_named_beside_the_title_that_is_the_subject(build):
    g = build("Colin Reed faced questions over the loan. The club's vice-chairman, Tom Ashby, defended him on Monday.")
    assert_fact(g, "Tom Ashby", "supported", "Colin Reed")


def test_she_and_him_in_one_sentence(build):
    g = build("Fiona Blake met Colin Reed on Monday. She later apologised to him.")
    assert_fact(g, "Fiona Blake", "apologizedTo", "Colin Reed")
    assert_no_fact(g, "Colin Reed", "apologizedTo")


def test_he_and_her_in_one_sentence(build):
    g = build("Colin Reed met Fiona Blake on Monday. He later urged her to step down.")
    assert_fact(g, "Colin Reed", "calledForResignationOf", "Fiona Blake")
    assert_no_fact(g, "Fiona Blake", "calledForResignationOf")


@pytest.mark.parametrize("text, who, other", [
    # given names that say nothing of gender: only "Mr" and "Mrs" do
    ("Mr Pat Hollis criticised Mrs Jo Carver on Monday. She resigned on Tuesday.", "Jo Carver", "Pat Hollis"),
    ("Mrs Jo Carver criticised Mr Pat Hollis on Monday. He resigned on Tuesday.", "Pat Hollis", "Jo Carver"),
])
def test_mr_and_mrs_give_the_gender(build, text, who, other):
    g = build(text)
    assert_fact(g, who, "resignedFrom")
    assert_no_fact(g, other, "resignedFrom")


def test_mr_and_mrs_with_surnames_alone(build):
    g = build("Mrs Jo Carver criticised Mr Pat Hollis on Monday. Mr Hollis resigned on Tuesday. "
              "Mrs Carver later apologised to him.")
    assert_fact(g, "Jo Carver", "apologizedTo", "Pat Hollis")
    assert_fact(g, "Pat Hollis", "resignedFrom")
    assert_no_fact(g, "Jo Carver", "resignedFrom")


def test_earlier_pronouns_give_the_gender(build):
    # "Pat" and "Jo" say nothing; "he" and "she" after each name do
    g = build("Pat Hollis said he was disappointed. Jo Carver said she was delighted. "
              "Later, Jo Carver urged him to step down.")
    assert_fact(g, "Jo Carver", "calledForResignationOf", "Pat Hollis")


# --- his / their --------------------------------------------------------------------------


def test_his_in_the_same_clause_is_the_man_not_the_woman_subject(build):
    g = build("Fiona Blake criticised Alan Frost for his role in the summit.")
    assert_fact(g, "Alan Frost", "attended", "summit")
    assert_no_fact(g, "Fiona Blake", "attended")


def test_his_in_a_conjoined_clause(build):
    g = build("Fiona Blake condemned Alan Frost and called for his resignation.")
    assert_fact(g, "Fiona Blake", "criticized", "Alan Frost")
    assert_fact(g, "Fiona Blake", "calledForResignationOf", "Alan Frost")


def test_their_with_a_conjoined_subject_is_both(build):
    g = build("Alan Frost and Colin Reed apologised for their role in the protest.")
    assert_fact(g, "Alan Frost", "attended", "protest")
    assert_fact(g, "Colin Reed", "attended", "protest")


def test_they_and_their_after_a_conjoined_subject_are_both(build):
    g = build("Alan Frost and Fiona Blake met the mayor on Monday. "
              "They later apologised for their role in the protest.")
    for person in ("Alan Frost", "Fiona Blake"):
        assert_fact(g, person, "apologizedTo")
        assert_fact(g, person, "attended", "protest")


def test_a_list_of_described_names_is_each_name(build):
    g = build("Alan Frost met the singer Rosa Lima and the novelist Clara Webb in Leeds.")
    assert_fact(g, "Alan Frost", "metWith", "Rosa Lima")
    assert_fact(g, "Alan Frost", "metWith", "Clara Webb")


def test_the_newspaper_is_the_news_outlet_last_named(build):
    g = build("Halden Bank sued the Bergen Post on Monday. Alan Frost told the newspaper that he would appeal.")
    assert_fact(g, "Alan Frost", "interviewedBy", "Bergen Post")
    assert_no_fact(g, "Alan Frost", "interviewedBy", "Halden Bank")


# --- relative pronouns --------------------------------------------------------------------


def test_who_is_the_person_its_clause_describes(build):
    g = build("Fiona Blake, who attended the meeting, resigned on Friday.")
    assert_fact(g, "Fiona Blake", "attended", "meeting")
    assert_fact(g, "Fiona Blake", "resignedFrom")


def test_who_is_the_described_person_not_the_clause_object(build):
    g = build("Fiona Blake, who met Alan Frost on Monday, later resigned.")
    assert_fact(g, "Fiona Blake", "metWith", "Alan Frost")
    assert_fact(g, "Fiona Blake", "resignedFrom")
    assert_no_fact(g, "Alan Frost", "resignedFrom")


def test_which_is_the_organization_and_its_clause_holds_though_the_main_verb_is_a_call(build):
    # "called for X to resign" makes X's resignation unasserted, not what the relative clause says
    g = build("The Riverton Teachers Union, which backed Colin Reed, has called for Alan Frost to resign.")
    assert_fact(g, "Riverton Teachers Union", "supported", "Colin Reed")
    assert_fact(g, "Riverton Teachers Union", "calledForResignationOf", "Alan Frost")


# --- definite descriptions ----------------------------------------------------------------


def test_the_councilman(build):
    g = build("Councilman Dale Hollis met Mayor Jane Ross on Monday. The councilman later apologised to the mayor.")
    assert_fact(g, "Dale Hollis", "apologizedTo", "Jane Ross")
    assert_no_fact(g, "Jane Ross", "apologizedTo")


def test_the_mayor(build):
    g = build("Councilman Dale Hollis met Mayor Jane Ross on Monday. The mayor urged him to step down.")
    assert_fact(g, "Jane Ross", "calledForResignationOf", "Dale Hollis")
    assert_no_fact(g, "Dale Hollis", "calledForResignationOf")


def test_the_councilman_resigned(build):
    g = build("Councilman Dale Hollis spoke on Monday. On Tuesday the councilman resigned.")
    assert_fact(g, "Dale Hollis", "resignedFrom")


def test_the_prime_minister(build):
    g = build("Prime Minister Ruth Keating met Alan Frost on Monday. The prime minister later backed him.")
    assert_fact(g, "Ruth Keating", "supported", "Alan Frost")


def test_the_prince(build):
    g = build("Prince Rupert missed the opening of the new children's ward on Sunday. The prince apologised on Monday.")
    # the prince's node may be labelled "Prince Rupert" or "Rupert"
    prince = nodes_named(g, "Prince Rupert", KG.Person) or nodes_named(g, "Rupert", KG.Person)
    assert len(prince) == 1, facts(g)
    assert (prince[0], KG.apologizedTo, None) in g, facts(g)
    assert_no_fact(g, "Colin Reed", "apologizedTo")


def test_the_party(build):
    g = build("Colin Reed criticised the Green Party on Monday. The party accused him of lying.")
    assert_fact(g, "Green Party", "accused", "Colin Reed")
    assert_fact(g, "Colin Reed", "criticized", "Green Party")


def test_the_campaign_is_the_campaign_last_named(build):
    g = build("The Vote Leave campaign launched its bus tour. Petra Vance called the campaign a shambles.")
    assert_fact(g, "Petra Vance", "criticized", "Vote Leave campaign")


def test_they_as_a_subject_is_the_organization_last_a_subject(build):
    g = build('"The Harbour Party has no plan for the Kestrel Trust. They have failed the islands," said Petra Vance.')
    assert_fact(g, "Petra Vance", "criticized", "Harbour Party")
    assert_no_fact(g, "Petra Vance", "criticized", "Kestrel Trust")


def test_both_parties_are_the_two_parties_last_named(build):
    g = build("The Unity Party and the Harbour Party held rallies. Petra Vance said both parties had failed the islands.")
    assert_fact(g, "Petra Vance", "criticized", "Unity Party")
    assert_fact(g, "Petra Vance", "criticized", "Harbour Party")


def test_both_parties_after_three_parties_are_none(build):
    g = build("The Unity Party, the Green Party and the Harbour Party held rallies. "
              "Petra Vance said both parties had failed the islands.")
    assert_no_fact(g, "Petra Vance", "criticized")


def test_the_council_is_the_council_not_the_other_organization(build):
    g = build("The Riverton Teachers Union criticised the Riverton City Council on Monday. "
              "The council backed Mayor Jane Ross.")
    assert_fact(g, "Riverton City Council", "supported", "Jane Ross")
    assert_no_fact(g, "Riverton Teachers Union", "supported")


@pytest.mark.parametrize("description", ["The teacher", "The former teacher"])
def test_an_apposed_description_is_taken_up_later(build, description):
    g = build("Colin Reed, a former teacher, spoke at the rally on Monday. Alan Frost also spoke. "
              f"{description} later resigned from the Green Party.")
    assert_fact(g, "Colin Reed", "resignedFrom", "Green Party")
    assert_no_fact(g, "Alan Frost", "resignedFrom")


def test_a_description_does_not_add_its_role_as_the_post_resigned_when_the_text_names_one(build):
    # "the teacher resigned from the party": from the party, not from being a teacher
    g = build("Colin Reed, a former teacher, spoke at the rally on Monday. "
              "The teacher later resigned from the Green Party.")
    assert_fact(g, "Colin Reed", "resignedFrom", "Green Party")
    assert_no_fact(g, "Colin Reed", "resignedFrom", "teacher")


# --- provenance: both sentences -----------------------------------------------------------


@pytest.mark.parametrize("text, fact, first, second", [
    ("Councilman Dale Hollis met Mayor Jane Ross on Monday. The mayor urged him to step down.",
     ("Jane Ross", "calledForResignationOf", "Dale Hollis"), "Councilman Dale Hollis met", "The mayor urged"),
    ("Colin Reed criticised the Green Party on Monday. The party accused him of lying.",
     ("Green Party", "accused", "Colin Reed"), "Colin Reed criticised", "The party accused"),
    ("Fiona Blake met Colin Reed on Monday. She later apologised to him.",
     ("Fiona Blake", "apologizedTo", "Colin Reed"), "Fiona Blake met", "She later apologised"),
])
def test_a_fact_through_coreference_is_derived_from_both_sentences(build, text, fact, first, second):
    g = build(text)
    assert_fact(g, *fact)
    found = assertion_sentences(g, *fact)
    assert found, f"no kg:Assertion for {fact}\n{facts(g)}"
    assert any(len(texts) >= 2 and any(first in t for t in texts) and any(second in t for t in texts)
               for texts in found), f"sources of {fact}: {found}"


def test_a_fact_through_a_pronoun_subject_is_derived_from_both_sentences(build):
    g = build("Colin Reed met Fiona Blake on Monday. She resigned on Tuesday.")
    blake = the(g, "Fiona Blake", KG.Person)
    sources = [
        {str(g.value(src, KG.text)) for src in g.objects(a, PROV.wasDerivedFrom) if (src, RDF.type, KG.Sentence) in g}
        for a in g.subjects(RDF.subject, blake) if g.value(a, RDF.predicate) == KG.resignedFrom
    ]
    assert sources, f"no kg:Assertion of Fiona Blake resignedFrom\n{facts(g)}"
    assert any(any("Colin Reed met Fiona Blake" in t for t in texts) and any("She resigned" in t for t in texts)
               for texts in sources), sources


# --- groups: "the two men", "the pair", "all three council members" ------------------------


@pytest.mark.parametrize("text, who, other", [
    # the two people just named together as objects, not subjects
    ("Priya Nair met Marta Kowalczyk in Lisbon on Monday. The two women later criticised the Harbour Board.",
     ("Priya Nair", "Marta Kowalczyk"), None),
    # named a few sentences apart, then "the pair"
    ("The dispute pitted trainer Omar Diaz against owner Lena Fry. Mr Diaz said the horse was fit. "
     "But Ms Fry disagreed. The pair later criticised the Jockey Club.", ("Omar Diaz", "Lena Fry"), None),
    # a group said to be three names, then "the three"
    ("The founders are Omar Diaz, Lena Fry and Ivo Petrov. The three have since criticised Acme Ltd.",
     ("Omar Diaz", "Lena Fry", "Ivo Petrov"), None),
    # "all three" with any people noun
    ("Ann Bell, Rita Moss and Joe Kim sit on Riverton City Council. All three councillors criticised "
     "Mayor Jane Ross.", ("Ann Bell", "Rita Moss", "Joe Kim"), "Jane Ross"),
    # a list of three that the parse reads as a name in apposition to another, then "the three"
    ("Omar Diaz, Lena Fry and Ivo Petrov toured the Harbour Board's new dock on Friday. The three later "
     "criticised the Harbour Board.", ("Omar Diaz", "Lena Fry", "Ivo Petrov"), None),
])
def test_a_group_states_the_fact_of_each_of_its_people(build, text, who, other):
    g = build(text)
    obj = other or next(p for p in ("Harbour Board", "Jockey Club", "Acme Ltd") if p in text)
    for person in who:
        assert_fact(g, person, "criticized", obj)


@pytest.mark.parametrize("text", [
    # the number does not fit: three people named, "the two"
    "Omar Diaz spoke to Ivo Petrov and Lena Fry on Monday. Ivo Petrov thanked Tom Hale. "
    "The two later criticised Acme Ltd.",
    # the gender does not fit
    "Omar Diaz met Lena Fry on Monday. The two men later criticised Acme Ltd.",
    # indefinite: other men
    "Omar Diaz met Ivo Petrov on Monday. Police said two men had criticised Acme Ltd.",
])
def test_a_group_that_fits_no_one_named_states_nothing(build, text):
    g = build(text)
    for person in ("Omar Diaz", "Lena Fry", "Ivo Petrov", "Tom Hale"):
        assert_no_fact(g, person, "criticized")


# --- descriptions with more than one candidate are left alone -------------------------------


def test_the_firm_is_no_body_named_in_the_subject_that_acts_on_it(build):
    g = build("Kestrel Insurance was fined on Monday. Rosa Lind, the regulator FCA's director, accused the insurer "
              "of greed.")
    assert_fact(g, "Rosa Lind", "accused", "Kestrel Insurance")
    assert_no_fact(g, "Rosa Lind", "accused", "FCA")


def test_the_firm_after_two_firms_is_neither(build):
    g = build("Acme Ltd and Bolt Group reported losses on Monday. The firm's chief executive, Paul Ward, resigned.")
    assert_no_fact(g, "Paul Ward", "leaderOf")
    assert_no_fact(g, "Paul Ward", "worksFor")


def test_the_firm_is_no_council(build):
    g = build("Acme Ltd signed a deal with Riverton City Council on Monday. The firm later criticised Mayor Jane Ross.")
    assert_no_fact(g, "Riverton City Council", "criticized")
    assert_fact(g, "Acme Ltd", "criticized", "Jane Ross")


def test_a_title_two_people_hold_is_neither(build):
    g = build("Rita Moss, the union's general secretary, met Ann Bell, the general secretary of the Riverton "
              "Teachers Union. The general secretary later criticised Acme Ltd.")
    assert_no_fact(g, "Rita Moss", "criticized")
    assert_no_fact(g, "Ann Bell", "criticized")


def test_a_title_is_the_holder_named_just_before_though_another_was_named_earlier(build):
    g = build("Prince Rupert opened the new library on Monday. Prince Albin toured the harbour. "
              "The prince later apologised to Mayor Jane Ross.")
    assert_fact(g, "Albin", "apologizedTo", "Jane Ross")
    assert_no_fact(g, "Rupert", "apologizedTo")


# --- descriptions taken up from what a sentence says a person is --------------------------


@pytest.mark.parametrize("text, who, fact", [
    ("Tom Hale is the club's treasurer. Ann Bell met him on Monday. The treasurer later resigned "
     "from Riverton Rovers.", "Tom Hale", ("resignedFrom", "Riverton Rovers")),
    ("Tom Hale, who served as cabinet secretary until 2019, met Ann Bell on Monday. The former cabinet "
     "secretary criticised the Green Party.", "Tom Hale", ("criticized", "Green Party")),
    ("Nia Obi, the election chief of the Green Party, met Paul Ward. The party's election chief "
     "criticised Mayor Jane Ross.", "Nia Obi", ("criticized", "Jane Ross")),
    ("Paul Ward, chief executive of Acme Ltd, met Rita Moss on Monday. The company's chief executive "
     "later criticised Mayor Jane Ross.", "Paul Ward", ("criticized", "Jane Ross")),
    # the post given by an appointing verb's object: "Y named X (as) its Z"
    ("The Green Party named Nia Obi as its campaign chief in May. Paul Ward met her on Monday. The "
     "campaign chief later criticised Mayor Jane Ross.", "Nia Obi", ("criticized", "Jane Ross")),
])
def test_a_description_takes_up_the_title_a_sentence_gave(build, text, who, fact):
    g = build(text)
    assert_fact(g, who, *fact)
    for other in ("Ann Bell", "Paul Ward", "Rita Moss"):
        if other != who:
            assert_no_fact(g, other, fact[0])


def test_a_possessive_description_is_not_the_holder_of_that_title_elsewhere(build):
    g = build("Paul Ward, chief executive of Acme Ltd, met Rita Moss on Monday. Bolt Group reported a loss "
              "on Tuesday. The group's chief executive criticised Mayor Jane Ross.")
    assert_no_fact(g, "Paul Ward", "criticized")


def test_a_surname_the_tagger_took_for_a_noun_is_still_the_person(nlp):
    """"Serra replaces the injured X": a known person's surname opening a sentence, tagged a
    common noun, is that person."""
    from kgtest import stated

    facts = stated(nlp, "Tiago Serra joined the squad on Thursday. Serra replaces the injured Bruno Lima, "
                        "the coach said.")
    assert ("Tiago Serra", "replaced", "Bruno Lima") in facts, facts
