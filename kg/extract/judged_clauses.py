"""What a speaker says of whom: the clauses that judge someone, read off the parse, each as
(who it is said of, the words said of them, whether VADER rates the words: they say what the
one judged is, not what they did).

The ways of saying it:

- labelling: "X called Y's plan a fantasy", "X branded Y two-faced", "X described the deal
  as a disgrace": a verb of labelling whose object is Y (or what is Y's) and whose complement
  is the evaluation (``labelled``);
- reported evaluation: "X said Y had wasted millions", "X said Y's sums do not stack up",
  "X argued that Y was out of touch": a speech verb whose reported clause has Y (or what is
  Y's) as its active subject, and whose predicate is the evaluation of it (``reported``). A
  subject that undergoes something ("Y suffered losses", "Y was hit by the strike") is not blamed;
- a claim said by a noun: "X's claim that Y had lied", "allegations by X that Y was paid off"
  (``claimant``, ``said_in``);
- within what is said: a clause of its own joined to it or giving its reason ("because Y is not
  being straight": ``clauses_within``), what "I think" or "she believed" governs
  (``opinion_clause``), what a pronoun or description opening it is said of ("this is a reckless
  gamble by Y", "it is a scandal that Y ...").

Whether the words are negative is not judged here (kg.extract.valence does that). Pure: tokens
and lexicon in, tokens out.
"""
from __future__ import annotations

from spacy.tokens import Token

from kg.extract.docmemo import children
from kg.extract.factuality import is_negated, is_nonfactual
from kg.extract.lexicon import Lexicon
from kg.extract.clauses import implicit_subject
from kg.extract.valence import NONE_WORDS, harms, phrases_said


def claimant(noun: Token, lexicon: Lexicon) -> Token | None:
    """Who makes a claim said by a noun: "X's claim that", "allegations by (from) X that", "X made
    (repeated) the allegation that" (not "X denied the allegation that": a denial is no claim)."""
    if any(c.dep_ == "det" and c.lower_ == "no" for c in children(noun)):
        return None
    for c in children(noun):
        if c.dep_ == "poss":
            return c
    head = noun.head
    by_verb = [c for c in children(head) if c.i == noun.i + 1] if noun.dep_ == "dobj" else []   # "dismissed the claim [by X]"
    for c in (*children(noun), *by_verb):
        if c.dep_ in ("prep", "agent") and c.lower_ in ("by", "from"):
            return next((g for g in children(c) if g.dep_ == "pobj"), None)
    if noun.dep_ == "dobj" and head.lemma_.lower() in lexicon.claim_making_verbs and head.pos_ == "VERB" \
            and not is_negated(head) and not is_nonfactual(head, lexicon=lexicon):
        return next((c for c in children(head) if c.dep_ == "nsubj"), None) or implicit_subject(head)
    return None


def said_in(noun: Token, lexicon: Lexicon) -> tuple[Token, list[Token], bool] | None:
    """The clause a claim's noun holds ("claims that Y had lied"), read as a reported clause; an
    accusation's clause may have a passive subject ("allegations that Y was paid off")."""
    holder = noun.head.head if noun.dep_ == "pobj" else noun.head
    clause = next((c for c in (*children(noun), *children(holder)) if c.dep_ in ("acl", "ccomp") and c.i > noun.i
                   and c.pos_ in ("VERB", "AUX") and any(m.lower_ == "that" and m.i < c.i for m in children(c))),
                  None)   # under the noun, or under its verb ("stood by his claim [that ...]")
    if clause is None:
        return None
    if noun.lemma_.lower() in lexicon.accusation_nouns:
        subject = next((c for c in children(clause) if c.dep_ in ("nsubj", "nsubjpass")), None)
        return (subject, [], False) if subject is not None and not is_negated(clause) else None
    return judged_clause(noun, clause, lexicon)


