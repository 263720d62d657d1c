"""Facts one fact implies, as a reader takes them: who left a party was its member ("quit the
Conservative Party" says she belonged to it), and who left another organization was on its
staff, or a member where it is a body of members ("quit Acme", "resigned from the board of Acme",
"left the Rotary Club"); who heads a company, an agency or a school works
there ("Acme's chief executive", "president of the Westfield Bank"), while who leads a party, a
union or a council is one of its members (its salaried head, "executive director", also on its staff), and who founded or owns a firm need not be on its
staff; a party's spokesman or officer is one of its members too. Pure: facts, entities and the Doc in, facts out."""
from __future__ import annotations

from dataclasses import replace

from spacy.attrs import LOWER
from spacy.tokens import Doc

from kg.extract.positions import is_deputy_title
from kg.extract.lexicon import Lexicon
from kg.extract.docmemo import indices_with
from kg.extract.tokens import sentence_index, string_ids
from kg.model import Entity, Fact, ObjectRef

RULE_LEFT_PARTY = "implied:left-party"
RULE_HEAD_STAFF = "implied:head-works-for"
RULE_LEFT_ORG = "implied:left-organization"
RULE_STREET_TOWN = "implied:street-town"
RULE_PARTY_STAFF = "implied:party-staff-member"
RULE_COUNTERPART = "implied:counterpart"
_COUNTERPART_IDS = string_ids(("counterpart", "counterparts"))


def implied_facts(facts: list[Fact], entities: dict[str, Entity], *, doc: Doc | None = None,
                  lexicon: Lexicon | None = None) -> list[Fact]:
    """The facts ``facts`` imply that they do not already state. Without ``lexicon`` (its
    ``membership_heads`` and ``owner_words``) and ``doc``, no leader is taken for staff."""
    out = _street_towns(facts, entities, lexicon) if lexicon is not None else []
    if doc is not None and indices_with(doc, LOWER, _COUNTERPART_IDS):   # (no doc.text: it joins every token)
        out += _counterparts(facts, entities, doc)
    for f in facts:
        okey = f.object_key
        if f.predicate in ("resignedFrom", "refusedToResign") and okey and okey in entities and entities[okey].party:
            out.append(replace(f, predicate="memberOf", object=ObjectRef.entity(okey), rule=RULE_LEFT_PARTY,
                               confidence=min(f.confidence, 0.7), date="", position="", organization=""))
        elif f.predicate in ("resignedFrom", "refusedToResign") and lexicon is not None and okey and okey in entities \
                and entities[okey].kind == "organization":   # one leaves, or will not leave, what one is in
            tie = _left_tie(entities[okey], doc, f.trigger, lexicon)
            if tie:
                out.append(replace(f, predicate=tie, object=ObjectRef.entity(okey), rule=RULE_LEFT_ORG,
                                   confidence=min(f.confidence, 0.65), date="", position="", organization=""))
        elif f.predicate == "leaderOf" and lexicon is not None and doc is not None and okey and okey in entities \
                and (_employer(entities[okey], lexicon) or _salaried_head(doc, f.trigger, entities[okey])) \
                and not _owner(doc, f.trigger, lexicon):
            out.append(replace(f, predicate="worksFor", rule=RULE_HEAD_STAFF, confidence=min(f.confidence, 0.7)))
        elif f.predicate == "worksFor" and okey and okey in entities and entities[okey].party:
            # "the Social Alliance's finance spokesman", "a spokeswoman for the Green Party": on its
            # staff, and one of its members
            out.append(replace(f, predicate="memberOf", rule=RULE_PARTY_STAFF, confidence=min(f.confidence, 0.7)))
        elif f.predicate == "memberOf" and lexicon is not None and doc is not None and okey and okey in entities \
                and 0 <= f.trigger < len(doc) and is_deputy_title(doc[f.trigger]) and _employer(entities[okey], lexicon):
            # "a vice president of Acme Insurance": a second to its head, on its staff
            out.append(replace(f, predicate="worksFor", rule=RULE_HEAD_STAFF, confidence=min(f.confidence, 0.7)))
    return out


