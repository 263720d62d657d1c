"""Criticism said in the critic's own words: a speaker who says something bad of someone, or
calls what they did something bad; criticized(speaker, target), or accused(speaker, target)
where what is said is that the target did wrong.

The ways of saying it, all read off the parse:

- labelling ("X called Y's plan a fantasy") and reported evaluation ("X said Y had wasted
  millions"), and what is said within them: read by kg.extract.judged_clauses;
- a quoted sentence under no speech verb is the quote's speaker's ('"We have a plan. Y has wasted
  millions," said X'), and "according to X, Y has ..." is X's (read here);
- a claim said by a noun ("X's claim that Y had lied"): its clause read as reported.

How negative what is said must be to count is kg.extract.valence's (VADER's rated words and
the lexicon's); who the speaker and the target are is the resolver's, with whose a thing is
("Y's figures", "a report by X") read here. Pure: Doc, resolver and lexicon in, facts out.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from spacy.tokens import Doc, Token

from kg.extract.coref import Referent, Resolver
from kg.extract.docmemo import children, sentence_of
from kg.extract.factuality import is_negated, is_nonfactual
from kg.extract.judged_clauses import (claimant, clauses_within, judged_clause, labelled, opinion_clause, reported,
                                       said_in)
from kg.extract.lexicon import Lexicon
from kg.extract.clauses import implicit_subject
from kg.extract.predications import lemma_indices
from kg.extract.quotes import Quote
from kg.extract.valence import THRESHOLD, burdens, phrase_valence, valence, wrongdoing
from kg.model import Fact, ObjectRef

RULE_LABEL = "phrase:evaluation-label"
RULE_REPORTED = "phrase:evaluation-reported"
KINDS = ("person", "organization")


@lru_cache(maxsize=4)
def _saying_verbs(lexicon: Lexicon) -> frozenset[str]:
    """The verbs that say or label (one set per lexicon, read once)."""
    return lexicon.speech_verbs | lexicon.label_verbs


def evaluation_facts(doc: Doc, *, resolver: Resolver, lexicon: Lexicon, sent_of: list[int],
                     quotes: Sequence[Quote] = ()) -> list[Fact]:
    """criticized(speaker, target) for each labelling or reported evaluation the text asserts;
    accused(speaker, target) where the reported clause says the target did wrong."""
    out: list[Fact] = []
    for quote in quotes:
        out += _quoted(doc, quote, resolver, lexicon, sent_of)
    for i in lemma_indices(doc, _saying_verbs(lexicon)):
        verb = doc[i]
        if verb.pos_ not in ("VERB", "AUX") or is_negated(verb) or is_nonfactual(verb, lexicon=lexicon) \
                or verb.lemma_.lower() in lexicon.concession_verbs:
            continue   # ("X admitted Y had made mistakes": owned, not blamed)
        speaker = next((c for c in children(verb) if c.dep_ == "nsubj"), None) or implicit_subject(verb)
        if speaker is None:
            continue
        lemma = verb.lemma_.lower()
        if lemma in lexicon.label_verbs:
            found = [labelled(verb, lexicon)]
            rule = RULE_LABEL
        else:
            found = reported(verb, lexicon)
            rule = RULE_REPORTED
        for judged in found:
            if judged is None:
                continue
            target, predicate, rated = judged
            warned = lemma in lexicon.warning_verbs and burdens(predicate, lexicon=lexicon)
            out += _judged(resolver, speaker, target, predicate, rated, verb, sent_of, rule, lexicon,
                           warned=warned, accusing=False)
    for i in lemma_indices(doc, ACCORDING):
        out += _according(doc[i], resolver, lexicon, sent_of)
    for i in lemma_indices(doc, lexicon.saying_nouns):
        noun = doc[i]
        if noun.pos_ != "NOUN" or (speaker := claimant(noun, lexicon)) is None:
            continue
        found = said_in(noun, lexicon)
        if found is not None:
            target, predicate, rated = found
            out += _judged(resolver, speaker, target, predicate, rated, noun, sent_of, RULE_REPORTED, lexicon,
                           warned=False, accusing=noun.lemma_.lower() in lexicon.accusation_nouns)
    return out


#: "according to X, Y has failed": the words of a source
ACCORDING = frozenset({"accord", "according"})


def _according(tok: Token, resolver: Resolver, lexicon: Lexicon, sent_of: list[int]) -> list[Fact]:
    """"According to X, Y has failed the north", "Y, according to X, has misled ...": the clause is
    X's (not a news outlet's: "according to the Herald" reports, it does not judge)."""
    to = next((c for c in children(tok) if c.lower_ == "to" and c.dep_ == "prep"), None)
    source = next((g for g in children(to) if g.dep_ == "pobj"), None) if to is not None else None
    clause = tok.head
    if source is None or tok.dep_ != "prep" or clause.pos_ not in ("VERB", "AUX") \
            or is_negated(clause) or is_nonfactual(clause, lexicon=lexicon):
        return []
    speakers = tuple(r for r in resolver.referents(source) if not resolver.table.entities[r.key].news)
    out: list[Fact] = []
    for c in (clause, *clauses_within(clause)):
        if (judged := judged_clause(tok, c, lexicon)) is not None:
            target, predicate, rated = judged
            out += _judged(resolver, speakers, target, [t for t in predicate if t.i not in {g.i for g in tok.subtree}],
                           rated, clause, sent_of, RULE_REPORTED, lexicon, warned=False, accusing=False)
    return out


def _quoted(doc: Doc, quote: Quote, resolver: Resolver, lexicon: Lexicon, sent_of: list[int]) -> list[Fact]:
    """A quoted sentence that hangs under no speech verb is its speaker's all the same: '"We have a
    plan. Y has wasted billions," said X', 'X said: "... Y has no credible plan."'."""
    out: list[Fact] = []
    if not quote.speakers:
        return out
    for sent in {sentence_of(doc[i]).start: sentence_of(doc[i]) for i in range(quote.start, quote.end)}.values():
        root = sent.root
        if not quote.start <= root.i < quote.end and root.lemma_.lower() not in lexicon.speech_verbs:
            # 'X was scathing: "Y has betrayed its voters"': the quoted clause hung on the words before it
            root = next((c for c in children(root) if c.dep_ in ("ccomp", "parataxis")
                         and quote.start <= c.i < quote.end), root)
        if not quote.start <= root.i < quote.end or root.pos_ not in ("VERB", "AUX") \
                or root.lemma_.lower() in lexicon.speech_verbs or is_nonfactual(root, lexicon=lexicon):
            continue   # (a root outside the quote, or a speech verb, is read as a speech verb)
        root = opinion_clause(root, lexicon)
        for clause in (root, *clauses_within(root)):
            if (judged := judged_clause(root, clause, lexicon)) is not None:
                target, predicate, rated = judged
                out += _judged(resolver, quote.speakers, target, predicate, rated, root, sent_of, RULE_REPORTED,
                               lexicon, warned=False, accusing=False)
    return out


