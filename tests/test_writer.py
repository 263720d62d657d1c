"""Serialising deterministically, parsing back, and writing atomically."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from rdflib import BNode, Dataset, Graph, Literal, Namespace, URIRef
from rdflib.collection import Collection
from rdflib.compare import isomorphic
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
import rdflib.namespace
from rdflib.namespace import RDF, RDFS

from kg.rdf import writer
from kg.errors import OutputError
from kg.rdf.vocab import DATA, KG
from kg.output import write_output
from kg.rdf.writer import FORMATS, format_for, serialize

SCHEMA = Namespace("https://schema.org/")
ROOT = Path(__file__).resolve().parents[1]


def statements() -> list[tuple]:
    """Triples with a graph name each: URIs, literals of several kinds, unbound namespaces."""
    found = []
    for i in range(12):
        person = DATA[f"person/p{i}"]
        doc = DATA[f"document/d{i % 3}"]
        found += [
            (person, RDF.type, KG.Person, doc),
            (person, RDFS.label, Literal(f"Person {i}"), doc),
            (person, RDFS.label, Literal(f"Personne {i}", lang="fr"), doc),
            (person, KG.confidence, Literal(i / 10, datatype=rdflib.namespace.XSD.decimal), doc),
            (person, KG.beginIndex, Literal(i), doc),
            (person, KG.memberOf, DATA[f"organization/o{i % 4}"], doc),
            (person, URIRef(f"http://example.org/v{i % 5}#knows"), DATA[f"person/p{(i * 7) % 12}"], doc),
            (person, URIRef(f"http://example.org/w{i % 3}/rel"), Literal("x\ny \"quoted\" é 🎉"), doc),
        ]
    found.append((DATA["document/d0"], KG.text, Literal("same"), None))
    return found


def build(order: int, *, dataset: bool, bnodes: bool = False) -> Graph:
    quads = statements()
    random.Random(order).shuffle(quads)
    graph: Graph = Dataset() if dataset else Graph()
    graph.bind("kg", KG._NS)
    graph.bind("schema", SCHEMA)
    for s, p, o, g in quads:
        if dataset:
            graph.graph(g if g is not None else DATASET_DEFAULT_GRAPH_ID).add((s, p, o))
        else:
            graph.add((s, p, o))
    if bnodes:
        target = graph.graph(DATA["document/d1"]) if dataset else graph
        for label in (["b", "a"] if order % 2 else ["a", "b"]):
            node = BNode()
            target.add((DATA["person/p1"], KG.quote, node))
            target.add((node, RDFS.label, Literal(label)))
        head = BNode()
        Collection(target, head, [Literal(3), Literal(1), Literal(2)])
        target.add((DATA["person/p2"], RDFS.seeAlso, head))
    return graph


def parse_back(data: bytes, fmt: str) -> Graph:
    if fmt == "trig":
        return Dataset().parse(data=data, format="trig")
    return Graph().parse(data=data, format=FORMATS[fmt][0])


def union(graph: Graph) -> Graph:
    flat = Graph()
    if graph.context_aware:
        for s, p, o, _ in graph.quads():
            flat.add((s, p, o))
    else:
        flat += graph
    return flat


# --- format_for --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "explicit", "expected"),
    [
        ("out.ttl", None, "turtle"),
        ("out.nt", None, "nt"),
        ("out.jsonld", None, "jsonld"),
        ("out.json", None, "jsonld"),
        ("out.TRIG", None, "trig"),
        ("out.txt", None, "turtle"),
        ("out", None, "turtle"),
        (None, None, "turtle"),
        ("-", None, "turtle"),
        ("out.ttl", "nt", "nt"),
        (None, "ttl", "ttl"),
        ("out.nt", "JSONLD", "jsonld"),
    ],
)
def test_format_for(path, explicit, expected):
    assert format_for(path, explicit) == expected


def test_format_for_unknown_lists_choices():
    with pytest.raises(OutputError) as info:
        format_for("out.ttl", "rdfxml")
    message = str(info.value)
    assert "'rdfxml'" in message and all(name in message for name in FORMATS)


def test_every_format_has_a_suffix():
    for name, (rdf_format, suffix) in FORMATS.items():
        assert suffix.startswith(".") and format_for(f"x{suffix}", None) in FORMATS
        assert FORMATS[format_for(f"x{suffix}", None)][0] == rdf_format


def test_serialize_unknown_format():
    with pytest.raises(OutputError):
        serialize(Graph(), fmt="xml")


# --- serialize ---------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("bnodes", [False, True])
def test_same_content_same_bytes(fmt, bnodes):
    dataset = fmt == "trig"
    outputs = {serialize(build(order, dataset=dataset, bnodes=bnodes), fmt=fmt) for order in range(6)}
    assert len(outputs) == 1


@pytest.mark.parametrize("fmt", ["turtle", "nt", "jsonld"])
def test_dataset_is_flattened_the_same_as_a_graph(fmt):
    assert serialize(build(1, dataset=True), fmt=fmt) == serialize(build(2, dataset=False), fmt=fmt)


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("bnodes", [False, True])
def test_parses_back_isomorphic(fmt, bnodes):
    graph = build(3, dataset=fmt == "trig", bnodes=bnodes)
    again = parse_back(serialize(graph, fmt=fmt), fmt)
    assert isomorphic(union(graph), union(again))


def test_trig_keeps_named_graphs():
    dataset = build(0, dataset=True, bnodes=True)
    again = Dataset().parse(data=serialize(dataset, fmt="trig"), format="trig")

    def graphs(ds):
        return {str(g.identifier): g for g in ds.graphs() if len(g)}

    assert graphs(again).keys() == graphs(dataset).keys()
    for name, graph in graphs(dataset).items():
        assert isomorphic(graph, graphs(again)[name]), name


def test_trig_writes_default_graph_first_then_names_in_order():
    text = serialize(build(4, dataset=True), fmt="trig").decode("utf-8")
    starts = [text.index(marker) for marker in ("\n{", "document/d0> {", "document/d1> {", "document/d2> {")]
    assert starts == sorted(starts)


def test_trig_accepts_a_plain_graph():
    text = serialize(build(0, dataset=False), fmt="trig")
    assert isomorphic(union(parse_back(text, "trig")), build(1, dataset=False))


def test_nt_lines_are_sorted():
    lines = serialize(build(5, dataset=False), fmt="nt").decode("utf-8").splitlines()
    assert lines == sorted(lines) and len(lines) == len(build(0, dataset=False))


def test_jsonld_keeps_list_order():
    data = json.loads(serialize(build(0, dataset=False, bnodes=True), fmt="jsonld"))
    lists = [v for node in data for vs in node.values() if isinstance(vs, list) for v in vs if "@list" in v]
    assert [[item["@value"] for item in entry["@list"]] for entry in lists] == [[3, 1, 2]]


def test_generated_prefixes_in_source_are_not_copied():
    """rdflib's own serialiser leaves ``nsN`` bindings behind, numbered in hash order."""
    plain = serialize(build(0, dataset=False), fmt="turtle")
    graph = build(0, dataset=False)
    graph.bind("ns1", "http://example.org/w2/")
    graph.bind("ns2", "http://example.org/v4#")
    assert serialize(graph, fmt="turtle") == plain
    assert b"@prefix kg: <https://w3id.org/kg-news/ontology#> ." in plain


