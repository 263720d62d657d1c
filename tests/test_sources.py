"""Reading articles: files, folders, stdin, and every kind of bad input."""
from __future__ import annotations

import hashlib
import io
import os

import pytest

from kg.errors import InputError
from kg.sources import (
    MAX_LINE_CHARS,
    MAX_TEXT_CHARS,
    Skipped,
    Source,
    iter_sources,
    read_source,
    read_text,
)


def write(path, data: bytes | str):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


# --- read_text ---------------------------------------------------------------------------


def test_read_text_plain():
    assert read_text(b"Hello, world.\n", name="a.txt") == "Hello, world.\n"


def test_read_text_strips_bom_and_normalises_newlines():
    data = "\ufeffFirst line.\r\nSecond line.\rThird line.\n".encode("utf-8")
    assert read_text(data, name="a.txt") == "First line.\nSecond line.\nThird line.\n"


def test_read_text_keeps_a_bom_that_is_not_leading():
    assert read_text("a\ufeffb".encode("utf-8"), name="a.txt") == "a\ufeffb"


def test_read_text_accepts_unicode_and_tabs():
    text = "Inés de la Fuente met Владимир in 東京.\tThen he left. 🎉\n"
    assert read_text(text.encode("utf-8"), name="a.txt") == text


@pytest.mark.parametrize("data", [b"", b"   ", b"\n\n\r\n\t ", "\ufeff".encode("utf-8")])
def test_read_text_empty(data):
    with pytest.raises(InputError, match=r"^a\.txt is empty$"):
        read_text(data, name="a.txt")


def test_read_text_nul_byte_is_binary():
    with pytest.raises(InputError, match=r"^a\.txt looks binary, not text$"):
        read_text(b"some text\x00more text", name="a.txt")


def test_read_text_many_control_characters_is_binary():
    data = bytes(range(1, 9)) * 50 + b"text"
    with pytest.raises(InputError, match="looks binary"):
        read_text(data, name="a.txt")


def test_read_text_a_few_control_characters_is_fine():
    text = "A line with one escape \x1b in it, and a form feed \f here.\n" * 5
    assert read_text(text.encode("utf-8"), name="a.txt") == text


def test_read_text_latin1_is_not_utf8():
    data = "Caf\u00e9 society".encode("latin-1")
    with pytest.raises(InputError) as info:
        read_text(data, name="cafe.txt")
    assert str(info.value) == "cafe.txt is not UTF-8 text (byte 0xE9 at offset 3)"


def test_read_text_enormous_line():
    data = b"x" * (MAX_LINE_CHARS + 1)
    with pytest.raises(InputError) as info:
        read_text(data, name="long.txt")
    message = str(info.value)
    assert message.startswith(f"long.txt has a line of {MAX_LINE_CHARS + 1} characters")
    assert "at most 100000 characters each" in message
    assert "\n" not in message


def test_read_text_longest_allowed_line():
    data = b"x" * MAX_LINE_CHARS + b"\n"
    assert len(read_text(data, name="a.txt")) == MAX_LINE_CHARS + 1


