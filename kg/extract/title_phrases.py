"""Facts from a title said of a person in a predication: "X, chairman of Acme", "a nurse at
the Royal Infirmary", "Acme appointed X as its chief executive", "was elected president of X".
The title's role in the lexicon (leader, member, staff) says which tie to its organization it
makes; the post itself is a holdsPosition fact, and who names or elects to it appoints or elects.
Split from :mod:`kg.extract.phrase_facts`, which calls it for every sentence's predications.
"""
from __future__ import annotations

from spacy.tokens import Doc, Token

from kg.extract.coref import Resolver
from kg.extract.docmemo import children
from kg.extract.facts import SIGNATURES, object_passes
from kg.extract.factuality import asserted
from kg.extract.positions import department_of, is_specific_position, leader_title_predicate, party_aware, position_label
from kg.extract.lexicon import TITLE_ROLES, Lexicon
from kg.extract.noun_predications import CONFERRING_NOUNS, as_verb
from kg.extract.predications import Predication
from kg.extract.syntax import past_tense_read_as_participle
from kg.model import Fact, ObjectRef


#: the prepositions by which a title names its organization: "chairman of", "a nurse at", "lawyer for"
TITLE_PREPS = ("of", "at", "for", "with", "in")


def title_phrase_facts(doc: Doc, preds: list[Predication], *, resolver: Resolver, lexicon: Lexicon,
                 sent_of: list[int]) -> list[Fact]:
    """A title said of someone ("X is chairman of Y", "X, a nurse at Y", "hired X as head coach",
    "X became India's foreign minister"): the post they hold, and the organization the title
    ties them to, as the lexicon's title roles say (leader, member, staff)."""
    out: list[Fact] = []
    ents = resolver.table.entities
    for pred in preds:
        if pred.kind != "noun" or pred.negated or not pred.asserted or pred.agent is None:
            continue
        noun = doc[pred.trigger]
        before = doc[noun.i - 1].lower_ if noun.i > 0 else ""
        # "co-chairman", split by the tokenizer: the parts are one title, their modifiers its own
        parts = [noun, doc[noun.i - 2], doc[noun.i - 1]] if before == "-" and noun.i >= 2 else [noun]
        joined = f"{doc[noun.i - 2].lower_}-{noun.lower_}" if len(parts) > 1 else ""
        three = " ".join(t.lower_ for t in doc[max(noun.i - 2, 0): noun.i + 1]) if noun.i >= 2 else ""
        role = (lexicon.title_role.get(joined) or lexicon.title_role.get(three)   # "chief financial officer"
                or lexicon.title_role.get(f"{before} {noun.lower_}")
                or lexicon.title_role.get(noun.lower_)
                or lexicon.title_role.get(pred.lemma))   # "chief executive" leads; an "executive" is staff
        prefix = doc[noun.i - 2].lower_ if joined else ""
        of_org = TITLE_ROLES.get(role or "")
        if role == "leader":   # a vice-chairman is on the board; the head of a department on the staff
            of_org = leader_title_predicate("leaderOf", noun, lexicon)
            role = "member" if of_org == "memberOf" else role
        if role is None:
            continue
        holders = [s for s in resolver.referents(doc[pred.agent]) if ents[s.key].kind == "person"]
        if not holders:
            continue
        sent = sent_of[pred.trigger]
        orgs = []
        for prep in pred.preps:
            # "chairman of", "a member of", "a nurse at", "lawyer for", "an official of"; some
            # titles are not "of" their organization ("a critic of the BBC" does not work there)
            if prep.word in TITLE_PREPS and not (prep.word == "of" and (noun.lower_ in lexicon.not_employment_titles
                                                                      or pred.lemma in lexicon.not_employment_titles)):
                orgs += [r for r in resolver.referents(doc[prep.token]) if ents[r.key].kind == "organization"]
            elif prep.word == "from" and role == "member":   # "a lawmaker from the ruling X Party": its member
                orgs += [r for r in resolver.referents(doc[prep.token]) if ents[r.key].party]
            elif prep.word == "on" and role == "member":   # "a judge on the Ohio Court of Appeals": one of its bench
                orgs += [r for r in resolver.referents(doc[prep.token]) if ents[r.key].kind == "organization"]
        if role == "member" and orgs and {p.word for p in pred.preps if p.word in TITLE_PREPS} == {"at"} \
                and not any(ents[r.key].party for r in orgs) \
                and all(object_passes("staffed", r.key, noun, resolver, lexicon) for r in orgs):
            role, of_org = "staff", TITLE_ROLES["staff"]   # "second secretary at the Russian Embassy": on its staff
        dept = department_of(noun, lexicon) if not orgs else None
        if dept is not None:   # "head of European sales for Tarn Motors": the body hung on the department
            orgs += [r for c in children(dept) if c.dep_ == "prep" and c.lower_ in ("at", "for", "with", "in")
                     for g in children(c) if g.dep_ == "pobj"
                     for r in resolver.referents(g) if ents[r.key].kind == "organization"]
        # the title's own words too: "the WHO's director general", the possessive hung on "director"
        words = parts + [c for c in children(noun) if c.dep_ == "compound" and c.i < noun.i
                         and (c.lower_ in lexicon.title_role or c.lower_ in lexicon.title_modifiers)]
        orgs += [r for part in words for c in children(part) if c.dep_ in ("poss", "compound", "amod") and c.i < part.i
                 for r in resolver.referents(c) if ents[r.key].kind == "organization"]
        if not orgs and (noun.dep_ == "oprd" or noun.dep_ == "pobj" and noun.head.lower_ == "as") \
                and not any(c.dep_ == "poss" and c.pos_ == "PROPN" for c in children(noun)):
            # "Acme appointed X as (its) chairman": the post is the appointing organization's (not
            # "Y called for Z's campaign director, X, to resign": neither Y's, nor for Y)
            verb = (as_verb(noun.head) or noun.head.head) if noun.dep_ == "pobj" else noun.head
            agent = next((p.agent for p in preds if p.trigger == verb.i and p.kind == "verb"), None)
            if agent is None and verb.lemma_.lower() in lexicon.admit_verbs:
                # "the Ramblers welcomed X as a member": who admits is what the title is of
                agent = next((c.i for c in children(verb) if c.dep_ == "nsubj"), None)
            if agent is not None and doc[pred.agent].i != agent:
                orgs = [r for r in resolver.referents(doc[agent]) if ents[r.key].kind == "organization"]
        label = position_label(noun, lexicon=lexicon)
        if joined and (joined in lexicon.title_role or prefix in lexicon.title_modifiers) and label == noun.text:
            label = doc[noun.i - 2 : noun.i + 1].text   # "co-chairman"
        owner_place = next((ents[r.key].label for c in children(noun) if c.dep_ == "poss"
                            for r in resolver.referents(c) if ents[r.key].kind == "place"), None)   # "Ohio's governor"
        if " of " not in label and " to " not in label and (role != "staff" or owner_place):   # "the mayor of Bristol", Bristol typed a place here
            place = next((ents[r.key].label for p in pred.preps if p.word == "of"
                          for r in resolver.referents(doc[p.token]) if ents[r.key].kind == "place"), None) or owner_place
            if place and place.lower() not in label.lower():
                label += " of " + place   # "New York's top law officer": a public office of the place
        for h in holders:
            via = (h.via_sentence,) if h.via_sentence is not None and h.via_sentence != sent else ()
            if noun.tag_ in ("NNS", "NNPS"):
                pass   # "one of the trustees of Y": a plural names no post
            elif label.lower() in lexicon.tie_titles and not _conferred(noun, lexicon):
                pass   # "the leader of Y, X", "the head of Y": a tie to Y (its facts below), no post of its own
            elif is_specific_position(label if role != "staff" or orgs or owner_place
                                      else position_label(noun, lexicon=lexicon, described=False),
                                      lexicon=lexicon) or (orgs or _conferred(noun, lexicon) and role != "staff"
                                                           or _the_one_post(noun, lexicon)) \
                    and noun.lower_ not in lexicon.not_posts:   # "a spokesman for Y": a post at Y
                out.append(Fact(h.key, "holdsPosition", ObjectRef.position(label), sent, via, "phrase:title",
                                0.75, pred.trigger))
            if (by := _appointer(noun, pred.agent, lexicon)) is not None:
                # "named X deputy mayor", "made X his deputy": who names is who appoints
                for a in resolver.referents(doc[by]):
                    if ents[a.key].kind in SIGNATURES["appointed"][0] and a.key != h.key:
                        out.append(Fact(a.key, "appointed", ObjectRef.entity(h.key), sent, via,
                                        "phrase:title-appointed", 0.75, pred.trigger))
            if _elected(noun, lexicon):
                # "was elected president of X", "elected X as their chair"
                out.append(Fact(h.key, "electedTo", ObjectRef.position(label), sent, via, "phrase:title-elected",
                                0.75, pred.trigger))
            for org in orgs:
                # (the whole title: a "group leader" of a party leads its group, not the party)
                predicate = party_aware(of_org, is_party=ents[org.key].party, title=label,
                                        lexicon=lexicon)
                if (role == "member" or (part := department_of(noun, lexicon)) is not None
                        and part.lemma_.lower() in lexicon.org_part_nouns) \
                        and lexicon.title_role.get(noun.lower_) == "leader":   # (or "chair of the union's Leeds branch")
                    predicate = leader_title_predicate("leaderOf", noun, lexicon, staffed=object_passes(
                        "staffed", org.key, noun, resolver, lexicon))   # "vice president for sales at Y": an officer
                ovia = tuple(sorted({v for v in (h.via_sentence, org.via_sentence) if v is not None and v != sent}))
                out.append(Fact(h.key, predicate, ObjectRef.entity(org.key), sent, ovia, "phrase:title", 0.75,
                                pred.trigger))
    return out


