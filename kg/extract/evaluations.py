"""Criticism said in the critic's own words: a speaker who says something bad of someone, or
calls what they did something bad.

The ways of saying it, all read off the parse:

- labelling: "X called Y's plan a fantasy", "X branded Y two-faced", "X described the deal
  as a disgrace": a verb of labelling whose object is Y (or what is Y's) and whose complement
  is a negative evaluation;
- reported evaluation: "X said Y had wasted millions", "X said Y's sums do not stack up",
  "X argued that Y was out of touch": a speech verb whose reported clause has Y (or what is
  Y's) as its active subject, and whose predicate is a negative evaluation of it. A subject
  that undergoes something ("Y suffered losses", "Y was hit by the strike") is not blamed;
- a quoted sentence under no speech verb is the quote's speaker's ('"We have a plan. Y has wasted
  millions," said X'), and "according to X, Y has ..." is X's;
- within what is said: a clause of its own joined to it or giving its reason ("because Y is not
  being straight"), what "I think" or "she believed" governs, what a pronoun or description
  opening it is said of ("this is a reckless gamble by Y", "it is a scandal that Y ...").

How negative a word is comes from VADER's rated word list (the vaderSentiment package) and
the lexicon's ``criticism_words``; a negated word counts against its sign, and a good word of the
lexicon's ``virtue_words`` denied criticises ("has no credible plan", "were not straight with
people"). Pure: Doc, resolver and lexicon in, facts out.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from spacy.tokens import Doc, Token

from kg.extract.coref import Referent, Resolver
from kg.extract.docmemo import children, sentence_of
from kg.extract.facts import is_negated, is_nonfactual
from kg.extract.lexicon import Lexicon
from kg.extract.predications import implicit_subject, lemma_indices
from kg.extract.quotes import Quote
from kg.model import Fact, ObjectRef

#: what denies the word it governs: "nothing wrong", "none of it false"
NOTHING = frozenset({"nothing", "none"})
RULE_LABEL = "phrase:evaluation-label"
RULE_REPORTED = "phrase:evaluation-reported"
#: below this summed valence (VADER's scale: a word from -4 to +4) a predicate is a criticism
THRESHOLD = -1.5
#: how strongly a word of the lexicon's own criticism list counts
CRITICISM_WORD = -2.0
KINDS = ("person", "organization")


@lru_cache(maxsize=1)
def vader_valence() -> dict[str, float]:
    """VADER's rated words (lower case -> mean valence), read once from the package's file."""
    from importlib.resources import files

    out = {}
    text = files("vaderSentiment").joinpath("vader_lexicon.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) >= 2 and " " not in parts[0]:
            try:
                out[parts[0]] = float(parts[1])
            except ValueError:
                continue
    return out


def valence(tokens: list[Token], *, lexicon: Lexicon, rated: bool) -> float:
    """The summed valence of these words; a word under a negation counts against its sign.
    With ``rated``, describing words (adjectives, nouns, adverbs) count as VADER rates them;
    verbs, and all words without it, count only when the lexicon lists them as criticism
    (VADER rates what happens, "killed", "fired", "defected", as it rates what is said of it)."""
    table = vader_valence()
    total = 0.0
    inside = {t.i for t in tokens}
    for t in tokens:
        if t.is_punct or t.pos_ in ("PROPN", "DET", "ADP", "PRON"):
            continue
        lemma = t.lemma_.lower()
        if lemma in lexicon.criticism_words or t.lower_ in lexicon.criticism_words or lemma in lexicon.insult_nouns:
            v = CRITICISM_WORD
        elif rated and t.pos_ in ("ADJ", "NOUN", "ADV") and not _in_prep_object(t, inside) \
                and lemma not in _phrase_words(lexicon):   # ("a slap in the face": the phrase's, not VADER's)
            v = table.get(t.lower_, table.get(lemma, 0.0))
        elif t.pos_ == "ADV" and t.dep_ == "advmod" and t.head.pos_ == "VERB" and t.i > t.head.i \
                and t.lower_.endswith("ly"):
            # how it was done, said after the verb: "behaved disgracefully", "treated its staff appallingly"
            adjective = _adjective_of(t.lower_)
            v = CRITICISM_WORD if adjective in lexicon.criticism_words else table.get(adjective, 0.0)
        elif t.pos_ == "VERB" and harms(t, lexicon=lexicon):
            v = CRITICISM_WORD   # "would hit families", "had ignored residents"
        else:
            v = 0.0
        denied = _denied(t)
        if not v and t.pos_ in ("VERB", "AUX") and (denied or any(   # (or "makes no sense")
                c.dep_ == "dobj" and is_negated(c) for c in children(t))) and " ".join(
                [lemma, *(c.lower_ for c in children(t) if c.dep_ in ("prt", "dobj") and c.i > t.i)]) \
                in lexicon.soundness_phrases:
            total += CRITICISM_WORD   # "the sums do not stack up", "none of the figures add up"
            continue
        if denied and (lemma in lexicon.virtue_words or t.lower_ in lexicon.virtue_words):
            total += CRITICISM_WORD   # "no credible plan", "were not straight with voters", "not convinced by"
            continue
        if v and (denied or t.head.lower_ in NOTHING):   # (or "had done nothing wrong")
            v = -v * 0.75
        total += v
    return total


def _adjective_of(adverb: str) -> str:
    """The adjective a manner adverb is made from: "disgracefully" -> "disgraceful", "irresponsibly"
    -> "irresponsible", "shoddily" -> "shoddy", "badly" -> "bad"."""
    if adverb.endswith(("ably", "ibly")):
        return adverb[:-1] + "e"
    if adverb.endswith("ily"):
        return adverb[:-3] + "y"
    return adverb[:-2]


#: subjects that deny what is said of them: "none of the figures add up"
NONE_WORDS = ("none", "nothing", "neither", "nobody")


def _denied(tok: Token) -> bool:
    """The word is negated ("do not add up"), or what it describes or governs is ("were not
    straight with voters", "no credible plan", "does not have credibility"), or it is said of none
    ("none of the figures add up", "none of its promises are credible"), or lacked ("lacked a
    credible plan", "a lack of leadership")."""
    verb = tok.head if tok.dep_ in ("acomp", "attr", "dobj", "advmod", "amod") else tok
    if verb.lower_ in NONE_WORDS and verb.i != tok.i:
        return True   # "has done nothing wrong"
    # (and the verb of a described object: "does not have a credible plan")
    clause = verb.head if tok.dep_ == "amod" and verb.dep_ in ("dobj", "attr") else verb
    return is_negated(tok) or verb.i != tok.i and is_negated(verb) or clause.i != verb.i and is_negated(clause) or any(
        c.dep_ == "nsubj" and (c.lower_ in NONE_WORDS or any(g.lower_ == "neither" for g in children(c)))
        for c in children(clause)) or any(
        t.dep_ == "dobj" and t.head.lemma_.lower() == "lack" for t in (tok, verb)) or (   # "lacked a credible plan"
        tok.dep_ == "pobj" and tok.head.lower_ == "of" and tok.head.head.lemma_.lower() in ("lack", "absence")
        and not is_negated(tok.head.head))   # "a lack of leadership" (not "no lack of")


def _in_prep_object(tok: Token, inside: set[int]) -> bool:
    """The word is in a prepositional object within the words ("complacent about the *safety*
    warnings"): what the judgement is about, not the judgement."""
    node = tok
    while node.i in inside and node.head.i != node.i:
        if node.dep_ == "pobj" and node.head.lower_ != "as":   # (not the label of "described Y as a farce")
            return True
        node = node.head
    return False


def phrase_valence(tokens: list[Token], *, lexicon: Lexicon) -> float:
    """CRITICISM_WORD for each of the lexicon's ``criticism_phrases`` the words hold, in order
    ("had let [the people] down" does not count, "let down the people" does), read as lemmas
    without articles, pronouns or names; against its sign under a negation ("is not out of touch")."""
    total = 0.0
    for words, negated in phrases_said(tokens, lexicon.criticism_phrases):
        # "is not fit for purpose": a phrase that holds its own negation is not reversed by it
        total += -CRITICISM_WORD * 0.75 if negated and not {"not", "no"} & set(words) else CRITICISM_WORD
    return total


def phrases_said(tokens: list[Token], phrases: frozenset[str]) -> list[tuple[list[str], bool]]:
    """The phrases (lemmas, without articles, pronouns or names) the words hold, in order, each
    with whether its verb is negated."""
    kept = [t for t in sorted(tokens, key=lambda t: t.i)
            if not t.is_punct and (t.pos_ not in ("DET", "PRON", "PROPN") or t.lower_ in ("no", "nothing"))]
    # and without a verb's object: "had let [the fans] down", "treated [voters] with contempt"
    objects = {g.i for t in kept if t.dep_ in ("dobj", "nsubj", "dative") and t.pos_ in ("NOUN", "PROPN", "PRON")
               for g in t.subtree if g.i <= t.i}   # the noun and its modifiers, not what hangs after it ("with contempt")
    readings = [kept, [t for t in kept if t.i not in objects]] if objects else [kept]
    read = []
    for toks in readings:
        lemmas = [t.lemma_.lower() for t in toks]
        at: dict[str, list[int]] = {}
        for k, lemma in enumerate(lemmas):
            at.setdefault(lemma, []).append(k)
        read.append((toks, lemmas, at))
    by_first = _phrases_by_first_word(phrases)
    # the phrases whose first word is here, in the order of ``phrases`` (as each were tried)
    candidates = sorted({c for _, _, at in read for first in at for c in by_first.get(first, ())})
    out = []
    for _, phrase_words in candidates:
        words = list(phrase_words)
        for toks, lemmas, at in read:
            k = next((k for k in at.get(words[0], ()) if lemmas[k:k + len(words)] == words), None)
            if k is not None:
                verbs = [t for t in toks[k:k + len(words)] if t.pos_ in ("VERB", "AUX")] or [toks[k].head]
                if toks[k].dep_ in ("acomp", "attr"):
                    verbs.append(toks[k].head)   # "had not been [slow to act]": the copula's negation
                out.append((words, any(is_negated(v) for v in verbs)))
                break
    return out


@lru_cache(maxsize=16)
def _phrases_by_first_word(phrases: frozenset[str]) -> dict[str, tuple[tuple[int, tuple[str, ...]], ...]]:
    """Each phrase's words, with its place in the set's order, under its first word."""
    index: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
    for n, phrase in enumerate(phrases):
        words = tuple(phrase.split())
        index.setdefault(words[0], []).append((n, words))
    return {first: tuple(v) for first, v in index.items()}


def harms(verb: Token, *, lexicon: Lexicon) -> bool:
    """The verb does harm to what it is done to: one of the lexicon's ``harm_verbs`` with an
    object ("would damage the economy", "gambled with jobs"), or of its ``hardship_verbs`` done
    to a ``victim_noun`` ("would hit families", "will cost jobs")."""
    lemma = verb.lemma_.lower()
    if lemma in lexicon.harm_verbs:
        return any(c.dep_ in ("dobj", "prep", "nsubjpass") and c.lower_ not in ("nothing", "none") for c in children(verb))
    if lemma == "leave" and not any(c.dep_ in ("oprd", "xcomp", "acomp", "ccomp") or c.dep_ == "prep" and c.lower_ == "out"
                                    for c in children(verb)):
        return False   # "would leave families worse off / out of pocket", not "left the country"
    if lemma in lexicon.hardship_verbs:   # (or a victim the passive makes its subject: "pensioners were hit by")
        return any(c.dep_ in ("dobj", "dative", "nsubjpass") and (c.lemma_.lower() in lexicon.victim_nouns
                                                     or c.lower_ in lexicon.victim_nouns) for c in children(verb))
    return False


def burdens(tokens: list[Token], *, lexicon: Lexicon) -> bool:
    """The words say something will be put up or taken away ("would raise taxes", "will close
    the library"): a ``burden_noun`` as the object of a verb that is not negated and not good."""
    table = vader_valence()
    return any(t.dep_ == "dobj" and (t.lemma_.lower() in lexicon.burden_nouns or t.lower_ in lexicon.burden_nouns)
               and t.head.pos_ == "VERB" and not is_negated(t.head)
               and table.get(t.head.lemma_.lower(), 0.0) <= 0 for t in tokens)


def wrongdoing(tokens: list[Token], *, lexicon: Lexicon) -> bool:
    """The words say someone did wrong ("had falsified the accounts", "lied under oath")."""
    return any(not is_negated(t) and t.head.lower_ not in NOTHING
               and (t.lemma_.lower() in lexicon.wrongdoing_words or t.lower_ in lexicon.wrongdoing_words)
               for t in tokens) or any(not negated for _, negated in phrases_said(tokens, lexicon.wrongdoing_phrases))


@lru_cache(maxsize=4)
def _phrase_words(lexicon: Lexicon) -> frozenset[str]:
    """The content words of the lexicon's criticism phrases, which count as the phrase does, not
    as VADER rates them alone ("slap", "face", "trust")."""
    return frozenset(w for p in lexicon.criticism_phrases for w in p.split() if len(w) > 3)


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
            found = [_labelled(verb, lexicon)]
            rule = RULE_LABEL
        else:
            found = _reported(verb, lexicon)
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
        if noun.pos_ != "NOUN" or (speaker := _claimant(noun, lexicon)) is None:
            continue
        found = _said_in(noun, lexicon)
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
    for c in (clause, *_clauses_within(clause)):
        if (judged := _judged_clause(tok, c, lexicon)) is not None:
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
        root = _opinion(root, lexicon)
        for clause in (root, *_clauses_within(root)):
            if (judged := _judged_clause(root, clause, lexicon)) is not None:
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


def _claimant(noun: Token, lexicon: Lexicon) -> Token | None:
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


def _said_in(noun: Token, lexicon: Lexicon) -> tuple[Token, list[Token], bool] | None:
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
    return _judged_clause(noun, clause, lexicon)


def _labelled(verb: Token, lexicon: Lexicon) -> tuple[Token, list[Token], bool] | None:
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


def _reported(verb: Token, lexicon: Lexicon) -> list[tuple[Token, list[Token], bool] | None]:
    """"said Y had wasted millions", "said Y's sums do not stack up", "said Y was out of
    touch": the reported clause's subject, and the words said of it (rated by VADER only when
    they are a copula's complement: what Y is, not what Y did); and the same of each clause
    with a subject of its own joined to it or giving its reason ("X has a plan and Y has
    none", "trust is breaking down because Y is not being straight with people")."""
    out = []
    for clause in children(verb):   # (more than one: '"The economy is growing, but Y has no plan," said X')
        if clause.dep_ != "ccomp" or clause.pos_ not in ("VERB", "AUX"):
            continue
        if any(c.dep_ == "mark" and c.lower_ in ("whether", "if") for c in children(clause)) \
                or any(t.text == "?" for t in clause.doc[clause.left_edge.i:clause.right_edge.i + 2]):
            return []   # "asked whether Y had wasted money", '"Does Y have no plan?" asked X': asked, not said
        clause = _opinion(clause, lexicon, ("i", "we", "he", "she"))   # ("said she believed Y had ...")
        out += [_judged_clause(verb, c, lexicon) for c in (clause, *_clauses_within(clause))]
    return out


def _opinion(clause: Token, lexicon: Lexicon, speakers: tuple[str, ...] = ("i", "we")) -> Token:
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


def _clauses_within(clause: Token) -> list[Token]:
    """The clauses with a subject of their own joined to the reported one ("Y has failed and Z is
    no better") or giving its reason or a contrast ("because Y is not being straight", "while Y is
    out of touch"); not a condition."""
    return [c for c in children(clause) if c.pos_ in ("VERB", "AUX") and (
        c.dep_ == "conj" and any(g.dep_ in ("nsubj", "nsubjpass") for g in children(c))
        or c.dep_ == "advcl" and any(g.dep_ == "mark" and g.lower_ in ASSERTED_MARKS for g in children(c)))]


def _judged_clause(verb: Token, clause: Token, lexicon: Lexicon) -> tuple[Token, list[Token], bool] | None:
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
