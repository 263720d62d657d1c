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


def _case(text, must, must_not=(), *, id):
    return pytest.param(text, must, must_not, id=id)


#: ties and posts said beside a name: each case, the facts read and those not read
BESIDE_A_NAME = [
    # a bare title with "the" names the one holder of a post
    _case("The governor, Amina Yusuf, opened the new bridge.", [("Amina Yusuf", "holdsPosition", "governor")],
          id="the-governor-X"),
    _case("Reporters questioned Lars Berg, the coach, after the defeat.", [("Lars Berg", "holdsPosition", "coach")],
          id="X-the-coach"),
    _case("Rev Anne Hale is the vicar and has been for a decade.", [("Anne Hale", "holdsPosition", "vicar")],
          id="X-is-the-vicar"),
    # the possessive hung on the first word of a two-word title
    _case("The IAAF's secretary general, Rosa Lind, opened the meeting.", [("Rosa Lind", "leaderOf", "IAAF")],
          id="possessive-secretary-general"),
    _case("Pellworth Bank's director general, Rosa Lind, opened the meeting.",
          [("Rosa Lind", "leaderOf", "Pellworth Bank")], id="possessive-director-general"),
    # a department's head is on the staff, not at the head
    _case("Pellworth Bank's marketing director, Rosa Lind, opened the meeting.",
          [("Rosa Lind", "worksFor", "Pellworth Bank")], [("Rosa Lind", "leaderOf", "Pellworth Bank")],
          id="department-head"),
    # who joins "as" a title is its holder, not the body joined
    _case("Before joining Pellworth Bank as an analyst in 2016, Rosa Lind taught in Porto.",
          [("Rosa Lind", "worksFor", "Pellworth Bank")], id="before-joining-dated"),
    _case("Rosa Lind joined Pellworth Bank as chief economist.", [("Rosa Lind", "holdsPosition", "chief economist")],
          [("Pellworth Bank", "holdsPosition", "chief economist")], id="joined-as"),
    # a member's letters after the name
    _case("Welsh Labour's transport spokesperson, Owen Pryce MS, backed the plan.",
          [("Owen Pryce", "holdsPosition", "MS")], id="letters-MS"),
    _case("Rory Dunn MSP said the figures were alarming.", [("Rory Dunn", "holdsPosition", "MSP")], id="letters-MSP"),
    _case("Labour's Jane Fenwick MP spoke in the debate.", [("Jane Fenwick", "holdsPosition", "MP")], id="letters-MP"),
    # the Scots "depute": a second, on the body, not its head
    _case("The party's depute leader on the council, Isla Burns, backed the budget. She sits for the SNP.",
          [("Isla Burns", "holdsPosition", "depute leader")], id="depute-leader"),
    # one who joins a body from another was of that other
    _case("Carla Mendes joined Ostra Bank from rival Nordvik Capital in 2019.",
          [("Carla Mendes", "worksFor", "Nordvik Capital")], id="joined-from"),
    # a post, then the councillor's style, before the name
    _case("The plan has won the backing of Harlow District Council leader Councillor Ruth Amsel.",
          [("Ruth Amsel", "leaderOf", "Harlow District Council")], id="post-then-style"),
    # a party's group leader on a council leads the group, and is a member of the party
    _case("The Liberal Democrat group leader on the council, Councillor Tom Hale, opposed the budget.",
          [("Tom Hale", "memberOf", "Liberal Democrats")], [("Tom Hale", "leaderOf", "Liberal Democrats")],
          id="group-leader"),
    _case("The leader of the Labour Party, Keir Hart, spoke at the rally.", [("Keir Hart", "leaderOf", "Labour Party")],
          [("Keir Hart", "holdsPosition", "leader")], id="party-leader-no-bare-post"),
    _case("Nadia Brooks, a spokeswoman for the Green Party, said the figures were wrong.",
          [("Nadia Brooks", "worksFor", "Green Party"), ("Nadia Brooks", "memberOf", "Green Party")],
          id="party-spokeswoman"),
    # a title said to be a name
    _case("Ashby Homes, whose chairman is Tom Hale, won the contract.", [("Tom Hale", "leaderOf", "Ashby Homes")],
          id="whose-chairman-is-X"),
    _case("The new chief executive of Ashby Homes is Tom Hale.", [("Tom Hale", "leaderOf", "Ashby Homes")],
          id="the-chief-executive-is-X"),
    # a town the NER typed a product, before a firm's noun
    _case("The contract went to Ashby Homes, a Leeds firm.", [("Ashby Homes", "locatedIn", "Leeds")],
          id="a-town-firm"),
    # a bare corporate title is the club's just named, not the competition's
    _case("Ashby Athletic were promoted from League Two in 2023. Chairman Colm Doyle thanked the players.",
          [("Colm Doyle", "leaderOf", "Ashby Athletic")], [("Colm Doyle", "leaderOf", "League Two")],
          id="club-not-competition"),
    # a pro-vice-chancellor is one of the head's deputies
    _case("Ruth Amsel served as pro-vice-chancellor at Tarn Valley University.",
          [("Ruth Amsel", "worksFor", "Tarn Valley University")], [("Ruth Amsel", "leaderOf", "Tarn Valley University")],
          id="pro-vice-chancellor"),
    # parties beyond Westminster's, by the names and letters news uses for them
    _case("Fine Gael's Aoife Brennan won a seat in Cork South Central.", [("Aoife Brennan", "memberOf", "Fine Gael")],
          id="party-Fine-Gael"),
    _case("SDLP councillor Declan Murphy opposed the plan.",
          [("Declan Murphy", "memberOf", "Social Democratic and Labour Party")], id="party-SDLP"),
    _case("Veteran TD Michael Fahy spoke in the debate.", [("Michael Fahy", "holdsPosition", "TD")], id="title-TD"),
    _case("Halifax resident Colm Doyle, 29, was charged on Sunday.", [("Colm Doyle", "residentOf", "Halifax")],
          id="town-resident"),
    _case("Cllr Ruth Amsel said the plan was wrong.", [("Ruth Amsel", "holdsPosition", "Councillor")], id="Cllr"),
    _case("Fast bowler Ruth Amsel has apologised to umpire Colm Doyle after being fined.",
          [("Ruth Amsel", "apologizedTo", "Colm Doyle")], id="to-umpire-X"),
    # a firm's name in camel case after its descriptor
    _case("Ruth Amsel, chief executive of Oslo ferry operator SeaLink, met the minister.",
          [("Ruth Amsel", "leaderOf", "SeaLink"), ("SeaLink", "locatedIn", "Oslo")], id="camel-case-firm"),
    # a post of its own written before the name is held, with or without an organization
    _case("It was a long season, coach Petra Lind told reporters.", [("Petra Lind", "holdsPosition", "coach")],
          id="coach-X"),
    # a past tense the parse hung on the subject's title, or read as a modifier of the object's
    _case("The mayor, Ines Varga, named Karl Olsen as her deputy.",
          [("Ines Varga", "appointed", "Karl Olsen"), ("Karl Olsen", "holdsPosition", "deputy")],
          [("Ines Varga", "holdsPosition", "deputy")], id="title-X-named-Y-as"),
    _case("The president of Orvale, Ines Varga, named Karl Olsen as her deputy.",
          [("Ines Varga", "appointed", "Karl Olsen")], [("Ines Varga", "holdsPosition", "deputy")],
          id="title-of-Z-X-named-Y-as"),
    _case("Team captain Joe Marr defended manager Luis Prado after the defeat.",
          [("Joe Marr", "supported", "Luis Prado")], id="verb-read-as-modifier"),
    # a title written short is the post in full
    _case("Gov. Ines Varga signed the bill on Friday.", [("Ines Varga", "holdsPosition", "Governor")], id="Gov."),
    _case("Lt. Gov. Ines Varga signed the bill on Friday.", [("Ines Varga", "holdsPosition", "Lieutenant Governor")],
          id="Lt.-Gov."),
    # a party's leader in a chamber is a member of the party; a chamber's majority leader does not lead it
    _case("Senate Democratic Leader Ines Varga blocked the bill.", [("Ines Varga", "memberOf", "Democratic Party")],
          [("Ines Varga", "leaderOf", "Democratic Party")], id="chamber-party-leader"),
    _case("House Majority Leader Karl Olsen blocked the bill.", [("Karl Olsen", "holdsPosition", "House Majority Leader")],
          [("Karl Olsen", "leaderOf", "House")], id="majority-leader"),
    # a member "from" a party
    _case("Karl Olsen, a lawmaker from the opposition Green Party, voted against.",
          [("Karl Olsen", "memberOf", "Green Party")], id="lawmaker-from-party"),
    # one "from" an organization's premises is not resident there
    _case("Ann Lowe, a nurse from the Royal Infirmary, spoke.", [],
          [("Ann Lowe", "residentOf", "Royal Infirmary")], id="from-an-infirmary"),
    # a player of a club is its member, and no post; a party's challenger or nominee its member
    _case("Racing Brest forward Tom Fry has apologised to the fans.", [("Tom Fry", "memberOf", "Racing Brest")],
          [("Tom Fry", "holdsPosition", "forward")], id="club-forward-X"),
    _case("Her Republican challenger, Tom Fry, declined to comment.",
          [("Tom Fry", "memberOf", "Republican Party")], id="party-challenger"),
    _case("City comptroller Tom Fry will present the audit on Monday.",
          [("Tom Fry", "holdsPosition", "City comptroller")], id="comptroller"),
    # leaving a post "as" says it was held; a possible resignation is none
    _case("Councillor Ann Lowe's resignation as chair of the planning committee was announced on Friday.",
          [("Ann Lowe", "holdsPosition", "chair of planning committee")], id="resignation-as"),
    _case("Ann Lowe's possible resignation as chair was discussed.", [], [("Ann Lowe", "resignedFrom", None)],
          id="possible-resignation"),
    # a home's place, the parse having hung it on the verb
    _case("Tom Fry cycled from his flat in Handsworth to the stadium.",
          [("Tom Fry", "residentOf", "Handsworth")], id="flat-in"),
    # a party's initials, where the text names the party
    _case("The Democratic Alliance won the ward. DA councillor Busi Ngcobo said voters wanted change.",
          [("Busi Ngcobo", "memberOf", "Democratic Alliance")], id="party-initials"),
    # a club's manager, the club the one body named before in the sentence
    _case("Ashby Town chairman Ian Cole said manager Ray Doyle had his backing.", [("Ray Doyle", "worksFor", "Ashby Town")],
          id="club-manager-in-focus"),
    # a title the NER ran into the place before it
    _case("Ceara Governor Paulo Mota approved the port.", [("Paulo Mota", "holdsPosition", "Ceara Governor")],
          id="place-title-ran-together"),
    # a minister's brief the NER took for an organization is part of the post
    _case("Northern Affairs Minister Karl Olsen opened the road.",
          [("Karl Olsen", "holdsPosition", "Northern Affairs Minister")], [("Karl Olsen", "memberOf", "Northern Affairs")],
          id="minister-brief-typed-ORG"),
    # a counterpart holds the post of the one whose counterpart they are
    _case("Education Minister Ana Lobo phoned her counterpart, Tom Fry, about the exams.",
          [("Tom Fry", "holdsPosition", "Education Minister")], id="counterpart"),
    # no post of a term's count, of a candidate, or of a player; an assistant commissioner is a second
    _case("Maria Costa, a three-term member of Tarn City Council, spoke.", [("Maria Costa", "memberOf", "Tarn City Council")],
          [("Maria Costa", "holdsPosition", "term member")], id="three-term-member"),
    _case("Senator Tom Fry voted for opposition candidate Ada Eze.", [("Tom Fry", "supported", "Ada Eze")],
          [("Ada Eze", "holdsPosition", "opposition candidate")], id="candidate-no-post"),
    _case("Ann Lowe was an assistant commissioner in the Metropolitan Police until May.",
          [("Ann Lowe", "worksFor", "Metropolitan Police")], [("Ann Lowe", "leaderOf", "Metropolitan Police")],
          id="assistant-commissioner"),
    _case("Gloucester flanker Ben Ward was banned for two weeks.", [("Ben Ward", "memberOf", "Gloucester")],
          [("Ben Ward", "residentOf", "Gloucester")], id="club-flanker"),
    # "Surgeon General" before a name is a title, not a general's rank in the name
    _case("Surgeon General Maria Costa opened the nurses' conference.",
          [("Maria Costa", "holdsPosition", "Surgeon General")], id="surgeon-general"),
    # an Irish county written "Co"
    _case("Sean Daly, of Westport, Co Mayo, won the marathon on Sunday.",
          [("Sean Daly", "residentOf", "Westport"), ("Westport", "locatedIn", "Co Mayo")], id="Co-Mayo"),
]


