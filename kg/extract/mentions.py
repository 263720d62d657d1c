"""Named mentions in a parsed Doc: NER spans, cleaned into names.

Titles and honorifics are not names ("Alderwoman Rosa Lind" -> "Rosa Lind", title
"Councilmember"; "Mr Hale" -> "Hale", honorific "Mr"), possessives and a leading "the" go,
a shouted dateline ("PORT ALDER") is written as a name ("Port Alder"). Pure: reads the Doc,
returns records, changes nothing.
"""
from __future__ import annotations

from spacy.attrs import LOWER, ORTH
from spacy.tokens import Doc, Span, Token

from kg.extract.name_cuts import split_title_org_name
from kg.extract.docmemo import column, column_list
from kg.extract.gazetteer import country_names_of, is_city, is_known_place, is_major_place
from kg.extract.lexicon import Lexicon
from kg.extract.missed_names import (as_personal_name, business_mentions, city_mentions, conjunct_mentions,
                                     conventional_mentions, described_as_place, described_place_mentions,
                                     given_name_mentions, org_word_mentions, party_mentions, party_prefix_ids,
                                     resident_place_mentions, speaks_as_business, surname_mentions, title_org_mentions,
                                     titled_name_mentions)
from kg.extract.tokens import sentence_index, string_ids
from kg.model import Mention
from kg.personnames import first_name_gender, fold, is_given_name

# spaCy NER label -> the kind it suggests ("party?" means: only if the lexicon knows the party)
LABEL_KIND = {
    "PERSON": "person", "ORG": "organization", "GPE": "place", "LOC": "place", "FAC": "place",
    "NORP": "norp", "EVENT": "event",
}
POSSESSIVE = {"'s", "’s", "'", "’"}
QUESTION_AUXILIARIES = {"will", "would", "can", "could", "should", "shall", "may", "might", "must", "did", "does",
                        "do", "has", "have", "had", "is", "was"}
EDGE_PUNCT = set("\"'“”‘’.,;:!?()[]>«»-—–")


def _display(text: str, *, shouted_ok: bool) -> str:
    text = " ".join(text.split())
    # a shouted place name (a dateline: "PORT ALDER >>") is written the ordinary way
    if shouted_ok and len(text) > 3 and text.isupper() and all(len(w) > 2 for w in text.split()):
        text = " ".join(w.capitalize() if w.isalpha() else w for w in text.split())
    return text