def test_read_text_too_long_overall():
    line = "word " * 1000 + "\n"
    data = (line * (MAX_TEXT_CHARS // len(line) + 1)).encode("utf-8")
    with pytest.raises(InputError, match=rf"^big\.txt has \d+ characters; .*at most {MAX_TEXT_CHARS}"):
        read_text(data, name="big.txt")


def test_error_messages_are_one_line():
    for data in [b"", b"\x00", b"\xff", b"y" * (MAX_LINE_CHARS + 5)]:
        with pytest.raises(InputError) as info:
            read_text(data, name="f.txt")
        assert "\n" not in str(info.value) and "f.txt" in str(info.value)


# --- read_source -------------------------------------------------------------------------


def test_read_source_file(tmp_path, monkeypatch):
    write(tmp_path / "article.txt", "\ufeffHello.\r\nWorld.\r\n")
    monkeypatch.chdir(tmp_path)
    source = read_source("article.txt")
    assert source == Source(
        name="article.txt",
        path=str(tmp_path / "article.txt"),
        text="Hello.\nWorld.\n",
        sha256=hashlib.sha256(b"Hello.\nWorld.\n").hexdigest(),
    )
    assert os.path.isabs(source.path)


def test_read_source_name_is_tidied(tmp_path, monkeypatch):
    write(tmp_path / "news" / "a.txt", "Text.")
    monkeypatch.chdir(tmp_path)
    assert read_source("./news/a.txt").name == "news/a.txt"


def test_read_source_sha256_is_of_normalised_text(tmp_path):
    a = read_source(write(tmp_path / "a.txt", "One.\r\nTwo.\r\n"))
    b = read_source(write(tmp_path / "b.txt", "One.\nTwo.\n"))
    assert a.sha256 == b.sha256 == hashlib.sha256(b"One.\nTwo.\n").hexdigest()


def test_read_source_any_suffix(tmp_path):
    assert read_source(write(tmp_path / "article.md", "Text.")).text == "Text."


def test_read_source_stdin():
    source = read_source("-", stdin=io.BytesIO("Hi from stdin.\r\n".encode("utf-8")))
    assert source.name == "stdin" and source.path is None
    assert source.text == "Hi from stdin.\n"


def test_read_source_stdin_empty():
    with pytest.raises(InputError, match="^stdin is empty$"):
        read_source("-", stdin=io.BytesIO(b""))


def test_read_source_missing(tmp_path):
    with pytest.raises(InputError, match="^no such file or folder: "):
        read_source(tmp_path / "nope.txt")


def test_read_source_folder(tmp_path):
    with pytest.raises(InputError, match="is a folder, not a file"):
        read_source(tmp_path)


def test_read_source_reads_bytes_once(tmp_path, monkeypatch):
    path = write(tmp_path / "a.txt", "Text.")
    opened = []
    real_open = open

    def counting_open(*args, **kwargs):
        opened.append(args[0])
        return real_open(*args, **kwargs)

    monkeypatch.setattr("builtins.open", counting_open)
    read_source(path)
    assert len(opened) == 1


# --- iter_sources ------------------------------------------------------------------------


def test_iter_sources_folder_recursive_sorted(tmp_path, monkeypatch):
    for rel in ["b.txt", "a.txt", "sub/z.txt", "sub/deeper/c.txt", "a-b.txt", "notes.md", "B.txt"]:
        write(tmp_path / "news" / rel, f"Article {rel}.")
    monkeypatch.chdir(tmp_path)
    names = [s.name for s in iter_sources(["news"])]
    relative = ["B.txt", "a-b.txt", "a.txt", "b.txt", "sub/deeper/c.txt", "sub/z.txt"]
    assert names == [f"news/{rel}" for rel in sorted(relative)]
    assert all(isinstance(s, Source) for s in iter_sources(["news"]))


def test_iter_sources_mixed_inputs_keep_order(tmp_path):
    one = write(tmp_path / "one.text", "One.")
    write(tmp_path / "dir" / "two.txt", "Two.")
    got = list(iter_sources([one, "-", tmp_path / "dir"], stdin=io.BytesIO(b"Three.")))
    assert [s.text for s in got] == ["One.", "Three.", "Two."]


def test_iter_sources_skips_bad_files_in_folder(tmp_path):
    write(tmp_path / "a.txt", "Good.")
    write(tmp_path / "b.txt", b"")
    write(tmp_path / "c.txt", b"\x89PNG\x00\x00")
    write(tmp_path / "d.txt", "Caf\u00e9".encode("latin-1"))
    write(tmp_path / "e.txt", "Also good.")
    got = list(iter_sources([tmp_path]))
    assert [type(s) for s in got] == [Source, Skipped, Skipped, Skipped, Source]
    skipped = [s for s in got if isinstance(s, Skipped)]
    assert [s.path.rsplit("/", 1)[-1] for s in skipped] == ["b.txt", "c.txt", "d.txt"]
    assert "is empty" in skipped[0].reason
    assert "looks binary" in skipped[1].reason
    assert "is not UTF-8" in skipped[2].reason
    assert all("\n" not in s.reason for s in skipped)


def test_iter_sources_bad_file_named_directly_raises(tmp_path):
    bad = write(tmp_path / "bad.txt", b"")
    with pytest.raises(InputError, match="is empty"):
        list(iter_sources([bad]))


def test_iter_sources_missing_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match="^no such file or folder: missing$"):
        list(iter_sources(["missing"]))


def test_iter_sources_folder_without_txt(tmp_path, monkeypatch):
    write(tmp_path / "news" / "readme.md", "Not an article.")
    (tmp_path / "news" / "sub.txt").mkdir()  # a folder named *.txt is not a file
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match="^no .txt files in folder: news$"):
        list(iter_sources(["news"]))


def test_iter_sources_empty_folder(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="no .txt files in folder"):
        list(iter_sources([tmp_path / "empty"]))


def test_iter_sources_is_lazy(tmp_path):
    write(tmp_path / "a.txt", "Good.")
    sources = iter_sources([tmp_path, tmp_path / "missing"])
    assert next(sources).text == "Good."
    with pytest.raises(InputError):
        next(sources)


def test_iter_sources_deterministic(tmp_path):
    for i in range(20):
        write(tmp_path / f"d{i % 3}" / f"f{i}.txt", f"Article {i}.")
    first = [s.name for s in iter_sources([tmp_path])]
    assert first == [s.name for s in iter_sources([tmp_path])]
    assert len(first) == 20
