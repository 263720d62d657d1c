"""How negative the words said of someone are: word- and phrase-level scoring for criticism.

How negative a word is comes from VADER's rated word list (the vaderSentiment package) and
the lexicon's ``criticism_words``; a negated word counts against its sign, and a good word of the
lexicon's ``virtue_words`` denied criticises ("has no credible plan", "were not straight with
people"). The lexicon's ``criticism_phrases`` count as a whole ("let down the people"), and the
words also say whether they do harm (``harms``), put a burden up (``burdens``) or say someone did
wrong (``wrongdoing``). Pure: tokens and lexicon in, a score or a yes/no out.
"""
from __future__ import annotations

from functools import lru_cache

from spacy.tokens import Token

from kg.extract.docmemo import children
from kg.extract.factuality import is_negated
from kg.extract.lexicon import Lexicon

#: what denies the word it governs: "nothing wrong", "none of it false"
NOTHING = frozenset({"nothing", "none"})
#: below this summed valence (VADER's scale: a word from -4 to +4) a predicate is a criticism
THRESHOLD = -1.5
#: how strongly a word of the lexicon's own criticism list counts
CRITICISM_WORD = -2.0


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
            total += CRITICISM_WORD   # "no credible plan", "had not been straight with pensioners", "not convinced by"
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
