"""The NER's entity spans repaired before they are read as names: words it left off a name or
ran on with ("St Anne's [Hospital]", "Hensley's Supermarket [in]"), a company and its town run
together ("Nortek Industries of Providence"), names it cut at an "of" or an "and", a party's name
cut off, a town's county after a comma, a firm named by its partners ("Sturgis, Pell & Hathaway"),
lists of names it ran into one. Each takes spans and gives spans; none changes the Doc.
"""
from __future__ import annotations

from spacy.attrs import ORTH
from spacy.tokens import Doc, Span, Token

from kg.extract.docmemo import column
from kg.extract.gazetteer import is_city, is_known_place, is_major_place
from kg.extract.lexicon import Lexicon
from kg.extract.kinds import CLUB_WORDS
from kg.extract.tokens import string_ids
from kg.personnames import first_name_gender, fold, is_given_name


#: words after a name's hyphen that make it a modifier, no longer name: "Tom Hale-led", "Leeds-born"
_NAME_SUFFIX_WORDS = frozenset({"led", "based", "born", "owned", "backed", "run", "era", "style", "type", "like",
                                "linked", "funded", "controlled", "affiliated", "inspired", "appointed", "sponsored",
                                "supporting", "leaning", "designed", "built", "made", "headquartered"})


def complete(ent: Span, *, lexicon: Lexicon) -> Span:
    """Words the NER left off a name: "St Anne's [Hospital]", "[Roads and] Bridges Committee",
    "[Ella] Mae Dobbins"; and words it ran on with: "Hensley's Supermarket [in]", "St Brendan's
    School [for the past 22 years]"."""
    doc, start, end = ent.doc, ent.start, ent.end
    if ent.label_ == "PERSON":   # a given name or an initial before the name, in the same phrase
        while start > 0 and _leading_given_name(doc[start - 1], end, lexicon):
            start -= 1
    if ent.label_ in ("ORG", "PERSON") and ent[0].lower_ in CLUB_WORDS and start > 0 and doc[start - 1].is_title \
            and doc[start - 1].pos_ == "PROPN" and not doc[start - 1].ent_type_ \
            and doc[start - 1].lower_ not in lexicon.title_role:
        start -= 1   # "Eastbrook [Rovers]": the town's word of a club's name
    if ent.label_ == "ORG" and ent[0].lower_ in lexicon.org_heads:
        # "The [Tarnby Chamber] Orchestra": capitalised words of the name before its head
        while start > 0 and ent.start - start < 3 and doc[start - 1].is_title and not doc[start - 1].ent_type_ \
                and doc[start - 1].pos_ in ("PROPN", "NOUN") and doc[start - 1].dep_ in ("compound", "nmod") \
                and start <= doc[start - 1].head.i < end and not doc[start - 1].is_sent_start \
                and doc[start - 1].lower_ not in lexicon.title_role:
            start -= 1
    if ent.label_ in ("GPE", "LOC") and start > 0 and doc[start - 1].lower_ in lexicon.royal_titles \
            and doc[start - 1].is_title and doc[start - 1].dep_ == "compound" and start <= doc[start - 1].head.i < end:
        start -= 1   # "[Prince] Edward Island", "[King] William Island": a place named after a royal
    cut = next((t.i for t in ent[1:] if t.pos_ in ("ADP", "SCONJ") and t.is_lower
                and not any(u.is_title or u.is_upper and u.is_alpha for u in doc[t.i + 1: end])
                and all(u.like_num or u.lemma_.lower() in _TIME_NOUNS for u in doc[t.i + 1: end]
                        if u.pos_ in ("NOUN", "NUM", "PROPN"))), None)
    if cut is not None and ent.label_ in ("ORG", "GPE", "LOC", "FAC") \
            and any(t.is_title or t.is_upper and t.is_alpha for t in doc[start:cut]):
        end = cut   # the name is what is written as one, before a bare preposition or a time
    for title_start in (start - 1, start):   # "Surgeon [General X]", "[Surgeon General X]": a title, no rank
        if 0 <= title_start and title_start + 1 < end - 1 and doc[title_start + 1].lower_ == "general" \
                and f"{doc[title_start].lower_} general" in lexicon.title_role:
            start = title_start + 2
            break
    if ent.label_ == "PERSON":   # "[Tom Fry threw]": a verb the NER ran on with is no word of the name
        while end - start > 1 and doc[end - 1].is_lower and doc[end - 1].pos_ in ("VERB", "AUX"):
            end -= 1
        # "[Han Min]-jun": the rest of a hyphenated name, written as one word with it (not
        # "Tom Hale-led"); "[Tom Hale - the] mayor": a dash set apart ends the name
        while end + 1 < len(doc) and doc[end].text == "-" and not doc[end - 1].whitespace_ \
                and not doc[end].whitespace_ and doc[end + 1].is_alpha and doc[end - 1].is_title \
                and doc[end + 1].lower_ not in _NAME_SUFFIX_WORDS and doc[end + 1].tag_ not in ("VBN", "VBD", "VBG", "JJ"):
            end += 2
        dash = next((t.i for t in doc[start + 1:end] if t.text in ("-", "--", "—", "–")
                     and doc[t.i - 1].whitespace_), None)
        if dash is not None:
            end = dash
    while end < len(doc) and doc[end].pos_ == "PROPN" and doc[end].is_title and ent.root.head.i == end \
            and doc[end].lower_ not in lexicon.title_role and doc[end].lower_ not in lexicon.party_of:
        end += 1
    if end + 1 < len(doc) and doc[end].lower_ in ("and", "&") and ent.label_ == "ORG" \
            and any(t.lower_ in ("of", "for") for t in ent[1:]) and doc[end + 1].is_title \
            and doc[end + 1].pos_ in ("PROPN", "NOUN") and not doc[end + 1].ent_type_ \
            and doc[end + 1].lower_ not in lexicon.title_role \
            and (end + 2 == len(doc) or not doc[end + 2].is_title or doc[end + 2].is_punct):
        end += 2   # "the Ministry for Roads [and Bridges]": the NER stopped at the "and"
    if start >= 2 and doc[start - 1].lower_ in ("and", "&") and doc[start - 2].is_title \
            and doc[start - 2].pos_ in ("PROPN", "NOUN") and ent.label_ == "ORG" and not doc[start - 2].ent_type_:
        start -= 2
    return ent if (start, end) == (ent.start, ent.end) else Span(doc, start, end, label=ent.label_)


