"""Small readings of the parse that the resolver and the phrase layer share."""
from __future__ import annotations

from spacy.tokens import Token

#: spans of time an event is told in: "two days of talks", "three rounds of negotiations"
TIME_SPANS = frozenset({"day", "week", "hour", "night", "month", "round", "session"})


def verb_of_object_conjunct(tok: Token) -> Token | None:
    """"should do the decent thing and resign": a bare verb the parse hangs as the conjunct of
    another verb's object (often tagged a noun); that other verb, whose subject and modality it
    shares. None for a noun conjunct ("met officials and the governor": it has a determiner)."""
    head = tok.head
    if tok.dep_ != "conj" or head.pos_ != "NOUN" or head.dep_ != "dobj" or head.head.pos_ != "VERB" \
            or tok.lower_ != tok.lemma_.lower() \
            or any(c.dep_ in ("det", "poss", "amod", "compound", "appos") for c in tok.children):
        return None
    return head.head


def is_postnominal(tok: Token, lexicon) -> bool:
    """A member's letters after a name, in capitals ("Rory Dunn MSP"; not "Ms"); ``lexicon``: a
    :class:`kg.extract.lexicon.Lexicon`."""
    return tok.is_upper and tok.lower_ in lexicon.postnominal_titles


def apposed_name(n: Token) -> Token | None:
    """The name in apposition to a title: "the chairman, X", also when the parse hangs it on the
    title's object ("the chairman of Y, X": X in apposition to Y), or on a place after it ("a
    spokeswoman for Y in Oslo, X"), or on the post after "as" ("Y's successor as chairman, X")."""
    for c in n.children:
        if c.dep_ == "appos" and c.pos_ == "PROPN":
            return c
    for prep in n.children:
        if prep.dep_ == "prep" and prep.lower_ in ("of", "at", "for", "with"):
            for obj in prep.children:
                if obj.dep_ == "pobj":
                    return _person_apposed(obj, depth=1)
        if prep.dep_ == "prep" and prep.lower_ == "as":   # "Y's successor as chairman (of Z), X"
            for obj in prep.children:
                if obj.dep_ == "pobj" and obj.pos_ == "NOUN":
                    return apposed_name(obj)
    return None


def _person_apposed(obj: Token, *, depth: int) -> Token | None:
    """A person's name in apposition to ``obj``, or to the object of its "in" or "at" phrase."""
    # (a name the model left untyped or called an organization too: whether it is a person's is the resolver's to say)
    found = next((c for c in obj.children if c.dep_ == "appos" and c.pos_ == "PROPN" and c.ent_type_ in ("PERSON", "", "ORG")),
                 None)
    if found is not None or depth == 0:
        return found
    for prep in obj.children:
        if prep.dep_ == "prep" and prep.lower_ in ("in", "at"):
            for inner in prep.children:
                if inner.dep_ == "pobj":
                    return _person_apposed(inner, depth=depth - 1)
    return None


def past_tense_read_as_participle(v: Token) -> bool:
    """A past tense the parse tagged a participle, its object read as a complement: "The governor,
    Ana Ruiz, named Tom Hale as her deputy", hung on the sentence's subject as if "the governor
    (was) named Tom Hale" and leaving the sentence no verb, or the sentence's verb, with a subject
    and no auxiliary, whose object is called a complement. Only with a name as that object, and
    for the first only after a name in apposition and its comma."""
    if v.tag_ != "VBN" or not any(c.dep_ in ("dobj", "oprd") and c.ent_type_ in ("PERSON", "ORG") for c in v.children):
        return False
    if v.dep_ in ("ROOT", "conj"):
        return any(c.dep_ == "nsubj" for c in v.children) and not any(c.dep_ in ("aux", "auxpass") for c in v.children)
    if v.dep_ != "acl" or v.i == 0 or v.doc[v.i - 1].text != ",":
        return False
    root, head = v.sent.root, v.head
    return root.pos_ in ("NOUN", "PROPN") and (head.i == root.i or head.dep_ == "appos" and root.is_ancestor(head)) \
        and any(t.dep_ == "appos" and t.i < v.i for t in root.subtree)


#: verbs by which a thing is said to come from someone: "the call came from X"
SOURCE_VERBS = frozenset({"come", "emerge"})


def source_of(noun: Token) -> Token | None:
    """Who a noun is said to come from, when it is the subject of "came from": "criticism of Y came
    from X", "the call for Y to resign came from X": X."""
    head = noun.head
    if noun.dep_ != "nsubj" or head.lemma_.lower() not in SOURCE_VERBS:
        return None
    return next((g for c in head.children if c.dep_ == "prep" and c.lower_ == "from"
                 for g in c.children if g.dep_ == "pobj"), None)
