"""The sample article's whole graph, held to a golden file: ``tests/golden/sample_article.ttl``.

The build of ``examples/sample_article.txt`` must be isomorphic to the golden graph; on a
difference the test prints the triples only the golden file has and those only the build has.

When extraction changes on purpose, regenerate the golden file and review its diff::

    KG_UPDATE_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_golden.py

(the same as ``.venv/bin/kg build examples/sample_article.txt -o tests/golden/sample_article.ttl``
run from the repository's root).
"""
from __future__ import annotations

import os
from pathlib import Path

from rdflib import Graph
from rdflib.compare import graph_diff, to_isomorphic

from test_cli import ROOT, run, runner  # noqa: F401  (runner is a fixture)

GOLDEN = ROOT / "tests" / "golden" / "sample_article.ttl"
UPDATE = os.environ.get("KG_UPDATE_GOLDEN") == "1"
SHOWN = 40  # triples shown of each side of a difference


def _lines(g: Graph) -> list[str]:
    return sorted(f"{s.n3()} {p.n3()} {o.n3()} ." for s, p, o in g)


def test_the_sample_article_builds_the_golden_graph(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # the document's kg:fileName is the path as given
    out = tmp_path / "sample_article.ttl"
    result = run(runner, "build", "examples/sample_article.txt", "-o", str(out))
    assert result.exit_code == 0, result.output
    if UPDATE:
        GOLDEN.write_bytes(out.read_bytes())
    assert GOLDEN.is_file(), f"no {GOLDEN.relative_to(ROOT)}: run KG_UPDATE_GOLDEN=1 pytest tests/test_golden.py"
    built, golden = to_isomorphic(Graph().parse(out)), to_isomorphic(Graph().parse(GOLDEN))
    if built == golden:
        return
    _, only_golden, only_built = graph_diff(golden, built)
    report = [f"the sample's build differs from {GOLDEN.relative_to(ROOT)} "
              f"({len(only_golden)} triples only in the golden file, {len(only_built)} only in the build);",
              "if the change is intended: KG_UPDATE_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_golden.py"]
    for title, side in (("only in the golden file:", only_golden), ("only in the build:", only_built)):
        lines = _lines(side)
        report += [title] + [f"  {line}" for line in lines[:SHOWN]]
        if len(lines) > SHOWN:
            report.append(f"  ... and {len(lines) - SHOWN} more")
    raise AssertionError("\n".join(report))
