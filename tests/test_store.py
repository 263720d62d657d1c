"""The persistent store: kg build --store, kg remove, and query/draw/export reading a store.

A few short invented articles are built with the real pipeline into stores under tmp_path. What
is checked: the same article twice changes nothing (and is not parsed); a changed article
replaces its old facts; kg remove drops exactly one article; a failure or a kill in the middle
of an article leaves the store as it was before that article; two stores built from the same
corpus dump to the same bytes; and the store always keeps its invariants (see `consistent`).
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import Dataset, Graph, Literal, URIRef
from rdflib.compare import graph_diff, isomorphic, to_isomorphic
from rdflib.namespace import RDFS
from typer.testing import CliRunner

import kg
import kg.extract.pipeline
import kg.store.articles as kgstore
from kg.cli import app
from kg.errors import InputError, OutputError
from kg.store.articles import ArticleStore
from kg.store.build import build_into_store
from kg.store.dump import dump_store
from kg.store.terms import CATALOGUE, RECORDS, graph_name
from kg.rdf.vocab import DATA, KG

ARTICLE_A = "Mayor Ana Ruiz resigned on Monday after a long inquiry.\n\nRuiz said she would leave the council at once.\n"
ARTICLE_A_CHANGED = (
    "Councilwoman Ana Ruiz attended the 2024 harbor meeting on Monday.\n\n"
    "Ruiz said the port would reopen in May.\n"
)
ARTICLE_B = (
    "Tom Hale attended the 2023 budget meeting on Friday.\n\n"
    "Councilwoman Ana Ruiz, who chairs the harbour committee, said the budget would be published in May.\n"
)
ARTICLE_C = (
    "Lena Park, a reporter for the Valley Courier, interviewed Tom Hale on Tuesday.\n\n"
    "Park said the mayor would not resign.\n"
)

ANA = URIRef(DATA["person/ana-ruiz"])
MAYOR = URIRef(DATA["position/mayor"])
RESIGNED = (ANA, KG.resignedFrom, MAYOR)


@pytest.fixture(autouse=True)
def given_pipeline(nlp, monkeypatch):
    """kg build loads the pipeline through kg.extract.pipeline.load_pipeline: give it the loaded one."""
    monkeypatch.setattr(kg.extract.pipeline, "load_pipeline", lambda name=kg.DEFAULT_MODEL, **options: nlp)


@pytest.fixture
def news(tmp_path, monkeypatch) -> Path:
    """news/a.txt, b.txt, c.txt under tmp_path, which is the working folder (paths as built: news/...)."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "news"
    folder.mkdir()
    for name, text in (("a", ARTICLE_A), ("b", ARTICLE_B), ("c", ARTICLE_C)):
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    return folder


def sources(*names: str) -> list[kg.Source]:
    return [kg.read_source(f"news/{n}.txt") for n in names]


def builder(nlp, log: list | None = None):
    def build(batch, settle):
        if log is not None:
            log.extend(s.name for s in batch)
        return kg.corpus_triples(batch, nlp=nlp)
    return build


def run(*args: str):
    return CliRunner().invoke(app, list(args))


# --- reading a store back, for the checks --------------------------------------------------


def quads(path) -> dict[str, set[tuple[str, str, str]]]:
    """Every graph of the store: name ("" for the default graph) -> its triples, as N-Triples terms."""
    store = ox.Store.read_only(str(path))
    out: dict[str, set] = {}
    for q in store:
        name = "" if isinstance(q.graph_name, ox.DefaultGraph) else q.graph_name.value
        out.setdefault(name, set()).add((str(q.subject), str(q.predicate), str(q.object)))
    return out


def articles(path_or_graphs) -> dict[str, set]:
    graphs = path_or_graphs if isinstance(path_or_graphs, dict) else quads(path_or_graphs)
    return {g: t for g, t in graphs.items() if g not in ("", str(CATALOGUE), str(RECORDS))}


