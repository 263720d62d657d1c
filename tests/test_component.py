"""kg as a spaCy component: kg_relations sets Doc._.kg_facts, takes a user's rules and lexicon,
and loads from a saved pipeline in a fresh process through the spacy_factories entry point."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

import kg.extract.pipeline
from kg.errors import RuleError
from kg.extract.lexicon import LEXICON_PATH
from kg.extract.phrases import PREDICATES_PATH
from kg.extract.rules import RULES_DIR
from kg.model import DocumentFacts
from test_cli import parse, run, runner  # noqa: F401  (runner is a fixture)
from kg.rdf.vocab import KG

TEXT = ("Maria Lopez attended the 2022 budget meeting in Dunmore.\n\n"
        "Michael Grant replaced Susan Cole as chairman of the board last year.\n")


def predicates(doc_facts: DocumentFacts) -> set[str]:
    return {f.predicate for f in doc_facts.facts}


@pytest.fixture
def only_replacement(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    shutil.copy(RULES_DIR / "resignation.json", folder / "resignation.json")   # replacement: the phrase layer
    return folder


@pytest.fixture
def no_attend_lexicon(tmp_path):
    data = json.loads(LEXICON_PATH.read_text(encoding="utf-8"))
    data["attend_verbs"] = ["frequent"]
    path = tmp_path / "lexicon.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def no_attend_predicates(tmp_path):
    """kg's predicate lexicon without its phrases for attending."""
    data = json.loads(PREDICATES_PATH.read_text(encoding="utf-8"))
    data["entries"] = [e for e in data["entries"] if e["predicate"] != "attended"]
    path = tmp_path / "predicates.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_default_pipeline_sets_kg_facts(nlp):
    assert nlp.pipe_names[-1] == "kg_relations" and "kg_paragraphs" in nlp.pipe_names
    found = nlp(TEXT)._.kg_facts
    assert {"attended", "replaced"} <= predicates(found)


def test_users_bring_their_own_rules_lexicon_and_predicates(only_replacement, no_attend_lexicon,
                                                           no_attend_predicates, tmp_path):
    own = kg.extract.pipeline.load_pipeline(rules=str(only_replacement), predicates=str(no_attend_predicates))
    found = predicates(own(TEXT)._.kg_facts)
    assert "replaced" in found and "attended" not in found
    own = kg.extract.pipeline.load_pipeline(lexicon=str(no_attend_lexicon), predicates=str(no_attend_predicates))
    found = predicates(own(TEXT)._.kg_facts)
    assert "replaced" in found and "attended" not in found
    # a phrase of the user's own: "sat through the meeting" is attending it
    data = json.loads(no_attend_predicates.read_text(encoding="utf-8"))
    data["entries"].append({"id": "sit-through", "predicate": "attended", "subject": "agent", "object": "prep",
                            "object_kind": "event", "phrases": ["sit through"]})
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(data), encoding="utf-8")
    own = kg.extract.pipeline.load_pipeline(predicates=str(mine))
    facts = own("Maria Lopez sat through the long budget meeting in Dunmore.")._.kg_facts.facts
    assert [(f.predicate, f.rule) for f in facts if f.predicate == "attended"] == [("attended", "phrase:sit-through")]


def test_a_bad_rule_file_is_a_rule_error_naming_the_file(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "broken.json").write_text('{"rules": [{"id": "x", "predicate": "liked", "subject": "a", '
                                        '"pattern": [{"RIGHT_ID": "a", "RIGHT_ATTRS": {}}]}]}', encoding="utf-8")
    with pytest.raises(RuleError, match="broken.json"):
        kg.extract.pipeline.load_pipeline(rules=str(folder))


def test_a_saved_pipeline_loads_with_spacy_alone_in_a_fresh_process(nlp, tmp_path):
    nlp.to_disk(tmp_path / "pipeline")
    code = ("import spacy, sys\n"
            f"nlp = spacy.load({str(tmp_path / 'pipeline')!r})\n"
            f"facts = nlp({TEXT!r})._.kg_facts\n"
            "print(nlp.pipe_names[-1], sorted({f.predicate for f in facts.facts}))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("kg_relations ") and "'replaced'" in done.stdout and "'attended'" in done.stdout


def test_kg_build_takes_rules_lexicon_and_predicates(runner, only_replacement, no_attend_lexicon,
                                                    no_attend_predicates, tmp_path):
    article = tmp_path / "a.txt"
    article.write_text(TEXT, encoding="utf-8")
    for option in (["--rules", str(only_replacement)], ["--lexicon", str(no_attend_lexicon)]):
        option += ["--predicates", str(no_attend_predicates)]
        out = tmp_path / "a.ttl"
        result = run(runner, "build", str(article), "-o", str(out), *option)
        assert result.exit_code == 0, result.output
        g = parse(out, "turtle")
        assert list(g.triples((None, KG.replaced, None))) and not list(g.triples((None, KG.attended, None)))


def test_kg_build_with_a_missing_rules_folder_is_a_one_line_error(runner, tmp_path):
    article = tmp_path / "a.txt"
    article.write_text(TEXT, encoding="utf-8")
    result = run(runner, "build", str(article), "--rules", str(tmp_path / "nowhere"), "-o", str(tmp_path / "x.ttl"))
    assert result.exit_code == 1 and result.stderr.startswith("kg: error: --rules")


def test_an_operator_the_fast_matcher_lacks_is_a_rule_error_naming_file_and_rule(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    rule = {"id": "sibling-rule", "predicate": "metWith", "subject": "a", "object": "b", "object_kind": "entity",
            "pattern": [{"RIGHT_ID": "v", "RIGHT_ATTRS": {"LEMMA": "meet"}},
                        {"LEFT_ID": "v", "REL_OP": ">", "RIGHT_ID": "a", "RIGHT_ATTRS": {"DEP": "nsubj"}},
                        {"LEFT_ID": "a", "REL_OP": "$+", "RIGHT_ID": "b", "RIGHT_ATTRS": {"DEP": "dobj"}}]}
    (folder / "mine.json").write_text(json.dumps({"rules": [rule]}), encoding="utf-8")
    with pytest.raises(RuleError, match=r"mine\.json: rule 'sibling-rule': REL_OP '\$\+' is not supported"):
        kg.extract.pipeline.load_pipeline(rules=str(folder))


@pytest.mark.parametrize("key", ["news_cues", "speech_verbs", "name_particles", "surname_titles", "phrasal_particles"])
def test_a_lexicon_without_a_list_the_code_reads_is_a_load_error(tmp_path, key):
    """A missing (or misspelt) key never turns a feature silently off."""
    data = json.loads(LEXICON_PATH.read_text(encoding="utf-8"))
    data[key + "_typo"] = data.pop(key)
    path = tmp_path / "lexicon.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RuleError, match=f"'{key}' must be"):
        kg.extract.pipeline.load_pipeline(lexicon=str(path))
