"""Names the NER passed over or mistyped, found from what the text around them says: a title
before a given name and surname, a party the lexicon knows, a given name and a surname, a
place a place noun describes ("Montmartre, a district of Paris"), a surname said again.

Each finder takes the token indices already ``taken`` by a mention, adds its own, and returns
:class:`~kg.model.Mention` records. Pure: reads the Doc, changes nothing.
"""
from __future__ import annotations

from functools import lru_cache

import numpy

from spacy.attrs import LOWER, ORTH, POS
from spacy.symbols import PROPN
from spacy.tokens import Doc, Span, Token

from kg.extract.docmemo import column, column_list
from kg.extract.gazetteer import is_city, is_known_place, is_major_place
from kg.extract.lexicon import Lexicon
from kg.extract.tokens import sentence_index, string_ids, tokens_with
from kg.model import Mention
from kg.personnames import first_name_gender, is_given_name


def _name_word(tok: Token, lexicon: Lexicon) -> bool:
    """A capitalised proper noun that could be part of a person's name: no title, honorific,
    organization or place word."""
    return tok.pos_ == "PROPN" and tok.tag_ != "NNPS" and _name_word_any(tok, lexicon)


def _name_word_any(tok: Token, lexicon: Lexicon) -> bool:
    """:func:`_name_word`, also for a capitalised word the tagger took for a common noun."""
    low = tok.lower_
    return tok.is_title and low not in lexicon.title_role and low.rstrip(".") not in lexicon.honorific_gender \
        and low not in lexicon.org_heads and low not in lexicon.place_nouns and low not in lexicon.event_nouns


def _starts_personal_name(tok: Token, lexicon: Lexicon) -> bool:
    """A given name ("Ana", "Deepak") that is no country's or region's name ("Georgia")."""
    return _name_word(tok, lexicon) and is_given_name(tok.text) and not is_major_place(tok.text)


def _may_start_personal_name(tok: Token, lexicon: Lexicon) -> bool:
    """A name the table gives mostly one gender ("Deepak", "Ravi"): a person's only where the
    sentence has the name act as one (:func:`_acts_as_person`)."""
    return _name_word(tok, lexicon) and bool(first_name_gender(tok.text)) and not is_major_place(tok.text)


def _acts_as_person(last: Token, lexicon: Lexicon) -> bool:
    """The name ending in ``last`` speaks ("X said", "said X"), undergoes what is done to people
    ("X was arrested"), is given an age ("X, 34,") or is described by a title or a people noun
    ("X, an engineer")."""
    if last.dep_ in ("nsubj", "dobj") and last.head.lemma_.lower() in lexicon.speech_verbs \
            or last.dep_ in ("nsubjpass", "dobj") and last.head.lemma_.lower() in lexicon.person_verbs:
        return True
    return any(c.dep_ == "appos" and (c.like_num or c.lemma_.lower() in lexicon.title_nouns
                                      or c.lemma_.lower() in lexicon.people_nouns) for c in last.children)


def as_personal_name(ent: Span, *, lexicon: Lexicon) -> Span:
    """A person's name the NER cut or mistyped: "Ana [Costa]" with only the surname tagged,
    "[Amara Nwosu]" typed a nationality or a place."""
    doc = ent.doc
    if len(ent) == 1 and ent.start > 0 and not doc[ent.start - 1].ent_type_ \
            and _starts_personal_name(doc[ent.start - 1], lexicon) and _name_word(ent[0], lexicon) \
            and (ent.start < 2 or doc[ent.start - 2].pos_ != "PROPN" or doc[ent.start - 2].lower_ in lexicon.title_role
                 or doc[ent.start - 2].lower_.rstrip(".") in lexicon.honorific_gender):   # "Governor Ana [Lima]"
        return Span(doc, ent.start - 1, ent.end, label="PERSON")
    if len(ent) == 2 and ent.label_ in ("NORP", "LOC", "GPE") and _starts_personal_name(ent[0], lexicon) \
            and _name_word(ent[1], lexicon) and not is_known_place(ent.text):
        return Span(doc, ent.start, ent.end, label="PERSON")
    if 3 <= len(ent) <= 4 and ent.label_ in ("ORG", "NORP", "GPE") and ent[0].is_sent_start and ent[0].is_title \
            and ent[0].lower_ in lexicon.occupations and _starts_personal_name(ent[1], lexicon) \
            and all(_name_word(t, lexicon) for t in ent[2:]):
        return Span(doc, ent.start, ent.end, label="PERSON")   # "[Farmer Gwilym Pryce] won": a trade and a name
    return ent


