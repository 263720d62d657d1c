"""The ``kg`` command line, through typer's test runner (and, for determinism, real processes).

The real spaCy pipeline is used. Loading it takes about a second, so the module caches
:func:`kg.extract.pipeline.load_pipeline` by name (a failing load is not cached, so the missing-model
test still goes through the real loader) and the builds that several tests read are
module-scoped fixtures.
"""
from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rdflib import Dataset, Graph, Literal
from rdflib.compare import isomorphic
from typer.testing import CliRunner

import kg.extract.pipeline
from kg.cli import app
from kg.rdf.vocab import KG

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "examples" / "sample_article.txt"

ARTICLE_A = (
    "RIVERTON >> Harbour master Tom Hale will retire in June after 30 years at the port, "
    "the city said on Tuesday.\n\n"
    "Port Authority chairwoman Ana Ruiz praised Hale's work on the new quay and said the "
    "board would name a successor on Thursday.\n"
)
ARTICLE_B = (
    "Maria Lopez, a reporter for the Harbor Gazette, attended the 2022 budget meeting.\n\n"
    "Lopez said the meeting ran late.\n"
)


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str, input: str | bytes | None = None):
    return runner.invoke(app, list(args), input=input)


def stderr_lines(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.strip()]


def assert_one_line_error(result, *, contains: str | None = None) -> str:
    """Non-zero exit, exactly one line on stderr, "kg: error: ...", no traceback."""
    assert result.exit_code != 0, result.output
    assert result.exit_code == 1
    lines = stderr_lines(result)
    assert len(lines) == 1, f"expected one line on stderr, got: {result.stderr!r}"
    assert lines[0].startswith("kg: error: "), lines[0]
    assert "Traceback" not in result.output
    # typer turns an unhandled exception into a non-Exit exception on the result
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if contains is not None:
        assert contains in lines[0], lines[0]
    return lines[0]


