"""What a kg store calls things, and its terms between rdflib and pyoxigraph.

The names of the graphs a store holds (an article's graph, its catalogue record, the catalogue)
and the conversion of RDF terms both ways, shared by the writer (:mod:`kg.store`), the readers
(:mod:`kg.store.read`) and the dumps (:mod:`kg.store.dump`).
"""
from __future__ import annotations

import pyoxigraph as ox
from rdflib import BNode, Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import Node

from kg.rdf.vocab import DATA

#: The named graph that records which text (hash) each article path holds.
CATALOGUE = URIRef(DATA["graph/catalogue"])
#: The named graph of the store's working records: each text's extraction, its people for merge
#: planning and the merges its graph was written with (JSON literals; not in the union or dumps).
RECORDS = URIRef(DATA["graph/records"])
_XSD_STRING = str(XSD.string)


def graph_name(sha256: str) -> URIRef:
    """The named graph of the article whose text has this sha256 (as ``build_dataset`` names it)."""
    return URIRef(DATA[f"graph/{sha256[:16]}"])


def document_iri(sha256: str) -> URIRef:
    return URIRef(DATA[f"document/{sha256[:16]}"])


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


def plain_literal(term: Node | None) -> Node | None:
    """oxrdflib gives plain literals the datatype xsd:string; rdflib (and kg's files) do not."""
    if isinstance(term, Literal) and term.datatype is not None and str(term.datatype) == _XSD_STRING:
        return Literal(str(term))
    return term
