"""Who said what: quoted passages and their speakers.

A quote's speaker is the subject of a speech verb next to it, outside the quote
('"...," said Ruiz', 'Okafor added: "..."'), else of the words a colon opens it after ('Okafor was
scathing: "..."'). A quote with no speaker of its own that follows
another quote in the same paragraph continues it (news style: one attribution, several quoted
sentences), and so does one that opens the paragraph after a quote left open at its paragraph's
end (the mark of a quotation running on over paragraphs). Pure: reads the Doc and the resolver, returns records.
"""
from __future__ import annotations

from dataclasses import dataclass

from spacy.attrs import IS_SPACE, ORTH
from spacy.tokens import Doc

from kg.extract.coref import Referent, Resolver
from kg.extract.docmemo import column, indices_with, sentence_of
from kg.extract.tokens import string_ids

OPEN = {"“", '"', "``"}
CLOSE = {"”", '"', "''"}


@dataclass(frozen=True)
class Quote:
    start: int                      # token index of the first quoted token
    end: int                        # token index after the last quoted token
    speakers: tuple[Referent, ...]  # empty when nobody is named
    text: str


def find_quotes(doc: Doc, *, resolver: Resolver) -> list[Quote]:
    spans = _quote_spans(doc)
    out: list[Quote] = []
    unclosed = set()   # the quotes a paragraph's end cut off: the next paragraph's opening quote goes on
    for n, (a, b, closed) in enumerate(spans):
        speakers = _speaker(doc, a, b, resolver)
        if not speakers and out and out[-1].speakers and (
                _same_paragraph(doc, out[-1].end, a) or n - 1 in unclosed and _opens_paragraph(doc, a)):
            speakers = out[-1].speakers
        if not closed:
            unclosed.add(n)
        out.append(Quote(a, b, speakers, doc[a:b].text))
    return out


def _quote_spans(doc: Doc) -> list[tuple[int, int, bool]]:
    spans, open_at, single = [], None, False
    for t in _marks(doc):
        if t.text in SINGLE:   # British style: 'I will not resign,' said X
            if open_at is None and _opens_single(doc, t.i):
                open_at, single = t.i + 1, True
            elif open_at is not None and single and _closes_single(doc, t.i):
                if t.i > open_at:
                    spans.append((open_at, t.i, True))
                open_at, single = None, False
            continue
        if open_at is None and t.text in OPEN:
            open_at, single = t.i + 1, False
        elif open_at is not None and single and "\n\n" in t.text_with_ws:
            open_at, single = None, False   # a single quote left open is an apostrophe misread
        elif open_at is not None and t.text in CLOSE:
            if t.i > open_at:
                spans.append((open_at, t.i, True))
            open_at = None
        elif open_at is not None and "\n\n" in t.text_with_ws:
            if t.i > open_at:
                spans.append((open_at, t.i, False))   # an unclosed quote ends with its paragraph,
            open_at = None                         # and goes on in the next one's opening quote
    return spans


def _opens_single(doc: Doc, i: int) -> bool:
    """A single quotation mark that opens a quote: at a sentence's start or after a space, an
    opening parenthesis or a colon, and right before a word (not "the '90s")."""
    t = doc[i]
    if t.whitespace_ or i + 1 >= len(doc) or doc[i + 1].like_num or doc[i + 1].is_punct:
        return False
    return t.text != "\u2019" and (i == 0 or bool(doc[i - 1].whitespace_) or doc[i - 1].text in ("(", ":", "\u2014"))


def _closes_single(doc: Doc, i: int) -> bool:
    """A single quotation mark that closes a quote: right after a word or a comma or full stop,
    and before a space or punctuation."""
    t = doc[i]
    if t.text == "\u2018" or i == 0 or doc[i - 1].whitespace_:
        return False
    return bool(t.whitespace_) or i + 1 == len(doc) or doc[i + 1].is_punct


def _opens_paragraph(doc: Doc, a: int) -> bool:
    """The quote's opening mark (just before token ``a``) starts its paragraph."""
    return a >= 2 and "\n" in doc[a - 2].text_with_ws or a == 1


def _marks(doc: Doc):
    """The quotation marks and the white space between paragraphs, read from arrays: no Token
    object is made for the other words."""
    spaces = column(doc, IS_SPACE).nonzero()[0].tolist()
    for i in sorted(set(indices_with(doc, ORTH, _MARK_IDS)).union(spaces)):
        yield doc[i]


#: single quotation marks, read as quotes only where they open or close one (they are apostrophes too)
SINGLE = {"'", "\u2018", "\u2019"}
_MARK_IDS = string_ids(OPEN | CLOSE | SINGLE)


def _speaker(doc: Doc, a: int, b: int, resolver: Resolver) -> tuple[Referent, ...]:
    sents = {sentence_of(doc[a]).start, sentence_of(doc[max(a, b - 1)]).start}
    if b < len(doc):
        sents.add(sentence_of(doc[b]).start)
    candidates = []
    for start in sorted(sents):
        sent = sentence_of(doc[start])
        for t in sent:
            if a - 1 <= t.i <= b or t.lemma_.lower() not in resolver.lexicon.speech_verbs or t.pos_ not in ("VERB", "AUX"):
                continue
            subj = [c for c in t.children if c.dep_ in ("nsubj", "nsubjpass")]
            if subj:
                refs = resolver.referents(subj[0])
                if refs:
                    candidates.append((min(abs(t.i - a), abs(t.i - b)), refs))
    if not candidates:
        return _introduced(doc, a, resolver)
    return tuple(sorted(candidates, key=lambda c: c[0])[0][1])


def _introduced(doc: Doc, a: int, resolver: Resolver) -> tuple[Referent, ...]:
    """A quote a colon introduces, with no speech verb: the subject of the words before the colon
    ('X was scathing: "..."', 'X did not hold back: "..."', 'X's verdict was blunt: "..."')."""
    if a < 3 or doc[a - 2].text != ":":
        return ()
    sent = sentence_of(doc[a - 2])
    for t in reversed(doc[sent.start:a - 2]):
        if t.dep_ == "nsubj":
            owner = next((c for c in t.children if c.dep_ == "poss"), None)
            return tuple(resolver.referents(t) or (resolver.referents(owner) if owner is not None else ()))
    return ()


def _same_paragraph(doc: Doc, end: int, start: int) -> bool:
    return "\n\n" not in doc[end:start].text_with_ws if start > end else True


def speaker_at(quotes: list[Quote], i: int) -> tuple[Referent, ...]:
    """The speakers of the quote that holds token ``i`` (empty outside quotes)."""
    for q in quotes:
        if q.start <= i < q.end:
            return q.speakers
    return ()
