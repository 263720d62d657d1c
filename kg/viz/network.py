"""A kg graph as a networkx graph of its entities: the common ground of ``kg draw`` and ``kg export``.

Nodes are the people, organizations, places, positions and events (by IRI, with ``type`` and
``label``); edges are the facts between them (``predicate``: the full IRI, ``label``: the
predicate's ``rdfs:label`` from kg's ontology, else its local name). Provenance (assertions,
sentences, documents, extractions, rules) is left out. A fact whose object is ``kg:unstated``
has no node to point at: it is kept on the subject, in the node attribute ``unstated``.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rdflib import RDF, RDFS, Graph, URIRef
from rdflib.namespace import PROV

from kg.rdf.vocab import KG, ONTOLOGY_PATH
from kg.store.read import answers_sparql, select
from kg.store.terms import to_ox
from kg.viz.parts import read_parts

if TYPE_CHECKING:
    import networkx as nx


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


@dataclass(frozen=True)
class Network:
    """The entities and facts ``kg draw`` chooses from: what :func:`to_networkx` gives with
    ``evidence=True, role_events=False, sentences=False``, in plain dicts and a list (building,
    copying and cutting networkx graphs took longer than the rest of the choice).

    ``nodes``: IRI -> {"type", "label", "names", "unstated_facts"} (as :func:`to_networkx`'s
    attributes); ``edges``: (subject, object, predicate IRI, label), one a fact."""

    nodes: dict[str, dict]
    edges: tuple[tuple[str, str, str, str], ...]

    def degrees(self) -> dict[str, int]:
        """Each node's facts with another node, as networkx counts a MultiDiGraph's degree (in
        and out: a fact of a node about itself counts twice)."""
        found = dict.fromkeys(self.nodes, 0)
        for s, o, _, _ in self.edges:
            found[s] += 1
            found[o] += 1
        return found

    def keep(self, ids: Iterable[str]) -> Network:
        """The network of these nodes only, and the facts between them."""
        kept = set(ids)
        return Network(nodes={n: dict(self.nodes[n]) for n in sorted(kept)},
                       edges=tuple(e for e in self.edges if e[0] in kept and e[1] in kept))


def draw_network(graph: Graph) -> Network:
    """The :class:`Network` of ``graph``'s entities and facts, without the events that restate a
    fact with roles (as ``kg draw`` shows them; no sentences: :func:`evidence_for` reads them)."""
    parts = read_parts(graph, role_events=False)
    nodes = {str(node): {"type": kind, "label": parts.labels[node], "names": parts.names[node],
                         "unstated_facts": ()}
             for node, kind in parts.types.items()}
    edges = []
    unstated: dict[str, set[tuple[str, URIRef]]] = {}
    for s, p, o in parts.facts:
        if o == KG.unstated:
            unstated.setdefault(str(s), set()).add((predicate_label(p), p))
        else:
            edges.append((str(s), str(o), str(p), predicate_label(p)))
    for node, facts in unstated.items():
        nodes[node]["unstated_facts"] = tuple((str(p), label, ()) for label, p in sorted(facts))
    return Network(nodes=nodes, edges=tuple(edges))


def to_networkx(graph: Graph, *, evidence: bool = False, role_events: bool = True,
                sentences: bool = True) -> nx.MultiDiGraph:
    """The entities of ``graph`` and the facts between them, as a MultiDiGraph keyed by predicate.

    With ``evidence`` (for drawing; not exportable), each edge also has ``evidence``, a tuple of
    :class:`Evidence` in reading order, each node has ``names`` (its labels, lower-cased) and
    ``unstated_facts``: a tuple of (predicate IRI, label, evidence) for its facts with no object.
    ``sentences=False`` leaves each evidence empty, for :func:`evidence_for` to read as needed.

    ``role_events=False`` leaves out the events that restate a fact with roles (a
    kg:Replacement with its kg:agent and kg:patient, ...: the direct triple says the same).
    """
    import networkx as nx  # here: kg draw does without it (Network)

    net = nx.MultiDiGraph()
    parts = read_parts(graph, role_events=role_events)
    index = evidence_index(graph) if evidence and sentences else {}
    for node, kind in parts.types.items():
        net.add_node(str(node), type=kind, label=parts.labels[node], unstated="")
        if evidence:
            net.nodes[str(node)].update(names=parts.names[node], unstated_facts=())
    unstated: dict[str, list[tuple[str, URIRef]]] = {}
    for s, p, o in parts.facts:
        if o == KG.unstated:
            unstated.setdefault(str(s), []).append((predicate_label(p), p))
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


_PREFIXES = {"rdf": str(RDF), "prov": str(PROV), "kg": str(KG)}
_SENTENCE = """?sentence kg:text ?text .
  OPTIONAL { ?sentence kg:beginIndex ?begin }
  OPTIONAL { ?sentence kg:endIndex ?end }
  OPTIONAL { ?sentence kg:inDocument ?document . ?document kg:fileName ?file }"""
_EVIDENCE_QUERY = ("SELECT ?s ?p ?o ?text ?begin ?end ?file WHERE {\n"
                   "  ?a rdf:subject ?s ; rdf:predicate ?p ; rdf:object ?o ; prov:wasDerivedFrom ?sentence .\n"
                   f"  {_SENTENCE}\n}}")


def _store_evidence(graph: Graph) -> dict[tuple[URIRef, URIRef, URIRef], tuple[Evidence, ...]] | None:
    """:func:`evidence_index` of a store, by one query on Oxigraph's engine (None if it will not)."""
    answer = select(graph, _EVIDENCE_QUERY, _PREFIXES, {})
    if answer is None:
        return None
    return _in_reading_order(((s, p, o), *sentence) for s, p, o, *sentence in answer[1])