def _appointer(noun: Token, holder: int, lexicon: Lexicon) -> int | None:
    """The subject of an active verb of appointing whose object is the holder and whose
    complement is the title: "named X deputy mayor", "made X his deputy", "made X captain" (not
    "named her dog Rex": no title; not "was named deputy", which the lexicon's passive reads)."""
    named = noun.doc[holder]
    if named.head.i == noun.i and noun.dep_ in ("oprd", "ccomp", "dobj"):
        verb = noun.head            # "named X deputy mayor": the name folded into the title
    elif noun.dep_ in ("appos", "dobj") and noun.head.i == holder and named.dep_ in ("ccomp", "dobj"):
        verb = named.head           # "made X her deputy head": the title in apposition to the name (or its object)
    elif noun.dep_ == "oprd" and named.head.i == noun.head.i:
        verb = noun.head            # "named X his deputy", both read as the verb's complements
    else:
        return None
    if verb.lemma_.lower() not in ("name", "make", "appoint", "install") or verb.pos_ != "VERB":
        return None
    if any(c.dep_ in ("nsubjpass", "auxpass") for c in children(verb)):
        return None
    if verb.dep_ == "acl" and past_tense_read_as_participle(verb):
        return verb.head.i   # "The chairman, X, named Y his deputy", parsed "the chairman named Y"
    return next((c.i for c in children(verb) if c.dep_ == "nsubj"), None)


