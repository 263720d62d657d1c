"""Every rule's examples are run: the ``examples`` of each rule in ``kg/extract/rules/*.json`` go
through the real pipeline.

- A positive example must give a fact of the rule's predicate (from that rule, or from another
  rule or phrase that finds the same thing).
- An example written ``"not: SENTENCE"`` must give no fact of that predicate from that rule (or
  from its coordinated variant ``ID+coordinated``). A reason may follow the sentence in
  parentheses at its end: ``"not: The X met Y (the X met nobody)."``; it is not part of the text.

So an example in a rule file is a claim about what kg does, and a rule whose example stops
working fails here, by its file, id and example.
"""
from __future__ import annotations

import json
import re

import pytest

from kg.extract.rules import RULES_DIR

_REASON = re.compile(r"\s*\([^()]*\)(?=[.!?]?$)")


def _examples() -> list:
    cases = []
    for path in sorted(RULES_DIR.glob("*.json")):
        for rule in json.loads(path.read_text(encoding="utf-8"))["rules"]:
            for example in rule.get("examples", ()):
                negative = example.startswith("not:")
                text = _REASON.sub("", example[4:].strip()) if negative else example
                cases.append(pytest.param(rule["id"], rule["predicate"], text, negative,
                                          id=f"{path.stem}:{rule['id']}:{example[:40]}"))
    return cases


CASES = _examples()


def test_every_rule_has_an_example():
    ids = {p.values[0] for p in CASES}
    for path in sorted(RULES_DIR.glob("*.json")):
        for rule in json.loads(path.read_text(encoding="utf-8"))["rules"]:
            assert rule["id"] in ids, f"{path.name}: rule {rule['id']} has no example"


@pytest.mark.parametrize("rule_id, predicate, text, negative", CASES)
def test_rule_example(nlp, rule_id, predicate, text, negative):
    facts = nlp(text)._.kg_facts.facts
    found = [(f.predicate, f.rule) for f in facts]
    of_predicate = [f for f in facts if f.predicate == predicate]
    if negative:
        from_rule = [f for f in of_predicate if f.rule.split("+")[0] == rule_id]
        assert not from_rule, f"{rule_id}: {text!r} should give no {predicate} from this rule; got {found}"
    else:
        assert of_predicate, f"{rule_id}: {text!r} gives no {predicate}; facts: {found}"
