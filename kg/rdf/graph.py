"""Write one article's entities and facts as RDF, every fact with its provenance.

Each fact is a direct triple (``ex:brevik kg:replaced ex:sandhu``) and, beside it, a
``kg:Assertion`` that reifies it (rdf:subject / rdf:predicate / rdf:object) and says which
sentence of which document states it (prov:wasDerivedFrom), which rule found it (kg:rule), the
extraction that made it (prov:wasGeneratedBy) and a confidence.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache

from rdflib import RDF, RDFS, XSD, Graph, Literal, URIRef
from rdflib.namespace import PROV, SKOS

from kg.model import DocumentFacts, ObjectRef, SentenceSpan
from kg.rdf.iri import entity_iri, slug
from kg.rdf.labels import hidden_labels
from kg.rdf.nary import add_events_and_statements
from kg.rdf.vocab import DATA, KG, ORG

# rdflib's namespaces look a term up on every access (about 1.5 us): the terms written for every
# fact and sentence are looked up once
_TYPE, _LABEL, _ALT_LABEL, _HIDDEN_LABEL = RDF.type, RDFS.label, SKOS.altLabel, SKOS.hiddenLabel
_SUBJECT, _PREDICATE, _OBJECT = RDF.subject, RDF.predicate, RDF.object
_GENERATED_BY, _DERIVED_FROM, _USED = PROV.wasGeneratedBy, PROV.wasDerivedFrom, PROV.used
_POST_IN = ORG.postIn
_TRUE = Literal(True)

KIND_CLASS = {"person": KG.Person, "organization": KG.Organization, "place": KG.Place, "event": KG.Event}


def bind_prefixes(g: Graph) -> Graph:
    g.bind("kg", KG._NS)
    g.bind("id", DATA)
    g.bind("skos", SKOS)
    g.bind("prov", PROV)
    g.bind("schema", URIRef("https://schema.org/"))
    return g


def entity_iris(doc: DocumentFacts) -> dict[str, URIRef]:
    """A stable IRI for each entity key, event and position of the document."""
    out: dict[str, URIRef] = {}
    taken: dict[URIRef, str] = {}
    for e in sorted(doc.entities, key=lambda e: (e.label, e.key)):
        iri = _event_iri(doc, e.label) if e.kind == "event" else entity_iri(e.kind, e.label)
        n = 2
        base = iri
        while iri in taken and taken[iri] != e.key:   # two entities, one name: keep them apart
            iri, n = URIRef(f"{base}-{n}"), n + 1
        taken[iri] = e.key
        out[e.key] = iri
    return out


def _event_iri(doc: DocumentFacts, label: str) -> URIRef:
    return DATA[f"event/{doc.sha256[:12]}-{slug(label)}"]


#: the relations a title gives its holder to the organization it is of
_POST_RELATIONS = ("leaderOf", "memberOf", "worksFor")


def posts_of(doc: DocumentFacts) -> dict[tuple[str, str], str]:
    """(holder's key, lower-cased title) -> the organization the title is of, where the article
    says so: the holder's post and their tie to one organization stated by the same word of the
    same sentence ("Owen Castell, chief executive of Cardline Systems"). A title tied to no
    organization, or to several, is a bare position."""
    found: dict[tuple[str, str], set[str]] = {}
    ties: dict[tuple[str, int, int], set[str]] = {}
    parties = {e.key for e in doc.entities if e.party}
    for f in doc.facts:
        # "Labour MP X" is a member of the party, but an MP is no post of the party's
        if f.predicate in _POST_RELATIONS and f.object_key and f.trigger >= 0 \
                and not (f.predicate == "memberOf" and f.object_key in parties):
            ties.setdefault((f.subject, f.sentence, f.trigger), set()).add(f.object_key)
    for f in doc.facts:
        if f.predicate == "holdsPosition" and f.object and f.object.kind == "position" and f.trigger >= 0:
            orgs = ties.get((f.subject, f.sentence, f.trigger), set())
            found.setdefault((f.subject, f.object.value.lower()), set()).update(orgs or {""})
    return {key: next(iter(orgs)) for key, orgs in found.items() if len(orgs) == 1 and "" not in orgs}


def object_iri(doc: DocumentFacts, ref: ObjectRef | None, iris: dict[str, URIRef]) -> URIRef:
    if ref is None:
        return KG.unstated
    if ref.kind == "position":
        return entity_iri("position", ref.value.lower())
    if ref.kind == "event":
        return _event_iri(doc, ref.value)
    return iris[ref.value]


def add_document(g: Graph, doc: DocumentFacts, *, merged: dict[str, URIRef] | None = None,
                 decisions: tuple = ()) -> Graph:
    """Add one article's nodes and facts to ``g`` (a Graph or a Dataset's named graph).

    ``merged`` maps entity keys to the IRI of the entity another article names in full (see
    :mod:`kg.merge`); ``decisions`` are the merge decisions about this article's names.
    """
    g.addN((s, p, o, g) for s, p, o in document_triples(doc, merged=merged, decisions=decisions))
    return g


def document_triples(doc: DocumentFacts, *, merged: dict[str, URIRef] | None = None,
                     decisions: tuple = ()) -> set[tuple[URIRef, URIRef, URIRef | Literal]]:
    """One article's graph as a set of triples, each once (see :func:`add_document`)."""
    g: set[tuple] = set()  # a Graph's add, and duplicates (a sentence behind many facts) cost nothing
    iris = {**entity_iris(doc), **(merged or {})}
    document = DATA[f"document/{doc.sha256[:16]}"]
    g.add((document, _TYPE, KG.Document))
    g.add((document, KG.fileName, Literal(doc.name)))
    g.add((document, KG.sha256, Literal(doc.sha256)))
    activity = DATA[f"extraction/{doc.sha256[:16]}"]
    g.add((activity, _TYPE, KG.Extraction))
    g.add((activity, _USED, document))
    g.add((activity, _LABEL, Literal(f"kg extraction with the spaCy pipeline {doc.model}")))

    for e in doc.entities:
        node = iris[e.key]
        g.add((node, _TYPE, KIND_CLASS[e.kind]))
        if e.party:
            g.add((node, _TYPE, KG.PoliticalParty))
        if e.news:
            g.add((node, _TYPE, KG.NewsOrganization))
        # merged into an entity named in full elsewhere: this article's name is another name of it
        g.add((node, _ALT_LABEL if merged and e.key in merged else _LABEL, Literal(e.label)))
        for alt in e.alt_labels:
            g.add((node, _ALT_LABEL, Literal(alt)))
        for hidden in hidden_labels((e.label, *e.alt_labels)):  # looked up in any case (kg.rdf.labels)
            g.add((node, _HIDDEN_LABEL, hidden))

    spans = {s.index: s for s in doc.sentences}
    sentence_nodes: dict[int, URIRef] = {}
    posts = posts_of(doc)
    labels = {e.key: e.label for e in doc.entities}

    def sentence(index: int) -> URIRef:
        if index not in sentence_nodes:
            sentence_nodes[index] = sentence_node(g, doc, spans[index], document)
        return sentence_nodes[index]

    for fact in doc.facts:
        s = iris[fact.subject]
        p = KG[fact.predicate]
        ref = fact.object
        org = posts.get((fact.subject, ref.value.lower())) if ref and ref.kind == "position" else None
        o = entity_iri("position", f"{ref.value} of {labels[org]}".lower()) if org else object_iri(doc, ref, iris)
        g.add((s, p, o))
        if org:   # a post of one organization: "chief executive, Cardline Systems"
            g.add((o, _TYPE, KG.Position))
            g.add((o, _TYPE, KG.Post))
            name = f"{ref.value}, {labels[org]}"
            g.add((o, _LABEL, Literal(name)))
            g.update((o, _HIDDEN_LABEL, h) for h in hidden_labels((name,)))
            g.add((o, _POST_IN, iris[org]))
        elif ref and ref.kind == "position":
            g.add((o, _TYPE, KG.Position))
            g.add((o, _LABEL, Literal(ref.value)))
            g.update((o, _HIDDEN_LABEL, h) for h in hidden_labels((ref.value,)))
        elif ref and ref.kind == "event":
            g.add((o, _TYPE, KG.Meeting if ref.meeting else KG.Event))
            g.add((o, _LABEL, Literal(ref.value)))
        assertion = DATA["assertion/" + _hash(doc.sha256, str(s), str(p), str(o), str(fact.sentence), fact.rule)]
        g.add((assertion, _TYPE, KG.Assertion))
        g.add((assertion, _SUBJECT, s))
        g.add((assertion, _PREDICATE, p))
        g.add((assertion, _OBJECT, o))
        rule = _rule_iri(fact.rule)
        g.add((assertion, KG.rule, rule))
        g.add((rule, _TYPE, KG.ExtractionRule))
        g.add((rule, _LABEL, Literal(fact.rule)))
        g.add((assertion, KG.confidence, _decimal(decimal_text(fact.confidence))))
        if fact.past:
            g.add((assertion, KG.past, _TRUE))
        g.add((assertion, _GENERATED_BY, activity))
        for index in (fact.sentence, *fact.via):
            g.add((assertion, _DERIVED_FROM, sentence(index)))
    add_events_and_statements(g, doc, iris, sentence)
    for d in decisions:
        node = DATA[f"merge/{doc.sha256[:12]}-{slug(d.name)}"]
        g.add((node, _TYPE, KG.MergeDecision))
        g.add((node, KG.mergedName, Literal(d.name)))
        g.add((node, KG.reason, Literal(d.reason)))
        g.add((node, KG.inDocument, document))
        if d.into is not None:
            g.add((node, KG.mergedInto, d.into))
    return g