def given_name_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                        sent_of: list[int] | None = None) -> list[Mention]:
    """A given name and a surname that the NER passed over ("Deepak Sharma" untagged): two or
    three capitalised proper nouns, the first a given name, none of them an organization's or
    a place's word, with no proper noun either side but an honorific ("Dr Ana Ruiz")."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    proper = [pos == PROPN for pos in column_list(doc, POS)]   # a given name is a proper noun (_name_word)
    i = 0
    while i < len(doc):
        if not proper[i] or i in taken:
            i += 1
            continue
        t = doc[i]
        if not _may_start_personal_name(t, lexicon) or i > 0 and doc[i - 1].pos_ == "PROPN" \
                and doc[i - 1].lower_ not in lexicon.occupations \
                and doc[i - 1].lower_.rstrip(".") not in lexicon.honorific_gender:   # "Novelist [X]", "Dr [Ana Ruiz]"
            i += 1
            continue
        j = i + 1
        while j < len(doc) and j - i < 3 and j not in taken and _name_word(doc[j], lexicon):
            j += 1
        if j - i >= 2 and (j == len(doc) or doc[j].pos_ != "PROPN" and j not in taken) \
                and (is_given_name(t.text) or _acts_as_person(doc[j - 1], lexicon)):
            out.append(Mention(i, j, doc[i:j].text, doc[i:j].text, "PERSON", sent_of[i]))
            taken.update(range(i, j))
        i = j
    return out


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
        # "Leeds-based firm": the word before the hyphen names a place
        i = based.i - 2
        if i >= 0 and doc[i + 1].text == "-" and i not in taken and doc[i].pos_ == "PROPN" and doc[i].is_title:
            out.append(Mention(i, i + 1, doc[i].text, doc[i].text, "GPE", sent_of[i]))
            taken.add(i)
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
                and noun.is_lower and doc[i].pos_ in ("PROPN", "NOUN") and _name_word_any(doc[i], lexicon) \
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
        if any(_name_word(t, lexicon) is False and t.pos_ != "PROPN" for t in doc[start:last.i + 1]):
            continue
        name = doc[start:last.i + 1].text
        out.append(Mention(start, last.i + 1, name, name, "GPE", sent_of[start]))
        taken.update(range(start, last.i + 1))
    return out


def conjunct_mentions(doc: Doc, ents, *, taken: set[int], lexicon: Lexicon,
                      sent_of: list[int] | None = None) -> list[Mention]:
    """A name listed with organizations that the NER passed over: "Orbis, Kestrel's and Valt"
    with "Valt" untagged is an organization as the others are (not places: the NER's places
    are often companies, "Nestle" typed GPE)."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for ent in ents:
        if ent.label_ != "ORG":
            continue
        root = ent.root
        near = [c for c in root.children if c.dep_ == "conj"]
        if root.dep_ == "conj":
            near.append(root.head)
        for t in near:
            if t.i in taken or t.ent_type_ or t.pos_ != "PROPN" or not t.is_title or not _name_word_any(t, lexicon):
                continue
            start = t.i
            while start > 0 and doc[start - 1].pos_ == "PROPN" and doc[start - 1].is_title \
                    and doc[start - 1].head.i == t.i and start - 1 not in taken and not doc[start - 1].ent_type_:
                start -= 1
            end = t.i + 1
            name = doc[start:end].text
            out.append(Mention(start, end, name, name, ent.label_, sent_of[start]))
            taken.update(range(start, end))
    return out


