"""Membership, employment and leadership said in the less common ways news says them, and the
near-misses that look like them. The sentences are our own."""
from __future__ import annotations

import pytest

from kgtest import stated as _facts


@pytest.mark.parametrize("text, fact", [
    ("The Greenhill Golf Club counts Ravi Patel and Joan Hart among its members.",
     ("Joan Hart", "memberOf", "Greenhill Golf Club")),
    ("Joan Hart, whose membership of the Labour Party dates back to 1989, chaired the meeting.",
     ("Joan Hart", "memberOf", "Labour Party")),
    ("Detectives from Kent Police, including Detective Sergeant Paul Ward, searched the house.",
     ("Paul Ward", "worksFor", "Kent Police")),
    ("Staff at Reuters, among them the photographer Tom Bell, walked out.",
     ("Tom Bell", "worksFor", "Reuters")),
    ("Mark Owen's role as head coach of Leicester Tigers was confirmed.",
     ("Mark Owen", "holdsPosition", "head coach")),
    ("Helle Jensen arrived to take up her post as ambassador to Kenya.",
     ("Helle Jensen", "holdsPosition", "ambassador to Kenya")),
    ("Yusuf Ahmed has served as imam of the East London Mosque since 2004.",
     ("Yusuf Ahmed", "holdsPosition", "imam")),
])
def test_a_role_said_in_passing_is_read(nlp, text, fact):
    facts = _facts(nlp, text)
    assert fact in facts, facts


@pytest.mark.parametrize("text, subject, obj", [
    ("The Greenhill Golf Club counts Ravi Patel among its fiercest critics.", "Ravi Patel", "Greenhill Golf Club"),
    ("Visitors to the Tate Modern, among them Ann Kerr, queued for hours.", "Ann Kerr", "Tate Modern"),
    ("Critics of the Bergen Harbour Board, including Tomas Berg, were furious.", "Tomas Berg", "Bergen Harbour Board"),
    ("Fans of Celtic, including Joe Burns, cheered.", "Joe Burns", "Celtic"),
])
def test_one_among_others_who_are_no_members_or_staff_is_neither(nlp, text, subject, obj):
    facts = _facts(nlp, text)
    assert not {f for f in facts if f[0] == subject and f[2] == obj and f[1] in ("memberOf", "worksFor")}, facts


@pytest.mark.parametrize("text, fact", [
    ("The governor, Amina Yusuf, opened the new bridge.", ("Amina Yusuf", "holdsPosition", "governor")),
    ("Reporters questioned Lars Berg, the coach, after the defeat.", ("Lars Berg", "holdsPosition", "coach")),
    ("Rev Anne Hale is the vicar and has been for a decade.", ("Anne Hale", "holdsPosition", "vicar")),
])
def test_a_bare_title_with_the_names_the_one_holder_of_a_post(nlp, text, fact):
    facts = _facts(nlp, text)
    assert fact in facts, facts


@pytest.mark.parametrize("text", [
    "The leader, Amina Yusuf, opened the new bridge.",   # a tie's title: leader of what?
    "Amina Yusuf, a director, opened the new bridge.",   # one of many
])
def test_a_tie_or_an_indefinite_title_alone_is_no_post(nlp, text):
    facts = _facts(nlp, text)
    assert not {f for f in facts if f[1] == "holdsPosition"}, facts


@pytest.mark.parametrize("text, fact, not_fact", [
    # the possessive hung on the first word of a two-word title
    ("The IAAF's secretary general, Rosa Lind, opened the meeting.",
     ("Rosa Lind", "leaderOf", "IAAF"), None),
    ("Pellworth Bank's director general, Rosa Lind, opened the meeting.",
     ("Rosa Lind", "leaderOf", "Pellworth Bank"), None),
    # a department's head is on the staff, not at the head
    ("Pellworth Bank's marketing director, Rosa Lind, opened the meeting.",
     ("Rosa Lind", "worksFor", "Pellworth Bank"), ("Rosa Lind", "leaderOf", "Pellworth Bank")),
])
def test_a_two_word_title_after_a_possessive_ties_its_holder(nlp, text, fact, not_fact):
    facts = _facts(nlp, text)
    assert fact in facts and not_fact not in facts, facts


@pytest.mark.parametrize("text, fact, not_fact", [
    # who joins "as" a title is its holder, not the body joined
    ("Before joining Pellworth Bank as an analyst in 2016, Rosa Lind taught in Porto.",
     ("Rosa Lind", "worksFor", "Pellworth Bank"), None),
    ("Rosa Lind joined Pellworth Bank as chief economist.",
     ("Rosa Lind", "holdsPosition", "chief economist"), ("Pellworth Bank", "holdsPosition", "chief economist")),
])
def test_the_one_who_joins_as_a_title_holds_it(nlp, text, fact, not_fact):
    facts = _facts(nlp, text)
    assert fact in facts and not_fact not in facts, facts