def catalogue(path_or_graphs) -> dict[str, str]:
    graphs = path_or_graphs if isinstance(path_or_graphs, dict) else quads(path_or_graphs)
    cat = graphs.get(str(CATALOGUE), set())
    hashes = {s: o.strip('"') for s, p, o in cat if p == f"<{KG.sha256}>"}
    return {o.strip('"'): hashes[s] for s, p, o in cat if p == f"<{KG.fileName}>"}


def consistent(path) -> None:
    """The store's invariants: the default graph is the union of the article graphs; the
    catalogue names exactly the article graphs, each path with the hash of a graph that has it."""
    graphs = quads(path)
    arts = articles(graphs)
    union = set().union(*arts.values()) if arts else set()
    assert graphs.get("", set()) == union
    cat = catalogue(graphs)
    assert {str(graph_name(h)) for h in cat.values()} == set(arts)
    for name, sha in cat.items():
        assert (f"<{DATA['document/' + sha[:16]]}>", f"<{KG.fileName}>", str(ox.Literal(name))) in arts[str(graph_name(sha))]


def has(path, triple) -> bool:
    s, p, o = (str(kgstore.to_ox(t)) for t in triple)
    return (s, p, o) in quads(path).get("", set())


def dump(path, fmt="trig") -> bytes:
    return dump_store(path, fmt).data


# --- building ------------------------------------------------------------------------------


def test_the_same_article_twice_changes_nothing_and_is_not_parsed(nlp, news, tmp_path):
    store = tmp_path / "kg.store"
    log: list[str] = []
    with ArticleStore(store) as st:
        counts = build_into_store(st, sources("a", "b"), build=builder(nlp, log))
    assert counts == {"added": 2} and log == ["news/a.txt", "news/b.txt"]
    before = dump(store), dump(store, "nquads")
    consistent(store)

    log.clear()
    seen = []
    with ArticleStore(store) as st:
        counts = build_into_store(st, sources("a", "b"), build=builder(nlp, log), report=seen.append)
    assert counts == {"unchanged": 2}
    assert [(o.name, o.status) for o in seen] == [("news/a.txt", "unchanged"), ("news/b.txt", "unchanged")]
    assert log == []  # nothing parsed
    assert (dump(store), dump(store, "nquads")) == before

    result = run("build", "news/a.txt", "--store", str(store))  # the command says so too
    assert result.exit_code == 0, result.output
    assert "kg: unchanged news/a.txt" in result.stderr
    assert dump(store) == before[0]


def test_a_changed_article_replaces_its_old_facts(nlp, news, tmp_path):
    store = tmp_path / "kg.store"
    with ArticleStore(store) as st:
        build_into_store(st, sources("a", "b"), build=builder(nlp))
    old_graph = str(graph_name(kg.read_source("news/a.txt").sha256))
    assert has(store, RESIGNED)
    b_before = articles(store)[str(graph_name(kg.read_source("news/b.txt").sha256))]

    (news / "a.txt").write_text(ARTICLE_A_CHANGED, encoding="utf-8")
    result = run("build", "news/", "--store", str(store))
    assert result.exit_code == 0, result.output
    assert "kg: replaced news/a.txt" in result.stderr and "kg: unchanged news/b.txt" in result.stderr

    new_sha = kg.read_source("news/a.txt").sha256
    graphs = articles(store)
    assert old_graph not in graphs and str(graph_name(new_sha)) in graphs
    assert not has(store, RESIGNED)  # the old fact is gone
    assert has(store, (ANA, KG.attended, URIRef(DATA[f"event/{new_sha[:12]}-harbor-meeting"])))  # the new one is there
    assert catalogue(store)["news/a.txt"] == new_sha
    assert graphs[str(graph_name(kg.read_source("news/b.txt").sha256))] == b_before  # b untouched
    consistent(store)


