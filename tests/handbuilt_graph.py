"""Small kg graphs built triple by triple, shaped like ``kg build``'s output (no spaCy needed).

Used by test_query.py, test_draw.py and test_export.py. Every fact is a direct triple plus a
kg:Assertion with its sentence, document, rule and confidence, as kg/graph.py writes them.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from rdflib import RDF, RDFS, XSD, Graph, Literal, URIRef
from rdflib.namespace import PROV, SKOS

from kg.rdf.graphio import new_graph
from kg.rdf.labels import hidden_labels
from kg.rdf.vocab import DATA, KG
from kg.rdf.writer import serialize

FILE = "examples/riverton.txt"
SHA = hashlib.sha256(FILE.encode()).hexdigest()
DOCUMENT = DATA[f"document/{SHA[:16]}"]

# key -> (path, class, label, alternative labels)
ENTITIES = {
    "hale": ("person/tom-hale", KG.Person, "Tom Hale", ("Hale",)),
    "ruiz": ("person/ana-ruiz", KG.Person, "Ana Ruiz", ("Ruiz",)),
    "okafor": ("person/diane-okafor", KG.Person, "Diane Okafor", ()),
    "voss": ("person/nora-voss", KG.Person, "Nora Voss", ("Voss",)),
    "bell": ("person/marcus-bell", KG.Person, "Marcus Bell", ()),
    "council": ("organization/city-council", KG.Organization, "City Council", ("Council",)),
    "channel7": ("organization/channel-7-news", KG.Organization, "Channel 7 News", ()),
    "riverton": ("place/riverton", KG.Place, "Riverton", ()),
    "councilman": ("position/councilman", KG.Position, "Councilman", ()),
    "mayor": ("position/mayor", KG.Position, "Mayor", ()),
    "president": ("position/city-council-president", KG.Position, "City Council President", ()),
    "meeting": ("event/0123456789ab-2023-budget-meeting", KG.Meeting, "2023 budget meeting", ()),
}

S1 = "Councilman Tom Hale said on Friday that he would not step down before the election."
S2 = "City Council President Ana Ruiz replaced Hale in a vote of the members last year."
S3 = "Mayor Diane Okafor urged him to step down."
S4 = "Hale attended the 2023 budget meeting with Nora Voss."
S5 = "Voss resigned a week later."
S6 = "Marcus Bell, a reporter for Channel 7 News, asked Hale about the budget."

# (subject, predicate, object key or None for kg:unstated, sentence, rule)
FACTS = [
    ("hale", "holdsPosition", "councilman", S1, "title-before-name"),
    ("hale", "refusedToResign", "councilman", S1, "will-not-resign"),
    ("hale", "memberOf", "council", S1, "title-before-name"),
    ("ruiz", "holdsPosition", "president", S2, "title-before-name"),
    ("ruiz", "leaderOf", "council", S2, "title-before-name"),
    ("ruiz", "replaced", "hale", S2, "replace-verb"),
    ("okafor", "holdsPosition", "mayor", S3, "title-before-name"),
    ("okafor", "calledForResignationOf", "hale", S3, "call-to-resign"),
    ("hale", "attended", "meeting", S4, "attend-event"),
    ("voss", "attended", "meeting", S4, "attend-event"),
    ("voss", "resignedFrom", None, S5, "resign-verb"),
    ("bell", "worksFor", "channel7", S6, "appos-staff-of-org"),
]
SENTENCES = [S1, S2, S3, S4, S5, S6]


def iri(key: str) -> URIRef:
    return DATA[ENTITIES[key][0]]


def label(key: str) -> str:
    return ENTITIES[key][2]


def offsets(sentence: str) -> tuple[int, int]:
    begin = sum(len(s) + 1 for s in SENTENCES[: SENTENCES.index(sentence)])
    return begin, begin + len(sentence)


def add_entity(g: Graph, node: URIRef, cls: URIRef, name: str, alts: tuple[str, ...] = ()) -> None:
    g.add((node, RDF.type, cls))
    g.add((node, RDFS.label, Literal(name)))
    for alt in alts:
        g.add((node, SKOS.altLabel, Literal(alt)))
    for hidden in hidden_labels((name, *alts)):  # as kg writes them (kg.rdf.labels)
        g.add((node, SKOS.hiddenLabel, hidden))


def add_fact(g: Graph, s: URIRef, predicate: str, o: URIRef, sentence: str, rule: str) -> None:
    """The direct triple and its kg:Assertion, as kg/graph.py writes them."""
    p = KG[predicate]
    g.add((s, p, o))
    digest = hashlib.sha1(f"{s}{p}{o}{sentence}".encode()).hexdigest()[:16]
    assertion = DATA[f"assertion/{digest}"]
    begin, end = offsets(sentence) if sentence in SENTENCES else (0, len(sentence))
    sent = DATA[f"sentence/{SHA[:16]}-{begin}-{end}"]
    rule_node = DATA[f"rule/{rule}"]
    g.add((assertion, RDF.type, KG.Assertion))
    g.add((assertion, RDF.subject, s))
    g.add((assertion, RDF.predicate, p))
    g.add((assertion, RDF.object, o))
    g.add((assertion, KG.rule, rule_node))
    g.add((assertion, KG.confidence, Literal("0.80", datatype=XSD.decimal)))
    g.add((assertion, PROV.wasDerivedFrom, sent))
    g.add((assertion, PROV.wasGeneratedBy, DATA[f"extraction/{SHA[:16]}"]))
    g.add((rule_node, RDF.type, KG.ExtractionRule))
    g.add((rule_node, RDFS.label, Literal(rule)))
    g.add((sent, RDF.type, KG.Sentence))
    g.add((sent, KG.text, Literal(sentence)))
    g.add((sent, KG.beginIndex, Literal(begin, datatype=XSD.integer)))
    g.add((sent, KG.endIndex, Literal(end, datatype=XSD.integer)))
    g.add((sent, KG.inDocument, DOCUMENT))


REPLACEMENT = DATA["event/0123456789ab-replaced-0a1b2c3d4e5f"]
COUNCIL_PRESIDENT = DATA["position/council-president"]
STATEMENT = DATA["statement/0123456789ab-0a1b2c3d4e5f"]


def riverton() -> Graph:
    """Twelve entities and twelve facts about an invented city council scandal.

    Beside them, as kg/nary.py writes them: the replacement as an n-ary event (agent, patient,
    and a position named only there) and a quoted statement.
    """
    g = new_graph()
    g.add((DOCUMENT, RDF.type, KG.Document))
    g.add((DOCUMENT, KG.fileName, Literal(FILE)))
    g.add((DOCUMENT, KG.sha256, Literal(SHA)))
    activity = DATA[f"extraction/{SHA[:16]}"]
    g.add((activity, RDF.type, KG.Extraction))
    g.add((activity, PROV.used, DOCUMENT))
    for key, (path, cls, name, alts) in ENTITIES.items():
        add_entity(g, DATA[path], cls, name, alts)
    for s, p, o, sentence, rule in FACTS:
        add_fact(g, iri(s), p, KG.unstated if o is None else iri(o), sentence, rule)
    begin, end = offsets(S2)
    add_entity(g, REPLACEMENT, KG.Replacement, "replacement of Tom Hale by Ana Ruiz")
    add_entity(g, COUNCIL_PRESIDENT, KG.Position, "council president")
    g.add((REPLACEMENT, KG.agent, iri("ruiz")))
    g.add((REPLACEMENT, KG.patient, iri("hale")))
    g.add((REPLACEMENT, KG.position, COUNCIL_PRESIDENT))
    g.add((REPLACEMENT, KG.date, Literal("last spring")))
    g.add((REPLACEMENT, PROV.wasDerivedFrom, DATA[f"sentence/{SHA[:16]}-{begin}-{end}"]))
    g.add((STATEMENT, RDF.type, KG.Statement))
    g.add((STATEMENT, KG.speaker, iri("hale")))
    g.add((STATEMENT, KG.quote, Literal("I intend to finish it.")))
    return g


def crowded(people: int = 24) -> Graph:
    """About forty entities with long names around two hubs: the size ``kg draw`` must keep readable."""
    g = new_graph()
    g.add((DOCUMENT, RDF.type, KG.Document))
    g.add((DOCUMENT, KG.fileName, Literal("examples/crowded.txt")))
    council = DATA["organization/metropolitan-regional-transit-council"]
    add_entity(g, council, KG.Organization, "Metropolitan Regional Transit Council")
    mayor = DATA["person/alexandra-montgomery-whitfield"]
    add_entity(g, mayor, KG.Person, "Alexandra Montgomery-Whitfield")
    add_fact(g, mayor, "leaderOf", council, "Alexandra Montgomery-Whitfield leads the council.", "r")
    positions = []
    for i, title in enumerate(["Deputy Commissioner for Infrastructure", "Treasurer", "Chief of Staff",
                               "Senior Adviser", "Press Secretary", "Councilmember"]):
        node = DATA[f"position/p{i}"]
        add_entity(g, node, KG.Position, title)
        positions.append(node)
    places = []
    for i, name in enumerate(["Northbridge", "East Harbor District", "Old Town", "Riverside Heights"]):
        node = DATA[f"place/pl{i}"]
        add_entity(g, node, KG.Place, name)
        places.append(node)
    event = DATA["event/0123456789ab-emergency-budget-hearing"]
    add_entity(g, event, KG.Meeting, "emergency budget hearing")
    first = ["Benedict", "Catalina", "Dmitri", "Esperanza", "Fitzgerald", "Guadalupe", "Horatio",
             "Isadora", "Jebediah", "Kassandra", "Leopold", "Maximiliana", "Nathaniel", "Ottoline",
             "Percival", "Quintessa", "Reginald", "Seraphina", "Thaddeus", "Ursula", "Valentin",
             "Wilhelmina", "Xavier", "Yolanda"]
    for i in range(people):
        person = DATA[f"person/x{i}"]
        add_entity(g, person, KG.Person, f"{first[i % len(first)]} Okonkwo-Lindqvist")
        add_fact(g, person, "memberOf", council, f"Sentence {i} about membership.", "r")
        if i % 4 == 0:
            add_fact(g, person, "holdsPosition", positions[i // 4 % len(positions)], f"Sentence {i} on posts.", "r")
        if i % 5 == 1:
            add_fact(g, person, "attended", event, f"Sentence {i} on the hearing.", "r")
        if i % 6 == 2:
            add_fact(g, person, "residentOf", places[i // 6 % len(places)], f"Sentence {i} on homes.", "r")
        if i % 7 == 3:
            add_fact(g, mayor, "criticized", person, f"Sentence {i} on criticism.", "r")
    return g


@pytest.fixture()
def graph_file(tmp_path: Path) -> Path:
    """The riverton graph as a Turtle file, as ``kg build`` would write it."""
    path = tmp_path / "riverton.ttl"
    path.write_bytes(serialize(riverton(), fmt="turtle"))
    return path


def store_of(triples, path: Path) -> Path:
    """A kg store at ``path`` whose default graph holds ``triples`` (as a store answers SPARQL)."""
    import pyoxigraph as ox

    from kg.store.terms import to_ox

    store = ox.Store(str(path))
    store.bulk_extend([ox.Quad(to_ox(s), to_ox(p), to_ox(o), ox.DefaultGraph()) for s, p, o in triples])
    store.flush()
    del store
    return path
