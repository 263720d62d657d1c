"""kg's records as JSON, for a store to keep: what was extracted from an article, its people as
merge planning reads them, the merges its graph was written with, and the user's overrides.

Each is a deterministic text (sorted keys, no spaces), so that the same record is the same
string whatever run wrote it, and reads back into the same records. Nothing here depends on
spaCy: a store re-plans merges and rewrites graphs from these alone.
"""
from __future__ import annotations

import json
from typing import Any

from rdflib import URIRef

from kg.model import DocumentFacts, Entity, Fact, ObjectRef, QuotedStatement, SentenceSpan
from kg.merge import Candidate, MergeDecision, Overrides, person_candidates

#: The version of the record layout; a record of another version is read as missing.
VERSION = 3


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _object(ref: ObjectRef | None) -> list | None:
    return [ref.kind, ref.value, ref.meeting] if ref else None


def record_text(doc: DocumentFacts) -> str:
    """An article's extraction as JSON, without its path (the store knows the paths)."""
    return _dumps({
        "v": VERSION,
        "sha256": doc.sha256,
        "model": doc.model,
        "entities": [[e.key, e.kind, e.label, e.party, e.gender, sorted(set(e.names)), e.news] for e in doc.entities],
        "facts": [[f.subject, f.predicate, _object(f.object), f.sentence, list(f.via), f.rule, f.confidence,
                   f.trigger, f.date, f.position, f.organization] for f in doc.facts],
        "sentences": [[s.index, s.start, s.end, s.text] for s in doc.sentences],
        "statements": [[list(q.speakers), q.text, q.sentence] for q in doc.statements],
    })


def read_record(text: str, *, name: str) -> DocumentFacts | None:
    """The record :func:`record_text` wrote, as a DocumentFacts named ``name``; None if it is of
    another version."""
    data = json.loads(text)
    if data.get("v") != VERSION:
        return None
    entities = tuple(Entity(key, kind, label, party, gender, names=list(names), news=news)
                     for key, kind, label, party, gender, names, news in data["entities"])
    facts = tuple(Fact(s, p, ObjectRef(*o) if o else None, sent, tuple(via), rule, conf, trig, date, pos, org)
                  for s, p, o, sent, via, rule, conf, trig, date, pos, org in data["facts"])
    sentences = tuple(SentenceSpan(*s) for s in data["sentences"])
    statements = tuple(QuotedStatement(tuple(sp), text, sent) for sp, text, sent in data["statements"])
    return DocumentFacts(name, data["sha256"], entities, facts, sentences, data["model"], statements)


def candidates_text(doc: DocumentFacts) -> str:
    """The article's people as merge planning reads them (see :func:`kg.merge.person_candidates`)."""
    return _dumps({key: [str(c.iri), c.label, c.gender, sorted(c.ties)]
                   for key, c in person_candidates(doc).items()})


def read_candidates(text: str, *, name: str) -> dict[str, Candidate]:
    return {key: Candidate(URIRef(iri), label, gender, name, frozenset(ties))
            for key, (iri, label, gender, ties) in json.loads(text).items()}


def plan_text(merged: dict[str, URIRef], decisions: tuple[MergeDecision, ...]) -> str:
    """The merges an article's graph is written with, and the decisions about its names."""
    return _dumps({
        "merged": {k: str(v) for k, v in merged.items()},
        "decisions": [[d.name, d.document, None if d.into is None else str(d.into), d.into_label, d.reason]
                      for d in decisions],
    })


def read_plan_text(text: str) -> tuple[dict[str, URIRef], tuple[MergeDecision, ...]]:
    data = json.loads(text)
    merged = {k: URIRef(v) for k, v in data["merged"].items()}
    decisions = tuple(MergeDecision(name, document, None if into is None else URIRef(into), label, reason)
                      for name, document, into, label, reason in data["decisions"])
    return merged, decisions


def overrides_text(overrides: Overrides) -> str:
    return _dumps({"same": sorted(map(list, overrides.same)), "different": sorted(map(list, overrides.different)),
                   "spelled": overrides.spelled})


def read_overrides_text(text: str) -> Overrides:
    data = json.loads(text)
    return Overrides(same={tuple(p) for p in data["same"]}, different={tuple(p) for p in data["different"]},
                     spelled=dict(data.get("spelled", {})))
