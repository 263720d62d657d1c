"""Several processes give the same graph as one: results come back in input order."""
from __future__ import annotations

import kg.extract.pipeline

import hashlib
import sys
from pathlib import Path

from kg.build import build_dataset
from kg.extract.pipeline import load_pipeline
from kg.sources import Source
from kg.rdf.writer import serialize

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from corpus import corpus  # noqa: E402


def test_two_jobs_build_byte_identical_output():
    nlp = kg.extract.pipeline.load_pipeline()
    texts = corpus(6, sentences=8)
    sources = [Source(f"gen/{i}.txt", None, t, hashlib.sha256(t.encode()).hexdigest()) for i, t in enumerate(texts)]
    one = serialize(build_dataset(sources, nlp=nlp, jobs=1, batch_size=2), fmt="trig")
    two = serialize(build_dataset(sources, nlp=nlp, jobs=2, batch_size=2), fmt="trig")
    assert one == two and b"kg:Assertion" in one


def test_turtle_and_ntriples_written_from_the_triples_are_the_bytes_of_the_dataset(nlp):
    """kg build -o x.ttl makes no rdflib graph: the same bytes as serialising the Dataset."""
    from kg.build import build_triples, prefixes
    from kg.rdf.writer import serialize_triples

    texts = corpus(6, sentences=8)
    sources = [Source(f"gen/{i}.txt", None, t, hashlib.sha256(t.encode()).hexdigest()) for i, t in enumerate(texts)]
    dataset = build_dataset(sources, nlp=nlp, batch_size=2)
    triples = build_triples(sources, nlp=nlp, batch_size=2)
    for fmt in ("turtle", "nt"):
        written = serialize_triples(triples, fmt=fmt, namespaces=prefixes())
        assert written == serialize(dataset, fmt=fmt) and b"Assertion" in written


def test_a_store_built_with_two_jobs_in_small_chunks_equals_one_built_with_one(tmp_path):
    """Two workers parse each chunk while the parent merges and writes the chunk before: the
    store still holds the same quads, merges across chunks included, and reports every article."""
    from kg.store.articles import ArticleStore
    from kg.store.build import build_articles
    from kg.store.dump import dump_store

    nlp = kg.extract.pipeline.load_pipeline()
    texts = corpus(7, sentences=8)
    sources = [Source(f"gen/{i}.txt", None, t, hashlib.sha256(t.encode()).hexdigest()) for i, t in enumerate(texts)]
    dumps, reported = [], []
    for jobs in (1, 2):
        seen: list[str] = []
        with ArticleStore(tmp_path / f"{jobs}.store") as store:
            counts = build_articles(store, sources, pipeline=lambda: nlp, jobs=jobs, chunk=2,
                                    report=lambda outcome: seen.append(outcome.name))
        assert counts["added"] == 7
        dumps.append(dump_store(tmp_path / f"{jobs}.store", "nquads"))
        reported.append(seen)
    assert dumps[0] == dumps[1]
    assert reported[0] == reported[1] == [s.name for s in sources]
