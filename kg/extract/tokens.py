"""Token-level helpers shared by the readers of a Doc: tokens found through spaCy's arrays by
string id (no Token object made for the rest), the words before a name in its noun phrase, and
each token's sentence number. Pure: they read the Doc and change nothing."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from weakref import WeakSet

from spacy.attrs import ORTH
from spacy.language import Language
from spacy.strings import get_string_id
from spacy.tokens import Doc, Span, Token

from kg.extract.docmemo import indices_with


def tokens_with(doc: Doc, attr: int, ids: frozenset[int]) -> Iterator[Token]:
    """The tokens whose ``attr`` (ORTH, LOWER: a string's hash) is one of ``ids``, read from one
    array: a pass over the document that makes no Token object for the others."""
    for i in indices_with(doc, attr, ids):
        yield doc[i]


def string_ids(words: Iterable[str]) -> frozenset[int]:
    """The hashes spaCy's token arrays hold for these strings (ORTH, LOWER, LEMMA columns);
    worked out once for a frozenset (a lexicon's word list)."""
    if isinstance(words, frozenset):
        return _frozen_ids(words)
    return frozenset(get_string_id(w) for w in words)


@lru_cache(maxsize=64)
def _frozen_ids(words: frozenset[str]) -> frozenset[int]:
    return frozenset(get_string_id(w) for w in words)


def read_whole(nlp: Language, forms: dict[str, str]) -> None:
    """Words the small model misreads, read right from now on (``forms``: the lexicon's
    ``word_forms``, form -> lemma): a hyphenated one kept one token ("re-elected", which the
    tokenizer splits into "re", "-", "elected" and the parser then scatters), and each given its
    lemma ("reappointed" is lemmatised "reappointe")."""
    if not forms or nlp in _WHOLE:
        return
    _WHOLE.add(nlp)
    for form in forms:
        if "-" in form:
            for f in (form, form.capitalize()):
                nlp.tokenizer.add_special_case(f, [{ORTH: f}])
    if "attribute_ruler" in nlp.pipe_names:
        ruler = nlp.get_pipe("attribute_ruler")
        for lemma in sorted(set(forms.values())):
            ruler.add([[{"LOWER": {"IN": sorted(f for f, l in forms.items() if l == lemma)}}]], {"LEMMA": lemma})


_WHOLE: "WeakSet" = WeakSet()


def title_tokens_before(doc: Doc, start: int, end: int) -> list[Token]:
    """The words before a name that modify it within its noun phrase."""
    out = []
    j = start - 1
    while j >= 0:
        t = doc[j]
        abbreviation_dot = t.text == "." and j > 0 and doc[j - 1].is_alpha and doc[j - 1].is_title and len(doc[j - 1]) <= 4
        if t.is_punct and t.text not in ("-",) and not abbreviation_dot or t.lower_ in ("the", "a", "an") or t.is_space:
            break   # (but "Lt. Gov. X", the tokenizer's "Lt" and ".")
        if not (t.i < t.head.i < end or t.text == "-" or (out and out[0].text == "-")):
            break
        out.insert(0, t)
        j -= 1
    return out


def sentence_index(doc: Doc, *, sents: list[Span] | None = None) -> list[int]:
    """Token index -> sentence number (``sents``: the doc's sentences, when the caller has them)."""
    index = [0] * len(doc)
    for n, sent in enumerate(sents if sents is not None else doc.sents):
        index[sent.start:sent.end] = [n] * (sent.end - sent.start)
    return index
