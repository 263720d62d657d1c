"""What a rule match means: facts between entities, checked for negation, modality and types.

Matching (:mod:`kg.extract.rules`) only finds token patterns; this module decides which entity each
named token stands for (:mod:`kg.extract.coref`), whether the text asserts the fact (not "if he
resigns", not "urged her to quit" as a resignation: :mod:`kg.extract.factuality`), and whether
subject and object are of kinds the predicate takes; a post's name is :mod:`kg.extract.positions`'.
"""
from __future__ import annotations


from spacy.tokens import Doc, Span, Token

from kg.extract.coref import Resolver
from kg.extract.docmemo import children
from kg.extract.factuality import asserted, is_negated
from kg.extract.lexicon import Lexicon
from kg.extract.residence import country_office
from kg.extract.positions import (as_position, in_leader_title, is_specific_position, leader_title_predicate,
                                  office_of_adjective, party_aware, position_label)
from kg.extract.quotes import Quote, speaker_at
from kg.extract.rules import SPEAKER, RuleMatch
from kg.extract.syntax import TIME_SPANS
from kg.model import Fact, ObjectRef
from kg.rdf.vocab import predicate_signatures


PERSON, ORG, PLACE, EVENT, POSITION = "person", "organization", "place", "event", "position"


#: predicate -> (subject kinds, object kinds; None: the object may be unstated), as the ontology's
#: schema:domainIncludes / rangeIncludes say (kg/ontology/kg.ttl is the one place they are said)
SIGNATURES = predicate_signatures()


def dates_by_head(doc: Doc, *, ents: tuple[Span, ...] | None = None) -> dict[int, str]:
    """For each word a DATE entity modifies, its text: "quit in March", "met on Friday".
    ``ents``: ``doc.ents``, when the caller has them."""
    out: dict[int, str] = {}
    for ent in (ents if ents is not None else doc.ents):
        if ent.label_ != "DATE":
            continue
        head = ent.root.head
        word = head.head if head.dep_ == "prep" else head
        out.setdefault(word.i, ent.text)
        out.setdefault(head.i, ent.text)
    return out


def _phrasal_verbs_whole(doc: Doc, m: RuleMatch, lexicon: Lexicon) -> bool:
    """"stand down", "step aside": a matched step/stand needs its particle ("stand for election" is
    no resignation)."""
    needs = lexicon.phrasal_particles
    for i in m.tokens.values():
        tok = doc[i]
        particles = needs.get(tok.lemma_.lower())
        if particles and not any(c.lower_ in particles and c.dep_ in ("prt", "advmod") for c in children(tok)):
            return False
    return True


def _embedded_negation(doc: Doc, m: RuleMatch, rule) -> bool:
    """"told X he would not stand aside": a negated word inside an affirmed match; "asked
    whether X would step down": a clause of the match asked about, not said."""
    if rule.polarity != "affirmed":
        return False
    return any(is_negated(doc[i]) or doc[i].dep_ == "ccomp" and any(
        c.dep_ == "mark" and c.lower_ in ("whether", "if") for c in children(doc[i]))
        for name, i in m.tokens.items() if name not in (rule.trigger, rule.subject))


def object_passes(kind: str, okey: str | None, otok: Token, resolver: Resolver, lexicon: Lexicon) -> bool:
    entity = resolver.table.entities.get(okey) if okey else None
    if kind == "party":
        return bool(entity and entity.party)
    if kind == "nonparty":   # an organization that is not a political party
        return bool(entity and entity.kind == "organization" and not entity.party)
    if kind == "notparty":   # a place or a body, not the party one ran for ("won the seat for Labour")
        return bool(entity and not entity.party)
    if kind in ("membership", "body", "staffed"):
        # a body one is a member of: a party, "the Bar Association", "the City Council"; or
        # ("staffed") an organization that is neither, whose people are its staff
        if not entity or not entity.party and entity.kind != "organization":
            return False
        if kind == "membership" and otok.pos_ == "NOUN" and resolver.table.token_entity.get(otok.i) != okey:
            # named by a noun: "the board of Acme" is a body of members, "the payroll of the Cocoa Board" none
            return otok.lemma_.lower() in lexicon.membership_heads
        body = not set(entity.label.lower().replace("-", " ").split()).isdisjoint(lexicon.membership_heads)
        if kind == "staffed":
            return not body and not entity.party
        return body and not entity.party if kind == "body" else body or entity.party
    if kind == "person":   # "visited X": a person, not an organization one tours
        return bool(entity and entity.kind == "person")
    if kind == "home":   # where one lives: not a country's office named before its title ("a U.S. attorney")
        return not (entity is not None and otok.i < otok.head.i and otok.dep_ in ("compound", "nmod")
                    and country_office(otok.head, entity.label, lexicon))
    if kind == "unlisted":   # "Beirut, Lebanon": not one item of a list ("Bristol, Cardiff, Bath")
        return not _listed(otok)
    words = set(entity.label.lower().replace("-", " ").split()) if entity else set()
    if words & lexicon.news_cues or otok.lower_ in lexicon.news_nouns:
        return True
    if entity and entity.kind == "person" and _journalist(otok, lexicon):
        return True   # "told the reporter Tom Brennan", "told Tom Brennan, a reporter for ..."
    if kind == "outlet":   # or an organization that is no public body or party: "told NDTV", "told Acme"
        return bool(entity and entity.kind == "organization" and not entity.party and not words & lexicon.org_heads
                    and not words & lexicon.public_body_words and not words & lexicon.membership_heads)
    return False


