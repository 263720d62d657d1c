"""kg as a spaCy component: ``nlp.add_pipe("kg_relations")`` matches kg's rules on each Doc and
sets ``Doc._.kg_facts`` (a :class:`~kg.model.DocumentFacts`: entities, facts, sentences, events,
quoted statements).

    nlp = spacy.load("en_core_web_sm")
    nlp.add_pipe("kg_paragraphs", before="parser")
    nlp.add_pipe("kg_relations", config={"rules": "my_rules/", "lexicon": "my_lexicon.json"})
    facts = nlp("Ana Ruiz replaced Tom Hale as mayor.")._.kg_facts

``rules`` is a folder of rule files (default: kg's own, ``kg/extract/rules``) and ``lexicon`` a
lexicon file (default: ``kg/extract/data/lexicon.json``); both are loaded and checked when the
component is made, so a bad file is a :class:`~kg.errors.RuleError` then. Both factories are
registered through the ``spacy_factories`` entry point too, so ``spacy.load`` of a pipeline
saved with them works without importing kg first.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from dataclasses import replace
from pathlib import Path
from weakref import WeakKeyDictionary

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.coref import Resolver
from kg.extract.docmemo import reading, sentence_list
from kg.extract.entities import resolve_entities
from kg.extract.evaluations import evaluation_facts
from kg.extract.implied import implied_facts
from kg.extract.facts import dates_by_head, facts_from_matches
from kg.extract.lexicon import LEXICON_PATH, Lexicon, load_lexicon
from kg.extract.mentions import find_mentions
from kg.extract.paragraphs import dateline_end
from kg.extract.tokens import read_whole, sentence_index
from kg.extract.phrase_facts import facts_from_predications
from kg.extract.phrases import PREDICATES_PATH, PredicateLexicon, load_predicates
from kg.extract.predications import predications
from kg.extract.quotes import find_quotes
from kg.extract.requests import left_objects, request_facts, request_lemmas
from kg.extract.rules import RULES_DIR, RuleSet, ruleset_for
from kg.extract.titles import title_facts
from kg.model import DocumentFacts, Fact, ObjectRef, QuotedStatement, SentenceSpan

NAME = "kg_relations"

if not Doc.has_extension("kg_facts"):
    Doc.set_extension("kg_facts", default=None)


class Relations:
    """The component: kg's rules and lexicon, loaded once, run on each Doc."""

    def __init__(self, nlp: Language, name: str = NAME, *, rules: str | None = None, lexicon: str | None = None,
                 predicates: str | None = None):
        self.name = name
        self.rules = str(rules) if rules else None
        self.lexicon_path = str(lexicon) if lexicon else None
        self.predicates_path = str(predicates) if predicates else None
        self.lexicon = load_lexicon(Path(lexicon) if lexicon else LEXICON_PATH)
        self.predicates = load_predicates(Path(predicates) if predicates else PREDICATES_PATH)
        self.ruleset = ruleset_for(nlp, lexicon=self.lexicon, directory=Path(rules) if rules else RULES_DIR)
        read_whole(nlp, self.lexicon.word_forms)
        meta = nlp.meta
        self.model = f"{meta.get('lang', 'xx')}_{meta.get('name', '')}-{meta.get('version', '')}"

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_facts = self.facts(doc)
        return doc

    def facts(self, doc: Doc, *, name: str = "", sha256: str | None = None) -> DocumentFacts:
        return facts_of(doc, ruleset=self.ruleset, lexicon=self.lexicon, predicates=self.predicates,
                        model=self.model, name=name, sha256=sha256)


@Language.factory(NAME, default_config={"rules": None, "lexicon": None, "predicates": None})
def make_relations(nlp: Language, name: str, rules: str | None, lexicon: str | None,
                   predicates: str | None) -> Relations:
    return Relations(nlp, name, rules=rules, lexicon=lexicon, predicates=predicates)


def add_relations(nlp: Language, *, rules: str | None = None, lexicon: str | None = None,
                  predicates: str | None = None) -> Language:
    """Put the component last in ``nlp`` (once); given ``rules``, ``lexicon`` or ``predicates``,
    one made with them replaces a component the pipeline already has."""
    config = {key: None if value is None else str(value)
              for key, value in (("rules", rules), ("lexicon", lexicon), ("predicates", predicates))}
    if NAME in nlp.pipe_names:
        if rules is None and lexicon is None and predicates is None:
            return nlp
        nlp.remove_pipe(NAME)
    nlp.add_pipe(NAME, config=config)
    return nlp


