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
from kg.store.read import answers_sparql, select

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
    return type_of_classes(set(graph.objects(node, RDF.type)))


def type_of_classes(classes: set) -> str | None:
    """One of :data:`TYPES` for a node of these classes, or None (provenance, or none of them)."""
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
    index = evidence_index(graph) if evidence else {}
    typed: dict[URIRef, str] = {}
    classes: dict[URIRef, set] = {}
    for node, cls in graph.subject_objects(RDF.type):  # one scan, not a lookup per node
        if isinstance(node, URIRef):
            classes.setdefault(node, set()).add(cls)
    for node in sorted(classes):
        kind = type_of_classes(classes[node])
        if kind == "Event" and not role_events and any((node, r, None) in graph for r in ROLES):
            continue
        if kind is not None:
            typed[node] = kind
    for node, kind in typed.items():
        net.add_node(str(node), type=kind, label=node_label(graph, node), unstated="")
        if evidence:
            net.nodes[str(node)].update(names=frozenset(names(graph, node)), unstated_facts=())
    unstated: dict[str, list[tuple[str, URIRef]]] = {}
    # each entity's own triples (the same order as sorting all triples, without reading them all)
    for s, p, o in ((s, p, o) for s in typed for p, o in sorted(graph.predicate_objects(s))):
        if p in _NOT_EDGES or not isinstance(p, URIRef):
            continue
        if o == KG.unstated:
            unstated.setdefault(str(s), []).append((predicate_label(p), p))
            continue
        if o not in typed:
            continue
        attrs = {"predicate": str(p), "label": predicate_label(p)}
        if evidence:
            attrs["evidence"] = index.get((s, p, o), ())
        net.add_edge(str(s), str(o), key=str(p), **attrs)
    for node, facts in unstated.items():
        net.nodes[node]["unstated"] = "; ".join(sorted({label for label, _ in facts}))
        if evidence:
            net.nodes[node]["unstated_facts"] = tuple(
                (str(p), label, index.get((URIRef(node), p, KG.unstated), ()))
                for label, p in sorted(set(facts))
            )
    return net


def evidence_index(graph: Graph) -> dict[tuple[URIRef, URIRef, URIRef], tuple[Evidence, ...]]:
    """Every asserted triple (s, p, o) -> the sentences its assertions derive from, in reading order.

    Read by one scan per property (not lookups per fact); a store answers one SPARQL query on
    its own engine instead."""
    if answers_sparql(graph):
        found = _store_evidence(graph)
        if found is not None:
            return found
    sentences = _sentence_index(graph)
    derived: dict[object, set[Evidence]] = {}
    for thing, sentence in graph.subject_objects(PROV.wasDerivedFrom):
        found = sentences.get(sentence)
        if found is not None:
            derived.setdefault(thing, set()).add(found)
    subjects = dict(graph.subject_objects(RDF.subject))
    predicates = dict(graph.subject_objects(RDF.predicate))
    objects = dict(graph.subject_objects(RDF.object))
    index: dict[tuple, set[Evidence]] = {}
    for assertion, subject in subjects.items():
        predicate, obj = predicates.get(assertion), objects.get(assertion)
        if predicate is None or obj is None:
            continue
        index.setdefault((subject, predicate, obj), set()).update(derived.get(assertion, ()))
    return {key: tuple(sorted(found, key=_reading_order)) for key, found in index.items()}


_EVIDENCE_QUERY = """
SELECT ?s ?p ?o ?text ?begin ?end ?file WHERE {
  ?a rdf:subject ?s ; rdf:predicate ?p ; rdf:object ?o ; prov:wasDerivedFrom ?sentence .
  ?sentence kg:text ?text .
  OPTIONAL { ?sentence kg:beginIndex ?begin }
  OPTIONAL { ?sentence kg:endIndex ?end }
  OPTIONAL { ?sentence kg:inDocument ?document . ?document kg:fileName ?file }
}"""


def _store_evidence(graph: Graph) -> dict[tuple[URIRef, URIRef, URIRef], tuple[Evidence, ...]] | None:
    """:func:`evidence_index` of a store, by one query on Oxigraph's engine (None if it will not)."""
    answer = select(graph, _EVIDENCE_QUERY, {"rdf": str(RDF), "prov": str(PROV), "kg": str(KG)}, {})
    if answer is None:
        return None
    index: dict[tuple, set[Evidence]] = {}
    for s, p, o, text, begin, end, file in answer[1]:
        index.setdefault((s, p, o), set()).add(
            Evidence(file=str(file) if file is not None else "", begin=_int(begin), end=_int(end), text=str(text)))
    return {key: tuple(sorted(found, key=_reading_order)) for key, found in index.items()}


def sentence_evidence(graph: Graph, sentence: object) -> Evidence | None:
    """One kg:Sentence's :class:`Evidence` (file, offsets, text), by lookups; None without a text."""
    text = graph.value(sentence, KG.text)
    if text is None:
        return None
    document = graph.value(sentence, KG.inDocument)
    file = graph.value(document, KG.fileName) if document is not None else None
    return Evidence(file=str(file or ""), begin=_int(graph.value(sentence, KG.beginIndex)),
                    end=_int(graph.value(sentence, KG.endIndex)), text=str(text))


def _sentence_index(graph: Graph) -> dict[object, Evidence]:
    """Every kg:Sentence with a text -> its :class:`Evidence` (file, offsets, text), by one scan
    per property (for all of them; :func:`sentence_evidence` for a few)."""
    files = {doc: str(name) for doc, name in graph.subject_objects(KG.fileName)}
    documents = dict(graph.subject_objects(KG.inDocument))
    begins = dict(graph.subject_objects(KG.beginIndex))
    ends = dict(graph.subject_objects(KG.endIndex))
    return {
        sentence: Evidence(file=files.get(documents.get(sentence), ""), begin=_int(begins.get(sentence)),
                           end=_int(ends.get(sentence)), text=str(text))
        for sentence, text in graph.subject_objects(KG.text)
    }


def _reading_order(e: Evidence) -> tuple:
    return (e.file, e.begin, e.end, e.text)


def _int(value: object) -> int:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0
