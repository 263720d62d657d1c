"""kg export: GraphML, GEXF and node-link JSON that graph tools (here networkx) load back."""
from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest

from handbuilt_graph import REPLACEMENT, STATEMENT, graph_file, iri, riverton  # noqa: F401 - a fixture
from kgtest import cli
from kg.viz.export import export_graph
from kg.rdf.vocab import KG

# riverton(): 12 entities and 12 facts, one of them (Nora Voss resigned) with no object; and an
# n-ary replacement event with its three roles (agent, patient, a position named only there).
NODES, EDGES = 12 + 2, 11 + 3

READ = {
    "graphml": nx.read_graphml,
    "gexf": nx.read_gexf,
    "json": lambda path: nx.node_link_graph(json.loads(Path(path).read_text()), edges="edges"),
}


@pytest.mark.parametrize("fmt", sorted(READ))
def test_an_export_loads_back_with_the_same_nodes_and_edges(graph_file, tmp_path, fmt):
    out = tmp_path / f"riverton.{fmt}"
    result = cli("export", str(graph_file), "--to", fmt, "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert f"({NODES} nodes, {EDGES} edges)" in result.stderr
    net = READ[fmt](out)
    assert (net.number_of_nodes(), net.number_of_edges()) == (NODES, EDGES)
    assert net.is_directed() and net.is_multigraph()
    ruiz, hale = str(iri("ruiz")), str(iri("hale"))
    assert net.nodes[ruiz]["type"] == "Person"
    assert net.nodes[ruiz]["label"] == "Ana Ruiz"
    assert net.nodes[str(iri("meeting"))]["type"] == "Event"
    assert net.nodes[str(iri("voss"))]["unstated"] == "resigned from"
    edges = [a for s, _, a in net.edges(data=True) if s == ruiz]
    replaced = [a for s, o, a in net.edges(data=True) if (s, o) == (ruiz, hale)]
    assert [a["predicate"] for a in replaced] == [str(KG.replaced)]
    assert replaced[0]["label"] == "replaced"
    assert {a["label"] for a in edges} == {"replaced", "holds position", "leader of"}
    event = str(REPLACEMENT)
    assert net.nodes[event]["type"] == "Event"
    assert sorted(a["label"] for s, _, a in net.edges(data=True) if s == event) == ["agent", "patient", "position"]
    assert str(STATEMENT) not in net  # a quote is not an entity


def test_two_facts_between_the_same_two_entities_are_two_edges():
    net = nx.node_link_graph(json.loads(export_graph(riverton(), fmt="json").data), edges="edges")
    hale, councilman = str(iri("hale")), str(iri("councilman"))
    labels = sorted(a["label"] for s, o, a in net.edges(data=True) if (s, o) == (hale, councilman))
    assert labels == ["holds position", "refused to resign from"]


@pytest.mark.parametrize("fmt", sorted(READ))
def test_an_export_is_the_same_bytes_every_time(fmt):
    assert export_graph(riverton(), fmt=fmt).data == export_graph(riverton(), fmt=fmt).data


def test_the_format_follows_the_output_suffix(graph_file, tmp_path):
    out = tmp_path / "riverton.gexf"
    assert cli("export", str(graph_file), "-o", str(out)).exit_code == 0
    assert nx.read_gexf(out).number_of_nodes() == NODES


def test_without_an_output_the_export_goes_to_standard_output(graph_file):
    result = cli("export", str(graph_file), "--to", "json")
    assert result.exit_code == 0
    assert len(json.loads(result.stdout)["nodes"]) == NODES


@pytest.mark.parametrize("args, message", [
    (["--to", "dot"], "unknown export format 'dot'"),
    (["-o", "out.xyz"], "cannot tell the export format"),
])
def test_an_unknown_format_is_a_one_line_error(graph_file, tmp_path, args, message):
    result = cli("export", str(graph_file), *[a.replace("out.xyz", str(tmp_path / "out.xyz")) for a in args])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert not (tmp_path / "out.xyz").exists()
