"""kg query: bundled queries on a hand-built graph, parameters as values, read-only, clear errors.

The graph is built triple by triple (tests/handbuilt_graph.py), shaped like kg build's output,
so these tests need no spaCy pipeline.
"""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from rdflib import Graph
from rdflib.compare import isomorphic
from typer.testing import CliRunner

from handbuilt_graph import S1, S2, S5, add_entity, iri, riverton
from kg.cli import ASK_NO, app
from kg.errors import QueryError, QuerySyntaxError, UpdateRefusedError
from kg.rdf.graphio import load_graph
from kg.query.sparql import bundled_queries, bundled_query, run_query
from kg.query.results import format_result
from kg.rdf.vocab import DATA, KG
from kg.rdf.writer import serialize

BUNDLED = {
    "positions", "resignations", "calls-for-resignation", "attendance", "replacements", "evidence",
    "entity", "merges",
}


@pytest.fixture()
def graph() -> Graph:
    return riverton()


@pytest.fixture()
def graph_file(tmp_path: Path, graph: Graph) -> Path:
    path = tmp_path / "riverton.ttl"
    path.write_bytes(serialize(graph, fmt="turtle"))
    return path


def cli(*args: str, input: str | None = None):
    return CliRunner().invoke(app, list(args), input=input)


def rows(graph: Graph, text: str, **params: str) -> list[tuple[str, ...]]:
    result = run_query(graph, text, params=params)
    return [tuple("" if t is None else str(t) for t in row) for row in result.rows]


def bundled_rows(graph: Graph, query_name: str, /, **params: str) -> list[tuple[str, ...]]:
    query = bundled_query(query_name)
    result = run_query(graph, query.text, params=query.values(params), required=[p for p, _ in query.params])
    return [tuple("" if t is None else str(t) for t in row) for row in result.rows]


# --- the bundled queries ----------------------------------------------------------------------


def test_the_bundled_queries_are_the_seven_promised_each_saying_what_it_answers():
    queries = bundled_queries()
    assert {q.name for q in queries} == BUNDLED
    for q in queries:
        assert q.text.startswith("#"), q.name
        assert len(q.description) > 20, q.name
    assert bundled_query("entity").params[0][0] == "name"


