"""The graphs ``kg build`` writes, saved once and checked later: a guard for changes that must not
change the output (a move of modules, a faster writer). A check, not a timing.

Builds, with the real ``kg`` command, every development article of ``../shared/eval`` (read from
there at run time; none is stored here) one by one, and a generated corpus of 40 articles
(``benchmarks/corpus.py``) as one graph; ``--save DIR`` writes the graphs, ``--check DIR``
compares each new graph with the saved one by isomorphism (rdflib's ``to_isomorphic``) and lists
what differs::

    .venv/bin/python benchmarks/same_graphs.py --save /tmp/before
    ... change the code ...
    .venv/bin/python benchmarks/same_graphs.py --check /tmp/before
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from rdflib import Graph  # noqa: E402
from rdflib.compare import graph_diff, to_isomorphic  # noqa: E402

from corpus import corpus  # noqa: E402

KG_COMMAND = [sys.executable, "-c", "from kg.cli import app; app()"]
EVAL = ROOT.parent / "shared" / "eval"


def build_all(out: Path) -> list[str]:
    """Build every input into ``out``; the names of the graphs written."""
    out.mkdir(parents=True, exist_ok=True)
    names = []
    for article in sorted(EVAL.glob("dev*/*.txt")):
        name = f"{article.parent.name}-{article.stem}.ttl"
        # by a path relative to the eval folder: the graph names the file the same wherever it is
        _kg("build", f"{article.parent.name}/{article.name}", "-o", str((out / name).resolve()), cwd=EVAL)
        names.append(name)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "gen"
        folder.mkdir()
        for i, text in enumerate(corpus(40)):
            (folder / f"{i:04d}.txt").write_text(text, encoding="utf-8")
        _kg("build", "gen", "-o", str((out / "generated-40.ttl").resolve()), cwd=Path(tmp))
    names.append("generated-40.ttl")
    return names


def _kg(*args: str, cwd: Path | None = None) -> None:
    done = subprocess.run([*KG_COMMAND, *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"kg {' '.join(args)} failed: {done.stderr.strip()[-400:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path, help="write the graphs into this folder")
    group.add_argument("--check", type=Path, help="compare new graphs with those saved in this folder")
    args = parser.parse_args(argv)
    if args.save:
        names = build_all(args.save)
        print(f"saved {len(names)} graphs in {args.save}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        names = build_all(Path(tmp))
        differ = 0
        for name in names:
            saved, new = Graph().parse(args.check / name), Graph().parse(Path(tmp) / name)
            if to_isomorphic(saved) == to_isomorphic(new):
                continue
            differ += 1
            _, only_saved, only_new = graph_diff(to_isomorphic(saved), to_isomorphic(new))
            print(f"{name}: DIFFERENT ({len(only_saved)} triples only before, {len(only_new)} only now)")
            for s, p, o in sorted(only_saved)[:5]:
                print(f"  before: {s.n3()} {p.n3()} {o.n3()}"[:300])
            for s, p, o in sorted(only_new)[:5]:
                print(f"  now:    {s.n3()} {p.n3()} {o.n3()}"[:300])
    print(f"{len(names) - differ} of {len(names)} graphs isomorphic to those saved"
          + ("" if not differ else f"; {differ} differ"))
    return 0 if not differ else 1


if __name__ == "__main__":
    raise SystemExit(main())
