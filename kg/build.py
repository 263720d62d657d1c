"""The corpus build: articles in, one rdflib Dataset (or each article's triples) out.

Parse and extract (:mod:`kg.extract`, in several processes with :mod:`kg.scale.parallel`),
plan merges across the articles (:mod:`kg.merge`), and make each article's triples
(:mod:`kg.rdf.graph`)::

    from kg import build_dataset, load_pipeline, read_source
    ds = build_dataset([read_source("article.txt")], nlp=load_pipeline())
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from rdflib import Dataset, URIRef

from kg.merge import Overrides, plan_corpus_merges
from kg.model import DocumentFacts
from kg.rdf.graph import bind_prefixes, document_triples
from kg.rdf.vocab import DATA
from kg.sources import Source

if TYPE_CHECKING:
    from spacy.language import Language


def build_dataset(sources: Iterable[Source], *, nlp: Language, batch_size: int = 8,
                  overrides: Overrides | None = None, jobs: int = 1, known: tuple = (),
                  report: Callable[[DocumentFacts], None] | None = None) -> Dataset:
    """A Dataset with one named graph per article (named by its text's hash).

    People an article knows only by a title and surname ("Mr Marsh") join the person another
    article of the build names in full, when the evidence is strong (:mod:`kg.merge`); each such
    decision is written into the article's graph as a ``kg:MergeDecision``. ``report`` is told
    each article once it is extracted (a progress line).
    """
    ds = bind_prefixes(Dataset())
    graphs = corpus_triples(sources, nlp=nlp, batch_size=batch_size, overrides=overrides, jobs=jobs, known=known,
                            report=report)
    for sha256, triples in graphs.items():
        g = ds.graph(URIRef(DATA[f"graph/{sha256[:16]}"]))
        ds.store.addN((s, p, o, g) for s, p, o in triples)  # Graph.addN re-checks every term
    return ds


def build_triples(sources: Iterable[Source], *, nlp: Language, batch_size: int = 8,
                  overrides: Overrides | None = None, jobs: int = 1, known: tuple = (),
                  report: Callable[[DocumentFacts], None] | None = None) -> set[tuple]:
    """The union of the graphs :func:`build_dataset` makes, as a set of triples, with no rdflib
    graph made: what a writer of one graph (Turtle, N-Triples) needs, with :func:`prefixes`."""
    graphs = corpus_triples(sources, nlp=nlp, batch_size=batch_size, overrides=overrides, jobs=jobs,
                            known=known, report=report)
    return set().union(*graphs.values())


def prefixes() -> list[tuple[str, URIRef]]:
    """The prefixes a built Dataset has bound (rdflib's and kg's own)."""
    return sorted(bind_prefixes(Dataset()).namespaces())


def person_names(built: Dataset | Iterable[tuple]) -> set[str]:
    """Every name (label and other names) of a person in a built Dataset, or in its triples
    (:func:`build_triples`)."""
    from rdflib import RDF, RDFS
    from rdflib.namespace import SKOS

    from kg.rdf.vocab import KG

    triples = [(s, p, o) for s, p, o, _ in built.quads()] if isinstance(built, Dataset) else list(built)
    people = {s for s, p, o in triples if p == RDF.type and o == KG.Person}
    return {str(o) for s, p, o in triples if p in (RDFS.label, SKOS.altLabel) and s in people}


def corpus_triples(sources: Iterable[Source], *, nlp: Language, batch_size: int = 8,
                   overrides: Overrides | None = None, jobs: int = 1,
                   known: tuple = (), report: Callable[[DocumentFacts], None] | None = None,
                   ) -> dict[str, set[tuple]]:
    """Each article's graph as a set of triples, keyed by the sha256 of its text: what
    :func:`build_dataset` puts in a Dataset, for writers (the store) that need no rdflib graph.

    ``known``: people named in full elsewhere (see :func:`kg.merge.plan_corpus_merges`).
    """
    from kg.scale.parallel import extract_sources

    extracted = []
    for facts in extract_sources(sources, nlp=nlp, jobs=jobs, batch_size=batch_size):
        extracted.append(facts)
        if report is not None:
            report(facts)
    merges = plan_corpus_merges(extracted, overrides=overrides or Overrides(), known=known)
    out: dict[str, set[tuple]] = {}
    for facts in extracted:
        merged, decisions = merges.get(facts.sha256, ({}, ()))
        triples = document_triples(facts, merged=merged, decisions=decisions)
        out.setdefault(facts.sha256, set()).update(triples)   # one text under two paths: one graph
    return out