def no_leftovers(folder: Path) -> list[str]:
    """Temporary files that an interrupted atomic write would leave behind."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def parse(path_or_data, fmt: str) -> Graph:
    """A union Graph of what was written, whatever the format."""
    if fmt == "trig":
        ds = Dataset()
        if isinstance(path_or_data, Path):
            ds.parse(path_or_data, format="trig")
        else:
            ds.parse(data=path_or_data, format="trig")
        g = Graph()
        for s, p, o, _ in ds.quads((None, None, None, None)):
            g.add((s, p, o))
        return g
    rdf = {"turtle": "turtle", "nt": "nt", "jsonld": "json-ld"}[fmt]
    g = Graph()
    if isinstance(path_or_data, Path):
        g.parse(path_or_data, format=rdf)
    else:
        g.parse(data=path_or_data, format=rdf)
    return g


# --- shared builds ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def articles(tmp_path_factory) -> Path:
    """A folder with two good articles."""
    folder = tmp_path_factory.mktemp("articles")
    (folder / "a.txt").write_text(ARTICLE_A, encoding="utf-8")
    (folder / "b.txt").write_text(ARTICLE_B, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def builds(runner, articles, tmp_path_factory) -> dict[str, Path]:
    """The folder of two articles built once in every format."""
    out = tmp_path_factory.mktemp("out")
    written = {}
    for fmt in ("turtle", "nt", "jsonld", "trig"):
        target = out / f"articles.{fmt}"
        result = run(runner, "build", str(articles), "-o", str(target), "--format", fmt)
        assert result.exit_code == 0, result.output
        written[fmt] = target
    return written


@pytest.fixture(scope="module")
def sample_turtle(runner, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sample") / "output" / "sample_article.ttl"
    result = run(runner, "build", str(SAMPLE), "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


# --- building -----------------------------------------------------------------------------


def test_build_file_to_turtle(sample_turtle, runner):
    assert sample_turtle.is_file()
    g = parse(sample_turtle, "turtle")
    assert len(g) > 50
    docs = list(g.subjects(predicate=KG.fileName))
    assert len(docs) == 1
    assert (docs[0], KG.sha256, None) in g
    assert no_leftovers(sample_turtle.parent) == []


def test_build_reports_what_it_wrote(runner, tmp_path):
    (tmp_path / "a.txt").write_text(ARTICLE_A, encoding="utf-8")
    out = tmp_path / "nested" / "folder" / "a.ttl"  # parent folders are created
    result = run(runner, "build", str(tmp_path / "a.txt"), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert stderr_lines(result) == [f"kg: wrote {out} (1 article)"]
    assert out.is_file()


def test_output_file_gets_ordinary_permissions(runner, tmp_path):
    """The graph is a file like any other: mode 0666 less the umask, not the 0600 of a temp file."""
    (tmp_path / "a.txt").write_text(ARTICLE_A, encoding="utf-8")
    out = tmp_path / "a.ttl"
    umask = os.umask(0)
    os.umask(umask)
    result = run(runner, "build", str(tmp_path / "a.txt"), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert oct(out.stat().st_mode & 0o777) == oct(0o666 & ~umask)


def test_build_to_stdout_when_no_output(runner, tmp_path):
    (tmp_path / "a.txt").write_text(ARTICLE_A, encoding="utf-8")
    result = run(runner, "build", str(tmp_path / "a.txt"))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("@prefix")
    g = parse(result.stdout, "turtle")
    assert (None, KG.fileName, None) in g


@pytest.mark.parametrize("fmt", ["turtle", "nt", "jsonld", "trig"])
def test_every_format_parses_back_to_the_same_graph(builds, fmt):
    g = parse(builds[fmt], fmt)
    assert len(g) > 20
    assert isomorphic(g, parse(builds["turtle"], "turtle"))


def test_trig_has_one_named_graph_per_document(builds):
    ds = Dataset()
    ds.parse(builds["trig"], format="trig")
    named = [c for c in ds.graphs() if len(c) and c.identifier != ds.default_graph.identifier]
    assert len(named) == 2
    names = set()
    for graph in named:
        docs = list(graph.subjects(predicate=KG.fileName))
        assert len(docs) == 1, f"graph {graph.identifier} holds {len(docs)} documents"
        names.add(str(graph.value(docs[0], KG.fileName)).rsplit("/", 1)[-1])
    assert names == {"a.txt", "b.txt"}


def test_folder_builds_every_txt(builds):
    g = parse(builds["turtle"], "turtle")
    names = {str(o).rsplit("/", 1)[-1] for o in g.objects(predicate=KG.fileName)}
    assert names == {"a.txt", "b.txt"}


@pytest.mark.parametrize("suffix, fmt", [(".nt", "nt"), (".jsonld", "jsonld"), (".trig", "trig"), (".ttl", "turtle")])
def test_format_from_output_suffix(runner, articles, tmp_path, suffix, fmt):
    out = tmp_path / f"graph{suffix}"
    result = run(runner, "build", str(articles / "a.txt"), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert len(parse(out, fmt)) > 10


def test_stdin(runner, tmp_path):
    out = tmp_path / "stdin.ttl"
    result = run(runner, "build", "-", "-o", str(out), input=ARTICLE_A.encode("utf-8"))
    assert result.exit_code == 0, result.output
    g = parse(out, "turtle")
    assert Literal("stdin") in set(g.objects(predicate=KG.fileName))
    assert (None, None, Literal("Tom Hale")) in g


def test_stdin_empty_is_an_error(runner, tmp_path):
    out = tmp_path / "stdin.ttl"
    result = run(runner, "build", "-", "-o", str(out), input=b"")
    assert_one_line_error(result, contains="empty")
    assert not out.exists()


# --- determinism --------------------------------------------------------------------------


def test_same_input_twice_gives_identical_bytes(runner, tmp_path, sample_turtle):
    out = tmp_path / "again.ttl"
    result = run(runner, "build", str(SAMPLE), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == sample_turtle.read_bytes()


@pytest.mark.parametrize("fmt", ["nt", "jsonld", "trig"])
def test_other_formats_are_deterministic_too(runner, articles, builds, tmp_path, fmt):
    out = tmp_path / f"again.{fmt}"
    result = run(runner, "build", str(articles), "-o", str(out), "--format", fmt)
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == builds[fmt].read_bytes()


def kg_command() -> list[str]:
    script = Path(sys.executable).parent / "kg"
    return [str(script)] if script.exists() else [sys.executable, "-m", "kg.cli"]


@pytest.mark.slow
def test_separate_processes_with_different_hash_seeds_agree(tmp_path):
    (tmp_path / "article.txt").write_bytes(SAMPLE.read_bytes())
    outputs = []
    for seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = f"out-{seed}.ttl"
        proc = subprocess.run(
            kg_command() + ["build", "article.txt", "-o", out],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
        )
        assert proc.returncode == 0, proc.stderr
        outputs.append((tmp_path / out).read_bytes())
    assert outputs[0] == outputs[1]
    assert len(outputs[0]) > 1000


# --- the README's commands ----------------------------------------------------------------


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    test_command = ("sh tests/install-chromium.sh && "
                    "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/pytest -q")
    run_command = ("python3 -m venv .venv && .venv/bin/pip install -e . && "
                   ".venv/bin/kg build examples/sample_article.txt -o output/sample_article.ttl")
    assert f"\n{test_command}\n" in readme
    assert f"\n{run_command}\n" in readme
    assert f"\n{test_command}\n" in ci
    assert os.access(ROOT / ".ci" / "run", os.X_OK)
