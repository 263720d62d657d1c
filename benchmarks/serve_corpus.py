"""kg serve at corpus size: every bundled query over HTTP gives the rows kg query gives.

    .venv/bin/python benchmarks/serve_corpus.py [--articles 400] [--jobs 2]

Builds the generated corpus (``benchmarks/corpus.py``) into a new store, starts ``kg serve``'s
endpoint on a free port, sends every bundled query as a SPARQL client does (kg's prefixes
declared, a parameter's variable replaced by its value as a string literal), and compares the
rows with ``kg query``'s over the same store. Prints, per query, the rows and both times; exits
1 if any answer differs. A check at scale, not a benchmark of speed: the times are one run each.
"""
from __future__ import annotations

import argparse
import json
import shutil
import socket
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from corpus import build_store  # noqa: E402

from kg.cli import app  # noqa: E402
from kg.query.sparql import bundled_queries  # noqa: E402
from kg.serve.server import client_query, start  # noqa: E402

#: a name every generated article may use ("Tom Hale" is among the corpus's people)
PARAMS = {"name": "Tom Hale"}


def rows(document: dict) -> list[tuple]:
    names = document["head"]["vars"]
    return sorted(tuple((b.get(n, {}).get("type"), b.get(n, {}).get("value")) for n in names)
                  for b in document["results"]["bindings"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="kg-serve-corpus-"))
    try:
        store = folder / "kg.store"
        seconds = build_store(store, a.articles, jobs=a.jobs)
        print(f"built {a.articles} articles into a store in {seconds:.1f} s")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        runner = CliRunner()
        failed = 0
        with start([str(store)], bind=f"127.0.0.1:{port}") as endpoint:
            for q in bundled_queries():
                params = {p: PARAMS[p] for p, _ in q.params}
                t = time.perf_counter()
                answer = httpx.post(endpoint.query_url, data={"query": client_query(q.store_text or q.text, q.values(params))},
                                    headers={"Accept": "application/sparql-results+json"}, timeout=600)
                http_s = time.perf_counter() - t
                args = [x for p, v in params.items() for x in ("--param", f"{p}={v}")]
                t = time.perf_counter()
                local = runner.invoke(app, ["query", str(store), "--name", q.name, *args, "--format", "json"])
                local_s = time.perf_counter() - t
                same = answer.status_code == 200 and local.exit_code == 0 and \
                    rows(answer.json()) == rows(json.loads(local.stdout))
                failed += not same
                n = len(answer.json()["results"]["bindings"]) if answer.status_code == 200 else -1
                print(f"{q.name:<22} {'same rows' if same else 'DIFFERENT'}: {n} rows; "
                      f"over HTTP {http_s:.2f} s, kg query {local_s:.2f} s")
        print(f"{len(bundled_queries()) - failed} of {len(bundled_queries())} bundled queries give kg query's rows over HTTP")
        return 1 if failed else 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
