"""People's names the NER passed over, cut or mistyped, found from what the text around them
says: a given name before the surname it tagged ("Ana [Costa]"), a name it typed a nationality
or a place ("[Amara Nwosu]"), a given name and a surname it left untagged, a title or an
honorific before a name ("said Board Chair Ines Varga"), a surname said again.

Each finder takes the token indices already ``taken`` by a mention, adds its own, and returns
:class:`~kg.model.Mention` records. Pure: reads the Doc, changes nothing.
"""
from __future__ import annotations

from functools import lru_cache

import numpy

from spacy.attrs import LOWER, ORTH, POS
from spacy.symbols import PROPN
from spacy.tokens import Doc, Span, Token

from kg.extract.docmemo import column_list
from kg.extract.gazetteer import country_names_of, is_city, is_known_place, is_major_place
from kg.extract.lexicon import Lexicon
from kg.extract.name_words import name_word, title_ids
from kg.extract.tokens import sentence_index, string_ids, tokens_with
from kg.model import Mention
from kg.personnames import first_name_gender, is_given_name


def _starts_personal_name(tok: Token, lexicon: Lexicon) -> bool:
    """A given name ("Ana", "Deepak") that is no country's or region's name ("Georgia")."""
    return name_word(tok, lexicon) and is_given_name(tok.text) and not is_major_place(tok.text)


def _may_start_personal_name(tok: Token, lexicon: Lexicon) -> bool:
    """A name the table gives mostly one gender ("Deepak", "Ravi"): a person's only where the
    sentence has the name act as one (:func:`_acts_as_person`)."""
    return name_word(tok, lexicon) and bool(first_name_gender(tok.text)) and not is_major_place(tok.text)


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
            and _starts_personal_name(doc[ent.start - 1], lexicon) and name_word(ent[0], lexicon) \
            and (ent.start < 2 or doc[ent.start - 2].pos_ != "PROPN" or doc[ent.start - 2].lower_ in lexicon.title_role
                 or doc[ent.start - 2].lower_.rstrip(".") in lexicon.honorific_gender):   # "Governor Ana [Lima]"
        return Span(doc, ent.start - 1, ent.end, label="PERSON")
    if len(ent) == 2 and ent.label_ in ("NORP", "LOC", "GPE") and _starts_personal_name(ent[0], lexicon) \
            and name_word(ent[1], lexicon) and not is_known_place(ent.text) and not is_city(ent.text):
        return Span(doc, ent.start, ent.end, label="PERSON")
    if 3 <= len(ent) <= 4 and ent.label_ in ("ORG", "NORP", "GPE") and ent[0].is_sent_start and ent[0].is_title \
            and ent[0].lower_ in lexicon.occupations and _starts_personal_name(ent[1], lexicon) \
            and all(name_word(t, lexicon) for t in ent[2:]):
        return Span(doc, ent.start, ent.end, label="PERSON")   # "[Farmer Gwilym Pryce] won": a trade and a name
    return ent


def is_demonym(t: Token, lexicon: Lexicon) -> bool:
    """One of a nation's word ("Dane", "Uruguayan"), which may stand before a name."""
    return t.lower_ in lexicon.demonym_nouns or bool(country_names_of(t.text))


