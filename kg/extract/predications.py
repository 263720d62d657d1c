"""Generic predications: who does what to whom, read off the parse before any predicate is named.

For each verb, :func:`predications` gives its logical agent and patient (a passive's "by" phrase
is its agent, its subject the patient), its particles ("took *over* from"), its prepositional
objects (of the verb, of its particle and of a light object: "took aim *at*"), and whether the
text asserts it: not negated ("did not attend"), not conditional, modal, requested, denied or
asked ("if she resigns", "may quit", "urged him to resign", "denied criticising", "Will he go?").

Subjects a clause leaves out are found where English puts them: a conjoined verb shares its
subject ("met the mayor and praised her"), a controlled verb takes its controller's ("agreed to
meet", "was tapped to lead", "urged X to resign" gives X), a relative clause its noun ("the firm,
which is based in Leeds"; "the man she replaced"), a participle its noun ("a charity run by X",
"a union representing nurses").

Relational nouns are read the same way: "X is a member of Y", "X became chairman of Y",
"X, a partner at Y", "X, who is head of Y" give a predication whose lemma is the noun
(``kind == "noun"``), its agent X and its prepositional objects.

Pure: takes a parsed Doc, returns small records, changes nothing. :mod:`kg.extract.phrases` maps
them to kg's predicates with the predicate lexicon.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from functools import lru_cache

from spacy.attrs import LEMMA
from spacy.strings import get_string_id
from spacy.tokens import Doc, Span, Token

from kg.extract.docmemo import children, indices_with
from kg.extract.facts import is_negated, is_nonfactual, lemma_forms
from kg.extract.syntax import apposed_name
from kg.extract.lexicon import Lexicon

SUBJECT_DEPS = ("nsubj", "nsubjpass", "csubj")
OBJECT_CONTROL = ("dobj", "dative")
#: adverbs that a parse may give where English has a particle ("hit *out* at", "stood *down*")
PARTICLES = frozenset({"out", "up", "down", "off", "over", "away", "back", "aside", "in", "on", "around", "round",
                       "together"})


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


def predications(doc: Doc, *, lexicon: Lexicon, relational_nouns: frozenset[str] = frozenset(),
                 nominalisations: frozenset[str] = frozenset(), verbs: frozenset[str] | None = None,
                 cues: dict[str, frozenset[str]] | None = None, sents: list[Span] | None = None) -> list[Predication]:
    """Every verb's predication in ``doc``, and every relational noun's that is said of someone
    (``relational_nouns``: lemmas such as "member", "chairman", said through a copula or an
    apposition; ``nominalisations``, such as "meeting" or "criticism", also of their possessor or
    "by" object: "X's meeting with Y"). ``verbs``: only the verbs of these lemmas (those a
    caller can use), read from a lemma array, so the rest cost nothing; ``cues``: for a verb that
    only matters with one of some words beside it ("say" only in "say sorry", "say to"), those
    words; ``sents``: the Doc's sentences, when the caller has them."""
    out: list[Predication] = []
    questions = _question_sentences(doc, sents)
    nouns = _union(relational_nouns, nominalisations)
    for i in lemma_indices(doc, None if verbs is None else _union(verbs, nouns)):
        tok = doc[i]
        pos = tok.pos_
        # a copula is read only where the lexicon has phrases for it ("is on the board of Y")
        if pos == "VERB" or pos == "AUX" and tok.dep_ not in ("aux", "auxpass") \
                and (tok.lemma_ != "be" or verbs is not None and "be" in verbs) \
                or pos in ("NOUN", "PROPN") and (_heads_clause(tok) or _infinitive(tok)):
            lemma = tok.lemma_.lower()
            if verbs is None or lemma in verbs and (cues is None or lemma not in cues or _has_cue(tok, cues[lemma])):
                out.append(_verb(tok, lexicon, questions))
        elif (pos in ("NOUN", "PROPN") or pos == "ADJ" and _copular(tok)) and (lemma := tok.lemma_.lower()) in nouns:
            pred = _noun(tok, lexicon, questions, lemma in nominalisations)
            if pred is not None:
                out.append(pred)
                if tok.dep_ == "pobj" and tok.head.lower_ == "as" and (pair := succession(tok.head.head, lexicon)):
                    out.append(replace(pred, agent=pair[1].i))   # the one replaced held the post before
    return out