def _journalist(tok: Token, lexicon: Lexicon) -> bool:
    """The token is a journalist's noun, or a name with one beside it."""
    near = [tok, *(c for c in children(tok) if c.dep_ in ("compound", "appos"))]
    if tok.dep_ == "appos":
        near.append(tok.head)
    return any(t.lemma_.lower() in lexicon.journalist_nouns for t in near)


def _listed(tok: Token) -> bool:
    """The token heads one item of a list: it has items after it, or shares its head with others."""
    if any(c.dep_ in ("conj", "appos") for c in children(tok)) or tok.dep_ == "conj":
        return True
    doc, after = tok.doc, tok.i + 1
    if after < len(doc) and (doc[after].lower_ in ("and", "or") or doc[after].text == ","
                             and after + 1 < len(doc) and doc[after + 1].is_title):
        return True   # by word order, where the parse strays: "Kingsbridge West, Ashford Central, Stroud"
    # "Tacoma, Wash., late Sunday": a date set off by commas is no item of a list of places
    return sum(1 for c in children(tok.head) if c.dep_ in ("appos", "conj") and c.ent_type_ not in _TIME_TYPES) > 1


_TIME_TYPES = frozenset({"DATE", "TIME"})


#: spans of time an event lasts: "two days of talks" is the talks


def event_of_time(tok: Token, event_nouns: frozenset[str]) -> Token:
    """The event a span of time is of ("took part in three days of talks": the talks), else ``tok``."""
    if tok.lemma_.lower() not in TIME_SPANS:
        return tok
    for c in children(tok):
        if c.dep_ == "prep" and c.lower_ == "of":
            for g in children(c):
                if g.dep_ == "pobj" and (g.lemma_.lower() in event_nouns or g.lower_ in event_nouns):
                    return g
    return tok


def event_phrase(tok: Token) -> tuple[str, str, frozenset]:
    """An event noun with its modifiers: ("spring budget summit", "summit", {"spring", "budget"})."""
    mods = [c for c in children(tok) if c.dep_ in ("compound", "amod", "nummod", "npadvmod") and c.i < tok.i]
    words = sorted(mods + [tok], key=lambda t: t.i)
    # whose and of what: "the club's anniversary" is not "the anniversary of the merger"
    owners = [c.lemma_.lower() for c in children(tok) if c.dep_ == "poss"]
    owners += [g.lemma_.lower() for c in children(tok) if c.dep_ == "prep" and c.lower_ in ("of", "for")
               for g in children(c) if g.dep_ == "pobj"]
    label = " ".join(w.text for w in words)
    named_owner = [c for c in children(tok) if c.dep_ == "poss" and c.pos_ in ("NOUN", "PROPN")]
    if named_owner:
        owner = named_owner[0]
        plural = owner.i + 1 < len(owner.doc) and owner.doc[owner.i + 1].text in ("'", "\u2019")
        label = f"{owner.text}' {label}" if plural else f"{owner.text}'s {label}"   # "a farmers' rally"
    return label, tok.lemma_.lower(), frozenset([w.lower_ for w in mods] + owners)


