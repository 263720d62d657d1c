"""Small readings of the parse that the resolver and the phrase layer share."""
from __future__ import annotations

from spacy.tokens import Token


def apposed_name(n: Token) -> Token | None:
    """The name in apposition to a title: "the chairman, X", also when the parse hangs it on the
    title's object ("the chairman of Y, X": X in apposition to Y)."""
    for c in n.children:
        if c.dep_ == "appos" and c.pos_ == "PROPN":
            return c
    for prep in n.children:
        if prep.dep_ == "prep" and prep.lower_ in ("of", "at", "for", "with"):
            for obj in prep.children:
                if obj.dep_ == "pobj":
                    return next((c for c in obj.children if c.dep_ == "appos" and c.pos_ == "PROPN"
                                 and c.ent_type_ == "PERSON"), None)
    return None