def test_a_text_under_a_second_path_is_recorded_without_parsing(nlp, news, tmp_path):
    store = tmp_path / "kg.store"
    (news / "copy.txt").write_text(ARTICLE_A, encoding="utf-8")
    log: list[str] = []
    seen = []
    with ArticleStore(store) as st:
        build_into_store(st, sources("a"), build=builder(nlp))
        build_into_store(st, sources("copy"), build=builder(nlp, log), report=seen.append)
    assert log == [] and seen[0].status == "added" and seen[0].same_text_as == "news/a.txt"
    assert len(articles(store)) == 1 and set(catalogue(store)) == {"news/a.txt", "news/copy.txt"}
    consistent(store)
    with ArticleStore(store) as st:
        st.remove(["news/a.txt"])
    assert len(articles(store)) == 1 and set(catalogue(store)) == {"news/copy.txt"} and has(store, RESIGNED)
    consistent(store)
    with ArticleStore(store) as st:
        st.remove(["news/copy.txt"])
    assert articles(store) == {} and quads(store).get("", set()) == set()


# --- removing ------------------------------------------------------------------------------


def test_remove_drops_exactly_that_article(nlp, news, tmp_path):
    store = tmp_path / "kg.store"
    with ArticleStore(store) as st:
        build_into_store(st, sources("a", "b", "c"), build=builder(nlp))
    before = articles(store)
    a_graph = str(graph_name(kg.read_source("news/a.txt").sha256))

    result = run("remove", "--store", str(store), "news/a.txt")
    assert result.exit_code == 0, result.output
    assert "kg: removed news/a.txt" in result.stderr
    after = articles(store)
    assert set(after) == set(before) - {a_graph}
    assert all(after[g] == before[g] for g in after)  # the others are as they were
    assert not has(store, RESIGNED)
    assert has(store, (ANA, RDFS.label, Literal("Ana Ruiz")))  # b's own copy of the shared entity
    assert set(catalogue(store)) == {"news/b.txt", "news/c.txt"}
    consistent(store)


def test_remove_of_a_path_not_in_the_store_is_an_error_and_removes_nothing(nlp, news, tmp_path):
    store = tmp_path / "kg.store"
    with ArticleStore(store) as st:
        build_into_store(st, sources("a", "b"), build=builder(nlp))
    before = dump(store)
    result = run("remove", "--store", str(store), "news/b.txt", "news/old.txt")
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "news/old.txt is not in the store" in lines[0]
    assert dump(store) == before
    with ArticleStore(store) as st, pytest.raises(InputError):
        st.remove(["news/zzz.txt"])

    result = run("remove", "--store", str(tmp_path / "nowhere"), "news/a.txt")
    assert result.exit_code == 1 and "no kg store at" in result.stderr
    assert not (tmp_path / "nowhere").exists()


def test_remove_a_folder_removes_every_article_recorded_under_it(nlp, news, tmp_path):
    store = tmp_path / "kg.store"
    with ArticleStore(store) as st:
        build_into_store(st, sources("a", "b"), build=builder(nlp))
        st.remove(["news"])
        assert st.catalogue() == {}
    assert quads(store).get("", set()) == set() and articles(store) == {}


# --- atomicity -----------------------------------------------------------------------------


class Boom(Exception):
    pass


