"""A persistent store: many articles in one on-disk RDF database, added to build after build.

The store is an Oxigraph database (``pyoxigraph``: RocksDB in a folder). It holds

- one named graph per article text, ``id:graph/<first 16 hex digits of its sha256>``, with the
  same triples ``kg build ... -o all.trig`` gives that article: its entities (each article keeps
  its own copies of their labels and types), facts and provenance;
- the catalogue, the named graph ``id:graph/catalogue``: for each article,
  ``id:document/<hash> a kg:Document; kg:fileName "path as built"; kg:sha256 "<hex>"``, the
  record of which text each path holds now;
- the default graph: the union of the article graphs, each triple once, kept in step with them
  by every write, so that the store answers SPARQL over all articles as it is (``kg query``, or
  the Oxigraph server with no option), with no duplicate rows.

Every write (an article added or replaced, articles removed) is one SPARQL Update, which
Oxigraph applies as one transaction: a crash or Ctrl-C leaves the store as it was before that
write. One process writes at a time (RocksDB's lock); readers open the store read-only.

The store is read through ``oxrdflib`` (rdflib's Graph API and SPARQL over pyoxigraph, with
Oxigraph's own query engine); it is written with pyoxigraph directly, because oxrdflib's
``commit``/``rollback`` do nothing and its store is not transaction-aware.
"""
from __future__ import annotations

import gc
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox
from oxrdflib import OxigraphStore
from rdflib import BNode, Dataset, Graph, Literal, URIRef
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.namespace import RDF, XSD
from rdflib.term import Node

from .errors import GraphFileError, InputError, OutputError
from .sources import Source
from .vocab import DATA, KG

#: The named graph that records which text (hash) each article path holds.
CATALOGUE = URIRef(DATA["graph/catalogue"])
#: ``kg export`` formats that dump the RDF itself (named graphs kept) rather than a network.
DUMP_FORMATS: dict[str, str] = {"trig": ".trig", "nquads": ".nq"}
_DUMP_ALIASES = {"nq": "nquads", "n-quads": "nquads"}
_OX_FORMATS = {"trig": ox.RdfFormat.TRIG, "nquads": ox.RdfFormat.N_QUADS}
_XSD_STRING = str(XSD.string)


def graph_name(sha256: str) -> URIRef:
    """The named graph of the article whose text has this sha256 (as ``build_dataset`` names it)."""
    return URIRef(DATA[f"graph/{sha256[:16]}"])


def document_iri(sha256: str) -> URIRef:
    return URIRef(DATA[f"document/{sha256[:16]}"])


def display(path: str | os.PathLike[str]) -> str:
    """A path as kg names it: ``./out/kg.store/`` -> ``out/kg.store``."""
    return Path(os.path.normpath(path)).as_posix()


def is_store(path: str | os.PathLike[str]) -> bool:
    """True if ``path`` is a folder holding an Oxigraph (RocksDB) database."""
    try:
        names = os.listdir(path)
    except OSError:
        return False
    return "CURRENT" in names and any(n.startswith("MANIFEST-") for n in names)


# --- terms ---------------------------------------------------------------------------------


def to_ox(term: Node) -> ox.NamedNode | ox.BlankNode | ox.Literal:
    """An rdflib term as a pyoxigraph term."""
    if isinstance(term, URIRef):
        return ox.NamedNode(str(term))
    if isinstance(term, BNode):
        return ox.BlankNode(str(term))
    if isinstance(term, Literal):
        if term.language:
            return ox.Literal(str(term), language=term.language)
        if term.datatype is not None:
            return ox.Literal(str(term), datatype=ox.NamedNode(str(term.datatype)))
        return ox.Literal(str(term))
    raise ValueError(f"not an RDF term: {term!r}")


