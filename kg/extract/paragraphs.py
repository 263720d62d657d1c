"""A spaCy component: a blank line ends a sentence, and so does a wire dateline.

News text puts headlines, datelines and paragraphs on lines of their own; without this the
parser can run a headline into the first sentence ("Minister to resign\\n\\nThe minister said")
and lose its subject. A wire dateline opens the first sentence on the same line ("DAKAR,
Senegal (AP) — X replaced Y"): the parser made the town the sentence's subject. Runs before the
parser, which respects sentence starts already set.
"""
from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.docmemo import memo

NAME = "kg_paragraphs"


def paragraph_boundaries(doc: Doc) -> Doc:
    for tok in doc[:-1]:
        if "\n\n" in tok.text_with_ws or (tok.is_space and "\n" in tok.text):
            doc[tok.i + 1].is_sent_start = True
    if (start := dateline_end(doc)) is not None:
        doc[start].is_sent_start = True
    return doc


#: what ends a wire dateline: "DAKAR, Senegal (AP) —", "PORTLAND, Ore. --"
DATELINE_DASHES = frozenset({"—", "--", "–", "-", "_"})


def dateline_end(doc: Doc) -> int | None:
    """The first token after an article's opening wire dateline: a town in capitals, perhaps
    a comma and its region ("N.M.", "South Africa"), perhaps the agency in brackets, then a
    dash; None when the text opens otherwise. Read once for a Doc being read (``docmemo``)."""
    kept = memo(doc, "dateline_end")
    if "end" not in kept:
        kept["end"] = _dateline_end(doc)
    return kept["end"]


#: the quotation marks that may open a story's first sentence after its dateline
OPENING_QUOTES = frozenset({"'", '"', "\u2018", "\u201c", "``", "`"})


def _dateline_end(doc: Doc) -> int | None:
    n, i = len(doc), 0
    while i < min(n, 5) and (doc[i].is_upper and doc[i].is_alpha and len(doc[i]) > 1
                             or i and doc[i].text in (".", "'") or doc[i].is_upper and doc[i].text.endswith(".")):
        i += 1
    if i == 0:
        return None
    plain = True   # a town alone before the dash, with no region and no agency
    if i < n and doc[i].text == ",":
        plain = False
        j = i + 1
        while j < n and j - i <= 4 and doc[j].text[:1].isupper():   # "Senegal", "N.M.", "South Africa"
            j += 1
        if j == i + 1:
            return None
        i = j
    if i < n and doc[i].text == "(":
        close = next((k for k in range(i + 1, min(i + 6, n)) if doc[k].text == ")"), None)
        if close is None:
            return None
        i, plain = close + 1, False
    first = i + 2 if i + 2 < n and doc[i + 1].text in OPENING_QUOTES else i + 1   # "— 'We will appeal,' X said"
    if first < n and doc[i].text in DATELINE_DASHES and doc[first].text[:1].isupper() \
            and not (plain and doc[i].text == "-"):   # (not "NASA - the space agency - said")
        return i + 1
    return None


@Language.factory(NAME)
def make_paragraphs(nlp: Language, name: str):
    """The factory (also the ``spacy_factories`` entry point): the component is the function."""
    return paragraph_boundaries


def add_to(nlp: Language) -> Language:
    """Put the component before the parser (or first), once."""
    if NAME not in nlp.pipe_names:
        if "parser" in nlp.pipe_names:
            nlp.add_pipe(NAME, before="parser")
        else:
            nlp.add_pipe(NAME, first=True)
    return nlp
