"""`kg build ... -o x.ttl` against the bare parse: parse, extraction, RDF and the Turtle file.

    .venv/bin/python benchmarks/build_to_file.py [--articles 420] [--repeat 3]

In one process, on one generated corpus (``benchmarks/corpus.py``), alternately: the bare parse
(``nlp.pipe`` of the same pipeline over the same texts, kg's own component left out: the parse
alone) and what ``kg build DIR -o x.ttl`` does
(``kg.build.build_triples``, then ``kg.rdf.writer.serialize_triples`` as Turtle: no rdflib graph). Prints each pass's ratio,
the median ratio and the ratio of the best times (interference only adds time), the share of
the build spent writing Turtle, and, on the same graph, rdflib's own Turtle serializer for
comparison. The aim is at most 1.05x.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import sources as corpus_sources  # noqa: E402
from rdflib import Graph  # noqa: E402

from kg.build import build_triples, prefixes  # noqa: E402
from kg.extract.component import NAME as RELATIONS  # noqa: E402
from kg.extract.pipeline import load_pipeline  # noqa: E402
from kg.rdf.writer import serialize_triples  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=420)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    nlp = load_pipeline(freeze=True)
    sources = list(corpus_sources(a.articles))
    texts = [s.text for s in sources]
    words = sum(len(t.split()) for t in texts)
    for _ in nlp.pipe(texts[:8]):  # warm up
        pass
    bare, built, writes = [], [], []
    data = b""
    for i in range(a.repeat):
        t = time.perf_counter()
        with nlp.select_pipes(disable=[RELATIONS]):  # the parse alone, without kg's component
            for _ in nlp.pipe(texts, batch_size=8):
                pass
        bare.append(time.perf_counter() - t)
        t = time.perf_counter()
        triples = build_triples(sources, nlp=nlp)
        w = time.perf_counter()
        data = serialize_triples(triples, fmt="turtle", namespaces=prefixes())
        end = time.perf_counter()
        built.append(end - t)
        writes.append(end - w)
        print(f"pass {i + 1}: bare parse {bare[-1]:.1f} s, build -o x.ttl {built[-1]:.1f} s "
              f"(Turtle {writes[-1]:.1f} s): {built[-1] / bare[-1]:.2f}x")
    print(f"{a.articles} articles, {words} words, {len(data) / 1e6:.1f} MB of Turtle")
    print(f"ratio build -o x.ttl / bare parse: best times {min(built) / min(bare):.2f}x, "
          f"median of passes {statistics.median(b / p for b, p in zip(built, bare)):.2f}x")
    print(f"writing Turtle: {min(writes):.2f} s at best, {min(writes) / min(built):.0%} of the build")
    union = Graph()
    for triple in triples:
        union.add(triple)
    t = time.perf_counter()
    union.serialize(format="turtle")  # rdflib's own writer on the same triples, for comparison
    print(f"rdflib's Turtle serializer on the same {len(union)} triples: {time.perf_counter() - t:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