@pytest.mark.parametrize("text, fact", [
    # a member's letters after the name
    ("Welsh Labour's transport spokesperson, Owen Pryce MS, backed the plan.", ("Owen Pryce", "holdsPosition", "MS")),
    ("Rory Dunn MSP said the figures were alarming.", ("Rory Dunn", "holdsPosition", "MSP")),
    ("Labour's Jane Fenwick MP spoke in the debate.", ("Jane Fenwick", "holdsPosition", "MP")),
    # the Scots "depute": a second, on the body, not its head
    ("The party's depute leader on the council, Isla Burns, backed the budget. She sits for the SNP.",
     ("Isla Burns", "holdsPosition", "depute leader")),
    # one who joins a body from another was of that other
    ("Carla Mendes joined Ostra Bank from rival Nordvik Capital in 2019.", ("Carla Mendes", "worksFor", "Nordvik Capital")),
])
def test_a_tie_said_beside_the_name_is_read(nlp, text, fact):
    facts = _facts(nlp, text)
    assert fact in facts, facts


@pytest.mark.parametrize("text, fact, not_fact", [
    # a post, then the councillor's style, before the name
    ("The plan has won the backing of Harlow District Council leader Councillor Ruth Amsel.",
     ("Ruth Amsel", "leaderOf", "Harlow District Council"), None),
    # a party's group leader on a council leads the group, and is a member of the party
    ("The Liberal Democrat group leader on the council, Councillor Tom Hale, opposed the budget.",
     ("Tom Hale", "memberOf", "Liberal Democrats"), ("Tom Hale", "leaderOf", "Liberal Democrats")),
])
def test_a_post_before_a_style_or_of_a_group_is_read_whole(nlp, text, fact, not_fact):
    facts = _facts(nlp, text)
    assert fact in facts and not_fact not in facts, facts


def test_the_leader_of_a_party_named_beside_the_title_leads_it_and_holds_no_bare_post(nlp):
    facts = _facts(nlp, "The leader of the Labour Party, Keir Hart, spoke at the rally.")
    assert ("Keir Hart", "leaderOf", "Labour Party") in facts, facts
    assert not {f for f in facts if f[1] == "holdsPosition"}, facts


def test_a_partys_spokesman_is_on_its_staff_and_one_of_its_members(nlp):
    facts = _facts(nlp, "Nadia Brooks, a spokeswoman for the Green Party, said the figures were wrong.")
    assert {("Nadia Brooks", "worksFor", "Green Party"), ("Nadia Brooks", "memberOf", "Green Party")} <= facts, facts


@pytest.mark.parametrize("text, fact", [
    ("Ashby Homes, whose chairman is Tom Hale, won the contract.", ("Tom Hale", "leaderOf", "Ashby Homes")),
    ("The new chief executive of Ashby Homes is Tom Hale.", ("Tom Hale", "leaderOf", "Ashby Homes")),
    # a town the NER typed a product, before a firm's noun
    ("The contract went to Ashby Homes, a Leeds firm.", ("Ashby Homes", "locatedIn", "Leeds")),
])
def test_a_title_said_to_be_a_name_and_a_firm_said_to_be_of_a_town(nlp, text, fact):
    facts = _facts(nlp, text)
    assert fact in facts, facts


@pytest.mark.parametrize("text, fact", [
    # one of a nation's word before a name is whence, not the name
    ("Beverley Athletic have appointed the Dane Nils Bakke as head coach.", ("Beverley Athletic", "appointed", "Nils Bakke")),
    ("Harlow Rovers have hired the Uruguayan Mateo Sosa as their new manager.",
     ("Harlow Rovers", "appointed", "Mateo Sosa")),
    # a resignation handed to someone is not theirs
    ("Tomas Berg tendered his resignation to Prime Minister Hiro Tanabe on Tuesday.", ("Tomas Berg", "resignedFrom", None)),
])
def test_whence_and_to_whom_are_no_part_of_who(nlp, text, fact):
    facts = _facts(nlp, text)
    assert fact in facts, facts
    assert not {f for f in facts if f[0] in ("Hiro Tanabe", "Dane Nils Bakke", "Uruguayan Mateo Sosa")
                and f[1] in ("resignedFrom", "appointed")}, facts


@pytest.mark.parametrize("text, fact, not_fact", [
    # a bare corporate title is the club's just named, not the competition's
    ("Ashby Athletic were promoted from League Two in 2023. Chairman Colm Doyle thanked the players.",
     ("Colm Doyle", "leaderOf", "Ashby Athletic"), ("Colm Doyle", "leaderOf", "League Two")),
    # a pro-vice-chancellor is one of the head's deputies
    ("Colm Doyle was pro-vice-chancellor at the University of Wessex.",
     ("Colm Doyle", "worksFor", "University of Wessex"), ("Colm Doyle", "leaderOf", "University of Wessex")),
])
def test_whose_title_it_is_and_what_it_makes_one(nlp, text, fact, not_fact):
    facts = _facts(nlp, text)
    assert fact in facts and not_fact not in facts, facts


@pytest.mark.parametrize("text, fact", [
    # parties beyond Westminster's, by the names and letters news uses for them
    ("Fine Gael's Niamh Costello topped the poll in Galway West.", ("Niamh Costello", "memberOf", "Fine Gael")),
    ("SDLP councillor Declan Murphy opposed the plan.",
     ("Declan Murphy", "memberOf", "Social Democratic and Labour Party")),
    ("Veteran TD Michael Fahy spoke in the debate.", ("Michael Fahy", "holdsPosition", "TD")),
])
def test_parties_and_members_titles_of_other_parliaments(nlp, text, fact):
    facts = _facts(nlp, text)
    assert fact in facts, facts