def labelled(verb: Token, lexicon: Lexicon) -> tuple[Token, list[Token], bool] | None:
    """"called Y('s plan) a fantasy", "branded Y reckless", "described Y as a disgrace"."""
    obj = next((c for c in children(verb) if c.dep_ in ("dobj", "nsubjpass")), None)
    if obj is None:
        # "branded [Y's refereeing a disgrace]", parsed as a clause: Y owns its head
        clause = next((c for c in children(verb) if c.dep_ == "ccomp"), None)
        owner = next((c for c in children(clause) if c.dep_ == "poss"), None) if clause is not None else None
        if owner is None:
            return None
        inside = {t.i for t in owner.subtree}
        return owner, [t for t in clause.subtree if t.i not in inside and t.i != clause.i], True
    comps = [c for c in children(verb) if c.dep_ in ("oprd", "xcomp", "acomp", "ccomp") and c.i > obj.i
             or c.dep_ in ("dobj", "npadvmod") and c.i > obj.i]   # "branded [Y] [a liar]": the label parsed as a second object
    comps += [c for c in children(obj) if c.dep_ in ("oprd", "amod", "appos", "dobj") and c.i > obj.i]
    comps += [g for c in (*children(verb), *children(obj)) if c.dep_ == "prep" and c.lower_ == "as" for g in children(c)
              if g.dep_ in ("pobj", "amod", "acomp")]   # "as" hung on the verb or on its object
    words = [t for c in comps for t in c.subtree]
    if not words:
        # the small model folds the name into the label: "branded [Sarah Kim reckless]"
        for t in obj.subtree:
            named = [c for c in children(t) if c.dep_ == "compound" and c.pos_ == "PROPN"]
            if t.pos_ == "ADJ" and named:
                return named[-1], [t], True
        # or before it: "branded [the Vote Leave campaign "amateurs"]" (only the lexicon's words then,
        # not VADER's: "called the Acme crisis line")
        named = [c for c in children(obj) if c.dep_ in ("nmod", "compound") and c.i < obj.i and c.pos_ in ("NOUN", "PROPN")]
        if obj.pos_ == "NOUN" and named:
            inside = {t.i for t in named[0].subtree}
            return named[0], [t for t in obj.subtree if t.i not in inside], False
        return None
    return obj, words, True


def reported(verb: Token, lexicon: Lexicon) -> list[tuple[Token, list[Token], bool] | None]:
    """"said Y had wasted millions", "said Y's sums do not stack up", "said Y was out of
    touch": the reported clause's subject, and the words said of it (rated by VADER only when
    they are a copula's complement: what Y is, not what Y did); and the same of each clause
    with a subject of its own joined to it or giving its reason ("X has a plan and Y has
    none", "tenants are leaving because Y has not been honest with them")."""
    out = []
    for clause in children(verb):   # (more than one: '"The economy is growing, but Y has no plan," said X')
        if clause.dep_ != "ccomp" or clause.pos_ not in ("VERB", "AUX"):
            continue
        if any(c.dep_ == "mark" and c.lower_ in ("whether", "if") for c in children(clause)) \
                or any(t.text == "?" for t in clause.doc[clause.left_edge.i:clause.right_edge.i + 2]):
            return []   # "asked whether Y had wasted money", '"Does Y have no plan?" asked X': asked, not said
        clause = opinion_clause(clause, lexicon, ("i", "we", "he", "she"))   # ("said she believed Y had ...")
        out += [judged_clause(verb, c, lexicon) for c in (clause, *clauses_within(clause))]
    return out


def opinion_clause(clause: Token, lexicon: Lexicon, speakers: tuple[str, ...] = ("i", "we")) -> Token:
    """What the speaker says they think is what they say: '"I think Y has got this wrong," said X',
    "we believe Y is acting unlawfully", "X said she believed Y had ..." (a verb of the lexicon's
    ``opinion_verbs`` under a pronoun for the speaker, not negated); else the clause itself."""
    if clause.lemma_.lower() not in lexicon.opinion_verbs or is_negated(clause) or not any(
            c.dep_ == "nsubj" and c.lower_ in speakers for c in children(clause)):
        return clause
    return next((c for c in children(clause) if c.dep_ == "ccomp" and c.pos_ in ("VERB", "AUX")), clause)


#: the words that open a reason or a contrast: a clause under one is said as much as the clause
#: it hangs on (not "if", "unless": a condition)
ASSERTED_MARKS = ("because", "since", "as", "while", "whereas", "although", "though")


