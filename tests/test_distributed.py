"""Beyond one machine: kg.scale.distributed on a local Dask cluster (127.0.0.1, two worker processes).

Six short invented articles go through build_shards in tasks of two, so that a cross-article
merge ("Mr Marsh" is "Tony Marsh"), a merge kept apart ("Mrs Hale" is not "Michael Hale") and
one text under two paths all span tasks. What is checked: the shards, read back, serialise to
the same TriG bytes as a single-process build_dataset; loaded into a store (article by article,
or in bulk) they give the same store, every quad of it, as kg build --store's own path; loading
them again changes nothing; a second build writes the same bytes; each worker loads its pipeline
once.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import distributed
import pytest

from kg.scale.distributed import Shard, build_shards, load_shards, loaded_pipelines, read_shards
from kg.errors import InputError, OutputError
from kg.build import build_dataset
from kg.extract.pipeline import DEFAULT_MODEL, load_pipeline
from kg.sources import Source
from kg.store.articles import ArticleStore
from kg.store.build import build_articles
from kg.rdf.writer import serialize

ARTICLES = {
    "news/a.txt": (
        "Tony Marsh, the leader of the Riverton City Council, resigned on Monday after a long inquiry.\n\n"
        "Marsh said he was sorry for the remarks.\n"
    ),
    "news/b.txt": (
        "Nora Voss attended the 2024 budget meeting on Tuesday.\n\n"
        "Voss said the council would vote on the plan in May.\n"
    ),
    "news/c.txt": "Mr Marsh said on Friday that he would not return to the council.\n\nHis lawyer declined to comment.\n",
    "news/d.txt": "Mrs Hale told the Valley Courier that she would stand for mayor next year.\n",
    "news/e.txt": (
        "Michael Hale, a councilman, attended the harbor meeting on Wednesday.\n\n"
        "Hale said the port would reopen in June.\n"
    ),
}
ARTICLES["news/f.txt"] = ARTICLES["news/b.txt"]  # one text, two paths, in two tasks


def source(name: str, text: str) -> Source:
    return Source(name, None, text, hashlib.sha256(text.encode("utf-8")).hexdigest())


SOURCES = [source(name, text) for name, text in ARTICLES.items()]


pytestmark = pytest.mark.slow  # a Dask cluster of two processes

@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def shards(client, tmp_path_factory) -> list[Shard]:
    return build_shards(SOURCES, tmp_path_factory.mktemp("dask") / "shards", scheduler=client, articles_per_task=2)


@pytest.fixture(scope="module")
def single(nlp):
    return build_dataset(SOURCES, nlp=nlp)


def all_quads(path) -> set:
    """Every quad of a store: article graphs, catalogue and the union default graph."""
    with ArticleStore(path, create=False) as st:
        return set(st.store.quads_for_pattern(None, None, None, None))


def test_shards_hold_what_one_process_builds(shards, single):
    assert [Path(s.path).name for s in shards] == ["shard-00000.nq", "shard-00001.nq", "shard-00002.nq"]
    assert [s.articles for s in shards] == [2, 2, 2]
    folder = Path(shards[0].path).parent
    assert sorted(p.name for p in folder.iterdir()) == [Path(s.path).name for s in shards]  # no temp file left
    for shard in shards:
        lines = Path(shard.path).read_bytes().splitlines()
        assert len(lines) == shard.quads and lines == sorted(lines, key=lambda b: b.split(b" ")[-2])
    trig = serialize(read_shards(shards), fmt="trig")
    assert trig == serialize(single, fmt="trig")
    # the merges were planned over all articles, not within a task
    assert b"kg:mergedInto <https://w3id.org/kg-news/id/person/tony-marsh>" in trig
    assert b"kept apart: 'Mrs Hale' and 'Michael Hale' differ in gender" in trig


def test_shards_load_into_the_store_kg_build_store_makes(shards, nlp, tmp_path):
    with ArticleStore(tmp_path / "reference.store") as st:
        build_articles(st, SOURCES, pipeline=lambda: nlp, chunk=2)  # kg build --store, merges settled
        reference = st.dump("nquads").data

    assert load_shards(shards, tmp_path / "put.store") == {"added": 6}
    assert load_shards([s.path for s in shards], tmp_path / "bulk.store", bulk=True) == {"added": 6}
    for name in ("put.store", "bulk.store"):
        with ArticleStore(tmp_path / name, create=False) as st:
            assert st.dump("nquads").data == reference
            assert st.catalogue() == {s.name: s.sha256 for s in SOURCES}
        assert all_quads(tmp_path / name) == all_quads(tmp_path / "reference.store")

    before = all_quads(tmp_path / "put.store")
    assert load_shards(shards, tmp_path / "put.store") == {"unchanged": 6}
    assert all_quads(tmp_path / "put.store") == before
    with pytest.raises(OutputError, match="not a new or empty folder"):
        load_shards(shards, tmp_path / "put.store", bulk=True)


def test_a_second_build_writes_the_same_bytes_and_each_worker_loads_once(client, shards, tmp_path):
    again = build_shards([s for s in SOURCES], tmp_path / "again", scheduler=client.scheduler.address,
                         articles_per_task=2)
    assert [Path(s.path).read_bytes() for s in again] == [Path(s.path).read_bytes() for s in shards]
    loads = client.run(loaded_pipelines)
    assert len(loads) == 2
    for loaded in loads.values():
        assert [model for _, model in loaded] in ([], [DEFAULT_MODEL])


def test_folders_are_read_as_kg_build_reads_them(client, shards, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, text in ARTICLES.items():
        Path(name).parent.mkdir(exist_ok=True)
        Path(name).write_text(text, encoding="utf-8")
    Path("news/bad.txt").write_bytes(b"\x00\x01")
    skipped = []
    built = build_shards(["news"], "out", scheduler=client, articles_per_task=2, on_skip=skipped.append)
    assert [s.path for s in skipped] == ["news/bad.txt"]
    assert [Path(s.path).read_bytes() for s in built] == [Path(s.path).read_bytes() for s in shards]
    with pytest.raises(InputError, match="no readable article"):
        build_shards([], "none", scheduler=client)