EXPECTED = {
    "positions": [
        ("Ana Ruiz", "City Council President", "", ""), ("Diane Okafor", "Mayor", "", ""),
        ("Tom Hale", "Councilman", "", ""),
    ],
    "resignations": [
        ("Nora Voss", "resigned from", "(not stated)"), ("Tom Hale", "refused to resign from", "Councilman"),
    ],
    "calls-for-resignation": [("Diane Okafor", "Tom Hale")],
    "attendance": [("2023 budget meeting", "Nora Voss"), ("2023 budget meeting", "Tom Hale")],
    "replacements": [("Ana Ruiz", "Tom Hale")],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_bundled_query_returns_the_expected_rows(graph, name):
    assert bundled_rows(graph, name) == EXPECTED[name]


def test_the_evidence_query_gives_every_fact_with_its_sentence_and_offsets(graph):
    found = bundled_rows(graph, "evidence")
    assert len(found) == 12  # one sentence for each of the twelve facts
    by_fact = {(r[0], r[1].rsplit("#", 1)[-1], r[2]): r for r in found}
    subject, predicate, obj, file, begin, end, rule, confidence, sentence = by_fact[("Ana Ruiz", "replaced", "Tom Hale")]
    assert (file, rule, confidence, sentence) == ("examples/riverton.txt", "replace-verb", "0.80", S2)
    assert int(end) - int(begin) == len(S2)
    assert by_fact[("Nora Voss", "resignedFrom", "(not stated)")][-1] == S5
    assert [r[4] for r in found] == sorted((r[4] for r in found), key=int)  # reading order


def test_the_entity_query_matches_labels_and_other_names_in_any_case(graph):
    by_alt = bundled_rows(graph, "entity", name="hALE")
    assert {r[0] for r in by_alt} == {"Tom Hale"}
    facts = {(r[1], r[2].rsplit("#", 1)[-1], r[3]) for r in by_alt}
    assert ("Ana Ruiz", "replaced", "Tom Hale") in facts  # Hale as the object
    assert ("Tom Hale", "attended", "2023 budget meeting") in facts  # Hale as the subject
    assert ("Tom Hale", "altLabel", "Hale") in facts
    assert (str(KG.Person),) in {(r[3],) for r in by_alt if r[2].endswith("#type")}
    sentences = {r[4] for r in by_alt if r[2].endswith("#refusedToResign")}
    assert sentences == {S1}
    # the events and quotes Hale takes part in, with their own sentence
    assert ("replacement of Tom Hale by Ana Ruiz", "patient", "Tom Hale") in facts
    assert [r[4] for r in by_alt if r[2].endswith("#patient")] == [S2]
    assert ("quote “I intend to finish it.”", "speaker", "Tom Hale") in facts
    assert bundled_rows(graph, "entity", name="tom hale") == by_alt
    assert bundled_rows(graph, "entity", name="Hal") == []


def test_the_entity_query_takes_its_name_in_any_case_on_the_command_line(graph_file):
    """kg query folds an "(any case)" parameter before the engine sees it, so a name in capitals
    finds the entity by its hidden label (on a store too: tests/test_store.py)."""
    assert bundled_query("entity").any_case == ("name",)
    found = {}
    for given in ("Tom Hale", "TOM HALE", "tom hale"):
        result = cli("query", str(graph_file), "--name", "entity", "--param", f"name={given}", "-f", "csv")
        assert result.exit_code == 0, result.stderr
        found[given] = result.stdout
    assert len(set(found.values())) == 1, found
    assert found["TOM HALE"].count("Tom Hale,") > 3


def test_kg_writes_each_name_in_lower_case_as_a_hidden_label_once():
    from rdflib.namespace import SKOS

    from kg.rdf.labels import hidden_labels

    assert [str(h) for h in hidden_labels(("Tom Hale", "Hale", "hale", "TOM HALE"))] == ["tom hale"]
    assert hidden_labels(("chair",)) == []  # a name already in lower case is looked up as it is
    hale = iri("hale")
    assert set(map(str, riverton().objects(hale, SKOS.hiddenLabel))) == {"tom hale", "hale"}


def test_the_entity_query_reads_the_twenty_fact_predicates_from_assertions():
    """The query lists the predicates whose sentences come from assertions: kg's own twenty."""
    from kg.rdf.vocab import CORE_PREDICATES

    text = bundled_query("entity").text
    listed = re.search(r"NOT IN \(skos:hiddenLabel,([^)]*)\)", text).group(1)
    assert sorted(name.strip()[3:] for name in listed.split(",")) == sorted(CORE_PREDICATES)


def test_the_entity_query_needs_its_parameter(graph):
    with pytest.raises(QueryError, match="--param name="):
        bundled_rows(graph, "entity")


# --- parameters are values -------------------------------------------------------------------

HOSTILE = [
    '" } ; DROP ALL ; {',
    'Tom Hale") || true || ("',
    "x' } UNION { ?e ?p ?o } #",
    '"""} INSERT DATA { <a:b> <a:c> <a:d> } #',
    "\\\" }",
]


@pytest.mark.parametrize("value", HOSTILE)
def test_a_hostile_parameter_is_a_value_and_cannot_change_the_query(graph, value):
    before = len(graph)
    assert bundled_rows(graph, "entity", name=value) == []
    assert len(graph) == before


def test_a_parameter_with_quotes_and_braces_matches_that_exact_name(graph):
    odd = 'Dwayne "The Rock" {Jr.} } ; DROP ALL'
    add_entity(graph, DATA["person/dwayne"], KG.Person, odd)
    found = bundled_rows(graph, "entity", name=odd.upper())
    assert {r[0] for r in found} == {odd}


def test_a_hostile_parameter_on_the_command_line_changes_nothing(graph_file):
    before = graph_file.read_bytes()
    result = cli("query", str(graph_file), "--name", "entity", "--param", 'name=" } ; DROP ALL ; {', "-f", "csv")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == ["entity,subject,predicate,object,sentence"]
    assert graph_file.read_bytes() == before


def test_a_parameter_the_query_does_not_use_is_an_error(graph):
    with pytest.raises(QueryError, match=r"no variable \?nmae"):
        run_query(graph, "SELECT ?x WHERE { ?x rdfs:label ?name }", params={"nmae": "x"})


def test_a_parameter_binds_a_variable_of_any_query(graph):
    query = "SELECT ?who WHERE { ?p kg:replaced ?q . ?q rdfs:label ?whom . ?p rdfs:label ?who }"
    assert rows(graph, query, whom="Tom Hale") == [("Ana Ruiz",)]
    assert rows(graph, query, whom="Ana Ruiz") == []


# --- read-only, and errors ---------------------------------------------------------------------

UPDATES = [
    "INSERT DATA { kg:a kg:b kg:c }",
    "DELETE WHERE { ?s ?p ?o }",
    "DROP ALL",
    "CLEAR DEFAULT",
    "LOAD <http://example.org/data.ttl>",
    "PREFIX ex: <http://example.org/#>\n# wipe it\nDELETE { ?s ?p ?o } WHERE { ?s ?p ?o }",
    "WITH <http://example.org/g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }",
    "delete where { ?s ?p ?o",  # a broken update is still refused as an update
]


@pytest.mark.parametrize("text", UPDATES)
def test_sparql_update_is_refused_and_the_graph_is_unchanged(graph, text):
    before = len(graph)
    with pytest.raises(UpdateRefusedError, match="SPARQL Update"):
        run_query(graph, text)
    assert len(graph) == before


def test_update_on_the_command_line_is_a_one_line_error(graph_file):
    before = graph_file.read_bytes()
    result = cli("query", str(graph_file), "DELETE WHERE { ?s ?p ?o }")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "kg: error: DELETE is SPARQL Update, and kg query only reads: it never changes a graph"
    ]
    assert graph_file.read_bytes() == before