def test_serialize_does_not_touch_the_input():
    graph = build(0, dataset=False)
    before = sorted(graph.namespaces())
    serialize(graph, fmt="turtle")
    assert sorted(graph.namespaces()) == before


def test_empty_graph():
    for fmt in FORMATS:
        data = serialize(Dataset() if fmt == "trig" else Graph(), fmt=fmt)
        assert len(union(parse_back(data, fmt))) == 0


_SEED_SCRIPT = """
import hashlib, sys
sys.path.insert(0, {tests!r})
from test_writer import build
from kg.rdf.writer import FORMATS, serialize
for fmt in FORMATS:
    for bnodes in (False, True):
        data = serialize(build(int(sys.argv[1]), dataset=fmt == "trig", bnodes=bnodes), fmt=fmt)
        print(fmt, bnodes, hashlib.sha256(data).hexdigest())
"""


@pytest.mark.slow
def test_same_bytes_across_processes_and_hash_seeds():
    """rdflib's store iterates sets: the output must not depend on PYTHONHASHSEED."""
    script = _SEED_SCRIPT.format(tests=str(ROOT / "tests"))
    outputs = set()
    for seed, order in (("1", "0"), ("2", "1"), ("3", "2")):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", script, order], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_failed_serialisation_writes_nothing(tmp_path, monkeypatch):
    target = tmp_path / "out.ttl"

    def broken(*args, **kwargs):
        raise OSError(5, "Input/output error")

    import kg.rdf.writer

    monkeypatch.setattr(Graph, "serialize", broken)  # rdflib's writer (JSON-LD)
    monkeypatch.setattr(kg.rdf.writer.ox, "serialize", broken)  # Oxigraph's (Turtle, N-Triples)
    for fmt in ("turtle", "nt", "jsonld"):
        with pytest.raises(OSError):
            write_output(target, serialize(build(0, dataset=False), fmt=fmt))
    assert not target.exists() and os.listdir(tmp_path) == []
