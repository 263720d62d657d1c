"""A graph file that does not parse: one line, naming the file, the line and the column.

The files are kg's own output (the hand-built graph of tests/handbuilt_graph.py, written by
kg.rdf.writer in each format), cut short at chosen points and at every few bytes. No spaCy needed.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from rdflib import Dataset, Graph, URIRef
from typer.testing import CliRunner

from handbuilt_graph import riverton
from kg.cli import app
from kg.errors import GraphFileError
from kg.rdf.graphio import load_graph
from kg.rdf.writer import serialize

SYNTAX = re.compile(
    r"^(?P<name>\S+): (?P<format>Turtle|N-Triples|TriG|JSON) syntax error "
    r"at line (?P<line>\d+), column (?P<column>\d+): \S"
)
FORMAT_NAME = {"ttl": "Turtle", "nt": "N-Triples", "trig": "TriG", "jsonld": "JSON"}


def named_graphs(graph: Graph) -> Dataset:
    """The graph's triples in two named graphs, as kg build -o all.trig writes articles."""
    ds = Dataset()
    for i, triple in enumerate(sorted(graph)):
        ds.graph(URIRef(f"https://w3id.org/kg-news/id/graph/{i % 2:016x}")).add(triple)
    return ds


@pytest.fixture(scope="module")
def written() -> dict[str, bytes]:
    graph = riverton()
    return {
        "ttl": serialize(graph, fmt="turtle"),
        "nt": serialize(graph, fmt="nt"),
        "trig": serialize(named_graphs(graph), fmt="trig"),
        "jsonld": serialize(graph, fmt="jsonld"),
    }


def cli(*args: str):
    return CliRunner().invoke(app, list(args))


def cut_line(data: bytes, cut: int) -> int:
    """The line (1-based) on which a file cut after ``cut`` bytes ends."""
    return data[:cut].count(b"\n") + 1


def one_line_error(result) -> str:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("kg: error: ")
    return lines[0].removeprefix("kg: error: ")


def inside(data: bytes, token: bytes, into: int) -> int:
    """An offset ``into`` bytes into the first ``token`` after the prefix lines."""
    return data.index(token, data.index(b"\n\n")) + into


CUTS = {
    # (format, what is cut): where
    ("ttl", "an IRI"): lambda d: inside(d, b"<https://w3id.org/kg-news/id/person/", 20),
    ("ttl", "a string literal"): lambda d: inside(d, b'rdfs:label "', 14),
    ("ttl", "a prefix line"): lambda d: d.index(b"@prefix rdf:") + 9,
    ("ttl", "a property list"): lambda d: inside(d, b" ;\n", 3),
    ("nt", "an IRI"): lambda d: inside(d, b"<https://w3id.org/kg-news/id/", 12) if b"\n\n" in d else d.index(b"<https://w3id.org/kg-news/id/", 500) + 12,
    ("nt", "a string literal"): lambda d: d.index(b'"', 200) + 4,
    ("trig", "an IRI"): lambda d: inside(d, b"<https://w3id.org/kg-news/id/person/", 20),
    ("trig", "a string literal"): lambda d: inside(d, b'rdfs:label "', 14),
    ("trig", "a named graph"): lambda d: d.index(b"} ", 0) if b"} " in d else d.index(b"{") + 3,
    ("jsonld", "a string"): lambda d: d.index(b'"@id"', 200) + 3,
    ("jsonld", "an object"): lambda d: d.index(b"},", 300) + 1,
}


@pytest.mark.parametrize("ext, what", sorted(CUTS))
def test_a_file_cut_short_is_one_line_naming_the_file_line_and_column(tmp_path, written, ext, what):
    data = written[ext]
    cut = CUTS[(ext, what)](data)
    path = tmp_path / f"cut.{ext}"
    path.write_bytes(data[:cut])
    message = one_line_error(cli("query", str(path), "SELECT * WHERE { ?s ?p ?o }"))
    found = SYNTAX.match(message)
    assert found, message
    assert found["name"] == path.as_posix()
    assert found["format"] == FORMAT_NAME[ext]
    assert int(found["line"]) == cut_line(data, cut)
    assert "cut short" in message


