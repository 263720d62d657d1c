"""A relational noun read as a predication of the one it is said of: "X is a member of Y", "X
became chairman of Y", "X, a partner at Y", "X, who is head of Y", "named X deputy mayor",
"X's election as president", "analysts at Y, including X"; a nominalisation of its possessor or
"by" object ("X's meeting with Y", "the criticism of Y by X"); an adjective said through a copula
("X was critical of Y"). Also who replaced whom (:func:`succession`) and the verb an "as" phrase
completes (:func:`as_verb`).

The predication's lemma is the noun (``kind == "noun"``), its agent the holder, its prepositional
objects the noun's (and a name before it, as its "of": "the Acme chairman"). Pure: reads the
parse, changes nothing.
"""
from __future__ import annotations

from spacy.tokens import Token

from kg.extract.clauses import (NAMING_VERBS, Predication, Prep, clause_asserted, implicit_subject,
                                prepositional_objects, subject_on_auxiliary)
from kg.extract.docmemo import children
from kg.extract.factuality import is_negated, lemma_forms
from kg.extract.syntax import TIME_SPANS, apposed_name, past_tense_read_as_participle, source_of
from kg.extract.lexicon import Lexicon


#: verbs whose adjective is said of their subject: "was critical of", "remained supportive of"
COPULAS = frozenset({"be", "become", "remain", "grow", "stay", "seem", "appear"})


def copular(adj: Token) -> bool:
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


#: nouns of giving someone a post: "X's election as president", "the appointment of X as chief"
CONFERRING_NOUNS = frozenset({"election", "re-election", "reelection", "appointment", "nomination", "selection",
                              "promotion", "confirmation", "installation", "elevation"})


#: homes, whose "in" right after them is where they are, whatever the parse hung it on
HOME_NOUNS = frozenset({"home", "house", "flat", "apartment", "residence", "farm", "bungalow", "cottage"})


#: nouns of holding a post, whose possessor holds the post named by "as": "X's role as coach", "her time as chair";
#: also of leaving it, which says it was held: "X's resignation as chair"
POST_NOUNS = frozenset({"role", "post", "job", "position", "tenure", "time", "stint", "spell", "term", "reign",
                        "career", "years", "duties", "work", "resignation", "retirement", "departure", "exit",
                        "sacking", "dismissal", "removal", "ouster"})


#: verbs whose "as" says what their subject is there, whatever their object: "joined Acme as an
#: engineer", "left the club as captain", "led the team as captain"
SELF_ROLE_VERBS = frozenset({"join", "rejoin", "enter", "start", "begin", "serve", "work", "act", "remain",
                             "stay", "continue", "quit", "leave", "lead", "represent", "run",
                             "captain", "coach", "manage", "chair", "found", "co-found"})


def as_verb(as_: Token) -> Token | None:
    """The verb an "as" phrase completes: "served as chair"; also through the word that says how,
    which the small model hangs it on ("was elected unopposed as treasurer")."""
    head = as_.head
    if head.pos_ in ("VERB", "AUX"):
        return head
    if head.dep_ in ("dobj", "oprd") and head.pos_ == "PROPN" and head.head.pos_ == "VERB":
        return head.head   # "the board appointed X as chairman", the "as" hung on the one appointed
    if head.pos_ in ("ADJ", "ADV") and head.dep_ in ("oprd", "advmod", "acomp") and head.head.pos_ in ("VERB", "AUX"):
        return head.head
    return None