def clean_span(span: Span, *, lexicon: Lexicon) -> tuple[int, int, str, str, str] | None:
    """Strip determiners, possessives, honorifics and titles from an entity span.

    Returns (start, end, name, honorific, title) or None when nothing of a name is left.
    """
    toks = list(span)
    while toks and (toks[-1].text in POSSESSIVE or toks[-1].tag_ == "POS" or all(c in EDGE_PUNCT for c in toks[-1].text)):
        toks.pop()
    while toks and (toks[0].lower_ in {"the", "a", "an"} or all(c in EDGE_PUNCT for c in toks[0].text)
                    or toks[0].text in POSSESSIVE or toks[0].tag_ == "POS"):
        toks.pop(0)   # "'s Trust": the possessive of a name the NER left out is no part of this one
    while len(toks) > 1 and span.label_ in ("GPE", "LOC") and toks[0].is_lower and toks[0].is_alpha \
            and toks[1].is_title:
        toks.pop(0)   # "west Belfast", "downtown Memphis": which part of the place, not its name
    if len(toks) > 1 and toks[0].is_sent_start and toks[0].lower_ in QUESTION_AUXILIARIES \
            and toks[0].sent[-1].text == "?":
        toks.pop(0)   # "Will Thomas Berg quit?": the question's auxiliary, not a given name
    if span.label_ == "PERSON":
        toks = _without_occupation(toks, lexicon)
    honorific, title = "", []
    hon = _honorific_before(span, lexicon=lexicon)
    if hon:
        honorific = hon
    while len(toks) > 1:
        low = toks[0].lower_.rstrip(".")
        if toks[1].text in POSSESSIVE or toks[1].tag_ == "POS":
            break   # "The Prince's Trust", "the Mayor's Fund": a title's possessive names the thing
        if low in lexicon.honorific_gender or toks[0].lower_ in lexicon.honorific_gender:
            if low in lexicon.royal_titles and (len(toks) == 2 or span.label_ in ("GPE", "LOC", "FAC")):
                break  # "Prince Olaf", "Queen Sofia": the title is how the person is named; "Prince Edward Island"
            honorific = toks[0].text
            toks.pop(0)
        elif (low in lexicon.title_role or low in lexicon.title_modifiers and _title_follows(toks, lexicon)) \
                and not (len(toks) == 2 and toks[0].is_title and is_given_name(toks[0].text)
                         and (title or toks[0].i > 0 and (toks[0].nbor(-1).text == ","
                                                          or toks[0].nbor(-1).lower_.rstrip(".") in lexicon.title_role))):
            title.append(toks[0].text)   # (not "Governor Dean Whitlow", "her coach, Dean Wallis": a given name)
            toks.pop(0)
        elif low in lexicon.rank_abbreviations or toks[0].text == "." and title:
            title.append(toks[0].text)   # "Det. Sgt. Ian Moss": a rank, not a name
            toks.pop(0)
        else:
            break
    if title and len(toks) > 1 and toks[0].lower_ in ("of", "for"):
        toks.pop(0)   # "[Bishop] of Waikare": what the title is of
    if not toks or len(toks) == 1 and toks[0].lower_.rstrip(".") in lexicon.rank_abbreviations:
        return None
    if span.label_ == "PERSON" and toks[-1].lower_ in lexicon.title_role and len(toks) > 1 \
            and not toks[-1].is_title:
        return None  # "the North Tarn MP": a description, not a name (but "Elaine Porter", "Ann Driver")
    if span.label_ in ("ORG", "GPE") and toks[-1].lower_ in lexicon.title_role:
        return None
    name = _display(span.doc[toks[0].i : toks[-1].i + 1].text, shouted_ok=span.label_ in ("GPE", "LOC", "FAC"))
    if not any(c.isalpha() for c in name) or len(toks) == 1 and toks[0].like_num:
        return None   # "becoming its 500th member": a number, an ordinal, no name
    return toks[0].i, toks[-1].i + 1, name, honorific, " ".join(title)


def _without_occupation(toks: list[Token], lexicon: Lexicon) -> list[Token]:
    """"[Boxer] Lee Chambers", "[Veteran broadcaster] Mary Kell", "[Former footballer] X": what a
    person does, capitalised at the start of a sentence, is no part of the name (nor a post:
    no title). Words before it may only say when or whence ("former", "Scottish"); at least a
    given name and a surname are left."""
    k = next((n for n, t in enumerate(toks[:3]) if t.lower_ in lexicon.occupations), None)
    if k is None or len(toks) - k - 1 < 2 \
            or not all(t.is_title and t.is_alpha or t.text == "-" and 0 < n < len(toks) - 1   # "Osei-Bonsu"
                       for n, t in enumerate(toks[k:], start=k)):
        return toks
    if any(t.lower_ not in lexicon.past_title_words and t.lower_ not in lexicon.title_not_position
           and not country_names_of(t.text) for t in toks[:k]):
        return toks
    return toks[k + 1:]


def _complete(ent: Span, *, lexicon: Lexicon) -> Span:
    """Words the NER left off a name: "St Anne's [Hospital]", "[Roads and] Bridges Committee",
    "[Ella] Mae Dobbins"; and words it ran on with: "Hensley's Supermarket [in]", "St Brendan's
    School [for the past 22 years]"."""
    doc, start, end = ent.doc, ent.start, ent.end
    if ent.label_ == "PERSON":   # a given name or an initial before the name, in the same phrase
        while start > 0 and _leading_given_name(doc[start - 1], end, lexicon):
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


def _split_company_of_place(ents) -> list[Span]:
    """The NER's "Nortek Industries of Providence" is a company ("Nortek Industries") and where it
    is ("Providence"), and "Cornell University in Ithaca" a university and its town; "Bank of
    Kenya" and "University of Leeds" stay whole."""
    out = []
    for ent in ents:
        of = next((t.i for t in ent[2:-1] if t.lower_ in ("of", "in")), None) \
            if ent.label_ == "ORG" and len(ent) >= 4 else None
        doc = ent.doc
        ends = _COMPANY_ENDS if of is not None and doc[of].lower_ == "of" else _INSTITUTION_ENDS
        if of is None or doc[of - 1].lower_ not in ends or not doc[of + 1].is_title:
            out.append(ent)
            continue
        out.append(Span(doc, ent.start, of, label="ORG"))
        out.append(Span(doc, of + 1, ent.end, label="GPE"))
    return out