#: what a time the NER ran into a name is counted in ("School [for the past 22 years]")
_TIME_NOUNS = frozenset({"year", "month", "week", "day", "decade", "century", "hour", "time", "season"})


def _leading_given_name(tok: Token, end: int, lexicon: Lexicon) -> bool:
    """``tok``, just before a person's name, is part of it: a given name or an initial ("J.")
    that the parse makes a modifier of the name, and no title, honorific or name of its own."""
    low = tok.lower_.rstrip(".")
    if tok.ent_type_ or tok.pos_ != "PROPN" or tok.dep_ != "compound" or not tok.head.i < end or tok.head.i <= tok.i:
        return False
    if low in lexicon.honorific_gender or low in lexicon.title_role or low in lexicon.title_modifiers \
            or low in lexicon.rank_abbreviations:
        return False
    initial = len(tok.text) == 2 and tok.text[0].isupper() and tok.text[1] == "."
    return initial or tok.is_title and is_given_name(tok.text)


#: the last words of companies' names: "Nortek Industries of Providence" is a company and a place
_COMPANY_ENDS = frozenset({"inc", "inc.", "co", "co.", "corp", "corp.", "ltd", "ltd.", "llc", "plc", "industries",
                           "mills", "foods", "enterprises", "holdings"})


#: the last words of institutions' names before "in": "Cornell University in Ithaca" is a university and a place
_INSTITUTION_ENDS = _COMPANY_ENDS | frozenset({"university", "college", "hospital", "museum", "institute", "school",
                                               "academy", "clinic", "bank", "gallery", "library", "zoo", "airport"})


def _town(text: str) -> bool:
    return is_city(text) or is_known_place(text)