@pytest.mark.parametrize("text", ["", "  # only a comment\n", "PREFIX ex: <http://example.org/#>"])
def test_an_empty_query_is_an_error_not_an_update(graph, text):
    with pytest.raises(QueryError, match="the query is empty"):
        run_query(graph, text)


@pytest.mark.parametrize("text", [
    "SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }",
    "SELECT * FROM <file:///etc/hostname> WHERE { ?s ?p ?o }",
])
def test_queries_that_would_read_beyond_the_graph_are_refused(graph, text):
    with pytest.raises(QueryError, match="not supported"):
        run_query(graph, text)


def test_a_syntax_error_gives_the_line_and_column():
    text = "SELECT ?x WHERE {\n  ?x kg:replaced ?y .\n  FILTER(?x = )\n}"
    with pytest.raises(QuerySyntaxError) as caught:
        run_query(Graph(), text)
    assert (caught.value.line, caught.value.column) == (3, 3)
    assert "line 3, column 3" in str(caught.value)


def test_a_syntax_error_on_the_command_line_exits_1_with_one_line(graph_file):
    result = cli("query", str(graph_file), "SELECT ?x WHERE {\n ?x ?p ?o .\n}\nLIMIT many")
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert lines[0].startswith("kg: error: SPARQL syntax error at line 4, column 1:")


# --- the command line -------------------------------------------------------------------------


def test_our_prefixes_need_no_prefix_lines(graph_file):
    result = cli("query", str(graph_file),
                 "SELECT ?alt WHERE { ?p a kg:Person ; skos:altLabel ?alt ; rdfs:label 'Ana Ruiz' }")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == ["alt", "----", "Ruiz"]


def test_ask_prints_yes_or_no_and_sets_the_exit_code(graph_file):
    yes = cli("query", str(graph_file), "ASK { ?a kg:replaced ?b }")
    no = cli("query", str(graph_file), "ASK { ?a kg:replaced ?a }")
    assert (yes.exit_code, yes.stdout) == (0, "yes\n")
    assert (no.exit_code, no.stdout) == (ASK_NO, "no\n")
    assert ASK_NO not in (0, 1, 2)  # not a success, an error, nor a usage mistake


def test_construct_prints_turtle(graph_file):
    result = cli("query", str(graph_file), "CONSTRUCT { ?a kg:replaced ?b } WHERE { ?a kg:replaced ?b }")
    assert result.exit_code == 0, result.stderr
    expected = Graph()
    expected.add((iri("ruiz"), KG.replaced, iri("hale")))
    assert isomorphic(Graph().parse(data=result.stdout, format="turtle"), expected)


def test_the_table_is_aligned(graph_file):
    result = cli("query", str(graph_file), "--name", "positions")
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["person", "position", "organization", "held"]
    column = lines[0].index("position")
    assert all(line[column - 2:column] == "  " and line[column] != " " for line in lines[2:])
    assert [line.rstrip() for line in lines[2:]] == [f"{p:<{column - 2}}  {q}" for p, q, _, _ in EXPECTED["positions"]]


def test_csv_tsv_and_json_follow_the_sparql_result_formats(graph_file):
    as_csv = cli("query", str(graph_file), "--name", "replacements", "--format", "csv").stdout
    assert list(csv.reader(io.StringIO(as_csv))) == [["successor", "predecessor"], ["Ana Ruiz", "Tom Hale"]]
    as_tsv = cli("query", str(graph_file), "--name", "replacements", "-f", "tsv").stdout
    assert as_tsv.splitlines() == ["?successor\t?predecessor", '"Ana Ruiz"\t"Tom Hale"']
    as_json = json.loads(cli("query", str(graph_file), "--name", "replacements", "-f", "json").stdout)
    assert as_json["head"]["vars"] == ["successor", "predecessor"]
    assert as_json["results"]["bindings"] == [
        {"successor": {"type": "literal", "value": "Ana Ruiz"},
         "predecessor": {"type": "literal", "value": "Tom Hale"}}
    ]
    iris = json.loads(cli("query", str(graph_file), "SELECT ?p WHERE { ?p kg:replaced ?q }", "-f", "json").stdout)
    assert iris["results"]["bindings"] == [{"p": {"type": "uri", "value": str(iri("ruiz"))}}]


