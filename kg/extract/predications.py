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

The verb reading is :mod:`kg.extract.verb_predications`, the noun reading
:mod:`kg.extract.noun_predications`, what they share (the records among it) :mod:`kg.extract.clauses`.

Pure: takes a parsed Doc, returns small records, changes nothing. :mod:`kg.extract.phrases` maps
them to kg's predicates with the predicate lexicon.
"""
from __future__ import annotations

from dataclasses import replace

from functools import lru_cache

from spacy.attrs import LEMMA
from spacy.strings import get_string_id
from spacy.tokens import Doc, Span

from kg.extract.clauses import Predication, Prep, infinitive, question_sentences
from kg.extract.docmemo import indices_with
from kg.extract.lexicon import Lexicon
from kg.extract.noun_predications import copular, noun_predication, succession
from kg.extract.verb_predications import has_cue, heads_clause, verb_predication

__all__ = ["Predication", "Prep", "lemma_indices", "predications"]


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
    questions = question_sentences(doc, sents)
    nouns = _union(relational_nouns, nominalisations)
    for i in lemma_indices(doc, None if verbs is None else _union(verbs, nouns)):
        tok = doc[i]
        pos = tok.pos_
        # a copula is read only where the lexicon has phrases for it ("is on the board of Y")
        if pos == "VERB" or pos == "AUX" and tok.dep_ not in ("aux", "auxpass") \
                and (tok.lemma_ != "be" or verbs is not None and "be" in verbs) \
                or pos in ("NOUN", "PROPN") and (heads_clause(tok) or infinitive(tok)):
            lemma = tok.lemma_.lower()
            if verbs is None or lemma in verbs and (cues is None or lemma not in cues or has_cue(tok, cues[lemma])):
                out.append(verb_predication(tok, lexicon, questions))
        elif (pos in ("NOUN", "PROPN") or pos == "ADJ" and copular(tok)) and (lemma := tok.lemma_.lower()) in nouns:
            pred = noun_predication(tok, lexicon, questions, lemma in nominalisations)
            if pred is not None:
                out.append(pred)
                if tok.dep_ == "pobj" and tok.head.lower_ == "as" and (pair := succession(tok.head.head, lexicon)):
                    out.append(replace(pred, agent=pair[1].i))   # the one replaced held the post before
    return out


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
