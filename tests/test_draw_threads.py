"""kg draw gives the same bytes whatever the number of BLAS threads and whatever the CPU's vector
instructions: the layout uses no BLAS or LAPACK call (their sums can be split differently across
threads) and no numpy function whose SIMD loops differ by CPU (pow, exp, log: AVX-512 and AVX2
give different last bits), so one thread and four, or numpy kept off AVX-512, draw the same PNG
of a crowded graph."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS

from kg.rdf.vocab import KG

ROOT = Path(__file__).resolve().parents[1]
THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS")


def crowded_graph(path: Path) -> None:
    """120 people and 30 organizations with 400 facts between them, made up from a fixed seed."""
    rng = random.Random(11)
    g = Graph()
    people = [URIRef(f"https://w3id.org/kg-news/id/person/p{i}") for i in range(120)]
    orgs = [URIRef(f"https://w3id.org/kg-news/id/organization/o{i}") for i in range(30)]
    for i, p in enumerate(people):
        g.add((p, RDF.type, KG.Person))
        g.add((p, RDFS.label, Literal(f"Person {i} {'Ashby Carrow Dunmore Ellery'.split()[i % 4]}")))
    for i, o in enumerate(orgs):
        g.add((o, RDF.type, KG.Organization))
        g.add((o, RDFS.label, Literal(f"Organization number {i}")))
    for _ in range(400):
        kind = rng.random()
        if kind < 0.5:
            g.add((rng.choice(people), KG.worksFor, rng.choice(orgs)))
        elif kind < 0.8:
            g.add((rng.choice(people), KG.metWith, rng.choice(people)))
        else:
            g.add((rng.choice(people), KG.criticized, rng.choice(people)))
    g.serialize(path, format="turtle")


#: numpy's names (2.x) for the AVX-512 levels: with them disabled it runs its AVX2 loops
NO_AVX512 = {"NPY_DISABLE_CPU_FEATURES": "X86_V4 AVX512_ICL AVX512_SPR"}


def draw(graph: Path, out: Path, threads: int, env_extra: dict[str, str] | None = None) -> bytes:
    env = dict(os.environ, **{name: str(threads) for name in THREADS}, **(env_extra or {}))
    done = subprocess.run([sys.executable, "-m", "kg.cli", "draw", str(graph), "--top", "70", "-o", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return out.read_bytes()


@pytest.mark.slow
def test_one_blas_thread_and_four_draw_the_same_png(tmp_path):
    graph = tmp_path / "crowded.ttl"
    crowded_graph(graph)
    one = draw(graph, tmp_path / "one.png", 1)
    four = draw(graph, tmp_path / "four.png", 4)
    assert one[:8] == b"\x89PNG\r\n\x1a\n"
    assert one == four, "the PNG differs with the number of BLAS threads"


@pytest.mark.slow
def test_numpy_off_avx512_draws_the_same_png(tmp_path):
    # on a CPU with AVX-512 this compares numpy's two sets of loops; the sample's picture in
    # docs/ was once redrawn differently on such a CPU because of one ``** -2.0``
    graph = tmp_path / "crowded.ttl"
    crowded_graph(graph)
    assert draw(graph, tmp_path / "wide.png", 1) == draw(graph, tmp_path / "narrow.png", 1, NO_AVX512), \
        "the PNG differs with the CPU's vector instructions"