def test_list_names_every_bundled_query_with_what_it_answers():
    result = cli("query", "--list")
    assert result.exit_code == 0
    starts = {line.split()[0] for line in result.stdout.splitlines() if not line.startswith(" ")}
    assert starts == BUNDLED
    assert "Who replaced whom" in result.stdout


def test_a_query_file_and_an_output_file(graph_file, tmp_path):
    query = tmp_path / "q.rq"
    query.write_text("# who replaced whom\nSELECT ?q WHERE { ?p kg:replaced ?x . ?x rdfs:label ?q }\n")
    out = tmp_path / "out" / "answer.csv"
    result = cli("query", str(graph_file), "--file", str(query), "-f", "csv", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert out.read_text().splitlines() == ["q", "Tom Hale"]


def test_several_files_and_a_folder_are_one_graph(tmp_path, graph):
    """The facts in one file and the labels in another: a query joins them."""
    folder = tmp_path / "graphs"
    (folder / "more").mkdir(parents=True)
    facts, labels = Graph(), Graph()
    for triple in graph:
        (labels if str(triple[1]).endswith("#label") else facts).add(triple)
    (folder / "facts.nt").write_bytes(serialize(facts, fmt="nt"))
    (folder / "more" / "labels.trig").write_bytes(serialize(labels, fmt="trig"))
    (folder / "notes.txt").write_text("not a graph")
    assert isomorphic(load_graph([folder]).graph, graph)
    result = cli("query", str(folder), "--name", "replacements", "-f", "csv")
    assert result.stdout.splitlines()[1] == "Ana Ruiz,Tom Hale"
    split = cli("query", str(folder / "facts.nt"), str(folder / "more" / "labels.trig"), "--name", "replacements", "-f", "csv")
    assert split.stdout == result.stdout


def test_turtle_on_standard_input(graph):
    result = cli("query", "-", "--name", "replacements", "-f", "csv", input=serialize(graph, fmt="turtle").decode())
    assert result.stdout.splitlines() == ["successor,predecessor", "Ana Ruiz,Tom Hale"]


@pytest.mark.parametrize("name, content, message", [
    ("missing.ttl", None, "no such file or folder"),
    ("broken.ttl", "@prefix kg: <x#> .\nkg:a kg:b", "broken.ttl: Turtle syntax error at line 2, column 10: unexpected end"),
    ("empty.nt", "", "is empty"),
    ("nodes.json", '{"nodes": [], "edges": []}', "holds no RDF statements"),
    ("graph.graphml", "<graphml/>", "not a graph file kg reads"),
])
def test_an_unreadable_graph_is_a_one_line_error(tmp_path, name, content, message):
    path = tmp_path / name
    if content is not None:
        path.write_text(content)
    result = cli("query", str(path), "--name", "positions")
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kg: error: ") and message in lines[0]


def test_a_remote_json_ld_context_is_not_fetched(tmp_path):
    path = tmp_path / "remote.jsonld"
    path.write_text(json.dumps({"@context": "http://example.org/context.jsonld", "@id": "x"}))
    result = cli("query", str(path), "--name", "positions")
    assert result.exit_code == 1 and "offline" in result.stderr


def test_the_query_is_given_one_way(graph_file):
    both = cli("query", str(graph_file), "--name", "positions", "--file", str(graph_file))
    assert both.exit_code == 1 and "one way" in both.stderr
    none = cli("query", str(graph_file))
    assert none.exit_code == 1 and "give a graph and a query" in none.stderr


def test_rows_without_order_by_come_in_a_fixed_order(graph):
    text = "SELECT ?label WHERE { ?x rdfs:label ?label }"
    found = run_query(graph, text).rows
    assert list(found) == sorted(found, key=lambda r: r[0].n3())
    table = format_result(run_query(graph, text), fmt="table")
    assert table == format_result(run_query(riverton(), text), fmt="table")


def test_iris_in_the_table_use_our_prefixes(graph):
    result = run_query(graph, "SELECT ?p ?o WHERE { ?p kg:replaced ?o }")
    table = format_result(result, fmt="table", prefixes={"id": str(DATA), "kg": str(KG._NS)})
    assert table.splitlines()[2].split() == ["id:person/ana-ruiz", "id:person/tom-hale"]


def test_an_inline_query_longer_than_a_file_name_may_be_runs(graph_file):
    # a query of 300+ characters is no path: it must not be tried as one (OSError: name too long)
    text = ("SELECT ?alt WHERE {\n  ?p a kg:Person ;\n     skos:altLabel ?alt ;\n     rdfs:label 'Ana Ruiz' .\n"
            + "".join(f"  # a comment line {n} that makes the query longer than any file name can be\n"
                      for n in range(4)) + "}")
    assert len(text) > 300
    result = cli("query", str(graph_file), text)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == ["alt", "----", "Ruiz"]