def from_ox(term: object) -> Node | None:
    """A pyoxigraph term as an rdflib term; a plain string literal has no datatype, as in rdflib."""
    if term is None:
        return None
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.BlankNode):
        return BNode(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        if term.datatype.value == _XSD_STRING:
            return Literal(term.value)
        return Literal(term.value, datatype=URIRef(term.datatype.value))
    raise ValueError(f"not an RDF term kg reads: {term!r}")


def _plain(term: Node | None) -> Node | None:
    """oxrdflib gives plain literals the datatype xsd:string; rdflib (and kg's files) do not."""
    if isinstance(term, Literal) and term.datatype is not None and str(term.datatype) == _XSD_STRING:
        return Literal(str(term))
    return term


def _statement(triple: tuple[Node, Node, Node]) -> str:
    """One triple in SPARQL (N-Triples) syntax, for an INSERT DATA block."""
    s, p, o = triple
    return f"{to_ox(s)} {to_ox(p)} {to_ox(o)} ."


def _iri(term: URIRef) -> str:
    return str(ox.NamedNode(str(term)))


# --- writing -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What one write did to one article path."""

    name: str
    status: str  # "added", "replaced", "unchanged" or "removed"
    same_text_as: str | None = None  # the text was already in the store under this other path


class ArticleStore:
    """A kg store opened for writing (one writer at a time). Use it as a context manager.

    ``create``: make the store if the folder does not exist (or is empty); otherwise a missing
    store is an :class:`InputError`.
    """

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True) -> None:
        self.name = display(path)
        if os.path.exists(path):
            if not os.path.isdir(path):
                raise OutputError(f"{self.name} is a file, not a kg store")
            if not is_store(path) and os.listdir(path):
                raise OutputError(
                    f"{self.name} is a folder that is not a kg store; give a new or empty folder"
                )
        if not create and not is_store(path):
            raise InputError(f"no kg store at {self.name}")
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._store: ox.Store | None = ox.Store(str(path))
        except OSError as exc:
            raise OutputError(_open_error(self.name, exc)) from None
        self._names: dict[str, str] = {}  # path as built -> sha256 of its text
        self._texts: dict[str, set[str]] = {}  # sha256 -> the paths that hold that text
        catalogue = ox.NamedNode(CATALOGUE)
        hashes = {
            q.subject: q.object.value
            for q in self._store.quads_for_pattern(None, ox.NamedNode(KG.sha256), None, catalogue)
        }
        self._apply({
            q.object.value: hashes[q.subject]
            for q in self._store.quads_for_pattern(None, ox.NamedNode(KG.fileName), None, catalogue)
            if q.subject in hashes
        })

    # -- the context manager, and closing

    def __enter__(self) -> "ArticleStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Flush and close the database (releasing its lock)."""
        if self._store is not None:
            try:
                self._store.flush()  # not needed for safety (RocksDB's log has every write), but
            except OSError:          # it makes the next read-only open quicker
                pass
            finally:
                self._store = None
                gc.collect()  # the RocksDB handle is closed when the object goes

    @property
    def store(self) -> ox.Store:
        if self._store is None:
            raise OutputError(f"the store {self.name} is closed")
        return self._store

    # -- what the store holds

    def catalogue(self) -> dict[str, str]:
        """Every article path recorded, with the sha256 of the text it holds."""
        return dict(sorted(self._names.items()))

    def people(self) -> list[tuple[str, str]]:
        """(IRI, label) of every person named in full in the store, sorted: whom a later run's
        "Mr X" may stand for."""
        query = ("SELECT ?p ?l WHERE { ?p a <https://w3id.org/kg-news/ontology#Person> ; "
                 "<http://www.w3.org/2000/01/rdf-schema#label> ?l }")
        rows = {(str(r["p"].value), str(r["l"].value)) for r in self.store.query(query)}
        return sorted((iri, label) for iri, label in rows if len(label.split()) > 1)

    def names_for(self, sha256: str) -> list[str]:
        """The paths that hold this text."""
        return sorted(self._texts.get(sha256, ()))

    def state(self, source: Source) -> str:
        """``unchanged`` (this path, this text), ``known`` (this text under another path),
        ``changed`` (this path, other text) or ``new``."""
        current = self._names.get(source.name)
        if current == source.sha256:
            return "unchanged"
        if self._texts.get(source.sha256):
            return "known"
        return "changed" if current is not None else "new"

    # -- writes: each is one SPARQL Update, one transaction

    def put(self, name: str, sha256: str, triples: Iterable[tuple[Node, Node, Node]] | None) -> Outcome:
        """Record that the article at path ``name`` now holds the text ``sha256``.

        ``triples`` are the article's graph (its named graph in ``build_dataset``'s Dataset); they
        may be None when the text is already in the store under another path. If the path held
        another text, that text's graph is dropped (or, when another path holds it too, only
        this path is taken off it), in the same transaction.
        """
        current = self._names.get(name)
        if current == sha256:
            return Outcome(name, "unchanged")
        pending: dict[str, str | None] = {}
        ops = self._detach(name, pending) if current is not None else []
        others = sorted(self._holders(sha256, pending))
        document, named = document_iri(sha256), graph_name(sha256)
        file_name = Literal(name)
        if others:
            statement = _statement((document, KG.fileName, file_name))
            ops.append(
                f"INSERT DATA {{ GRAPH {_iri(named)} {{ {statement} }} "
                f"GRAPH {_iri(CATALOGUE)} {{ {statement} }} {statement} }}"
            )
        else:
            if triples is None:
                raise ValueError(f"the graph of {name} is needed: its text is not in the store")
            body = "\n".join(
                _statement(t) for t in triples
                if not (t[0] == document and t[1] == KG.fileName and str(t[2]) != name)
            )
            record = "\n".join(_statement(t) for t in (
                (document, RDF.type, KG.Document),
                (document, KG.fileName, file_name),
                (document, KG.sha256, Literal(sha256)),
            ))
            # the default graph (the union) gets the triples too, written out: an INSERT ... WHERE
            # reading what this request inserted fails on pyoxigraph 0.5.0
            ops.append(
                f"INSERT DATA {{ GRAPH {_iri(named)} {{\n{body}\n}}\n"
                f"GRAPH {_iri(CATALOGUE)} {{\n{record}\n}}\n{body}\n}}"
            )
        pending[name] = sha256
        self._update(ops)
        self._apply(pending)
        return Outcome(name, "replaced" if current is not None else "added", others[0] if others else None)

    def remove(self, paths: Sequence[str]) -> list[Outcome]:
        """Drop the articles recorded at ``paths`` (a path as built, or a folder: every article
        recorded under it), all in one transaction. An unknown path is an :class:`InputError`
        and nothing is removed."""
        wanted: list[str] = []
        for path in paths:
            key = display(path) if path not in ("-", "stdin") else "stdin"
            if key in self._names:
                found = [key]
            else:
                prefix = "" if key == "." else key.rstrip("/") + "/"
                found = sorted(n for n in self._names if n.startswith(prefix))
            if not found:
                raise InputError(
                    f"{key} is not in the store {self.name} "
                    f"({len(self._names)} article{'s' if len(self._names) != 1 else ''}; "
                    "give a path as it was built)"
                )
            wanted.extend(n for n in found if n not in wanted)
        pending: dict[str, str | None] = {}
        ops: list[str] = []
        for name in wanted:
            ops.extend(self._detach(name, pending))
        self._update(ops)
        self._apply(pending)
        return [Outcome(name, "removed") for name in wanted]

    def _holders(self, sha256: str, pending: dict[str, str | None]) -> set[str]:
        """The paths that hold this text once the ``pending`` changes (path -> text or None) are made."""
        held = {n for n in self._texts.get(sha256, ()) if n not in pending}
        return held | {n for n, h in pending.items() if h == sha256}

    def _apply(self, changes: dict[str, str | None]) -> None:
        """Record changes (path -> its text now, or None when removed) once they are written."""
        for name, sha256 in changes.items():
            old = self._names.pop(name, None)
            if old is not None:
                self._texts[old].discard(name)
                if not self._texts[old]:
                    del self._texts[old]
            if sha256 is not None:
                self._names[name] = sha256
                self._texts.setdefault(sha256, set()).add(name)

    def _detach(self, name: str, pending: dict[str, str | None]) -> list[str]:
        """The update operations that take path ``name`` off its text (noted in ``pending``)."""
        sha256 = self._names[name] if name not in pending else pending[name]
        pending[name] = None
        assert sha256 is not None
        document, named = document_iri(sha256), graph_name(sha256)
        if self._holders(sha256, pending):  # another path holds the same text
            statement = _statement((document, KG.fileName, Literal(name)))
            return [
                f"DELETE DATA {{ GRAPH {_iri(named)} {{ {statement} }} "
                f"GRAPH {_iri(CATALOGUE)} {{ {statement} }} {statement} }}"
            ]
        g, cat = _iri(named), _iri(CATALOGUE)
        return [
            # the union keeps a triple while another article graph still has it
            f"DELETE {{ ?s ?p ?o }} WHERE {{ GRAPH {g} {{ ?s ?p ?o }} "
            f"FILTER NOT EXISTS {{ GRAPH ?other {{ ?s ?p ?o }} FILTER(?other NOT IN ({g}, {cat})) }} }}",
            f"DROP SILENT GRAPH {g}",
            f"DELETE WHERE {{ GRAPH {cat} {{ {_iri(document)} ?p ?o }} }}",
        ]

    def _update(self, ops: list[str]) -> None:
        if not ops:
            return
        try:
            self.store.update(" ;\n".join(ops))
        except OSError as exc:
            raise OutputError(f"cannot write the store {self.name}: {_one_line(exc)}") from None

    # -- reads

    def dataset(self, sha256s: Iterable[str]) -> Dataset:
        """The named graphs of these texts, as an rdflib Dataset (for ``kg build -o``)."""
        from .graph import bind_prefixes

        ds = bind_prefixes(Dataset())
        for sha256 in sorted(set(sha256s)):
            named = graph_name(sha256)
            target = ds.graph(named)
            for q in self.store.quads_for_pattern(None, None, None, ox.NamedNode(str(named))):
                target.add((from_ox(q.subject), from_ox(q.predicate), from_ox(q.object)))
        return ds

    def dump(self, fmt: str) -> "Dump":
        return dump_quads(article_quads(self.store), fmt)


