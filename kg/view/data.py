"""What ``kg view``'s page shows, as plain data: entities, facts with their sentences, quotes.

:func:`view_data` reads a kg graph (files or a store) into a :class:`ViewData` whose
:meth:`~ViewData.to_json` is what the page's script reads. The entities and facts are those
``kg draw`` draws (:func:`kg.viz.network.to_networkx`, without the events that only restate a
fact), with the same colours and shapes (:data:`kg.viz.draw.STYLE`). Sentences are kept once
each and referred to by number; every list is sorted, so the same graph gives the same bytes.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from rdflib import RDF, Graph, Literal, URIRef
from rdflib.namespace import PROV, RDFS, SKOS

from kg.rdf.vocab import KG
from kg.viz.network import Evidence, sentence_evidence, to_networkx

#: kg draw's matplotlib marker -> the Cytoscape.js node shape drawn for it.
SHAPES = {"o": "ellipse", "s": "round-rectangle", "^": "triangle", "D": "diamond", "h": "hexagon"}


@dataclass(frozen=True)
class ViewData:
    """Everything the page shows: lists of JSON-ready records that refer to one another by index.

    ``articles``: file names; ``sentences``: (article, begin offset, text); ``predicates``:
    (IRI, label); ``nodes``: id, label, type, other names, degree; ``facts``: subject, predicate,
    object (-1: the article does not state it), past, sentences; ``quotes``: speaker, words,
    sentence (-1: none kept)."""

    title: str
    styles: dict[str, dict[str, str]]
    articles: tuple[str, ...]
    sentences: tuple[tuple[int, int, str], ...]
    predicates: tuple[tuple[str, str], ...]
    nodes: tuple[dict, ...]
    facts: tuple[dict, ...]
    quotes: tuple[dict, ...] = field(default=())

    def to_json(self) -> str:
        """The data as compact JSON, safe to put inside an HTML ``<script>`` element."""
        text = json.dumps(
            {"title": self.title, "styles": self.styles, "articles": self.articles,
             "sentences": self.sentences, "predicates": self.predicates, "nodes": self.nodes,
             "facts": self.facts, "quotes": self.quotes},
            ensure_ascii=False, separators=(",", ":"), sort_keys=True,
        )
        # nothing in the data can end the script element or open a comment inside it
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026") \
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def view_data(graph: Graph, *, title: str | None = None) -> ViewData:
    """The page's data for ``graph``: see :class:`ViewData`. Does not change ``graph``.

    The title, when not given, names the articles (one or two) or counts them."""
    from kg.viz.draw import STYLE  # matplotlib is imported by draw; only its style table is needed here

    net = to_networkx(graph, evidence=True, role_events=False)
    # a post or event that no fact links to (only a role of an n-ary event) says nothing here
    ids = sorted(n for n in net.nodes if net.degree(n) or net.nodes[n].get("unstated_facts")
                 or net.nodes[n]["type"] not in ("Position", "Event"))
    index = {node: i for i, node in enumerate(ids)}
    past = _past_triples(graph)
    sentences = _Table()
    articles = _Table()
    predicates: dict[str, str] = {}
    facts: list[dict] = []

    def refs(evidence: Iterable[Evidence]) -> list[int]:
        return [sentences.add((articles.add(e.file), e.begin, e.text)) for e in evidence]

    for s, o, key, attrs in sorted(net.edges(keys=True, data=True), key=lambda e: (e[0], e[2], e[1])):
        if s not in index or o not in index:
            continue
        predicates[key] = attrs["label"]
        facts.append({"s": index[s], "p": key, "o": index[o],
                      "past": (URIRef(s), URIRef(key), URIRef(o)) in past,
                      "sentences": refs(attrs["evidence"])})
    for node in ids:
        for p, label, evidence in net.nodes[node].get("unstated_facts", ()):
            predicates[p] = label
            facts.append({"s": index[node], "p": p, "o": -1, "past": False, "sentences": refs(evidence)})
    quotes = [
        {"speaker": index[str(speaker)], "quote": quote,
         "sentence": sentences.add((articles.add(ev.file), ev.begin, ev.text)) if ev else -1}
        for speaker, quote, ev in _quotes(graph) if str(speaker) in index
    ]
    # number the tables in a sorted order, then renumber what refers to them
    article_order = articles.sorted_order()
    sentence_rows = [(article_order[a], b, t) for a, b, t in sentences.rows]
    sentence_order = _order(sentence_rows)
    predicate_list = sorted(predicates.items(), key=lambda kv: (kv[1], kv[0]))
    predicate_index = {iri: i for i, (iri, _) in enumerate(predicate_list)}
    for fact in facts:
        fact["p"] = predicate_index[fact["p"]]
        fact["sentences"] = sorted({sentence_order[i] for i in fact["sentences"]})
    for quote in quotes:
        quote["sentence"] = sentence_order[quote["sentence"]] if quote["sentence"] >= 0 else -1
    degree = [0] * len(ids)
    for fact in facts:
        degree[fact["s"]] += 1
        if fact["o"] >= 0:
            degree[fact["o"]] += 1
    nodes = tuple(
        {"id": node, "label": net.nodes[node]["label"], "type": net.nodes[node]["type"],
         "names": sorted(_other_names(graph, URIRef(node), net.nodes[node]["label"])), "degree": degree[i]}
        for i, node in enumerate(ids)
    )
    names = sorted(a for a in articles.rows if a)
    if title is None:
        title = ("Knowledge graph of " + " and ".join(names) if 0 < len(names) <= 2
                 else f"Knowledge graph of {len(names)} articles" if names else "Knowledge graph")
    return ViewData(
        title=title,
        styles={kind: {"colour": colour, "shape": SHAPES[marker]} for kind, (colour, marker) in STYLE.items()},
        articles=tuple(sorted(articles.rows)),
        sentences=tuple(sorted(sentence_rows)),
        predicates=tuple(predicate_list),
        nodes=nodes,
        facts=tuple(sorted(facts, key=lambda f: (f["s"], f["p"], f["o"], f["sentences"]))),
        quotes=tuple(sorted(quotes, key=lambda q: (q["speaker"], q["sentence"], q["quote"]))),
    )


class _Table:
    """Values numbered in the order first added; each added once."""

    def __init__(self) -> None:
        self.rows: list = []
        self._index: dict = {}

    def add(self, value) -> int:
        found = self._index.get(value)
        if found is None:
            found = self._index[value] = len(self.rows)
            self.rows.append(value)
        return found

    def sorted_order(self) -> list[int]:
        return _order(self.rows)


def _order(rows: list) -> list[int]:
    """For each row (by position), its position once the rows are sorted."""
    order = [0] * len(rows)
    for new, old in enumerate(sorted(range(len(rows)), key=lambda i: rows[i])):
        order[old] = new
    return order


def _past_triples(graph: Graph) -> set[tuple]:
    """The (subject, predicate, object) of every assertion marked ``kg:past true``."""
    found = set()
    for assertion, value in graph.subject_objects(KG.past):
        if isinstance(value, Literal) and value.toPython() is True:
            found.add((graph.value(assertion, RDF.subject), graph.value(assertion, RDF.predicate),
                       graph.value(assertion, RDF.object)))
    return found


def _quotes(graph: Graph) -> list[tuple[URIRef, str, Evidence | None]]:
    """Each kg:Statement's speaker, words and the first sentence it is in (if kept)."""
    found = []
    for statement in sorted(graph.subjects(RDF.type, KG.Statement)):
        speaker = graph.value(statement, KG.speaker)
        quote = graph.value(statement, KG.quote)
        if speaker is None or quote is None:
            continue
        kept = sorted((e for e in (sentence_evidence(graph, s) for s in graph.objects(statement, PROV.wasDerivedFrom))
                       if e is not None), key=lambda e: (e.file, e.begin, e.end, e.text))
        found.append((speaker, str(quote), kept[0] if kept else None))
    return found


def _other_names(graph: Graph, node: URIRef, label: str) -> set[str]:
    return {str(o) for p in (RDFS.label, SKOS.altLabel) for o in graph.objects(node, p)} - {label}
