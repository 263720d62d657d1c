"""Writing outputs: atomically onto regular files, straight onto devices and FIFOs, through symlinks.

Special files are made in a temporary folder (a FIFO; a device node where the test runs as root),
never the system's own.
"""
from __future__ import annotations

import os
import stat
import threading

import pytest

from kg import output
from kg.errors import OutputError
from kg.output import open_output, write_output


def test_creates_parents_and_leaves_no_temp(tmp_path):
    target = tmp_path / "a" / "b" / "out.ttl"
    write_output(target, b"data")
    assert target.read_bytes() == b"data"
    assert os.listdir(target.parent) == ["out.ttl"]


def test_replaces_a_regular_file_and_keeps_its_mode(tmp_path):
    target = tmp_path / "out.nt"
    target.write_bytes(b"old")
    os.chmod(target, 0o600)
    write_output(str(target), b"new")
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o600
    assert os.listdir(tmp_path) == ["out.nt"]


def test_new_file_follows_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        write_output(tmp_path / "out.ttl", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "out.ttl").st_mode) == 0o640


def test_symlink_is_written_through(tmp_path):
    real = tmp_path / "real.ttl"
    real.write_bytes(b"old")
    link = tmp_path / "link.ttl"
    link.symlink_to(real)
    write_output(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"
    assert sorted(os.listdir(tmp_path)) == ["link.ttl", "real.ttl"]


def test_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.ttl"
    link.symlink_to(tmp_path / "made.ttl")
    write_output(link, b"new")
    assert link.is_symlink() and (tmp_path / "made.ttl").read_bytes() == b"new"


def test_symlink_loop_is_an_error(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(OutputError, match="cannot write .*a: .*"):
        write_output(tmp_path / "a", b"x")


def test_fifo_is_written_to_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
    reader.start()
    write_output(fifo, b"through the pipe")
    reader.join(10)
    assert got == [b"through the pipe"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert os.listdir(tmp_path) == ["pipe"]


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")


@needs_root
def test_device_is_written_to_not_replaced(tmp_path):
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # the same device as /dev/null
    write_output(null, b"gone")
    assert stat.S_ISCHR(os.lstat(null).st_mode)
    assert os.listdir(tmp_path) == ["null"]


@needs_root
def test_full_device_is_an_error_and_stays_a_device(tmp_path):
    full = tmp_path / "full"
    os.mknod(full, 0o666 | stat.S_IFCHR, os.makedev(1, 7))  # the same device as /dev/full
    with pytest.raises(OutputError, match="No space left on device"):
        write_output(full, b"x" * 100_000)
    assert stat.S_ISCHR(os.lstat(full).st_mode)


def test_folder_is_an_error(tmp_path):
    with pytest.raises(OutputError, match="is a folder"):
        write_output(tmp_path, b"x")


def test_parent_is_a_file(tmp_path):
    (tmp_path / "file").write_bytes(b"x")
    with pytest.raises(OutputError, match=r"^cannot write .*file/out\.ttl: "):
        write_output(tmp_path / "file" / "out.ttl", b"data")
    assert os.listdir(tmp_path) == ["file"]


def test_failure_keeps_old_target_and_no_temp(tmp_path, monkeypatch):
    target = tmp_path / "out.ttl"
    target.write_bytes(b"old")

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output.os, "fsync", broken_fsync)
    with pytest.raises(OutputError, match="No space left on device"):
        write_output(target, b"new")
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["out.ttl"]


def test_error_in_a_streaming_block_leaves_nothing(tmp_path):
    target = tmp_path / "out.csv"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError):
        with open_output(target) as stream:
            stream.write(b"half")
            raise RuntimeError("boom")
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["out.csv"]


def test_non_os_error_leaves_no_temp(tmp_path, monkeypatch):
    def broken_replace(src, dst):
        raise RuntimeError("boom")

    monkeypatch.setattr(output.os, "replace", broken_replace)
    with pytest.raises(RuntimeError):
        write_output(tmp_path / "out.ttl", b"new")
    assert os.listdir(tmp_path) == []


def test_dash_is_standard_output(capfdbinary):
    write_output("-", b"to stdout")
    assert capfdbinary.readouterr().out == b"to stdout"
