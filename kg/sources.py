"""Read articles: files, folders of ``*.txt`` files, or stdin, validated and decoded once.

A source is read as bytes exactly once, checked (not empty, not binary, UTF-8, no enormous
line, not too long), decoded, and its newlines normalised to ``\\n``. Every problem is an
:class:`~kg.errors.InputError` with a one-line message naming the file.
"""
from __future__ import annotations

import errno
import hashlib
import os
import stat
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterator, Sequence

from kg.errors import InputError
from kg.names import path_name

#: The longest line kg accepts, in characters.
MAX_LINE_CHARS = 100_000
#: The longest article kg accepts, in characters (after decoding).
MAX_TEXT_CHARS = 1_000_000  # spaCy's own limit for one Doc (nlp.max_length)
#: Never read more bytes than this: UTF-8 uses at most 4 bytes a character, plus a 3-byte BOM.
MAX_BYTES = 4 * MAX_TEXT_CHARS + 3
#: A text whose share of control characters (other than tab and line/page breaks) exceeds this
#: is taken for binary data.
MAX_CONTROL_SHARE = 0.10
#: The suffix of the files read from a folder.
TEXT_SUFFIX = ".txt"

STDIN_NAME = "stdin"
# Unicode category Cc (C0 and C1 controls) except tab, line feed, vertical tab, form feed.
_CONTROLS = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f\r]")


@dataclass(frozen=True)
class Source:
    """One article, read and validated."""

    name: str  # the path as named (relative, ``/``-separated); "stdin" for "-"
    path: str | None  # the absolute path; None for stdin
    text: str  # decoded UTF-8, without a leading BOM, newlines normalised to "\n"
    sha256: str  # hex sha256 of text.encode("utf-8")


@dataclass(frozen=True)
class Skipped:
    """A file inside a folder that could not be read; reported and skipped."""

    path: str  # the path as named, like Source.name
    reason: str  # one line


def read_text(data: bytes, *, name: str) -> str:
    """Validate and decode the bytes of an article called ``name``; raise InputError if unfit."""
    if len(data) > MAX_BYTES:
        raise InputError(_too_long(name, f"more than {MAX_BYTES} bytes"))
    if b"\x00" in data:
        raise InputError(f"{name} looks binary, not text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{name} is not UTF-8 text (byte 0x{data[exc.start]:02X} at offset {exc.start})"
        ) from None
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise InputError(f"{name} is empty")
    if _control_share(text) > MAX_CONTROL_SHARE:
        raise InputError(f"{name} looks binary, not text")
    if len(text) > MAX_TEXT_CHARS:
        raise InputError(_too_long(name, f"{len(text)} characters"))
    longest = max(len(line) for line in text.split("\n"))
    if longest > MAX_LINE_CHARS:
        raise InputError(
            f"{name} has a line of {longest} characters; kg reads articles of ordinary lines "
            f"(at most {MAX_LINE_CHARS} characters each)"
        )
    return text


def read_source(path: str | Path, *, stdin: BinaryIO | None = None) -> Source:
    """Read one article from a file, or from ``stdin`` (default: the process's) if path is "-"."""
    if str(path) == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        try:
            data = stream.read(MAX_BYTES + 1)
        except OSError as exc:
            raise InputError(f"cannot read {STDIN_NAME}: {exc.strerror or exc}") from None
        return _source(STDIN_NAME, None, data)
    name = path_name(path)
    file = Path(path)
    if file.is_dir():
        raise InputError(f"{name} is a folder, not a file")
    try:
        with open(file, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise InputError(f"no such file or folder: {name}") from None
    except OSError as exc:
        raise InputError(f"cannot read {name}: {exc.strerror or exc}") from None
    return _source(name, str(file.resolve()), data)


def iter_sources(
    paths: Sequence[str | Path], *, stdin: BinaryIO | None = None
) -> Iterator[Source | Skipped]:
    """Read every article named by ``paths``: files, "-" for stdin, or folders.

    A folder gives every ``*.txt`` file under it, recursively, sorted by relative path; a bad
    file inside a folder (unreadable, not a regular file, a broken or looping symlink) gives a
    :class:`Skipped`, while a bad file named directly, a missing path, or a folder without
    ``.txt`` files raises :class:`InputError`. A path named twice (``a.txt a.txt``, or a file
    and a folder that holds it) is read once, where it first comes.
    """
    seen: set[str] = set()

    def first(name: str) -> bool:
        if name in seen:
            return False
        seen.add(name)
        return True

    for path in paths:
        if str(path) == "-":
            if first(STDIN_NAME):
                yield read_source("-", stdin=stdin)
            continue
        name = path_name(path)
        if not os.path.exists(path):
            if os.path.islink(path):
                raise InputError(f"{name} is a broken or looping symlink")
            raise InputError(f"no such file or folder: {name}")
        if not os.path.isdir(path):
            if first(name):
                yield read_source(path)
            continue
        members = _folder_texts(path)
        if not members:
            raise InputError(f"no .txt files in folder: {name}")
        for member, problem in members:
            member_name = path_name(member)
            if not first(member_name):
                continue
            if problem:
                yield Skipped(path=member_name, reason=f"{member_name} {problem}")
                continue
            try:
                yield read_source(member)
            except InputError as exc:
                yield Skipped(path=member_name, reason=str(exc))


def _folder_texts(folder: str | Path) -> list[tuple[str, str]]:
    """The ``*.txt`` entries under ``folder`` (recursively, symlinked folders not followed),
    as (path joined onto ``folder``, problem) sorted by their path relative to it; the problem
    is "" for a regular file (or a symlink to one), else why it cannot be read."""
    found: list[tuple[str, str, str]] = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for file in files:
            full = os.path.join(root, file)
            if file.endswith(TEXT_SUFFIX):
                relative = Path(os.path.relpath(full, folder)).as_posix()
                found.append((relative, full, _unreadable(full)))
    return [(full, problem) for _, full, problem in sorted(found)]


def _unreadable(path: str) -> str:
    """Why a folder's entry is no file to read ("" when it is one)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if os.path.islink(path):
            return "is a looping symlink" if exc.errno == errno.ELOOP else "is a broken symlink"
        return f"cannot be read: {exc.strerror or exc}"
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "is a folder"
    return "is not a regular file (a device, FIFO or socket)"


def _source(name: str, path: str | None, data: bytes) -> Source:
    text = read_text(data, name=name)
    return Source(
        name=name, path=path, text=text, sha256=hashlib.sha256(text.encode("utf-8")).hexdigest()
    )


def _control_share(text: str) -> float:
    return len(_CONTROLS.findall(text)) / len(text)


def _too_long(name: str, size: str) -> str:
    return f"{name} has {size}; kg reads articles of at most {MAX_TEXT_CHARS} characters"