def test_a_failure_in_the_middle_of_an_article_leaves_the_store_as_before_it(nlp, news, tmp_path, monkeypatch):
    store = tmp_path / "kg.store"
    with ArticleStore(store) as st:
        build_into_store(st, sources("a"), build=builder(nlp))
    (news / "a.txt").write_text(ARTICLE_A_CHANGED, encoding="utf-8")
    before = quads(store)

    real_put, real_statement, state = ArticleStore.put, kgstore._statement, {"writing": None, "calls": 0}

    def put(self, name, sha256, graph, records=()):
        state["writing"] = name
        return real_put(self, name, sha256, graph, records)

    def failing(triple):
        if state["writing"] == "news/a.txt":
            state["calls"] += 1
            if state["calls"] == 10:  # well inside the changed article
                raise Boom("disk on fire")
        return real_statement(triple)

    monkeypatch.setattr(ArticleStore, "put", put)
    monkeypatch.setattr(kgstore, "_statement", failing)
    seen = []
    with ArticleStore(store) as st, pytest.raises(Boom):
        build_into_store(st, sources("b", "a", "c"), build=builder(nlp), report=seen.append)
    # b was written before the failure; the changed a failed half-way; c never came
    assert [o.name for o in seen] == ["news/b.txt"]
    after = quads(store)
    b_graph = str(graph_name(kg.read_source("news/b.txt").sha256))
    assert {g: t for g, t in after.items() if g not in ("", str(CATALOGUE), str(RECORDS), b_graph)} == \
        {g: t for g, t in before.items() if g not in ("", str(CATALOGUE), str(RECORDS))}
    assert catalogue(store) == {"news/a.txt": catalogue_sha(before, "news/a.txt"),
                                "news/b.txt": kg.read_source("news/b.txt").sha256}
    assert has(store, RESIGNED)  # a's old facts are still there
    consistent(store)


def catalogue_sha(graphs: dict, name: str) -> str:
    cat = graphs[str(CATALOGUE)]
    doc = next(s for s, p, o in cat if p == f"<{KG.fileName}>" and o == str(ox.Literal(name)))
    return next(o.strip('"') for s, p, o in cat if s == doc and p == f"<{KG.sha256}>")


def test_ctrl_c_during_a_build_is_reported_and_keeps_what_was_written(nlp, news, tmp_path, monkeypatch):
    store = tmp_path / "kg.store"
    real, calls = kgstore.to_ox, []

    def interrupted(term):
        calls.append(term)
        if len(calls) > 5 and str(term) == "news/b.txt":  # while writing b
            raise KeyboardInterrupt
        return real(term)

    monkeypatch.setattr(kgstore, "to_ox", interrupted)
    result = run("build", "news/", "--store", str(store))
    assert result.exit_code == 130
    assert "kg: added news/a.txt" in result.stderr and "interrupted" in result.stderr
    assert set(catalogue(store)) == {"news/a.txt"}
    consistent(store)


CRASH_SCRIPT = textwrap.dedent('''
    import os, signal, sys, threading, time
    from rdflib import Literal, URIRef
    import kg.store.articles as S
    from kg.store.build import build_into_store
    from kg.sources import Source

    path, delay, big = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    texts = {"x.txt": "first article", "y.txt": "second article, a big one"}

    def build(batch, settle):
        graphs = {}
        for source in batch:
            doc = S.document_iri(source.sha256)
            g = graphs[source.sha256] = {
                (doc, URIRef("https://w3id.org/kg-news/ontology#fileName"), Literal(source.name)),
                (doc, URIRef("https://w3id.org/kg-news/ontology#sha256"), Literal(source.sha256)),
            }
            n = 20 if source.name == "x.txt" else big
            for i in range(n):
                g.add((URIRef(f"https://w3id.org/kg-news/id/t/{source.sha256[:8]}/{i}"),
                       URIRef("https://w3id.org/kg-news/ontology#text"), Literal(f"statement {i} " * 5)))
        return graphs

    def killed_while(write, is_big):
        def patched(self, arg):
            big = is_big(arg)
            if big:  # kill the process while the big article is written
                threading.Thread(target=lambda: (time.sleep(delay), os.kill(os.getpid(), signal.SIGKILL))).start()
            write(self, arg)
            if big:
                time.sleep(5)  # killed by now
        return patched

    S.ArticleStore._update = killed_while(S.ArticleStore._update, lambda ops: any("y.txt" in op for op in ops))
    S.ArticleStore._insert = killed_while(
        S.ArticleStore._insert, lambda nquads: b'"y.txt"' in nquads)
    import hashlib
    sources = [Source(n, None, t, hashlib.sha256(t.encode()).hexdigest()) for n, t in texts.items()]
    with S.ArticleStore(path) as st:
        build_into_store(st, sources, build=build, report=lambda o: print(o.name, flush=True))
''')