def _judged(resolver: Resolver, speaker: Token | tuple[Referent, ...], target: Token, predicate: list[Token], rated: bool, verb: Token,
            sent_of: list[int], rule: str, lexicon: Lexicon, *, warned: bool, accusing: bool) -> list[Fact]:
    """accused where the words say the target did wrong (or an accusation's noun holds them),
    criticized where they say something bad of it."""
    if accusing or rule == RULE_REPORTED and wrongdoing(predicate, lexicon=lexicon):
        return _facts(resolver, speaker, target, verb, sent_of, rule, "accused", lexicon)
    if warned or valence(predicate, lexicon=lexicon, rated=rated) + phrase_valence(predicate, lexicon=lexicon) <= THRESHOLD:
        return _facts(resolver, speaker, target, verb, sent_of, rule, "criticized", lexicon)
    return []


def _targets(resolver: Resolver, tok: Token) -> list[Referent]:
    """Y itself, or whose the thing is: "Y's figures", "the Y plan", "the policies of Y"."""
    refs = resolver.referents(tok)
    if not refs and tok.lower_ == "it" and tok.dep_ == "nsubj" and tok.head.lemma_.lower() != "be":
        return _organization_before(resolver, tok)
    if refs or tok.pos_ != "NOUN":
        return refs
    for c in children(tok):
        if c.dep_ in ("poss", "compound", "nmod") and c.i < tok.i and (refs := resolver.referents(c)):
            return refs
    if tok.lower_ in ("way", "manner"):   # "the way Y has treated its staff is shameful": the clause's doer
        for c in children(tok):
            subject = next((g for g in children(c) if g.dep_ == "nsubj"), None) if c.dep_ == "relcl" else None
            if subject is not None and (refs := resolver.referents(subject)):
                return refs
    undergone = tok.lemma_.lower() in resolver.lexicon.undergone_nouns   # "the sacking of Y": not Y's doing
    for c in children(tok):
        if c.dep_ == "prep" and (c.lower_ == "by" or c.lower_ in ("of", "from") and not undergone):   # ("the offer from Y")
            for g in children(c):
                if g.dep_ == "pobj" and (refs := resolver.referents(g)):
                    return refs
    return []


