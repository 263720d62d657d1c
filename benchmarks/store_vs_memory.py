"""rdflib's in-memory store against kg's persistent store (Oxigraph), on one generated graph.

    .venv/bin/python benchmarks/store_vs_memory.py [--triples 1000000] [--repeat 2] [--seed 11]

Generates (benchmarks/kggraph.py, seeded, from our own templates; nothing is stored) articles of
kg's shape until their named graphs hold about --triples quads: people, organizations, places,
posts and meetings with rdfs:label / skos:altLabel, the core facts, a kg:Assertion per fact with
its rule, confidence and sentence, sentences, n-ary events and quoted statements, one named
graph per article. The same quads go

- into rdflib's memory store, a ``Dataset(default_union=True)`` (as ``kg build`` makes it); and
- into an Oxigraph store in a temporary folder, laid out as ``kg build --store`` writes it (one
  named graph per article, the catalogue graph, and the default graph holding their union),
  with ``Store.bulk_load`` of N-Quads (the fastest way in: RocksDB's files written directly, no
  transaction per article; a little faster here than ``bulk_extend``). That load is timed and
  printed, not compared.

Then, --repeat times each, alternately, and the best time kept:

- export Turtle, the union of all articles: rdflib ``Dataset.serialize(format="turtle")`` against
  pyoxigraph ``Store.dump(format=TURTLE, from_graph=DefaultGraph())`` (kg has no Turtle dump of a
  store; this is Oxigraph's own serialiser over the same union);
- export TriG, one named graph per article: rdflib ``Dataset.serialize(format="trig")`` against
  kg's own ``kg export STORE --format trig`` path, ``kg.store.articles.dump_store`` (which also sorts the
  quads, so that the same store gives the same bytes);
- three SPARQL queries (a join, a two-hop path, a GROUP BY), through kg's own read path on both
  sides: ``kg.query.sparql.run_query`` over the Dataset, and over ``kg.rdf.graphio.load_graph([store])``,
  the store opened read-only in place, whose queries run on Oxigraph's engine (via oxrdflib),
  as ``kg query STORE`` does. The rows must be the same on both sides. The last column is the
  same query straight on pyoxigraph (``Store.query``, rows fetched, no rdflib terms made), to
  show what kg's read path adds.

Ratios are rdflib time / store time (above 1: the store is faster). The machine is shared and
noisy: compare ratios from one run, not seconds across runs. At the default 1M quads a run takes
about 11 minutes (most of it rdflib's serialisers) and 3.5 GiB of memory.
"""
from __future__ import annotations

import argparse
import gc
import os
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pyoxigraph as ox  # noqa: E402
from rdflib import Dataset, Literal  # noqa: E402
from rdflib.namespace import RDF  # noqa: E402

from kggraph import articles  # noqa: E402

from kg.rdf.graphio import PREFIXES, load_graph  # noqa: E402
from kg.query.sparql import run_query  # noqa: E402
from kg.store.dump import dump_store  # noqa: E402
from kg.store.read import open_read_only
from kg.store.terms import CATALOGUE, document_iri, to_ox
from kg.rdf.vocab import KG  # noqa: E402

QUERIES = {
    "join: people, their organizations' labels": """
SELECT ?person ?name ?org ?orgName WHERE {
  ?person a kg:Person ; kg:memberOf ?org ; rdfs:label ?name .
  ?org rdfs:label ?orgName .
}""",
    "two-hop: who replaced a caller for resignation": """
SELECT ?a ?aName ?b ?c ?cName WHERE {
  ?a kg:replaced ?b .
  ?b kg:calledForResignationOf ?c .
  ?a rdfs:label ?aName .
  ?c rdfs:label ?cName .
}""",
    "GROUP BY: assertions per predicate": """
SELECT ?predicate (COUNT(?assertion) AS ?assertions) WHERE {
  ?assertion a kg:Assertion ; rdf:predicate ?predicate .
}
GROUP BY ?predicate
ORDER BY DESC(?assertions) ?predicate""",
}
PREFIX_MAP = {k: str(v) for k, v in PREFIXES.items()}
DUMP_PREFIXES = {k: v for k, v in PREFIX_MAP.items() if k != "id"}  # as kg.store.articles.dump_quads


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    gc.collect()
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def generate(triples: int, seed: int) -> list:
    """Articles until their named graphs hold about ``triples`` quads."""
    out, total = [], 0
    for art in articles(seed):
        if total >= triples:
            break
        out.append(art)
        total += len(art.triples)
    return out


