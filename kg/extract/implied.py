"""Facts one fact implies, as a reader takes them: who left a party was its member ("quit the
Conservative Party" says she belonged to it); who heads a company, an agency or a school works
there ("Acme's chief executive", "president of the Westfield Bank"), while who leads a party, a
union or a council is one of its members, and who founded or owns a firm need not be on its
staff. Pure: facts, entities and the Doc in, facts out."""
from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Doc

from kg.extract.lexicon import Lexicon
from kg.model import Entity, Fact, ObjectRef

RULE_LEFT_PARTY = "implied:left-party"
RULE_HEAD_STAFF = "implied:head-works-for"


def implied_facts(facts: list[Fact], entities: dict[str, Entity], *, doc: Doc | None = None,
                  lexicon: Lexicon | None = None) -> list[Fact]:
    """The facts ``facts`` imply that they do not already state. Without ``lexicon`` (its
    ``membership_heads`` and ``owner_words``) and ``doc``, no leader is taken for staff."""
    out = []
    for f in facts:
        okey = f.object_key
        if f.predicate == "resignedFrom" and okey and okey in entities and entities[okey].party:
            out.append(replace(f, predicate="memberOf", object=ObjectRef.entity(okey), rule=RULE_LEFT_PARTY,
                               confidence=min(f.confidence, 0.7), date="", position="", organization=""))
        elif f.predicate == "leaderOf" and lexicon is not None and doc is not None and okey and okey in entities \
                and _employer(entities[okey], lexicon) and not _owner(doc, f.trigger, lexicon):
            out.append(replace(f, predicate="worksFor", rule=RULE_HEAD_STAFF, confidence=min(f.confidence, 0.7)))
    return out


def _employer(org: Entity, lexicon: Lexicon) -> bool:
    """An organization that employs the one who heads it: no party, no body of members."""
    if org.kind != "organization" or org.party:
        return False
    words = {w for n in (org.label, *org.names) for w in n.lower().replace("-", " ").split()}
    return not words & lexicon.membership_heads


def _owner(doc: Doc, trigger: int, lexicon: Lexicon) -> bool:
    """The fact is said by founding or owning ("founded", "owns", "the founder of")."""
    return 0 <= trigger < len(doc) and (doc[trigger].lemma_.lower() in lexicon.owner_words
                                        or doc[trigger].lower_ in lexicon.owner_words)