def build_into_store(
    store: ArticleStore,
    sources: Iterable[Source],
    *,
    build: Callable[[list[Source]], Dataset],
    report: Callable[[Outcome], None] = lambda outcome: None,
    chunk: int = 64,
) -> Counter:
    """Add ``sources`` to ``store``: each article in its own transaction.

    An article whose path already holds the same text is ``unchanged`` and not parsed; a text the
    store has under another path is recorded under this path too, without parsing; the others
    are built with ``build`` (``build_dataset`` with a pipeline: one named graph per article),
    ``chunk`` articles at a time, and written one by one, so memory stays flat however large the
    corpus. ``report`` is told each outcome as it happens. Returns the count of each status.
    """
    counts: Counter = Counter()

    def done(outcome: Outcome) -> None:
        counts[outcome.status] += 1
        report(outcome)

    todo: list[Source] = []
    for source in sources:
        state = store.state(source)
        if state == "unchanged":
            done(Outcome(source.name, "unchanged"))
        elif state == "known":
            done(store.put(source.name, source.sha256, None))
        else:
            todo.append(source)
        if len(todo) >= chunk:
            _build_and_put(store, todo, build, done)
            todo = []
    if todo:
        _build_and_put(store, todo, build, done)
    return counts


def _build_and_put(store: ArticleStore, todo: list[Source], build, done) -> None:
    if todo:
        dataset = build(todo)
        # one pass over the quads: rdflib's memory store lists a graph's triples in time that
        # grows with the number of graphs each triple is in
        graphs: dict[Node, list[tuple[Node, Node, Node]]] = {}
        for s, p, o, g in dataset.quads((None, None, None, None)):
            name = g.identifier if isinstance(g, Graph) else g
            graphs.setdefault(name, []).append((s, p, o))
        for source in todo:
            done(store.put(source.name, source.sha256, graphs.get(graph_name(source.sha256))))


