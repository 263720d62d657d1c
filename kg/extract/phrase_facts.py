"""Facts from predications: a predication whose phrase the predicate lexicon knows, between
entities of the kinds the predicate takes, asserted by the text.

"The coach hit out at the referee" is the predication hit(agent=coach, particles=out,
at=referee); the lexicon's "hit out at" (criticized: agent -> the object of "at") makes it
criticized(coach, referee) when both are entities. Matching (which phrase a predication says)
is kept apart from writing results (which entities, which fact).
"""
from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from kg.extract.coref import Referent, Resolver
from kg.extract.facts import (SIGNATURES, as_position, dates_by_head, event_phrase, is_specific_position,
                              object_passes, party_aware, position_label)
from kg.extract.lexicon import Lexicon
from kg.extract.phrases import Phrase, PredicateLexicon
from kg.extract.predications import Predication
from kg.model import Fact, ObjectRef


def matching_phrases(doc: Doc, pred: Predication, predicates: PredicateLexicon) -> list[tuple[Phrase, int | None, int | None]]:
    """The lexicon's phrases ``pred`` says, each with the tokens of its subject and object
    (None: not in the sentence, or "none": left unstated)."""
    out = []
    for phrase in predicates.by_lemma.get((pred.kind, pred.lemma), ()):
        light = None
        for word in phrase.needs:
            if word in pred.particles:
                continue
            if pred.patient is not None and doc[pred.patient].lemma_.lower() == word:
                light = pred.patient
                continue
            break
        else:
            if pred.kind == "verb" and any(p not in phrase.needs for p in pred.particles):
                continue   # "backed down" is not "back"
            prep_obj = None
            if phrase.prep:
                prep_obj = next((p.token for p in pred.preps if p.word == phrase.prep), None)
                if prep_obj is None:
                    continue
            roles = {"agent": pred.agent, "patient": None if light is not None else pred.patient,
                     "prep": prep_obj, "none": None}
            entry = phrase.entry
            subject, obj = roles[entry.subject], roles[entry.object]
            if subject is None or obj is None and entry.object != "none":
                continue
            out.append((phrase, subject, obj))
    return out


def facts_from_predications(doc: Doc, preds: list[Predication], *, predicates: PredicateLexicon,
                            resolver: Resolver, lexicon: Lexicon, sent_of: list[int],
                            doc_ents: tuple[Span, ...] | None = None) -> tuple[list[Fact], dict[str, tuple]]:
    """Facts for the asserted predications the lexicon knows; also the event phrases named as
    objects (as :func:`kg.extract.facts.facts_from_matches` returns them)."""
    facts: list[Fact] = []
    events: dict[str, tuple] = {}
    ents = resolver.table.entities
    dates = None
    for pred in preds:
        if pred.negated or not pred.asserted:
            continue
        for phrase, s_tok, o_tok in matching_phrases(doc, pred, predicates):
            entry = phrase.entry
            objects = _objects(doc, o_tok, entry, resolver, lexicon, events)
            subjects = resolver.referents(doc[s_tok])
            if not subjects or not objects:
                continue
            if dates is None:
                dates = dates_by_head(doc, ents=doc_ents)
            trigger = doc[pred.trigger]
            sent = sent_of[pred.trigger]
            sig_s, sig_o = SIGNATURES[entry.predicate]
            position, organization = as_position(trigger, lexicon=lexicon, resolver=resolver)
            for s in subjects:
                if ents[s.key].kind not in sig_s:
                    continue
                for obj, ovia in objects:
                    okey = obj.entity_key if obj else None
                    if okey == s.key and okey is not None:
                        continue
                    okind = ents[okey].kind if okey else (obj.kind if obj else None)
                    if okind not in sig_o:
                        continue
                    if entry.filter and not object_passes(entry.filter, okey, doc[o_tok], resolver, lexicon):
                        continue
                    predicate = entry.predicate
                    if okey and entry.kind == "noun":
                        predicate = party_aware(predicate, is_party=ents[okey].party, title=trigger.lower_,
                                                lexicon=lexicon)
                    via = tuple(sorted({v for v in (s.via_sentence, ovia) if v is not None and v != sent}))
                    facts.append(Fact(s.key, predicate, obj, sent, via, "phrase:" + entry.id, entry.confidence,
                                      pred.trigger, dates.get(pred.trigger, ""), position, organization))
    return facts, events


def _objects(doc: Doc, o_tok: int | None, entry, resolver: Resolver, lexicon: Lexicon,
             events: dict[str, tuple]) -> list[tuple[ObjectRef | None, int | None]]:
    if entry.object == "none":
        return [(None, None)]
    tok: Token = doc[o_tok]
    refs: list[Referent] = resolver.referents(tok)
    if refs:
        return [(ObjectRef.entity(r.key), r.via_sentence) for r in refs]
    if entry.object_kind == "position":
        label = position_label(tok, lexicon=lexicon)
        return [(ObjectRef.position(label), None)] if is_specific_position(label, lexicon=lexicon) else []
    if entry.object_kind == "event" and (tok.lemma_.lower() in lexicon.event_nouns or tok.lower_ in lexicon.event_nouns):
        phrase = event_phrase(tok)
        events[phrase[0]] = phrase
        return [(ObjectRef.event(phrase[0]), None)]
    return []
