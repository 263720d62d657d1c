"""electedTo in the ways news says someone won an election, beyond "was elected (to|as) Y": a
race won for a post or a body, an electorate choosing or returning someone as its member or
officer, members voting someone their president, a post won unopposed; and the near-misses that
say no election was won (lost, failed, hoped, conditional, a nomination, a cup, a case).

As in test_predicates.py: one sentence per case through the real pipeline, names matched as
score.py matches them, a Position object matched by the words of its label. All names and
sentences are invented for these tests.
"""
from __future__ import annotations

import pytest

from kgtest import assert_fact, assert_not_stated, build, case_id  # noqa: F401  (fixtures)

# (sentence, subject, predicate, object or None)
STATES = [
    # a race, an election, a ballot won for a post, an office or a body
    ("Wendy Ashe won the race for mayor of Dunmore in a runoff.", "Wendy Ashe", "electedTo", "mayor"),
    ("Victor Osei won the election for governor by 12,000 votes.", "Victor Osei", "electedTo", "governor"),
    ("Nils Brandt won the ballot for general secretary of the Baltic Seafarers Union.",
     "Nils Brandt", "electedTo", "general secretary"),
    ("Carmen Vidal won the race for the presidency of the Valencia Rowing Federation.",
     "Carmen Vidal", "electedTo", "presidency"),
    ("Omar Farouk won the vote to become chairman of the Alexandria Pharmacists Syndicate.",
     "Omar Farouk", "electedTo", "chairman"),
    ("Julia Brandt won the governor's race in Nevada.", "Julia Brandt", "electedTo", "governor"),
    ("Dylan Price won the election for the Cardiff Harbour Authority.",
     "Dylan Price", "electedTo", "Cardiff Harbour Authority"),
    ("Mira Holt won the race for the Eastfield School Committee.",
     "Mira Holt", "electedTo", "Eastfield School Committee"),
    ("Ola Nordmann won the mayoral election in Bergen.", "Ola Nordmann", "electedTo", "mayor"),
    ("Rosa Pinto won the presidential election in a runoff.", "Rosa Pinto", "electedTo", "president"),
    ("Hugo Lind defeated the sitting mayor in the race for mayor of Malmo.", "Hugo Lind", "electedTo", "mayor"),
    ("Hugo Lind won 61 percent of the vote to become mayor of Malmo.", "Hugo Lind", "electedTo", "mayor"),
    # an electorate chooses or returns someone as its member or officer
    ("Voters in Kelso returned Ian Murray as their MP.", "Ian Murray", "electedTo", "MP"),
    ("Delegates chose Abena Owusu as president of the Ghana Nurses Association.",
     "Abena Owusu", "electedTo", "president"),
    ("Paul Wren was chosen by delegates as moderator of the Free Church of Dunmore.",
     "Paul Wren", "electedTo", "moderator"),
    ("Members of the Tynemouth Sailing Club voted Greta Lund their next chairwoman.",
     "Greta Lund", "electedTo", "chairwoman"),
    ("Members of the Tynemouth Sailing Club voted Greta Lund their next chairwoman.",
     "Greta Lund", "holdsPosition", "chairwoman"),
    # elected unopposed; a seat secured
    ("Rhys Morgan was elected unopposed as treasurer of the Swansea Chess Club.",
     "Rhys Morgan", "electedTo", "treasurer"),
    ("Rhys Morgan was re-elected unopposed as treasurer of the Swansea Chess Club.",
     "Rhys Morgan", "holdsPosition", "treasurer"),
    ("Owen Hughes was returned unopposed as councillor for Grangetown.", "Owen Hughes", "electedTo", "councillor"),
    ("Leah Stone secured a seat on the Fairview Board of Education.",
     "Leah Stone", "memberOf", "Fairview Board of Education"),
]

STATES_NOT = [
    ("Wendy Ashe lost the race for mayor of Dunmore.", "Wendy Ashe", "electedTo", None),
    ("Victor Osei did not win the election for governor.", "Victor Osei", "electedTo", None),
    ("Wendy Ashe came second in the race for mayor of Dunmore.", "Wendy Ashe", "electedTo", None),
    ("If Mira Holt wins the race for the Eastfield School Committee, she will cut class sizes.",
     "Mira Holt", "electedTo", None),
    ("Mira Holt hopes to win the race for the Eastfield School Committee.", "Mira Holt", "electedTo", None),
    ("Victor Osei won the Democratic nomination for governor.", "Victor Osei", "electedTo", None),
    ("Rosa Pinto won the presidential primary in Ohio.", "Rosa Pinto", "electedTo", None),
    ("Hugo Lind was defeated in the race for mayor of Malmo.", "Hugo Lind", "electedTo", None),
    ("Hugo Lind failed to win enough votes to become mayor of Malmo.", "Hugo Lind", "electedTo", None),
    ("Hugo Lind beat forty applicants to become head of the Malmo Art School.", "Hugo Lind", "electedTo", None),
    ("Members of the Tynemouth Sailing Club may vote Greta Lund their next chairwoman.", "Greta Lund", "electedTo", None),
    ("Dylan Price won the seat for the Liberal Democrats.", "Dylan Price", "electedTo", "Liberal Democrats"),
    ("Dylan Price won the election for the Green Party.", "Dylan Price", "electedTo", "Green Party"),
    ("Carmen Vidal won the cup with the Valencia Rowing Club.", "Carmen Vidal", "electedTo", None),
    ("Ian Murray won the case against the Kelso Town Council.", "Ian Murray", "electedTo", None),
    ("Members of the Tynemouth Sailing Club voted Greta Lund out as chairwoman.", "Greta Lund", "electedTo", None),
    ("Paul Wren was chosen by the board as chief executive of the Dunmore Housing Trust.",
     "Paul Wren", "electedTo", None),
    ("Rhys Morgan was elected to the Swansea City Council as a Labour candidate.",
     "Rhys Morgan", "electedTo", "candidate"),
    ("Leah Stone is standing for the Fairview Board of Education.", "Leah Stone", "electedTo", None),
    ("Owen Hughes could be returned unopposed as councillor for Grangetown.", "Owen Hughes", "electedTo", None),
]


@pytest.mark.parametrize("sentence, subject, predicate, obj", STATES, ids=[case_id(c) for c in STATES])
def test_sentence_states_the_fact(build, sentence, subject, predicate, obj):
    assert_fact(build(sentence), subject, predicate, obj)


@pytest.mark.parametrize("sentence, subject, predicate, obj", STATES_NOT, ids=[case_id(c) for c in STATES_NOT])
def test_sentence_does_not_state_the_fact(build, sentence, subject, predicate, obj):
    assert_not_stated(build(sentence), subject, predicate, obj)