#: verbs whose adjective is said of their subject: "was critical of", "remained supportive of"
COPULAS = frozenset({"be", "become", "remain", "grow", "stay", "seem", "appear"})


def _copular(adj: Token) -> bool:
    """An adjective said of the subject of a copula, as a relational noun is ("X was critical
    of Y", "X said he was sorry"); not what one is moved to ("sorry to see her go") or sorry
    for someone ("was sorry for the family", "sorry for their loss": pity, not an apology)."""
    if adj.dep_ != "acomp" or adj.head.lemma_.lower() not in COPULAS:
        return False
    if not any(c.dep_ == "prep" for c in children(adj)) and not _ends_clause(adj):
        return False   # a bare "sorry" that the sentence goes on from: "I'm sorry, but ...", "sorry if"
    return not any(c.dep_ == "xcomp" or c.dep_ == "prep" and c.lower_ == "for" and any(
        g.dep_ == "pobj" and (g.lemma_.lower() in PITY_NOUNS or g.pos_ == "PROPN"
                              or g.pos_ == "PRON" and g.lower_ not in ("what", "that", "this", "it"))
        for g in children(c)) for c in children(adj))


def _ends_clause(tok: Token) -> bool:
    """Nothing follows ``tok``'s words but the end of the sentence or of a quotation ("he was
    sorry.", '"I am sorry," she said')."""
    doc = tok.doc
    end = max(t.i for t in tok.subtree) + 1
    nxt = doc[end].text if end < len(doc) else "."
    after = doc[end + 1].text if end + 1 < len(doc) else ""
    return nxt in (".", "!", '"', "”", "'") or nxt == "," and after in ('"', "”", "'")


#: what one is sorry for out of sympathy, not in apology
PITY_NOUNS = frozenset({"loss", "death", "passing", "bereavement", "family", "families", "victim", "suffering"})


def _has_cue(v: Token, words: frozenset[str]) -> bool:
    """One of ``words`` is a child of the verb or of its object ("said *sorry*", "spoke *to*")."""
    for c in children(v):
        if c.lower_ in words or c.lemma_.lower() in words:
            return True
        if c.dep_ in ("dobj", "prt", "advmod", "acomp") and any(g.lower_ in words for g in children(c)):
            return True
        if c.dep_ == "prep" and any(h.lower_ in words for g in children(c) if g.dep_ == "pobj" for h in children(g)):
            return True   # "said, in comments *to* the paper, ..."
    return False


def _infinitive(tok: Token) -> bool:
    """A bare verb tagged a noun after "to", the object of "to" on a verb ("phoned X to
    apologise" parsed as "to [the] apologise"): an infinitive of purpose."""
    to = tok.head
    return tok.dep_ == "pobj" and to.lower_ == "to" and to.i == tok.i - 1 and to.head.pos_ in ("VERB", "AUX") \
        and tok.lower_ == tok.lemma_.lower()


def _heads_clause(tok: Token) -> bool:
    """A word tagged as a noun that heads a clause ("demanded that she apologise"): a verb."""
    if tok.dep_ == "ccomp" and tok.head.lemma_.lower() in NAMING_VERBS and not any(
            c.dep_ in ("aux", "mark") for c in children(tok)):
        return False   # "made X his deputy": a title, its subject the one named
    if tok.dep_ == "dobj":   # "demanded that X apologise", the verb tagged a name and read as the object
        return any(c.dep_ == "mark" and c.lower_ == "that" for c in children(tok))
    return tok.dep_ in ("ccomp", "xcomp", "advcl", "ROOT", "conj") and any(
        c.dep_ in ("nsubj", "aux") or c.dep_ == "mark" and c.lower_ == "that" for c in children(tok))


