"""The same articles give the same store, however the build ran: a check, not a timing.

Generates a corpus whose people cross articles ("Tony Marsh" in one, "Mr Marsh" or "Marsh, the
mayor" in others: what merges across articles decide), writes it to a temporary folder, and
builds it with the real ``kg`` command, several ways:

- into a store with ``--jobs 1`` (the reference), and with ``--jobs 2``;
- into a store killed (SIGKILL) at random moments, then built again to the end;
- into a store from the library, in chunks of 5 articles, the articles in reverse order;
- into a file, ``-o all.trig``, whose quads must be the store's article graphs.

The stores are compared whole: every quad of the article graphs, the catalogue, the records and
the union. Prints one line a way and exits 1 if any differs::

    .venv/bin/python benchmarks/same_store.py              # 417 articles, 6 kills
    .venv/bin/python benchmarks/same_store.py --articles 220 --kills 2
"""
from __future__ import annotations

import argparse
import hashlib
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import pyoxigraph as ox  # noqa: E402

from corpus import crossing_corpus  # noqa: E402

KG_COMMAND = [sys.executable, "-c", "from kg.cli import app; app()"]


def write_corpus(folder: Path, n: int, seed: int) -> list[Path]:
    paths = []
    for i, text in enumerate(crossing_corpus(n, seed=seed)):
        path = folder / "news" / f"{i:04d}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def kg(*args: str, cwd: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run([*KG_COMMAND, *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"kg {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return time.perf_counter() - started


def store_content(path: Path) -> tuple[str, int, int]:
    """(sha256 of every quad of the store, sorted; the count of quads; of merge decisions)."""
    store = ox.Store.read_only(str(path))
    lines = sorted(str(q) for q in store)
    decisions = sum(1 for line in lines if "#MergeDecision>" in line and "/id/graph/" in line)
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest(), len(lines), decisions


def article_quads(path: Path) -> set[str]:
    store = ox.Store.read_only(str(path))
    skip = {"https://w3id.org/kg-news/id/graph/catalogue", "https://w3id.org/kg-news/id/graph/records"}
    return {str(q) for q in store if not isinstance(q.graph_name, ox.DefaultGraph) and q.graph_name.value not in skip}


def file_quads(path: Path) -> set[str]:
    with open(path, "rb") as f:
        return {str(q) for q in ox.parse(f, format=ox.RdfFormat.TRIG)}


def killed_then_resumed(work: Path, target: str, *, kills: int, articles: int, rng: random.Random) -> list[str]:
    """Build into ``target``, killing the build (SIGKILL) ``kills`` times at random moments of its
    writes, then build to the end. Each moment is drawn over what is left: after the n-th article
    it reports in the store, or, for the last draw of the range, once every article is in (while
    it rewrites the graphs whose merges changed)."""
    moments: list[str] = []
    left = articles
    for _ in range(kills):
        after = rng.randint(1, left + 1)
        proc = subprocess.Popen([*KG_COMMAND, "build", "news", "--store", target], cwd=work,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        added = 0
        assert proc.stderr is not None
        for line in proc.stderr:
            if line.startswith("kg: added "):
                added += 1
                if added == after:
                    break
            elif line.startswith("kg: stored "):
                break
        settling = after > left
        if settling:   # all in: kill while the merges are settled
            time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        left = max(0, left - added)
        moments.append(f"after {added} new articles" + (", settling merges" if settling else ""))
    kg("build", "news", "--store", target, cwd=work)
    return moments


def library_build(work: Path, target: str, *, chunk: int) -> None:
    """The store built from Python, ``chunk`` articles at a time, the articles in reverse order."""
    from kg.extract.pipeline import load_pipeline
    from kg.sources import Source, iter_sources
    from kg.store.articles import ArticleStore
    from kg.store.build import build_articles

    here = os.getcwd()
    os.chdir(work)
    try:
        sources = [s for s in iter_sources(["news"]) if isinstance(s, Source)][::-1]
        with ArticleStore(target) as st:
            build_articles(st, sources, pipeline=load_pipeline, chunk=chunk)
    finally:
        os.chdir(here)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--articles", type=int, default=417)
    parser.add_argument("--kills", type=int, default=6)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="kg-same-store-") as tmp:
        work = Path(tmp)
        write_corpus(work, args.articles, args.seed)
        print(f"corpus: {args.articles} generated articles whose people cross articles (seed {args.seed})")
        reference_seconds = kg("build", "news", "--store", "jobs1.store", cwd=work)
        reference = store_content(work / "jobs1.store")
        print(f"store, --jobs 1: {reference[1]} quads, {reference[2]} merge decisions, "
              f"{reference_seconds:.1f} s (the reference)")
        results = []

        def compare(label: str, store: str, extra: str = "") -> None:
            got = store_content(work / store)
            same = got[0] == reference[0]
            results.append(same)
            print(f"{label}: {'the same store' if same else 'DIFFERENT'} ({got[1]} quads){extra}")

        seconds = kg("build", "news", "--store", "jobs2.store", "--jobs", "2", cwd=work)
        compare("store, --jobs 2", "jobs2.store", f", {seconds:.1f} s")
        moments = killed_then_resumed(work, "killed.store", kills=args.kills, articles=args.articles, rng=rng)
        compare(f"store, killed {len(moments)} times then built to the end", "killed.store",
                f"; killed {'; '.join(moments)}")
        library_build(work, str(work / "chunks.store"), chunk=5)
        compare("store, from Python in chunks of 5, articles in reverse order", "chunks.store")
        kg("build", "news", "-o", "all.trig", cwd=work)
        in_file, in_store = file_quads(work / "all.trig"), article_quads(work / "jobs1.store")
        same = in_file == in_store
        results.append(same)
        print(f"file -o all.trig against the store's article graphs: "
              f"{'the same quads' if same else 'DIFFERENT'} ({len(in_file)} in the file, {len(in_store)} in the store)")
        if not same:
            for line in sorted(in_file ^ in_store)[:10]:
                print(("  file only: " if line in in_file else "  store only: ") + line[:300])
    print("all the same" if all(results) else "some differ")
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
