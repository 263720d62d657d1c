"""Facts one fact implies, as a reader takes them: who left a party was its member ("quit the
Conservative Party" says she belonged to it). Pure: facts and entities in, facts out."""
from __future__ import annotations

from dataclasses import replace

from kg.model import Entity, Fact, ObjectRef

RULE_LEFT_PARTY = "implied:left-party"


def implied_facts(facts: list[Fact], entities: dict[str, Entity]) -> list[Fact]:
    """The facts ``facts`` imply that they do not already state."""
    out = []
    for f in facts:
        okey = f.object_key
        if f.predicate == "resignedFrom" and okey and okey in entities and entities[okey].party:
            out.append(replace(f, predicate="memberOf", object=ObjectRef.entity(okey), rule=RULE_LEFT_PARTY,
                               confidence=min(f.confidence, 0.7), date="", position="", organization=""))
    return out