def build_dataset(arts: list) -> Dataset:
    ds = Dataset(default_union=True)
    for prefix, ns in PREFIXES.items():
        ds.bind(prefix, ns, override=True, replace=True)
    for art in arts:
        g = ds.graph(art.graph)
        ds.addN((s, p, o, g) for s, p, o in art.triples)
    return ds


def load_store(path: str, arts: list) -> int:
    """The quads into a new Oxigraph store at ``path``, laid out as kg.store writes it, with
    ``Store.bulk_load`` of N-Quads (a little faster here than ``bulk_extend`` of Quad objects:
    the text is parsed in Rust, in parallel). Returns the number of quads (article graphs,
    catalogue and union)."""
    cache: dict = {}

    def nt(term) -> str:  # a term in N-Triples syntax, as pyoxigraph writes it
        text = cache.get(term)
        if text is None:
            text = cache[term] = str(to_ox(term))
        return text

    lines: list[str] = []
    union: set = set()
    catalogue = nt(CATALOGUE)
    for art in arts:
        g = nt(art.graph)
        for s, p, o in art.triples:
            union.add((s, p, o))
            lines.append(f"{nt(s)} {nt(p)} {nt(o)} {g} .\n")
        doc = document_iri(art.sha256)
        for p, o in ((RDF.type, KG.Document), (KG.fileName, Literal(art.name)), (KG.sha256, Literal(art.sha256))):
            lines.append(f"{nt(doc)} {nt(p)} {nt(o)} {catalogue} .\n")
    for s, p, o in union:  # the default graph: the union of the article graphs, each triple once
        lines.append(f"{nt(s)} {nt(p)} {nt(o)} .\n")
    count = len(lines)
    data = "".join(lines).encode()
    del lines, union, cache
    store = ox.Store(path)
    store.bulk_load(data, format=ox.RdfFormat.N_QUADS)
    store.flush()
    del store
    gc.collect()  # closes RocksDB, so that it can be opened read-only as kg opens it
    return count


