"""Appointments said by choosing someone to do a post's work: "the governor named X to represent
the district", "the board picked X to run the agency", "the club chose X to lead the team".

A verb of choosing has many senses ("named her dog Rex", "picked a fight"); followed by its
object and an infinitive of leading or serving, it appoints. Asked, hoped or denied ("may name X
to lead", "did not choose X to lead") it does not.

Pure: predications and the resolver in, facts out.
"""
from __future__ import annotations

from spacy.tokens import Doc

from kg.extract.coref import Resolver
from kg.extract.docmemo import children
from kg.extract.facts import SIGNATURES
from kg.extract.predications import Predication
from kg.model import Fact, ObjectRef

RULE_ID = "phrase:chosen-to-lead"
#: verbs of choosing someone, which appoint when what the one chosen is to do is a post's work
CHOOSING = frozenset({"name", "choose", "pick", "select", "nominate", "task", "draft", "enlist", "handpick"})
#: the work of a post: "to lead", "to run", "to represent the district", "to fill the seat"
POST_WORK = frozenset({"lead", "run", "head", "represent", "chair", "manage", "coach", "captain", "oversee",
                       "direct", "fill", "replace", "succeed", "serve", "command", "edit", "steer", "helm",
                       "front", "spearhead"})


def chosen_facts(doc: Doc, preds: list[Predication], *, resolver: Resolver, sent_of: list[int]) -> list[Fact]:
    out: list[Fact] = []
    ents = resolver.table.entities
    sig_s, sig_o = SIGNATURES["appointed"]
    for p in preds:
        if p.kind != "verb" or p.lemma not in CHOOSING or p.passive or p.negated or not p.asserted \
                or p.agent is None or p.patient is None:
            continue
        verb = doc[p.trigger]
        if not any(c.dep_ in ("xcomp", "advcl") and c.lemma_.lower() in POST_WORK
                   and any(a.dep_ == "aux" and a.lower_ == "to" for a in children(c)) for c in children(verb)):
            continue
        chosen = [r for r in resolver.referents(doc[p.patient]) if ents[r.key].kind in sig_o]
        for s in resolver.referents(doc[p.agent]):
            if ents[s.key].kind not in sig_s:
                continue
            for o in chosen:
                if o.key != s.key:
                    via = tuple(sorted({v for v in (s.via_sentence, o.via_sentence)
                                        if v is not None and v != sent_of[p.trigger]}))
                    out.append(Fact(s.key, "appointed", ObjectRef.entity(o.key), sent_of[p.trigger], via, RULE_ID,
                                    0.75, p.trigger))
    return out