def _joined_at_of(ents, lexicon: Lexicon) -> list[Span]:
    """"[House] of [Albery]", "[University] of [Tarnby]": an organization's word the NER cut
    from the name its "of" brings is one organization."""
    out: list[Span] = []
    for ent in ents:
        prev = out[-1] if out else None
        doc = ent.doc
        if prev is not None and prev.label_ == "ORG" and ent.start == prev.end + 1 and doc[prev.end].lower_ == "of" \
                and prev[-1].lower_ in lexicon.org_heads and prev[-1].is_title \
                and ent.label_ in ("GPE", "LOC", "ORG", "PERSON") and ent[0].is_title:
            out[-1] = Span(doc, prev.start, ent.end, label="ORG")
            continue
        out.append(ent)
    return out


def _party_cut_off(ents, lexicon: Lexicon) -> list[Span]:
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


def _with_county_after_comma(doc: Doc, ents: tuple[Span, ...], lexicon: Lexicon) -> tuple[Span, ...]:
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
        if ent.label_ in ("ORG", "FAC"):
            out[k] = Span(doc, ent.start, ent.end, label="GPE")
        new = Span(doc, j, j + 1, label="GPE")
        if tagged is not None:
            out[out.index(tagged)] = new
        else:
            out.append(new)
        changed = True
    return tuple(sorted(out, key=lambda e: e.start)) if changed else ents


def _with_town_before_region(doc: Doc, ents: tuple[Span, ...], lexicon: Lexicon) -> tuple[Span, ...]:
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
        town = Span(doc, start, end, label="GPE")
        if before is not None:
            out[out.index(before)] = town
        else:
            out.append(town)
        changed = True
    return tuple(sorted(out, key=lambda e: e.start)) if changed else ents


_AMPERSAND_ID = next(iter(string_ids(("&",))))


def _partners_words(doc: Doc, end: int) -> int:
    """The start of the one or two capitalised words of a partner's name ending at ``end``."""
    start = end
    while start > 0 and end - start < 2 and doc[start - 1].is_title and doc[start - 1].is_alpha \
            and doc[start - 1].pos_ in ("PROPN", "NOUN"):
        start -= 1
    return start


def _with_partnership_names(doc: Doc, ents) -> tuple[tuple[Span, ...], frozenset[tuple[int, int]]]:
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


def _split_at_commas(ents, firms: frozenset[tuple[int, int]] = frozenset()) -> list[Span]:
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


_OPENING_QUOTES = frozenset({'"', "“", "‘", "'"})


def _quoted_subject(ent: Span) -> Span | None:
    """A name that opens a quotation as the subject of what is said ('"Norvik Mining has failed
    the town," said X'), which the NER takes for a title of a work: a person's by a given name,
    else an organization's (the kind vote may still say otherwise); so is one whose possessive opens
    it ('"Norvik Mining's handling of it was woeful," said X')."""
    if len(ent) > 1 and ent[-1].dep_ == "case":
        ent = ent[:-1]
    toks = [t for t in ent if t.lower_ != "the"]
    head = ent.root
    if not toks or ent.start == 0 or ent.doc[ent.start - 1].text not in _OPENING_QUOTES \
            or not all(t.pos_ == "PROPN" and t.is_title for t in toks) or head.dep_ not in ("nsubj", "nsubjpass", "poss") \
            or ent.end >= len(ent.doc) or ent.doc[ent.end].text in _OPENING_QUOTES or ent.doc[ent.end].text == "”":
        return None
    person = 2 <= len(toks) <= 3 and is_given_name(toks[0].text)
    return Span(ent.doc, ent.start, ent.end, label="PERSON" if person else "ORG")


def _title_follows(toks: list[Token], lexicon: Lexicon) -> bool:
    """True when the leading modifier words are followed by a title word ("Council President")."""
    for t in toks[1:-1]:
        if t.lower_ in lexicon.title_role:
            return True
        if t.lower_ not in lexicon.title_modifiers:
            return False
    return False