def given_name_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                        sent_of: list[int] | None = None) -> list[Mention]:
    """A given name and a surname that the NER passed over ("Deepak Sharma" untagged): two or
    three capitalised proper nouns, the first a given name, none of them an organization's or
    a place's word, with no proper noun either side but an honorific ("Dr Ana Ruiz")."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    proper = [pos == PROPN for pos in column_list(doc, POS)]   # a given name is a proper noun (name_word)
    i = 0
    while i < len(doc):
        if not proper[i] or i in taken:
            i += 1
            continue
        t = doc[i]
        if not _may_start_personal_name(t, lexicon) or i > 0 and doc[i - 1].pos_ == "PROPN" \
                and doc[i - 1].lower_ not in lexicon.occupations and not is_demonym(doc[i - 1], lexicon) \
                and doc[i - 1].lower_.rstrip(".") not in lexicon.honorific_gender:   # "Novelist [X]", "Dr [Ana Ruiz]"
            i += 1
            continue
        if is_demonym(t, lexicon) and i + 1 < len(doc) and is_given_name(doc[i + 1].text):
            i += 1   # "the Dane Lars Madsen", "the Uruguayan Diego Ferraro": whence, then the name
            continue
        j = i + 1
        while j < len(doc) and j - i < 3 and j not in taken and name_word(doc[j], lexicon):
            j += 1
        if j - i >= 2 and (j == len(doc) or doc[j].pos_ != "PROPN" and j not in taken) \
                and (is_given_name(t.text) or _acts_as_person(doc[j - 1], lexicon)):
            out.append(Mention(i, j, doc[i:j].text, doc[i:j].text, "PERSON", sent_of[i]))
            taken.update(range(i, j))
        i = j
    return out


#: what the NER may call a name it did not know for a person's: nothing, or a work or a product
_MISTYPED = frozenset({"", "WORK_OF_ART", "PRODUCT", "LAW"})


def described_surname_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                               sent_of: list[int]) -> list[Mention]:
    """A surname alone opening a sentence that the NER passed over, said at once to be someone:
    "Hale, who works for the agency, ...", "Moss, a researcher at the institute, ...": a
    capitalised proper noun, a comma, then "who", an age or a noun of people in apposition."""
    out = []
    starts = [0, *(numpy.flatnonzero(numpy.diff(sent_of)) + 1).tolist()] if sent_of else []   # no step per token
    for i in starts:
        if i in taken or i + 3 >= len(doc) or doc[i + 1].text != "," or not name_word(doc[i], lexicon) \
                or doc[i].ent_type_ or doc[i].is_upper:
            continue
        after = doc[i + 2]
        described = after.lower_ == "who" or after.like_num and doc[i + 3].text == "," or any(
            t.dep_ == "appos" and t.head.i == i and t.pos_ == "NOUN"
            and (t.lower_ in lexicon.title_role or t.lemma_.lower() in lexicon.occupations
                 or t.lemma_.lower() in lexicon.resident_nouns) for t in doc[i + 2:i + 7])
        if described:
            out.append(Mention(i, i + 1, doc[i].text, doc[i].text, "PERSON", sent_of[i]))
            taken.add(i)
            # the same surname earlier after a capitalised word the NER passed over too: the full
            # name ("thanked Mamadou Sarr ... Sarr, who had led it")
            for t in tokens_with(doc, ORTH, string_ids((doc[i].text,))):
                g = t.i - 1
                if 0 <= g and t.i < i and t.i not in taken and g not in taken \
                        and doc[g].ent_type_ in _MISTYPED and t.ent_type_ in _MISTYPED \
                        and name_word(doc[g], lexicon) and doc[g].pos_ == "PROPN" \
                        and (g == 0 or doc[g - 1].pos_ != "PROPN" or doc[g - 1].lower_ in lexicon.title_role):
                    out.append(Mention(g, t.i + 1, doc[g:t.i + 1].text, doc[g:t.i + 1].text, "PERSON", sent_of[g]))
                    taken.update((g, t.i))
    return out


def titled_name_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                         sent_of: list[int] | None = None) -> list[Mention]:
    """A title or an honorific followed by a capitalised given name and surname that the NER
    passed over ("said Board Chair Ines Varga" with only "Board" tagged, "the chairman, Dame
    Helen Forsyth")."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for t in tokens_with(doc, LOWER, title_ids(lexicon) | _honorific_ids(lexicon)):
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
        if t.i in taken or t.pos_ != "PROPN" and not (
                t.pos_ == "NOUN" and t.is_title and t.i + 1 < len(doc)
                and (doc[t.i + 1].text == "," or doc[t.i + 1].pos_ in ("VERB", "AUX"))):
            continue   # (a surname the tagger took for a noun: "Pruitt, a former trooper, told ...")
        prev = doc[t.i - 1] if t.i > 0 else None
        if prev is not None and prev.pos_ == "PROPN" and prev.i not in taken \
                and prev.lower_.rstrip(".") not in lexicon.honorific_gender:
            continue  # part of some other, longer name
        start = t.i - 1 if t.i > 0 and doc[t.i - 1].lower_ in lexicon.name_particles and t.i - 1 not in taken else t.i
        hon = doc[start - 1].text if start > 0 and doc[start - 1].lower_.rstrip(".") in lexicon.honorific_gender else ""
        name = doc[start : t.i + 1].text
        out.append(Mention(start, t.i + 1, name, name, "PERSON", sent_of[t.i], hon))
    return out
