"""A verb read as a predication: its logical agent and patient (a passive's "by" phrase is its
agent, its subject the patient), its particles ("took *over* from"), its prepositional objects (of
the verb, of its particle and of a light object: "took aim *at*"), whether it is negated and
whether it is asserted; and which words tagged otherwise are verbs ("demanded that X *apologise*").

A relative clause's object is its noun ("the man she replaced"); an infinitive of purpose after a
verb of getting in touch is done by that verb's subject, and said to the one contacted ("phoned X
to apologise"). Pure: reads the parse, changes nothing.
"""
from __future__ import annotations

from spacy.tokens import Doc, Token

from kg.extract.clauses import (CONTACT_VERBS, NAMING_VERBS, OBJECT_CONTROL, SUBJECT_DEPS, Predication, Prep,
                                clause_asserted, implicit_subject, infinitive, prepositional_objects,
                                subject_on_auxiliary)
from kg.extract.docmemo import children
from kg.extract.syntax import past_tense_read_as_participle, verb_of_object_conjunct
from kg.extract.factuality import is_negated
from kg.extract.lexicon import Lexicon


#: adverbs that a parse may give where English has a particle ("hit *out* at", "stood *down*")
PARTICLES = frozenset({"out", "up", "down", "off", "over", "away", "back", "aside", "in", "on", "around", "round",
                       "together"})


def has_cue(v: Token, words: frozenset[str]) -> bool:
    """One of ``words`` is a child of the verb or of its object ("said *sorry*", "spoke *to*")."""
    for c in children(v):
        if c.lower_ in words or c.lemma_.lower() in words:
            return True
        if c.dep_ in ("dobj", "prt", "advmod", "acomp") and any(g.lower_ in words for g in children(c)):
            return True
        if c.dep_ == "prep" and any(h.lower_ in words for g in children(c) if g.dep_ == "pobj" for h in children(g)):
            return True   # "said, in comments *to* the paper, ..."
    return False


def heads_clause(tok: Token) -> bool:
    """A word tagged as a noun that heads a clause ("demanded that she apologise"): a verb."""
    if tok.dep_ == "ccomp" and tok.head.lemma_.lower() in NAMING_VERBS and not any(
            c.dep_ in ("aux", "mark") for c in children(tok)):
        return False   # "made X his deputy": a title, its subject the one named
    if tok.dep_ == "dobj":   # "demanded that X apologise", the verb tagged a name and read as the object
        return any(c.dep_ == "mark" and c.lower_ == "that" for c in children(tok))
    if verb_of_object_conjunct(tok) is not None:
        return True   # "should do the decent thing and resign": a bare verb read as the object's conjunct
    if tok.dep_ == "acl":   # "X's demand that Y quit": a that-clause with a subject of its own
        return any(c.dep_ == "mark" and c.lower_ == "that" for c in children(tok)) \
            and any(c.dep_ == "nsubj" for c in children(tok))
    return tok.dep_ in ("ccomp", "xcomp", "advcl", "ROOT", "conj") and any(
        c.dep_ in ("nsubj", "aux") or c.dep_ == "mark" and c.lower_ == "that" for c in children(tok))


def _name_after_title(obj: Token, v: Token, lexicon: Lexicon) -> Token | None:
    """The name a title object stands before, the parse having hung the name elsewhere on the
    verb: "sacked coach Dan Ibsen" read as "sacked coach" and "Dan Ibsen" an adverb."""
    doc = v.doc
    if obj.pos_ != "NOUN" or obj.lower_ not in lexicon.title_role or obj.i + 1 >= len(doc) \
            or doc[obj.i + 1].ent_type_ != "PERSON":
        return None
    end = obj.i + 1
    while end + 1 < len(doc) and doc[end + 1].ent_type_ == "PERSON" and doc[end + 1].ent_iob_ == "I":
        end += 1
    return doc[end] if doc[end].head.i == v.i and doc[end].dep_ != "nsubj" else None


def _verb_read_as_modifier(v: Token) -> tuple[Token, Token] | None:
    """A past tense between two names that the parse made a modifier of the second's title,
    the sentence left with no verb: "Captain X praised manager Y" parsed as "X (praised manager)
    Y". The name before and the name the modified words lead to, read by word order."""
    if v.dep_ != "amod" or v.tag_ != "VBD" or v.i == 0 or v.doc[v.i - 1].pos_ != "PROPN" \
            or v.sent.root.pos_ in ("VERB", "AUX"):
        return None
    named = v.head
    while named.dep_ in ("compound", "amod", "nmod") and named.head.i > named.i:
        named = named.head
    return (v.doc[v.i - 1], named) if named.pos_ == "PROPN" else None