@pytest.mark.parametrize("text, must, must_not", BESIDE_A_NAME)
def test_ties_and_posts_said_beside_a_name(nlp, text, must, must_not):
    facts = _facts(nlp, text)
    assert set(must) <= facts and not set(must_not) & facts, facts


@pytest.mark.parametrize("text", [
    "The leader, Amina Yusuf, opened the new bridge.",   # a tie's title: leader of what?
    "Amina Yusuf, a director, opened the new bridge.",   # one of many
])
def test_a_tie_or_an_indefinite_title_alone_is_no_post(nlp, text):
    facts = _facts(nlp, text)
    assert not {f for f in facts if f[1] == "holdsPosition"}, facts


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


@pytest.mark.parametrize("text, fact", [
    # one among a crowd at an event attended it
    ("Some 900 mourners, among them former Senator Ines Varga, filled the abbey for the funeral of Karl Olsen.",
     ("Ines Varga", "attended", "funeral")),
    ("Among the crowd at Tarn Park for the league final was Mayor Ines Varga.",
     ("Ines Varga", "attended", "league final")),
])
def test_one_among_a_crowd_at_an_event_attended_it(nlp, text, fact):
    assert fact in _facts(nlp, text)


@pytest.mark.parametrize("text", [
    "Ines Varga was not among the crowd at the league final.",
    "Hundreds of fans, among them Ines Varga, watched the final on television.",
])
def test_one_not_among_the_crowd_there_did_not_attend(nlp, text):
    assert not {f for f in _facts(nlp, text) if f[1] == "attended"}


