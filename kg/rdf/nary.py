"""N-ary events and quoted statements as nodes, beside the direct triples.

A direct triple says that Ruiz replaced Hale; a ``kg:Replacement`` node says who
replaced whom (kg:agent, kg:patient), as what (kg:position), in which organization and when
(kg:date, as the article words it), so a user can ask all of that in one query. A quoted
passage with a known speaker becomes a ``kg:Statement`` with kg:speaker and kg:quote.
"""
from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Callable

from rdflib import RDF, RDFS, Graph, Literal, URIRef
from rdflib.namespace import PROV, SKOS

from kg.model import ObjectRef
from kg.rdf.iri import entity_iri, slug
from kg.rdf.labels import hidden_labels
from kg.rdf.vocab import DATA, KG

if TYPE_CHECKING:  # pragma: no cover
    from kg.model import DocumentFacts

# rdflib's namespaces look a term up on every access (about 2 us for RDF.type): once here
_TYPE, _LABEL, _HIDDEN_LABEL, _DERIVED_FROM = RDF.type, RDFS.label, SKOS.hiddenLabel, PROV.wasDerivedFrom

# predicate -> (event class, how its label reads, whether the object is the event's patient)
EVENT_OF = {
    "resignedFrom": (KG.Resignation, "resignation of {s}", False),
    "replaced": (KG.Replacement, "replacement of {o} by {s}", True),
    "appointed": (KG.Appointment, "appointment of {o} by {s}", True),
    "electedTo": (KG.Election, "election of {s}", False),
    "calledForResignationOf": (KG.CallForResignation, "call by {s} for {o} to resign", True),
}


def add_events_and_statements(g: Graph, doc: "DocumentFacts", iris: dict[str, URIRef],
                              sentence: Callable[[int], URIRef]) -> None:
    labels = {e.key: e.label for e in doc.entities}
    kinds = {e.key: e.kind for e in doc.entities}
    for fact in doc.facts:
        if fact.predicate not in EVENT_OF:
            continue
        cls, pattern, object_is_patient = EVENT_OF[fact.predicate]
        obj_label = _object_label(fact.object, labels)
        node = DATA["event/" + doc.sha256[:12] + "-" + slug(fact.predicate) + "-" +
                    _hash(fact.subject, _object_text(fact.object), str(fact.sentence))]
        g.add((node, _TYPE, cls))
        g.add((node, _LABEL, Literal(pattern.format(s=labels[fact.subject], o=obj_label))))
        g.add((node, KG.agent, iris[fact.subject]))
        ref = fact.object
        if ref is not None:
            if ref.kind == "position":
                g.add((node, KG.position, entity_iri("position", ref.value.lower())))
            elif object_is_patient:
                g.add((node, KG.patient, iris[ref.value]))
            elif kinds.get(ref.value) == "organization":
                g.add((node, KG.organization, iris[ref.value]))
        if fact.position:
            position = entity_iri("position", fact.position.lower())
            g.add((position, _TYPE, KG.Position))
            g.add((position, _LABEL, Literal(fact.position)))
            for hidden in hidden_labels((fact.position,)):
                g.add((position, _HIDDEN_LABEL, hidden))
            g.add((node, KG.position, position))
        if fact.organization and fact.organization in iris:
            g.add((node, KG.organization, iris[fact.organization]))
        if fact.date:
            g.add((node, KG.date, Literal(fact.date)))
        g.add((node, _DERIVED_FROM, sentence(fact.sentence)))

    for st in doc.statements:
        node = DATA[f"statement/{doc.sha256[:12]}-{_hash(st.text, str(st.sentence))}"]
        g.add((node, _TYPE, KG.Statement))
        for key in st.speakers:
            if key in iris:
                g.add((node, KG.speaker, iris[key]))
        g.add((node, KG.quote, Literal(st.text)))
        g.add((node, _DERIVED_FROM, sentence(st.sentence)))


def _object_label(ref: ObjectRef | None, labels: dict[str, str]) -> str:
    if ref is None:
        return "?"
    return labels.get(ref.value, ref.value) if ref.kind == "entity" else ref.value


def _object_text(ref: ObjectRef | None) -> str:
    """The object as the event's IRI hashes it (kept as the IRIs were first made)."""
    if ref is None:
        return ""
    return ref.value if ref.kind == "entity" else f"{ref.kind}:{ref.value}"


def _hash(*parts: str) -> str:
    return hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:12]