# --- reading -------------------------------------------------------------------------------


class _ReadOnlyOxigraph(OxigraphStore):
    """oxrdflib's store, with plain literals as rdflib makes them (no xsd:string datatype)."""

    def triples(self, triple_pattern, context=None):  # type: ignore[override]
        for (s, p, o), contexts in super().triples(triple_pattern, context):
            yield (s, p, _plain(o)), contexts

    def query(self, query, initNs, initBindings, queryGraph, **kwargs):  # type: ignore[override]  # noqa: N803
        result = super().query(query, initNs, initBindings, queryGraph, **kwargs)
        if result.type == "SELECT":
            bindings = result.bindings
            result.bindings = ({v: _plain(t) for v, t in row.items()} for row in bindings)
        elif result.type == "CONSTRUCT" and result.graph is not None:
            graph = Graph()
            for s, p, o in result.graph:
                graph.add((s, p, _plain(o)))
            result.graph = graph
        return result

    def add(self, *args, **kwargs):  # type: ignore[override]
        raise OutputError("a store opened for reading is not changed")

    addN = remove = update = add  # noqa: N815


def open_read_only(path: str | os.PathLike[str]) -> ox.Store:
    name = display(path)
    if not is_store(path):
        raise GraphFileError(f"no kg store at {name}")
    try:
        return ox.Store.read_only(str(path))
    except OSError as exc:
        raise GraphFileError(_open_error(name, exc)) from None


def union_view(path: str | os.PathLike[str]) -> Graph:
    """The store's default graph (the union of its articles) as a read-only rdflib Graph.

    Its ``query`` runs on Oxigraph's SPARQL engine when given the query text (see
    :func:`answers_sparql`); the Graph API (``triples``, ``objects``, ...) reads the store as it is.
    """
    store = _ReadOnlyOxigraph(store=open_read_only(path))
    return Graph(store=store, identifier=DATASET_DEFAULT_GRAPH_ID)


