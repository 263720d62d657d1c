"""Our RDF vocabulary, declared once: a closed namespace, so that a typo is an error.

Every term listed here is declared in ``ontology/kg.ttl`` (a test holds the two together).
Data IRIs (people, organizations, documents, ...) live under :data:`DATA`.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rdflib import Namespace, URIRef
from rdflib.namespace import DefinedNamespace

ONTOLOGY_IRI = URIRef("https://w3id.org/kg-news/ontology")
DATA = Namespace("https://w3id.org/kg-news/id/")

SCHEMA = Namespace("https://schema.org/")
ORG = Namespace("http://www.w3.org/ns/org#")


class KG(DefinedNamespace):
    """The kg ontology: classes, the 20 core relations, provenance and event roles."""

    _NS = Namespace("https://w3id.org/kg-news/ontology#")
    _fail = True

    # --- classes: what the world is made of
    Person: URIRef
    Organization: URIRef
    PoliticalParty: URIRef
    NewsOrganization: URIRef
    Place: URIRef
    Position: URIRef
    Post: URIRef
    Event: URIRef
    Meeting: URIRef
    Resignation: URIRef
    Replacement: URIRef
    Appointment: URIRef
    Election: URIRef
    CallForResignation: URIRef
    Statement: URIRef

    # --- classes: where a fact came from
    Document: URIRef
    Sentence: URIRef
    Assertion: URIRef
    ExtractionRule: URIRef
    Extraction: URIRef

    # --- the 20 core relations
    memberOf: URIRef
    worksFor: URIRef
    leaderOf: URIRef
    holdsPosition: URIRef
    attended: URIRef
    metWith: URIRef
    resignedFrom: URIRef
    refusedToResign: URIRef
    calledForResignationOf: URIRef
    calledForApologyFrom: URIRef
    replaced: URIRef
    appointed: URIRef
    electedTo: URIRef
    criticized: URIRef
    accused: URIRef
    supported: URIRef
    apologizedTo: URIRef
    interviewedBy: URIRef
    locatedIn: URIRef
    residentOf: URIRef

    # --- provenance
    sha256: URIRef
    fileName: URIRef
    text: URIRef
    beginIndex: URIRef
    endIndex: URIRef
    inDocument: URIRef
    rule: URIRef
    confidence: URIRef
    past: URIRef
    unstated: URIRef

    # --- one entity across articles: merge decisions
    MergeDecision: URIRef
    mergedName: URIRef
    mergedInto: URIRef
    reason: URIRef

    # --- a store's own working records (its graph id:graph/records)
    extractionRecord: URIRef
    mergeCandidates: URIRef
    appliedMerges: URIRef
    mergeOverrides: URIRef

    # --- event roles (n-ary events) and quoted statements
    agent: URIRef
    patient: URIRef
    position: URIRef
    organization: URIRef
    date: URIRef
    speaker: URIRef
    quote: URIRef


# each declared term as a plain class attribute: rdflib's lookup checks the declarations on every
# access (about 1.5 us, and a graph build makes hundreds an article); an undeclared name still
# goes through that lookup, and fails
for _name in KG.__annotations__:
    type.__setattr__(KG, _name, KG._NS[_name])
del _name

CORE_PREDICATES: tuple[str, ...] = (
    "memberOf", "worksFor", "leaderOf", "holdsPosition", "attended", "metWith", "resignedFrom",
    "refusedToResign", "calledForResignationOf", "calledForApologyFrom", "replaced", "appointed",
    "electedTo", "criticized", "accused", "supported", "apologizedTo", "interviewedBy",
    "locatedIn", "residentOf",
)

ONTOLOGY_PATH = Path(__file__).parents[1] / "ontology" / "kg.ttl"

#: The kind of entity each class of the ontology is (kg.model.Entity.kind); None is kg:unstated.
KIND_OF_CLASS = {"Person": "person", "Organization": "organization", "PoliticalParty": "organization",
                 "NewsOrganization": "organization", "Place": "place", "Event": "event", "Meeting": "event",
                 "Position": "position", "unstated": None}


@lru_cache(maxsize=1)
def predicate_signatures() -> dict[str, tuple[tuple, tuple]]:
    """Each core relation -> (the kinds of subject it takes, the kinds of object; None: the
    object may be unstated), read from the ontology's schema:domainIncludes / rangeIncludes."""
    import pyoxigraph as ox

    domain, range_ = "https://schema.org/domainIncludes", "https://schema.org/rangeIncludes"
    found: dict[str, tuple[set, set]] = {p: (set(), set()) for p in CORE_PREDICATES}
    with open(ONTOLOGY_PATH, "rb") as f:
        for t in ox.parse(f, format=ox.RdfFormat.TURTLE):
            name = t.subject.value.rpartition("#")[2] if isinstance(t.subject, ox.NamedNode) else ""
            if name in found and t.predicate.value in (domain, range_) and t.object.value.startswith(str(KG._NS)):
                cls = t.object.value.rpartition("#")[2]
                if cls in KIND_OF_CLASS:
                    found[name][t.predicate.value == range_].add(KIND_OF_CLASS[cls])
    order = [*dict.fromkeys(KIND_OF_CLASS.values())]
    return {p: tuple(tuple(sorted(kinds, key=order.index)) for kinds in pair) for p, pair in found.items()}