def _named_as(c: Token, kids: list[Token]) -> bool:
    """A person's name read as the complement of a verb with an "as" ("named X as editor"): its object."""
    return c.ent_type_ == "PERSON" and any(k.dep_ == "prep" and k.lower_ == "as" for k in kids)


def verb_predication(v: Token, lexicon: Lexicon, questions: set[int]) -> Predication:
    kids = children(v)
    finite = past_tense_read_as_participle(v)
    passive = any(c.dep_ in ("nsubjpass", "auxpass") for c in kids) or (
        any(c.dep_ == "agent" for c in kids) and not any(c.dep_ == "nsubj" for c in kids)) or (
        v.dep_ in ("acl", "advcl") and v.tag_ == "VBN" and not finite)   # "a firm run by X", "Asked by X, she said"
    # (not "has so far stood by X": a "by" the parse calls an agent, under a subject of its own)
    agent = patient = None
    for c in children(v):
        if c.dep_ == "nsubj":
            agent = c
        elif c.dep_ == "nsubjpass":
            patient = c
        elif c.dep_ == "agent" and passive:
            agent = next((g for g in children(c) if g.dep_ == "pobj"), agent)
        elif (c.dep_ in OBJECT_CONTROL or c.dep_ == "oprd" and (finite or _named_as(c, kids))) and not passive \
                and (patient is None or _hyphen_piece(patient)):
            patient = c   # "won re-election to": the tokenizer's "re", "-" are pieces of one object
    if patient is not None and (named := _name_after_title(patient, v, lexicon)) is not None:
        patient = named   # "sacked coach X", X parsed as an adverb of the verb and "coach" its object
    if agent is None and patient is None and (held := subject_on_auxiliary(v)) is not None:
        patient, agent = (held, None) if passive else (None, held)
    if agent is None and passive:   # "was named envoy to Japan by X": the "by" under the complement
        for c in children(v):
            if c.dep_ in ("oprd", "attr", "xcomp", "dobj") or c.dep_ == "prep" and c.lower_ != "by":
                # "was replaced as chief by X" (not "to fill the seat vacated by X": that participle's own)
                by = next((g for g in c.subtree if g.dep_ in ("agent", "prep") and g.lower_ == "by"
                           and (g.head.dep_ not in ("pobj",) or g.head.head.lower_ == "as" and g.head.head.head.i == v.i)
                           and not (g.dep_ == "agent" and g.head.i != v.i)), None)
                agent = next((g for g in children(by) if g.dep_ == "pobj"), None) if by is not None else None
                if agent is not None:
                    break
    if agent is None and not passive and v.pos_ in ("NOUN", "PROPN"):
        # "demanded that Councilman X apologise", the verb tagged a noun: its name folded in as a compound
        agent = next((c for c in children(v) if c.dep_ == "compound" and c.pos_ == "PROPN" and c.i < v.i), None)
    if agent is None and patient is None and (pair := _verb_read_as_modifier(v)) is not None:
        agent, patient = pair
    if agent is None and not passive:   # "for X to resign", X parsed as the object of "for"
        agent = next((g for c in kids if c.dep_ == "mark" and c.lower_ == "for" for g in children(c)
                      if g.dep_ == "pobj"), None)
    if agent is None and not passive:
        agent = implicit_subject(v)
    if patient is None and passive:
        patient = implicit_subject(v)
    if patient is None and not passive and v.dep_ == "relcl" and not _has_relative_object(v, lexicon) \
            and not any(c.dep_ == "mark" for c in children(v)):   # "time for X to go" is no relative clause
        patient = None if _relative_is_subject(v, lexicon) else v.head   # "the man she replaced"
    particles = tuple(c for c in children(v) if c.dep_ == "prt" or c.dep_ == "advmod" and c.lower_ in PARTICLES
                      or c.dep_ == "prep" and c.lower_ in PARTICLES and _bare_prep(c))   # "walked *out* of"
    light = [patient] if patient is not None else []
    if passive:   # "was granted an audience with X", "was handed the job of": the object kept in the passive
        light += [c for c in children(v) if c.dep_ == "dobj"]
    preps = _owned(prepositional_objects([v, *particles, *light], nested=True), light, v.doc)
    if not passive:   # "has stood by X": the "by" the parse calls an agent is the verb's own preposition
        preps += tuple(Prep("by", g.i) for c in kids if c.dep_ == "agent" for g in children(c) if g.dep_ == "pobj")
    if v.lemma_.lower() in lexicon.apologize_verbs and not any(p.word == "to" for p in preps):
        preps += _contacted(v) or _title_read_as_verb(v, lexicon)
    return Predication(
        v.i, v.lemma_.lower(), "verb",
        agent.i if agent is not None else None, patient.i if patient is not None else None,
        tuple(p.lower_ for p in particles), preps, passive,
        is_negated(v) or _negated_controller(v) or _purpose_of(v) and is_negated(v.head.head if infinitive(v) else v.head),
        clause_asserted(v, lexicon, questions))


