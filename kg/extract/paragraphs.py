"""A spaCy component: a blank line ends a sentence.

News text puts headlines, datelines and paragraphs on lines of their own; without this the
parser can run a headline into the first sentence ("Minister to resign\\n\\nThe minister said")
and lose its subject. Runs before the parser, which respects sentence starts already set.
"""
from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

NAME = "kg_paragraphs"


def paragraph_boundaries(doc: Doc) -> Doc:
    for tok in doc[:-1]:
        if "\n\n" in tok.text_with_ws or (tok.is_space and "\n" in tok.text):
            doc[tok.i + 1].is_sent_start = True
    return doc


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
