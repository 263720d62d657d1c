"""The ontology (ontology/kg.ttl) and the closed namespace kg.rdf.vocab.KG hold each other together."""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from rdflib import OWL, RDF, RDFS, Graph, URIRef

from kg.rdf.vocab import CORE_PREDICATES, KG, ONTOLOGY_IRI

ROOT = Path(__file__).resolve().parents[1]
ONTOLOGY_FILE = ROOT / "ontology" / "kg.ttl"
NS = str(KG._NS)
TERMS = set(KG.__annotations__)
SCHEMA_DOMAIN = URIRef("https://schema.org/domainIncludes")
SCHEMA_RANGE = URIRef("https://schema.org/rangeIncludes")
CORE_TYPES = ("Person", "Organization", "Place")


def local(term) -> str:
    """The local name of an IRI, as the scorer takes it (after the last '#', '/' or ':')."""
    return re.split(r"[#/:]", str(term))[-1]


@pytest.fixture(scope="module")
def onto() -> Graph:
    g = Graph()
    g.parse(ONTOLOGY_FILE, format="turtle")
    return g


def up_closure(g: Graph, rels, equiv) -> dict:
    """term -> every term above it (itself included) over `rels`, `equiv` taken both ways."""
    up = defaultdict(set)
    for rel in rels:
        for a, b in g.subject_objects(rel):
            up[a].add(b)
    for a, b in g.subject_objects(equiv):
        up[a].add(b)
        up[b].add(a)

    def above(t):
        seen, stack = set(), [t]
        while stack:
            x = stack.pop()
            if x not in seen:
                seen.add(x)
                stack.extend(up.get(x, ()))
        return seen

    return above


# 1. every term declared, nothing else declared


def test_ontology_parses_and_names_itself(onto):
    assert len(onto) > 0
    assert (ONTOLOGY_IRI, RDF.type, OWL.Ontology) in onto
    assert onto.value(ONTOLOGY_IRI, OWL.versionInfo) is not None


@pytest.mark.parametrize("name", sorted(TERMS))
def test_every_vocab_term_is_declared(onto, name):
    term = URIRef(NS + name)
    assert term == getattr(KG, name)
    assert onto.value(term, RDF.type) is not None, f"kg:{name} has no rdf:type"
    labels = list(onto.objects(term, RDFS.label))
    assert labels and all(lbl.language == "en" for lbl in labels), f"kg:{name} needs an English rdfs:label"
    comments = list(onto.objects(term, RDFS.comment))
    assert comments and all(len(str(c)) > 20 for c in comments), f"kg:{name} needs an rdfs:comment"
    assert (term, RDFS.isDefinedBy, ONTOLOGY_IRI) in onto


def test_no_undeclared_terms_in_ontology(onto):
    ours = {t for t in set(onto.subjects()) | set(onto.objects()) | set(onto.predicates())
            if isinstance(t, URIRef) and str(t).startswith(NS)}
    extras = sorted(local(t) for t in ours if local(t) not in TERMS)
    assert not extras, f"terms in the ontology but not in kg.rdf.vocab.KG: {extras}"


def test_types_fit(onto):
    allowed = {OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty, OWL.NamedIndividual,
               OWL.SymmetricProperty}
    for name in TERMS:
        types = set(onto.objects(URIRef(NS + name), RDF.type))
        assert types <= allowed, (name, types)
        assert not ({OWL.ObjectProperty, OWL.DatatypeProperty} <= types), name
    assert (KG.unstated, RDF.type, OWL.NamedIndividual) in onto
    assert (KG.metWith, RDF.type, OWL.SymmetricProperty) in onto
    for name in ("date", "quote", "text", "beginIndex", "endIndex", "sha256", "fileName", "confidence"):
        assert (getattr(KG, name), RDF.type, OWL.DatatypeProperty) in onto, name


def test_property_labels_are_lower_case(onto):
    for prop_type in (OWL.ObjectProperty, OWL.DatatypeProperty):
        for p in onto.subjects(RDF.type, prop_type):
            for lbl in onto.objects(p, RDFS.label):
                assert str(lbl) == str(lbl).lower(), (p, lbl)


# 2. no rdfs:domain / rdfs:range; schema:domainIncludes / rangeIncludes instead


def test_no_rdfs_domain_or_range(onto):
    assert not list(onto.triples((None, RDFS.domain, None)))
    assert not list(onto.triples((None, RDFS.range, None)))


def test_properties_say_where_they_apply(onto):
    props = set(onto.subjects(RDF.type, OWL.ObjectProperty)) | set(onto.subjects(RDF.type, OWL.DatatypeProperty))
    ours = {p for p in props if str(p).startswith(NS)}
    assert ours
    for p in ours:
        assert onto.value(p, SCHEMA_DOMAIN) is not None, f"{local(p)} has no schema:domainIncludes"
        assert onto.value(p, SCHEMA_RANGE) is not None, f"{local(p)} has no schema:rangeIncludes"


# 3. the 20 core relations: exactly those, and kept apart


def test_core_predicates_are_object_properties(onto):
    assert len(CORE_PREDICATES) == 20 == len(set(CORE_PREDICATES))
    object_props = {local(p) for p in onto.subjects(RDF.type, OWL.ObjectProperty) if str(p).startswith(NS)}
    assert set(CORE_PREDICATES) <= object_props
    assert set(CORE_PREDICATES) <= TERMS


