"""One entity across articles: merges on strong evidence only, every decision written down,
and a user's file of same/different pairs overrules them."""
from __future__ import annotations

import kg.extract.pipeline

import hashlib

import pytest
from rdflib import Dataset, Literal
from rdflib.namespace import RDFS, SKOS

from kg.errors import InputError
from kg.merge import Candidate, Overrides, plan, read_overrides
from kg.build import build_dataset
from kg.extract.pipeline import load_pipeline
from kg.query.sparql import bundled_query, run_query
from kg.sources import Source
from kg.rdf.vocab import DATA, KG




def person(label, document, *, gender="", ties=()):
    return Candidate(DATA["person/" + label.lower().replace(" ", "-")], label, gender, document, frozenset(ties))


FULL = [person("Tony Marsh", "a.txt", gender="male"), person("Michael Hale", "a.txt", gender="male")]


def test_a_title_and_surname_joins_the_one_full_name_that_fits():
    d = plan(person("Mr Marsh", "b.txt", gender="male"), FULL, overrides=Overrides())
    assert d.into == FULL[0].iri and "Mr" in d.reason and "Tony Marsh" in d.reason


def test_mrs_is_never_merged_into_a_man_of_the_same_surname():
    d = plan(person("Mrs Hale", "b.txt", gender="female"), FULL, overrides=Overrides())
    assert d.into is None and "gender" in d.reason


def test_two_full_names_with_the_surname_keep_a_short_form_apart():
    both = FULL + [person("Jim Marsh", "c.txt", gender="male")]
    d = plan(person("Mr Marsh", "b.txt", gender="male"), both, overrides=Overrides())
    assert d.into is None and "Tony Marsh" in d.reason and "Jim Marsh" in d.reason


def test_a_bare_surname_needs_a_shared_post_or_organization():
    bare = plan(person("Marsh", "b.txt"), FULL, overrides=Overrides())
    assert bare.into is None and "bare surname" in bare.reason
    tied_full = [person("Tony Marsh", "a.txt", gender="male", ties={"labour party"})]
    tied = plan(person("Marsh", "b.txt", ties={"labour party"}), tied_full, overrides=Overrides())
    assert tied.into == tied_full[0].iri and "labour party" in tied.reason


def test_a_full_name_is_no_short_form():
    assert plan(person("Jim Marsh", "b.txt"), FULL, overrides=Overrides()) is None


def test_a_users_file_overrules(tmp_path):
    f = tmp_path / "merges.txt"
    f.write_text("# reviewed\nsame: Mrs Hale | Michael Hale\ndifferent: Mr Marsh | Tony Marsh\n", encoding="utf-8")
    o = read_overrides(f)
    assert plan(person("Mrs Hale", "b.txt", gender="female"), FULL, overrides=o).into == FULL[1].iri
    kept = plan(person("Mr Marsh", "b.txt", gender="male"), FULL, overrides=o)
    assert kept.into is None and "a user said" in kept.reason


