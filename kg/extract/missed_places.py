"""Places the NER passed over or mistyped, found from what the text around them says: a place
noun that describes it ("Montmartre, a district of Paris", "Leeds-based"), a resident noun
after it ("Fernhill resident X"), a town GeoNames knows standing where only a place does
("Officials in Lafayette", "MP for Rochdale").

Each finder takes the token indices already ``taken`` by a mention, adds its own, and returns
:class:`~kg.model.Mention` records. Pure: reads the Doc, changes nothing.
"""
from __future__ import annotations

from functools import lru_cache

import numpy

from spacy.attrs import LOWER, ORTH, POS
from spacy.symbols import PROPN
from spacy.tokens import Doc, Token

from kg.extract.docmemo import column
from kg.extract.gazetteer import is_city, is_known_place, is_major_place
from kg.extract.lexicon import Lexicon
from kg.extract.name_words import name_word, name_word_any, org_word
from kg.extract.tokens import sentence_index, string_ids, tokens_with
from kg.model import Mention
from kg.personnames import fold, is_given_name


def _place_described(noun: Token, lexicon: Lexicon) -> Token | None:
    """The proper noun a place noun says is a place: "Montmartre, a district of Paris", "the
    Gion district of Kyoto" (not "the Labour district": the noun must say of or in what)."""
    if noun.pos_ != "NOUN" or noun.lower_ not in lexicon.place_nouns:
        return None
    if noun.dep_ == "appos":
        last = noun.head
    else:
        last = next((c for c in noun.children if c.dep_ == "compound" and c.i == noun.i - 1), None)
        if last is None or not any(c.dep_ == "prep" and c.lower_ in ("of", "in") for c in noun.children):
            return None
    return last if last.pos_ == "PROPN" and last.is_title else None


def described_as_place(tok: Token, lexicon: Lexicon) -> bool:
    said = [_place_described(tok.head, lexicon)] + [_place_described(c, lexicon) for c in tok.children
                                                      if c.dep_ == "appos"]
    return any(t is not None and t.i == tok.i for t in said)


