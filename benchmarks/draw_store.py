"""kg draw at corpus size: the diagram of a store of generated articles, timed as a user runs it.

    .venv/bin/python benchmarks/draw_store.py [--store STORE | --articles 420] [--repeat 3]

Builds the generated corpus (``benchmarks/corpus.py``) into a new store (or takes ``--store``),
then runs ``kg draw`` on it as a command: ``--top 30``, ``--top 30 --evidence`` and with no
``--top`` (kg picks the most connected that fit). Each is run ``--repeat`` times, beside the
start-up it cannot do without (Python importing kg's CLI and matplotlib), measured in the same
run. Prints, for each, the least wall time and CPU time (user + system) of its runs, its peak
resident memory and the PNG's size; CPU time is the steadier figure on a shared machine.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

CASES = {
    "start-up (import kg.cli, kg.viz.draw)": None,
    "kg draw STORE --top 30": ["--top", "30"],
    "kg draw STORE --top 30 --evidence": ["--top", "30", "--evidence"],
    "kg draw STORE (no --top)": [],
}


def run(args: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak RSS (KB) of one child process (its own, by wait4)."""
    t = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - t
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"failed: {' '.join(args)}\n{child.stderr.read().decode()}")
    child.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", help="an existing kg store (default: build --articles into a new one)")
    ap.add_argument("--articles", type=int, default=420)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="kg-draw-store-"))
    try:
        store = a.store
        if store is None:
            from corpus import build_store

            store = str(folder / "kg.store")
            print(f"built {a.articles} articles into a store in {build_store(store, a.articles, jobs=a.jobs):.1f} s")
        png = folder / "x.png"
        kg = [sys.executable, "-m", "kg.cli"]
        best: dict[str, list[float]] = {name: [float("inf"), float("inf"), 0] for name in CASES}
        for _ in range(a.repeat):  # the cases interleaved, so that a busy moment falls on all of them
            for name, extra in CASES.items():
                args = ([sys.executable, "-c", "import kg.cli, kg.viz.draw"] if extra is None
                        else kg + ["draw", store, *extra, "-o", str(png)])
                wall, cpu, rss = run(args)
                found = best[name]
                found[0], found[1], found[2] = min(found[0], wall), min(found[1], cpu), max(found[2], rss)
                if extra is not None:
                    found.append(os.path.getsize(png))
        print(f"{'what':<40} {'wall s':>7} {'cpu s':>7}  peak RSS   PNG")
        for name, (wall, cpu, rss, *size) in best.items():
            png_size = f"{size[-1] / 1e6:.1f} MB" if size else ""
            print(f"{name:<40} {wall:7.2f} {cpu:7.2f}  {rss / 1024:5.0f} MB  {png_size}")
        start = best["start-up (import kg.cli, kg.viz.draw)"][1]
        print(f"(least of {a.repeat} runs each; kg draw's own CPU time is its figure less the start-up's {start:.2f} s)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
