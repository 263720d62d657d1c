"""Helpers shared by the end-to-end tests of predicates, coreference and events.

Sentences go through the real spaCy pipeline and ``kg.build_dataset``; facts are looked up by the
names of their nodes, as a reader (and ``score.py``) would: a node stands for a name when its
rdfs:label or one of its skos:altLabels, normalised (case, possessive 's, a leading "the"/"a",
punctuation), equals it. A Position or Event node also stands for a name whose words all occur
in its label ("peer" finds "life peer"; "meeting" finds "annual general meeting"), as the gold's
``contains`` does.

Use in a test module::

    from kgtest import build  # noqa: F401  (a module-scoped fixture; nlp is the session's)
    from kgtest import assert_fact, assert_no_fact

Failure messages list every core fact and node of the graph (see :func:`facts`).
"""
from __future__ import annotations

import hashlib
import re
import unicodedata

import pytest
from rdflib import RDF, RDFS, Graph, URIRef
from rdflib.namespace import PROV, SKOS

import kg
from kg.rdf.vocab import CORE_PREDICATES, KG

PREFIXES = {"kg": KG._NS, "rdfs": RDFS, "skos": SKOS, "rdf": RDF, "prov": PROV}
NAMED_CLASSES = (KG.Person, KG.Organization, KG.Place, KG.Position, KG.Event, KG.Meeting)


@pytest.fixture(scope="module")
def build(nlp):
    """text -> the union Graph of its build (cached: each text is parsed once per module)."""
    cache: dict[str, Graph] = {}

    def _build(text: str) -> Graph:
        if not text.endswith("\n"):
            text += "\n"
        if text not in cache:
            source = kg.Source("test.txt", None, text, hashlib.sha256(text.encode("utf-8")).hexdigest())
            ds = kg.build_dataset([source], nlp=nlp)
            g = Graph()
            for s, p, o, _ in ds.quads((None, None, None, None)):
                g.add((s, p, o))
            cache[text] = g
        return cache[text]

    return _build


# --- names --------------------------------------------------------------------------------


def norm(name: str) -> str:
    """A name as score.py compares it: case, possessive 's, leading article, punctuation."""
    s = unicodedata.normalize("NFKC", str(name)).replace("\u2019", "'").replace("\u2018", "'")
    s = re.sub(r"[\"\u201c\u201d.,;:!?()\[\]]", " ", s.lower().strip())
    s = re.sub(r"'s\b|s'$", "", s)
    s = re.sub(r"^(the|a|an)\s+", "", s.strip())
    return re.sub(r"\s+", " ", s).strip()


def name(g: Graph, node) -> str:
    label = g.value(node, RDFS.label)
    if label is not None:
        return str(label)
    if node == KG.unstated:
        return "(unstated)"
    return str(node).rsplit("#", 1)[-1].rsplit("/", 1)[-1]


def names(g: Graph, node) -> set[str]:
    return {str(o) for p in (RDFS.label, SKOS.altLabel) for o in g.objects(node, p)}


def stands_for(g: Graph, node, wanted: str) -> bool:
    """Whether ``node`` is the thing called ``wanted`` (see the module's doc)."""
    target = norm(wanted)
    labels = {norm(n) for n in names(g, node)}
    if target in labels:
        return True
    if {KG.Position, KG.Event, KG.Meeting} & set(g.objects(node, RDF.type)):
        words = set(target.split())
        return any(words <= set(label.split()) for label in labels)
    return False


def nodes_named(g: Graph, wanted: str, cls: URIRef | None = None) -> list:
    found = sorted({s for p in (RDFS.label, SKOS.altLabel) for s in g.subjects(p, None)
                    if stands_for(g, s, wanted)})
    if cls is not None:
        found = [n for n in found if (n, RDF.type, cls) in g]
    return found


def the(g: Graph, wanted: str, cls: URIRef | None = None):
    found = nodes_named(g, wanted, cls)
    assert len(found) == 1, f"expected one node named {wanted!r}, found {found}\n{facts(g)}"
    return found[0]