def _split_company_of_place(ents) -> list[Span]:
    """The NER's "Nortek Industries of Providence" is a company ("Nortek Industries") and where it
    is ("Providence"), and "Cornell University in Ithaca" a university and its town, as is any
    name before "in" and a known town; "Bank of Kenya" and "University of Leeds" stay whole."""
    out = []
    for ent in ents:
        of = next((t.i for t in ent[2:-1] if t.lower_ in ("of", "in")), None) \
            if ent.label_ == "ORG" and len(ent) >= 4 else None
        doc = ent.doc
        ends = _COMPANY_ENDS if of is not None and doc[of].lower_ == "of" else _INSTITUTION_ENDS
        if of is None or not doc[of + 1].is_title or doc[of - 1].lower_ not in ends and not (
                doc[of].lower_ == "in" and _town(doc[of + 1:ent.end].text)):
            out.append(ent)   # (but "the Regional Flood Center in Baton Rouge": a known town after "in")
            continue
        out.append(Span(doc, ent.start, of, label="ORG"))
        out.append(Span(doc, of + 1, ent.end, label="GPE"))
    return out


def _town_and_region(ent: Span, lexicon: Lexicon) -> bool:
    """The name is a town's, its state or country after a comma ("Amarillo, Texas")."""
    doc = ent.doc
    return ent.label_ == "GPE" and ent.end + 1 < len(doc) and doc[ent.end].text == "," \
        and is_major_place(lexicon.place_of.get(fold(doc[ent.end + 1].text), doc[ent.end + 1].text))


def joined_at_of(ents, lexicon: Lexicon) -> list[Span]:
    """"[House] of [Albery]", "[University] of [Tarnby]": an organization's word the NER cut
    from the name its "of" brings is one organization; so is one it left out ("the Diocese of
    [Carrow]")."""
    out: list[Span] = []
    for ent in ents:
        prev = out[-1] if out else None
        doc = ent.doc
        if prev is not None and prev.label_ == "ORG" and ent.start == prev.end + 1 and doc[prev.end].lower_ == "of" \
                and prev[-1].lower_ in lexicon.org_heads and prev[-1].is_title \
                and ent.label_ in ("GPE", "LOC", "ORG", "PERSON") and ent[0].is_title \
                and not _town_and_region(ent, lexicon):   # (not "X Association of [Amarillo], Texas": where it is)
            out[-1] = Span(doc, prev.start, ent.end, label="ORG")
            continue
        head = ent.start - 2
        if (prev is None or prev.end <= head) and head >= 0 and doc[head + 1].lower_ == "of" and doc[head].is_title \
                and doc[head].lower_ in lexicon.org_heads and not doc[head].ent_type_ \
                and ent.label_ in ("GPE", "LOC", "ORG", "PERSON") and ent[0].is_title:
            # "the Diocese of [Carrow]", "the Catholic Diocese of [Goma]": the body's word the NER left out
            start = head
            while start > 0 and head - start < 3 and doc[start - 1].is_title and not doc[start - 1].ent_type_ \
                    and doc[start - 1].pos_ in ("PROPN", "ADJ", "NOUN") and (prev is None or prev.end < start):
                start -= 1
            if start == 0 or doc[start - 1].lower_ == "the" or start == doc[start].sent.start:
                out.append(Span(doc, start, ent.end, label="ORG"))
                continue
        out.append(ent)
    return out


def party_cut_off(ents, lexicon: Lexicon) -> list[Span]:
    """"[Leeds Tory] councillors": a place the NER ran into the party word after it is the place
    alone (the party is read as a party)."""
    out = []
    for ent in ents:
        if len(ent) >= 2 and ent[-1].lower_ in lexicon.party_of and ent.text.lower() not in lexicon.party_of \
                and ent[:-1].text.lower() not in lexicon.party_of and (
                    ent.label_ in ("GPE", "LOC") or ent.label_ in ("PERSON", "ORG") and is_known_place(ent[:-1].text)):
            ent = Span(ent.doc, ent.start, ent.end - 1, label="GPE" if ent.label_ in ("PERSON", "ORG") else ent.label_)
        out.append(ent)
    return out