def test_core_predicates_do_not_subsume_each_other(onto):
    above = up_closure(onto, [RDFS.subPropertyOf], OWL.equivalentProperty)
    core = set(CORE_PREDICATES)
    for name in CORE_PREDICATES:
        sup = above(URIRef(NS + name)) - {URIRef(NS + name)}
        assert not {t for t in sup if str(t).startswith(NS) and local(t) in core}, name
        # what a local-name scorer sees: no other core name anywhere above this one
        assert {local(t) for t in sup} & core <= {name}, (name, sorted(local(t) for t in sup))
    # and no other property of ours is a core relation in disguise
    for t in set(onto.subjects()):
        if str(t).startswith(NS) and local(t) not in core:
            assert not ({local(x) for x in above(t)} & core), local(t)


def test_core_types_are_kept_apart(onto):
    above = up_closure(onto, [RDFS.subClassOf], OWL.equivalentClass)
    expected = {"Person": {"Person"}, "Organization": {"Organization"}, "PoliticalParty": {"Organization"},
                "NewsOrganization": {"Organization"}, "Place": {"Place"}}
    for cls in onto.subjects(RDF.type, OWL.Class):
        if not str(cls).startswith(NS):
            continue
        seen = {local(x) for x in above(cls)}
        core = {c for c in CORE_TYPES if c in seen} | ({"Organization"} if "Organisation" in seen else set())
        assert core == expected.get(local(cls), set()), (local(cls), sorted(seen))


def test_alignments(onto):
    schema, org, foaf, prov = ("https://schema.org/", "http://www.w3.org/ns/org#",
                               "http://xmlns.com/foaf/0.1/", "http://www.w3.org/ns/prov#")
    assert (KG.Person, RDFS.subClassOf, URIRef(schema + "Person")) in onto
    assert (KG.Person, RDFS.subClassOf, URIRef(foaf + "Person")) in onto
    assert (KG.Organization, RDFS.subClassOf, URIRef(org + "Organization")) in onto
    # equivalent to two outside classes, a class would make them equivalent to each other
    for cls in set(onto.subjects(OWL.equivalentClass, None)):
        assert len(set(onto.objects(cls, OWL.equivalentClass))) <= 1, cls

    assert (KG.Assertion, RDFS.subClassOf, RDF.Statement) in onto
    assert (KG.Extraction, RDFS.subClassOf, URIRef(prov + "Activity")) in onto
    assert (KG.ExtractionRule, RDFS.subClassOf, URIRef(prov + "Plan")) in onto
    assert (KG.memberOf, RDFS.subPropertyOf, URIRef(org + "memberOf")) in onto
    assert (KG.inDocument, RDFS.subPropertyOf, URIRef(schema + "isPartOf")) in onto
    for name in ("Meeting", "Resignation", "Replacement", "Appointment", "Election", "CallForResignation"):
        assert (getattr(KG, name), RDFS.subClassOf, KG.Event) in onto, name



def test_the_header_says_who_what_and_under_which_licence(onto):
    header = URIRef("https://w3id.org/kg-news/ontology")
    terms = "http://purl.org/dc/terms/"
    for p in ("license", "creator", "modified", "title"):
        assert onto.value(header, URIRef(terms + p)) is not None, p
    assert str(onto.value(header, URIRef("http://purl.org/vocab/vann/preferredNamespacePrefix"))) == "kg"


# 4. every kg term the code and data use is declared; the namespace is closed

PY_TERM = re.compile(r"\bKG\.([A-Za-z_][A-Za-z0-9_]*)")
PREFIXED_TERM = re.compile(r"\bkg:([A-Za-z_][A-Za-z0-9_]*)")
FULL_TERM = re.compile(re.escape(NS) + r"([A-Za-z_][A-Za-z0-9_]*)")


def used_terms() -> dict[str, set[str]]:
    """name -> files (relative to the repo) that use kg:name, over kg/**/*.py, *.json, *.rq."""
    used = defaultdict(set)
    pkg = ROOT / "kg"
    for ext in ("py", "json", "rq"):
        for path in sorted(pkg.rglob(f"*.{ext}")):
            text = path.read_text(encoding="utf-8")
            patterns = [PREFIXED_TERM, FULL_TERM] + ([PY_TERM] if ext == "py" else [])
            for pat in patterns:
                for name in pat.findall(text):
                    if pat is PY_TERM and name.startswith("_"):
                        continue  # DefinedNamespace internals such as KG._NS
                    used[name].add(str(path.relative_to(ROOT)))
    return used


def test_terms_used_in_code_and_data_are_declared():
    undeclared = {name: sorted(files) for name, files in used_terms().items() if name not in TERMS}
    assert not undeclared, f"kg terms used but not declared in kg.rdf.vocab.KG: {undeclared}"


def test_closed_namespace_rejects_unknown_terms():
    with pytest.raises(AttributeError):
        KG.nonexistentTerm  # noqa: B018
    assert KG.memberOf == URIRef(NS + "memberOf")


def test_the_extractor_takes_the_kinds_each_relation_allows_from_the_ontology(onto):
    from kg.extract.facts import SIGNATURES
    from kg.rdf.vocab import KIND_OF_CLASS, predicate_signatures

    schema = "https://schema.org/"
    assert SIGNATURES == predicate_signatures()
    for p in CORE_PREDICATES:
        subjects, objects = SIGNATURES[p]
        declared = {KIND_OF_CLASS[str(c).rpartition("#")[2]] for c in onto.objects(KG[p], URIRef(schema + "domainIncludes"))}
        assert set(subjects) == declared, p
    assert None in SIGNATURES["resignedFrom"][1] and None not in SIGNATURES["replaced"][1]
    assert "event" in SIGNATURES["locatedIn"][0] and "place" in SIGNATURES["electedTo"][1]