# --- facts --------------------------------------------------------------------------------


def facts(g: Graph) -> str:
    """Every core fact and named node of ``g``, one a line, by label: for failure messages."""
    lines = sorted(
        f"  {name(g, s)} {p} {name(g, o)}"
        for p in CORE_PREDICATES for s, o in g.subject_objects(KG[p])
    )
    nodes = sorted(
        f"  {name(g, s)} a {str(t).rsplit('#', 1)[-1]}"
        + (f" (altLabel {', '.join(sorted(map(str, g.objects(s, SKOS.altLabel))))})"
           if (s, SKOS.altLabel, None) in g else "")
        for s, t in g.subject_objects(RDF.type) if t in NAMED_CLASSES
    )
    return "facts:\n" + ("\n".join(lines) or "  (none)") + "\nnodes:\n" + ("\n".join(nodes) or "  (none)")


def has_fact(g: Graph, subject: str, predicate: str, obj: str | None = None) -> bool:
    """Whether a node named ``subject`` has ``predicate`` to a node named ``obj`` (to anything,
    kg:unstated included, if ``obj`` is None)."""
    for s in nodes_named(g, subject):
        for o in g.objects(s, KG[predicate]):
            if obj is None or stands_for(g, o, obj):
                return True
    return False


def assert_fact(g: Graph, subject: str, predicate: str, obj: str | None = None) -> None:
    assert has_fact(g, subject, predicate, obj), \
        f"missing: {subject} {predicate} {obj or '(anything)'}\n{facts(g)}"


def assert_no_fact(g: Graph, subject: str, predicate: str, obj: str | None = None) -> None:
    assert not has_fact(g, subject, predicate, obj), \
        f"unexpected: {subject} {predicate} {obj or '(anything)'}\n{facts(g)}"


def assert_not_stated(g: Graph, subject: str, predicate: str, obj: str | None = None) -> None:
    """:func:`assert_no_fact`, once the subject is known to be read at all (else the test would
    prove nothing)."""
    assert nodes_named(g, subject), f"no node named {subject!r}: the test would prove nothing\n{facts(g)}"
    assert_no_fact(g, subject, predicate, obj)


def case_id(case) -> str:
    """A (sentence, subject, predicate, object) case's test id: "predicate: sentence"."""
    sentence, _subject, predicate, _obj = case
    return f"{predicate}: {sentence}"


def ask(g: Graph, query: str, **bindings) -> bool:
    return bool(g.query("ASK { " + query + " }", initNs=PREFIXES, initBindings=bindings).askAnswer)


def assertion_sentences(g: Graph, subject: str, predicate: str, obj: str) -> list[set[str]]:
    """For each kg:Assertion of the fact, the texts of the kg:Sentence nodes it was derived from."""
    out = []
    for a in g.subjects(RDF.predicate, KG[predicate]):
        s, o = g.value(a, RDF.subject), g.value(a, RDF.object)
        if s is None or o is None or not stands_for(g, s, subject) or not stands_for(g, o, obj):
            continue
        out.append({str(g.value(src, KG.text)) for src in g.objects(a, PROV.wasDerivedFrom)
                    if (src, RDF.type, KG.Sentence) in g})
    return out


def cli(*args: str):
    """Run the kg command line in-process; the typer Result (exit_code, stdout, stderr)."""
    from typer.testing import CliRunner

    from kg.cli import app
    return CliRunner().invoke(app, list(args))


def stated(nlp, text: str) -> set[tuple]:
    """The (subject label, predicate, object) facts kg reads in ``text``: an entity object by its
    label, a post or an event by its text, an unstated one as None."""
    d = nlp(text)._.kg_facts
    label = {e.key: e.label for e in d.entities}
    out = set()
    for f in d.facts:
        o = f.object
        out.add((label[f.subject], f.predicate,
                 None if o is None else label.get(o.value, o.value) if o.kind == "entity" else o.value))
    return out
