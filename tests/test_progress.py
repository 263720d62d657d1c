"""The progress line: articles/s and words/s on a terminal, nothing elsewhere."""
from __future__ import annotations

from kg.cliprogress import Progress, progress


def test_progress_reports_articles_and_words_per_second(capsys):
    p = Progress(enabled=True)
    p._drawn = -1e9  # draw on the first advance
    p.advance(words=300)
    p.close()
    err = capsys.readouterr().err
    assert "articles 1" in err and "articles/s" in err and "words/s" in err and err.endswith("\n")


def test_no_progress_line_off_a_terminal(capsys):
    with progress(enabled=None) as p:  # pytest's stderr is no terminal
        p.advance(words=10)
    assert capsys.readouterr().err == ""