def sentence_node(g: Graph, doc: DocumentFacts, sent: SentenceSpan, document: URIRef) -> URIRef:
    """The node of one sentence: its text and where it stands in the document."""
    snode = DATA[f"sentence/{doc.sha256[:16]}-{sent.start}-{sent.end}"]
    g.add((snode, _TYPE, KG.Sentence))
    g.add((snode, KG.text, Literal(sent.text)))
    g.add((snode, KG.beginIndex, _integer(sent.start)))
    g.add((snode, KG.endIndex, _integer(sent.end)))
    g.add((snode, KG.inDocument, document))
    return snode


# rdflib takes ~15 us to make a typed Literal or a slug: the few distinct ones are made once

@lru_cache(maxsize=None)
def _rule_iri(rule: str) -> URIRef:
    return DATA[f"rule/{slug(rule)}"]


def decimal_text(value: float) -> str:
    """A confidence as an xsd:decimal in canonical form, as a store keeps it: two places at most,
    no trailing zeros ("0.7", "0.85", "1"), so that files and stores hold the same literal."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


@lru_cache(maxsize=256)
def _decimal(text: str) -> Literal:
    return Literal(text, datatype=XSD.decimal)


@lru_cache(maxsize=65536)
def _integer(n: int) -> Literal:
    return Literal(n, datatype=XSD.integer)


def _hash(*parts: str) -> str:
    return hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:16]
