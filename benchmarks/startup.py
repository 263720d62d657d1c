"""Start-up: `kg build` of one sentence against spaCy's own import + load + parse of it.

    .venv/bin/python benchmarks/startup.py [--repeat 7]

Runs, alternately and each in a new process, (a) ``python -c "import spacy;
spacy.load(PIPELINE)(SENTENCE)"`` and (b) ``kg build one.txt -o one.ttl`` on the same sentence,
and prints the median wall time of each and their difference: what kg adds to start (its
imports, its component, its tables, writing the graph). The aim is at most 0.3 s. Medians of
alternating runs, because the machine is shared and noisy.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kg.extract.pipeline import DEFAULT_MODEL

SENTENCE = "Mayor Ana Ruiz met the union's leader, Tom Hale, in Leeds on Monday."


def wall(command: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        article = Path(folder) / "one.txt"
        article.write_text(SENTENCE + "\n", encoding="utf-8")
        kg = [sys.executable, "-m", "kg.cli", "build", str(article), "-o", str(Path(folder) / "one.ttl")]
        spacy_only = [sys.executable, "-c", f"import spacy; spacy.load({DEFAULT_MODEL!r})({SENTENCE!r})"]
        wall(kg)  # the first run may fill caches (kg's table of given names): not counted
        bare, built = [], []
        for _ in range(a.repeat):
            bare.append(wall(spacy_only))
            built.append(wall(kg))
    b, k = statistics.median(bare), statistics.median(built)
    print(f"spaCy import + load + parse: median {b:.2f} s of {a.repeat}")
    print(f"kg build of one sentence:    median {k:.2f} s of {a.repeat}")
    print(f"kg adds {k - b:+.2f} s to start (aim: at most 0.30 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
