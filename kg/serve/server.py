"""``kg serve``: a read-only SPARQL 1.1 endpoint over a kg store, run by the Oxigraph server.

The server is Oxigraph's own (the ``oxigraph`` package on PyPI: ``oxigraph serve-read-only``):
the SPARQL 1.1 Protocol at ``/query``, its query page at ``/``, updates refused. A kg store's
default graph is the union of its articles (see :mod:`kg.store.articles`), so the endpoint's
answers are those of ``kg query STORE``. Graph files are loaded into a temporary store first,
removed when the server stops.

Before it starts: the address must be free (a clear message names it when it is taken) and the
store must not be in a build's hands (Oxigraph's read-only mode is undefined beside a writer).
"""
from __future__ import annotations

import errno
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox

from kg.errors import ServeError
from kg.store.read import display, is_store
from kg.store.terms import to_ox

DEFAULT_BIND = "127.0.0.1:7878"
#: how long the server may take to answer its first request
START_SECONDS = 30.0


@dataclass(frozen=True)
class Address:
    host: str
    port: int

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"


def client_query(text: str, params: dict[str, str] | None = None) -> str:
    """A kg query (a bundled one, say) as a SPARQL client sends it to the endpoint: kg's
    prefixes declared, each ``--param`` value written in as a string literal
    (:func:`kg.query.params.bind_literals`)."""
    from rdflib import Literal

    from kg.query.params import bind_literals
    from kg.rdf.graphio import PREFIXES

    head = "".join(f"PREFIX {k}: <{v}>\n" for k, v in sorted(PREFIXES.items()))
    return head + bind_literals(text, {k: Literal(v) for k, v in (params or {}).items()})


def parse_bind(text: str) -> Address:
    """ "HOST:PORT" (or ":PORT", "PORT": on 127.0.0.1) as an :class:`Address`."""
    host, sep, port = text.strip().rpartition(":")
    host = host.strip("[]") if sep else ""
    try:
        number = int(port)
    except ValueError:
        raise ServeError(f"--bind {text!r}: give HOST:PORT, as in {DEFAULT_BIND}") from None
    if not 0 < number < 65536:
        raise ServeError(f"--bind {text!r}: the port must be from 1 to 65535")
    return Address(host or "127.0.0.1", number)


def check_free(address: Address) -> None:
    """Raise :class:`ServeError` unless something can listen at ``address``."""
    family = socket.AF_INET6 if ":" in address.host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        try:
            s.bind((address.host, address.port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise ServeError(f"port {address.port} on {address.host} is taken: "
                                 f"stop what uses it, or give another with --bind HOST:PORT") from None
            raise ServeError(f"cannot listen on {address.host}:{address.port}: {exc.strerror or exc}") from None


def check_unlocked(path: str | os.PathLike[str]) -> None:
    """Raise :class:`ServeError` if a writer (a kg build or kg remove) holds the store now."""
    try:
        store = ox.Store(str(path))
    except OSError as exc:
        if "lock" in str(exc).lower():
            raise ServeError(f"the store {display(path)} is being written (a kg build or kg remove holds it): "
                             "serve it when that ends") from None
        raise ServeError(f"cannot open the store {display(path)}: {' '.join(str(exc).split())}") from None
    del store


def oxigraph_program() -> str:
    """The ``oxigraph`` program beside this Python (its venv's ``bin``), else on the PATH."""
    beside = Path(sys.executable).with_name("oxigraph")
    found = str(beside) if beside.is_file() else shutil.which("oxigraph")
    if not found:
        raise ServeError("the Oxigraph server is not installed: pip install 'oxigraph>=0.5.13,<0.6'")
    return found


@dataclass
class Endpoint:
    """A running server: its address and process; :meth:`stop` ends it and removes a temporary
    store. Use it as a context manager."""

    address: Address
    location: str
    process: subprocess.Popen
    temporary: str | None = None
    _stopped: bool = field(default=False, repr=False)

    @property
    def url(self) -> str:
        return self.address.url

    @property
    def query_url(self) -> str:
        return self.address.url + "/query"

    def wait(self) -> int:
        return self.process.wait()

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.temporary:
            shutil.rmtree(self.temporary, ignore_errors=True)

    def __enter__(self) -> Endpoint:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def load_into_temporary_store(paths: list[str]) -> str:
    """Graph files (or folders of them) in a new temporary store, their triples in its default
    graph; returns the store's folder."""
    from kg.rdf.graphio import load_graph

    loaded = load_graph(paths, stdin=sys.stdin.buffer)
    folder = tempfile.mkdtemp(prefix="kg-serve-")
    try:
        store = ox.Store(os.path.join(folder, "kg.store"))
        store.bulk_extend(ox.Quad(to_ox(s), to_ox(p), to_ox(o)) for s, p, o in loaded.graph)
        store.flush()
        del store
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return folder


def start(paths: list[str], *, bind: str = DEFAULT_BIND) -> Endpoint:
    """Start the read-only endpoint over a kg store, or over graph files loaded into a temporary
    store; returns when it answers HTTP."""
    address = parse_bind(bind)
    program = oxigraph_program()
    check_free(address)
    temporary = None
    if len(paths) == 1 and is_store(paths[0]):
        location = str(paths[0])
        check_unlocked(location)
    else:
        temporary = load_into_temporary_store(paths)
        location = os.path.join(temporary, "kg.store")
    process = subprocess.Popen(
        [program, "serve-read-only", "--location", location, "--bind", f"{address.host}:{address.port}"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    endpoint = Endpoint(address, location, process, temporary)
    try:
        _wait_until_listening(endpoint)
    except BaseException:
        endpoint.stop()
        raise
    return endpoint


def _wait_until_listening(endpoint: Endpoint) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if endpoint.process.poll() is not None:
            said = (endpoint.process.stderr.read() or b"").decode("utf-8", "replace") if endpoint.process.stderr else ""
            raise ServeError("the Oxigraph server stopped at once: " + (" ".join(said.split())[:300] or "no message"))
        try:
            with socket.create_connection((endpoint.address.host, endpoint.address.port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise ServeError(f"the Oxigraph server did not answer on {endpoint.url} within {START_SECONDS:.0f} s")
