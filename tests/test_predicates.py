"""Each of the 20 core predicates in the ways news says it, and sentences that must not state it.

One sentence (sometimes two) per case, through the real pipeline. ``STATES``: the sentence must
yield ``subject predicate object`` (object None: any object, unstated included). ``STATES_NOT``:
it must not (object None: to nothing at all) -- negation ("did not attend", "will not resign"),
hypotheticals ("if he resigns", "could resign", "denied he would stand down"), refusals and
other senses of the trigger word ("left the room", "named their dog Rex").

Names are matched as score.py matches them (label or altLabel, normalised); a Position or Event
object matches when its label holds the words given ("peer" finds "life peer"). See kgtest.py.
All names and sentences are invented for these tests.
"""
from __future__ import annotations

import pytest

from kg.rdf.vocab import CORE_PREDICATES
from kgtest import assert_fact, assert_not_stated, build, case_id  # noqa: F401  (fixtures)

# (sentence, subject, predicate, object or None)
STATES = [
    # --- memberOf
    ("Helen Marsh, a Labour MP, criticised the plan on Monday.", "Helen Marsh", "memberOf", "Labour"),
    ("Labour MP Helen Marsh criticised the plan on Monday.", "Helen Marsh", "memberOf", "Labour"),
    ("Peter Quinn joined the Liberal Democrats in 2003.", "Peter Quinn", "memberOf", "Liberal Democrats"),
    ("Peter Quinn defected from the Conservatives to UKIP last year.", "Peter Quinn", "memberOf", "UKIP"),
    ("Graham Tully, a Republican, voted against the bill.", "Graham Tully", "memberOf", "Republican Party"),
    ("Fiona Blake, a member of the Riverton Planning Committee, said the scheme was too costly.",
     "Fiona Blake", "memberOf", "Riverton Planning Committee"),

    # --- worksFor
    ("Labour's spokesman David Hurst said the vote was a mistake.", "David Hurst", "worksFor", "Labour"),
    ("The BBC's spokesman, David Hurst, said the programme would not be shown.",
     "David Hurst", "worksFor", "BBC"),
    ("Mark Ellison, a spokesman for the Riverton Teachers Union, said the strike would go ahead.",
     "Mark Ellison", "worksFor", "Riverton Teachers Union"),
    ("Tom Ashby, a partner in the law firm Brightwater Solicitors, gave evidence to the inquiry.",
     "Tom Ashby", "worksFor", "Brightwater Solicitors"),
    ("Karen Doyle, a BBC reporter, asked the first question.", "Karen Doyle", "worksFor", "BBC"),
    ("Sarah Finch, a reporter for the Yorkshire Post, broke the story.",
     "Sarah Finch", "worksFor", "Yorkshire Post"),
    ("Sarah Finch works for the Yorkshire Post.", "Sarah Finch", "worksFor", "Yorkshire Post"),

    # --- leaderOf
    ("Conservative leader Alan Frost said the result was a disaster.",
     "Alan Frost", "leaderOf", "Conservative Party"),
    ("Colin Reed, chairman of the Riverton Teachers Union, said the talks had failed.",
     "Colin Reed", "leaderOf", "Riverton Teachers Union"),
    ("The Green Party's leader, Nina Cole, said the party would win.", "Nina Cole", "leaderOf", "Green Party"),
    ("Nina Cole, the Green Party leader, said the party would win.", "Nina Cole", "leaderOf", "Green Party"),
    ("Susan Hart became leader of the Green Party in 2015.", "Susan Hart", "leaderOf", "Green Party"),
    ("Susan Hart was named chairman of the Riverton Housing Trust.",
     "Susan Hart", "leaderOf", "Riverton Housing Trust"),

    # --- holdsPosition
    ("Home Secretary Ruth Keating said the law would change.", "Ruth Keating", "holdsPosition", "Home Secretary"),
    ("Ruth Keating, the Foreign Secretary, flew to Paris on Monday.",
     "Ruth Keating", "holdsPosition", "Foreign Secretary"),
    ("Ruth Keating was made a life peer in 2012.", "Ruth Keating", "holdsPosition", "peer"),
    ("Brian Lowe became party leader in 2015.", "Brian Lowe", "holdsPosition", "party leader"),
    ("The Riverton Housing Trust appointed Ruth Keating as chief executive.",
     "Ruth Keating", "holdsPosition", "chief executive"),
    ("Helen Marsh, a Labour MP, criticised the plan on Monday.", "Helen Marsh", "holdsPosition", "MP"),

    # --- attended
    ("Gordon Pike attended the meeting on Monday.", "Gordon Pike", "attended", "meeting"),
    ("Gordon Pike took part in the talks on Tuesday.", "Gordon Pike", "attended", "talks"),
    ("Gordon Pike will attend the memorial service on Sunday.", "Gordon Pike", "attended", "memorial service"),
    ("Gordon Pike spoke at the rally in Sheffield.", "Gordon Pike", "attended", "rally"),

    # --- metWith
    ("Ruth Keating met Gordon Pike in London on Friday.", "Ruth Keating", "metWith", "Gordon Pike"),
    ("Ruth Keating held talks with Gordon Pike on Friday.", "Ruth Keating", "metWith", "Gordon Pike"),
    ("Ruth Keating met with the Riverton Teachers Union on Friday.",
     "Ruth Keating", "metWith", "Riverton Teachers Union"),
    ("Ruth Keating met Gordon Pike and Susan Hart on Friday.", "Ruth Keating", "metWith", "Susan Hart"),

    # --- resignedFrom
    ("Gordon Pike resigned from the Riverton City Council on Tuesday.",
     "Gordon Pike", "resignedFrom", "Riverton City Council"),
    ("Gordon Pike quit the Labour Party in March.", "Gordon Pike", "resignedFrom", "Labour Party"),
    ("Gordon Pike stepped down as chairman of the Riverton Teachers Union.",
     "Gordon Pike", "resignedFrom", "Riverton Teachers Union"),
    ("Gordon Pike will stand down at the next election.", "Gordon Pike", "resignedFrom", None),
    ("Labour councillor Gordon Pike is set to stand down.", "Gordon Pike", "resignedFrom", None),
    ("Peter Quinn defected from the Conservatives to UKIP last year.",
     "Peter Quinn", "resignedFrom", "Conservative Party"),

    # --- refusedToResign
    ("Gordon Pike said he will not resign.", "Gordon Pike", "refusedToResign", None),
    ("Gordon Pike has resisted calls to resign.", "Gordon Pike", "refusedToResign", None),
    ("Gordon Pike refused to step down.", "Gordon Pike", "refusedToResign", None),
    ("Gordon Pike rejected demands to step down.", "Gordon Pike", "refusedToResign", None),
    ("Colin Reed insisted he would not resign as chairman.", "Colin Reed", "refusedToResign", None),

    # --- calledForResignationOf
    ("Ruth Keating called for Gordon Pike to resign.", "Ruth Keating", "calledForResignationOf", "Gordon Pike"),
    ("Ruth Keating demanded Gordon Pike step down.", "Ruth Keating", "calledForResignationOf", "Gordon Pike"),
    ("Ruth Keating called for Gordon Pike's resignation.",
     "Ruth Keating", "calledForResignationOf", "Gordon Pike"),
    ("Ruth Keating urged Gordon Pike to resign.", "Ruth Keating", "calledForResignationOf", "Gordon Pike"),
    ("Ruth Keating called on Gordon Pike to resign.", "Ruth Keating", "calledForResignationOf", "Gordon Pike"),
    ("The Riverton Teachers Union demanded the resignation of Gordon Pike.",
     "Riverton Teachers Union", "calledForResignationOf", "Gordon Pike"),

    # --- calledForApologyFrom
    ("Ruth Keating urged Gordon Pike to apologise.", "Ruth Keating", "calledForApologyFrom", "Gordon Pike"),
    ("Ruth Keating called on Gordon Pike to apologise.", "Ruth Keating", "calledForApologyFrom", "Gordon Pike"),
    ("Ruth Keating demanded an apology from Gordon Pike.",
     "Ruth Keating", "calledForApologyFrom", "Gordon Pike"),
    ("The Riverton Teachers Union asked Gordon Pike to apologize.",
     "Riverton Teachers Union", "calledForApologyFrom", "Gordon Pike"),

    # --- replaced
    ("Colin Reed replaced Alan Frost as council president on Monday.", "Colin Reed", "replaced", "Alan Frost"),
    ("Colin Reed succeeded Alan Frost as chairman of the Riverton Teachers Union.",
     "Colin Reed", "replaced", "Alan Frost"),
    ("Alan Frost was replaced by Colin Reed in June.", "Colin Reed", "replaced", "Alan Frost"),

    # --- appointed
    ("Prime Minister Ruth Keating appointed Colin Reed as health secretary.",
     "Ruth Keating", "appointed", "Colin Reed"),
    ("The Riverton Housing Trust named Colin Reed as its chairman.",
     "Riverton Housing Trust", "appointed", "Colin Reed"),
    ("Colin Reed was named chairman by the Riverton Housing Trust.",
     "Riverton Housing Trust", "appointed", "Colin Reed"),
    ("Gordon Pike was appointed chairman by Ruth Keating.", "Ruth Keating", "appointed", "Gordon Pike"),

    # --- electedTo
    ("Colin Reed was elected MP for Harwich East in 2010.", "Colin Reed", "electedTo", "MP"),
    ("Susan Hart won the seat of Harwich East in 2015.", "Susan Hart", "electedTo", "Harwich East"),
    ("Susan Hart won the Harwich East seat in 2015.", "Susan Hart", "electedTo", "Harwich East"),
    ("Susan Hart was elected to the Riverton City Council in 2019.",
     "Susan Hart", "electedTo", "Riverton City Council"),
    ("Susan Hart was elected mayor of Baltimore in 2016.", "Susan Hart", "electedTo", None),

    # --- criticized
    ("Susan Hart attacked Colin Reed over the housing plan.", "Susan Hart", "criticized", "Colin Reed"),
    ("Susan Hart condemned Colin Reed's remarks.", "Susan Hart", "criticized", "Colin Reed"),
    ("Susan Hart criticised the Riverton City Council for the delay.",
     "Susan Hart", "criticized", "Riverton City Council"),
    ("Ruth Keating called Colin Reed a liar.", "Ruth Keating", "criticized", "Colin Reed"),

    # --- accused
    ("Susan Hart accused Colin Reed of misleading voters.", "Susan Hart", "accused", "Colin Reed"),
    ("The Riverton Teachers Union accused Colin Reed of breaking his promise.",
     "Riverton Teachers Union", "accused", "Colin Reed"),
    ("Susan Hart was accused by Colin Reed of lying.", "Colin Reed", "accused", "Susan Hart"),

    # --- supported
    ("Susan Hart backed Colin Reed in the leadership contest.", "Susan Hart", "supported", "Colin Reed"),
    ("Susan Hart defended Colin Reed on Sunday.", "Susan Hart", "supported", "Colin Reed"),
    ("Susan Hart voted for Colin Reed.", "Susan Hart", "supported", "Colin Reed"),
    ("The Riverton Teachers Union backed Colin Reed.", "Riverton Teachers Union", "supported", "Colin Reed"),

    # --- apologizedTo
    ("Colin Reed apologised to Susan Hart on Monday.", "Colin Reed", "apologizedTo", "Susan Hart"),
    ("Colin Reed said sorry to Susan Hart.", "Colin Reed", "apologizedTo", "Susan Hart"),
    ("Colin Reed apologised to the Riverton Teachers Union.",
     "Colin Reed", "apologizedTo", "Riverton Teachers Union"),
    ("Colin Reed later said sorry.", "Colin Reed", "apologizedTo", None),
    ("Colin Reed made an apology to Susan Hart.", "Colin Reed", "apologizedTo", "Susan Hart"),

    # --- interviewedBy
    ("Colin Reed told the BBC that he had made a mistake.", "Colin Reed", "interviewedBy", "BBC"),
    ("Colin Reed told Sky News he would not quit.", "Colin Reed", "interviewedBy", "Sky News"),
    ("Colin Reed admitted in an interview with the Guardian that he had been wrong.",
     "Colin Reed", "interviewedBy", "Guardian"),
    ("In an interview with the BBC, Colin Reed said he regretted the remarks.",
     "Colin Reed", "interviewedBy", "BBC"),
    ("Speaking to the BBC, Colin Reed said he regretted the remarks.", "Colin Reed", "interviewedBy", "BBC"),

    # --- locatedIn
    ("The factory is in Woodbridge, Suffolk.", "Woodbridge", "locatedIn", "Suffolk"),
    ("The festival was held in Hebden Bridge, West Yorkshire.", "Hebden Bridge", "locatedIn", "West Yorkshire"),
    ("Brannock Engineering, a Dundee firm, won the contract.", "Brannock Engineering", "locatedIn", "Dundee"),
    ("The Dockside section of Baltimore was flooded.", "Dockside", "locatedIn", "Baltimore"),
    ("The Halden Institute in Glasgow published the report.", "Halden Institute", "locatedIn", "Glasgow"),

    # --- residentOf
    ("Brian Lowe, of Leeds, said he was delighted.", "Brian Lowe", "residentOf", "Leeds"),
    ("Brian Lowe, a resident of Sheffield, said he was delighted.", "Brian Lowe", "residentOf", "Sheffield"),
    ("Margaret Doyle, from Glasgow, won the prize.", "Margaret Doyle", "residentOf", "Glasgow"),
    ("Brian Lowe, 54, of Sheffield, was fined.", "Brian Lowe", "residentOf", "Sheffield"),
    # --- phrasings found missing or wrong on unseen text (review), kept as regressions
    ("Liberal Democrat leader Fiona MacAskill spoke in Harrogate.", "Fiona MacAskill", "leaderOf", "Liberal Democrats"),
    ("The Lib Dems' spokesman, Mark Oaten, said the tax was unfair.", "Mark Oaten", "worksFor", "Liberal Democrats"),
    ("A former Conservative chancellor, Ken Doyle, spoke at the dinner.", "Ken Doyle", "memberOf", "Conservative Party"),
    ("Labour mayor Ken Pike opened the bridge.", "Ken Pike", "memberOf", "Labour"),
    ("Mr Tilbury quit the Green Party on Monday.", "Mr Tilbury", "resignedFrom", "Green Party"),
    ("Acme Foods, based in Leeds, will close the plant.", "Acme Foods", "locatedIn", "Leeds"),
    ("The Riverton Water Authority suspended the contract. Its chairman, Samuel Ortiz, said it would appeal.",
     "Samuel Ortiz", "leaderOf", "Riverton Water Authority"),
]