def clauses_within(clause: Token) -> list[Token]:
    """The clauses with a subject of their own joined to the reported one ("Y has failed and Z is
    no better") or giving its reason or a contrast ("because Y is not being straight", "while Y is
    out of touch"); not a condition."""
    return [c for c in children(clause) if c.pos_ in ("VERB", "AUX") and (
        c.dep_ == "conj" and any(g.dep_ in ("nsubj", "nsubjpass") for g in children(c))
        or c.dep_ == "advcl" and any(g.dep_ == "mark" and g.lower_ in ASSERTED_MARKS for g in children(c)))]


def judged_clause(verb: Token, clause: Token, lexicon: Lexicon) -> tuple[Token, list[Token], bool] | None:
    """The reported clause's subject and the words said of it (``verb``: what says it)."""
    if any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in lexicon.nonfactual_marks for m in children(c))
           for c in children(clause)) or clause.lemma_.lower() == "afford" and is_negated(clause):
        return None   # "Y will not be trusted if it raises taxes", "Y cannot afford to be complacent": not said of Y
    if clause.lemma_.lower() in lexicon.undergo_verbs and not harms(clause, lexicon=lexicon) \
            and not phrases_said(list(clause.subtree), lexicon.criticism_phrases):
        return None   # "said Y had suffered losses": Y is not blamed for what happened to it (but "had lost the plot")
    subject = next((c for c in children(clause) if c.dep_ in ("nsubj", "nsubjpass", "expl")), None)
    by = next((g for c in children(clause) if c.dep_ == "agent" for g in children(c) if g.dep_ == "pobj"), None)
    if by is None and subject is not None and subject.dep_ == "nsubj":
        # "said she was unconvinced by Y's arguments": what the adjective is done by
        by = next((g for a in children(clause) if a.dep_ == "acomp" for c in children(a) if c.dep_ == "agent"
                   for g in children(c) if g.dep_ == "pobj"), None)
    if subject is not None and by is not None:
        # "said the vote had been rigged by Y", "said fans had been let down by Y": the doer is Y
        return by, [t for t in clause.subtree if t.i not in {g.i for g in by.subtree}
                    and not _nested_clause(t, clause)], False
    if subject is None and verb.lemma_.lower() in lexicon.warning_verbs:
        # "warned [the board] would close three stations": the clause's subject read as the one warned
        subject = next((c for c in children(verb) if c.dep_ == "dobj" and c.i < clause.i and c.pos_ == "PROPN"), None)
    elif subject is None or subject.dep_ not in ("nsubj", "expl") and not (
            subject.dep_ == "nsubjpass" and phrases_said(list(clause.subtree), lexicon.passive_criticism_phrases)):
        return None   # "Y was hit by the strike": a passive subject undergoes (but "Y cannot be trusted")
    if subject is None:
        return None
    if subject.lower_ in ("it", "this", "that", "there", "they", "he", "she") or subject.pos_ == "NOUN" and any(
            c.dep_ == "det" and c.lower_ == "the" for c in children(subject)):
        if (found := _said_of(verb, clause, subject, lexicon)) is not None:
            return found
    if subject.lower_ in lexicon.relative_pronouns and verb.dep_ == "relcl":
        # "Y, which she said had failed local farmers": the noun the clause describes
        inside = {t.i for t in subject.subtree}
        return verb.head, [t for t in clause.subtree if t.i not in inside and not _nested_clause(t, clause)], \
            clause.lemma_.lower() == "be"
    if subject.lower_ in NONE_WORDS:
        # "none of Y's figures add up": said of what it is none of
        subject = next((g for c in children(subject) if c.dep_ == "prep" and c.lower_ == "of"
                        for g in children(c) if g.dep_ == "pobj"), subject)
    if any(c.dep_ == "aux" and c.lower_ in ("should", "must", "ought") for c in children(clause)) \
            and not any(t.lower_ in ("ashamed", "shame") for t in clause.subtree):
        return None   # "said Y should resign": a call, read as one elsewhere (but "should be ashamed",
        #               "should hang their heads in shame")
    inside = {t.i for t in subject.subtree}
    words = [t for t in clause.subtree if t.i not in inside and not _nested_clause(t, clause)]
    return subject, words, clause.lemma_.lower() == "be"


