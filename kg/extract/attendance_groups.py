"""Attendance said of one person through the crowd they were part of: "2,000 mourners, among them
Governor X, packed the cathedral for the funeral"; "Among the crowd at the final was Minister X".
Pure: reads the Doc and the resolver, returns facts (and the event phrases they name)."""
from __future__ import annotations

from spacy.attrs import LOWER
from spacy.tokens import Doc, Token

from kg.extract.coref import Resolver
from kg.extract.docmemo import children, indices_with
from kg.extract.facts import event_phrase
from kg.extract.factuality import is_negated, is_nonfactual
from kg.extract.lexicon import Lexicon
from kg.extract.tokens import string_ids
from kg.model import Fact, ObjectRef

RULE = "phrase:among-the-crowd"

AMONG = string_ids(("among",))

#: those present at an event, as a crowd: one "among" them was there
ATTENDEE_NOUNS = frozenset({"mourner", "delegate", "guest", "spectator", "attendee", "worshipper", "worshiper", "crowd",
                            "audience", "dignitary", "onlooker", "congregation", "participant", "pilgrim"})


def crowd_attendance_facts(doc: Doc, *, resolver: Resolver, lexicon: Lexicon, sent_of: list[int],
                           events: dict[str, tuple]) -> list[Fact]:
    """Who was among a crowd at an event attended it (the event's phrase added to ``events``)."""
    out = []
    for i in indices_with(doc, LOWER, AMONG):
        among = doc[i]
        found = _crowd_and_members(among)
        if found is None:
            continue
        crowd, members = found
        if is_negated(among.head) or is_nonfactual(among.head, lexicon=lexicon):
            continue   # "was not among the mourners", "may be among the guests"
        event = _event_of(crowd, among, lexicon)
        if event is None:
            continue
        phrase = event_phrase(event)
        for m in members:
            for r in resolver.referents(m):
                if resolver.table.entities[r.key].kind == "person":
                    events[phrase[0]] = phrase
                    out.append(Fact(r.key, "attended", ObjectRef.event(phrase[0]), sent_of[i], (), RULE, 0.7, i))
    return out


def _crowd_and_members(among: Token) -> tuple[Token, list[Token]] | None:
    """("mourners", [Dutton]) in "mourners, among them Dutton, packed ..."; ("crowd", [Lowe]) in
    "Among the crowd ... was Lowe"."""
    verb = among.head
    objects = [g for g in children(among) if g.dep_ == "pobj"]
    if verb.pos_ == "PROPN" and verb.head.pos_ in ("VERB", "AUX") and any(
            c.dep_ == "nsubj" and c.lemma_.lower() in ATTENDEE_NOUNS and c.i < among.i for c in children(verb.head)):
        crowd = next(c for c in children(verb.head) if c.dep_ == "nsubj" and c.lemma_.lower() in ATTENDEE_NOUNS)
        return crowd, [verb]   # "mourners, among them X, filled ...", the name parsed a second subject
    if verb.pos_ in ("VERB", "AUX"):
        subject = next((c for c in children(verb) if c.dep_ in ("nsubj", "nsubjpass")), None)
        crowd = next((o for o in objects if o.lemma_.lower() in ATTENDEE_NOUNS), None)
        if crowd is not None and subject is not None and subject.pos_ == "PROPN":
            return crowd, [subject]   # "Among the crowd at the final was X"
        if subject is not None and subject.lemma_.lower() in ATTENDEE_NOUNS and subject.i < among.i:
            return subject, [o for o in objects if o.pos_ == "PROPN"]   # "mourners, among them X, packed ..."
    return None


def _event_of(crowd: Token, among: Token, lexicon: Lexicon) -> Token | None:
    """The event the crowd was at: under the crowd's own "at" or "for", else under the verb."""
    for head in (crowd, crowd.head if crowd.dep_ == "nsubj" else among.head):
        for t in head.subtree:
            if (t.lemma_.lower() in lexicon.event_nouns or t.lower_ in lexicon.event_nouns) and t.pos_ in ("NOUN", "ADJ") \
                    and t.i != crowd.i and t.dep_ in ("pobj", "dobj"):
                return t
    return None
