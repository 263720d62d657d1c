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

Every write (an article added or replaced, articles removed) is one transaction (a new
article's quads as one N-Quads load, or one SPARQL Update): a crash or Ctrl-C leaves the store
as it was before that write. One process writes at a time (RocksDB's lock); readers open the
store read-only.

The store is read through ``oxrdflib`` (rdflib's Graph API and SPARQL over pyoxigraph, with
Oxigraph's own query engine); it is written with pyoxigraph directly, because oxrdflib's
``commit``/``rollback`` do nothing and its store is not transaction-aware.

This module is the writer, :class:`ArticleStore`, and the :class:`Outcome` of each write; the
rest of the store is in its neighbours: :mod:`kg.store.terms` (graph names, terms between rdflib
and pyoxigraph), :mod:`kg.store.read` (finding a store, opening it read-only),
:mod:`kg.store.dump` (sorted dumps), :mod:`kg.store.build` (kg build --store) and
:mod:`kg.store.merges` (merges settled over the whole store).
"""
from __future__ import annotations

import gc
from dataclasses import dataclass
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

import pyoxigraph as ox
from rdflib import Dataset, Literal, URIRef
from rdflib.namespace import RDF
from rdflib.term import Node

from kg.errors import InputError, OutputError
from kg.names import path_name
from kg.rdf.vocab import KG
from kg.sources import Source
from kg.store.dump import Dump, article_quads, dump_quads
from kg.store.read import is_store, one_line, open_error
from kg.store.terms import CATALOGUE, RECORDS, document_iri, from_ox, graph_name, to_ox


@dataclass(frozen=True)
class Outcome:
    """What one write did to one article path."""

    name: str
    status: str  # "added", "replaced", "unchanged" or "removed"
    same_text_as: str | None = None  # the text was already in the store under this other path


#: (predicate, JSON text) pairs about one text, kept in the records graph (see kg.store.merges)
Records = Iterable[tuple[URIRef, str]]


_TERMS_KEPT = 20_000


def _statement(triple: tuple[Node, Node, Node]) -> str:
    """One triple in SPARQL (N-Triples) syntax, for an INSERT DATA block."""
    s, p, o = triple
    return f"{to_ox(s)} {to_ox(p)} {to_ox(o)} ."


def _iri(term: URIRef) -> str:
    return str(ox.NamedNode(str(term)))


def _new_article_nquads(name: str, sha256: str, triples: Iterable[tuple[Node, Node, Node]],
                        terms: dict[Node, str], records: Records = ()) -> bytes:
    """The N-Quads a new article adds: its graph, its catalogue record, and the union's copy.
    ``terms`` caches each term's N-Triples text (pyoxigraph's own, so escaping is right)."""
    document = document_iri(sha256)

    def term(t: Node) -> str:
        found = terms.get(t)
        if found is None:
            found = str(to_ox(t))
            if isinstance(t, URIRef):  # IRIs recur; literals (sentences, offsets) mostly do not
                terms[t] = found
        return found

    named, catalogue = _iri(graph_name(sha256)), _iri(CATALOGUE)
    file_name = Literal(name)
    lines = []
    for t in triples:
        if t[0] == document and t[1] == KG.fileName and t[2] != file_name:
            continue  # the same text under another path of this build: that path's own write
        triple = f"{term(t[0])} {term(t[1])} {term(t[2])}"
        lines.append(f"{triple} {named} .\n{triple} .\n")
    for s, p, o in ((document, RDF.type, KG.Document), (document, KG.fileName, file_name),
                    (document, KG.sha256, Literal(sha256))):
        lines.append(f"{term(s)} {term(p)} {term(o)} {catalogue} .\n")
    kept = _iri(RECORDS)
    for p, text in records:
        lines.append(f"{term(document)} {term(p)} {to_ox(Literal(text))} {kept} .\n")
    return "".join(lines).encode("utf-8")



class ArticleStore:
    """A kg store opened for writing (one writer at a time). Use it as a context manager.

    ``create``: make the store if the folder does not exist (or is empty); otherwise a missing
    store is an :class:`InputError`.
    """

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True) -> None:
        self.name = path_name(path)
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
            raise OutputError(open_error(self.name, exc)) from None
        self._terms: dict[Node, str] = {}  # term -> its N-Triples text, for the writes
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

    def flush(self) -> None:
        """Write the database's memory table to its files. Not needed for safety (RocksDB's log
        has every write), but the next read-only open then need not replay that log."""
        try:
            self.store.flush()
        except OSError as exc:
            raise OutputError(f"cannot write the store {self.name}: {one_line(exc)}") from None

    def close(self) -> None:
        """Flush and close the database (releasing its lock)."""
        if self._store is not None:
            try:
                self.flush()
            except OutputError:  # every write is in the log already: the store is whole
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

    def person_names(self) -> set[str]:
        """Every name (label and other names) of a person in the store."""
        query = ("SELECT DISTINCT ?l WHERE { ?p a <https://w3id.org/kg-news/ontology#Person> ; "
                 "<http://www.w3.org/2000/01/rdf-schema#label>|<http://www.w3.org/2004/02/skos/core#altLabel> ?l }")
        return {str(r["l"].value) for r in self.store.query(query)}

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

    # -- writes: each is one transaction (an N-Quads load or a SPARQL Update)

    def put(self, name: str, sha256: str, triples: Iterable[tuple[Node, Node, Node]] | None,
            records: Records = ()) -> Outcome:
        """Record that the article at path ``name`` now holds the text ``sha256``.

        ``triples`` are the article's graph (its named graph in ``build_dataset``'s Dataset); they
        may be None when the text is already in the store under another path. If the path held
        another text, that text's graph is dropped (or, when another path holds it too, only
        this path is taken off it), in the same transaction. ``records`` (predicate, JSON text)
        are kept about the text in the records graph, with it (see :mod:`kg.store.merges`).
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
            if current is None:  # a new path with a new text: nothing to take away, one load
                if len(self._terms) > _TERMS_KEPT:  # kept small: the build's memory stays flat
                    self._terms.clear()
                self._insert(_new_article_nquads(name, sha256, triples, self._terms, records))
                self._apply({name: sha256})
                return Outcome(name, "added")
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
            kept = "\n".join(_statement((document, p, Literal(text))) for p, text in records)
            ops.append(
                f"INSERT DATA {{ GRAPH {_iri(named)} {{\n{body}\n}}\n"
                f"GRAPH {_iri(CATALOGUE)} {{\n{record}\n}}\n"
                f"GRAPH {_iri(RECORDS)} {{\n{kept}\n}}\n{body}\n}}"
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
            key = path_name(path) if path not in ("-", "stdin") else "stdin"
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
            f"DELETE WHERE {{ GRAPH {_iri(RECORDS)} {{ {_iri(document)} ?p ?o }} }}",
        ]

    # -- the records graph (kg.store.merges re-plans merges from it)

    def records(self, predicate: URIRef) -> dict[str, str]:
        """sha256 -> the JSON text the records graph holds about that text under ``predicate``."""
        by_document = {str(document_iri(sha256)): sha256 for sha256 in self._texts}
        found = {}
        for q in self.store.quads_for_pattern(None, ox.NamedNode(str(predicate)), None, ox.NamedNode(str(RECORDS))):
            sha256 = by_document.get(q.subject.value)
            if sha256 is not None:
                found[sha256] = q.object.value
        return found

    def record(self, sha256: str, predicate: URIRef) -> str | None:
        for q in self.store.quads_for_pattern(ox.NamedNode(str(document_iri(sha256))), ox.NamedNode(str(predicate)),
                                              None, ox.NamedNode(str(RECORDS))):
            return q.object.value
        return None

    def setting(self, predicate: URIRef) -> str | None:
        """A store-wide record (the user's merge overrides)."""
        for q in self.store.quads_for_pattern(ox.NamedNode(str(RECORDS)), ox.NamedNode(str(predicate)),
                                              None, ox.NamedNode(str(RECORDS))):
            return q.object.value
        return None

    def set_setting(self, predicate: URIRef, text: str) -> None:
        subject, p, g = _iri(RECORDS), _iri(predicate), _iri(RECORDS)
        self._update([
            f"DELETE WHERE {{ GRAPH {g} {{ {subject} {p} ?o }} }}",
            f"INSERT DATA {{ GRAPH {g} {{ {_statement((RECORDS, predicate, Literal(text)))} }} }}",
        ])

    def rewrite(self, sha256: str, removed: Iterable[tuple[Node, Node, Node]],
                added: Iterable[tuple[Node, Node, Node]], records: Records) -> None:
        """Change the graph of a stored text: take the ``removed`` triples out of it (and out of
        the union, unless another article graph has them), put the ``added`` ones in, and set its
        ``records``; in one transaction."""
        if sha256 not in self._texts:
            raise ValueError(f"the text {sha256[:16]} is not in the store")
        document = document_iri(sha256)
        g, kept = _iri(graph_name(sha256)), _iri(RECORDS)
        removed = list(removed)
        gone = "\n".join(_statement(t) for t in removed)
        new = "\n".join(_statement(t) for t in added)
        ops = []
        if gone:
            # out of the union too, unless another article's graph has it (looked up by index: this
            # process is the store's only writer; a query joining a VALUES of whole triples reads
            # the whole union, so that each rewrite cost more as the store grew)
            ops.append(f"DELETE DATA {{ GRAPH {g} {{\n{gone}\n}} }}")
            own = {ox.NamedNode(str(graph_name(sha256))), ox.NamedNode(str(CATALOGUE)), ox.NamedNode(str(RECORDS))}
            alone = [t for t in removed if not any(
                q.graph_name not in own and not isinstance(q.graph_name, ox.DefaultGraph)
                for q in self.store.quads_for_pattern(*(to_ox(term) for term in t), None))]
            if alone:
                ops.append("DELETE DATA {\n" + "\n".join(_statement(t) for t in alone) + "\n}")
        if new:
            ops.append(f"INSERT DATA {{ GRAPH {g} {{\n{new}\n}}\n{new}\n}}")
        for p, text in records:
            ops.append(f"DELETE WHERE {{ GRAPH {kept} {{ {_iri(document)} {_iri(p)} ?o }} }}")
            ops.append(f"INSERT DATA {{ GRAPH {kept} {{ {_statement((document, p, Literal(text)))} }} }}")
        self._update(ops)

    def _insert(self, nquads: bytes) -> None:
        try:  # one transaction: all of the article or nothing; parsed and written without the GIL
            self.store.load(nquads, format=ox.RdfFormat.N_QUADS)
        except OSError as exc:
            raise OutputError(f"cannot write the store {self.name}: {one_line(exc)}") from None

    def _update(self, ops: list[str]) -> None:
        if not ops:
            return
        try:
            self.store.update(" ;\n".join(ops))
        except OSError as exc:
            raise OutputError(f"cannot write the store {self.name}: {one_line(exc)}") from None

    # -- reads

    def dataset(self, sha256s: Iterable[str]) -> Dataset:
        """The named graphs of these texts, as an rdflib Dataset (for ``kg build -o``)."""
        from kg.rdf.graph import bind_prefixes

        ds = bind_prefixes(Dataset())
        for sha256 in sorted(set(sha256s)):
            named = graph_name(sha256)
            target = ds.graph(named)
            for q in self.store.quads_for_pattern(None, None, None, ox.NamedNode(str(named))):
                target.add((from_ox(q.subject), from_ox(q.predicate), from_ox(q.object)))
        return ds

    def dump(self, fmt: str) -> "Dump":
        return dump_quads(article_quads(self.store), fmt)
