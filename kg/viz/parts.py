"""The entities and facts a diagram or an export shows, read from a graph: the input of
:func:`kg.viz.network.to_networkx`.

From an rdflib graph they are read by one scan per property; from a store, by a few SELECTs on
Oxigraph's own engine, which join on the store's term ids and read the text only of what they
return (the Graph API would read each entity's triples, one lookup and one term at a time). Both
give the same :class:`Parts`, in the same order.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rdflib import RDF, RDFS, Graph, Literal, URIRef
from rdflib.namespace import PROV, SKOS

from kg.rdf.vocab import KG
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
NOT_EDGES = {RDF.type, RDFS.label, SKOS.altLabel, RDFS.comment, KG.rule, KG.confidence,
             PROV.wasDerivedFrom, PROV.wasGeneratedBy, PROV.used}


@dataclass(frozen=True)
class Parts:
    """``types``: each entity (IRI order) -> one of :data:`TYPES`; ``labels``: its label as
    :func:`best_label` picks it; ``names``: its labels and other names, lower-cased; ``facts``:
    (subject, predicate, object) between entities, or to ``kg:unstated``, by subject (IRI
    order), then predicate and object."""

    types: dict[URIRef, str]
    labels: dict[URIRef, str]
    names: dict[URIRef, frozenset[str]]
    facts: tuple[tuple[URIRef, URIRef, URIRef], ...]


def read_parts(graph: Graph, *, role_events: bool = True) -> Parts:
    """The :class:`Parts` of ``graph``; ``role_events=False`` leaves out the events that restate
    a fact with roles (a kg:Replacement with its kg:agent and kg:patient, ...)."""
    read = _store_rows if answers_sparql(graph) else _graph_rows
    classes, with_roles, labels, other_names, triples_of = read(graph)
    types: dict[URIRef, str] = {}
    for node in sorted(classes):
        kind = type_of_classes(classes[node])
        if kind == "Event" and not role_events and node in with_roles:
            continue
        if kind is not None:
            types[node] = kind
    by_subject: dict[URIRef, list[tuple[URIRef, URIRef]]] = {}
    for s, p, o in triples_of(types):
        if s in types and isinstance(p, URIRef) and p not in NOT_EDGES and (o in types or o == KG.unstated):
            by_subject.setdefault(s, []).append((p, o))
    facts = tuple((s, p, o) for s in types for p, o in sorted(set(by_subject.get(s, ()))))
    found: dict[URIRef, list] = {}
    for node, label in labels:
        if node in types:
            found.setdefault(node, []).append(label)
    spoken: dict[URIRef, set[str]] = {}
    for node, name in (*labels, *other_names):
        if node in types:
            spoken.setdefault(node, set()).add(str(name).casefold())
    return Parts(
        types=types,
        labels={node: best_label(node, found.get(node, ())) for node in types},
        names={node: frozenset(spoken.get(node, ())) for node in types},
        facts=facts,
    )


def type_of_classes(classes: set) -> str | None:
    """One of :data:`TYPES` for a node of these classes, or None (provenance, or none of them)."""
    if classes & set(PROVENANCE):
        return None
    for name, members in TYPES.items():
        if classes & set(members):
            return name
    return None


def best_label(node: URIRef, labels: Iterable[object]) -> str:
    """A node's ``rdfs:label`` (English or untagged first, then the smallest), else its IRI's end."""
    found = [o for o in labels if isinstance(o, Literal)]
    if found:
        return str(min(found, key=lambda l: (l.language not in (None, "en"), str(l))))
    text = str(node)
    return text.rsplit("#", 1)[-1].rsplit("/", 1)[-1] or text


# --- reading ---------------------------------------------------------------------------------


def _graph_rows(graph: Graph):
    classes: dict[URIRef, set] = {}
    for node, cls in graph.subject_objects(RDF.type):  # one scan, not a lookup per node
        if isinstance(node, URIRef):
            classes.setdefault(node, set()).add(cls)
    with_roles = {s for r in ROLES for s in graph.subjects(r, None)}
    labels = list(graph.subject_objects(RDFS.label))
    other = list(graph.subject_objects(SKOS.altLabel))
    def triples_of(nodes):  # the entities' own triples only (not every typed node's: assertions, ...)
        return (t for s in nodes for t in graph.triples((s, None, None)))

    return classes, with_roles, labels, other, triples_of


_ENTITY_CLASSES = " ".join(f"<{c}>" for members in TYPES.values() for c in members)
_PROVENANCE_CLASSES = " ".join(f"<{c}>" for c in PROVENANCE)
_TYPED = f"VALUES ?c {{ {_ENTITY_CLASSES} }} ?n a ?c ."
_QUERIES = {  # only the first leaves out provenance: the rest are filtered by its answer, faster
    "classes": f"SELECT ?n ?c WHERE {{ {_TYPED} FILTER(isIRI(?n)) "
               f"FILTER NOT EXISTS {{ VALUES ?x {{ {_PROVENANCE_CLASSES} }} ?n a ?x }} }}",
    "roles": f"SELECT DISTINCT ?n WHERE {{ VALUES ?r {{ <{KG.agent}> <{KG.patient}> }} ?n ?r ?x }}",
    "labels": f"SELECT DISTINCT ?n ?l WHERE {{ {_TYPED} ?n <{RDFS.label}> ?l }}",
    "other": f"SELECT DISTINCT ?n ?l WHERE {{ {_TYPED} ?n <{SKOS.altLabel}> ?l }}",
    "triples": f"SELECT DISTINCT ?n ?p ?o WHERE {{ {_TYPED} ?n ?p ?o . FILTER(isIRI(?o)) "
               f"FILTER(?p NOT IN ({', '.join(f'<{p}>' for p in sorted(NOT_EDGES))})) }}",
}


def _store_rows(graph: Graph):
    def rows(name: str) -> list[tuple]:
        answer = select(graph, _QUERIES[name], {}, {})
        if answer is None:  # not a query Oxigraph refuses: ours are fixed texts
            raise RuntimeError(f"the store did not answer kg's {name} query")
        return list(answer[1])

    classes: dict[URIRef, set] = {}
    for node, cls in rows("classes"):
        classes.setdefault(node, set()).add(cls)
    with_roles = {node for (node,) in rows("roles")}
    return classes, with_roles, rows("labels"), rows("other"), lambda nodes: rows("triples")
