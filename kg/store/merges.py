"""Merge decisions over a whole store, so that a store is a function of its articles.

A ``--store`` build writes articles a chunk at a time, each with the merges its chunk allows
("Mr Marsh" joins a "Tony Marsh" of the same chunk). Once the articles are in, :func:`settle_merges`
plans the merges again over every text the store holds, exactly as a build to a file plans them
over its articles (:func:`kg.merge.plan_merges`, each text under the first of its paths), and
rewrites the graph of each text whose merges changed, one transaction a text: from the
extraction it kept in the records graph, the graph as written and the graph as it should be are
made again, and only the difference is written (mostly a few merge-decision triples). The result depends only on the set of (path, text) in the store and
the user's overrides: not on ``--jobs``, the chunks, the order the articles came in, or a build
that was interrupted and run again (the next build, or ``kg remove``, settles what it left).

The records graph (:data:`kg.store.terms.RECORDS`) keeps, for each text: its extraction
(``kg:extractionRecord``), its people as planning reads them (``kg:mergeCandidates``) and the
merges its graph was last written with (``kg:appliedMerges``); and, store-wide, the overrides of
the last ``--merges`` given (``kg:mergeOverrides``), which later builds keep following.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rdflib import URIRef

from kg.errors import StoreError
from kg.model import DocumentFacts

from kg.rdf.graph import document_triples
from kg.merge import MergeDecision, Overrides, plan_merges, unmatched_overrides
from kg.store.records import (
    candidates_text, overrides_text, plan_text, read_candidates, read_overrides_text, read_plan_text, read_record,
    record_text,
)
from kg.rdf.vocab import KG

if TYPE_CHECKING:
    from kg.store.articles import ArticleStore


def _key(triple: tuple) -> tuple[str, ...]:
    return tuple(t.n3() for t in triple)


@dataclass(frozen=True)
class Settled:
    """What :func:`settle_merges` did."""

    rewritten: int                 # texts whose graph was written again
    unmatched: tuple[str, ...]     # overrides that name no person in the store (messages)


def article_records(doc: DocumentFacts, merged: dict[str, URIRef],
                    decisions: tuple[MergeDecision, ...]) -> tuple[tuple[URIRef, str], ...]:
    """What the records graph keeps about a text written with these merges."""
    return (
        (KG.extractionRecord, record_text(doc)),
        (KG.mergeCandidates, candidates_text(doc)),
        (KG.appliedMerges, plan_text(merged, decisions)),
    )


def settle_merges(store: ArticleStore, *, overrides: Overrides | None = None,
                  report: Callable[[str], None] = lambda name: None) -> Settled:
    """Plan the merges over every text in ``store`` and rewrite the graphs whose merges changed.

    ``overrides``: the user's reviewed pairs, kept in the store for later builds (None: keep the
    ones the store has). ``report`` is told the first path of each text rewritten. A text with no
    records (written by another tool) keeps its graph and takes no part in the planning.
    """
    if overrides is not None:
        text = overrides_text(overrides)
        if store.setting(KG.mergeOverrides) != text:
            store.set_setting(KG.mergeOverrides, text)
    stored = store.setting(KG.mergeOverrides)
    current = read_overrides_text(stored) if stored else Overrides()

    first: dict[str, str] = {}
    for path, sha256 in store.catalogue().items():   # sorted by path: the first one wins
        first.setdefault(sha256, path)
    people = [(first[sha256], sha256, read_candidates(text, name=first[sha256]))
              for sha256, text in store.records(KG.mergeCandidates).items()]
    plans = plan_merges(people, overrides=current)
    applied = store.records(KG.appliedMerges)
    rewritten = 0
    for sha256 in sorted(plans):
        merged, decisions = plans[sha256]
        text = plan_text(merged, decisions)
        if applied.get(sha256) == text:
            continue
        kept = store.record(sha256, KG.extractionRecord)
        doc = read_record(kept, name=first[sha256]) if kept else None
        if kept and doc is None:
            raise StoreError(f"the store's records of '{first[sha256]}' were written by another version "
                             "of kg: build the articles into a new store")
        if doc is None or sha256 not in applied:
            continue
        old_merged, old_decisions = read_plan_text(applied[sha256])
        before = document_triples(doc, merged=old_merged, decisions=old_decisions)
        after = document_triples(doc, merged=merged, decisions=decisions)
        store.rewrite(sha256, sorted(before - after, key=_key), sorted(after - before, key=_key),
                      ((KG.appliedMerges, text),))
        report(first[sha256])
        rewritten += 1
    unmatched = unmatched_overrides(current, store.person_names()) if current.spelled else ()
    return Settled(rewritten, unmatched)