def titled_name_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                         sent_of: list[int] | None = None) -> list[Mention]:
    """A title or an honorific followed by a capitalised given name and surname that the NER
    passed over ("said Board Chair Ines Varga" with only "Board" tagged, "the chairman, Dame
    Helen Forsyth")."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for t in tokens_with(doc, LOWER, _title_ids(lexicon) | _honorific_ids(lexicon)):
        if not t.is_title and not t.is_upper:
            continue
        j = t.i + 1
        while j < len(doc) and doc[j].pos_ == "PROPN" and doc[j].is_title and j not in taken \
                and doc[j].lower_ not in lexicon.title_role and doc[j].lower_ not in lexicon.honorific_gender:
            j += 1
        if j - (t.i + 1) >= 2 and (j == len(doc) or doc[j].pos_ != "PROPN"):
            name = doc[t.i + 1 : j].text
            honorific = t.text if t.lower_.rstrip(".") in lexicon.honorific_gender else ""
            out.append(Mention(t.i + 1, j, name, doc[t.i : j].text, "PERSON", sent_of[t.i], honorific,
                               "" if honorific else t.text))
            taken.update(range(t.i + 1, j))
    return out


@lru_cache(maxsize=4)
def _honorific_ids(lexicon: Lexicon) -> frozenset[int]:
    return string_ids(w for w in lexicon.honorific_gender if w.rstrip(".") not in ("rev", "reverend", "rt"))


def title_org_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                       sent_of: list[int] | None = None) -> list[Mention]:
    """The organization a staff title before a name is of, that the NER passed over ("Newsnight
    presenter X", "Kelso Ledger columnist X"): the capitalised proper nouns just before the title
    word, none of them a title, honorific, party, given name or known place."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for t in tokens_with(doc, LOWER, _title_ids(lexicon)):
        if lexicon.title_role.get(t.lower_) != "staff" or not t.is_lower or t.dep_ != "compound" \
                or t.head.ent_type_ != "PERSON" or t.head.i <= t.i:
            continue
        start = t.i
        while start > 0 and start - 1 not in taken and _org_word(doc[start - 1], lexicon):
            start -= 1
        if start == t.i or is_known_place(doc[start:t.i].text) or is_given_name(doc[start].text) \
                and t.i - start == 1:
            continue
        out.append(Mention(start, t.i, doc[start:t.i].text, doc[start:t.i].text, "ORG", sent_of[start]))
        taken.update(range(start, t.i))
    return out


#: "No 10", "Number 10": the prime minister's office by its door
_DOOR_WORDS = frozenset({"no", "no.", "number"})


def conventional_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                          sent_of: list[int] | None = None) -> list[Mention]:
    """Names news writes by convention, that the NER passes over: a title one person holds at a
    time used alone ("the Queen"), the prime minister's office by its door ("No 10"), and a
    campaign known by its slogan ("the Leave Now campaign", "the Yes campaign")."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for t in doc:
        i = t.i
        if i in taken or i == 0:
            continue
        nxt = doc[i + 1] if i + 1 < len(doc) else None
        if t.lower_ in lexicon.unique_titles and t.is_title and doc[i - 1].lower_ == "the" \
                and not (nxt is not None and nxt.pos_ == "PROPN" and nxt.is_title):
            out.append(Mention(i, i + 1, t.text, doc[i - 1:i + 1].text, "PERSON", sent_of[i]))
            taken.add(i)
        elif t.lower_ in _DOOR_WORDS and t.is_title and nxt is not None and nxt.text in ("10", "11") \
                and i + 1 not in taken:
            out.append(Mention(i, i + 2, f"{t.text} {nxt.text}", f"{t.text} {nxt.text}", "ORG", sent_of[i]))
            taken.update((i, i + 1))
        elif t.lower_ == "campaign" and t.is_lower and doc[i - 1].i not in taken and _org_word(doc[i - 1], lexicon):
            start = i - 1
            while start > 0 and start - 1 not in taken and _org_word(doc[start - 1], lexicon) and i - start < 4:
                start -= 1
            if doc[start].lower_ in lexicon.unique_titles or is_known_place(doc[start:i].text):
                continue
            out.append(Mention(start, i + 1, doc[start:i + 1].text, doc[start:i + 1].text, "ORG", sent_of[i]))
            taken.update(range(start, i + 1))
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
        while start > 0 and start - 1 not in taken and t.i - start < 3 and _org_word(doc[start - 1], lexicon):
            start -= 1
        if start == t.i or is_given_name(doc[start].text) and t.i - start == 1 and not is_known_place(doc[start].text):
            continue
        out.append(Mention(start, t.i, doc[start:t.i].text, doc[start:t.i].text, "GPE", sent_of[start]))
        taken.update(range(start, t.i))
    return out


@lru_cache(maxsize=4)
def _resident_ids(lexicon: Lexicon) -> frozenset[int]:
    return string_ids(lexicon.resident_nouns)


def _org_word(tok: Token, lexicon: Lexicon) -> bool:
    low = tok.lower_.rstrip(".")
    return tok.pos_ == "PROPN" and (tok.is_title or tok.is_upper) and tok.is_alpha \
        and tok.ent_type_ in ("", "WORK_OF_ART", "PRODUCT", "LAW") \
        and low not in lexicon.title_role and low not in lexicon.title_modifiers \
        and low not in lexicon.honorific_gender and low not in lexicon.party_of


def party_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                   sent_of: list[int] | None = None) -> list[Mention]:
    """Party names the NER passed over ("Conservative leader X", "the Tories"), from the lexicon."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for t in tokens_with(doc, LOWER, party_prefix_ids(lexicon)):
        if t.i in taken or not t.text[:1].isupper() or t.pos_ not in ("PROPN", "ADJ", "NOUN"):
            continue
        for n in (3, 2, 1):
            span = doc[t.i : t.i + n]
            if len(span) == n and not any(i in taken for i in range(span.start, span.end)) \
                    and span.text.lower() in lexicon.party_of:
                out.append(Mention(span.start, span.end, span.text, span.text, "NORP", sent_of[t.i]))
                taken.update(range(span.start, span.end))
                break
    return out


