"""The build benchmark runs end to end on a tiny corpus (its figures are for the README; here
only that it still measures what kg build does, and prints the ratios)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import build_vs_parse  # noqa: E402


def test_build_vs_parse_prints_both_ratios(capsys):
    assert build_vs_parse.main(["--articles", "3", "--repeat", "2"]) == 0
    out = capsys.readouterr().out
    assert "3 articles" in out
    for line in ("ratio build/parse, best to best:", "ratio build/parse, median of run pairs:"):
        ratios = next(row for row in out.splitlines() if row.startswith(line))
        assert "x in memory" in ratios and "x into a store" in ratios


def test_jobs_prints_the_speed_up_in_memory_and_into_a_store(capsys):
    import jobs
    assert jobs.main(["--articles", "4", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "in memory: 1 job" in out and "into a store: 1 job" in out and out.count("speed-up") == 2