def relations_of(nlp: Language) -> Relations:
    """The pipeline's kg_relations component (made with kg's own rules if it has none)."""
    if NAME in nlp.pipe_names:
        return nlp.get_pipe(NAME)
    if nlp not in _DEFAULTS:
        _DEFAULTS[nlp] = Relations(nlp)
    return _DEFAULTS[nlp]


_DEFAULTS: "WeakKeyDictionary[Language, Relations]" = WeakKeyDictionary()


def facts_of(doc: Doc, *, ruleset: RuleSet, lexicon: Lexicon, model: str, name: str = "",
             sha256: str | None = None, predicates: PredicateLexicon | None = None) -> DocumentFacts:
    """Entities and facts of one parsed article (the Doc is not changed); ``sha256`` defaults to
    the hash of the Doc's text, ``name`` to ""."""
    with reading(doc):   # what several readers ask of the Doc is worked out once
        return _facts_of(doc, ruleset=ruleset, lexicon=lexicon, model=model, name=name, sha256=sha256,
                         predicates=predicates)


def _facts_of(doc: Doc, *, ruleset: RuleSet, lexicon: Lexicon, model: str, name: str, sha256: str | None,
              predicates: PredicateLexicon | None) -> DocumentFacts:
    text = doc.text  # joined from the tokens on each read: once
    if sha256 is None:
        sha256 = hashlib.sha256(text.encode("utf-8")).hexdigest()
    sents, ents = sentence_list(doc), doc.ents   # each made from every token: once
    sent_of = sentence_index(doc, sents=sents)
    mentions = find_mentions(doc, lexicon=lexicon, sent_of=sent_of, ents=ents)
    table = resolve_entities(doc, mentions, lexicon=lexicon)
    resolver = Resolver(doc, table, lexicon=lexicon, sent_of=sent_of)
    matches = ruleset.match(doc)
    quotes = find_quotes(doc, resolver=resolver)
    resolver.bind_first_person(quotes)
    dates = dates_by_head(doc, ents=ents)
    facts, event_phrases = facts_from_matches(doc, matches, resolver=resolver, lexicon=lexicon,
                                              sent_of=sent_of, quotes=quotes, dates=dates)
    facts += title_facts(doc, table, lexicon=lexicon, sent_of=sent_of)
    predicates = predicates if predicates is not None else load_predicates()
    relational, nominal, verbs, cues = _layer_words(predicates, lexicon)
    preds = predications(doc, lexicon=lexicon, relational_nouns=relational, nominalisations=nominal,
                         sents=sents, verbs=verbs, cues=cues)
    phrase_facts, phrase_events = facts_from_predications(doc, preds, predicates=predicates, resolver=resolver,
                                                          lexicon=lexicon, sent_of=sent_of, dates=dates)
    facts += phrase_facts
    facts += request_facts(doc, preds, resolver=resolver, lexicon=lexicon, sent_of=sent_of)
    facts += evaluation_facts(doc, resolver=resolver, lexicon=lexicon, sent_of=sent_of, quotes=quotes)
    event_phrases.update(phrase_events)
    facts = left_objects(facts, doc, resolver=resolver, lexicon=lexicon)
    facts = _specify_unstated(_label_events(facts, merge_events(event_phrases), lexicon))
    facts += implied_facts(facts, table.entities, doc=doc, lexicon=lexicon)
    facts = _held_before(doc, _dedupe(facts), lexicon)
    filed = dateline_end(doc)
    if filed:   # "ACCRA, Ghana (AP) --" says where the story was filed, not what it reports
        facts = [f for f in facts if not 0 <= f.trigger < filed]
    used = {f.subject for f in facts} | {f.object_key for f in facts if f.object_key}
    entities = tuple(e for e in table.entities.values()
                     if e.kind in ("person", "organization", "place") or e.key in used)
    sentences = tuple(_sentence_span(n, text[s.start_char:s.end_char], s.start_char)
                      for n, s in enumerate(sents))
    statements = tuple(QuotedStatement(tuple(r.key for r in q.speakers), q.text.strip(), sent_of[q.start])
                       for q in quotes if q.speakers and q.text.strip())
    return DocumentFacts(name, sha256, entities, tuple(facts), sentences, model, statements)




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
    """One event per head noun and compatible modifiers: "a summit", "the spring summit" and
    "the spring budget summit" are one event, labelled with the fullest phrase."""
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