def count_quads(path: str, fmt: ox.RdfFormat) -> int:
    return sum(1 for _ in ox.parse(path=path, format=fmt))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--triples", type=int, default=1_000_000, help="about this many quads in the article graphs")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args(argv)
    start = time.perf_counter()

    t, arts = timed(lambda: generate(a.triples, a.seed))
    quads = sum(len(x.triples) for x in arts)
    n_articles = len(arts)
    print(f"generated {len(arts)} articles, {quads} quads in their named graphs: {t:.1f} s", flush=True)
    t, ds = timed(lambda: build_dataset(arts))
    union = len(ds)
    print(f"rdflib Dataset (memory store) built: {t:.1f} s; {union} triples in the union", flush=True)

    with tempfile.TemporaryDirectory(prefix="kg-bench-") as tmp:
        store_path = os.path.join(tmp, "kg.store")
        t, loaded = timed(lambda: load_store(store_path, arts))
        print(f"Oxigraph store loaded (bulk_load, {loaded} quads: article graphs, catalogue, union): "
              f"{t:.1f} s (not compared)", flush=True)
        del arts
        gc.collect()

        view = load_graph([store_path]).graph  # kg query STORE: read-only, in place
        ro = open_read_only(store_path)          # the same store, for pyoxigraph's own calls
        for text in QUERIES.values():            # kg's store path must take Oxigraph's engine
            view.query(text, initNs=PREFIX_MAP)

        files = {k: os.path.join(tmp, k) for k in ("rdflib.ttl", "store.ttl", "rdflib.trig", "store.trig")}

        def kg_dump() -> int:
            dump = dump_store(store_path, "trig")
            Path(files["store.trig"]).write_bytes(dump.data)
            return dump.quads

        ops: list[tuple[str, Callable[[], object], Callable[[], object]]] = [
            ("export Turtle (union)",
             lambda: ds.serialize(destination=files["rdflib.ttl"], format="turtle"),
             lambda: ro.dump(files["store.ttl"], format=ox.RdfFormat.TURTLE, from_graph=ox.DefaultGraph(),
                             prefixes=DUMP_PREFIXES)),
            ("export TriG (named graphs)",
             lambda: ds.serialize(destination=files["rdflib.trig"], format="trig"),
             kg_dump),
        ]
        for name, text in QUERIES.items():
            ops.append((name, (lambda text=text: run_query(ds, text)), (lambda text=text: run_query(view, text))))

        times: dict[str, tuple[list[float], list[float], list[float]]] = {}
        rows: dict[str, str] = {}
        for name, mem, disk in ops:
            tm, td, tr = times.setdefault(name, ([], [], []))
            for _ in range(a.repeat):
                t, out_m = timed(mem)
                tm.append(t)
                t, out_d = timed(disk)
                td.append(t)
            if name in QUERIES:
                rm, rd = set(out_m.rows), set(out_d.rows)
                if rm != rd or len(out_m.rows) != len(out_d.rows):
                    print(f"MISMATCH in {name}: rdflib {len(out_m.rows)} rows, store {len(out_d.rows)}", file=sys.stderr)
                    return 1
                for _ in range(a.repeat):
                    t, res = timed(lambda: raw_query(ro, QUERIES[name]))
                    tr.append(t)
                if len(res) != len(out_d.rows):
                    print(f"MISMATCH in {name}: pyoxigraph {len(res)} rows, kg {len(out_d.rows)}", file=sys.stderr)
                    return 1
                rows[name] = f"{len(out_d.rows)} rows"
            print(f"  {name}: rdflib {min(tm):.2f} s, store {min(td):.2f} s", flush=True)

        # the exports hold what they should: parse them back with pyoxigraph and count
        n_ttl_m = count_quads(files["rdflib.ttl"], ox.RdfFormat.TURTLE)
        n_ttl_d = count_quads(files["store.ttl"], ox.RdfFormat.TURTLE)
        n_trig_m = count_quads(files["rdflib.trig"], ox.RdfFormat.TRIG)
        n_trig_d = count_quads(files["store.trig"], ox.RdfFormat.TRIG)
        if not (n_ttl_m == n_ttl_d == union and n_trig_m == n_trig_d == quads):
            print(f"MISMATCH in the exports: Turtle {n_ttl_m} / {n_ttl_d} triples (union {union}); "
                  f"TriG {n_trig_m} / {n_trig_d} quads (expected {quads})", file=sys.stderr)
            return 1
        size = {k: os.path.getsize(v) / 2**20 for k, v in files.items()}
        rows["export Turtle (union)"] = f"{union} triples, {size['rdflib.ttl']:.0f} / {size['store.ttl']:.0f} MiB"
        rows["export TriG (named graphs)"] = f"{quads} quads, {size['rdflib.trig']:.0f} / {size['store.trig']:.0f} MiB"
        del view, ro
        gc.collect()

    print()
    print(f"{n_articles} articles (named graphs), {quads} quads in them, {union} triples in their union; "
          f"best of {a.repeat}")
    head = f"{'operation':<48} {'rdflib s':>9} {'store s':>9} {'rdflib/store':>13} {'pyoxigraph s':>13}  checked"
    print(head)
    print("-" * len(head))
    for name, (tm, td, tr) in times.items():
        raw = f"{min(tr):13.3f}" if tr else f"{'':>13}"
        print(f"{name:<48} {min(tm):9.2f} {min(td):9.2f} {min(tm) / min(td):12.1f}x {raw}  {rows[name]}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    print(f"\npeak memory (RSS) {peak:.1f} GiB; whole run {time.perf_counter() - start:.0f} s")
    return 0


def raw_query(store: ox.Store, text: str) -> list[list]:
    """A SELECT straight on pyoxigraph, every row fetched."""
    result = store.query(text, prefixes=PREFIX_MAP)
    names = result.variables
    return [[solution[v] for v in names] for solution in result]


if __name__ == "__main__":
    raise SystemExit(main())
