"""The shared-test matcher gives exactly what spaCy's DependencyMatcher gives, for every shipped
rule (and its coordinated variant), on text of our own."""
from __future__ import annotations

import pytest
from spacy.matcher import DependencyMatcher

from kg.extract.depmatch import DependencyPatterns
from kg.extract.lexicon import load_lexicon
from kg.extract.pipeline import load_pipeline
from kg.extract.rules import ruleset_for

TEXTS = [
    "HALDEN >> Coach Tom Hale will not quit, the club said on Saturday.\n\n"
    "Ana Ruiz replaced Hale as club president in 2020 and said the board would meet. The supporters' "
    "trust urged him to step down. Nora Voss, who attended the 2022 annual meeting, resigned as "
    "treasurer. \"Hale should apologise to the fans and step down,\" Ruiz said.",
    "Peter Quinn defected from the Conservatives to UKIP. Fiona Blake condemned Alan Frost and called "
    "for his resignation. Jane Roe, a Labour MP, met with union leaders in Leeds on Monday.",
]


def test_same_matches_as_spacys_dependency_matcher(nlp):
    rules = ruleset_for(nlp, lexicon=load_lexicon())
    reference = DependencyMatcher(nlp.vocab)
    for rule_id, rule in rules.rules.items():
        reference.add(rule_id, [list(rule.pattern)])
    for doc in nlp.pipe(TEXTS):
        theirs = sorted((doc.vocab.strings[m], tuple(ids)) for m, ids in reference(doc))
        ours = sorted((name, tuple(ids)) for name, ids in rules.patterns(doc))
        assert theirs and ours == theirs


@pytest.mark.parametrize("op", [">", "<", ">>", "<<", ".", ".*", ";", ";*"])
def test_each_operator_as_spacy_defines_it(nlp, op):
    pattern = [{"RIGHT_ID": "a", "RIGHT_ATTRS": {"POS": {"IN": ["VERB", "NOUN", "PROPN"]}}},
               {"LEFT_ID": "a", "REL_OP": op, "RIGHT_ID": "b", "RIGHT_ATTRS": {"POS": {"NOT_IN": ["PUNCT"]}}}]
    reference = DependencyMatcher(nlp.vocab)
    reference.add("p", [pattern])
    ours = DependencyPatterns(nlp.vocab)
    ours.add("p", pattern)
    for doc in nlp.pipe(TEXTS):
        assert sorted(tuple(ids) for _, ids in ours(doc)) == sorted(tuple(ids) for _, ids in reference(doc))
