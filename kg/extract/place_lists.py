"""Lists of places the NER read in pieces: "Ashby and Coalville, Stroud North West and
Ayr" (each item one place, whatever the NER typed its words), found by the commas between
capitalised words and what makes an item a place's name.
"""
from __future__ import annotations

from spacy.attrs import ORTH
from spacy.tokens import Doc, Span

from kg.extract.docmemo import column
from kg.extract.gazetteer import is_known_place
from kg.extract.tokens import string_ids
from kg.personnames import is_given_name


#: words that join the parts of one place's name ("Ashby and Coalville", "Stratford-upon-Avon")
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
    Central, Ashby and Coalville, Ayr, Bute and Arran." the items with "and" between commas say
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


def with_place_lists(doc: Doc, ents, sent_of: list[int]):
    """``ents`` with each item of a list of places as one GPE span, in place of the NER's pieces
    and types ("Ashby" PERSON, "Coalville" PERSON -> "Ashby and Coalville" GPE)."""
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