def test_a_malformed_decisions_file_names_its_line(tmp_path):
    f = tmp_path / "merges.txt"
    f.write_text("same: Mr Marsh\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"merges.txt:1: expected"):
        read_overrides(f)


def _source(name, text):
    return Source(name, None, text, hashlib.sha256(text.encode("utf-8")).hexdigest())


@pytest.fixture(scope="module")
def corpus():
    nlp = kg.extract.pipeline.load_pipeline()
    a = _source("a.txt", "Tony Marsh, the Labour leader, said on Monday that the party would win.\n\n"
                         "Michael Hale, leader of the Conservatives, disagreed.\n")
    b = _source("b.txt", "Mr Marsh said he would stand down in May. "
                         "Mrs Hale, a councillor, said she was sorry to see him go.\n")
    return build_dataset([a, b], nlp=nlp), None


def test_across_articles_mr_marsh_is_tony_marsh_with_the_evidence_of_both(corpus):
    ds, _ = corpus
    union = Dataset(default_union=True)
    for q in ds.quads((None, None, None, None)):
        union.add(q)
    marsh = DATA["person/tony-marsh"]
    assert (marsh, RDFS.label, Literal("Tony Marsh")) in union
    assert (marsh, SKOS.altLabel, Literal("Mr Marsh")) in union
    assert (marsh, KG.leaderOf, None) in union and (marsh, KG.resignedFrom, None) in union
    assert not list(union.triples((None, RDFS.label, Literal("Mr Marsh"))))
    decisions = {str(n): (into, str(r)) for d in union.subjects(None, KG.MergeDecision)
                 for n in union.objects(d, KG.mergedName) for r in union.objects(d, KG.reason)
                 for into in (list(union.objects(d, KG.mergedInto)) or [None])}
    assert decisions["Mr Marsh"][0] == marsh
    assert decisions["Mrs Hale"][0] is None and "gender" in decisions["Mrs Hale"][1]


def test_the_bundled_merges_query_lists_each_decision_with_its_reason(corpus):
    ds, _ = corpus
    union = Dataset(default_union=True)
    for q in ds.quads((None, None, None, None)):
        union.add(q)
    query = bundled_query("merges")
    result = run_query(union, query.text)
    rows = {str(r[0]): (str(r[2]) if r[2] is not None else "", str(r[3])) for r in result.rows}
    assert rows["Mr Marsh"][0] == "Tony Marsh" and "Mr" in rows["Mr Marsh"][1]
    assert rows["Mrs Hale"][0] == "" and rows["Mrs Hale"][1].startswith("kept apart")
    assert run_query(union, query.store_text).rows == result.rows  # as a store is asked it


def test_cli_build_with_jobs_and_reviewed_merges_then_kg_merges(tmp_path):
    from typer.testing import CliRunner

    from kg.cli import app

    folder = tmp_path / "news"
    folder.mkdir()
    (folder / "a.txt").write_text("Tony Marsh, the Labour leader, spoke on Monday.\n", encoding="utf-8")
    (folder / "b.txt").write_text("Mr Marsh said he would stand down in May.\n", encoding="utf-8")
    runner = CliRunner()
    out = tmp_path / "all.ttl"
    assert runner.invoke(app, ["build", str(folder), "-o", str(out), "--jobs", "2"]).exit_code == 0
    listed = runner.invoke(app, ["merges", str(out), "-f", "csv"])
    assert listed.exit_code == 0 and "Mr Marsh" in listed.stdout and "Tony Marsh" in listed.stdout
    reviewed = tmp_path / "reviewed.txt"
    reviewed.write_text("different: Mr Marsh | Tony Marsh\n", encoding="utf-8")
    out2 = tmp_path / "kept.ttl"
    assert runner.invoke(app, ["build", str(folder), "-o", str(out2), "--merges", str(reviewed)]).exit_code == 0
    kept = runner.invoke(app, ["merges", str(out2), "-f", "csv"]).stdout
    assert "a user said" in kept
    # an override that names no one in the articles is warned of, whatever the format written
    reviewed.write_text("different: Mr Marsh | Tony Marsh\nsame: Mrs Quill | Ada Quill\n", encoding="utf-8")
    for name in ("w.ttl", "w.nt", "w.trig"):
        warned = runner.invoke(app, ["build", str(folder), "-o", str(tmp_path / name), "--merges", str(reviewed)])
        assert warned.exit_code == 0 and "names no person of the articles" in warned.stderr, name
        assert "Marsh" not in warned.stderr.split("names no person")[0].rsplit("\n", 1)[-1], name
    bad = tmp_path / "bad.txt"
    bad.write_text("maybe: A | B\n", encoding="utf-8")
    failed = runner.invoke(app, ["build", str(folder), "-o", str(tmp_path / "x.ttl"), "--merges", str(bad)])
    assert failed.exit_code == 1 and not (tmp_path / "x.ttl").exists()


def test_a_later_store_run_merges_with_people_an_earlier_run_named(tmp_path):
    from typer.testing import CliRunner

    from kg.cli import app

    first, second = tmp_path / "monday", tmp_path / "tuesday"
    first.mkdir()
    second.mkdir()
    (first / "a.txt").write_text("Tony Marsh, the Labour leader, spoke on Monday.\n", encoding="utf-8")
    (second / "b.txt").write_text("Mr Marsh said he would stand down in May.\n", encoding="utf-8")
    store = tmp_path / "kg.store"
    runner = CliRunner()
    assert runner.invoke(app, ["build", str(first), "--store", str(store)]).exit_code == 0
    assert runner.invoke(app, ["build", str(second), "--store", str(store)]).exit_code == 0
    listed = runner.invoke(app, ["merges", str(store), "-f", "csv"]).stdout
    assert "Mr Marsh" in listed and "Tony Marsh" in listed and "fits only" in listed
    asked = runner.invoke(app, ["query", str(store), "-f", "csv",
                                'SELECT ?l WHERE { ?p rdfs:label "Tony Marsh" ; kg:resignedFrom ?x . ?p rdfs:label ?l }'])
    assert "Tony Marsh" in asked.stdout


def test_a_later_chunk_of_one_store_build_merges_with_people_an_earlier_chunk_named(tmp_path):
    """Each chunk is written with the merges its own articles allow; once all are in, merges are
    planned over the whole store and the article whose merge changed is rewritten."""
    from kg.store.articles import ArticleStore
    from kg.store.build import build_articles

    nlp = kg.extract.pipeline.load_pipeline()
    texts = {
        "a.txt": "Tony Marsh, the Labour leader, spoke on Monday.\n",
        "b.txt": "The council met on Tuesday to set its budget.\n",
        "c.txt": "Mr Marsh said he would stand down in May.\n",
    }
    sources = [Source(n, None, t, hashlib.sha256(t.encode()).hexdigest()) for n, t in texts.items()]
    dumps = set()
    for run in range(3):
        loads = []
        with ArticleStore(tmp_path / f"kg{run}.store") as st:
            counts = build_articles(st, sources, pipeline=lambda: loads.append(1) or nlp, chunk=1)
            dumps.add(st.dump("nquads").data)
        assert counts == {"added": 3, "rewritten": 1}  # c.txt, once Tony Marsh is known
        assert len(loads) == 1  # the pipeline is loaded once a build, not once a chunk
    assert len(dumps) == 1
    dump = dumps.pop().decode("utf-8")
    assert f"<{KG.mergedInto}> <{DATA['person/tony-marsh']}>" in dump
