"""A kg graph as a networkx graph of its entities: the common ground of ``kg draw`` and ``kg export``.

Nodes are the people, organizations, places, positions and events (by IRI, with ``type`` and
``label``); edges are the facts between them (``predicate``: the full IRI, ``label``: the
predicate's ``rdfs:label`` from kg's ontology, else its local name). Provenance (assertions,
sentences, documents, extractions, rules) is left out. A fact whose object is ``kg:unstated``
has no node to point at: it is kept on the subject, in the node attribute ``unstated``.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import networkx as nx
from rdflib import RDF, RDFS, Graph, Literal, URIRef
from rdflib.namespace import PROV, SKOS

from kg.rdf.vocab import KG, ONTOLOGY_PATH

#: The five node types drawn and exported, and the classes that count as each.
TYPES: dict[str, tuple[URIRef, ...]] = {
    "Person": (KG.Person,),
    "Organization": (KG.Organization, KG.PoliticalParty, KG.NewsOrganization),
    "Place": (KG.Place,),
    "Position": (KG.Position,),
    "Event": (KG.Event, KG.Meeting, KG.Resignation, KG.Replacement, KG.Appointment,
              KG.Election, KG.CallForResignation),
}
ROLES = (KG.agent, KG.patient)  # an event with either restates a fact
PROVENANCE = (KG.Assertion, KG.Sentence, KG.Document, KG.Extraction, KG.ExtractionRule, KG.Statement)
#: Predicates that describe a node rather than link two.
_NOT_EDGES = {RDF.type, RDFS.label, SKOS.altLabel, RDFS.comment, KG.rule, KG.confidence,
              PROV.wasDerivedFrom, PROV.wasGeneratedBy, PROV.used}


@dataclass(frozen=True)
class Evidence:
    """A sentence that states a fact: its file, its character offsets, its text."""

    file: str
    begin: int
    end: int
    text: str


@functools.lru_cache(maxsize=1)
def predicate_labels() -> dict[URIRef, str]:
    """Every property of kg's ontology -> its ``rdfs:label`` (``kg:replaced`` -> "replaced")."""
    onto = Graph().parse(ONTOLOGY_PATH, format="turtle")
    return {s: str(o) for s, o in onto.subject_objects(RDFS.label) if isinstance(s, URIRef)}


def predicate_label(predicate: URIRef) -> str:
    """The human label of a predicate: the ontology's, else the IRI's local name."""
    label = predicate_labels().get(predicate)
    if label:
        return label
    text = str(predicate)
    return text.rsplit("#", 1)[-1].rsplit("/", 1)[-1] or text


def node_type(graph: Graph, node: URIRef) -> str | None:
    """One of :data:`TYPES` for an entity, or None for provenance and untyped nodes."""
    classes = set(graph.objects(node, RDF.type))
    if classes & set(PROVENANCE):
        return None
    for name, members in TYPES.items():
        if classes & set(members):
            return name
    return None


def node_label(graph: Graph, node: URIRef) -> str:
    """The node's ``rdfs:label`` (English or untagged first, then the smallest), else its IRI's end."""
    labels = [o for o in graph.objects(node, RDFS.label) if isinstance(o, Literal)]
    if labels:
        return str(min(labels, key=lambda l: (l.language not in (None, "en"), str(l))))
    text = str(node)
    return text.rsplit("#", 1)[-1].rsplit("/", 1)[-1] or text


def names(graph: Graph, node: URIRef) -> set[str]:
    """Every name of a node (labels and alternative labels), lower-cased."""
    return {str(o).casefold() for p in (RDFS.label, SKOS.altLabel) for o in graph.objects(node, p)}


def to_networkx(graph: Graph, *, evidence: bool = False, role_events: bool = True) -> nx.MultiDiGraph:
    """The entities of ``graph`` and the facts between them, as a MultiDiGraph keyed by predicate.

    With ``evidence`` (for drawing; not exportable), each edge also has ``evidence``, a tuple of
    :class:`Evidence` in reading order, each node has ``names`` (its labels, lower-cased) and
    ``unstated_facts``: a tuple of (predicate IRI, label, evidence) for its facts with no object.

    ``role_events=False`` leaves out the events that restate a fact with roles (a
    kg:Replacement with its kg:agent and kg:patient, ...: the direct triple says the same).
    """
    net = nx.MultiDiGraph()
    typed: dict[URIRef, str] = {}
    for node in sorted({s for s in graph.subjects(RDF.type) if isinstance(s, URIRef)}):
        kind = node_type(graph, node)
        if kind == "Event" and not role_events and any((node, r, None) in graph for r in ROLES):
            continue
        if kind is not None:
            typed[node] = kind
    for node, kind in typed.items():
        net.add_node(str(node), type=kind, label=node_label(graph, node), unstated="")
        if evidence:
            net.nodes[str(node)].update(names=frozenset(names(graph, node)), unstated_facts=())
    unstated: dict[str, list[tuple[str, URIRef]]] = {}
    for s, p, o in sorted(graph.triples((None, None, None))):
        if p in _NOT_EDGES or not isinstance(p, URIRef) or s not in typed:
            continue
        if o == KG.unstated:
            unstated.setdefault(str(s), []).append((predicate_label(p), p))
            continue
        if o not in typed:
            continue
        attrs = {"predicate": str(p), "label": predicate_label(p)}
        if evidence:
            attrs["evidence"] = sentences_for(graph, s, p, o)
        net.add_edge(str(s), str(o), key=str(p), **attrs)
    for node, facts in unstated.items():
        net.nodes[node]["unstated"] = "; ".join(sorted({label for label, _ in facts}))
        if evidence:
            net.nodes[node]["unstated_facts"] = tuple(
                (str(p), label, sentences_for(graph, URIRef(node), p, KG.unstated))
                for label, p in sorted(set(facts))
            )
    return net


def sentences_for(graph: Graph, s: URIRef, p: URIRef, o: URIRef) -> tuple[Evidence, ...]:
    """The sentences that kg's assertions of the triple (s, p, o) derive from, in reading order."""
    found: set[Evidence] = set()
    for assertion in graph.subjects(RDF.subject, s):
        if (assertion, RDF.predicate, p) not in graph or (assertion, RDF.object, o) not in graph:
            continue
        for sentence in graph.objects(assertion, PROV.wasDerivedFrom):
            text = graph.value(sentence, KG.text)
            if text is None:
                continue
            document = graph.value(sentence, KG.inDocument)
            file = graph.value(document, KG.fileName) if document is not None else None
            found.add(Evidence(
                file=str(file or ""),
                begin=_int(graph.value(sentence, KG.beginIndex)),
                end=_int(graph.value(sentence, KG.endIndex)),
                text=str(text),
            ))
    return tuple(sorted(found, key=lambda e: (e.file, e.begin, e.end, e.text)))


def _int(value: object) -> int:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0