@lru_cache(maxsize=4)
def _title_ids(lexicon: Lexicon) -> frozenset[int]:
    return string_ids(lexicon.title_role)


@lru_cache(maxsize=4)
def party_prefix_ids(lexicon: Lexicon) -> frozenset[int]:
    """Every start of a party name, as string ids: a party name's first word is one of them."""
    return string_ids(name[:n] for name in lexicon.party_of for n in range(1, len(name) + 1))


def surname_mentions(doc: Doc, mentions: list[Mention], *, lexicon: Lexicon,
                     sent_of: list[int] | None = None, ents: tuple[Span, ...] | None = None) -> list[Mention]:
    """Proper nouns the NER passed over that repeat the surname of a person it did find
    ("Maria Lopez ... Lopez said")."""
    surnames = set()
    for m in mentions:
        words = m.name.split()
        if m.label == "PERSON" and len(words) >= 2 and words[-1][:1].isupper():
            surnames.add(words[-1])
        elif m.label == "PERSON" and len(words) == 1 and words[0].istitle():
            surnames.add(words[0])  # a one-word name ("the Queen") said again
    taken = {i for m in mentions for i in range(m.start, m.end)}
    for ent in (ents if ents is not None else doc.ents):
        taken.update(range(ent.start, ent.end))
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for t in tokens_with(doc, ORTH, string_ids(surnames)):
        if t.i in taken or t.pos_ != "PROPN":
            continue
        prev = doc[t.i - 1] if t.i > 0 else None
        if prev is not None and prev.pos_ == "PROPN" and prev.i not in taken \
                and prev.lower_.rstrip(".") not in lexicon.honorific_gender:
            continue  # part of some other, longer name
        start = t.i - 1 if t.i > 0 and doc[t.i - 1].lower_ in lexicon.name_particles and t.i - 1 not in taken else t.i
        hon = doc[start - 1].text if start > 0 and doc[start - 1].lower_.rstrip(".") in lexicon.honorific_gender else ""
        name = doc[start : t.i + 1].text
        out.append(Mention(start, t.i + 1, name, name, "PERSON", sent_of[t.i], hon))
    return out


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
        if name in surnames or doc[i].ent_type_ or not all(t.is_title for t in doc[i:j]) or not is_city(name) \
                or not (in_place_position(last, lexicon) or _listed_with_places(last)):
            continue
        out.append(Mention(i, j, name, name, "GPE", sent_of[i]))
        taken.update(range(i, j))
    return out


def _listed_with_places(last: Token) -> bool:
    """"Leeds, York and Hull" with "York" untagged: listed with names the NER typed places."""
    near = [c for c in last.children if c.dep_ == "conj"] + ([last.head] if last.dep_ == "conj" else [])
    return any(t.ent_type_ in ("GPE", "LOC") and t.pos_ == "PROPN" for t in near)


#: people and things a business has: "staff at Harrods", "customers of Selfridges", "the boss of X"
_BUSINESS_PEOPLE = frozenset({"staff", "worker", "workers", "employee", "employees", "shopper", "shoppers", "customer",
                              "customers", "boss", "owner", "owners", "shareholder", "shareholders", "branch",
                              "branches", "store", "stores", "shop", "shops", "outlet", "outlets", "supplier",
                              "suppliers", "founder", "workforce"})
#: mass nouns that open a sentence bare and take "its" ("Management said it would")
_BARE_NOUNS = frozenset({"management", "staff", "government", "security", "research", "business", "industry",
                         "labour", "labor", "health", "education", "defence", "defense", "finance", "housing",
                         "parliament", "congress", "traffic", "transport", "media", "press", "sport", "retail",
                         "everyone", "nobody", "somebody", "something", "nothing", "everything", "each"})
