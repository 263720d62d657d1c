"""kg at corpus size: a store grown to 1k, 3k and 10k generated articles; the build's time per
article and peak memory at each size, and every bundled query's time on it.

    .venv/bin/python benchmarks/corpus_scale.py [--sizes 1000,3000,10000] [--jobs 2]

Each stage adds the next articles of one generated corpus (``benchmarks/corpus.py``) to the same
store, in a process of its own, which reports its wall time and its peak resident memory (its
own and its workers'); then every bundled query (``kg query --name ...``, a parameter given as
``name=Tom Hale``) is run on the store as ``kg query`` runs it and timed. Flat memory and a time
per article that does not grow are what a linear build looks like; the aim for a query is under
1 s at 10,000 articles, growing at most linearly.
"""
from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

PARAMS = {"name": "Tom Hale"}


def add(store: str, start: int, end: int, jobs: int) -> None:
    """The child: add articles start..end-1 of the corpus to the store; print seconds and peak RSS."""
    from corpus import build_store

    seconds = build_store(store, end, start=start, jobs=jobs)
    peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    print(json.dumps({"seconds": seconds, "peak_kb": peak}))


def query_times(store: str) -> list[tuple[str, int, float]]:
    from kg.query.sparql import bundled_queries, run_query
    from kg.rdf.graphio import load_graph

    graph = load_graph([store]).graph
    found = []
    for q in bundled_queries():
        params = {p: PARAMS[p] for p, _ in q.params}
        t = time.perf_counter()
        result = run_query(graph, q.text_for(graph), params=q.values(params), required=[p for p, _ in q.params])
        found.append((q.name, len(result.rows or ()), time.perf_counter() - t))
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,3000,10000")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--add", nargs=3, metavar=("STORE", "START", "END"), help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.add:
        add(a.add[0], int(a.add[1]), int(a.add[2]), a.jobs)
        return 0
    sizes = [int(x) for x in a.sizes.split(",")]
    folder = Path(tempfile.mkdtemp(prefix="kg-corpus-scale-"))
    slowest = []
    try:
        store = str(folder / "kg.store")
        done = 0
        for size in sizes:
            child = subprocess.run([sys.executable, __file__, "--jobs", str(a.jobs), "--add", store, str(done), str(size)],
                                   check=True, capture_output=True, text=True)
            stage = json.loads(child.stdout.strip().splitlines()[-1])
            added = size - done
            print(f"{size} articles: added {added} in {stage['seconds']:.0f} s "
                  f"({1000 * stage['seconds'] / added:.0f} ms an article), peak RSS {stage['peak_kb'] / 1024:.0f} MB")
            times = query_times(store)
            for name, rows, seconds in times:
                print(f"  {name:<22} {rows:>7} rows {seconds:7.2f} s")
            slowest.append(max(s for _, _, s in times))
            done = size
            sys.stdout.flush()
        print("slowest bundled query at each size: " + ", ".join(f"{n}: {s:.2f} s" for n, s in zip(sizes, slowest)))
        return 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
