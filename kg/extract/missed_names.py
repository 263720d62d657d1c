"""Names the NER passed over or mistyped, found from what the text around them says: a title
before a given name and surname, a party the lexicon knows, a given name and a surname, a
place a place noun describes ("Montmartre, a district of Paris"), a surname said again.

Each finder takes the token indices already ``taken`` by a mention, adds its own, and returns
:class:`~kg.model.Mention` records. Pure: reads the Doc, changes nothing.
"""
from __future__ import annotations

from functools import lru_cache

from spacy.attrs import LOWER, ORTH, POS
from spacy.symbols import PROPN
from spacy.tokens import Doc, Span, Token

from kg.extract.docmemo import column_list
from kg.extract.gazetteer import is_known_place, is_major_place
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
            and (ent.start < 2 or doc[ent.start - 2].pos_ != "PROPN"):
        return Span(doc, ent.start - 1, ent.end, label="PERSON")
    if len(ent) == 2 and ent.label_ in ("NORP", "LOC", "GPE") and _starts_personal_name(ent[0], lexicon) \
            and _name_word(ent[1], lexicon) and not is_known_place(ent.text):
        return Span(doc, ent.start, ent.end, label="PERSON")
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
                and doc[i - 1].lower_.rstrip(".") not in lexicon.honorific_gender:   # (but "Dr [Ana Ruiz]")
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
    """A title followed by a capitalised given name and surname that the NER passed over
    ("said Board Chair Ines Varga" with only "Board" tagged)."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for t in tokens_with(doc, LOWER, _title_ids(lexicon)):
        if not t.is_title and not t.is_upper:
            continue
        j = t.i + 1
        while j < len(doc) and doc[j].pos_ == "PROPN" and doc[j].is_title and j not in taken \
                and doc[j].lower_ not in lexicon.title_role:
            j += 1
        if j - (t.i + 1) >= 2 and (j == len(doc) or doc[j].pos_ != "PROPN"):
            name = doc[t.i + 1 : j].text
            out.append(Mention(t.i + 1, j, name, doc[t.i : j].text, "PERSON", sent_of[t.i], "", t.text))
            taken.update(range(t.i + 1, j))
    return out


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