#: what "it" does when it is no one ("said it would be wrong", "said it would take time")
_EXPLETIVE_VERBS = frozenset({"be", "seem", "appear", "take", "happen", "matter", "make", "mean", "look", "feel",
                              "remain", "become", "come", "go", "work", "help", "hurt", "cost", "show", "prove",
                              "get", "need", "have", "do"})


#: a business's own things, after "its": "closed its doors", "its sales rose"
_BUSINESS_THINGS = _BUSINESS_PEOPLE | frozenset({"door", "doors", "price", "prices", "product", "products", "office",
                                                 "offices", "service", "services", "sale", "sales", "profit", "profits",
                                                 "factory", "factories", "plant", "plants", "headquarters", "brand",
                                                 "share", "shares", "revenue", "revenues", "results", "forecast"})
#: what a cause does to something else's things ("Covid forced its closure", "the storm hit its sales")
_CAUSE_VERBS = frozenset({"force", "hit", "affect", "damage", "threaten", "boost", "hurt", "cause", "prompt", "lead",
                          "drive", "push", "undermine", "wreck", "ruin"})


def _its_in(tok: Token) -> bool:
    """``tok`` is, or has as a child or as the object of one of its prepositions, a business's
    thing after "its" ("its stores", "at its shops")."""
    def owned(t: Token) -> bool:
        return t.lower_ in _BUSINESS_THINGS and any(c.lower_ == "its" for c in t.children)
    return owned(tok) or any(owned(c) or c.dep_ == "prep" and any(g.dep_ == "pobj" and owned(g) for g in c.children)
                             for c in tok.children)


def speaks_as_business(last: Token, lexicon: Lexicon, *, said_it: bool = False) -> bool:
    """The name ending in ``last`` is a business's by what the sentence says of it: it does
    something to its own things ("X closed its stores", "X said its sales rose", "X cut prices at
    its shops"), has staff, customers, stores or a boss ("staff at X", "customers of X", "X's
    stores"), or, with ``said_it``, says what "it" will do ("X said it would close 200 stores")."""
    head = last.head
    if last.dep_ == "nsubj" and head.pos_ in ("VERB", "AUX"):
        if head.lemma_.lower() not in _CAUSE_VERBS and _its_in(head):
            return True   # "X closed its stores", "X cut prices at its shops"
        for c in head.children:
            if c.dep_ != "ccomp" or head.lemma_.lower() not in lexicon.speech_verbs:
                continue
            if any(g.dep_ in ("nsubj", "dobj") and _its_in(g) for g in c.children):
                return True   # "X said its sales rose", "X said it would close its stores"
            if said_it and c.pos_ == "VERB" and c.lemma_.lower() not in _EXPLETIVE_VERBS and any(
                    g.dep_ == "nsubj" and g.lower_ == "it" for g in c.children):
                return True   # "X said it would close 200 stores"
        return False
    if last.dep_ == "pobj" and head.lower_ in ("at", "of") and head.head.pos_ == "NOUN":
        return head.head.lower_ in _BUSINESS_PEOPLE
    if last.dep_ == "poss":
        return head.lower_ in _BUSINESS_PEOPLE or head.lower_ in lexicon.org_possessions
    return False


def _subject_of_clause(tok: Token) -> Token | None:
    """The subject of the clause ``tok`` ("it", "its", "its sales") is in, or of the speech verb
    whose complement that clause is."""
    v = tok
    for _ in range(4):
        if v.pos_ in ("VERB", "AUX") and v.dep_ != "aux" or v.head.i == v.i:
            break
        v = v.head
    for _ in range(2):
        subj = next((c for c in v.children if c.dep_ == "nsubj" and c.i < tok.i), None)
        if subj is not None and subj.lower_ not in ("it", "its"):
            return subj
        if v.dep_ != "ccomp":
            break
        v = v.head
    return None