def _organization_before(resolver: Resolver, tok: Token) -> list[Referent]:
    """"It" as the doer of what is said ("Y raised its prices. X said it had betrayed its customers";
    not "it is a disgrace"): the one organization named in this sentence before it and the one
    before; none when there are two."""
    here = resolver.sent_of[tok.i]
    named = {e.key: max(m.start for m in e.mentions if m.start < tok.i)
             for e in resolver.table.entities.values() if e.kind == "organization"
             and any(m.start < tok.i and here - 1 <= resolver.sent_of[m.start] for m in e.mentions)}
    if len(named) != 1:
        return []
    key, start = next(iter(named.items()))
    return [Referent(key, resolver.sent_of[start])]


def authors(resolver: Resolver, tok: Token, lexicon: Lexicon) -> list[Referent]:
    """Who a document speaks for: "a report by X", "X's lawsuit", "a letter from X", "a
    statement issued by X" (a noun of the lexicon's ``document_nouns``)."""
    if tok.pos_ != "NOUN" or tok.lemma_.lower() not in lexicon.document_nouns:
        return []
    for c in children(tok):
        if c.dep_ == "poss" and (refs := resolver.referents(c)):
            return refs
    for c in children(tok):
        by = c if c.dep_ in ("prep", "agent") and c.lower_ in ("by", "from") else \
            next((g for g in children(c) if g.dep_ == "agent"), None) if c.dep_ == "acl" else None
        obj = next((g for g in children(by) if g.dep_ == "pobj"), None) if by is not None else None
        if obj is not None and (refs := resolver.referents(obj)):
            return refs
    if tok.lemma_.lower() in lexicon.press_pieces:   # "an editorial in the Herald": the Herald's
        for g in (g for c in children(tok) if c.dep_ == "prep" and c.lower_ == "in" for g in children(c)):
            if g.dep_ == "pobj" and g.pos_ == "PROPN" and (refs := resolver.referents(g)):
                return refs
    return []


def _facts(resolver: Resolver, speaker: Token | tuple[Referent, ...], target: Token, verb: Token, sent_of: list[int],
           rule: str, predicate: str, lexicon: Lexicon) -> list[Fact]:
    ents = resolver.table.entities
    sent = sent_of[verb.i]
    out = []
    speakers = speaker if isinstance(speaker, tuple) else resolver.referents(speaker) or authors(resolver, speaker, lexicon)
    for s in speakers:
        if ents[s.key].kind not in KINDS:
            continue
        for o in _targets(resolver, target):
            if o.key == s.key or ents[o.key].kind not in KINDS:
                continue
            via = tuple(sorted({v for v in (s.via_sentence, o.via_sentence) if v is not None and v != sent}))
            out.append(Fact(s.key, predicate, ObjectRef.entity(o.key), sent, via, rule, 0.6, verb.i))
    return out
