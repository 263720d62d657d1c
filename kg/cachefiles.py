"""Tables kg works out once from a package's data file and keeps in its cache folder
(``$KG_CACHE_DIR``, else ``$XDG_CACHE_HOME/kg``, else ``~/.cache/kg``) as compact marshal files
read in milliseconds, so that no start of kg pays for reading the package's own file again.

A file's name holds what it was made from (the source file's size and time, the table's
version, the Python version), so an upgrade makes a new one; one that cannot be read or written
is made again in memory. Written whole or not at all (a temporary file, then a rename), so a
start beside this one reads either.
"""
from __future__ import annotations

import contextlib
import marshal
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path


def cached_table(stem: str, *, source: Path, version: int, build: Callable[[], object], kind: type) -> object:
    """The table ``build`` makes from ``source``, from the cache when a file made from the same
    source by the same version is there (and holds a ``kind``), else made and kept there."""
    stat = source.stat()
    cache = cache_dir() / (f"{stem}-v{version}-py{sys.version_info[0]}{sys.version_info[1]}-"
                           f"{stat.st_size}-{stat.st_mtime_ns}.marshal")
    try:
        table = marshal.loads(cache.read_bytes())
        if isinstance(table, kind):
            return table
    except (OSError, ValueError, EOFError, TypeError):
        pass
    table = build()
    tmp = None
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=cache.parent, prefix=f".{stem}-", delete=False) as tmp:
            tmp.write(marshal.dumps(table))
        os.replace(tmp.name, cache)
    except OSError:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp.name)
    return table


def cache_dir() -> Path:
    if os.environ.get("KG_CACHE_DIR"):
        return Path(os.environ["KG_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kg"