def _in_reading_order(rows: Iterable[tuple]) -> dict[tuple, tuple[Evidence, ...]]:
    """Rows of (key, text, begin, end, file) -> each key's :class:`Evidence`, in reading order."""
    index: dict[tuple, set[Evidence]] = {}
    for key, text, begin, end, file in rows:
        index.setdefault(key, set()).add(
            Evidence(file=str(file) if file is not None else "", begin=_int(begin), end=_int(end), text=str(text)))
    return {key: tuple(sorted(found, key=_reading_order)) for key, found in index.items()}


def evidence_for(graph: Graph, facts: Iterable[tuple[URIRef, URIRef, URIRef]]) -> dict[tuple, tuple[Evidence, ...]]:
    """:func:`evidence_index` of these facts only (s, p, o), by lookups (on a store, two queries
    a few hundred terms at a time: the assertions of the facts' subjects, then their sentences)."""
    wanted = sorted(set(facts))
    if answers_sparql(graph):
        found = _store_evidence_for(graph, wanted)
        if found is not None:
            return found
    index: dict[tuple, tuple[Evidence, ...]] = {}
    for s, p, o in wanted:
        seen = set()
        for assertion in graph.subjects(RDF.subject, s):
            if (assertion, RDF.predicate, p) in graph and (assertion, RDF.object, o) in graph:
                for sentence in graph.objects(assertion, PROV.wasDerivedFrom):
                    e = sentence_evidence(graph, sentence)
                    if e is not None:
                        seen.add(e)
        if seen:
            index[(s, p, o)] = tuple(sorted(seen, key=_reading_order))
    return index


_TERMS_A_QUERY = 300
_ASSERTIONS_OF = "SELECT ?a ?s ?p ?o WHERE { VALUES ?s { %s } ?a rdf:subject ?s ; rdf:predicate ?p ; rdf:object ?o }"
_SENTENCES_OF = ("SELECT ?a ?text ?begin ?end ?file WHERE {\n"
                 "  VALUES ?a { %s }\n  ?a prov:wasDerivedFrom ?sentence .\n" f"  {_SENTENCE}\n}}")


def _store_evidence_for(graph: Graph, wanted: list[tuple]) -> dict[tuple, tuple[Evidence, ...]] | None:
    """(A VALUES of whole facts is joined slowly by Oxigraph; one of single terms is not.)"""
    keys = set(wanted)
    stated: dict[URIRef, tuple] = {}
    for rows in _chunked_select(graph, _ASSERTIONS_OF, sorted({s for s, _, _ in wanted})):
        if rows is None:
            return None
        for a, s, p, o in rows:
            if (s, p, o) in keys:
                if not isinstance(a, URIRef):
                    return None  # an assertion without an IRI cannot be named in a query
                stated[a] = (s, p, o)
    found: list[tuple] = []
    for rows in _chunked_select(graph, _SENTENCES_OF, sorted(stated)):
        if rows is None:
            return None
        found += ((stated[a], *sentence) for a, *sentence in rows)
    return _in_reading_order(found)


def _chunked_select(graph: Graph, query: str, terms: list[URIRef]):
    for start in range(0, len(terms), _TERMS_A_QUERY):
        values = " ".join(str(to_ox(t)) for t in terms[start:start + _TERMS_A_QUERY])
        answer = select(graph, query % values, _PREFIXES, {})
        yield None if answer is None else answer[1]


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