#: what may follow the county of "in Thornbury, Gloucestershire": the clause goes on or ends
_AFTER_COUNTY = frozenset({",", ".", ";", ":", ")", "on", "in", "at", "last", "this", "next", "and", "-", "\u2014",
                           "\u2013", "'s", "\u2019s", "\n"})
#: labels the NER gives a county it misread ("Gloucestershire" as WORK_OF_ART or PRODUCT)
_MISREAD_COUNTY = frozenset({"WORK_OF_ART", "PRODUCT", "ORG", "NORP", "GPE", "LOC", "PERSON", "EVENT", "LAW"})


def with_county_after_comma(doc: Doc, ents: tuple[Span, ...], lexicon: Lexicon) -> tuple[Span, ...]:
    """"in Thornbury, Gloucestershire": a town and, after its comma, one word that is a known
    place or ends in "-shire", untagged or typed as a work or product. The word is a place, and
    the town one too unless its name ends in an organization's word. Reads the entities only."""
    if not ents:
        return ents
    by_start = {e.start: e for e in ents}
    out = list(ents)
    changed = False
    for k, ent in enumerate(ents):
        j = ent.end + 1
        if ent.label_ not in ("GPE", "LOC", "ORG", "FAC") or j >= len(doc) or doc[ent.end].text != "," \
                or ent[-1].lower_ in lexicon.org_heads or not ent[-1].is_title:
            continue
        county = doc[j]
        after = doc[j + 1] if j + 1 < len(doc) else None
        if not (county.is_title and county.is_alpha and county.pos_ == "PROPN") or county.sent != ent.sent:
            continue
        if after is not None and after.text not in _AFTER_COUNTY and not after.is_space:
            continue
        if not (is_known_place(county.text) or county.lower_.endswith("shire")) or is_given_name(county.text):
            continue
        tagged = by_start.get(j)
        if tagged is not None and (tagged.end != j + 1 or tagged.label_ not in _MISREAD_COUNTY):
            continue
        if county.ent_type_ and tagged is None:
            continue   # inside some longer name
        of = next((t.i for t in ent[1:-1] if t.lower_ in ("of", "in")), None) if ent.label_ == "ORG" else None
        if of is not None and doc[of + 1].is_title:   # "Corliss Textiles of Lowell, Mass.": a firm, its town
            out[k] = Span(doc, ent.start, of, label="ORG")
            out.append(Span(doc, of + 1, ent.end, label="GPE"))
        elif ent.label_ in ("ORG", "FAC"):
            out[k] = Span(doc, ent.start, ent.end, label="GPE")
        _put(out, tagged, Span(doc, j, j + 1, label="GPE"))
        changed = True
    return tuple(sorted(out, key=lambda e: e.start)) if changed else ents


def with_town_before_region(doc: Doc, ents: tuple[Span, ...], lexicon: Lexicon) -> tuple[Span, ...]:
    """"Fairbanks, Alaska, was cold", "the Kansas City, Mo., maker": a capitalised name just
    before a comma and a state, a province or a country (then a comma or the sentence's end) is
    a town, untagged or typed an organization or a person; not an item of a list. Reads the
    entities only."""
    if not ents:
        return ents
    by_end = {e.end: e for e in ents}
    out = list(ents)
    changed = False
    for ent in ents:
        if ent.label_ not in ("GPE", "LOC") or ent.start < 2 or doc[ent.start - 1].text != "," \
                or not is_major_place(lexicon.place_of.get(fold(ent.text), ent.text)):
            continue
        if ent.end < len(doc) and doc[ent.end].text not in (",", ".", ";", ":", "-", "—", "–", ")") \
                and not doc[ent.end].is_space:
            continue
        end = ent.start - 1
        before = by_end.get(end)
        if before is not None:
            if before.label_ not in ("ORG", "PERSON") or len(before) > 3 or is_major_place(before.text) \
                    or is_given_name(before[0].text):
                continue   # "Ana Ruiz, Texas": a person and where she is from
            start = before.start
        else:
            start = end
            while start > 0 and end - start < 3 and doc[start - 1].pos_ == "PROPN" and doc[start - 1].is_title \
                    and not doc[start - 1].ent_type_:
                start -= 1
            if start == end or is_given_name(doc[start].text) and end - start > 1:
                continue
        if start >= 2 and doc[start - 1].text == "," and doc[start - 2].ent_type_ in ("GPE", "LOC"):
            continue   # "Leeds, York, Ohio": a list
        if doc[start].lower_ in lexicon.title_role or doc[start].lower_.rstrip(".") in lexicon.honorific_gender:
            continue
        _put(out, before, Span(doc, start, end, label="GPE"))
        changed = True
    return tuple(sorted(out, key=lambda e: e.start)) if changed else ents


