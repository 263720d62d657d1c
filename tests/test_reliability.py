"""Reliability: the whole bad-input catalogue of the README in one place, and what kg must never
do (replace a device, crash on a file name, give a store that depends on how the build ran).

Every command gets bad input as a one-line ``kg: error: ...`` and exit 1, never a traceback, and
never a half-written or replaced output. Special files (a FIFO, device nodes) are made in a
temporary folder, never the system's. The real spaCy pipeline is used (cached per module).
"""
from __future__ import annotations

import re
import json
import os
import stat
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pyoxigraph as ox
import pytest

from test_cli import (  # noqa: F401  (runner is a fixture)
    ARTICLE_A, ARTICLE_B, ROOT, SAMPLE, assert_one_line_error, no_leftovers, parse, run, runner,
    stderr_lines,
)
from kg.rdf.vocab import KG
from test_cli import articles  # noqa: F401,E402  (a fixture)

# --- bad input ----------------------------------------------------------------------------


def _missing(tmp: Path) -> list[str]:
    return [str(tmp / "no-such-article.txt")]


def _no_txt(tmp: Path) -> list[str]:
    folder = tmp / "notes"
    folder.mkdir()
    (folder / "readme.md").write_text("Not an article.\n", encoding="utf-8")
    return [str(folder)]


def _empty(tmp: Path) -> list[str]:
    (tmp / "empty.txt").write_bytes(b"")
    return [str(tmp / "empty.txt")]


def _blank(tmp: Path) -> list[str]:
    (tmp / "blank.txt").write_bytes(b"  \n\n\t\n")
    return [str(tmp / "blank.txt")]


def _binary(tmp: Path) -> list[str]:
    (tmp / "image.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    return [str(tmp / "image.txt")]


def _not_utf8(tmp: Path) -> list[str]:
    (tmp / "latin1.txt").write_bytes("Le café de la mairie a fermé.\n".encode("latin-1"))
    return [str(tmp / "latin1.txt")]


def _enormous_line(tmp: Path) -> list[str]:
    (tmp / "one-line.txt").write_text("The council met again. " * 6000, encoding="utf-8")  # 138000 chars
    return [str(tmp / "one-line.txt")]


BAD_INPUTS = {
    "missing path": (_missing, "no such file"),
    "folder without .txt": (_no_txt, "no .txt"),
    "empty file": (_empty, "empty"),
    "blank file": (_blank, "empty"),
    "binary file": (_binary, "binary"),
    "non-UTF-8 file": (_not_utf8, "UTF-8"),
    "enormous line": (_enormous_line, "line"),
}


@pytest.mark.parametrize("case", list(BAD_INPUTS))
def test_bad_input_is_one_line_error_and_writes_nothing(runner, tmp_path, case):
    make, words = BAD_INPUTS[case]
    paths = make(tmp_path)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    out = out_dir / "graph.ttl"
    result = run(runner, "build", *paths, "-o", str(out))
    assert_one_line_error(result, contains=words)
    assert result.stdout == ""
    assert not out.exists()
    assert list(out_dir.iterdir()) == []


def test_unknown_format(runner, articles, tmp_path):
    out = tmp_path / "graph.xml"
    result = run(runner, "build", str(articles / "a.txt"), "-o", str(out), "--format", "rdfxml")
    line = assert_one_line_error(result, contains="rdfxml")
    assert "turtle" in line
    assert not out.exists()


def test_missing_model_names_the_pip_command(runner, articles, tmp_path):
    out = tmp_path / "graph.ttl"
    result = run(runner, "build", str(articles / "a.txt"), "-o", str(out), "--model", "no_such_pipeline")
    assert_one_line_error(result, contains="pip install")
    assert "no_such_pipeline" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize("model", ["./no/such/folder", "spacy", "typer"])
def test_a_model_name_that_is_no_pipeline_is_a_one_line_error(runner, articles, tmp_path, model):
    out = tmp_path / "graph.ttl"
    result = run(runner, "build", str(articles / "a.txt"), "-o", str(out), "--model", model)
    assert_one_line_error(result, contains=model)
    assert not out.exists()


def test_folder_with_a_bad_file_skips_it_and_still_writes(runner, tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "good.txt").write_text(ARTICLE_A, encoding="utf-8")
    (folder / "bad.txt").write_bytes("Caf\xe9 society.\n".encode("latin-1"))
    out = tmp_path / "mixed.ttl"
    result = run(runner, "build", str(folder), "-o", str(out))
    assert result.exit_code == 0, result.output
    lines = stderr_lines(result)
    skipped = [line for line in lines if line.startswith("kg: skipped")]
    assert len(skipped) == 1 and "bad.txt" in skipped[0], lines
    assert not any(line.startswith("kg: error") for line in lines)
    assert "Traceback" not in result.output
    g = parse(out, "turtle")
    names = {str(o).rsplit("/", 1)[-1] for o in g.objects(predicate=KG.fileName)}
    assert names == {"good.txt"}


def test_folder_of_only_bad_files_fails(runner, tmp_path):
    folder = tmp_path / "allbad"
    folder.mkdir()
    (folder / "empty.txt").write_bytes(b"")
    out = tmp_path / "allbad.ttl"
    result = run(runner, "build", str(folder), "-o", str(out))
    assert result.exit_code == 1
    lines = stderr_lines(result)
    assert [line for line in lines if line.startswith("kg: error: ")], lines
    assert all(line.startswith(("kg: error: ", "kg: skipped ")) for line in lines), lines
    assert "Traceback" not in result.output
    assert not out.exists()


@pytest.mark.parametrize("failure", ["missing path", "empty file", "missing model", "unknown format"])
def test_a_failed_run_does_not_clobber_an_existing_output(runner, articles, tmp_path, failure):
    out = tmp_path / "graph.ttl"
    out.write_text("# the previous graph\n", encoding="utf-8")
    good = str(articles / "a.txt")
    args = {
        "missing path": [str(tmp_path / "gone.txt")],
        "empty file": _empty(tmp_path),
        "missing model": [good, "--model", "no_such_pipeline"],
        "unknown format": [good, "--format", "xml"],
    }[failure]
    result = run(runner, "build", *args, "-o", str(out))
    assert_one_line_error(result)
    assert out.read_text(encoding="utf-8") == "# the previous graph\n"
    assert no_leftovers(tmp_path) == []


def test_unwritable_output_is_one_line_error(runner, articles, tmp_path):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    result = run(runner, "build", str(articles / "a.txt"), "-o", str(folder))
    assert_one_line_error(result, contains="cannot write")
    assert list(folder.iterdir()) == []




# --- outputs: never replace what is not a regular file ------------------------------------

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")


def _device(path: Path, minor: int) -> Path:
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, minor))  # 3: as /dev/null, 7: as /dev/full
    return path