# (sentence, subject, predicate, object or None: to nothing at all)
STATES_NOT = [
    # --- memberOf / worksFor / leaderOf / holdsPosition
    ("Helen Marsh criticised Labour on Monday.", "Helen Marsh", "memberOf", None),
    ("Peter Quinn did not join the Liberal Democrats.", "Peter Quinn", "memberOf", None),
    ("Peter Quinn refused to join the Liberal Democrats.", "Peter Quinn", "memberOf", None),
    ("Peter Quinn could join the Liberal Democrats next year.", "Peter Quinn", "memberOf", None),
    ("Peter Quinn, a critic of the BBC, said the coverage was unfair.", "Peter Quinn", "worksFor", None),
    ("Karen Doyle told the BBC that the plan was unfair.", "Karen Doyle", "worksFor", None),
    ("Peter Quinn ran against Labour leader Nina Cole.", "Peter Quinn", "leaderOf", None),
    ("Colin Reed hopes to become leader of the Green Party.", "Colin Reed", "leaderOf", None),
    ("Colin Reed denied he would become chairman of the Riverton Teachers Union.", "Colin Reed", "leaderOf", None),
    ("Colin Reed refused to become chairman of the Riverton Teachers Union.", "Colin Reed", "leaderOf", None),
    ("Prime Minister Ruth Keating appointed Colin Reed as health secretary.",
     "Ruth Keating", "holdsPosition", "health secretary"),
    ("The Riverton Housing Trust appointed Ruth Keating as chief executive, replacing Brian Lowe.",
     "Brian Lowe", "holdsPosition", "chief executive"),

    # --- attended
    ("Gordon Pike did not attend the meeting.", "Gordon Pike", "attended", None),
    ("Gordon Pike will not attend the memorial service.", "Gordon Pike", "attended", None),
    ("Gordon Pike refused to attend the meeting.", "Gordon Pike", "attended", None),
    ("Gordon Pike could attend the summit next month.", "Gordon Pike", "attended", None),
    ("If Gordon Pike attends the meeting, the union will walk out.", "Gordon Pike", "attended", None),

    # --- metWith
    ("Ruth Keating did not meet Gordon Pike.", "Ruth Keating", "metWith", None),
    ("Ruth Keating refused to meet Gordon Pike.", "Ruth Keating", "metWith", None),
    ("Ruth Keating has never met Gordon Pike.", "Ruth Keating", "metWith", None),

    # --- resignedFrom
    ("Gordon Pike will not resign.", "Gordon Pike", "resignedFrom", None),
    ("Gordon Pike said he would not step down.", "Gordon Pike", "resignedFrom", None),
    ("If Gordon Pike resigns, the council will hold a by-election.", "Gordon Pike", "resignedFrom", None),
    ("Gordon Pike denied he would stand down.", "Gordon Pike", "resignedFrom", None),
    ("Gordon Pike could resign next week.", "Gordon Pike", "resignedFrom", None),
    ("Gordon Pike might step down as chairman.", "Gordon Pike", "resignedFrom", None),
    ("Gordon Pike threatened to resign.", "Gordon Pike", "resignedFrom", None),
    ("Gordon Pike refused to resign.", "Gordon Pike", "resignedFrom", None),
    ("Colin Reed did not quit the Labour Party.", "Colin Reed", "resignedFrom", None),
    ("Gordon Pike left the room after the vote.", "Gordon Pike", "resignedFrom", None),
    ("Gordon Pike left the meeting early.", "Gordon Pike", "resignedFrom", None),
    ("Ruth Keating called for Gordon Pike to resign.", "Gordon Pike", "resignedFrom", None),
    ("Ruth Keating called for Gordon Pike to resign.", "Ruth Keating", "resignedFrom", None),

    # --- refusedToResign
    ("Gordon Pike resigned on Monday.", "Gordon Pike", "refusedToResign", None),
    ("Ruth Keating called for Gordon Pike to resign.", "Gordon Pike", "refusedToResign", None),
    ("If Gordon Pike resigns, the council will hold a by-election.", "Gordon Pike", "refusedToResign", None),

    # --- calledForResignationOf
    ("The meeting was called to order by Gordon Pike.", "Gordon Pike", "calledForResignationOf", None),
    ("Ruth Keating called Gordon Pike on Monday.", "Ruth Keating", "calledForResignationOf", None),
    ("Ruth Keating did not call for Gordon Pike to resign.", "Ruth Keating", "calledForResignationOf", None),
    ("Ruth Keating refused to call for Gordon Pike to resign.", "Ruth Keating", "calledForResignationOf", None),
    ("Ruth Keating stopped short of calling for Gordon Pike to resign.",
     "Ruth Keating", "calledForResignationOf", None),
    ("Ruth Keating urged Gordon Pike to apologise.", "Ruth Keating", "calledForResignationOf", None),

    # --- calledForApologyFrom
    ("Ruth Keating did not urge Gordon Pike to apologise.", "Ruth Keating", "calledForApologyFrom", None),
    ("Ruth Keating urged Gordon Pike to resign.", "Ruth Keating", "calledForApologyFrom", None),
    ("Gordon Pike apologised to Ruth Keating.", "Ruth Keating", "calledForApologyFrom", None),

    # --- replaced
    ("Colin Reed could replace Alan Frost as chairman.", "Colin Reed", "replaced", None),
    ("Colin Reed did not replace Alan Frost as chairman.", "Colin Reed", "replaced", None),
    ("Colin Reed hopes to replace Alan Frost as chairman.", "Colin Reed", "replaced", None),
    ("Alan Frost was replaced by Colin Reed in June.", "Alan Frost", "replaced", None),

    # --- appointed
    ("Colin Reed and Fiona Blake named their dog Rex.", "Colin Reed", "appointed", None),
    ("Fiona Blake named her dog Rex.", "Fiona Blake", "appointed", None),
    ("Colin Reed was not named in the report.", "Colin Reed", "appointed", None),
    ("Ruth Keating denied she had appointed Colin Reed.", "Ruth Keating", "appointed", None),
    ("Ruth Keating could appoint Colin Reed as chairman.", "Ruth Keating", "appointed", None),

    # --- electedTo
    ("Susan Hart was not elected to the Riverton City Council.", "Susan Hart", "electedTo", None),
    ("Susan Hart failed to win the seat of Harwich East.", "Susan Hart", "electedTo", None),
    ("Susan Hart hopes to win the seat of Harwich East.", "Susan Hart", "electedTo", None),
    ("If Susan Hart is elected to the Riverton City Council, she will cut taxes.", "Susan Hart", "electedTo", None),

    # --- criticized
    ("Susan Hart did not criticise Colin Reed.", "Susan Hart", "criticized", None),
    ("Susan Hart refused to condemn Colin Reed.", "Susan Hart", "criticized", None),
    ("Susan Hart backed Colin Reed in the leadership contest.", "Susan Hart", "criticized", None),

    # --- accused
    ("Susan Hart did not accuse Colin Reed of lying.", "Susan Hart", "accused", None),
    ("Susan Hart denied accusing Colin Reed of lying.", "Susan Hart", "accused", None),
    ("Susan Hart was accused by Colin Reed of lying.", "Susan Hart", "accused", None),

    # --- supported
    ("Susan Hart did not back Colin Reed.", "Susan Hart", "supported", None),
    ("Susan Hart refused to back Colin Reed.", "Susan Hart", "supported", None),
    ("Susan Hart could back Colin Reed in the contest.", "Susan Hart", "supported", None),
    ("Susan Hart voted against Colin Reed.", "Susan Hart", "supported", None),

    # --- apologizedTo
    ("Colin Reed refused to apologise to Susan Hart.", "Colin Reed", "apologizedTo", None),
    ("Colin Reed did not apologise.", "Colin Reed", "apologizedTo", None),
    ("Colin Reed has never apologised to Susan Hart.", "Colin Reed", "apologizedTo", None),
    ("Colin Reed said he was not sorry.", "Colin Reed", "apologizedTo", None),
    ("Susan Hart demanded an apology from Colin Reed.", "Colin Reed", "apologizedTo", None),
    ("Ruth Keating urged Gordon Pike to apologise.", "Gordon Pike", "apologizedTo", None),

    # --- interviewedBy
    ("Colin Reed declined to speak to the BBC.", "Colin Reed", "interviewedBy", None),
    ("Colin Reed did not tell the BBC about the loan.", "Colin Reed", "interviewedBy", None),
    ("Colin Reed refused to tell the BBC who had paid.", "Colin Reed", "interviewedBy", None),
    ("Colin Reed sued the BBC for libel.", "Colin Reed", "interviewedBy", None),

    # --- locatedIn
    ("Colin Reed travelled from Leeds to Sheffield on Monday.", "Leeds", "locatedIn", None),
    ("Colin Reed flew from Glasgow to London.", "Glasgow", "locatedIn", None),

    # --- residentOf
    ("Colin Reed visited Sheffield on Monday.", "Colin Reed", "residentOf", None),
    ("Colin Reed flew to Sheffield on Monday.", "Colin Reed", "residentOf", None),
    ("Colin Reed, of the BBC, asked the first question.", "Colin Reed", "residentOf", None),
    # --- precision on unseen text (review)
    ("Jane Roe, chairwoman of the Acme Trust, met John Doe on Monday.", "Acme Trust", "metWith", None),
    ("Mr Brown told the House of Commons that he would act.", "Mr Brown", "interviewedBy", None),
    ("Mr Smith is to stand for re-election in May.", "Mr Smith", "resignedFrom", None),
    ("\"Colin Reed should stand firm,\" said Alan Frost.", "Alan Frost", "calledForResignationOf", None),
    ("Alan Frost told Colin Reed he would not stand aside.", "Alan Frost", "calledForResignationOf", None),
    ("Labour mayor Ken Pike opened the bridge.", "Ken Pike", "leaderOf", None),
    ("Health Secretary Alan Whitmore visited the hospital.", "Alan Whitmore", "memberOf", None),
]


@pytest.mark.parametrize("sentence, subject, predicate, obj", STATES, ids=[case_id(c) for c in STATES])
def test_sentence_states_the_fact(build, sentence, subject, predicate, obj):
    assert_fact(build(sentence), subject, predicate, obj)


@pytest.mark.parametrize("sentence, subject, predicate, obj", STATES_NOT, ids=[case_id(c) for c in STATES_NOT])
def test_sentence_does_not_state_the_fact(build, sentence, subject, predicate, obj):
    assert_not_stated(build(sentence), subject, predicate, obj)


def test_every_core_predicate_has_two_phrasings_and_a_counterexample():
    for predicate in CORE_PREDICATES:
        phrasings = {c[0] for c in STATES if c[2] == predicate}
        assert len(phrasings) >= 2, f"{predicate}: fewer than two phrasings"
        assert any(c[2] == predicate for c in STATES_NOT), f"{predicate}: no sentence that must not state it"