@pytest.mark.parametrize("text, facts", [
    # the board that appoints stands for its organization, "its board" too; the "as" hung on the
    # one appointed, as the small model often hangs it
    ("Corvel Mining announced that its board had appointed engineer Lena Brandt as chief executive.",
     {("Corvel Mining", "appointed", "Lena Brandt"), ("Lena Brandt", "leaderOf", "Corvel Mining"),
      ("Lena Brandt", "holdsPosition", "chief executive")}),
    ("The board appointed Luis Ferro as interim finance director.",
     {("Luis Ferro", "holdsPosition", "interim finance director")}),
    # the name read as the verb's complement, a time between subject and verb
    ("The Dunmore Gazette on Friday named Ola Bakare as editor.",
     {("Dunmore Gazette", "appointed", "Ola Bakare"), ("Ola Bakare", "holdsPosition", "editor"),
      ("Ola Bakare", "worksFor", "Dunmore Gazette")}),
])
def test_an_appointment_by_a_body_or_said_with_a_time_between(nlp, text, facts):
    found = _facts(nlp, text)
    assert facts <= found, found


@pytest.mark.parametrize("text", [
    "The coach praised Dario Conti as a natural leader.",
    "Fans hailed Dario Conti as the captain they had waited for.",
    "Critics have described Dario Conti as the real chairman of the club.",
])
def test_what_one_is_praised_or_described_as_is_no_post(nlp, text):
    assert not {f for f in _facts(nlp, text) if f[1] == "holdsPosition" and f[0] == "Dario Conti"}


