"""Leadership said by where one stands: "at the helm of Y", "in charge of Y", hung on a person,
on a stretch of time or on the clause of the one who stood there; and by what an organization did
under someone ("Under the leadership of X, Y ...").

"X is the man at the helm of Y", "X, the woman in charge of Y", "after 12 years at the helm of Y,
X stepped down", "X spent a decade in charge of Y", "X's decade at the helm of Y", "X, at the helm
of Y since 1997, said" all make X a leader of Y (a past fact is still a fact). Not "X hopes to
spend years at the helm of Y", nor "the crisis at the helm of Y" (no one is said to stand there).
"""
from __future__ import annotations

from spacy.attrs import LOWER
from spacy.tokens import Doc, Token

from kg.extract.coref import Resolver
from kg.extract.docmemo import children
from kg.extract.factuality import is_negated, is_nonfactual
from kg.extract.lexicon import Lexicon
from kg.extract.clauses import implicit_subject
from kg.extract.tokens import string_ids, tokens_with
from kg.model import Fact, ObjectRef

#: (preposition, noun) of standing at the head: "at the helm of", "in charge of"
PLACES = frozenset({("at", "helm"), ("in", "charge")})
#: nouns that stand for the one at the helm ("the man at the helm"), or for the time spent there
PERSON_NOUNS = frozenset({"man", "woman", "person", "figure", "one"})
#: verbs of being somewhere, whose subject stands at the helm: "remained at the helm of Y"
STAND_VERBS = frozenset({"be", "remain", "stay", "spend", "serve", "continue", "sit", "stand"})
TIME_NOUNS = frozenset({"year", "decade", "month", "week", "time", "spell", "stint", "tenure", "period", "era",
                        "reign", "season", "term"})


#: nouns of leading, after "under": "under the leadership of X, Y ...", "under X's chairmanship, Y ..."
LED_UNDER = frozenset({"leadership", "chairmanship", "stewardship", "presidency", "captaincy", "guidance"})
_LED_UNDER_IDS = string_ids(LED_UNDER)
_UNDER_IDS = string_ids(("under",))
_PLACE_NOUN_IDS = string_ids(frozenset(noun for _, noun in PLACES))


def helm_facts(doc: Doc, *, resolver: Resolver, lexicon: Lexicon, sent_of: list[int]) -> list[Fact]:
    out: list[Fact] = _led_under(doc, resolver=resolver, lexicon=lexicon, sent_of=sent_of)
    ents = resolver.table.entities
    for tok in tokens_with(doc, LOWER, _PLACE_NOUN_IDS):
        if tok.dep_ != "pobj" or (tok.head.lower_, tok.lower_) not in PLACES:
            continue
        org_tok = next((g for c in children(tok) if c.dep_ == "prep" and c.lower_ == "of"
                        for g in children(c) if g.dep_ == "pobj"), None)
        if org_tok is None:
            continue
        orgs = [r for r in resolver.referents(org_tok) if ents[r.key].kind == "organization"]
        found = _holder(tok.head.head, lexicon) if orgs else None
        if found is None:
            continue
        holder, clause = found
        if clause is not None and (is_negated(clause) or is_nonfactual(clause, lexicon=lexicon)):
            continue
        sent = sent_of[tok.i]
        for h in resolver.referents(holder):
            if ents[h.key].kind != "person":
                continue
            for org in orgs:
                via = tuple(sorted({v for v in (h.via_sentence, org.via_sentence) if v is not None and v != sent}))
                out.append(Fact(h.key, "leaderOf", ObjectRef.entity(org.key), sent, via, "phrase:helm", 0.75, tok.i))
    return out