@pytest.mark.parametrize("delay, big", [(0.05, 20000), (2.0, 2000)])
def test_a_process_killed_while_writing_leaves_a_consistent_store(tmp_path, delay, big):
    script = tmp_path / "crash.py"
    script.write_text(CRASH_SCRIPT, encoding="utf-8")
    store = tmp_path / "kg.store"
    proc = subprocess.run([sys.executable, str(script), str(store), str(delay), str(big)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert "x.txt" in proc.stdout  # the first article was committed before the kill
    snapshot = quads(store)
    names = catalogue(snapshot)
    assert "x.txt" in names
    graphs = articles(snapshot)
    assert len(graphs[str(graph_name(names["x.txt"]))]) == 20 + 2  # all of it: 20 triples, file name, hash
    if "y.txt" in names:  # the kill came after the commit: then all of it is there
        assert len(graphs[str(graph_name(names["y.txt"]))]) == big + 2
    else:
        assert len(graphs) == 1
    consistent(store)
    with ArticleStore(store) as st:  # and it opens for writing again
        assert "x.txt" in st.catalogue()


# --- query, draw, export -------------------------------------------------------------------


def test_query_draw_and_export_read_a_store(nlp, news, tmp_path):
    store = tmp_path / "kg.store"
    assert run("build", "news/", "--store", str(store)).exit_code == 0
    trig = tmp_path / "all.trig"
    assert run("build", "news/", "-o", str(trig)).exit_code == 0

    result = run("query", str(store), "--name", "resignations", "--format", "csv")
    assert result.exit_code == 0, result.output
    assert "Ana Ruiz,resigned from,Mayor" in result.stdout
    assert result.stdout == run("query", str(trig), "--name", "resignations", "--format", "csv").stdout
    # parameters, and no duplicate rows for an entity every article names
    for args in (["--name", "entity", "--param", "name=ana ruiz"], ["--name", "entity", "--param", "name=ANA RUIZ"],
                 ["SELECT ?label WHERE { ?p a kg:Person ; rdfs:label ?label }"],
                 ["SELECT (COUNT(*) AS ?n) WHERE { ?s rdfs:label ?o }"],
                 ["SELECT ?name ?p WHERE { ?p rdfs:label ?name }", "--param", "name=Tom Hale"],
                 ["CONSTRUCT { ?p rdfs:label ?l } WHERE { ?p a kg:Person ; rdfs:label ?l }"],
                 [f"DESCRIBE <{DATA['document/' + kg.read_source('news/c.txt').sha256[:16]]}>"]):
        from_store = run("query", str(store), *args)
        assert from_store.exit_code == 0, from_store.output
        assert from_store.stdout == run("query", str(trig), *args).stdout
    upper = run("query", str(store), "--name", "entity", "--param", "name=ANA RUIZ")
    assert "Ana Ruiz" in upper.stdout and upper.stdout == run("query", str(store), "--name", "entity", "--param", "name=ana ruiz").stdout
    assert run("query", str(store), "ASK { ?s kg:worksFor ?o }").exit_code == 0
    update = run("query", str(store), "DELETE WHERE { ?s ?p ?o }")
    assert update.exit_code == 1 and "only reads" in update.stderr

    graphml = tmp_path / "all.graphml"
    result = run("export", str(store), "--to", "graphml", "-o", str(graphml))
    assert result.exit_code == 0, result.output
    assert graphml.read_bytes() == run("export", str(trig), "--to", "graphml").stdout_bytes

    # drawn from the store's own queries, the same picture as from the file, with its sentences too
    for extra in ([], ["--evidence"], ["--evidence", "--top", "3"]):
        png, from_file = tmp_path / "all.png", tmp_path / "file.png"
        result = run("draw", str(store), *extra, "-o", str(png))
        assert result.exit_code == 0, result.output
        assert run("draw", str(trig), *extra, "-o", str(from_file)).exit_code == 0
        assert png.read_bytes().startswith(b"\x89PNG") and png.read_bytes() == from_file.read_bytes(), extra

    # a store beside a graph file: both are read, as one graph
    mixed = run("query", str(store), str(trig), "SELECT (COUNT(*) AS ?n) WHERE { ?s rdfs:label ?o }")
    assert mixed.exit_code == 0 and mixed.stdout == run("query", str(trig), "SELECT (COUNT(*) AS ?n) WHERE { ?s rdfs:label ?o }").stdout


def test_export_of_a_store_dumps_its_article_graphs(nlp, news, tmp_path):
    store = tmp_path / "kg.store"
    assert run("build", "news/", "--store", str(store)).exit_code == 0
    out = tmp_path / "all.trig"
    result = run("export", str(store), "--format", "trig", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "3 named graphs" in result.stderr
    ds = Dataset()
    ds.parse(out, format="trig")
    names = {str(g.identifier) for g in ds.graphs() if len(g)}
    assert names == set(articles(store))  # the articles; not the catalogue, not the union

    nq = run("export", str(store), "-o", str(tmp_path / "all.nq"))  # the format from the suffix
    assert nq.exit_code == 0
    lines = (tmp_path / "all.nq").read_text(encoding="utf-8").splitlines()
    assert len(lines) == sum(len(t) for t in articles(store).values())

    # the same as building the corpus into a file: the same quads (literals in Oxigraph's canonical form)
    built = ox.Store()
    assert run("build", "news/", "-o", str(tmp_path / "files.trig")).exit_code == 0
    built.load(path=str(tmp_path / "files.trig"))
    assert sorted(map(str, built)) == sorted(map(str, ox.parse(path=str(out))))


def test_a_corpus_built_twice_gives_an_identical_store_dump(nlp, news, tmp_path):
    dumps = []
    for name in ("one.store", "two.store"):
        result = run("build", "news/", "--store", str(tmp_path / name))
        assert result.exit_code == 0, result.output
        dumps.append((dump(tmp_path / name), dump(tmp_path / name, "nquads")))
        consistent(tmp_path / name)
    assert dumps[0] == dumps[1]
    exported = [run("export", str(tmp_path / n), "--format", "trig").stdout_bytes for n in ("one.store", "two.store")]
    assert exported[0] == exported[1] == dumps[0][0]


# --- the build command's options -----------------------------------------------------------


def test_store_and_output_together_write_both(nlp, news, tmp_path):
    store, out = tmp_path / "kg.store", tmp_path / "ab.ttl"
    assert run("build", "news/a.txt", "--store", str(store)).exit_code == 0
    result = run("build", "news/a.txt", "news/b.txt", "--store", str(store), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "kg: unchanged news/a.txt" in result.stderr and "kg: added news/b.txt" in result.stderr
    assert f"kg: wrote {out} (2 articles)" in result.stderr
    from rdflib import Graph
    g = Graph().parse(out)
    assert RESIGNED in g  # a, unchanged, comes from the store
    assert any(g.triples((None, KG.attended, None)))  # b


def test_store_alone_writes_nothing_to_standard_output(nlp, news, tmp_path):
    store = tmp_path / "new" / "folders" / "kg.store"  # missing folders are made
    result = run("build", "news/a.txt", "--store", str(store))
    assert result.exit_code == 0 and result.stdout == ""
    assert kgstore.is_store(store)
    result = run("build", "news/a.txt", "--store", str(store), "--format", "nt")
    assert result.exit_code == 1 and "--format is the format of -o" in result.stderr


def test_a_folder_that_is_not_a_store_is_refused(nlp, news, tmp_path):
    result = run("build", "news/a.txt", "--store", "news")
    assert result.exit_code == 1 and "not a kg store" in result.stderr
    assert sorted(os.listdir("news")) == ["a.txt", "b.txt", "c.txt"]
    result = run("build", "news/a.txt", "--store", "news/a.txt")
    assert result.exit_code == 1 and "is a file, not a kg store" in result.stderr


def test_a_store_being_written_is_in_use(nlp, news, tmp_path):
    store = tmp_path / "kg.store"
    with ArticleStore(store):
        result = run("build", "news/a.txt", "--store", str(store))
        assert result.exit_code == 1 and "in use" in result.stderr
        with pytest.raises(OutputError):
            ArticleStore(store)


# --- the writer thread ---------------------------------------------------------------------


def _text_source(name: str, text: str) -> kg.Source:
    import hashlib
    return kg.Source(name, None, text, hashlib.sha256(text.encode()).hexdigest())


def _fake_build(batch, settle):
    """Each article's graph, without spaCy: its document and one statement of its text."""
    graphs = {}
    for s in batch:
        doc = kgstore.document_iri(s.sha256)
        graphs[s.sha256] = {(doc, KG.fileName, Literal(s.name)), (doc, KG.sha256, Literal(s.sha256)),
                            (doc, KG.text, Literal(s.text))}
    return graphs


def test_a_text_moved_to_a_new_path_while_its_old_path_is_rewritten_is_written_whole(tmp_path, monkeypatch):
    """a.txt held T; now a.txt holds U and z.txt holds T. The write of a.txt (queued, slow)
    drops T's graph; z.txt must then be built, not recorded as a copy of a graph about to go."""
    import time
    store = tmp_path / "kg.store"
    with ArticleStore(store) as st:
        build_into_store(st, [_text_source("a.txt", "the old text")], build=_fake_build)
    real_put = ArticleStore.put

    def slow_put(self, *args):
        time.sleep(0.3)
        return real_put(self, *args)

    monkeypatch.setattr(ArticleStore, "put", slow_put)
    seen = []
    with ArticleStore(store) as st:
        counts = build_into_store(st, [_text_source("a.txt", "the new text"), _text_source("z.txt", "the old text")],
                                  build=_fake_build, report=seen.append, chunk=1)
    assert counts == {"replaced": 1, "added": 1}
    assert [(o.name, o.status) for o in seen] == [("a.txt", "replaced"), ("z.txt", "added")]
    assert catalogue(store) == {"a.txt": _text_source("a", "the new text").sha256,
                                "z.txt": _text_source("z", "the old text").sha256}
    assert has(store, (kgstore.document_iri(catalogue(store)["z.txt"]), KG.text, Literal("the old text")))
    consistent(store)


def test_an_interrupted_build_holds_exactly_the_articles_it_reported(tmp_path):
    """Ctrl-C in the main thread while a later chunk is parsed: the write under way finishes,
    the queued ones are dropped, and what was reported is what the store holds."""
    calls = []

    def build(batch, settle):
        import time
        calls.append(batch)
        if len(calls) == 3:
            raise KeyboardInterrupt
        time.sleep(0.2)  # parsing: the writer gets on with the chunks before
        return _fake_build(batch, settle)

    store = tmp_path / "kg.store"
    seen = []
    texts = [_text_source(f"{n}.txt", f"article {n}") for n in "abcde"]
    with ArticleStore(store) as st, pytest.raises(KeyboardInterrupt):
        build_into_store(st, texts, build=build, report=seen.append, chunk=1)
    assert [o.name for o in seen] in (['a.txt'], ['a.txt', 'b.txt'])
    assert set(catalogue(store)) == {o.name for o in seen}
    consistent(store)


def test_a_deferred_build_gives_the_same_store_as_one_built_at_once(nlp, news, tmp_path):
    """With --jobs a chunk's triples come later (the workers parse the next chunk meanwhile).
    A text moving to another path in that chunk must still be decided on the store as it will
    be: here a.txt's old text is now q.txt's, in the chunk after the one that changes a.txt."""
    def deferred(batch, settle):
        graphs = kg.corpus_triples(batch, nlp=nlp)
        return lambda: graphs

    results = []
    for name, build in (("eager", builder(nlp)), ("deferred", deferred)):
        store = tmp_path / f"{name}.store"
        (news / "a.txt").write_text(ARTICLE_A, encoding="utf-8")
        with ArticleStore(store) as st:
            build_into_store(st, sources("a"), build=build)
        (news / "a.txt").write_text(ARTICLE_C, encoding="utf-8")
        (news / "q.txt").write_text(ARTICLE_A, encoding="utf-8")
        seen = []
        with ArticleStore(store) as st:
            build_into_store(st, sources("a", "q"), build=build, chunk=1, report=seen.append)
        results.append(([(o.name, o.status, o.same_text_as) for o in seen], dump(store, "nquads")))
    assert results[0] == results[1]
    assert results[0][0] == [("news/a.txt", "replaced", None), ("news/q.txt", "added", None)]


@pytest.mark.parametrize("fmt, suffix, rdflib_format", [("turtle", ".ttl", "turtle"), ("nt", ".nt", "nt"),
                                                         ("jsonld", ".jsonld", "json-ld")])
def test_export_of_a_store_as_one_graph_is_what_build_writes(nlp, news, tmp_path, fmt, suffix, rdflib_format):
    # Turtle, N-Triples and JSON-LD from a store: the union of its article graphs, the same graph
    # (and the same bytes) that `kg build DIR -o FILE` writes for the same articles
    store = tmp_path / "kg.store"
    assert run("build", "news/", "--store", str(store)).exit_code == 0
    out = tmp_path / f"all{suffix}"
    result = run("export", str(store), "--format", fmt, "-o", str(out))
    assert result.exit_code == 0, result.output
    built = tmp_path / f"built{suffix}"
    assert run("build", "news/", "-o", str(built)).exit_code == 0
    exported, expected = Graph().parse(out, format=rdflib_format), Graph().parse(built, format=rdflib_format)
    assert isomorphic(exported, expected), "\n".join(map(str, graph_diff(to_isomorphic(exported),
                                                                         to_isomorphic(expected))[1:]))
    again = run("export", str(store), "-o", str(tmp_path / f"again{suffix}"))   # the format from the suffix
    assert again.exit_code == 0 and (tmp_path / f"again{suffix}").read_bytes() == out.read_bytes()



def test_a_rewrite_keeps_in_the_union_what_another_article_still_states(tmp_path):
    """Merges settled over the store rewrite one article's graph: a triple it no longer has
    leaves the union only when no other article's graph has it."""
    shared = (URIRef("https://example.org/a"), RDFS.label, Literal("Ada Quill"))
    own = (URIRef("https://example.org/b"), RDFS.label, Literal("Bo Lind"))
    added = (URIRef("https://example.org/c"), RDFS.label, Literal("Cy Moor"))
    one, two = "1" * 64, "2" * 64
    with ArticleStore(tmp_path / "kg.store") as st:
        st.put("one.txt", one, [shared, own])
        st.put("two.txt", two, [shared])

        def union() -> set:
            return {(q.subject.value, q.object.value) for q in st.store.quads_for_pattern(None, None, None, ox.DefaultGraph())
                    if q.predicate.value == str(RDFS.label)}

        st.rewrite(one, [shared, own], [added], ())
        assert union() == {("https://example.org/a", "Ada Quill"), ("https://example.org/c", "Cy Moor")}
        st.rewrite(two, [shared], [], ())
        assert union() == {("https://example.org/c", "Cy Moor")}