@pytest.fixture(scope="module")
def sample_graph(runner, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("graph") / "sample.ttl"
    assert run(runner, "build", str(SAMPLE), "-o", str(out)).exit_code == 0
    return out


def _commands(graph: Path, out: Path) -> dict[str, list[str]]:
    return {
        "build": ["build", str(SAMPLE), "-o", str(out)],
        "query": ["query", str(graph), "--name", "positions", "-o", str(out)],
        "draw": ["draw", str(graph), "-o", str(out), "--format", "svg"],
        "export": ["export", str(graph), "--to", "graphml", "-o", str(out)],
    }


@needs_root
@pytest.mark.parametrize("command", ["build", "query", "draw", "export"])
def test_a_full_device_is_an_error_and_stays_a_device(runner, sample_graph, tmp_path, command):
    full = _device(tmp_path / "full", 7)
    result = run(runner, *_commands(sample_graph, full)[command])
    assert_one_line_error(result, contains="No space left on device")
    assert stat.S_ISCHR(os.lstat(full).st_mode)
    assert os.listdir(tmp_path) == ["full"]


@needs_root
@pytest.mark.parametrize("command", ["build", "query", "draw", "export"])
def test_a_null_device_is_written_to_not_replaced(runner, sample_graph, tmp_path, command):
    null = _device(tmp_path / "null", 3)
    result = run(runner, *_commands(sample_graph, null)[command])
    assert result.exit_code == 0, result.output
    assert stat.S_ISCHR(os.lstat(null).st_mode)
    assert os.listdir(tmp_path) == ["null"]


@pytest.mark.parametrize("command", ["build", "query", "draw", "export"])
def test_a_fifo_gets_the_output(runner, sample_graph, tmp_path, command):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
    reader.start()
    result = run(runner, *_commands(sample_graph, fifo)[command])
    reader.join(60)
    assert result.exit_code == 0, result.output
    assert got and got[0]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("command", ["build", "query", "draw", "export"])
def test_a_symlink_is_written_through_and_a_mode_kept(runner, sample_graph, tmp_path, command):
    real = tmp_path / "real.out"
    real.write_bytes(b"old")
    os.chmod(real, 0o600)
    link = tmp_path / "link.out"
    link.symlink_to(real)
    result = run(runner, *_commands(sample_graph, link)[command])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and real.read_bytes() != b"old"
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o600
    assert sorted(os.listdir(tmp_path)) == ["link.out", "real.out"]


def test_dev_stdout_works_in_a_real_process(tmp_path):
    done = subprocess.run([sys.executable, "-c", "from kg.cli import app; app()", "build", str(SAMPLE),
                           "-o", "/dev/stdout"], capture_output=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert b"kg:Assertion" in done.stdout


# --- file names ---------------------------------------------------------------------------

BAD_NAME = os.fsdecode(b"bad\xffbyte.txt")


@pytest.fixture
def odd_folder(tmp_path) -> Path:
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / BAD_NAME).write_text(ARTICLE_A, encoding="utf-8")
    (folder / "caf\u00e9 \"quoted\" \U0001f600.txt").write_text(ARTICLE_B, encoding="utf-8")
    return folder


@pytest.mark.parametrize("fmt", ["nt", "ttl", "trig", "jsonld"])
def test_a_file_name_that_is_not_utf8_is_kept_with_escapes(runner, odd_folder, tmp_path, fmt):
    out = tmp_path / f"x.{fmt}"
    result = run(runner, "build", str(odd_folder), "-o", str(out))
    assert result.exit_code == 0, result.output
    names = {str(o).rsplit("/", 1)[-1] for o in parse(out, {"ttl": "turtle"}.get(fmt, fmt)).objects(predicate=KG.fileName)}
    assert names == {"bad\\xffbyte.txt", "caf\u00e9 \"quoted\" \U0001f600.txt"}


def test_a_file_name_that_is_not_utf8_goes_into_a_store_and_out_again(runner, odd_folder, tmp_path):
    store = tmp_path / "s"
    result = run(runner, "build", str(odd_folder), "--store", str(store))
    assert result.exit_code == 0, result.output
    assert "bad\\xffbyte.txt" in result.stderr
    dumped = run(runner, "export", str(store), "--format", "nquads")
    assert "bad\\\\xffbyte.txt" in dumped.stdout   # N-Quads escapes the backslash once more
    removed = run(runner, "remove", "--store", str(store), str(odd_folder / BAD_NAME))
    assert removed.exit_code == 0, removed.output
    assert "removed" in removed.stderr


# --- folders and paths --------------------------------------------------------------------


def test_a_symlink_loop_in_a_folder_is_reported_as_skipped(runner, tmp_path):
    folder = tmp_path / "news"
    folder.mkdir()
    (folder / "good.txt").write_text(ARTICLE_A, encoding="utf-8")
    (folder / "loop.txt").symlink_to(folder / "loop.txt")
    (folder / "gone.txt").symlink_to(folder / "nowhere.txt")
    result = run(runner, "build", str(folder), "-o", str(tmp_path / "x.ttl"))
    assert result.exit_code == 0, result.output
    skipped = sorted(line for line in stderr_lines(result) if line.startswith("kg: skipped"))
    assert len(skipped) == 2, result.stderr
    assert "gone.txt" in skipped[0] and "broken symlink" in skipped[0]
    assert "loop.txt" in skipped[1] and "looping symlink" in skipped[1]


def test_a_path_named_twice_is_one_article(runner, articles, tmp_path):
    a = str(articles / "a.txt")
    result = run(runner, "build", a, a, str(articles), "-o", str(tmp_path / "x.ttl"))
    assert result.exit_code == 0, result.output
    assert "(2 articles)" in result.stderr   # a.txt once, then b.txt from the folder


# --- merges -------------------------------------------------------------------------------


def test_a_merges_pair_that_names_nobody_is_warned_of(runner, articles, tmp_path):
    reviewed = tmp_path / "reviewed.txt"
    reviewed.write_text("same: Mr Nobody | Tom Hale\ndifferent: Hale | Tom Hale\n", encoding="utf-8")
    for where in (["-o", str(tmp_path / "x.ttl")], ["--store", str(tmp_path / "s")]):
        result = run(runner, "build", str(articles), "--merges", str(reviewed), *where)
        assert result.exit_code == 0, result.output
        warnings = [line for line in stderr_lines(result) if line.startswith("kg: warning:")]
        assert len(warnings) == 1 and "Mr Nobody" in warnings[0], result.stderr


def test_a_store_and_a_file_hold_the_same_quads(runner, articles, tmp_path):
    """Every quad, decimals included: a confidence is written in canonical form everywhere."""
    store, trig = tmp_path / "s", tmp_path / "all.trig"
    assert run(runner, "build", str(articles), "--store", str(store)).exit_code == 0
    assert run(runner, "build", str(articles), "-o", str(trig)).exit_code == 0
    with open(trig, "rb") as f:
        in_file = {str(q) for q in ox.parse(f, format=ox.RdfFormat.TRIG)}
    dumped = run(runner, "export", str(store), "--format", "nquads").stdout.encode("utf-8")
    in_store = {str(q) for q in ox.parse(dumped, format=ox.RdfFormat.N_QUADS)}
    assert in_file == in_store
    decimals = [m for q in in_file for m in re.findall(r'"([^"]*)"\^\^<http://www.w3.org/2001/XMLSchema#decimal>', q)]
    assert decimals and all(re.fullmatch(r"0\.\d*[1-9]|1\.0", d) for d in decimals), sorted(set(decimals))


@pytest.mark.slow
def test_the_same_store_whatever_jobs_kills_chunks_and_order():
    """The generated-corpus check (benchmarks/same_store.py) on 220 articles: --jobs 1 and 2, a
    build killed at random moments then run to the end, chunks of 5 in reverse order, and -o."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import same_store

    assert same_store.main(["--articles", "220", "--kills", "2"]) == 0


# --- the command line ---------------------------------------------------------------------


def test_version(runner):
    result = run(runner, "--version")
    assert result.exit_code == 0 and result.stdout.startswith("kg ")


def test_a_file_build_shows_progress_on_a_terminal(runner, articles, tmp_path, monkeypatch):
    import kg.cliprogress

    real = kg.cliprogress.progress
    monkeypatch.setattr(kg.cliprogress, "progress", lambda: real(enabled=True))
    result = run(runner, "build", str(articles), "-o", str(tmp_path / "x.ttl"))
    assert result.exit_code == 0, result.output
    assert "articles 2" in result.stderr and "words/s" in result.stderr


def test_removing_the_article_that_names_a_person_in_full_undoes_the_merge(runner, tmp_path):
    news = tmp_path / "news"
    news.mkdir()
    (news / "full.txt").write_text("Tony Marsh, the Labour leader, spoke in Leeds on Monday.\n", encoding="utf-8")
    (news / "short.txt").write_text("Mr Marsh said on Tuesday that he would stand down in May.\n", encoding="utf-8")
    store = tmp_path / "s"
    assert run(runner, "build", str(news), "--store", str(store)).exit_code == 0
    merged = "https://w3id.org/kg-news/id/person/tony-marsh"
    ask = f"ASK {{ ?d kg:mergedInto <{merged}> }}"
    assert run(runner, "query", str(store), ask).stdout.strip() == "yes"
    removed = run(runner, "remove", "--store", str(store), str(news / "full.txt"))
    assert removed.exit_code == 0, removed.output
    assert "1 article rewritten for merges across articles" in removed.stderr
    assert run(runner, "query", str(store), ask).stdout.strip() == "no"
    # and the store is the one a fresh build of what is left gives
    fresh = tmp_path / "fresh"
    (news / "full.txt").unlink()
    assert run(runner, "build", str(news), "--store", str(fresh)).exit_code == 0
    assert run(runner, "export", str(store), "--format", "nquads").stdout == \
        run(runner, "export", str(fresh), "--format", "nquads").stdout


# --- well-formed output in every writer ---------------------------------------------------


@pytest.mark.parametrize("to", ["graphml", "gexf"])
def test_an_export_of_a_label_with_control_characters_is_well_formed_xml(runner, tmp_path, to):
    graph = tmp_path / "g.ttl"
    graph.write_text(
        '@prefix kg: <https://w3id.org/kg-news/ontology#> .\n'
        '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n'
        '<https://w3id.org/kg-news/id/person/a> a kg:Person ; rdfs:label "Ana\\u0001 <Ruiz> & \\u000B\\U0001F600" ;\n'
        '    kg:memberOf <https://w3id.org/kg-news/id/organization/b> .\n'
        '<https://w3id.org/kg-news/id/organization/b> a kg:Organization ; rdfs:label "B\\u001F Party" .\n',
        encoding="utf-8")
    out = tmp_path / f"x.{to}"
    result = run(runner, "export", str(graph), "--to", to, "-o", str(out))
    assert result.exit_code == 0, result.output
    values = set()
    for element in ET.parse(out).iter():   # parses: the file is well-formed
        values.add((element.text or "").strip())
        values.update(element.attrib.values())
    assert "Ana\ufffd <Ruiz> &  \U0001F600" in values
    assert "B\ufffd Party" in values
