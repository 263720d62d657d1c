"""The phrasing bank (tests/phrasing/bank.jsonl) is well formed, and its scorer
(benchmarks/phrasing.py) runs on a slice of it with counts that add up. No recall floor here."""
from __future__ import annotations

import collections
import json
import re
import sys
from pathlib import Path

import pytest

from kg.extract.lexicon import load_lexicon

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import phrasing  # noqa: E402
from kg.rdf.vocab import predicate_signatures  # noqa: E402

BANK = Path(__file__).resolve().parent / "phrasing" / "bank.jsonl"
MIN_POSITIVE, MIN_NEAR_MISSES = 20, 150


@pytest.fixture(scope="module")
def items():
    return phrasing.load_bank(BANK)


def test_every_line_parses_into_an_item_with_the_four_lists():
    lines = [line for line in BANK.read_text(encoding="utf-8").splitlines() if line.strip()]
    for n, line in enumerate(lines, 1):
        item = json.loads(line)
        assert set(item) == {"id", "text", "facts", "optional", "absent"}, n
        assert isinstance(item["text"], str) and item["text"].strip(), n
        for key in ("facts", "optional", "absent"):
            assert isinstance(item[key], list), (n, key)
            for fact in item[key]:
                assert isinstance(fact, list) and len(fact) == 3, (item["id"], fact)
                assert isinstance(fact[0], str) and isinstance(fact[1], str), (item["id"], fact)
                assert fact[2] is None or isinstance(fact[2], str), (item["id"], fact)


def test_ids_are_unique_and_prefixed_by_a_predicate_or_neg(items):
    ids = [it["id"] for it in items]
    assert len(ids) == len(set(ids))
    predicates = set(predicate_signatures())
    for iid in ids:
        head = re.sub(r"-\d+$", "", iid)
        assert head.removeprefix("neg-") in predicates, iid


def test_every_predicate_is_one_of_kgs_and_nulls_only_where_allowed(items):
    signatures = predicate_signatures()
    for it in items:
        for fact in it["facts"] + it["optional"] + it["absent"]:
            assert fact[1] in signatures, (it["id"], fact)
            if fact[2] is None:
                assert None in signatures[fact[1]][1], (it["id"], fact)


def test_each_predicate_has_enough_positive_items_and_there_are_enough_near_misses(items):
    by_prefix = collections.Counter(re.sub(r"-\d+$", "", it["id"]) for it in items)
    stating = collections.Counter(p for it in items for p in {f[1] for f in it["facts"]})
    for p in predicate_signatures():
        assert by_prefix[p] >= MIN_POSITIVE, (p, by_prefix[p])
        assert stating[p] >= MIN_POSITIVE, (p, stating[p])
    near = [it for it in items if it["id"].startswith("neg-")]
    assert len(near) >= MIN_NEAR_MISSES
    assert all(it["absent"] for it in near)


def test_positive_items_state_their_main_predicate(items):
    for it in items:
        head = re.sub(r"-\d+$", "", it["id"])
        if not head.startswith("neg-"):
            assert head in {f[1] for f in it["facts"]}, it["id"]


def test_every_named_subject_and_object_occurs_in_the_text(items):
    short = {}   # a post kg writes in full, the text short: "Governor" for "Gov."
    for form, full in load_lexicon().title_in_full.items():
        short.setdefault(full.casefold(), []).append(form)
    for it in items:
        text = it["text"].casefold()
        for fact in it["facts"] + it["optional"] + it["absent"]:
            for name in (fact[0], fact[2]):
                if name is not None:
                    assert name.casefold() in text or any(f in text for f in short.get(name.casefold(), ())), \
                        (it["id"], name)


def test_no_fact_is_both_stated_and_absent(items):
    for it in items:
        stated = {tuple(f) for f in it["facts"] + it["optional"]}
        assert not stated & {tuple(f) for f in it["absent"]}, it["id"]


def test_names_are_normalised_as_documented():
    assert phrasing.normalise("the Kenya Wildlife Service") == "kenya wildlife service"
    assert phrasing.normalise("Acme Corp's") == "acme corp"
    assert phrasing.normalise("Solidarité  Sociale") == "solidarite sociale"
    assert phrasing.normalise("Workers' Party") == "workers party"


def test_the_scorer_runs_on_a_slice_and_its_counts_add_up(items, nlp):
    # a slice across the bank: every 12th item, with near-misses among them
    sample = items[::12]
    assert any(it["id"].startswith("neg-") for it in sample)
    records = phrasing.extract_all(sample, nlp)
    assert [r.name for r in records] == [it["id"] for it in sample]
    result = phrasing.score(sample, records)
    total = result.total

    assert total.gold == sum(len(it["facts"]) for it in sample)
    assert total.found == sum(len(r.facts) for r in records)
    assert total.gold - total.tp == len(result.misses)
    assert total.fp == len(result.false_positives)
    assert result.near_misses_total == sum(len(it["absent"]) for it in sample)
    assert 0 <= result.near_misses_taken <= result.near_misses_total
    assert result.near_misses_taken == 0 or any(near for *_, near in result.false_positives)
    for p, c in result.per_predicate.items():
        assert 0 <= c.tp <= c.gold and 0 <= c.fp <= c.found, p
        assert 0.0 <= c.precision <= 1.0 and 0.0 <= c.recall <= 1.0, p
    assert sum(c.tp for c in result.per_predicate.values()) == total.tp

    last = phrasing.report(result).splitlines()[-1]
    assert re.fullmatch(r"bank: relations P=\d\.\d\d R=\d\.\d\d F1=\d\.\d\d \(\d+/\d+\), "
                        r"near-misses taken \d+ of \d+", last), last
    assert f"({total.tp}/{total.gold})" in last
    # the same records score the same way twice
    assert phrasing.report(phrasing.score(sample, records), verbose=True) == \
        phrasing.report(phrasing.score(sample, records), verbose=True)


def test_a_bank_annotated_for_some_predicates_is_scored_on_those_alone(items, nlp):
    sample = [it for it in items if it["id"].startswith(("worksFor-", "criticized-"))][:20]
    records = phrasing.extract_all(sample, nlp)
    keep = frozenset({"worksFor"})
    result = phrasing.score(sample, records, keep)
    assert set(result.per_predicate) <= keep
    assert result.total.gold == sum(1 for it in sample for f in it["facts"] if f[1] == "worksFor")
    assert all(" worksFor " in shown for _, _, shown, _ in result.false_positives)
    assert phrasing.score(sample, records).total.gold > result.total.gold
