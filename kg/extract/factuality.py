"""Whether the text asserts an event: negated ("will not quit", "no longer backs", "is not going
to resign"), or not asserted at all: a condition ("if he resigns"), a request or refusal around it
("urged her to quit"), a weak modal ("should"), what a noun of saying holds ("claims that he had
resigned"), a question ("Will she quit?").

Asked of the same tokens by rules, facts, predications and evaluations; the answers are kept while
the Doc is read (:mod:`kg.extract.docmemo`). Pure otherwise: reads the parse, changes nothing.
"""
from __future__ import annotations

from spacy.tokens import Span, Token

from kg.extract.docmemo import children, memo, sentence_of
from kg.extract.syntax import verb_of_object_conjunct
from kg.extract.lexicon import Lexicon


#: prepositions of an adjunct of time or place ("in an interview with X", "at the summit")
ADJUNCT_PREPS = frozenset({"in", "at", "during", "after", "on", "since", "following", "amid"})


CLIMB_DEPS = {"xcomp", "ccomp", "advcl", "acl", "pcomp", "pobj", "prep", "relcl", "conj", "dobj", "nsubj", "nsubjpass",
              "attr"}


def is_negated(tok: Token) -> bool:
    """"will not quit", "never attended", "has not voted"."""
    if any(c.dep_ == "neg" or c.lower_ in ("never", "no") and c.dep_ in ("advmod", "det")
           or c.dep_ == "advmod" and c.lower_ == "longer" and any(g.lower_ == "no" for g in children(c))
           for c in children(tok)):
        return True   # also "no longer backs"
    # "would decline to quit" is handled by its own rules; here only a negated governing auxiliary,
    # or a negated intention: "is not going to quit", "does not intend / want / plan to quit"
    return tok.dep_ in ("xcomp",) and any(c.dep_ == "neg" for c in children(tok.head)) and (
        tok.head.pos_ == "AUX" or tok.head.lemma_.lower() in INTENT_VERBS
        and (tok.head.lemma_.lower() != "go" or tok.head.tag_ == "VBG"))


#: verbs of intending, whose negation denies what they govern: "is not going to resign"
INTENT_VERBS = frozenset({"go", "intend", "plan", "want", "mean", "aim"})


