"""What the verb and the noun readings of a clause share: the :class:`Predication` and
:class:`Prep` records, a word's prepositional objects, the subject a clause leaves out, and whether
the text asserts a clause (not conditional, modal, requested, denied, subjunctive or asked).

Subjects a clause leaves out are found where English puts them: a conjoined verb shares its
subject ("met the mayor and praised her"), a controlled verb takes its controller's ("agreed to
meet", "urged X to resign" gives X), a participle or relative clause its noun ("a charity run by
X"), a gerund after "after" or "in" the subject of the verb it hangs on.

Pure: reads the parse, changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

from kg.extract.docmemo import children
from kg.extract.syntax import verb_of_object_conjunct
from kg.extract.factuality import is_nonfactual
from kg.extract.lexicon import Lexicon


SUBJECT_DEPS = ("nsubj", "nsubjpass", "csubj")


OBJECT_CONTROL = ("dobj", "dative")


@dataclass(frozen=True)
class Prep:
    """A prepositional object: "at" and the token of its object."""

    word: str
    token: int


@dataclass(frozen=True)
class Predication:
    """One verb (or relational noun) with its arguments, as token indices into the Doc."""

    trigger: int                       # the verb, or the relational noun
    lemma: str                         # lower-case lemma: "hit", "member"
    kind: str                          # "verb" or "noun"
    agent: int | None                  # who does it (a passive's "by" object)
    patient: int | None                # whom it is done to (a passive's subject)
    particles: tuple[str, ...] = ()    # "out" of "hit out at"; a noun's modifiers ("chief")
    preps: tuple[Prep, ...] = ()
    passive: bool = False
    negated: bool = False
    asserted: bool = True              # False: conditional, modal, requested, denied or asked


def infinitive(tok: Token) -> bool:
    """A bare verb tagged a noun after "to", the object of "to" on a verb ("phoned X to
    apologise" parsed as "to [the] apologise"): an infinitive of purpose."""
    to = tok.head
    return tok.dep_ == "pobj" and to.lower_ == "to" and to.i == tok.i - 1 and to.head.pos_ in ("VERB", "AUX") \
        and tok.lower_ == tok.lemma_.lower()


#: verbs of getting in touch: an infinitive after their object is a purpose, done by their subject
#: ("phoned X to apologise"), and one said there is said to the one contacted
CONTACT_VERBS = frozenset({"phone", "telephone", "ring", "email", "e-mail", "text", "message", "write", "contact",
                           "visit", "meet", "approach"})


#: verbs that give someone a title, said as "V X TITLE"
NAMING_VERBS = frozenset({"name", "appoint", "elect", "re-elect", "make", "choose", "crown", "declare",
                          "nominate", "install", "confirm", "vote", "pick", "tap"})


#: verbs of picking someone, whose infinitive of purpose is the one picked's to do ("hired X to run Y")
CHOOSING_VERBS = NAMING_VERBS | frozenset({"hire", "ask", "select", "recruit", "invite", "enlist", "draft",
                                           "bring", "pick", "brief", "assign", "task", "charge", "send"})

#: verbs of taking someone's place: a participle of one after a verb of choosing is the chosen's
SUCCESSION_VERBS = frozenset({"replace", "succeed"})


def subject_on_auxiliary(v: Token) -> Token | None:
    """"X was re-elected to Y": the split prefix leads the parser to hang X on the auxiliary."""
    for c in children(v):
        if c.dep_ in ("aux", "auxpass"):
            held = next((g for g in children(c) if g.dep_ in ("nsubj", "nsubjpass")), None)
            if held is not None:
                return held
    return None


#: the prepositions whose gerund is done by the subject of the verb they are hung on (not "without")
GERUND_PREPS = frozenset({"in", "by"})


def implicit_subject(v: Token, _depth: int = 0) -> Token | None:
    """The subject a clause leaves out: of the verb it is conjoined with, of its controller, or
    the noun a participle or relative clause describes."""
    if _depth > 4:
        return None
    head = v.head
    if v.dep_ == "conj" and head.pos_ in ("VERB", "AUX"):
        own = next((c for c in children(head) if c.dep_ in SUBJECT_DEPS), None)
        return own if own is not None else implicit_subject(head, _depth + 1)
    if (governing := verb_of_object_conjunct(v)) is not None:
        # "should do the decent thing and resign", the verb parsed as the object's conjunct
        own = next((c for c in children(governing) if c.dep_ in SUBJECT_DEPS), None)
        return own if own is not None else implicit_subject(governing, _depth + 1)
    if v.dep_ == "xcomp" and head.pos_ == "ADJ" and head.dep_ == "acomp" and head.head.pos_ in ("VERB", "AUX"):
        # "is determined to stay", "is set to replace": the subject of the copula
        own = next((c for c in children(head.head) if c.dep_ in SUBJECT_DEPS), None)
        return own if own is not None else implicit_subject(head.head, _depth + 1)
    if v.dep_ == "advcl" and v.tag_ == "VBG" and v.lemma_.lower() in SUCCESSION_VERBS \
            and head.lemma_.lower() in CHOOSING_VERBS:
        chosen = next((c for c in children(head) if c.dep_ == "dobj"), None)
        if chosen is not None:
            return chosen   # "Rovers appointed X as manager, replacing Y": X replaces Y, not the club
    if v.dep_ in ("xcomp", "advcl") and head.pos_ in ("VERB", "AUX"):
        if (v.dep_ == "xcomp" or head.lemma_.lower() in CHOOSING_VERBS and any(
                c.dep_ == "aux" and c.lower_ == "to" for c in children(v))) and head.lemma_.lower() not in CONTACT_VERBS:
            controller = next((c for c in children(head) if c.dep_ in OBJECT_CONTROL), None)
            if controller is not None:
                return controller      # "urged X to resign", "tapped X on Monday to lead Y": X (not
                                       # "phoned X to apologise": a purpose)
        own = next((c for c in children(head) if c.dep_ in SUBJECT_DEPS), None)
        if own is not None:
            return own
        return implicit_subject(head, _depth + 1)
    if v.dep_ in ("acl", "relcl") and head.pos_ in ("NOUN", "PROPN", "PRON"):
        return head
    if v.dep_ == "pcomp" and head.head.pos_ in ("VERB", "AUX") and (
            head.lower_ in SHARED_SUBJECT_PREPS or v.tag_ == "VBG" and head.lower_ in GERUND_PREPS
            or head.lower_ == "before" and v.tag_ == "VBG" and _dated(v)):
        # ("Before joining X in 2015, she worked at Y": dated, the joining is told as done; not
        # "Before meeting X, she consulted Y")
        # "joined X in calling for ...", "After meeting X, she flew home": the subject of the verb it hangs on
        own = next((c for c in children(head.head) if c.dep_ in SUBJECT_DEPS), None)
        return own if own is not None else implicit_subject(head.head, _depth + 1)
    if infinitive(v):   # "visited X to apologise", parsed as "to" + a noun: the visitor
        own = next((c for c in children(head.head) if c.dep_ in SUBJECT_DEPS), None)
        return own if own is not None else implicit_subject(head.head, _depth + 1)
    return None


def _dated(v: Token) -> bool:
    """A date in the verb's phrase: "joining X (as Y) in 2015"."""
    return any(t.ent_type_ == "DATE" for t in v.subtree)


#: prepositions whose gerund is done by the subject of the verb they hang on, and done
#: (not "before meeting X", "without meeting X", "instead of meeting X")
SHARED_SUBJECT_PREPS = frozenset({"after", "since", "upon", "on", "by", "while", "when", "despite", "following"})


def prepositional_objects(anchors: list[Token], *, nested: bool = False) -> tuple[Prep, ...]:
    """The prepositional objects of each anchor: "with" + "Mayor Ruiz" ("with Ruiz and Hale":
    coordination is the resolver's). ``nested``: also those of a prepositional object ("came
    under fire *from* the union"), after the anchors' own."""
    out = []
    for a in anchors:
        for c in children(a):
            if c.dep_ in ("prep", "dative") and c.pos_ == "ADP" and not any(g.dep_ == "neg" for g in children(c)):
                obj = next((g for g in children(c) if g.dep_ == "pobj"), None)   # not "on rain, *not on* X"
                if obj is not None:
                    out.append(Prep(c.lower_, obj.i))
    if nested:
        inner = prepositional_objects([a.doc[p.token] for p in out])
        out += [p for p in inner if p not in out]
    return tuple(out)


def question_sentences(doc: Doc, sents: list[Span] | None = None) -> set[int]:
    """The roots of sentences that ask ("Will she quit?"): what they ask is not asserted."""
    return {s.root.i for s in (sents if sents is not None else doc.sents) if doc[s.end - 1].text == "?"
            or s.end >= 2 and doc[s.end - 2].text == "?" and doc[s.end - 1].is_punct}


def clause_asserted(v: Token, lexicon: Lexicon, questions: set[int]) -> bool:
    if is_nonfactual(v, lexicon=lexicon):
        return False
    if v.tag_ == "VB" and v.dep_ == "ccomp" and any(c.dep_ == "nsubj" for c in children(v)) \
            and not any(c.dep_ in ("aux", "auxpass") for c in children(v)):
        return False   # a subjunctive: "demanded that she apologise"
    if v.pos_ in ("NOUN", "PROPN") and v.dep_ in ("ccomp", "dobj") and v.lower_ == v.lemma_.lower() \
            and any(c.dep_ == "mark" and c.lower_ == "that" for c in children(v)):
        return False   # the same, the bare verb tagged a noun or a name: "insisted that X apologise"
    node = v
    while node.dep_ == "conj" and node.head is not node:
        node = node.head
    return node.i not in questions