def noun_predication(n: Token, lexicon: Lexicon, questions: set[int], nominal: bool) -> Predication | None:
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
        if dep == "pobj" and verb.lemma_.lower() in lexicon.regard_verbs:
            return None   # "praised X as a natural leader", "was hailed as a hero": no post held
        # "appointed X as chief", "named X chief", "X was made chief": the holder is the named object;
        # "as chief, she oversaw the plan", "she served as chief": the subject
        named_object = next((c for c in children(verb) if (c.dep_ in ("dobj", "nsubjpass") or c.dep_ == "oprd"
                                                           and (past_tense_read_as_participle(verb)
                                                                or dep == "pobj" and c.ent_type_ == "PERSON"))
                             and c.pos_ in ("PROPN", "PRON")), None)   # "named X as editor", X read as "oprd"
        subject = next((c for c in children(verb) if c.dep_ in ("nsubj", "nsubjpass")), None)
        before = dep == "pobj" and head.i < verb.i
        if verb.lemma_.lower() in SELF_ROLE_VERBS:
            named_object = None   # "joined Acme as an engineer": the one who joins is the engineer
        holder = named_object if dep in ("pobj", "oprd") and named_object is not None and not before else subject
        if dep == "pobj" and (pair := succession(verb, lexicon)) is not None:
            holder = pair[0]   # "A replaced B as principal": A's post now (and B's before: the caller)
        if holder is None:
            holder = implicit_subject(verb) or subject_on_auxiliary(verb)   # "vowed to stay on as chair"
        anchor = verb
        prospect = holder is not None and holder.dep_ in ("dobj", "nsubjpass") and holder.head.i == verb.i \
            and not lexicon.nonfactual_heads.isdisjoint(lemma_forms(verb))
    elif dep == "appos":
        holder, anchor = head, n
        if head.dep_ == "dobj" and head.head.lemma_.lower() in NAMING_VERBS:
            anchor = head.head   # "voted X their president": as asserted as the voting ("may vote X ...")
    elif dep == "conj" and head.dep_ == "appos":   # "X, a lawyer and member of Y"
        holder, anchor = head.head, n
    elif dep == "nsubj" and head.lemma_ == "be" and (named := next(
            (c for c in children(head) if c.dep_ == "attr" and c.pos_ == "PROPN"), None)) is not None:
        holder, anchor = named, head   # "whose chairman is X", "the new chief executive is X"
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
            holder = source_of(n)   # "criticism of Y came from X": whose it is, by where it came from
        if holder is None and nominal:   # "a meeting between X and Y": those who take part
            holder = next((g for c in children(n) if c.dep_ == "prep" and c.lower_ == "between"
                           for g in children(c) if g.dep_ == "pobj"), None)
        if holder is None and nominal:
            # "the resignation of X from Y", "the election of X to Y": with another argument said,
            # the "of" is the one who acts (its "of" then names no object: "the appointment of X")
            of = [c for c in children(n) if c.dep_ == "prep" and c.lower_ == "of"]
            if len(of) == 1 and any(c.dep_ == "prep" and c.lower_ != "of" and c.pos_ == "ADP" for c in children(n)):
                holder = next((g for g in children(of[0]) if g.dep_ == "pobj" and g.pos_ in ("PROPN", "PRON")), None)
                of_holder = holder is not None
        if holder is None and nominal and slot.dep_ == "pobj" and slot.head.lower_ in ("in", "during") \
                and slot.head.head.pos_ in ("VERB", "AUX"):
            # "In an interview with the Herald, X said", "X, in comments to Reuters, denied it": the
            # one who speaks in it ("took part in three days of talks with Y": who takes part)
            holder = next((c for c in children(slot.head.head) if c.dep_ == "nsubj"), None)
        anchor = n if n.head is n else n.head
        if holder is None or not nominal:
            return None
        nominal_use = True
    if holder is None:
        return None
    modifiers = tuple(c.lower_ for c in children(n) if c.dep_ in ("compound", "amod") and c.i < n.i)
    preps = prepositional_objects([n])
    if n.lemma_.lower() in HOME_NOUNS and n.i + 1 < len(n.doc) and (after := n.doc[n.i + 1]).lower_ == "in" \
            and after.dep_ == "prep" and after.head.i in (n.head.i, n.head.head.i):
        # "walks from his flat in Sparkbrook": the place of the home, the parse hung on the verb
        preps += tuple(Prep("in", g.i) for g in children(after) if g.dep_ == "pobj")
    # "vice president for sales at Y", "professor of chemistry at Y": the organization after the field
    preps += tuple(q for p in preps if p.word in ("for", "of", "in") and n.doc[p.token].pos_ == "NOUN"
                   and n.doc[p.token].is_lower for q in prepositional_objects([n.doc[p.token]]) if q.word in ("at", "with"))
    if of_holder:
        preps = tuple(p for p in preps if p.token != holder.i)
    if not nominal_use:   # "a Soweto resident", "the Acme chairman": a name before the noun is its "of"
        preps += tuple(Prep("of", _town_of(c).i) for c in children(n) if c.dep_ in ("compound", "nmod") and c.i < n.i
                       and c.pos_ in ("PROPN", "NOUN") and c.i != holder.i
                       and (c.is_title or c.is_upper and len(c) > 1 and c.ent_type_ in ("ORG", "GPE")))   # "FBI agent X"
        # "X, Y's successor", "X is Y's replacement": the possessor is the noun's "of" (a title's is
        # read by the title's own facts)
        if n.lower_ not in lexicon.title_role and n.lemma_.lower() not in lexicon.title_role:
            preps += tuple(Prep("of", c.i) for c in children(n) if c.dep_ == "poss" and c.i != holder.i and (
                c.pos_ == "PROPN" or c.pos_ == "PRON" and n.lemma_.lower() in SUCCESSION_NOUNS))
        if n.lower_ in lexicon.place_nouns:   # "Lagos, Nigeria's largest city": the owner is its "of"
            preps += tuple(Prep("of", c.i) for c in children(n) if c.dep_ == "poss" and c.pos_ == "PROPN")
    # a nominalisation is asserted where its noun is: not "demanded X's apology", "sought a meeting with"
    asserted = anchor is n or clause_asserted(anchor, lexicon, questions) and (not nominal_use or clause_asserted(n, lexicon, questions))
    asserted = asserted and not prospect
    negated = is_negated(anchor)
    if dep == "pobj" and anchor is not n and not lexicon.nonfactual_heads.isdisjoint(lemma_forms(anchor)):
        asserted = False   # "was tipped as her successor", "touted as the next chairman": what is foreseen
    if n.dep_ == "pobj" and anchor is not n and _presupposes_post(anchor, lexicon) and anchor.i not in questions:
        asserted, negated = True, False   # "calls for her to quit as leader", "did not step down as chair": she is one
    return Predication(n.i, n.lemma_.lower(), "noun", holder.i, None, modifiers, tuple(dict.fromkeys(preps)), False,
                       negated, asserted)


#: nouns whose pronoun possessor is the one succeeded: "praised his successor, X" (not "his ally,
#: X": an ally is no fact of support)
SUCCESSION_NOUNS = frozenset({"successor", "predecessor", "replacement"})


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
    """The "one" of "one of the members of Y" ("two of its founders"), or the span of time of
    "took part in three days of talks", when ``n`` is its object."""
    of = n.head
    if n.dep_ != "pobj" or of.lower_ != "of" or of.head is of:
        return None
    one = of.head
    return one if one.i < n.i and (one.lower_ in ("one", "among") or one.pos_ == "NUM"
                                   or one.lemma_.lower() in TIME_SPANS) else None


def _presupposes_post(v: Token, lexicon: Lexicon) -> bool:
    """Leaving or keeping a post "as" X, done or not, says one holds it: "quit as", "stay on as",
    "step down as" (not "stand as", which is to run for it)."""
    lemma = v.lemma_.lower()
    if lemma in lexicon.post_keeping_verbs:
        return True
    return lemma in lexicon.step_down_verbs and any(
        c.dep_ in ("prt", "advmod") and c.lower_ in lexicon.step_down_particles for c in children(v))
