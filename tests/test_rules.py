"""Rule files: the shipped ones load and compile; malformed ones fail with a message that names
the file, the rule and the problem; "@list" lexicon references expand and match.

No trained spaCy model: RuleSets compile against ``spacy.blank("en")`` and the one matching test
uses a Doc built by hand.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import spacy
from spacy.tokens import Doc

from kg.errors import RuleError
from kg.extract.lexicon import load_lexicon
from kg.extract.rules import RULES_DIR, RuleSet, load_rule_file, load_rules, parse_rule
from kg.rdf.vocab import CORE_PREDICATES

SHIPPED = sorted(RULES_DIR.glob("*.json"))


@pytest.fixture(scope="module")
def nlp():
    return spacy.blank("en")


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon()


def make_doc(nlp, table: str) -> Doc:
    """A Doc from a table, one token a line: ``i word tag pos dep head lemma ent``
    (head: absolute token index; ent: IOB tag such as B-PERSON or O)."""
    rows = [line.split() for line in table.strip().splitlines()]
    for n, row in enumerate(rows):
        assert len(row) == 8 and int(row[0]) == n, f"bad table row {n}: {row}"
    words = [r[1] for r in rows]
    spaces = [n + 1 < len(words) and words[n + 1] not in {".", ",", "'s"} for n in range(len(words))]
    return Doc(nlp.vocab, words=words, spaces=spaces, tags=[r[2] for r in rows], pos=[r[3] for r in rows],
               deps=[r[4] for r in rows], heads=[int(r[5]) for r in rows], lemmas=[r[6] for r in rows],
               ents=[r[7] for r in rows])


# --- a minimal valid rule and a way to write rule files --------------------------------------

GOOD_RULE = {
    "id": "test-replace",
    "predicate": "replaced",
    "subject": "subject",
    "object": "object",
    "trigger": "verb",
    "confidence": 0.8,
    "examples": ["A replaced B."],
    "pattern": [
        {"RIGHT_ID": "verb", "RIGHT_ATTRS": {"LEMMA": {"IN": "@replace_verbs"}}},
        {"LEFT_ID": "verb", "REL_OP": ">", "RIGHT_ID": "subject", "RIGHT_ATTRS": {"DEP": "nsubj"}},
        {"LEFT_ID": "verb", "REL_OP": ">", "RIGHT_ID": "object", "RIGHT_ATTRS": {"DEP": "dobj"}},
    ],
}


def rule(**changes) -> dict:
    """GOOD_RULE with some fields changed; a value of ``...`` removes the field."""
    r = copy.deepcopy(GOOD_RULE)
    for k, v in changes.items():
        if v is ...:
            r.pop(k, None)
        else:
            r[k] = v
    return r


def write(directory: Path, name: str, content) -> Path:
    path = directory / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


def load_error(tmp_path: Path, lexicon, nlp, *rules_: dict, name: str = "bad.json") -> str:
    """The RuleError message for a file holding these rules (loading, then compiling)."""
    write(tmp_path, name, {"rules": list(rules_)})
    with pytest.raises(RuleError) as info:
        RuleSet(load_rules(lexicon=lexicon, directory=tmp_path), nlp=nlp)
    return str(info.value)


# --- the shipped rules -----------------------------------------------------------------------

def test_there_are_shipped_rule_files():
    assert SHIPPED, f"no rule files under {RULES_DIR}"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_each_shipped_file_loads_and_compiles(path, lexicon, nlp):
    rules = load_rule_file(path, lexicon=lexicon)
    assert rules, f"{path.name} has no rules"
    rs = RuleSet(rules, nlp=nlp)
    assert {k for k, r in rs.rules.items() if not r.shared_subject} == {r.id for r in rules}
    assert all(r.source == path.name for r in rules)


def test_all_shipped_rules_compile_together(lexicon, nlp):
    rules = load_rules(lexicon=lexicon)
    rs = RuleSet(rules, nlp=nlp)
    assert len([r for r in rs.rules.values() if not r.shared_subject]) == len(rules)  # ids unique across files


def _raw_shipped_rules():
    for path in SHIPPED:
        for raw in json.loads(path.read_text(encoding="utf-8"))["rules"]:
            yield pytest.param(raw, id=f"{path.name}:{raw.get('id')}")


@pytest.mark.parametrize("raw", list(_raw_shipped_rules()))
def test_each_shipped_rule_has_examples_and_a_core_predicate(raw):
    examples = raw.get("examples")
    assert isinstance(examples, list) and examples, f"rule {raw.get('id')} has no examples"
    assert all(isinstance(e, str) and e.strip() for e in examples)
    assert raw["predicate"] in CORE_PREDICATES


# --- errors name the file, the rule and the problem ------------------------------------------

def test_invalid_json(tmp_path, lexicon):
    write(tmp_path, "broken.json", '{"rules": [ {"id": "x", } ')
    with pytest.raises(RuleError) as info:
        load_rules(lexicon=lexicon, directory=tmp_path)
    assert "broken.json" in str(info.value)
    assert "not valid JSON" in str(info.value)


def test_a_key_given_twice_in_the_lexicon_is_an_error_naming_the_file_and_the_key(tmp_path):
    from kg.extract.lexicon import load_lexicon

    path = tmp_path / "lexicon.json"
    path.write_text('{"elect_verbs": ["elect"], "resign_verbs": ["quit"], "elect_verbs": ["choose"]}', encoding="utf-8")
    with pytest.raises(RuleError) as info:
        load_lexicon(path)
    assert "lexicon.json" in str(info.value) and "'elect_verbs' is given twice" in str(info.value)


@pytest.mark.parametrize("content", [{"rulez": []}, {"rules": {"id": "x"}}, [], {"rules": "none"}],
                         ids=["no-rules-key", "rules-is-object", "top-level-list", "rules-is-string"])
def test_missing_rules_list(tmp_path, lexicon, content):
    write(tmp_path, "norules.json", content)
    with pytest.raises(RuleError) as info:
        load_rules(lexicon=lexicon, directory=tmp_path)
    msg = str(info.value)
    assert "norules.json" in msg
    assert "'rules' list" in msg


@pytest.mark.parametrize("key", ["id", "predicate", "subject", "pattern"])
def test_missing_required_field(tmp_path, lexicon, nlp, key):
    msg = load_error(tmp_path, lexicon, nlp, rule(**{key: ...}))
    assert "bad.json" in msg
    assert f"missing '{key}'" in msg
    if key != "id":
        assert "test-replace" in msg


def test_unknown_predicate(tmp_path, lexicon, nlp):
    msg = load_error(tmp_path, lexicon, nlp, rule(predicate="resignd"))
    assert "bad.json" in msg and "test-replace" in msg
    assert "unknown predicate 'resignd'" in msg


@pytest.mark.parametrize("role", ["subject", "object", "trigger"])
def test_role_not_a_right_id(tmp_path, lexicon, nlp, role):
    msg = load_error(tmp_path, lexicon, nlp, rule(**{role: "nobody"}))
    assert "bad.json" in msg and "test-replace" in msg
    assert f"{role} 'nobody' is not a RIGHT_ID" in msg


def test_unknown_lexicon_list(tmp_path, lexicon, nlp):
    pattern = copy.deepcopy(GOOD_RULE["pattern"])
    pattern[0]["RIGHT_ATTRS"] = {"LEMMA": {"IN": "@no_such_list"}}
    msg = load_error(tmp_path, lexicon, nlp, rule(pattern=pattern))
    assert "bad.json" in msg and "test-replace" in msg
    assert "unknown lexicon list '@no_such_list'" in msg


def test_unknown_lexicon_list_inside_a_list(tmp_path, lexicon, nlp):
    pattern = copy.deepcopy(GOOD_RULE["pattern"])
    pattern[0]["RIGHT_ATTRS"] = {"LEMMA": {"IN": ["replace", "@no_such_list"]}}
    msg = load_error(tmp_path, lexicon, nlp, rule(pattern=pattern))
    assert "unknown lexicon list '@no_such_list'" in msg and "test-replace" in msg


def test_bad_polarity(tmp_path, lexicon, nlp):
    msg = load_error(tmp_path, lexicon, nlp, rule(polarity="maybe"))
    assert "bad.json" in msg and "test-replace" in msg
    assert "polarity must be one of" in msg


def test_null_object_with_entity_kind(tmp_path, lexicon, nlp):
    msg = load_error(tmp_path, lexicon, nlp, rule(object=None, object_kind="entity"))
    assert "bad.json" in msg and "test-replace" in msg
    assert "'object' is null exactly when object_kind is 'unstated'" in msg


def test_object_with_unstated_kind(tmp_path, lexicon, nlp):
    msg = load_error(tmp_path, lexicon, nlp, rule(object_kind="unstated"))
    assert "'object' is null exactly when object_kind is 'unstated'" in msg


@pytest.mark.parametrize("confidence", [0, -0.1, 1.5, "high"])
def test_confidence_out_of_range(tmp_path, lexicon, nlp, confidence):
    msg = load_error(tmp_path, lexicon, nlp, rule(confidence=confidence))
    assert "bad.json" in msg and "test-replace" in msg
    assert "confidence must be a number in (0, 1]" in msg


def test_confidence_one_is_allowed(tmp_path, lexicon, nlp):
    write(tmp_path, "ok.json", {"rules": [rule(confidence=1)]})
    rs = RuleSet(load_rules(lexicon=lexicon, directory=tmp_path), nlp=nlp)
    assert rs.rules["test-replace"].confidence == 1.0


def test_bad_rel_op(tmp_path, lexicon, nlp):
    pattern = copy.deepcopy(GOOD_RULE["pattern"])
    pattern[1]["REL_OP"] = "><"
    msg = load_error(tmp_path, lexicon, nlp, rule(pattern=pattern))
    assert "bad.json" in msg and "test-replace" in msg
    assert "bad pattern" in msg
    assert "><" in msg


def test_missing_left_id(tmp_path, lexicon, nlp):
    pattern = copy.deepcopy(GOOD_RULE["pattern"])
    del pattern[2]["LEFT_ID"]
    msg = load_error(tmp_path, lexicon, nlp, rule(pattern=pattern))
    assert "bad.json" in msg and "test-replace" in msg
    assert "bad pattern" in msg
    assert "LEFT_ID" in msg


def test_unknown_token_attribute(tmp_path, lexicon, nlp):
    pattern = copy.deepcopy(GOOD_RULE["pattern"])
    pattern[1]["RIGHT_ATTRS"] = {"DEPP": "nsubj"}
    msg = load_error(tmp_path, lexicon, nlp, rule(pattern=pattern))
    assert "bad.json" in msg and "test-replace" in msg
    assert "bad pattern" in msg


def test_duplicate_ids_across_files(tmp_path, lexicon, nlp):
    write(tmp_path, "a.json", {"rules": [rule(id="dup")]})
    write(tmp_path, "b.json", {"rules": [rule(id="dup", predicate="criticized")]})
    rules = load_rules(lexicon=lexicon, directory=tmp_path)
    assert [r.source for r in rules] == ["a.json", "b.json"]
    with pytest.raises(RuleError) as info:
        RuleSet(rules, nlp=nlp)
    msg = str(info.value)
    assert "b.json" in msg and "'dup'" in msg
    assert "used twice" in msg


def test_unknown_field(tmp_path, lexicon, nlp):
    bad = rule()
    bad["exmaples"] = ["typo"]
    msg = load_error(tmp_path, lexicon, nlp, bad)
    assert "bad.json" in msg and "test-replace" in msg and "exmaples" in msg


# --- "@list" expansion -----------------------------------------------------------------------

RESIGN_RULE = {
    "id": "test-resign", "predicate": "resignedFrom", "subject": "subject", "object": None,
    "examples": ["Smith resigned."],
    "pattern": [
        {"RIGHT_ID": "verb", "RIGHT_ATTRS": {"LEMMA": {"IN": "@resign_verbs"}}},
        {"LEFT_ID": "verb", "REL_OP": ">", "RIGHT_ID": "subject", "RIGHT_ATTRS": {"DEP": "nsubj"}},
    ],
}


def test_list_reference_expands_to_lexicon_words(lexicon):
    r = parse_rule(RESIGN_RULE, source="t.json", lexicon=lexicon)
    words = r.pattern[0]["RIGHT_ATTRS"]["LEMMA"]["IN"]
    assert words == lexicon.words("resign_verbs")
    assert "resign" in words
    assert r.object is None and r.object_kind == "unstated"
    assert RESIGN_RULE["pattern"][0]["RIGHT_ATTRS"]["LEMMA"]["IN"] == "@resign_verbs"  # input not changed


def test_list_reference_mixed_with_words_and_dotted(lexicon):
    raw = copy.deepcopy(RESIGN_RULE)
    raw["pattern"][0]["RIGHT_ATTRS"] = {"LEMMA": {"IN": ["abdicate", "@resign_verbs"]},
                                        "LOWER": {"NOT_IN": "@titles.leader"}}
    r = parse_rule(raw, source="t.json", lexicon=lexicon)
    attrs = r.pattern[0]["RIGHT_ATTRS"]
    assert attrs["LEMMA"]["IN"] == ["abdicate", *lexicon.words("resign_verbs")]
    assert "chairman" in attrs["LOWER"]["NOT_IN"]
    # "@titles" (a dict of lists) is all of its lists
    assert set(lexicon.words("titles")) >= set(lexicon.words("titles.leader")) | set(lexicon.words("titles.member"))


def test_list_reference_matches_hand_built_doc(tmp_path, lexicon, nlp):
    write(tmp_path, "r.json", {"rules": [RESIGN_RULE]})
    rs = RuleSet(load_rules(lexicon=lexicon, directory=tmp_path), nlp=nlp)
    doc = make_doc(nlp, """
        0 Smith    NNP PROPN nsubj 1 Smith  B-PERSON
        1 resigned VBD VERB  ROOT  1 resign O
        2 .        .   PUNCT punct 1 .      O
    """)
    matches = rs.match(doc)
    assert [(m.rule.id, m.tokens) for m in matches] == [("test-resign", {"verb": 1, "subject": 0})]

    other = make_doc(nlp, """
        0 Smith    NNP PROPN nsubj 1 Smith  B-PERSON
        1 spoke    VBD VERB  ROOT  1 speak  O
        2 .        .   PUNCT punct 1 .      O
    """)
    assert rs.match(other) == []
