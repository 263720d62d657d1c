"""Which single words may be part of a name the NER passed over: a person's name word
(capitalised, no title, honorific, organization, place or event word) and an organization's or
a town's name word (capitalised, no title, honorific or party), and the title words as string
ids. Shared by the finders of missed people, places and organizations. Pure.
"""
from __future__ import annotations

from functools import lru_cache

from spacy.tokens import Token

from kg.extract.lexicon import Lexicon
from kg.extract.tokens import string_ids


def name_word(tok: Token, lexicon: Lexicon) -> bool:
    """A capitalised proper noun that could be part of a person's name: no title, honorific,
    organization or place word."""
    return tok.pos_ == "PROPN" and tok.tag_ != "NNPS" and name_word_any(tok, lexicon)


def name_word_any(tok: Token, lexicon: Lexicon) -> bool:
    """:func:`name_word`, also for a capitalised word the tagger took for a common noun."""
    low = tok.lower_
    return tok.is_title and low not in lexicon.title_role and low.rstrip(".") not in lexicon.honorific_gender \
        and low not in lexicon.org_heads and low not in lexicon.place_nouns and low not in lexicon.event_nouns


def org_word(tok: Token, lexicon: Lexicon) -> bool:
    """A capitalised (or all-capitals) proper noun that could be a word of an organization's or
    a town's name: no title, title modifier, honorific or party, nor a word of a name the NER
    typed anything but a work, a product or a law."""
    low = tok.lower_.rstrip(".")
    return tok.pos_ == "PROPN" and (tok.is_title or tok.is_upper) and tok.is_alpha \
        and tok.ent_type_ in ("", "WORK_OF_ART", "PRODUCT", "LAW") \
        and low not in lexicon.title_role and low not in lexicon.title_modifiers \
        and low not in lexicon.honorific_gender and low not in lexicon.party_of


@lru_cache(maxsize=4)
def title_ids(lexicon: Lexicon) -> frozenset[int]:
    """Every title word ("chair", "presenter"), as string ids."""
    return string_ids(lexicon.title_role)


def initials(name: str, lexicon: Lexicon) -> str:
    """The letters an acronym of ``name`` would have: "Democratic Alliance" -> "DA" (its small
    words left out: ``acronym_skip``)."""
    out = []
    for w in name.replace("-", " ").split():
        if w.lower() in lexicon.acronym_skip:
            continue
        out.append(w if w.isupper() and len(w) > 1 else w[0])
    return "".join(out).upper()