def described_place_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                             sent_of: list[int] | None = None) -> list[Mention]:
    """A place the NER passed over that the text says is one: "Montmartre, a district of
    Paris", "the Gion district of Kyoto", "in the Ikeja suburb"."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for based in tokens_with(doc, LOWER, string_ids(("based", "headquartered"))):
        # "Leeds-based firm": the word before the hyphen names a place, with the capitalised words
        # of its name before it ("the Buenos Aires-based bank"); a capitalised noun inside a sentence
        # too ("a Riverside-based firm"; not "Faith-based groups", a sentence's first word)
        i = based.i - 2
        if i >= 0 and doc[i + 1].text == "-" and i not in taken and doc[i].is_title and (
                doc[i].pos_ == "PROPN" or doc[i].pos_ in ("NOUN", "ADJ") and not doc[i].is_sent_start):
            start = i
            while start > 0 and i - start < 2 and start - 1 not in taken and doc[start - 1].is_title \
                    and doc[start - 1].pos_ == "PROPN" and doc[start - 1].dep_ in ("nmod", "compound", "npadvmod"):
                start -= 1
            out.append(Mention(start, i + 1, doc[start:i + 1].text, doc[start:i + 1].text, "GPE", sent_of[i]))
            taken.update(range(start, i + 1))
    for dash in tokens_with(doc, ORTH, string_ids(("-",))):
        # "X, D-Ohio,", "Y, R-Kan.,": a legislator's party and state
        i = dash.i + 1
        if 0 < dash.i and i < len(doc) and doc[dash.i - 1].lower_ in lexicon.party_tags and doc[dash.i - 1].is_upper \
                and i not in taken and doc[i].pos_ == "PROPN" and doc[i].is_title and doc[i].dep_ == "appos":
            out.append(Mention(i, i + 1, doc[i].text, doc[i].text, "GPE", sent_of[i]))
            taken.add(i)
    for noun in tokens_with(doc, LOWER, string_ids(lexicon.resident_nouns)):
        # "Cardiff man X", "a Leeds pensioner": the capitalised word before names where they live
        i = noun.i - 1
        if i >= 0 and i not in taken and doc[i].dep_ == "compound" and doc[i].head.i == noun.i and doc[i].is_title \
                and noun.is_lower and doc[i].pos_ in ("PROPN", "NOUN") and name_word_any(doc[i], lexicon) \
                and (i == 0 or not doc[i - 1].is_title or doc[i - 1].is_sent_start):
            out.append(Mention(i, i + 1, doc[i].text, doc[i].text, "GPE", sent_of[i]))
            taken.add(i)
    for noun in tokens_with(doc, LOWER, string_ids(lexicon.place_nouns)):
        last = _place_described(noun, lexicon)
        if last is None:
            continue
        start = last.i
        while start > 0 and last.i - start < 2 and doc[start - 1].pos_ == "PROPN" and doc[start - 1].is_title \
                and doc[start - 1].dep_ == "compound":
            start -= 1
        if any(i in taken for i in range(start, last.i + 1)):
            continue
        if any(name_word(t, lexicon) is False and t.pos_ != "PROPN" for t in doc[start:last.i + 1]):
            continue
        name = doc[start:last.i + 1].text
        out.append(Mention(start, last.i + 1, name, name, "GPE", sent_of[start]))
        taken.update(range(start, last.i + 1))
    return out


def resident_place_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                            sent_of: list[int] | None = None) -> list[Mention]:
    """The place a resident noun says someone lives in, that the NER passed over ("Fernhill
    resident X", "a Dunmore pensioner"): the capitalised proper nouns just before the noun."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for t in tokens_with(doc, LOWER, _resident_ids(lexicon)):
        if not t.is_lower or t.i == 0 or t.i - 1 in taken:
            continue
        start = t.i
        while start > 0 and start - 1 not in taken and t.i - start < 3 and org_word(doc[start - 1], lexicon):
            start -= 1
        if start == t.i or is_given_name(doc[start].text) and t.i - start == 1 and not is_known_place(doc[start].text):
            continue
        out.append(Mention(start, t.i, doc[start:t.i].text, doc[start:t.i].text, "GPE", sent_of[start]))
        taken.update(range(start, t.i))
    return out


@lru_cache(maxsize=4)
def _resident_ids(lexicon: Lexicon) -> frozenset[int]:
    return string_ids(lexicon.resident_nouns)


#: prepositions whose object is where something happens or is ("in Sandusky", "near Tulsa")
_WHERE_PREPS = frozenset({"in", "near", "outside", "around", "across", "throughout"})
#: nouns "in" takes a person or a body after, not a place ("confidence in Warren", "a stake in X")
_NOT_WHERE_HEADS = frozenset({"confidence", "faith", "trust", "belief", "interest", "stake", "share", "investment",
                              "invest", "role", "part", "participation", "lie", "result", "involve", "believe",
                              "support", "vote", "name", "title"})
#: verbs of going and coming: "moved to Marion", "flew from Austin"
_MOTION_VERBS = frozenset({"move", "travel", "return", "fly", "go", "come", "drive", "head", "relocate", "emigrate",
                           "flee", "walk", "sail", "commute", "evacuate", "arrive", "hail"})
#: nouns "of" makes a town's ("residents of Wigan", "the streets of Hull")
_TOWN_OF_NOUNS = frozenset({"resident", "residents", "people", "city", "town", "streets", "centre", "center",
                            "outskirts", "suburbs", "citizens", "council", "borough", "port"})
#: nouns a town's name comes before ("Austin police", "Rochdale council")
_TOWN_NOUNS = frozenset({"police", "council", "residents", "airport", "suburb", "suburbs", "city", "town",
                         "station", "magistrates", "constabulary", "borough"})


#: descriptors of a side named after its town: "the Leeds side" is the club
SIDE_NOUNS = frozenset({"side", "team", "club", "franchise", "league", "squad", "outfit"})


def in_place_position(last: Token, lexicon: Lexicon) -> bool:
    """The name ending in ``last`` stands where only a place does: after "in", "near" or
    "outside" ("Police in Jackson"), after "from" or "to" with a verb of going or a person
    ("moved from Marion to Warren", "a man from Bury", "Ann Hale, from Sandusky,"), after "of" with a town's noun ("residents
    of Wigan"), after "MP for", or before a town's noun ("Austin police")."""
    for _ in range(4):   # "in Luton and Watford": where the first of the list is
        if last.dep_ != "conj" or last.head.pos_ != "PROPN":
            break
        last = last.head
    head = last.head
    if last.dep_ in ("compound", "amod") and head.i > last.i and head.lemma_.lower() in lexicon.org_descriptors \
            and head.lemma_.lower() not in SIDE_NOUNS and last.i > 0 and last.doc[last.i - 1].lower_ in ("a", "an", "the"):
        return True   # "an Indore software firm": where the firm is (not "the Leeds side", a club)
    if last.dep_ == "compound":
        return head.i == last.i + 1 and head.lower_ in _TOWN_NOUNS
    if last.dep_ != "pobj":
        return False
    prep, gov = head.lower_, head.head
    if prep in ("from", "of") and gov.ent_type_ == "PERSON" and gov.pos_ == "PROPN":
        return True   # "Ann Hale, from Sandusky,": where a person is from
    if prep in _WHERE_PREPS:
        return gov.lemma_.lower() not in _NOT_WHERE_HEADS
    if prep in ("from", "to"):
        return gov.lemma_.lower() in _MOTION_VERBS or prep == "from" and gov.pos_ == "NOUN" and (
            gov.lemma_.lower() in lexicon.resident_nouns or gov.lemma_.lower() in lexicon.people_nouns)
    if prep == "of":
        return gov.lower_ in _TOWN_OF_NOUNS
    return prep == "for" and gov.lower_ in lexicon.title_org_cues


#: the NER's types that a town may wear by mistake ("a Leeds firm" typed a product); not a date ("in March")
MISTYPED = frozenset({"PRODUCT", "WORK_OF_ART"})


def city_mentions(doc: Doc, mentions: list[Mention], *, taken: set[int], lexicon: Lexicon,
                  sent_of: list[int] | None = None) -> list[Mention]:
    """A town the NER passed over, where the text puts it in a place's position ("Officials in
    Lafayette", "MP for Rochdale"): a run of capitalised proper nouns that GeoNames knows as a
    town of more than 15,000 people, no surname of a person named, nor a given name used as one
    (a proper noun follows)."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    surnames = {m.name.split()[-1] for m in mentions if m.label == "PERSON"}
    out = []
    pos = column(doc, POS)
    proper = pos == PROPN
    starts = (proper & ~numpy.concatenate(([False], proper[:-1]))).nonzero()[0].tolist()   # a run's first
    for i in starts:
        j = i + 1
        while j < len(doc) and j - i < 3 and proper[j]:
            j += 1
        if j < len(doc) and proper[j] or any(k in taken for k in range(i, j)):
            continue   # a longer name, or one found already
        name = doc[i:j].text
        last = doc[j - 1]
        if name in surnames or doc[i].ent_type_ and doc[i].ent_type_ not in MISTYPED or not all(t.is_title for t in doc[i:j]) or not is_city(name) \
                or not (in_place_position(last, lexicon) or _listed_with_places(last)):
            continue
        out.append(Mention(i, j, name, name, "GPE", sent_of[i]))
        taken.update(range(i, j))
    return out


def _listed_with_places(last: Token) -> bool:
    """"Leeds, York and Hull" with "York" untagged: listed with names the NER typed places."""
    near = [c for c in last.children if c.dep_ == "conj"] + ([last.head] if last.dep_ == "conj" else [])
    return any(t.ent_type_ in ("GPE", "LOC") and t.pos_ == "PROPN" for t in near)


def region_after_town_mentions(doc: Doc, mentions: list[Mention], *, taken: set[int], lexicon: Lexicon,
                               sent_of: list[int]) -> list[Mention]:
    """The state or country after a town's comma that the NER passed over ("of Swansea, Wales,",
    "in Taos, New Mexico"): one or two capitalised proper nouns naming a country or a large
    federation's state or province, then a comma, a full stop or the end."""
    out = []
    for m in mentions:
        i = m.end + 1
        if m.label not in ("GPE", "LOC") or i >= len(doc) or doc[m.end].text != "," or i in taken:
            continue
        for n in (2, 1):
            j = i + n
            words = doc[i:j]
            if j > len(doc) or any(k in taken for k in range(i, j)) or not all(
                    t.pos_ == "PROPN" and t.is_title for t in words):
                continue
            if j < len(doc) and not doc[j].is_punct:
                continue
            name = words.text
            if is_major_place(lexicon.place_of.get(fold(name), name)):
                out.append(Mention(i, j, name, name, "GPE", sent_of[i]))
                taken.update(range(i, j))
                break
    return out