@pytest.mark.parametrize("text, fact", [
    ("Halifax resident Colm Doyle, 29, was charged on Sunday.", ("Colm Doyle", "residentOf", "Halifax")),
    ("Cllr Ruth Amsel said the plan was wrong.", ("Ruth Amsel", "holdsPosition", "Cllr")),
    ("Fast bowler Ruth Amsel has apologised to umpire Colm Doyle after being fined.",
     ("Ruth Amsel", "apologizedTo", "Colm Doyle")),
])
def test_a_resident_a_councillors_style_and_an_umpire(nlp, text, fact):
    facts = _facts(nlp, text)
    assert fact in facts, facts


def test_a_firms_name_in_camel_case_after_its_descriptor_is_a_firm(nlp):
    facts = _facts(nlp, "Ruth Amsel, chief executive of Oslo ferry operator SeaLink, met the minister.")
    assert {("Ruth Amsel", "leaderOf", "SeaLink"), ("SeaLink", "locatedIn", "Oslo")} <= facts, facts


def test_an_irish_county_written_co_is_a_place(nlp):
    facts = _facts(nlp, "Sean Daly, of Westport, Co Mayo, won the marathon on Sunday.")
    assert {("Sean Daly", "residentOf", "Westport"), ("Westport", "locatedIn", "Co Mayo")} <= facts, facts


def test_a_members_letters_are_no_organization(nlp):
    facts = _facts(nlp, "Rory Dunn MSP said the figures were alarming.")
    assert not {f for f in facts if f[2] == "MSP" and f[1] != "holdsPosition"}, facts


def test_a_post_hoped_for_is_not_held(nlp):
    facts = _facts(nlp, "Helle Jensen hopes to take up a post as ambassador to Kenya.")
    assert not {f for f in facts if f[1] == "holdsPosition"}, facts


def test_rabbi_or_imam_before_a_name_is_a_form_of_address_not_a_post(nlp):
    facts = _facts(nlp, "Imam Yusuf Ahmed led Friday prayers in Leicester.")
    assert not {f for f in facts if f[1] == "holdsPosition"}, facts


@pytest.mark.parametrize("text, fact", [
    ("After 12 years at the helm of Tesco, Terry Leahy stepped down.", ("Terry Leahy", "leaderOf", "Tesco")),
    ("David Cole is the man at the helm of Rolls-Royce.", ("David Cole", "leaderOf", "Rolls-Royce")),
    ("Terry Leahy, at the helm of Tesco since 1997, said sales rose.", ("Terry Leahy", "leaderOf", "Tesco")),
    ("After a decade in charge of Leeds United, Dan Reed was sacked.", ("Dan Reed", "leaderOf", "Leeds United")),
    ("Under chief executive Ruth Amsel, Leeds publisher Harrow Books has doubled its profits.",
     ("Ruth Amsel", "leaderOf", "Harrow Books")),
])
def test_one_at_the_helm_leads(nlp, text, fact):
    facts = _facts(nlp, text)
    assert fact in facts, facts


@pytest.mark.parametrize("text", [
    "Ann Lowe blamed the turmoil at the helm of Tesco for the losses.",
    "Ann Lowe criticised the man at the helm of Tesco.",
    "Ann Lowe hopes to spend years at the helm of Tesco.",
])
def test_no_one_said_to_stand_at_the_helm_leads(nlp, text):
    facts = _facts(nlp, text)
    assert ("Ann Lowe", "leaderOf", "Tesco") not in facts, facts


def test_a_title_of_an_organization_run_into_the_holders_name(nlp):
    facts = _facts(nlp, "Chairman of the Fenwick Trust Alan Hughes welcomed the decision.")
    assert ("Alan Hughes", "leaderOf", "Fenwick Trust") in facts, facts
    assert ("Alan Hughes", "holdsPosition", "Chairman") in facts, facts
    facts = _facts(nlp, "Ann Lowe met the chairman of Barclays John Smith on Monday.")
    assert ("John Smith", "leaderOf", "Barclays") in facts, facts
    assert ("Ann Lowe", "leaderOf", "Barclays") not in facts, facts


def test_an_ordinal_is_no_organization(nlp):
    facts = _facts(nlp, "Maria Lopez has joined the Riverside Rowing Club, becoming its 500th member.")
    assert facts == {("Maria Lopez", "memberOf", "Riverside Rowing Club")}, facts


def test_a_title_with_its_own_holder_cuts_no_name_from_the_organization(nlp):
    text = "Rabbi Ezra Cohen, the spiritual leader of Congregation Beth Tikvah in Oakdale, will retire next year."
    facts = _facts(nlp, text)
    assert ("Ezra Cohen", "leaderOf", "Congregation Beth Tikvah") in facts, facts
    assert not {f for f in facts if f[0] == "Beth Tikvah"}, facts