def _honorific_before(span: Span, *, lexicon: Lexicon) -> str:
    """An honorific written just before the span ("Mrs" in "Mrs Okoro" when NER tagged only "Okoro")."""
    if span.start == 0:
        return ""
    prev = span.doc[span.start - 1]
    word = prev.lower_.rstrip(".")
    # "Mrs Okoro"; a styled name too ("Sir Alan Grey", "Lord Woolf"), kept among the person's names
    if prev.is_title and word in lexicon.honorific_gender and (word not in lexicon.royal_titles
                                                                or word in lexicon.surname_titles):
        return prev.text
    return ""


def find_mentions(doc: Doc, *, lexicon: Lexicon, sent_of: list[int] | None = None,
                  ents: tuple[Span, ...] | None = None) -> list[Mention]:
    """Every cleaned NER mention of a person, organization, place or nationality-like group.
    ``sent_of`` (:func:`sentence_index`) and ``ents`` (``doc.ents``, which reads every token)
    are the doc's, when the caller has them already."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    ents = ents if ents is not None else doc.ents
    out = []
    dateline_end = _dateline_end(doc)
    lower = column_list(doc, LOWER)
    ents, firms = _with_partnership_names(doc, ents)
    ents = tuple(split_title_org_name(_party_cut_off(_joined_at_of(_with_place_lists(doc, ents, sent_of), lexicon),
                                                     lexicon), lexicon))
    ents = _with_county_after_comma(doc, ents, lexicon)
    ents = _with_town_before_region(doc, ents, lexicon)
    for ent in _split_at_commas(ents, firms):
        if ent.label_ == "WORK_OF_ART":
            ent = _quoted_subject(ent) or ent
        if ent.label_ not in LABEL_KIND:
            continue
        if ent.end <= dateline_end:  # "DENVER (AP) --" typed PERSON: a dateline names a place
            ent = Span(doc, ent.start, ent.end, label="GPE")
        ent = _widen_to_party(ent, lexicon=lexicon, lower=lower)
        if len(ent) == 1 and ent.label_ in ("PERSON", "ORG", "GPE") and country_names_of(ent.text) \
                and not is_known_place(ent.text) and ent[0].dep_ in ("compound", "amod"):
            ent = Span(doc, ent.start, ent.end, label="NORP")   # "the Nigerien government": a nationality
        ent = as_personal_name(ent, lexicon=lexicon)
        if ent.label_ == "NORP" and described_as_place(ent[-1], lexicon):
            ent = Span(doc, ent.start, ent.end, label="GPE")   # "the Shibuya district of Tokyo"
        if _title_fragment(ent, lexicon=lexicon) or _plural_noun_opening(ent, lexicon):
            continue
        cleaned = clean_span(_complete(ent, lexicon=lexicon), lexicon=lexicon)
        if cleaned is None:
            continue
        start, end, name, honorific, title = cleaned
        surface = " ".join(filter(None, [honorific if honorific and not ent.text.startswith(honorific) else "", ent.text]))
        for p in POSSESSIVE:
            if surface.endswith(p):
                surface = surface[: -len(p)].rstrip()
        out.append(Mention(start, end, name, surface, ent.label_, sent_of[start], honorific, title))
    taken = {i for ent in ents for i in range(ent.start, ent.end) if ent.label_ in LABEL_KIND}
    out.extend(titled_name_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(party_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(title_org_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(conventional_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(resident_place_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(given_name_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(described_place_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(city_mentions(doc, out, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(business_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(org_word_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(conjunct_mentions(doc, ents, taken=taken, lexicon=lexicon, sent_of=sent_of))
    dateline = dateline_mention(doc, taken=taken)
    if dateline:
        out.insert(0, dateline)
    out.extend(surname_mentions(doc, out, lexicon=lexicon, sent_of=sent_of, ents=ents))
    return sorted(out, key=lambda m: m.start)


#: words that join the parts of one place's name ("Holborn and St Pancras", "Stratford-upon-Avon")
_PLACE_JOINERS = frozenset({"and", "&", "of", "upon", "on", "-", "the"})
#: the last words of a district's or constituency's name ("Ashford North West")
_COMPASS_WORDS = frozenset({"north", "south", "east", "west", "central", "northwest", "northeast", "southwest",
                            "southeast"})
_COMMA_ID = next(iter(string_ids((",",))))


def _name_like(toks) -> bool:
    """Capitalised words and the words that join a place's parts, starting and ending capitalised."""
    return bool(toks) and toks[0].is_title and toks[-1].is_title and all(
        t.is_title and t.is_alpha or t.lower_ in _PLACE_JOINERS and not t.is_title or t.text == "-" for t in toks)