def _counterparts(facts: list[Fact], entities: dict[str, Entity], doc: Doc) -> list[Fact]:
    """"Foreign Minister X held talks with her Venezuelan counterpart, Y": Y holds the post X
    holds, named in the same sentence (one post, held by one other person there)."""
    out = []
    for t in doc:
        if t.lower_ not in ("counterpart", "counterparts") or t.i + 2 >= len(doc) or doc[t.i + 1].text != ",":
            continue
        named = next((e for e in entities.values() if e.kind == "person"
                      and any(m.start == t.i + 2 for m in e.mentions)), None)
        if named is None:
            continue
        sent = doc[t.i].sent
        posts = {(f.subject, f.object.value) for f in facts if f.predicate == "holdsPosition" and f.object
                 and f.subject != named.key and sent.start <= f.trigger < sent.end and f.trigger < t.i}
        if len({label for _, label in posts}) == 1 and len({who for who, _ in posts}) == 1:
            label = next(iter(posts))[1]
            out.append(Fact(named.key, "holdsPosition", ObjectRef.position(label), sentence_index(doc)[t.i], (),
                            RULE_COUNTERPART, 0.65, t.i))
    return out


def _street_towns(facts: list[Fact], entities: dict[str, Entity], lexicon: Lexicon) -> list[Fact]:
    """"X, 62, of Wellbrook Lane, Marston": who lives in a street lives in the town it lies in; what
    stands on a street stands in its town ("the Crescent Bar on Kingsley Road, Sheffield")."""
    towns = {(f.subject, f.sentence): f.object_key for f in facts if f.predicate == "locatedIn" and f.object_key
             and f.subject in entities and entities[f.subject].label.split()[-1].lower() in lexicon.street_words}
    return [replace(f, object=ObjectRef.entity(town), rule=RULE_STREET_TOWN)
            for f in facts if f.predicate in ("residentOf", "locatedIn") and f.object_key
            and (town := towns.get((f.object_key, f.sentence))) and town != f.subject]


def _employer(org: Entity, lexicon: Lexicon) -> bool:
    """An organization that employs the one who heads it: no party, no body of members."""
    if org.kind != "organization" or org.party:
        return False
    words = {w for n in (org.label, *org.names) for w in n.lower().replace("-", " ").split()}
    return not words & lexicon.membership_heads


#: the titles of a body's salaried head, who works for a union or an association as its staff
#: do ("executive director of the Nurses Association"), where its president or chair is a member
SALARIED_HEADS = frozenset({"executive director", "chief executive", "director general",
                            "director-general", "secretary general", "secretary-general", "managing director",
                            "chief executive officer"})


def _salaried_head(doc: Doc, trigger: int, org: Entity) -> bool:
    """The fact's title is a salaried head's, and the organization no party."""
    if org.party or not 0 <= trigger < len(doc):
        return False
    words = [t.lower_ for t in doc[max(trigger - 2, 0): trigger + 1]]
    return " ".join(words[-2:]) in SALARIED_HEADS or " ".join(words) in SALARIED_HEADS


def _left_tie(org: Entity, doc: Doc | None, trigger: int, lexicon: Lexicon) -> str:
    """What leaving an organization (not a party) says one was: a member of its board or of a
    body of members, on the staff of a business known by its name; nothing else."""
    words = {w for n in (org.label, *org.names) for w in n.lower().replace("-", " ").split()}
    if _left_board(doc, trigger) or words & lexicon.membership_heads:
        return "memberOf"
    return "worksFor" if words & lexicon.business_words or _left_job(doc, trigger) else ""


def _left_job(doc: Doc | None, trigger: int) -> bool:
    """What one left is one's job at the organization: "quit his job at Acme"."""
    if doc is None or not 0 <= trigger < len(doc):
        return False
    return any(c.dep_ == "dobj" and c.lemma_.lower() in ("job", "career") for c in doc[trigger].children)


def _left_board(doc: Doc | None, trigger: int) -> bool:
    """The one who left sat on the organization's board: "resigned from the board of Acme",
    "quit Acme's board"."""
    if doc is None or not 0 <= trigger < len(doc):
        return False
    verbs = [t for t in doc[trigger].subtree if t.pos_ in ("VERB", "AUX")]   # "refused to resign from the board"
    objects = [c for verb in verbs for c in verb.children if c.dep_ == "dobj"]
    objects += [g for verb in verbs for c in verb.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"]
    return any(o.lemma_.lower() == "board" for o in objects)


def _owner(doc: Doc, trigger: int, lexicon: Lexicon) -> bool:
    """The fact is said by founding or owning ("founded", "owns", "the founder of")."""
    return 0 <= trigger < len(doc) and (doc[trigger].lemma_.lower() in lexicon.owner_words
                                        or doc[trigger].lower_ in lexicon.owner_words)
