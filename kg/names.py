"""The name kg gives a path: a plain string that every format and the store can hold, and that
leads back to the same path.

A file system gives names as bytes, and not every name is UTF-8 (``bad\\xffbyte.txt``). Python
hands such bytes over as lone surrogates (``\\udcff``), which no RDF writer, no terminal and no
store accepts. kg's rule, the same for ``kg:fileName``, the store's catalogue, N-Triples,
Turtle, TriG, JSON-LD and every message:

- a byte that is not part of valid UTF-8 is written ``\\xNN`` (two lowercase hex digits);
- a backslash is written ``\\\\``, so that a name that really contains ``\\xff`` stays apart;
- every other character is itself; the path is normalised (``./a//b.txt`` is ``a/b.txt``) and
  ``/``-separated.

:func:`path_of` undoes it: ``path_of(path_name(p))`` is the same file as ``p``.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

_ESCAPED = re.compile(r"\\(\\|x[0-9a-f]{2})")


def path_name(path: str | bytes | os.PathLike) -> str:
    """The name of ``path``: normalised, ``/``-separated, with undecodable bytes as ``\\xNN``."""
    text = os.fsdecode(path)
    if text != "-":
        text = Path(os.path.normpath(text)).as_posix()
    return escape(text)


def escape(text: str) -> str:
    """A string from the file system (surrogate-escaped bytes) as a string any writer can hold."""
    text = text.replace("\\", "\\\\")
    if not any("\udc80" <= c <= "\udcff" for c in text):
        return text
    return "".join(f"\\x{ord(c) - 0xDC00:02x}" if "\udc80" <= c <= "\udcff" else c for c in text)


def path_of(name: str) -> str:
    """The path (as Python's ``os`` functions take it) that :func:`path_name` named ``name``."""
    def unescape(m: re.Match) -> str:
        token = m.group(1)
        if token == "\\":
            return "\\"
        value = int(token[1:], 16)
        # only bytes 0x80-0xff are ever escaped; "\x41" with one backslash is no name of ours
        return chr(0xDC00 + value) if value >= 0x80 else m.group(0)

    return _ESCAPED.sub(unescape, name)
