"""Several processes give the same graph as one: results come back in input order."""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from kg.pipeline import build_dataset, load_pipeline
from kg.sources import Source
from kg.writer import serialize

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from corpus import corpus  # noqa: E402


def test_two_jobs_build_byte_identical_output():
    nlp = load_pipeline()
    texts = corpus(6, sentences=8)
    sources = [Source(f"gen/{i}.txt", None, t, hashlib.sha256(t.encode()).hexdigest()) for i, t in enumerate(texts)]
    one = serialize(build_dataset(sources, nlp=nlp, jobs=1, batch_size=2), fmt="trig")
    two = serialize(build_dataset(sources, nlp=nlp, jobs=2, batch_size=2), fmt="trig")
    assert one == two and b"kg:Assertion" in one