def _purpose_of(v: Token) -> bool:
    """``v`` is what one got in touch for: "phoned X *to apologise*" (not done if the call was not)."""
    if infinitive(v):
        return v.head.head.lemma_.lower() in CONTACT_VERBS
    return v.dep_ in ("xcomp", "advcl") and v.head.lemma_.lower() in CONTACT_VERBS and any(
        c.dep_ == "aux" and c.lower_ == "to" for c in children(v))


def _contacted(v: Token) -> tuple[Prep, ...]:
    """"phoned X to apologise", "wrote to X to apologise": the apology is to X."""
    if not _purpose_of(v):
        return ()
    head = v.head.head if infinitive(v) else v.head
    for c in children(head):
        if c.dep_ in ("dobj", "dative") and c.pos_ in ("PROPN", "PRON", "NOUN"):
            return (Prep("to", c.i),)
        if c.dep_ in ("prep", "dative") and c.lower_ == "to":
            return tuple(Prep("to", g.i) for g in children(c) if g.dep_ == "pobj")
    return ()


def _title_read_as_verb(v: Token, lexicon: Lexicon) -> tuple[Prep, ...]:
    """"apologised to referee X", parsed as "to referee" an infinitive and X its object: the
    apology is to X."""
    for c in children(v):
        if c.dep_ == "xcomp" and c.lower_ in lexicon.title_role and any(
                a.dep_ == "aux" and a.lower_ == "to" for a in children(c)):
            return tuple(Prep("to", g.i) for g in children(c) if g.dep_ == "dobj" and g.pos_ == "PROPN")
    return ()


def _negated_controller(v: Token) -> bool:
    """"did not agree to meet X", "was not chosen to lead Y", "never got to join": what a negated
    verb governs is not done."""
    return v.dep_ == "xcomp" and v.head.pos_ in ("VERB", "AUX") and v.head.lemma_.lower() != "hesitate" \
        and is_negated(v.head)


def _bare_prep(p: Token) -> bool:
    """A preposition with no object of its own but one under it: the "out" of "walked out of X",
    which the small model parses as a preposition; or with nothing under it at all, right after
    its verb: the "in" of "was voted in as mayor"."""
    return not any(c.dep_ == "pobj" for c in p.children) and (
        any(c.dep_ == "prep" for c in p.children) or p.n_lefts + p.n_rights == 0 and p.i == p.head.i + 1)


def _hyphen_piece(tok: Token) -> bool:
    """A piece of a hyphenated word the tokenizer split ("re", "-" of "re-election")."""
    doc = tok.doc
    return tok.text == "-" or tok.i + 1 < len(doc) and doc[tok.i + 1].text == "-" and not doc[tok.i].whitespace_


def _relative_is_subject(v: Token, lexicon: Lexicon) -> bool:
    return any(c.dep_ in SUBJECT_DEPS and c.lower_ in lexicon.relative_pronouns for c in children(v))


def _has_relative_object(v: Token, lexicon: Lexicon) -> bool:
    return any(c.dep_ in ("dobj", "pobj") and c.lower_ in lexicon.relative_pronouns for c in v.subtree)


def _owned(preps: tuple[Prep, ...], light: list[Token], doc: Doc) -> tuple[Prep, ...]:
    """``preps`` and, as an "of", the possessor of the object or of a prepositional object: "won
    X's backing" is "won the backing of X", "came to X's defence" "came to the defence of X"."""
    owners = tuple(Prep("of", c.i) for t in (*light, *(doc[p.token] for p in preps)) for c in children(t)
                   if c.dep_ == "poss")
    return preps + tuple(o for o in owners if o not in preps)
