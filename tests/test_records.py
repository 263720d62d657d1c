"""The records a store keeps (kg.store.records) read back into what was written: the graph made again
from a kept extraction is the graph first written, triple for triple."""
from __future__ import annotations

import kg.extract.pipeline

import kg
from kg.rdf.graph import document_triples
from kg.merge import MergeDecision, Overrides, person_candidates, read_overrides
from kg.scale.parallel import extract_sources
from kg.extract.pipeline import load_pipeline
from kg.store.records import (
    candidates_text, overrides_text, plan_text, read_candidates, read_overrides_text, read_plan_text, read_record,
    record_text,
)
from kg.rdf.vocab import DATA

from test_cli import SAMPLE

QUOTED = ('PORT ELLEN >> "We will rebuild the pier," said harbour master Isla Munro on Friday.\n\n'
          "Munro, a member of the Islay Harbour Trust, met Mr Grant of the ferry company.\n")


def test_an_extraction_read_back_gives_the_same_graph(tmp_path):
    quoted = tmp_path / "quoted.txt"
    quoted.write_text(QUOTED, encoding="utf-8")
    docs = list(extract_sources([kg.read_source(SAMPLE), kg.read_source(quoted)], nlp=kg.extract.pipeline.load_pipeline()))
    for doc in docs:
        again = read_record(record_text(doc), name=doc.name)
        assert again is not None
        assert record_text(again) == record_text(doc)
        merged = {e.key: DATA["person/someone-else"] for e in doc.entities[:1]}
        decisions = (MergeDecision("Mr Grant", doc.name, None, "", "kept apart: a test"),)
        assert document_triples(again, merged=merged, decisions=decisions) == \
            document_triples(doc, merged=merged, decisions=decisions)
        assert read_candidates(candidates_text(doc), name=doc.name) == person_candidates(doc)
    assert any(doc.statements for doc in docs)   # quotes go through too


def test_a_record_of_another_version_is_read_as_missing():
    assert read_record('{"v": 0}', name="a.txt") is None


def test_plans_and_overrides_read_back(tmp_path):
    merged = {"name:mr grant": DATA["person/ian-grant"]}
    decisions = (MergeDecision("Mr Grant", "a.txt", DATA["person/ian-grant"], "Ian Grant", "the title fits"),
                 MergeDecision("Hale", "a.txt", None, "", "kept apart"))
    assert read_plan_text(plan_text(merged, decisions)) == (merged, decisions)
    reviewed = tmp_path / "reviewed.txt"
    reviewed.write_text("same: Mr Grant | Ian Grant\ndifferent: Hale | Tom Hale\n", encoding="utf-8")
    overrides = read_overrides(reviewed)
    assert read_overrides_text(overrides_text(overrides)) == overrides
    assert read_overrides_text(overrides_text(Overrides())) == Overrides()


def test_a_facts_object_is_a_tagged_record_that_round_trips_through_the_store_record():
    from kg.model import DocumentFacts, Entity, Fact, ObjectRef, SentenceSpan
    from kg.store.records import read_record, record_text

    objects = (ObjectRef.entity("name:city council"), ObjectRef.position("City Council President"),
               ObjectRef.event("the 2023 budget meeting", meeting=True), None)
    doc = DocumentFacts("a.txt", "0" * 64, (Entity("name:ana ruiz", "person", "Ana Ruiz"),
                                            Entity("name:city council", "organization", "City Council")),
                        tuple(Fact("name:ana ruiz", "attended", o, 0, (), "r", 0.8) for o in objects),
                        (SentenceSpan(0, 0, 3, "Hi."),), "en_test-0")
    back = read_record(record_text(doc), name="a.txt")
    assert [f.object for f in back.facts] == list(objects)
    assert [f.object_key for f in back.facts] == ["name:city council", None, None, None]