def answers_sparql(graph: Graph) -> bool:
    """True if ``graph`` is a store view whose own engine should be given the query text."""
    return isinstance(graph.store, _ReadOnlyOxigraph)


def union_triples(path: str | os.PathLike[str]) -> Iterator[tuple[Node, Node, Node]]:
    """Every triple of the store's default graph (the union of its articles)."""
    store = open_read_only(path)
    for q in store.quads_for_pattern(None, None, None, ox.DefaultGraph()):
        yield from_ox(q.subject), from_ox(q.predicate), from_ox(q.object)  # type: ignore[misc]


def article_quads(store: ox.Store) -> list[ox.Quad]:
    """The quads of the article graphs (not the catalogue, not the default graph's union)."""
    catalogue = ox.NamedNode(CATALOGUE)
    return [
        q for q in store.quads_for_pattern(None, None, None, None)
        if not isinstance(q.graph_name, ox.DefaultGraph) and q.graph_name != catalogue
    ]


@dataclass(frozen=True)
class Dump:
    """Serialised quads: the bytes, and how many quads and named graphs they hold."""

    data: bytes
    quads: int
    graphs: int


def dump_store(path: str | os.PathLike[str], fmt: str) -> Dump:
    """A store's article graphs as TriG or N-Quads, sorted: the same store gives the same bytes."""
    return dump_quads(article_quads(open_read_only(path)), fmt)


def dump_graph(graph: Graph, fmt: str) -> Dump:
    """The triples of an rdflib graph (the union of graph files) as TriG or N-Quads, sorted."""
    return dump_quads([ox.Quad(to_ox(s), to_ox(p), to_ox(o)) for s, p, o in graph], fmt)


def dump_quads(quads: Iterable[ox.Quad], fmt: str) -> Dump:
    """Quads in TriG or N-Quads, sorted by graph, subject, predicate, object, with kg's prefixes."""
    from .graphio import PREFIXES

    if fmt not in _OX_FORMATS:
        raise OutputError(f"unknown dump format {fmt!r}; choose one of: {', '.join(DUMP_FORMATS)}")
    ordered = sorted(set(quads), key=_quad_key)
    # id: is left out: data IRIs have a slash after it, which a prefixed name must escape ("id:person\/x")
    prefixes = {k: str(v) for k, v in sorted(PREFIXES.items()) if k != "id"}
    data = ox.serialize(ordered, format=_OX_FORMATS[fmt], prefixes=prefixes if fmt == "trig" else None) or b""
    if fmt == "trig":  # the prefix lines in a fixed order, whatever order the serialiser keeps them in
        lines = data.split(b"\n")
        head = 0
        while head < len(lines) and lines[head].startswith(b"@prefix "):
            head += 1
        data = b"\n".join(sorted(lines[:head]) + lines[head:])
    graphs = {str(q.graph_name) for q in ordered if not isinstance(q.graph_name, ox.DefaultGraph)}
    return Dump(data=data, quads=len(ordered), graphs=len(graphs))


def dump_format(path: str | None, explicit: str | None) -> str | None:
    """``trig`` or ``nquads`` if ``kg export`` is asked for a dump (by name or by the output's
    suffix), else None (a network export)."""
    if explicit is not None:
        name = explicit.strip().lower()
        name = _DUMP_ALIASES.get(name, name)
        return name if name in DUMP_FORMATS else None
    suffix = Path(path).suffix.lower() if path and path != "-" else ""
    for name, known in DUMP_FORMATS.items():
        if suffix == known or (name == "nquads" and suffix == ".nquads"):
            return name
    return None


# --- helpers -------------------------------------------------------------------------------


def _quad_key(q: ox.Quad) -> tuple[int, str, str, str, str]:
    default = isinstance(q.graph_name, ox.DefaultGraph)
    return (0 if default else 1, "" if default else str(q.graph_name), str(q.subject), str(q.predicate), str(q.object))


def _open_error(name: str, exc: OSError) -> str:
    text = _one_line(exc)
    if "lock" in text.lower():
        return f"the store {name} is in use by another process (a kg build or kg remove is writing it)"
    return f"cannot open the store {name}: {text}"


def _one_line(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return (text[:300] + "…") if len(text) > 300 else (text or type(exc).__name__)
