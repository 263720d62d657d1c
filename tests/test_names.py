"""The name of a path: any file name, as a string every format holds, that leads back to the file."""
from __future__ import annotations

import os

import pytest

from kg.names import path_name, path_of

CASES = {
    b"a.txt": "a.txt",
    b"./news//a.txt": "news/a.txt",
    b"d/bad\xffbyte.txt": "d/bad\\xffbyte.txt",
    b"lat\xe9in1.txt": "lat\\xe9in1.txt",
    "caf\u00e9 \U0001f600.txt".encode("utf-8"): "caf\u00e9 \U0001f600.txt",
    b"back\\slash.txt": "back\\\\slash.txt",
    b"looks\\xffescaped.txt": "looks\\\\xffescaped.txt",   # a real backslash stays apart from a byte
    b"-": "-",
}


@pytest.mark.parametrize("raw", list(CASES))
def test_names_are_printable_strings_that_lead_back(raw):
    name = path_name(os.fsdecode(raw))
    assert name == CASES[raw]
    assert name.encode("utf-8")   # no lone surrogates: every writer takes it
    assert path_name(raw) == name  # bytes or str, the same name
    assert os.fsencode(path_of(name)) == os.fsencode(os.path.normpath(os.fsdecode(raw)))


def test_different_files_get_different_names():
    names = {path_name(os.fsdecode(raw)) for raw in CASES}
    assert len(names) == len(CASES)