def _the_one_post(noun: Token, lexicon: Lexicon) -> bool:
    """"the governor, X", "X, the coach", "X is the bishop": a title with "the" names the one
    holder of a post, a post although a bare word; not a tie's title ("the leader, X": of what?)."""
    word = noun.lower_
    return (lexicon.title_role.get(word) == "leader" and word not in lexicon.tie_titles
            or word in lexicon.posts_of_their_own) \
        and any(c.dep_ == "det" and c.lower_ == "the" for c in children(noun))


def _conferred(noun: Token, lexicon: Lexicon) -> bool:
    """The title is one someone was given: "named X president", "was made captain", "became
    leader", "elected X as chair"."""
    verb = noun.head.head if noun.dep_ == "pobj" and noun.head.lower_ == "as" else noun.head
    return noun.dep_ in ("oprd", "pobj", "attr", "dobj") and (
        verb.lemma_.lower() in lexicon.appoint_verbs or verb.lemma_.lower() in lexicon.elect_verbs
        or noun.dep_ == "pobj" and verb.lemma_.lower() in CONFERRING_NOUNS)   # "X's appointment as chair"


def _elected(noun: Token, lexicon: Lexicon) -> bool:
    """The title is what someone was elected: "elected (as) president", "voted in as mayor",
    "was re-elected chairman" (the participle parsed as the title's modifier)."""
    verb = (as_verb(noun.head) or noun.head.head) if noun.dep_ == "pobj" and noun.head.lower_ == "as" else noun.head
    if noun.lower_ in lexicon.not_elected_posts:
        return False   # "elected to the council as a Labour candidate": one runs as a candidate
    if noun.dep_ == "pobj" and noun.head.lower_ == "as" and verb.lemma_.lower() in ("election", "re-election"):
        return True   # "X's election as president"
    if noun.dep_ == "appos" and noun.head.dep_ == "dobj" and _electing(noun.head.head, lexicon):
        # "members voted X their next president", "elected X their leader" (not "may vote X their president")
        return asserted(noun.head.head, polarity="affirmed", lexicon=lexicon)
    if noun.dep_ in ("attr", "appos") and any(c.dep_ == "amod" and c.tag_ == "VBN" and c.lemma_.lower() in lexicon.elect_verbs
                                               for c in children(noun)):
        return True   # "X, the newly elected mayor", "X is the newly elected mayor"
    # "was voted chairwoman", "was voted in as chair", "members voted X in as chair" (not "voted out as chair")
    voted = verb.lemma_.lower() == "vote" and any(c.dep_ in ("auxpass", "nsubjpass") or c.lower_ == "in"
                                                  and not any(g.dep_ == "pobj" for g in children(c)) for c in children(verb)) \
        and not any(c.lower_ in ("out", "off", "down") for c in children(verb))
    # "was returned (unopposed) as councillor": an electorate returns its member (only in the passive)
    returned = verb.lemma_.lower() == "return" and noun.dep_ == "pobj" \
        and any(c.dep_ in ("auxpass", "nsubjpass") for c in children(verb))
    return noun.dep_ in ("oprd", "pobj", "attr", "dobj") and (verb.lemma_.lower() in lexicon.elect_verbs or voted
                                                              or returned)


def _electing(verb: Token, lexicon: Lexicon) -> bool:
    """An active verb of electing someone: "elected X", "voted X" (not "voted X out")."""
    lemma = verb.lemma_.lower()
    return (lemma in lexicon.elect_verbs or lemma == "vote") and verb.pos_ == "VERB" \
        and not any(c.dep_ in ("auxpass", "nsubjpass") or c.lower_ in ("out", "off", "down") for c in children(verb))