def _place_evidence(toks, ent_label: dict[int, str]) -> bool:
    """An item of a list names a place: a compass word ends a part of it ("Ayr North and Bute"),
    ISO 3166 knows it, or the NER typed some of it a place; not a person's given name and surname."""
    if len(toks) > 1 and is_given_name(toks[0].text) and not is_known_place(toks[0].text):
        return False
    return any(t.lower_ in _COMPASS_WORDS for t in toks[1:]) or is_known_place(" ".join(t.text for t in toks)) \
        or any(ent_label.get(t.i) in ("GPE", "LOC") for t in toks)


def _place_list_items(doc: Doc, commas: list[int], ent_label: dict[int, str]) -> list[tuple[int, int]]:
    """The items of one sentence's comma-separated list of places, each a whole name: in "Leeds
    Central, Holborn and Kings Cross, Ayr, Bute and Arran." the items with "and" between commas say
    that the list's "and" joins the parts of a name, the last item's too; with one or none, the
    last "and" ends the list ("Leeds, Ayr and Bute")."""
    sent = doc[commas[0]].sent
    bounds = [sent.start - 1] + commas
    segments = [(bounds[k] + 1, bounds[k + 1]) for k in range(len(bounds) - 1)]
    end = commas[-1] + 1
    while end < sent.end and (doc[end].is_title and doc[end].is_alpha or doc[end].lower_ in _PLACE_JOINERS
                              or doc[end].text == "-"):
        end += 1
    while end > commas[-1] + 1 and not doc[end - 1].is_title:
        end -= 1
    segments.append((commas[-1] + 1, end))
    # the first item is the capitalised words just before the first comma ("... are: Ayr North")
    first_start, first_end = segments[0]
    k = first_end
    while k > first_start and (doc[k - 1].is_title and doc[k - 1].is_alpha or doc[k - 1].lower_ in _PLACE_JOINERS
                               or doc[k - 1].text == "-"):
        k -= 1
    while k < first_end and not doc[k].is_title:
        k += 1
    segments[0] = (k, first_end)
    # the longest run of name-like items
    best: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    for a, b in segments:
        run = run + [(a, b)] if _name_like(doc[a:b]) else []
        if len(run) > len(best):
            best = run
    if len(best) < 3:
        return []
    if sum(_place_evidence(doc[a:b], ent_label) for a, b in best) * 2 < len(best):
        return []
    inner_ands = sum(any(t.lower_ in ("and", "&") for t in doc[a:b]) for a, b in best[:-1])
    items = list(best[:-1])
    a, b = best[-1]
    ands = [t.i for t in doc[a:b] if t.lower_ == "and"]
    if len(ands) == 1 and inner_ands < 2 and best[-1] == segments[-1]:
        items += [(a, ands[0]), (ands[0] + 1, b)]
    else:
        items.append((a, b))
    items = [(a, b) for a, b in items if _name_like(doc[a:b])]
    return items if len(items) >= 4 else []


def _with_place_lists(doc: Doc, ents, sent_of: list[int]):
    """``ents`` with each item of a list of places as one GPE span, in place of the NER's pieces
    and types ("Holborn" PERSON, "St Pancras" PERSON -> "Holborn and St Pancras" GPE)."""
    by_sent: dict[int, list[int]] = {}
    orth = column(doc, ORTH)
    commas = (orth == _COMMA_ID).nonzero()[0].tolist()
    if len(commas) < 2:
        return ents
    for i in commas:   # a comma between two capitalised words: one that may end an item of a list of names
        if 0 < i < len(doc) - 1 and doc[i - 1].is_title and doc[i + 1].is_title:
            by_sent.setdefault(sent_of[i], []).append(i)
    lists = [c for c in by_sent.values() if len(c) >= 2]
    if not lists:
        return ents
    ent_label = {i: e.label_ for e in ents for i in range(e.start, e.end)}
    items = [item for commas in lists for item in _place_list_items(doc, commas, ent_label)]
    if not items:
        return ents
    covered = {i for a, b in items for i in range(a, b)}
    kept = [e for e in ents if not any(i in covered for i in range(e.start, e.end))]
    return tuple(sorted(kept + [Span(doc, a, b, label="GPE") for a, b in items], key=lambda e: e.start))