@pytest.mark.parametrize("command", ["draw", "export"])
def test_draw_and_export_give_the_same_one_line_error(tmp_path, written, command):
    data = written["ttl"]
    cut = CUTS[("ttl", "a string literal")](data)
    path = tmp_path / "cut.ttl"
    path.write_bytes(data[:cut])
    out = tmp_path / ("out.svg" if command == "draw" else "out.graphml")
    message = one_line_error(cli(command, str(path), "-o", str(out)))
    assert SYNTAX.match(message) and f"line {cut_line(data, cut)}," in message
    assert not out.exists()


def test_a_file_cut_after_its_prefix_lines_holds_no_statements(tmp_path, written):
    data = written["ttl"]
    path = tmp_path / "prefixes.ttl"
    path.write_bytes(data[: data.index(b"\n\n") + 1])  # every @prefix line, nothing else
    message = one_line_error(cli("query", str(path), "SELECT * WHERE { ?s ?p ?o }"))
    assert message == f"{path.as_posix()} holds no RDF statements; is it a graph kg wrote?"


@pytest.mark.parametrize("ext", ["ttl", "nt", "trig", "jsonld"])
def test_every_cut_reads_or_says_where(tmp_path, written, ext):
    """Cut every few bytes: the file reads (it ends between statements), or holds only prefix
    lines, or the error names the file and the very line where it ends; never anything else."""
    data = written[ext]
    path = tmp_path / f"cut.{ext}"
    outcomes = set()
    for cut in range(1, len(data), max(7, len(data) // 500)):  # about 500 cuts a format
        path.write_bytes(data[:cut])
        try:
            load_graph([path])
            outcomes.add("read")
        except GraphFileError as exc:
            message = str(exc)
            assert "\n" not in message
            if message.endswith("holds no RDF statements; is it a graph kg wrote?"):
                outcomes.add("empty")
                continue
            found = SYNTAX.match(message)
            assert found, (cut, message)
            assert found["name"] == path.as_posix(), message
            assert int(found["line"]) == cut_line(data, cut), (cut, message)
            outcomes.add("syntax")
    assert "syntax" in outcomes


def test_a_malformed_statement_gives_its_line_and_column(tmp_path, written):
    text = written["ttl"].decode()
    lines = text.splitlines(keepends=True)
    row = next(i for i, line in enumerate(lines) if "rdfs:label" in line)
    column = lines[row].index("rdfs:label") + 1
    lines[row] = lines[row].replace("rdfs:label", "rdfs:label ?? ", 1)
    path = tmp_path / "bad.ttl"
    path.write_text("".join(lines))
    with pytest.raises(GraphFileError) as caught:
        load_graph([path])
    found = SYNTAX.match(str(caught.value))
    assert found, str(caught.value)
    assert int(found["line"]) == row + 1
    assert int(found["column"]) == column + len("rdfs:label ")


def test_turtle_on_standard_input_names_stdin(written):
    data = written["ttl"]
    cut = CUTS[("ttl", "an IRI")](data)
    result = CliRunner().invoke(app, ["query", "-", "ASK { ?s ?p ?o }"], input=data[:cut])
    message = one_line_error(result)
    assert message.startswith(f"stdin: Turtle syntax error at line {cut_line(data, cut)}, column ")


def test_a_file_read_whole_is_the_same_graph_as_rdflib_reads(tmp_path, written):
    """pyoxigraph reads kg's files into the same triples rdflib's own parsers make."""
    for ext, fmt in (("ttl", "turtle"), ("nt", "nt")):
        path = tmp_path / f"whole.{ext}"
        path.write_bytes(written[ext])
        assert set(load_graph([path]).graph) == set(Graph().parse(data=written[ext].decode(), format=fmt))
    path = tmp_path / "whole.trig"
    path.write_bytes(written["trig"])
    assert set(load_graph([path]).graph) == set(riverton())