def _said_of(verb: Token, clause: Token, subject: Token, lexicon: Lexicon) -> tuple[Token, list[Token], bool] | None:
    """What a pronoun or a description that opens the clause is said of: '"It is a shambles," she
    said of Y's plan', '"The party has no plan," she said of Y', "it is a scandal that Y has done
    nothing", "this is a reckless gamble by Y"; None when the clause names no one else."""
    said_of = next((g for c in children(verb) if c.dep_ == "prep" and c.lower_ == "of"
                    for g in children(c) if g.dep_ == "pobj"), None)
    if said_of is None:
        # '"It is a disgrace," said X of Y's plans': "of" hung on the speaker, but a thing, not a body
        # X is of ("said X of the Green Party")
        speaker = next((c for c in children(verb) if c.dep_ == "nsubj" and c.i > verb.i), None)
        said_of = next((g for c in children(speaker) if c.dep_ == "prep" and c.lower_ == "of"
                        for g in children(c) if g.dep_ == "pobj" and g.pos_ == "NOUN"), None) if speaker is not None else None
    if said_of is not None:
        words = [t for t in clause.subtree if t.i != subject.i and not _nested_clause(t, clause)]
        return said_of, words, clause.lemma_.lower() == "be"
    # "It is a scandal that Y has done nothing", "it is disgraceful that Y ignored the warnings":
    # the judgement is of what the "that" clause says Y did
    extraposed = subject.lower_ == "it" and clause.lemma_.lower() == "be"
    done = next((c for t in (clause, *(a for a in children(clause) if a.dep_ in ("attr", "acomp"))) for c in children(t)
                 if c.dep_ in ("ccomp", "relcl")
                 and c.pos_ in ("VERB", "AUX") and c.lemma_.lower() not in lexicon.undergo_verbs
                 and any(m.lower_ == "that" and m.i < c.i for m in children(c))), None) if extraposed else None
    doer = next((c for c in children(done) if c.dep_ == "nsubj"), None) if done is not None else None
    if doer is not None:
        return doer, [t for t in clause.subtree if t.i != subject.i and t.i not in {g.i for g in done.subtree}], True
    # "it was hypocritical of Y to criticise the plan": whose doing the judgement says it is
    doer = next((g for a in children(clause) if a.dep_ == "acomp" for p in children(a)
                 if p.dep_ == "prep" and p.lower_ == "of" for g in children(p) if g.dep_ == "pobj"), None) \
        if extraposed else None
    if doer is not None:
        inside = {t.i for t in doer.subtree}
        return doer, [t for t in clause.subtree if t.i != subject.i and t.i not in inside
                      and not _nested_clause(t, clause)], True
    # "This is a reckless gamble by Y", "a cynical move from Y", "there is no excuse for Y's failure": whose
    # doing it is
    doer = next((g for c in children(clause) if c.dep_ == "attr" for p in children(c)
                 if p.dep_ == "prep" and (p.lower_ in ("by", "from") or p.lower_ == "for" and c.lemma_.lower() == "excuse")
                 for g in children(p) if g.dep_ == "pobj"), None)
    if doer is not None and clause.lemma_.lower() == "be" and (
            subject.lower_ in ("it", "this", "that", "there") or subject.pos_ == "NOUN"):   # ("the closure is a betrayal by Y")
        inside = {t.i for t in doer.subtree}
        return doer, [t for t in clause.subtree if t.i != subject.i and t.i not in inside
                      and not _nested_clause(t, clause)], True
    return None


def _nested_clause(tok: Token, clause: Token) -> bool:
    """A word inside a clause of its own under the reported one ("said Y knew that prices had fallen")."""
    node = tok
    while node.i != clause.i and node.head.i != node.i:
        if node.dep_ == "conj" and node.pos_ in ("VERB", "AUX") and any(
                c.dep_ in ("nsubj", "nsubjpass") for c in children(node)):
            return True   # "Y has a plan and [Z has wrecked the economy]": Z's, not Y's
        if node.dep_ in ("ccomp", "advcl", "relcl") and node.head.i != node.i and node.pos_ != "ADP" and not (
                node.dep_ == "relcl" and any(c.dep_ == "aux" and c.lower_ == "to" for c in children(node))
                or node.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ == "for" for c in children(node))):
            return True   # (but "had questions to answer": an infinitive is part of what is said;
            #              "let [the club] down": a particle the parse took for a clause; and "taken
            #              voters for granted": an idiom the parse took for one)
        node = node.head
    return False
