"""Where kg's results go: standard output, a regular file written atomically, or a special file.

An output path is written according to what is there:

- ``-`` (or None): standard output;
- a new path, or a regular file: a temporary file in the same folder, then a rename, so that a
  failed run never leaves a half-written file and never touches the one that was there; a file
  that existed keeps its permission bits (and, where the process may, its owner);
- a symlink: written through to its target (the link stays a link);
- a device, a FIFO or a socket (``/dev/stdout``, ``/dev/null``, a named pipe): opened and
  written to directly, never replaced;
- a folder: an :class:`~kg.errors.OutputError`.

Every OSError becomes an :class:`~kg.errors.OutputError` with a one-line message.
"""
from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from kg.errors import OutputError
from kg.names import path_name

STDOUT = "-"


def write_output(path: str | os.PathLike[str] | None, data: bytes) -> None:
    """Write ``data`` to ``path`` (see the module's docstring); None or ``-`` is standard output."""
    with open_output(path) as stream:
        stream.write(data)


def is_stdout(path: str | os.PathLike[str] | None) -> bool:
    return path is None or str(path) == STDOUT


@contextmanager
def open_output(path: str | os.PathLike[str] | None) -> Iterator[BinaryIO]:
    """A binary stream onto ``path``, for writers that stream. What is written reaches a regular
    file only when the ``with`` block ends without an error (then all at once, by a rename); on
    an error the target is left as it was. Devices and FIFOs get the bytes as they are written."""
    if is_stdout(path):
        stream = sys.stdout.buffer
        yield stream
        _flush(stream, STDOUT)
        return
    shown = path_name(path)  # type: ignore[arg-type]
    given = os.fsdecode(path)  # type: ignore[arg-type]
    try:
        mode: int | None = os.stat(given).st_mode   # through symlinks
    except FileNotFoundError:
        mode = None
    except OSError as exc:   # a symlink loop, a path through a file, ...
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(f"cannot write {shown}: it is a folder")
    if mode is not None and not stat.S_ISREG(mode):
        # opened by the name given: /dev/stdout's link leads to no path of its own
        yield from _direct(given, shown)
    else:
        yield from _atomic(os.path.realpath(given) if os.path.islink(given) else given, shown, mode)


def _direct(target: str, shown: str) -> Iterator[BinaryIO]:
    try:
        stream = open(target, "wb")  # noqa: SIM115 - a FIFO opens once a reader is there
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None
    try:
        try:
            yield stream  # type: ignore[misc]
        except OSError as exc:  # a write inside the block (/dev/full: no space left)
            raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None
        _flush(stream, shown)
    finally:
        try:
            stream.close()
        except OSError:
            pass


def _atomic(target: str, shown: str, mode: int | None) -> Iterator[BinaryIO]:
    folder = Path(target).parent
    tmp_name: str | None = None
    try:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle = tempfile.NamedTemporaryFile(dir=folder, delete=False, prefix=".", suffix=".tmp")  # noqa: SIM115
        except OSError as exc:
            raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None
        tmp_name = handle.name
        with handle:
            yield handle  # type: ignore[misc]
            try:
                handle.flush()
                os.fsync(handle.fileno())
            except OSError as exc:
                raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None
        try:
            if mode is None:
                os.chmod(tmp_name, 0o666 & ~_umask())  # a temporary file is private; the output is not
            else:
                os.chmod(tmp_name, stat.S_IMODE(mode))
                _keep_owner(tmp_name, target)
            os.replace(tmp_name, target)
        except OSError as exc:
            raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None
        tmp_name = None
    except OSError as exc:  # a write inside the block
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None
    finally:
        if tmp_name is not None:
            try:
                os.unlink(tmp_name)
            except OSError:
                pass


def _keep_owner(tmp_name: str, target: str) -> None:
    try:
        old = os.stat(target)
        new = os.stat(tmp_name)
        if (old.st_uid, old.st_gid) != (new.st_uid, new.st_gid):
            os.chown(tmp_name, old.st_uid, old.st_gid)
    except OSError:
        pass  # not permitted: the file becomes this user's, as any editor's save would


def _flush(stream: BinaryIO, shown: str) -> None:
    try:
        stream.flush()
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