def facts_from_matches(doc: Doc, matches: list[RuleMatch], *, resolver: Resolver, lexicon: Lexicon,
                       sent_of: list[int], quotes: list[Quote] = (),
                       doc_ents: tuple[Span, ...] | None = None,
                       dates: dict[int, str] | None = None) -> tuple[list[Fact], dict[str, tuple[str, str, frozenset]]]:
    """Facts for the matches that assert something about entities of fitting kinds.

    Also returns the event phrases named as objects, by their text (a fact's object is then
    ``ObjectRef.event(<text>)``, which :func:`kg.extract.component.merge_events` relabels). ``doc_ents``:
    ``doc.ents``, when the caller has them; ``dates``: :func:`dates_by_head`, likewise.
    """
    facts, events = [], {}
    ents = resolver.table.entities
    dates = dates if dates is not None else dates_by_head(doc, ents=doc_ents)
    for m in matches:
        rule = m.rule
        trigger = doc[m.tokens[rule.trigger]]
        if not asserted(trigger, polarity=rule.polarity, lexicon=lexicon):
            continue
        if not _phrasal_verbs_whole(doc, m, lexicon) or _embedded_negation(doc, m, rule):
            continue
        if rule.subject == SPEAKER:
            subjects = list(speaker_at(quotes, trigger.i))
        else:
            subjects = resolver.referents(doc[m.tokens[rule.subject]])
        objects: list[tuple[ObjectRef | None, int | None]] = []
        if rule.object_kind == "unstated":
            objects = [(None, None)]
        elif rule.object_kind == "position":
            label = office_of_adjective(doc[m.tokens[rule.object]], lexicon) \
                or position_label(doc[m.tokens[rule.object]], lexicon=lexicon)
            # a post one is elected to is a post, however bare its title ("won the race for governor")
            objects = [(ObjectRef.position(label), None)] if rule.predicate == "electedTo" \
                or is_specific_position(label, lexicon=lexicon) else []
        else:
            otok = doc[m.tokens[rule.object]]
            if rule.object_kind == "event":
                otok = event_of_time(otok, lexicon.event_nouns)
            is_event = rule.object_kind == "event" and (otok.lemma_.lower() in lexicon.event_nouns
                                                        or otok.lower_ in lexicon.event_nouns)
            # "at the TUC conference": the conference, not the TUC its name's word stands for
            refs = [] if is_event and resolver.table.token_entity.get(otok.i) is None else resolver.referents(otok)
            if refs:
                objects = [(ObjectRef.entity(r.key), r.via_sentence) for r in refs]
            elif is_event:
                phrase = event_phrase(otok)
                events[phrase[0]] = phrase
                objects = [(ObjectRef.event(phrase[0]), None)]
        sent = sent_of[trigger.i]
        sig_s, sig_o = SIGNATURES[rule.predicate]
        for s in subjects:
            if ents[s.key].kind not in sig_s:
                continue
            for obj, ovia in objects:
                okey = obj.entity_key if obj else None
                if okey is not None and okey == s.key:
                    continue
                okind = ents[okey].kind if okey else (obj.kind if obj else None)
                if rule.object_kind == "event" and okind in (ORG, PLACE) and okey:
                    continue
                if okind not in sig_o:
                    continue
                if rule.object_filter and not object_passes(rule.object_filter, okey, doc[m.tokens[rule.object]],
                                                             resolver, lexicon):
                    continue
                rule_predicate = rule.predicate
                if rule.predicate == "worksFor" and "title" in m.tokens and in_leader_title(doc[m.tokens["title"]], lexicon):
                    continue   # "chief executive": a leader's title, read whole (not an "executive")
                if rule.predicate == "leaderOf" and okey in ents and "title" in m.tokens:
                    title = doc[m.tokens["title"]]
                    rule_predicate = party_aware(rule.predicate, is_party=ents[okey].party,
                                                 title=title.lower_, lexicon=lexicon)
                    rule_predicate = leader_title_predicate(rule_predicate, title, lexicon, staffed=object_passes(
                        "staffed", okey, title, resolver, lexicon))
                via = tuple(sorted({v for v in (s.via_sentence, ovia) if v is not None and v != sent}))
                if rule.shared_subject and any(c.dep_ in ("nsubj", "nsubjpass") for c in children(trigger)):
                    continue  # the conjoined verb has a subject of its own
                position, organization = as_position(trigger, lexicon=lexicon, resolver=resolver)
                if okey is None and not position and s.role:
                    position = s.role  # "the MP's resignation": the post the description names
                facts.append(Fact(s.key, rule_predicate, obj, sent, via, rule.id, rule.confidence,
                                  trigger.i, dates.get(trigger.i, ""), position, organization))
    return facts, events
