"""The build benchmark runs end to end on a tiny corpus (its figures are for the README; here
only that it still measures what kg build does, and prints the ratios)."""
from __future__ import annotations

import re
import sys

import pytest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import build_vs_parse  # noqa: E402


@pytest.mark.slow
def test_build_vs_parse_prints_both_ratios(capsys):
    assert build_vs_parse.main(["--articles", "3", "--repeat", "2", "--slice", "2"]) == 0
    out = capsys.readouterr().out
    assert "3 articles" in out and out.count("pass ") == 2
    for line in ("ratio build/parse, in memory: best times", "ratio build/parse, into a store: best times"):
        ratios = next(row for row in out.splitlines() if row.startswith(line))
        figures = [float(x) for x in re.findall(r"(\d+\.\d+)x", ratios)]
        assert len(figures) == 4, ratios   # of the best times, the median, and each pass's
        # a build parses and then extracts: it takes at least about the bare parse's time, and
        # on three articles no more than a few times it (a ratio off by a unit error is not)
        assert all(0.7 < r < 6 for r in figures), ratios


@pytest.mark.slow
def test_jobs_prints_the_speed_up_in_memory_and_into_a_store(capsys):
    import jobs
    assert jobs.main(["--articles", "4", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "in memory: 1 job" in out and "into a store: 1 job" in out and "bare parse: 1 job" in out
    assert out.count("speed-up") == 3


@pytest.mark.slow
def test_view_store_opens_a_store_page_and_answers(capsys):
    import view_store
    assert view_store.main(["--articles", "6", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "responsive, no console error" in out
    assert "arrow clicked, sentences shown" in out


@pytest.mark.slow
def test_startup_prints_what_kg_adds_to_spacys_start(capsys):
    import startup
    assert startup.main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    added = re.search(r"kg adds ([+-]\d+\.\d+) s to start", out)
    assert added and "spaCy import + load + parse: median" in out
    assert -1 < float(added.group(1)) < 5


@pytest.mark.slow
def test_build_to_file_prints_the_ratio_and_the_turtle_share(capsys):
    import build_to_file
    assert build_to_file.main(["--articles", "3", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    ratio = re.search(r"ratio build -o x\.ttl / bare parse: best times (\d+\.\d+)x", out)
    assert ratio and 0.7 < float(ratio.group(1)) < 6, out
    assert "rdflib's Turtle serializer on the same" in out


@pytest.mark.slow
def test_corpus_scale_grows_a_store_and_times_every_bundled_query(capsys):
    import corpus_scale
    from kg.query.sparql import bundled_queries
    assert corpus_scale.main(["--sizes", "3,6", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^6 articles: added 3 in \d+ s \(\d+ ms an article\), peak RSS \d+ MB$", out, re.M), out
    assert all(out.count(f"  {q.name} ") == 2 for q in bundled_queries()), out
    assert "slowest bundled query at each size: 3: " in out


@pytest.mark.slow
def test_merge_planning_prints_the_time_an_article_at_each_size(capsys):
    import merge_planning
    assert merge_planning.main(["--sizes", "50,150", "--repeat", "1"]) == 0
    rows = [r.split() for r in capsys.readouterr().out.splitlines()[1:]]
    assert [r[0] for r in rows] == ["50", "150"] and rows[0][3] == "1.00x"
    assert all(int(r[4]) > 0 for r in rows)  # it planned: short names were merged or kept apart


@pytest.mark.slow
def test_draw_store_times_kg_draw_of_a_store_beside_its_start_up(capsys):
    import draw_store
    assert draw_store.main(["--articles", "4", "--jobs", "1", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    for case in ("start-up (import kg.cli, kg.viz.draw)", "kg draw STORE --top 30", "kg draw STORE --top 30 --evidence",
                 "kg draw STORE (no --top)"):
        assert re.search(rf"^{re.escape(case)} +\d+\.\d\d +\d+\.\d\d +\d+ MB", out, re.M), out
    assert re.search(r"kg draw STORE \(no --top\) .* \d+\.\d MB$", out, re.M), out  # a PNG was written
