"""kg view at corpus size: the page of a store of generated articles opens and answers at once.

    .venv/bin/python benchmarks/view_store.py [--articles 420] [--jobs 2] [--screenshot PNG]

Builds the generated corpus (``benchmarks/corpus.py``) into a new store, writes its page with
``kg view``, opens it in headless Chromium (``tests/browser.py``) and times what a reader does:
the page drawn, a search typed (the person with the most facts) and its matches listed, a match chosen (the entity and its
neighbours drawn, its facts listed), a click on one of its arrows (the sentences shown), the
overview drawn again. Prints each time, the page's size and the console errors (there should be
none); exits 1 on an error or a step that did not show what it should. One run each: the times
say "at once" or not, they are not a benchmark to compare runs by.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from browser import open_page  # noqa: E402
from corpus import build_store  # noqa: E402

from kg.rdf.graphio import load_graph  # noqa: E402
from kg.view.page import view_page  # noqa: E402


def timed(step, what: str, report: list) -> object:
    t = time.perf_counter()
    value = step()
    report.append((what, time.perf_counter() - t))
    return value


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=420)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--screenshot", metavar="PNG", help="also save the page as it is after the click on an arrow")
    a = ap.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="kg-view-store-"))
    try:
        store = folder / "kg.store"
        seconds = build_store(store, a.articles, jobs=a.jobs)
        print(f"built {a.articles} articles into a store in {seconds:.1f} s")
        t = time.perf_counter()
        page, data = view_page(load_graph([str(store)]).graph)
        html = folder / "kg.html"
        html.write_bytes(page)
        print(f"kg view: {len(data.nodes)} entities, {len(data.facts)} facts, {len(data.sentences)} sentences; "
              f"{len(page) / 1e6:.1f} MB page in {time.perf_counter() - t:.2f} s")
        # the reader looks up the person the most facts are about
        NAME = max((n for n in data.nodes if n["type"] == "Person"), key=lambda n: (n["degree"], n["label"]))["label"]
        report: list[tuple[str, float]] = []
        problems: list[str] = []
        t = time.perf_counter()
        with open_page(html) as opened:
            report.append(("browser started, page drawn", time.perf_counter() - t))
            p = opened.page
            shown = p.evaluate("() => window.kgView.cy.nodes().length")
            timed(lambda: p.fill("#search", NAME.lower()), f"search typed ({NAME}), matches listed", report)
            if p.locator("#search-results li").first.inner_text().splitlines()[0] != NAME:
                problems.append(f"the search did not list {NAME} first")
            timed(lambda: p.keyboard.press("Enter"), "match chosen, neighbours drawn", report)
            if not p.inner_text("#details").startswith(NAME):
                problems.append(f"choosing {NAME} did not list their facts")
            box = p.locator("#cy").bounding_box()
            x, y = p.evaluate("() => { var m = window.kgView.cy.edges()[0].renderedMidpoint(); return [m.x, m.y]; }")
            timed(lambda: p.mouse.click(box["x"] + x, box["y"] + y), "arrow clicked, sentences shown", report)
            if p.locator("#details blockquote.evidence").count() == 0:
                problems.append("a click on an arrow showed no sentence")
            if a.screenshot:
                p.screenshot(path=a.screenshot)
            timed(lambda: p.click("#overview"), "overview drawn again", report)
            problems += [f"console: {e}" for e in opened.errors]
        print(f"overview: {shown} entities drawn of {len(data.nodes)}")
        for what, seconds in report:
            print(f"  {what:<50} {seconds:6.2f} s")
        for problem in problems:
            print(f"PROBLEM: {problem}")
        print("responsive, no console error" if not problems else f"{len(problems)} problem(s)")
        return 1 if problems else 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