def _put(spans: list[Span], old: Span | None, new: Span) -> None:
    """``new`` in place of ``old`` among ``spans``, or added to them when there was none."""
    if old is not None:
        spans[spans.index(old)] = new
    else:
        spans.append(new)


_AMPERSAND_ID = next(iter(string_ids(("&",))))


def _partners_words(doc: Doc, end: int) -> int:
    """The start of the one or two capitalised words of a partner's name ending at ``end``."""
    start = end
    while start > 0 and end - start < 2 and doc[start - 1].is_title and doc[start - 1].is_alpha \
            and doc[start - 1].pos_ in ("PROPN", "NOUN"):
        start -= 1
    return start


def with_partnership_names(doc: Doc, ents) -> tuple[tuple[Span, ...], frozenset[tuple[int, int]]]:
    """A firm named by its partners, with commas and "&": "Sturgis, Pell & Hathaway", "Merrill
    Lynch, Pierce, Fenner & Smith" is one organization, however the NER cut and typed its parts
    (a list of names is joined with "and"; not a list of known places). Returns the entities and
    where the firms' names are."""
    amps = (column(doc, ORTH) == _AMPERSAND_ID).nonzero()[0].tolist()
    if not amps:
        return ents, frozenset()
    spans = []
    for a in amps:
        end = a + 1
        while end < len(doc) and end - a <= 2 and doc[end].is_title and doc[end].pos_ in ("PROPN", "NOUN"):
            end += 1
        start = _partners_words(doc, a)
        if end == a + 1 or start == a:
            continue
        parts = [(start, a), (a + 1, end)]
        while start >= 2 and doc[start - 1].text == "," and doc[start - 2].sent == doc[a].sent:
            before = _partners_words(doc, start - 1)
            if before == start - 1:
                break
            parts.append((before, start - 1))
            start = before
        if len(parts) < 3 or any(doc[i].lower_ in ("the", "and") for i, j in parts):
            continue
        places = sum(is_known_place(doc[i:j].text) or is_city(doc[i:j].text) or doc[i].ent_type_ in ("GPE", "LOC")
                     for i, j in parts)
        people = sum(j - i == 2 and bool(first_name_gender(doc[i].text)) for i, j in parts)
        if places * 2 >= len(parts) or people >= 2:
            continue   # "Leeds, York & Hull", "Ann Lee, Tom Ward & Sam Hunt": a list
        spans.append(Span(doc, start, end, label="ORG"))
    if not spans:
        return ents, frozenset()
    kept = [e for e in ents if not any(e.start < s.end and s.start < e.end for s in spans)]
    return tuple(sorted(kept + spans, key=lambda e: e.start)), frozenset((s.start, s.end) for s in spans)


def split_at_commas(ents, firms: frozenset[tuple[int, int]] = frozenset()) -> list[Span]:
    """One span per name: the NER's "Isle of Arran, Bute North" is two places (not a firm
    named by its partners, "Sturgis, Pell & Hathaway": ``firms``, where they are)."""
    out = []
    for ent in _split_company_of_place(ents):
        if len(ent) < 3 or not any(t.text == "," for t in ent[1:-1]) or (ent.start, ent.end) in firms:
            out.append(ent)
            continue
        start = ent.start
        for t in ent:
            if t.text == ",":
                if t.i > start:
                    out.append(Span(ent.doc, start, t.i, label=ent.label_))
                start = t.i + 1
        if start < ent.end:
            out.append(Span(ent.doc, start, ent.end, label=ent.label_))
    return out