def business_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                      sent_of: list[int] | None = None) -> list[Mention]:
    """A business the NER passed over, whose name is no word of ours ("Woolworths said it would
    close 200 stores", "staff at Harrods"): one capitalised word that speaks as a business
    (:func:`speaks_as_business`), no town, given name, title or bare mass noun."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    cand = []
    for t in tokens_with(doc, LOWER, string_ids(("it", "its"))):
        subj = _subject_of_clause(t)
        if subj is not None:
            cand.append(subj)
    for t in tokens_with(doc, LOWER, string_ids(_BUSINESS_PEOPLE)):
        cand += [g for c in t.children if c.dep_ == "prep" and c.lower_ in ("at", "of") for g in c.children
                 if g.dep_ == "pobj"]
        cand += [c for c in t.children if c.dep_ == "poss"]
    for c in cand:
        if c.i in taken or c.ent_type_ not in ("", "NORP") or not c.is_title or not c.is_alpha \
                or c.pos_ not in ("PROPN", "NOUN") or c.i + 1 < len(doc) and doc[c.i + 1].pos_ == "PROPN" \
                or c.i > 0 and doc[c.i - 1].pos_ == "PROPN" and not doc[c.i - 1].is_sent_start:
            continue
        low = c.lower_
        if low in _BARE_NOUNS or low in lexicon.public_body_words or low in lexicon.people_nouns \
                or low in lexicon.org_descriptors or not _name_word_any(c, lexicon) or first_name_gender(c.text) \
                or is_city(c.text) or is_known_place(c.text) or low in lexicon.party_of \
                or not speaks_as_business(c, lexicon, said_it=True):
            continue
        out.append(Mention(c.i, c.i + 1, c.text, c.text, "ORG", sent_of[c.i]))
        taken.add(c.i)
    if out:   # the business's name said again, where nothing shows what it is ("shoppers outside Woolworths")
        for t in tokens_with(doc, ORTH, string_ids({m.name for m in out})):
            if t.i not in taken and not t.ent_type_ and t.pos_ in ("PROPN", "NOUN") \
                    and not (t.i + 1 < len(doc) and doc[t.i + 1].pos_ == "PROPN"):
                out.append(Mention(t.i, t.i + 1, t.text, t.text, "ORG", sent_of[t.i]))
                taken.add(t.i)
    return out


def org_word_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                      sent_of: list[int] | None = None) -> list[Mention]:
    """An organization the NER passed over whose own last word says what it is ("Chief
    Executive Ann Vale of [Kestrel Foods]"): two to four capitalised proper nouns ending in a
    business's or a body's word, none of them a title, an honorific or a given name first."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    proper = column(doc, POS) == PROPN
    starts = (proper & ~numpy.concatenate(([False], proper[:-1]))).nonzero()[0].tolist()
    for i in starts:
        j = i + 1
        while j < len(doc) and proper[j] and j - i < 4:
            j += 1
        while i > 0 and j - i < 4 and doc[i - 1].is_title and doc[i - 1].pos_ in ("NOUN", "ADJ") \
                and doc[i - 1].dep_ in ("compound", "amod") and i <= doc[i - 1].head.i < j:
            i -= 1   # "[Riverbend] Community Hospital": a capitalised word the tagger took for a common one
        owners = _plural_owner(doc, i, taken)   # "the Ferris Supporters' [Trust]"
        if j - i < (1 if owners < i else 2) or j < len(doc) and proper[j] \
                or any(k in taken or doc[k].ent_type_ for k in range(i, j)):
            continue
        last = doc[j - 1].lower_
        if last not in lexicon.business_words and last not in lexicon.org_heads or first_name_gender(doc[i].text) \
                or not all(t.is_title and (_org_word(t, lexicon) or t.i == j - 1 or t.pos_ != "PROPN"
                                           and _name_word_any(t, lexicon)) for t in doc[i:j]):
            continue
        i = owners   # "the [Nurses'] Solidarity Union": the plural the body is of is part of its name
        out.append(Mention(i, j, doc[i:j].text, doc[i:j].text, "ORG", sent_of[i]))
        taken.update(range(i, j))
    return out


def _plural_owner(doc: Doc, i: int, taken: set[int]) -> int:
    """Where a body's name starts that opens with the plural it is of ("the [Ferris Supporters']
    Trust", "the [Nurses'] Union"), its words before ``i`` untagged and capitalised, after "the"
    or a sentence's start; else ``i``."""
    if i < 2 or doc[i - 1].tag_ != "POS" or doc[i - 1].text not in ("'", "\u2019") \
            or not doc[i - 2].lower_.endswith("s"):
        return i
    start = i - 1
    while start > 0 and i - start < 4 and doc[start - 1].is_title and doc[start - 1].is_alpha \
            and start - 1 not in taken and not doc[start - 1].ent_type_:
        start -= 1
    if start == i - 1 or start > 0 and doc[start - 1].lower_ != "the" and not doc[start - 1].is_punct:
        return i
    return start