def test_heading_a_part_of_a_body_is_no_lead_of_the_body(nlp):
    facts = _facts(nlp, "Ines Vidal was chosen by the Red Cross to head its Lisbon office.")
    assert ("Ines Vidal", "leaderOf", "Red Cross") not in facts, facts


@pytest.mark.parametrize("text, facts", [
    # a business's common noun before a title stands for the firm just named; the post is the title
    ("Refiner Nordhavn Oil cut its forecast. Company chairman Erik Dahl said the plant would reopen.",
     {("Erik Dahl", "leaderOf", "Nordhavn Oil"), ("Erik Dahl", "holdsPosition", "chairman")}),
    ("Shipbuilder Kestrel Yards laid off 200 workers on Monday.", {("Kestrel Yards", "organization")}),
])
def test_a_firm_said_by_its_common_noun(nlp, text, facts):
    d = nlp(text)._.kg_facts
    found = _facts(nlp, text) | {(e.label, e.kind) for e in d.entities}
    assert facts <= found, found


@pytest.mark.parametrize("text, fact", [
    # a branch, chapter or wing acts for its organization; who leads one is in the organization
    ("The Leeds chapter of the Green Alliance backed Tom Hale.", ("Green Alliance", "supported", "Tom Hale")),
    ("The youth wing of the Liberty Party criticised Tom Hale.", ("Liberty Party", "criticized", "Tom Hale")),
    ("Nadia Rahim chairs the Leeds branch of the Tarn Nurses Union.", ("Nadia Rahim", "memberOf", "Tarn Nurses Union")),
    ("Nadia Rahim heads the Lisbon branch of Banco Sol.", ("Nadia Rahim", "worksFor", "Banco Sol")),
])
def test_a_part_of_a_body_speaks_for_it_and_its_head_belongs_to_it(nlp, text, fact):
    facts = _facts(nlp, text)
    assert fact in facts, facts
    assert (fact[0], "leaderOf", fact[2]) not in facts


def test_a_quote_opening_a_story_after_its_dateline_leaves_the_dateline_a_dateline(nlp):
    facts = _facts(nlp, "QUITO, Ecuador (AP) — 'We will keep the clinic open,' Dr. Ana Ruiz said on Friday.")
    assert not {f for f in facts if f[1] == "locatedIn"}, facts


def test_a_coach_is_on_the_clubs_staff_however_the_title_is_written(nlp):
    for text in ("Ivo Kral, coach of the Tarnby Hawks, declined to comment.",
                 "Tarnby Hawks coach Ivo Kral declined to comment."):
        facts = _facts(nlp, text)
        assert ("Ivo Kral", "worksFor", "Tarnby Hawks") in facts, facts
        assert ("Ivo Kral", "leaderOf", "Tarnby Hawks") not in facts, facts