def _holder(head: Token, lexicon: Lexicon) -> tuple[Token, Token | None] | None:
    """The one the "at the helm" phrase hung on ``head`` is said of, and the clause that says it."""
    if head.pos_ in ("VERB", "AUX"):   # "spent 14 years at the helm", "X, at the helm since 1997, said"
        at = next(c for c in children(head) if c.dep_ == "prep" and any(g.dep_ == "pobj" and (c.lower_, g.lower_)
                                                                      in PLACES for g in children(c)))
        objects = [c for c in children(head) if c.dep_ in ("dobj", "attr")]
        aside = at.i > 0 and head.doc[at.i - 1].text == "," and at.i < head.i   # "X, at the helm of Y, said"
        if head.lemma_.lower() in STAND_VERBS and not objects or aside \
                or objects and all(o.lemma_.lower() in TIME_NOUNS for o in objects):
            return _subject(head)
        return None   # "blamed the turmoil at the helm of Y": no one stood there
    if head.pos_ == "PROPN":           # "with X at the helm of Y"
        return head, None
    noun = head.lemma_.lower()
    if noun not in PERSON_NOUNS and noun not in TIME_NOUNS:
        return None
    owner = next((c for c in children(head) if c.dep_ == "poss"), None)
    if owner is not None:              # "X's decade at the helm of Y"
        return owner, head.head if head.head.pos_ in ("VERB", "AUX") else None
    if noun in PERSON_NOUNS and head.dep_ == "appos":   # "X, the man at the helm of Y"
        return head.head, None
    if head.dep_ == "attr" and noun in PERSON_NOUNS or head.dep_ in ("dobj", "npadvmod") and noun in TIME_NOUNS \
            or head.dep_ == "pobj" and head.head.dep_ == "prep" and noun in TIME_NOUNS:
        verb = head.head if head.dep_ != "pobj" else head.head.head   # "after 12 years at the helm, X quit"
        if verb.pos_ in ("VERB", "AUX"):
            return _subject(verb)
    return None


def _subject(verb: Token) -> tuple[Token, Token] | None:
    subject = next((c for c in children(verb) if c.dep_ in ("nsubj", "nsubjpass")), None) or implicit_subject(verb)
    return (subject, verb) if subject is not None else None


def _led_under(doc: Doc, *, resolver: Resolver, lexicon: Lexicon, sent_of: list[int]) -> list[Fact]:
    """"Under the leadership of X, the union doubled its membership", "Under X's chairmanship, Y
    cut its debts", "Under managing director X, Y doubled its list": X leads the organization the
    clause is about (its subject)."""
    out: list[Fact] = []
    ents = resolver.table.entities
    nouns = list(tokens_with(doc, LOWER, _LED_UNDER_IDS))
    # "Under managing director X, the firm ...": a name with a head's title before it
    nouns += [t for u in tokens_with(doc, LOWER, _UNDER_IDS) for t in children(u) if t.dep_ == "pobj"
              and t.pos_ == "PROPN" and _head_titled(t, lexicon)]
    for tok in nouns:
        if tok.dep_ != "pobj" or tok.head.lower_ != "under":
            continue
        verb = tok.head.head
        if verb.pos_ not in ("VERB", "AUX") or is_negated(verb) or is_nonfactual(verb, lexicon=lexicon):
            continue
        leader = tok if tok.pos_ == "PROPN" else next((c for c in children(tok) if c.dep_ == "poss"), None) or next(
            (g for c in children(tok) if c.dep_ == "prep" and c.lower_ == "of" for g in children(c) if g.dep_ == "pobj"), None)
        subject = next((c for c in children(verb) if c.dep_ in ("nsubj", "nsubjpass")), None)
        if leader is None or subject is None:
            continue
        sent = sent_of[tok.i]
        for h in resolver.referents(leader):
            for org in resolver.referents(subject):
                if ents[h.key].kind == "person" and ents[org.key].kind == "organization":
                    via = tuple(sorted({v for v in (h.via_sentence, org.via_sentence) if v is not None and v != sent}))
                    out.append(Fact(h.key, "leaderOf", ObjectRef.entity(org.key), sent, via, "phrase:led-under", 0.7,
                                    tok.i))
    return out


def _head_titled(name: Token, lexicon: Lexicon) -> bool:
    """A head's title is written before the name: "managing director X", "chief executive X"."""
    words = [t.lower_ for t in name.doc[name.left_edge.i:name.i]]
    return any(lexicon.title_role.get(w) == "leader" for w in words) or any(
        lexicon.title_role.get(f"{a} {b}") == "leader" for a, b in zip(words, words[1:]))
