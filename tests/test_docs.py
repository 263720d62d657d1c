"""The documentation is tested, in the manner of sqlite-utils: every command and option has help
text and a mention in the docs, the README's tour and Python blocks run, and the graph excerpt and
picture the docs show are what kg makes of the sample article today."""
from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
import typer.main
from rdflib import Graph

from kg.cli import app
from test_cli import ROOT, SAMPLE, run, runner  # noqa: F401  (runner is a fixture)

README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = README + "".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md")))
COMMAND = typer.main.get_command(app)


def blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def commands() -> list:
    return sorted(COMMAND.commands.items())  # type: ignore[attr-defined]


def test_the_readme_is_short():
    assert README.count("\n") < 200


@pytest.mark.parametrize("name", [n for n, _ in commands()])
def test_every_command_has_help_with_an_example_and_is_in_the_docs(name):
    command = dict(commands())[name]
    assert command.help and "Example" in command.help, f"kg {name} has no help with an example"
    assert f"kg {name}" in DOCS
    for param in command.params:
        if param.param_type_name == "option" and param.name != "help":
            assert param.help, f"kg {name} {param.opts[0]} has no help"
            assert any(opt in DOCS for opt in param.opts), f"kg {name} {param.opts} is in no doc"


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    (tmp_path / "examples").mkdir()
    shutil.copy(SAMPLE, tmp_path / "examples" / SAMPLE.name)
    (tmp_path / "output").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_tour_runs(runner, workdir):
    tour = next(b for b in blocks(README, "sh") if b.lstrip().startswith("kg build"))
    lines = [line.split("  #")[0].strip() for line in tour.splitlines() if line.strip()]
    assert len(lines) >= 8
    for line in lines:
        args = shlex.split(line)
        assert args[0] == "kg"
        result = run(runner, *args[1:])
        assert result.exit_code == 0, f"{line}: {result.output}"


def test_the_readme_python_blocks_run(runner, workdir, capsys):
    from kg.serve.server import start

    # the SPARQL client's block asks a kg serve of the sample on the README's address
    assert run(runner, "build", "examples/sample_article.txt", "--store", "output/readme.store").exit_code == 0
    with start(["output/readme.store"], bind="127.0.0.1:7878"):
        for code in blocks(README, "python"):
            exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "replaced" in out
    assert re.search(r"^[1-9]\d* people holding posts$", out, re.M), out


def test_the_graph_excerpt_is_part_of_the_samples_build(runner, workdir):
    assert run(runner, "build", "examples/sample_article.txt", "-o", "output/sample_article.ttl").exit_code == 0
    built = Graph().parse("output/sample_article.ttl")
    page = (ROOT / "docs" / "graph-model.md").read_text(encoding="utf-8")
    excerpt = next(b for b in blocks(page, "turtle") if "kg:Assertion" in b)
    prefixes = "".join(f"@prefix {p}: <{ns}> .\n" for p, ns in built.namespaces())
    shown = Graph().parse(data=prefixes + excerpt, format="turtle")
    assert len(shown) > 10
    missing = [t for t in shown if t not in built]
    assert missing == [], f"the excerpt states what the build does not: {missing[:3]}"


def test_the_picture_is_the_samples_diagram_today(runner, workdir):
    assert run(runner, "build", "examples/sample_article.txt", "-o", "output/sample_article.ttl").exit_code == 0
    caption = re.search(r"\*`(kg draw [^`]+)`\*", README).group(1)
    args = shlex.split(caption.replace("docs/sample_article.png", "output/drawn.png"))
    assert run(runner, *args[1:]).exit_code == 0
    assert Path("output/drawn.png").read_bytes() == (ROOT / "docs" / "sample_article.png").read_bytes(), \
        f"docs/sample_article.png is not what `{caption}` draws today: run it again"