def lemma_forms(tok: Token) -> set[str]:
    """The token's lemma and the bases its inflection allows: the small model lemmatises "hopes"
    as "hop", so "hope" is tried too."""
    word, out = tok.lower_, {tok.lemma_.lower(), tok.lower_}
    for suffix, base in (("ies", "y"), ("es", "e"), ("es", ""), ("s", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            out.add(word[: -len(suffix)] + base)
    return out


def is_nonfactual(tok: Token, *, lexicon: Lexicon, stop: Token | None = None) -> bool:
    """True when the text does not assert the event of ``tok``: a condition ("if he resigns"),
    a request or refusal around it ("urged her to quit"), or a weak modal ("should"). Asked of
    the same token by rules, predications and evaluations: answered once while the Doc is read."""
    known = memo(tok.doc, "nonfactual")
    key = (tok.i, None if stop is None else stop.i, id(lexicon))
    if key not in known:
        known[key] = _nonfactual(tok, lexicon=lexicon, stop=stop)
    return known[key]


#: words before a noun of an act that say it may come, not that it came
PROSPECT_ADJECTIVES = frozenset({"possible", "potential", "likely", "expected", "rumoured", "rumored", "planned",
                                 "proposed", "imminent", "mooted", "threatened", "hypothetical", "prospective"})


#: the verbs by which one makes an apology in saying one wants to: "I want to apologise", "we would like to say sorry"
PERFORMING_HEADS = frozenset({"want", "wish", "like"})


def _performed(tok: Token, lexicon: Lexicon) -> bool:
    """An apology made in the first person by saying one wants to make it."""
    head = tok.head
    return tok.dep_ == "xcomp" and tok.lemma_.lower() in lexicon.apologize_verbs \
        and head.lemma_.lower() in PERFORMING_HEADS and not any(c.dep_ == "neg" for c in children(head)) \
        and any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in children(head))


def _nonfactual(tok: Token, *, lexicon: Lexicon, stop: Token | None) -> bool:
    node, steps = tok, 0
    nominal = tok.pos_ in ("NOUN", "PROPN")
    coordinated = False  # "rejected the report but offered an apology": a conjunct is not embedded
    came_by = ""         # the dependency by which the climb reached this node
    below = tok          # the node the climb came from
    free = False         # the climb came up through a free participle ("..., blaming X")
    # "she will resign if the audit finds fault": a condition on the event itself
    if any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in lexicon.nonfactual_marks for m in children(c))
           for c in children(tok)):
        return True
    if _subjunctive(tok):
        return True   # "demanded Tuesday that X leave office", "insists that she resign": asked, not done
    if nominal and any(c.dep_ == "amod" and c.lower_ in PROSPECT_ADJECTIVES for c in children(tok)):
        return True   # "her possible resignation", "his expected appointment": spoken of, not done
    if _performed(tok, lexicon):
        return False  # "'I want to apologise to the families,' X said": said, the apology is made
    if (governing := verb_of_object_conjunct(tok)) is not None and governing is not stop:
        # "should do the decent thing and resign", the verb parsed as the object's conjunct: as the
        # verb of that object goes
        return _nonfactual(governing, lexicon=lexicon, stop=stop) or is_negated(governing)
    while steps < 6:
        # "told reporters that she had quit" reports it; "told her to quit" (an infinitive) asks it
        reported = came_by == "ccomp" and node.lemma_.lower() in lexicon.reporting_verbs_too \
            and not any(c.dep_ == "aux" and c.lower_ == "to" for c in children(below))
        # "officials at X in Y declined to comment", "were called to the X district of Y": what a
        # name or a describing noun says a thing is, a request or a refusal around it leaves standing
        described = nominal and came_by in ("nsubj", "nsubjpass", "dobj", "pobj", "prep", "appos") and (
            tok.pos_ == "PROPN" or tok.lemma_.lower() in lexicon.descriptive_nouns)
        # "In an interview with X, she denied ...", "Speaking to X, she refused to ...": an adjunct
        # of when or where is said as done, whatever the verb it hangs on does
        # "demanded her resignation, accusing her of lying": a participle after a comma is done
        adjunct = came_by == "prep" and below.lower_ in ADJUNCT_PREPS or came_by == "advcl" \
            and below.tag_ in ("VBG", "VBN") and not any(c.dep_ == "mark" for c in children(below)) \
            and (below.i < node.i or below.tag_ == "VBG" and below.i > 0 and below.doc[below.i - 1].text == ",")
        # "refused to resign, blaming X": a participle after a comma hung on an infinitive is said of
        # the sentence's own clause, done whatever that clause's verb asks or refuses
        free = free or adjunct and came_by == "advcl"
        adjunct = adjunct or free and came_by == "xcomp"
        if node.i != tok.i and not coordinated and not reported and not described and not adjunct \
                and (not lexicon.nonfactual_heads.isdisjoint(lemma_forms(node)) or any(
                    c.dep_ == "prt" and f"{node.lemma_.lower()} {c.lower_}" in lexicon.nonfactual_heads
                    for c in children(node))):
            return True   # "urged her to quit", "turned down an interview with Y" (a verb and its particle)
        if nominal and node.i != tok.i and node.pos_ in ("VERB", "AUX"):
            return False  # "apologised for their role in the vote": the role is not conditional
        if any(c.dep_ == "mark" and c.lower_ in lexicon.nonfactual_marks for c in children(node)):
            return True
        if any(c.dep_ == "mark" and c.lower_ == "for" for c in children(node)) \
                and any(c.dep_ == "aux" and c.lower_ == "to" for c in children(node)):
            return True   # "its demand on Monday for X to resign": what is asked, whatever it hangs on
        if any(c.dep_ == "aux" and c.lower_ in lexicon.weak_modals for c in children(node)):
            return True
        if came_by == "xcomp" and (node.lemma_.lower() in ("have", "ought") or node.pos_ == "ADJ"
                                   and node.lower_ not in lexicon.factive_adjectives):
            return True   # "had to resign", "is likely to quit": what one must or may do, not what one did
        if node.head.i == node.i and node is not stop:
            # "The secretary called for Reid to resign" parsed with "resign" as the sentence's verb:
            # an infinitive is no finite clause, and asserts nothing
            return _asks(node) or node.pos_ == "VERB" and any(c.dep_ == "aux" and c.lower_ == "to"
                                                              for c in children(node))
        if _holds_content(node, lexicon):
            return True   # "claims that he had resigned", "calls to quit": what the noun holds is not said
        if node.dep_ == "acl" and node.tag_ in ("VBN", "VBG"):
            return False  # "X, elected in 2018, is seeking ...": a participle is asserted of its noun
        if node.dep_ == "relcl" and any(c.dep_ == "mark" and c.lower_ == "for" for c in children(node)):
            return True   # "it is time for X to go": an infinitive of what should be, not a relative clause
        if node is stop or node.dep_ not in CLIMB_DEPS or node.dep_ == "relcl" and not _infinitive_of(node):
            return False  # a relative clause is asserted of its noun, whatever the sentence does with it
        coordinated = node.dep_ == "conj"
        came_by = node.dep_
        below, node, steps = node, node.head, steps + 1
    return False


