"""Named mentions in a parsed Doc: NER spans, cleaned into names.

Titles and honorifics are not names ("Alderwoman Rosa Lind" -> "Rosa Lind", title
"Councilmember"; "Mr Hale" -> "Hale", honorific "Mr"), possessives and a leading "the" go,
a shouted dateline ("PORT ALDER") is written as a name ("Port Alder"). Pure: reads the Doc,
returns records, changes nothing.
"""
from __future__ import annotations

from spacy.attrs import LOWER
from spacy.tokens import Doc, Span, Token

from kg.extract.name_cuts import split_title_org_name
from kg.extract.syntax import is_postnominal
from kg.extract.docmemo import column, column_list
from kg.extract.gazetteer import country_names_of, is_known_place
from kg.extract.lexicon import Lexicon, singular_title
from kg.extract.described_orgs import described_org_mentions
from kg.extract.paragraphs import DATELINE_DASHES, dateline_end as wire_dateline_end
from kg.extract.missed_organizations import (acronym_mentions, team_mentions, business_mentions, conjunct_mentions, conventional_mentions,
                                             org_word_mentions, party_mentions, party_prefix_ids, speaks_as_business,
                                             title_org_mentions)
from kg.extract.missed_people import (as_personal_name, described_surname_mentions, given_name_mentions, is_demonym, surname_mentions,
                                      titled_name_mentions)
from kg.extract.missed_places import (city_mentions, region_after_town_mentions, described_as_place, described_place_mentions,
                                      resident_place_mentions)
from kg.extract.place_lists import with_place_lists
from kg.extract.spans import (complete, joined_at_of, party_cut_off, split_at_commas, with_county_after_comma,
                              with_partnership_names, with_town_before_region)
from kg.extract.tokens import sentence_index
from kg.model import Mention
from kg.personnames import is_given_name

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
    if len(toks) == 1 and span.label_ in ("GPE", "LOC", "NORP") and toks[0].lower_ in lexicon.occupations \
            and toks[0].i + 1 < len(span.doc) and span.doc[toks[0].i + 1].ent_type_ == "PERSON":
        return None   # "Violinist Marta Kowal": the trade before the name, no place
    honorific, title = "", []
    hon = _honorific_before(span, lexicon=lexicon)
    if hon:
        honorific = hon
    while len(toks) > 1:
        low = toks[0].lower_.rstrip(".")
        if toks[1].text in POSSESSIVE or toks[1].tag_ == "POS" or span.label_ != "PERSON" and any(
                t.text in POSSESSIVE or t.tag_ == "POS" for t in toks[2:4]):
            break   # "The Prince's Trust", "the Mayor's Fund", "the Federal Prosecutor's Office": a title's
                    # possessive names the thing
        if low in lexicon.honorific_gender or toks[0].lower_ in lexicon.honorific_gender:
            if low in lexicon.royal_titles and (len(toks) == 2 or span.label_ in ("GPE", "LOC", "FAC")):
                break  # "Prince Olaf", "Queen Sofia": the title is how the person is named; "Prince Edward Island"
            honorific = toks[0].text
            toks.pop(0)
        elif (low in lexicon.title_role or low in lexicon.title_modifiers and _title_follows(toks, lexicon)
              or span.label_ == "PERSON" and singular_title(low, lexicon)) \
                and not (len(toks) == 2 and toks[0].is_title and is_given_name(toks[0].text)
                         and (low in lexicon.name_like_titles or title or toks[0].i > 0 and (
                             toks[0].nbor(-1).text == "," or toks[0].nbor(-1).lower_.rstrip(".") in lexicon.title_role))):
            title.append(toks[0].text)   # (not "Governor Dean Whitlow", "her coach, Dean Wallis",
                                         # "striker Dean Holt": a given name)
            toks.pop(0)
            if len(toks) > 2 and toks[0].text == "-" and toks[1].is_title:
                title[-1] += "-" + toks[1].text   # "Auditor-General Thabo Mahlangu", "Attorney-General X"
                del toks[:2]
        elif low in lexicon.rank_abbreviations or toks[0].text == "." and title:
            title.append(toks[0].text)   # "Det. Sgt. Ian Moss": a rank, not a name
            toks.pop(0)
        else:
            break
    if title and len(toks) > 1 and toks[0].lower_ in ("of", "for"):
        toks.pop(0)   # "[Bishop] of Waikare": what the title is of
    if not toks or len(toks) == 1 and toks[0].lower_.rstrip(".") in lexicon.rank_abbreviations:
        return None
    if span.label_ == "PERSON" and len(toks) > 2 and is_postnominal(toks[-1], lexicon) and toks[-2].is_title:
        toks.pop()   # "Owen Pryce MS": the name, then a member's letters
    if span.label_ in ("PERSON", "ORG", "NORP") and len(toks) > 2 and is_given_name(toks[1].text) \
            and is_demonym(toks[0], lexicon):
        title.append(toks[0].text)   # "the Dane Lars Madsen", "the Uruguayan Diego Ferraro": whence, not a name
        toks.pop(0)
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


_OPENING_QUOTES = frozenset({'"', "“", "‘", "'"})


#: what the NER may call a newspaper's name: a law, a work, a building, a person
_MASTHEAD_MISREAD = frozenset({"LAW", "WORK_OF_ART", "PRODUCT", "FAC", "PERSON", "GPE", "LOC", "ORG"})


