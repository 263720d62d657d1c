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


def test_a_post_hoped_for_is_not_held(nlp):
    facts = _facts(nlp, "Helle Jensen hopes to take up a post as ambassador to Kenya.")
    assert not {f for f in facts if f[1] == "holdsPosition"}, facts


def test_rabbi_or_imam_before_a_name_is_a_form_of_address_not_a_post(nlp):
    facts = _facts(nlp, "Imam Yusuf Ahmed led Friday prayers in Leicester.")
    assert not {f for f in facts if f[1] == "holdsPosition"}, facts
