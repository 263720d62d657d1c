"""The build benchmark runs end to end on a tiny corpus (its figures are for the README; here
only that it still measures what kg build does, and prints the ratios)."""
from __future__ import annotations

import contextlib
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
        assert ratios.count("x") == 4   # of the best times, the median, and each pass's


def test_the_bare_parse_of_each_slice_runs_before_the_build_reads_it():
    parsed: list[list[str]] = []

    class Recording:
        def select_pipes(self, disable):
            assert disable == ["kg_relations"]   # the bare parse leaves kg's component out
            return contextlib.nullcontext()

        def pipe(self, texts, batch_size):
            parsed.append(list(texts))
            return iter(())

    sources = [type("S", (), {"text": f"text {i}"})() for i in range(5)]
    shadow = build_vs_parse.ShadowParse(sources, Recording(), 2)
    read = []
    for source in shadow:
        read.append(source.text)
        assert source.text in parsed[-1]   # its slice was parsed just before
    assert read == [s.text for s in sources]
    assert parsed == [["text 0", "text 1"], ["text 2", "text 3"], ["text 4"]]
    assert shadow.parse_seconds > 0


def test_a_build_is_timed_slice_by_slice_between_the_bare_parses():
    shadow = build_vs_parse.ShadowParse([], None, 2)
    shadow.parses = [(1.0, 3.0), (4.0, 7.0), (7.5, 8.0)]
    # 0.5 s before the first parse goes to the first slice; all after the last, to the last
    assert shadow.build_seconds(0.5, 10.0) == [0.5 + 1.0, 0.5, 2.0]
    assert shadow.parse_seconds == 5.5


@pytest.mark.slow
def test_jobs_prints_the_speed_up_in_memory_and_into_a_store(capsys):
    import jobs
    assert jobs.main(["--articles", "4", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "in memory: 1 job" in out and "into a store: 1 job" in out and "bare parse: 1 job" in out
    assert out.count("speed-up") == 3