@lru_cache(maxsize=8)
def _layer_words(predicates: PredicateLexicon, lexicon: Lexicon):
    """What the phrase layer reads, made once per lexicon pair (not per Doc): the relational
    nouns, the nominalisations, the verbs, and the cue words of the verbs no call reads."""
    calls = request_lemmas(lexicon)
    cues = {lemma: words for lemma, words in predicates.cues.items() if lemma not in calls}
    return (predicates.nouns | lexicon.title_nouns | lexicon.title_heads, predicates.nouns - lexicon.title_nouns,
            predicates.verbs | calls, cues)


def _label_events(facts: list[Fact], label_of: dict[str, str], lexicon: Lexicon) -> list[Fact]:
    """Each event object under its merged label, a meeting when its head noun says so."""
    out = []
    for f in facts:
        if f.object and f.object.kind == "event":
            label = label_of[f.object.value]
            meeting = label.split()[-1].lower() in lexicon.meeting_nouns
            f = replace(f, object=ObjectRef.event(label, meeting=meeting))
        out.append(f)
    return out


def _specify_unstated(facts: list[Fact]) -> list[Fact]:
    """"The veteran alderman Rosa Lind will retire": a resignation whose object the sentence leaves
    unstated is from the post the same sentence gives the person, when it gives exactly one."""
    posts: dict[tuple[str, int], set[ObjectRef]] = {}
    for f in facts:
        if f.predicate == "holdsPosition" and f.object:
            posts.setdefault((f.subject, f.sentence), set()).add(f.object)
    said = {(f.subject, f.predicate, f.sentence) for f in facts if f.object is not None}
    # the one post (or else organization) the article gives the person, in any sentence
    ties: dict[str, dict[str, set[ObjectRef]]] = {}
    for f in facts:
        if f.object and f.predicate in ("holdsPosition", "leaderOf", "worksFor"):
            kind = "post" if f.predicate == "holdsPosition" else "org"
            ties.setdefault(f.subject, {}).setdefault(kind, set()).add(f.object)
    resigned_from = {f.subject for f in facts if f.predicate == "resignedFrom" and f.object is not None}
    out = []
    for f in facts:
        held = posts.get((f.subject, f.sentence), set())
        if not held and f.predicate == "resignedFrom" and f.object is None and not f.position \
                and f.subject not in resigned_from:
            mine = ties.get(f.subject, {})
            held = mine.get("post") if len(mine.get("post", ())) == 1 else mine.get("org", set())
        if f.predicate in ("resignedFrom", "refusedToResign") and f.object is None:
            if len(held) == 1 and (f.subject, f.predicate, f.sentence) not in said:
                f = replace(f, object=next(iter(held)))
            elif f.position and (f.subject, f.predicate, f.sentence) not in said:
                f = replace(f, object=ObjectRef.position(f.position))  # "the MP's resignation"
        out.append(f)
    # a resignation said once with its object and once without: the stated object says it all
    stated = {(f.subject, f.predicate) for f in out if f.object is not None}
    return [f for f in out if f.object is not None or (f.subject, f.predicate) not in stated]


#: what a title holds: its post, and the organization it leads, sits in or works for
_TITLE_PREDICATES = ("holdsPosition", "leaderOf", "memberOf", "worksFor")


def _held_before(doc: Doc, facts: list[Fact], lexicon: Lexicon) -> list[Fact]:
    """A title's facts marked ``past`` where a word before the title says it was held before
    ("former chairman", "ex-mayor", "the outgoing chief executive")."""
    out = []
    for f in facts:
        if f.predicate in _TITLE_PREDICATES and 0 <= f.trigger < len(doc) and _past_title(doc, f.trigger, lexicon):
            f = replace(f, past=True)
        out.append(f)
    return out


def _past_title(doc: Doc, i: int, lexicon: Lexicon) -> bool:
    """A word of ``past_title_words`` among the few words that lead up to the title at ``i``."""
    j = i - 1
    while j >= 0 and i - j <= 4:
        t = doc[j]
        if t.lower_ in lexicon.past_title_words:
            return True
        if t.is_punct and t.text != "-" or t.lower_ in ("the", "a", "an", "and", "of"):
            return False
        j -= 1
    return False


def _dedupe(facts: list[Fact]) -> list[Fact]:
    """One fact per (subject, predicate, object, sentence): the most confident rule wins."""
    best: dict[tuple, Fact] = {}
    for f in facts:
        k = (f.subject, f.predicate, f.object, f.sentence)
        if k not in best or (f.confidence, f.rule) > (best[k].confidence, best[k].rule):
            best[k] = f
    return sorted(best.values(), key=lambda f: (f.sentence, f.subject, f.predicate, f.object_order, f.rule))