DATELINE_SEPARATORS = {">>", ">", "—", "--", "–", "-", ":", "(", "_"}


def _dateline_words(doc: Doc) -> list[Token]:
    """The capitalised place name opening an article: "RIVERTON >>", "PORTLAND, Maine --"."""
    words = []
    for t in doc[:6]:
        if t.is_alpha and t.is_upper and len(t) > 1 or (words and t.text in (".", "'")):
            words.append(t)
            continue
        break
    if not words or len(words) == len(doc):
        return []
    after = len(words)
    if doc[after].text == "," and after + 2 < len(doc) and doc[after + 1].is_title:
        after += 2  # ", Maine"
        while after < len(doc) and doc[after].is_title and doc[after].is_alpha:
            after += 1
    return words if after < len(doc) and doc[after].text in DATELINE_SEPARATORS else []


def _dateline_end(doc: Doc) -> int:
    words = _dateline_words(doc)
    return words[-1].i + 1 if words else 0


def _widen_to_party(ent: Span, *, lexicon: Lexicon, lower: list[int]) -> Span:
    """"Liberal [Democrat]", "Lib [Dems]'": a party the NER tagged only in part. ``lower``: the
    doc's LOWER column (a party name's first word is the start of some party name)."""
    if ent.label_ not in ("NORP", "ORG"):
        return ent
    doc = ent.doc
    starts = party_prefix_ids(lexicon)
    for left in (2, 1, 0):
        for right in (2, 1, 0):
            start, end = ent.start - left, ent.end + right
            if start < 0 or end > len(doc) or (left == right == 0) or lower[start] not in starts:
                continue
            if doc[start:end].text.lower() in lexicon.party_of and all(t.text[:1].isupper() for t in doc[start:end]):
                return Span(doc, start, end, label="NORP")
    return ent


def _title_fragment(ent: Span, *, lexicon: Lexicon) -> bool:
    """"[Health] Secretary Alan Whitmore", "[Shadow Home] Secretary X": words of a title the NER
    tagged as an organization."""
    if ent.label_ not in ("ORG", "NORP", "GPE") or ent.end >= len(ent.doc):
        return False
    if ent.text.lower() in lexicon.party_of:
        return False
    nxt = ent.doc[ent.end]
    if ent.label_ == "ORG" and len(ent) == 1 and nxt.lower_ in _CABINET_TITLES and ent[0].is_title \
            and ent.end + 1 < len(ent.doc) and ent.doc[ent.end + 1].pos_ == "PROPN" \
            and ent[0].lower_ not in lexicon.org_heads and not is_known_place(ent.text):
        return True   # "[Agriculture] Minister Huw Rees": a department's word of a minister's title
    return nxt.lower_ in lexicon.title_role and all(
        t.lower_ in lexicon.title_modifiers for t in ent if not t.is_punct)


def _plural_noun_opening(ent: Span, lexicon: Lexicon) -> bool:
    """"[Shoppers] queued outside": a plural common noun capitalised as a sentence's first word,
    typed a name, that does not speak as a business (:func:`speaks_as_business`)."""
    tok = ent[0]
    return len(ent) == 1 and tok.is_sent_start and tok.pos_ == "NOUN" and tok.tag_ == "NNS" \
        and ent.label_ in ("ORG", "PERSON", "NORP") and not speaks_as_business(tok, lexicon, said_it=True)


#: the titles a department's word comes before: "Agriculture Minister", "Transport Secretary"
_CABINET_TITLES = frozenset({"minister", "secretary"})


def dateline_mention(doc: Doc, *, taken: set[int]) -> Mention | None:
    """A shouted place name opening the article: "PORT ALDER >> ...", "GENEVA (AP) --"."""
    words = _dateline_words(doc)
    if not words:
        return None
    if any(t.i in taken for t in words):
        return None
    name = _display(doc[0 : len(words)].text, shouted_ok=True)
    return Mention(0, len(words), name, doc[0 : len(words)].text, "GPE", 0)