def _as_newspaper(ent: Span, lexicon: Lexicon) -> Span:
    """A newspaper's name, whatever the NER typed it: "the Harrowgate Echo" (LAW), "the Valley
    [Gazette]" (only "Gazette", a PERSON): capitalised words ending in a masthead word, after "the"."""
    doc, start = ent.doc, ent.start
    if ent.label_ not in _MASTHEAD_MISREAD or not ent[-1].is_title or ent[-1].lower_ not in lexicon.masthead_words:
        return ent
    while start > 0 and ent.end - start < 4 and doc[start - 1].is_title and doc[start - 1].pos_ == "PROPN" \
            and not doc[start - 1].ent_type_ and (doc[start - 1].head.i == ent.end - 1
                                                  or start > 1 and doc[start - 2].lower_ == "the"):
        start -= 1   # "the [Valley] Gazette"
    first = next((t for t in doc[start:ent.end] if t.lower_ != "the"), ent[-1])
    if first.i == ent.end - 1 or not (doc[start].lower_ == "the" or start > 0 and doc[start - 1].lower_ == "the"):
        return ent   # a masthead word alone, or no "the": perhaps a person ("Ruby Echo")
    return ent if (start, ent.label_) == (ent.start, "ORG") else Span(doc, start, ent.end, label="ORG")


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
    if dateline_end:   # "ST. PAUL, Minn. (AP) --", whatever the NER made of it: one place (dateline_mention)
        ents = tuple(e for e in ents if e.start >= dateline_end)
    lower = column_list(doc, LOWER)
    ents, firms = with_partnership_names(doc, ents)
    ents = tuple(split_title_org_name(party_cut_off(joined_at_of(with_place_lists(doc, ents, sent_of), lexicon),
                                                     lexicon), lexicon))
    ents = with_county_after_comma(doc, ents, lexicon)
    ents = with_town_before_region(doc, ents, lexicon)
    wire_end = wire_dateline_end(doc) or 0
    for ent in split_at_commas(ents, firms):
        if ent.end <= wire_end and ent.start > 0 and doc[ent.start - 1].text == "(":
            continue   # "DAKAR, Senegal (AP) —": the agency of a dateline is the story's source, no name in it
        if len(ent) >= 2 and ent[0].is_sent_start and ent[0].lower_ in lexicon.org_descriptors and ent[1].is_title \
                and ent[0].lower_ not in lexicon.org_heads and ent[0].lower_ not in lexicon.business_words \
                and ent[1].lower_ not in ("of", "for", "and") and ent.label_ in ("PERSON", "ORG", "GPE", "NORP", "FAC"):
            ent = Span(doc, ent.start + 1, ent.end, label="ORG")   # "[Insurer] Norland Mutual has picked ...": what it is
        if ent.label_ == "WORK_OF_ART":
            ent = _quoted_subject(ent) or ent
        ent = _as_newspaper(ent, lexicon)
        if ent.label_ not in LABEL_KIND:
            continue
        ent = _widen_to_party(ent, lexicon=lexicon, lower=lower)
        if len(ent) == 1 and ent.label_ in ("PERSON", "ORG", "GPE") and country_names_of(ent.text) \
                and not is_known_place(ent.text) and ent[0].dep_ in ("compound", "amod"):
            ent = Span(doc, ent.start, ent.end, label="NORP")   # "the Nigerien government": a nationality
        ent = as_personal_name(ent, lexicon=lexicon)
        if ent.label_ == "NORP" and described_as_place(ent[-1], lexicon):
            ent = Span(doc, ent.start, ent.end, label="GPE")   # "the Shibuya district of Tokyo"
        if _title_fragment(ent, lexicon=lexicon) or _plural_noun_opening(ent, lexicon) \
                or len(ent) == 1 and ent.start > 0 and is_postnominal(ent[0], lexicon) and doc[ent.start - 1].is_title:
            continue   # ("Rory Dunn [MSP]": a member's letters, no organization)
        cleaned = clean_span(complete(ent, lexicon=lexicon), lexicon=lexicon)
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
    out.extend(described_surname_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(described_place_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(city_mentions(doc, out, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(region_after_town_mentions(doc, out, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(business_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(org_word_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(team_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(described_org_mentions(doc, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(conjunct_mentions(doc, ents, taken=taken, lexicon=lexicon, sent_of=sent_of))
    out.extend(acronym_mentions(doc, ents, taken=taken, lexicon=lexicon, sent_of=sent_of))
    dateline = dateline_mention(doc, taken=taken)
    if dateline:
        out.insert(0, dateline)
    out.extend(surname_mentions(doc, out, lexicon=lexicon, sent_of=sent_of, ents=ents))
    return sorted(out, key=lambda m: m.start)


DATELINE_SEPARATORS = {">>", ">", "—", "--", "–", "-", ":", "(", "_"}


def _dateline_words(doc: Doc) -> list[Token]:
    """The capitalised place name opening an article: "RIVERTON >>", "PORTLAND, Maine --",
    "ST. PAUL, Minn. (AP) --" (a wire dateline, as ``paragraphs.dateline_end`` finds it)."""
    if wire_dateline_end(doc) is not None:
        town = []
        for t in doc[:6]:
            if t.text in (",", "(") or t.text in DATELINE_DASHES:
                break
            town.append(t)
        return town
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
    text = doc[0 : len(words)].text
    name = " ".join(w.capitalize() if w.isupper() else w for w in text.split()) if len(text) > 3 else text
    return Mention(0, len(words), name, text, "GPE", 0)