def lemma_indices(doc: Doc, lemmas: frozenset[str] | None) -> list[int]:
    """The indices of the tokens whose lemma (lower-cased) is one of ``lemmas``; all of them for None."""
    if lemmas is None:
        return list(range(len(doc)))
    return indices_with(doc, LEMMA, _lemma_ids(lemmas))


@lru_cache(maxsize=32)
def _union(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    """``a | b``, made once for the same two sets (a Doc's reading passes the same ones)."""
    return a | b


@lru_cache(maxsize=32)
def _lemma_ids(lemmas: frozenset[str]) -> frozenset[int]:
    """The string ids a Doc's LEMMA array holds for these lemmas (and their capitalised and upper-case forms: "MP")."""
    return frozenset(get_string_id(f) for w in lemmas for f in (w, w.capitalize(), w.upper()))


def _verb(v: Token, lexicon: Lexicon, questions: set[int]) -> Predication:
    passive = any(c.dep_ in ("nsubjpass", "auxpass", "agent") for c in children(v)) or (
        v.dep_ in ("acl", "advcl") and v.tag_ == "VBN")   # "a firm run by X", "Asked by X, she said"
    agent = patient = None
    for c in children(v):
        if c.dep_ == "nsubj":
            agent = c
        elif c.dep_ == "nsubjpass":
            patient = c
        elif c.dep_ == "agent":
            agent = next((g for g in children(c) if g.dep_ == "pobj"), agent)
        elif c.dep_ in OBJECT_CONTROL and not passive and (patient is None or _hyphen_piece(patient)):
            patient = c   # "won re-election to": the tokenizer's "re", "-" are pieces of one object
    if agent is None and patient is None and (held := _subject_on_auxiliary(v)) is not None:
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
    preps = _owned(_preps([v, *particles, *light], nested=True), light, v.doc)
    if v.lemma_.lower() in lexicon.apologize_verbs and not any(p.word == "to" for p in preps):
        preps += _contacted(v)
    return Predication(
        v.i, v.lemma_.lower(), "verb",
        agent.i if agent is not None else None, patient.i if patient is not None else None,
        tuple(p.lower_ for p in particles), preps, passive,
        is_negated(v) or _negated_controller(v) or _purpose_of(v) and is_negated(v.head.head if _infinitive(v) else v.head),
        _asserted(v, lexicon, questions))


#: verbs of getting in touch: an infinitive after their object is a purpose, done by their subject
#: ("phoned X to apologise"), and one said there is said to the one contacted
CONTACT_VERBS = frozenset({"phone", "telephone", "ring", "email", "e-mail", "text", "message", "write", "contact",
                           "visit", "meet", "approach"})


def _purpose_of(v: Token) -> bool:
    """``v`` is what one got in touch for: "phoned X *to apologise*" (not done if the call was not)."""
    if _infinitive(v):
        return v.head.head.lemma_.lower() in CONTACT_VERBS
    return v.dep_ in ("xcomp", "advcl") and v.head.lemma_.lower() in CONTACT_VERBS and any(
        c.dep_ == "aux" and c.lower_ == "to" for c in children(v))


def _contacted(v: Token) -> tuple[Prep, ...]:
    """"phoned X to apologise", "wrote to X to apologise": the apology is to X."""
    if not _purpose_of(v):
        return ()
    head = v.head.head if _infinitive(v) else v.head
    for c in children(head):
        if c.dep_ in ("dobj", "dative") and c.pos_ in ("PROPN", "PRON", "NOUN"):
            return (Prep("to", c.i),)
        if c.dep_ in ("prep", "dative") and c.lower_ == "to":
            return tuple(Prep("to", g.i) for g in children(c) if g.dep_ == "pobj")
    return ()


def _negated_controller(v: Token) -> bool:
    """"did not agree to meet X", "was not chosen to lead Y", "never got to join": what a negated
    verb governs is not done."""
    return v.dep_ == "xcomp" and v.head.pos_ in ("VERB", "AUX") and v.head.lemma_.lower() != "hesitate" \
        and is_negated(v.head)


#: verbs that give someone a title, said as "V X TITLE"
NAMING_VERBS = frozenset({"name", "appoint", "elect", "re-elect", "make", "choose", "crown", "declare",
                          "nominate", "install", "confirm", "vote", "pick", "tap"})


#: nouns of giving someone a post: "X's election as president", "the appointment of X as chief"
CONFERRING_NOUNS = frozenset({"election", "re-election", "reelection", "appointment", "nomination", "selection",
                              "promotion", "confirmation", "installation", "elevation"})
#: nouns of holding a post, whose possessor holds the post named by "as": "X's role as coach", "her time as chair"
POST_NOUNS = frozenset({"role", "post", "job", "position", "tenure", "time", "stint", "spell", "term", "reign",
                        "career", "years", "duties", "work"})
#: verbs of picking someone, whose infinitive of purpose is the one picked's to do ("hired X to run Y")
CHOOSING_VERBS = NAMING_VERBS | frozenset({"hire", "ask", "select", "recruit", "invite", "enlist", "draft",
                                           "bring", "pick", "brief", "assign", "task", "charge", "send"})


def as_verb(as_: Token) -> Token | None:
    """The verb an "as" phrase completes: "served as chair"; also through the word that says how,
    which the small model hangs it on ("was elected unopposed as treasurer")."""
    head = as_.head
    if head.pos_ in ("VERB", "AUX"):
        return head
    if head.pos_ in ("ADJ", "ADV") and head.dep_ in ("oprd", "advmod", "acomp") and head.head.pos_ in ("VERB", "AUX"):
        return head.head
    return None


def _subject_on_auxiliary(v: Token) -> Token | None:
    """"X was re-elected to Y": the split prefix leads the parser to hang X on the auxiliary."""
    for c in children(v):
        if c.dep_ in ("aux", "auxpass"):
            held = next((g for g in children(c) if g.dep_ in ("nsubj", "nsubjpass")), None)
            if held is not None:
                return held
    return None


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


def _noun(n: Token, lexicon: Lexicon, questions: set[int], nominal: bool) -> Predication | None:
    """"X is a member of Y", "X became head of Y", "X, a partner at Y", "X, who is chief of Y"."""
    holder = None
    prospect = False      # "was tipped as leader", "touted X as chairman": a role one may get, not one held
    nominal_use = False   # said of its possessor or "by" object, not through a copula or apposition
    of_holder = False     # the holder is the noun's "of" object
    slot = _partitive(n) or n   # "X, one of the members of Y": the noun stands where "one" does
    dep, head = slot.dep_, slot.head
    folded = next((c for c in children(n) if c.dep_ in ("compound", "nmod") and c.pos_ == "PROPN" and c.i < n.i),
                  None) if n.dep_ in ("oprd", "dobj") and head.lemma_.lower() in NAMING_VERBS else None
    if folded is None and n.dep_ == "ccomp" and head.lemma_.lower() in NAMING_VERBS:
        # "made X his deputy": the small model reads the named one as the title's subject
        folded = next((c for c in children(n) if c.dep_ == "nsubj" and c.pos_ == "PROPN"), None)
    if folded is None and n.dep_ == "dobj" and head.dep_ == "ccomp" and head.pos_ == "PROPN" \
            and head.head.lemma_.lower() in NAMING_VERBS:
        folded, head = head, head.head   # or as a clause whose verb is the name, the title its object
    if folded is not None:
        # "named X deputy mayor", "elected X president": the small model folds the name into the title
        holder, anchor = folded, head
    elif dep == "pobj" and head.lower_ == "as" and head.head.pos_ == "NOUN" and (
            of_named := next((g for c in children(head.head) if c.dep_ == "prep" and c.lower_ == "of"
                              for g in children(c) if g.dep_ == "pobj" and g.pos_ == "PROPN"), None)) is not None:
        holder, anchor = of_named, head.head   # "X's appointment of Y as chief constable": Y holds it
    elif dep == "pobj" and head.lower_ == "as" and head.head.lemma_.lower() in CONFERRING_NOUNS and (
            owner := next((c for c in children(head.head) if c.dep_ == "poss" and c.pos_ == "PROPN"), None)) is not None:
        holder, anchor = owner, head.head   # "X's election as president of Y": X holds it
    elif dep == "pobj" and head.lower_ == "as" and head.head.lemma_.lower() in POST_NOUNS and (
            owner := next((c for c in children(head.head) if c.dep_ == "poss" and c.pos_ in ("PROPN", "PRON")),
                          None)) is not None:
        holder, anchor = owner, head.head   # "X's role as head coach of Y", "took up her post as ambassador"
    elif dep in ("attr", "acomp", "oprd") or dep == "pobj" and head.lower_ == "as" and as_verb(head) is not None \
            or dep == "pobj" and head.lower_ == "among" and head.head.lemma_ == "be":   # "X is among the members of Y"
        verb = head if dep != "pobj" else as_verb(head) or head.head
        # "appointed X as chief", "named X chief", "X was made chief": the holder is the named object;
        # "as chief, she oversaw the plan", "she served as chief": the subject
        named_object = next((c for c in children(verb) if c.dep_ in ("dobj", "nsubjpass")
                             and c.pos_ in ("PROPN", "PRON")), None)
        subject = next((c for c in children(verb) if c.dep_ in ("nsubj", "nsubjpass")), None)
        before = dep == "pobj" and head.i < verb.i
        holder = named_object if dep in ("pobj", "oprd") and named_object is not None and not before else subject
        if dep == "pobj" and (pair := succession(verb, lexicon)) is not None:
            holder = pair[0]   # "A replaced B as principal": A's post now (and B's before: the caller)
        if holder is None:
            holder = implicit_subject(verb) or _subject_on_auxiliary(verb)   # "vowed to stay on as chair"
        anchor = verb
        prospect = holder is not None and holder.dep_ in ("dobj", "nsubjpass") and holder.head.i == verb.i \
            and not lexicon.nonfactual_heads.isdisjoint(lemma_forms(verb))
    elif dep == "appos":
        holder, anchor = head, n
        if head.dep_ == "dobj" and head.head.lemma_.lower() in NAMING_VERBS:
            anchor = head.head   # "voted X their president": as asserted as the voting ("may vote X ...")
    elif dep == "conj" and head.dep_ == "appos":   # "X, a lawyer and member of Y"
        holder, anchor = head.head, n
    elif n.lemma_.lower() not in CONFERRING_NOUNS and (named := apposed_name(n)) is not None:
        holder, anchor = named, n    # "the chairman of Y, X, resigned": the name in apposition (not the one appointed)
    elif n.dep_ == "compound" and head.pos_ == "PROPN" and head.i > n.i and head.ent_type_ == "PERSON" \
            and n.lemma_.lower() not in lexicon.title_nouns:
        holder, anchor = head, head  # "Oakland tenant X": what a person is, before the name (titles: kg.extract.titles)
    elif (n.tag_ == "NNS" or n.lower_ in COLLECTIVE_NOUNS) and (included := _included_name(n)) is not None:
        holder, anchor = included, n   # "analysts at Y, including X": X is one of them
    else:   # a nominalisation: "X's meeting with Y", "the criticism of Y by X"
        holder = next((c for c in children(n) if c.dep_ == "poss"), None)
        if holder is None:
            by = next((c for c in children(n) if c.dep_ in ("prep", "agent") and c.lower_ == "by"), None)
            holder = next((g for g in children(by) if g.dep_ == "pobj"), None) if by is not None else None
        if holder is None and nominal:
            # "the resignation of X from Y", "the election of X to Y": with another argument said,
            # the "of" is the one who acts (its "of" then names no object: "the appointment of X")
            of = [c for c in children(n) if c.dep_ == "prep" and c.lower_ == "of"]
            if len(of) == 1 and any(c.dep_ == "prep" and c.lower_ != "of" and c.pos_ == "ADP" for c in children(n)):
                holder = next((g for g in children(of[0]) if g.dep_ == "pobj" and g.pos_ in ("PROPN", "PRON")), None)
                of_holder = holder is not None
        if holder is None and nominal and n.dep_ == "pobj" and n.head.lower_ in ("in", "during") \
                and n.head.head.pos_ in ("VERB", "AUX"):
            # "In an interview with the Herald, X said", "X, in comments to Reuters, denied it": the
            # one who speaks in it
            holder = next((c for c in children(n.head.head) if c.dep_ == "nsubj"), None)
        anchor = n if n.head is n else n.head
        if holder is None or not nominal:
            return None
        nominal_use = True
    if holder is None:
        return None
    modifiers = tuple(c.lower_ for c in children(n) if c.dep_ in ("compound", "amod") and c.i < n.i)
    preps = _preps([n])
    # "vice president for sales at Y", "professor of chemistry at Y": the organization after the field
    preps += tuple(q for p in preps if p.word in ("for", "of", "in") and n.doc[p.token].pos_ == "NOUN"
                   and n.doc[p.token].is_lower for q in _preps([n.doc[p.token]]) if q.word in ("at", "with"))
    if of_holder:
        preps = tuple(p for p in preps if p.token != holder.i)
    if not nominal_use:   # "a Soweto resident", "the Acme chairman": a name before the noun is its "of"
        preps += tuple(Prep("of", _town_of(c).i) for c in children(n) if c.dep_ in ("compound", "nmod") and c.i < n.i
                       and c.pos_ in ("PROPN", "NOUN") and c.i != holder.i
                       and (c.is_title or c.is_upper and len(c) > 1 and c.ent_type_ in ("ORG", "GPE")))   # "FBI agent X"
        # "X, Y's successor", "X is Y's replacement": the possessor is the noun's "of" (a title's is
        # read by the title's own facts)
        if n.lower_ not in lexicon.title_role and n.lemma_.lower() not in lexicon.title_role:
            preps += tuple(Prep("of", c.i) for c in children(n) if c.dep_ == "poss" and c.pos_ == "PROPN"
                           and c.i != holder.i)
        if n.lower_ in lexicon.place_nouns:   # "Lagos, Nigeria's largest city": the owner is its "of"
            preps += tuple(Prep("of", c.i) for c in children(n) if c.dep_ == "poss" and c.pos_ == "PROPN")
    # a nominalisation is asserted where its noun is: not "demanded X's apology", "sought a meeting with"
    asserted = anchor is n or _asserted(anchor, lexicon, questions) and (not nominal_use or _asserted(n, lexicon, questions))
    asserted = asserted and not prospect
    negated = is_negated(anchor)
    if dep == "pobj" and anchor is not n and not lexicon.nonfactual_heads.isdisjoint(lemma_forms(anchor)):
        asserted = False   # "was tipped as her successor", "touted as the next chairman": what is foreseen
    if n.dep_ == "pobj" and anchor is not n and _presupposes_post(anchor, lexicon) and anchor.i not in questions:
        asserted, negated = True, False   # "calls for her to quit as leader", "did not step down as chair": she is one
    return Predication(n.i, n.lemma_.lower(), "noun", holder.i, None, modifiers, tuple(dict.fromkeys(preps)), False,
                       negated, asserted)


def succession(verb: Token, lexicon: Lexicon) -> tuple[Token, Token] | None:
    """(successor, predecessor) of a replace verb, named both: "A replaced B", "B was succeeded by A"."""
    if verb.lemma_.lower() not in lexicon.replace_verbs:
        return None
    named = ("PROPN", "PRON")
    subject = next((c for c in children(verb) if c.dep_ in ("nsubj", "nsubjpass") and c.pos_ in named), None)
    if subject is not None and subject.dep_ == "nsubjpass":
        by = next((g for c in children(verb) if c.dep_ == "agent" for g in children(c)
                   if g.dep_ == "pobj" and g.pos_ in named), None)
        return (by, subject) if by is not None else None
    obj = next((c for c in children(verb) if c.dep_ == "dobj" and c.pos_ in named), None)
    return (subject, obj) if subject is not None and obj is not None else None


def _town_of(place: Token) -> Token:
    """"a Tucson, Ariz., architect": of the town the state before the noun is said of, not of the state."""
    return next((c for c in place.children if c.i < place.i and c.dep_ in ("nmod", "compound", "appos")
                 and c.ent_type_ == "GPE" and place.ent_type_ == "GPE" and place.doc[c.i + 1].text == ","), place)


#: singular nouns that name a body of people, as a plural does: "staff at Y, including X"
COLLECTIVE_NOUNS = frozenset({"staff", "personnel", "crew"})


def _included_name(n: Token) -> Token | None:
    """The name a plural's "including" brings ("analysts at Y, including X"), however the parse
    hangs it under the plural's phrase; or the name set beside "among them" ("staff at Y, among
    them the photographer X")."""
    for t in n.subtree:
        if t.dep_ == "prep" and t.lower_ in ("including", "among"):
            obj = next((g for g in children(t) if g.dep_ == "pobj"), None)
            if obj is not None and obj.lower_ == "them" and t.head.i == n.i:
                return next((a for c in children(n) if c.dep_ == "appos"
                             for a in (c, *(g for g in children(c) if g.dep_ == "appos"))
                             if a.pos_ == "PROPN" and a.ent_type_ == "PERSON"), None)
            return obj if obj is not None and obj.pos_ == "PROPN" else None
    return None


def _partitive(n: Token) -> Token | None:
    """The "one" of "one of the members of Y" ("two of its founders"), when ``n`` is its object."""
    of = n.head
    if n.dep_ != "pobj" or of.lower_ != "of" or of.head is of:
        return None
    one = of.head
    return one if one.i < n.i and (one.lower_ in ("one", "among") or one.pos_ == "NUM") else None


def _presupposes_post(v: Token, lexicon: Lexicon) -> bool:
    """Leaving or keeping a post "as" X, done or not, says one holds it: "quit as", "stay on as",
    "step down as" (not "stand as", which is to run for it)."""
    lemma = v.lemma_.lower()
    if lemma in lexicon.post_keeping_verbs:
        return True
    return lemma in lexicon.step_down_verbs and any(
        c.dep_ in ("prt", "advmod") and c.lower_ in lexicon.step_down_particles for c in children(v))


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
    if v.dep_ == "xcomp" and head.pos_ == "ADJ" and head.dep_ == "acomp" and head.head.pos_ in ("VERB", "AUX"):
        # "is determined to stay", "is set to replace": the subject of the copula
        own = next((c for c in children(head.head) if c.dep_ in SUBJECT_DEPS), None)
        return own if own is not None else implicit_subject(head.head, _depth + 1)
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
            head.lower_ in SHARED_SUBJECT_PREPS or v.tag_ == "VBG" and head.lower_ in GERUND_PREPS):
        # "joined X in calling for ...", "After meeting X, she flew home": the subject of the verb it hangs on
        own = next((c for c in children(head.head) if c.dep_ in SUBJECT_DEPS), None)
        return own if own is not None else implicit_subject(head.head, _depth + 1)
    if _infinitive(v):   # "visited X to apologise", parsed as "to" + a noun: the visitor
        own = next((c for c in children(head.head) if c.dep_ in SUBJECT_DEPS), None)
        return own if own is not None else implicit_subject(head.head, _depth + 1)
    return None


#: prepositions whose gerund is done by the subject of the verb they hang on, and done
#: (not "before meeting X", "without meeting X", "instead of meeting X")
SHARED_SUBJECT_PREPS = frozenset({"after", "since", "upon", "on", "by", "while", "when", "despite", "following"})


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


def _preps(anchors: list[Token], *, nested: bool = False) -> tuple[Prep, ...]:
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
        inner = _preps([a.doc[p.token] for p in out])
        out += [p for p in inner if p not in out]
    return tuple(out)


def _question_sentences(doc: Doc, sents: list[Span] | None = None) -> set[int]:
    """The roots of sentences that ask ("Will she quit?"): what they ask is not asserted."""
    return {s.root.i for s in (sents if sents is not None else doc.sents) if doc[s.end - 1].text == "?"
            or s.end >= 2 and doc[s.end - 2].text == "?" and doc[s.end - 1].is_punct}


def _asserted(v: Token, lexicon: Lexicon, questions: set[int]) -> bool:
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