def _subjunctive(v: Token) -> bool:
    """``v`` is a verb in its bare form with a subject of its own and no auxiliary: the mandative
    subjunctive of "demanded that X resign" (a finite verb says "resigns", "resigned")."""
    kids = children(v)
    tagged_noun = v.tag_ == "NN" and any(c.dep_ == "mark" for c in kids)   # the tagger's slip: "that X leave office"
    if v.tag_ not in ("VB", "VBP") and not tagged_noun or v.dep_ not in ("ccomp", "advcl", "conj") \
            or v.lemma_.lower() == "be":
        return False
    if any(c.dep_ in ("aux", "auxpass") for c in kids):
        return False
    subject = next((c for c in kids if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.lower_ in ("i", "you", "we", "they"):
        return False
    # a present tense agrees with its subject ("they resign"): only a singular subject with the bare form
    return v.tag_ in ("VB", "NN") or subject.tag_ in ("NN", "NNP") and not any(c.dep_ == "conj" for c in children(subject))


def _infinitive_of(v: Token) -> bool:
    """``v`` is an infinitive the parse hung on a noun as a relative clause, with no subject of its
    own: "urged the minister, X, to resign" (the request's, not a clause said of the minister)."""
    kids = children(v)
    return any(c.dep_ == "aux" and c.lower_ == "to" for c in kids) and not any(
        c.dep_ in ("nsubj", "nsubjpass") for c in kids)


def _holds_content(v: Token, lexicon: Lexicon) -> bool:
    """``v`` heads the content of a noun of saying, asking or hoping: a "that" clause or an infinitive
    hung on it ("reports that she had quit", "demands that he step down", "brushed off calls to
    quit", however the parse attaches the infinitive), not a participle ("a report published by X")."""
    if v.pos_ not in ("VERB", "AUX"):
        return False
    to = next((c for c in children(v) if c.dep_ == "aux" and c.lower_ == "to"), None)
    if to is not None and v.dep_ in ("relcl", "acl") and v.head.pos_ == "NOUN" \
            and not lexicon.content_nouns.isdisjoint(lemma_forms(v.head)):
        return True   # "a call by X for Y to resign", parsed as a clause on the call
    if to is not None:
        before = v.doc[to.i - 1] if to.i > 0 else None
        while before is not None and before.dep_ == "pobj" and before.head.lower_ in ("for", "from") \
                and before.head.head.i < before.i:
            before = before.head.head   # "renewed her call for X to resign", "calls from Y to resign"
        return before is not None and before.pos_ == "NOUN" and not lexicon.content_nouns.isdisjoint(lemma_forms(before))
    head = v.head
    if v.dep_ not in ("acl", "relcl", "ccomp") or head.pos_ != "NOUN" or lexicon.content_nouns.isdisjoint(lemma_forms(head)):
        return False
    return any(c.lower_ == "that" and c.dep_ in ("mark", "dobj", "nsubj") or c.dep_ in ("nsubj", "nsubjpass")
               and c.lower_ not in lexicon.relative_pronouns for c in children(v))


def _asks(root: Token) -> bool:
    """The sentence of ``root`` ends in a question mark (before any closing quote)."""
    known = memo(root.doc, "asks")
    if root.i not in known:
        known[root.i] = _sentence_asks(sentence_of(root))
    return known[root.i]


def _sentence_asks(sent: Span) -> bool:
    last = sent[-1]
    if last.is_punct and last.text != "?" and len(sent) > 1 and last.text in ('"', "\u201d", "'", "\u2019"):
        last = sent[-2]
    return last.text == "?"


def asserted(tok: Token, *, polarity: str, lexicon: Lexicon, stop: Token | None = None) -> bool:
    if polarity == "any":
        return True
    if polarity == "unnegated":
        return not is_negated(tok)
    if is_nonfactual(tok, lexicon=lexicon, stop=stop):
        return False
    return is_negated(tok) == (polarity == "negated")
