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
from kg.extract.gazetteer import is_major_place
from kg.extract.docmemo import children
from kg.extract.evaluations import authors
from kg.extract.facts import SIGNATURES, dates_by_head, event_of_time, event_phrase, object_passes
from kg.extract.positions import (as_position, in_leader_title, is_specific_position, leader_title_predicate, party_aware,
                                  position_label)
from kg.extract.attendance_groups import crowd_attendance_facts
from kg.extract.chosen import chosen_facts
from kg.extract.helm import helm_facts
from kg.extract.name_cuts import title_of_cut_name_facts
from kg.extract.lexicon import Lexicon
from kg.extract.phrases import Phrase, PredicateLexicon
from kg.extract.place_facts import based_places, comma_in_places, descriptor_places
from kg.extract.residence import described_residents, titled_residents
from kg.extract.predications import Predication
from kg.extract.title_phrases import title_phrase_facts
from kg.model import Fact, ObjectRef


#: nouns that name a post by what follows them: "her post as attorney general", "the role of chair"
POST_WORDS = frozenset({"post", "role", "job", "position", "seat", "office"})

#: the predicates that state both directions at once ("X and Y met"; but "X and Y clashed": each criticised the other)
SYMMETRIC = frozenset({"metWith"})


def matching_phrases(doc: Doc, pred: Predication, predicates: PredicateLexicon) -> list[tuple[Phrase, int | None, int | None]]:
    """The lexicon's phrases ``pred`` says, each with the tokens of its subject and object
    (None: not in the sentence, or "none": left unstated)."""
    out = []
    for phrase in predicates.by_lemma.get((pred.kind, pred.lemma), ()):
        if phrase.entry.passive and not pred.passive:
            continue
        light = None
        around = {p.word for p in pred.preps} | {doc[p.token].lemma_.lower() for p in pred.preps} \
            | {doc[p.token].lower_ for p in pred.preps}   # "into the shoes of": "shoes", lemmatised "shoe"
        for word in phrase.needs:
            if word in pred.particles or pred.kind == "noun" and word in around:
                continue
            if pred.patient is not None and word in (doc[pred.patient].lemma_.lower(), doc[pred.patient].lower_):
                light = pred.patient
                if _denied(doc[light]):
                    break   # "had no confidence in", "gave no support to"
                if phrase.entry.bare and any(c.dep_ == "det" for c in children(doc[light])):
                    break   # "left the office at noon" is no "leave office"
                continue
            if word in around and not _stray_preposition(doc, pred, word, phrase):   # "came under fire from"
                if pred.kind == "verb" and any(_denied(doc[p.token]) for p in pred.preps
                                               if doc[p.token].lemma_.lower() == word):
                    break   # "passed a vote of no confidence in"
                continue
            if pred.passive and any(c.dep_ == "dobj" and c.lemma_.lower() == word for c in children(doc[pred.trigger])):
                continue   # "was granted an audience with": the object a passive keeps
            break
        else:
            if pred.kind == "verb" and any(p not in phrase.needs for p in pred.particles):
                continue   # "backed down" is not "back"
            if phrase.entry.intransitive and pred.patient is not None and light is None:
                continue   # "handed the files over to Y" (but "handed the reins to Y": the phrase's own object)
            # each object of the phrase's preposition: "lives in a flat in Hamburg" tries both
            prep_objs = [p.token for p in pred.preps if p.word == phrase.prep and _reached(doc[p.token], phrase)] \
                if phrase.prep else [None]
            # the phrase's own noun's preposition first: "named X as her deputy in place of Y" is
            # the place of Y, not of "her"
            own = [g.i for p in pred.preps if doc[p.token].lemma_.lower() in phrase.needs
                   for c in children(doc[p.token]) if c.dep_ == "prep" and c.lower_ == phrase.prep
                   for g in children(c) if g.dep_ == "pobj"] if phrase.prep else []
            if light is not None and phrase.prep and not own:   # "signed a contract with Y", "with" hung on the noun
                own = [g.i for c in children(doc[light]) if c.dep_ == "prep" and c.lower_ == phrase.prep
                       for g in children(c) if g.dep_ == "pobj"]
            prep_objs = own or prep_objs
            entry = phrase.entry
            for prep_obj in prep_objs:
                # a light object is no argument, unless the entity is reached through it ("took X's place")
                roles = {"agent": pred.agent, "patient": None if light is not None and not entry.through else pred.patient,
                         "prep": prep_obj, "none": None}
                subject, obj = roles[entry.subject], roles[entry.object]
                if subject is None:
                    continue
                if obj is None and entry.object != "none":
                    if not entry.reciprocal:
                        continue
                    obj = subject   # "X and Y met": the pairs of the subject's conjuncts
                out.append((phrase, subject, obj))
    return [m for m in out if not any(_overrides(o[0], m[0]) for o in out)]


def _named_within(tok: Token, resolver: Resolver) -> list[Referent]:
    """The entities named in a phrase, each once, in order: "between Mayor X and Police Chief Y"
    whatever the parse made of its "and"."""
    out, seen = [], set()
    for t in tok.subtree:
        for r in resolver.referents(t) if t.pos_ == "PROPN" else ():
            if r.key not in seen:
                seen.add(r.key)
                out.append(r)
    return out


def _overrides(specific: Phrase, general: Phrase) -> bool:
    """A longer phrase of the same predicate that gives the roles to others overrides the bare
    one: "replaced X with Y" is Y's replacing X, not the subject's."""
    return specific.entry.predicate == general.entry.predicate and specific.entry.subject != general.entry.subject \
        and set(general.needs) <= set(specific.needs) and (general.prep or None) in (None, specific.prep) \
        and len(specific.needs) + bool(specific.prep) > len(general.needs) + bool(general.prep)


def _stray_preposition(doc: Doc, pred: Predication, word: str, phrase: Phrase) -> bool:
    """``word`` is in the clause only as a preposition whose object the phrase does not name: the
    "over" of "took aim at X over the price" is no particle of "take over at"."""
    nouns = [p for p in pred.preps if word in (doc[p.token].lemma_.lower(), doc[p.token].lower_)]
    if nouns or word == "as":
        return False   # "into the shoes of": the phrase's noun, the object of a preposition; "chose X as
                       # her deputy": "as" is no particle, its object the role
    objects = [doc[p.token] for p in pred.preps if p.word == word]
    return bool(objects) and not any(o.lemma_.lower() in phrase.needs or o.lower_ in phrase.needs for o in objects)


def _denied(noun: Token) -> bool:
    """The noun of a phrase is determined by "no": "had *no* confidence in", "won no support from"."""
    return any(c.dep_ == "det" and c.lower_ == "no" for c in children(noun))


def _reached(obj: Token, phrase: Phrase) -> bool:
    """A preposition's object hung under a time ("joined X after a decade *in* the civil
    service") is no argument of the verb, unless the phrase names the time's word."""
    holder = obj.head.head
    return not (holder.dep_ == "pobj" and holder.ent_type_ in ("DATE", "TIME")
                and holder.lemma_.lower() not in phrase.needs)


def facts_from_predications(doc: Doc, preds: list[Predication], *, predicates: PredicateLexicon,
                            resolver: Resolver, lexicon: Lexicon, sent_of: list[int],
                            doc_ents: tuple[Span, ...] | None = None,
                            dates: dict[int, str] | None = None) -> tuple[list[Fact], dict[str, tuple]]:
    """Facts for the asserted predications the lexicon knows; also the event phrases named as
    objects (as :func:`kg.extract.facts.facts_from_matches` returns them). ``dates``:
    :func:`~kg.extract.facts.dates_by_head`, when the caller has them."""
    facts: list[Fact] = []
    events: dict[str, tuple] = {}
    ents = resolver.table.entities
    for pred in preds:
        if not pred.asserted:
            continue
        for phrase, s_tok, o_tok in matching_phrases(doc, pred, predicates):
            entry = phrase.entry
            if pred.negated != entry.negated:
                continue   # "did not resign" states no resignation; "will not seek re-election" states one
            subjects = resolver.referents(doc[s_tok])
            if not subjects and entry.subject == "agent":
                subjects = authors(resolver, doc[s_tok], lexicon)   # "a report by X criticised Y"
            if o_tok == s_tok and len(subjects) == 1 and entry.subject == "prep":
                subjects = _named_within(doc[s_tok], resolver)   # "between X and Y", the parse's list astray
            if o_tok == s_tok:   # reciprocal: each conjunct with the others
                objects = [(ObjectRef.entity(r.key), r.via_sentence) for r in subjects] if len(subjects) > 1 else []
            else:
                objects = _objects(doc, o_tok, entry, resolver, lexicon, events)
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
                    if okey == s.key and okey is not None or o_tok == s_tok and okey < s.key \
                            and entry.predicate in SYMMETRIC:
                        continue   # no self-loops; a reciprocal pair once, when the predicate is symmetric
                    okind = ents[okey].kind if okey else (obj.kind if obj else None)
                    if okind not in sig_o:
                        continue
                    if entry.filter and not object_passes(entry.filter, okey, doc[o_tok], resolver, lexicon):
                        continue
                    predicate = entry.predicate
                    if predicate == "worksFor" and entry.kind == "noun" and in_leader_title(trigger, lexicon):
                        continue   # "chief executive of X": a leader's title, read whole (not an "executive")
                    if predicate == "memberOf" and entry.kind != "noun" and position and okey \
                            and "staff" in (lexicon.title_role.get(position.lower()),
                                            lexicon.title_role.get(position.split()[-1].lower())) \
                            and not ents[okey].party:
                        predicate = "worksFor"   # "joined the Post as a sports writer": on its staff
                    elif predicate == "memberOf" and pred.lemma in ("join", "rejoin") and okey \
                            and not ents[okey].party and _business(ents[okey], lexicon, doc):
                        predicate = "worksFor"   # "joined Halcyon Bank in 2005", "joined the Herald": its staff
                    if predicate == "leaderOf" and entry.kind == "noun" and _staff_word(trigger, lexicon):
                        predicate = "worksFor"   # "a former Halden Bank executive": one of its executives
                    elif predicate == "leaderOf" and okey and doc[o_tok].lemma_.lower() in lexicon.org_part_nouns:
                        # "chairs the Leeds branch of the union": one of its members; of a bank: on its staff
                        predicate = "worksFor" if object_passes("staffed", okey, doc[o_tok], resolver, lexicon) \
                            else "memberOf"
                    if okey and entry.kind == "noun":
                        predicate = party_aware(predicate, is_party=ents[okey].party,
                                                title=position_label(trigger, lexicon=lexicon), lexicon=lexicon)
                        predicate = leader_title_predicate(
                            predicate, trigger, lexicon, staffed=object_passes("staffed", okey, trigger, resolver, lexicon))
                    via = tuple(sorted({v for v in (s.via_sentence, ovia) if v is not None and v != sent}))
                    facts.append(Fact(s.key, predicate, obj, sent, via, "phrase:" + entry.id, entry.confidence,
                                      pred.trigger, dates.get(pred.trigger, ""), position, organization))
    facts += title_phrase_facts(doc, preds, resolver=resolver, lexicon=lexicon, sent_of=sent_of)
    facts += helm_facts(doc, resolver=resolver, lexicon=lexicon, sent_of=sent_of)
    facts += chosen_facts(doc, preds, resolver=resolver, sent_of=sent_of)
    facts += crowd_attendance_facts(doc, resolver=resolver, lexicon=lexicon, sent_of=sent_of, events=events)
    facts += title_of_cut_name_facts(doc, resolver=resolver, lexicon=lexicon, sent_of=sent_of)
    facts += descriptor_places(doc, resolver=resolver, lexicon=lexicon, sent_of=sent_of)
    facts += comma_in_places(doc, resolver=resolver, sent_of=sent_of)
    facts += based_places(doc, resolver=resolver, lexicon=lexicon, sent_of=sent_of)
    facts += titled_residents(doc, resolver=resolver, lexicon=lexicon, sent_of=sent_of)
    facts += described_residents(doc, resolver=resolver, lexicon=lexicon, sent_of=sent_of)
    return facts, events


def _business(org, lexicon: Lexicon, doc: Doc) -> bool:
    """An organization one joins as staff, not as a member: a news outlet, or a business known by
    its name ("Halcyon Bank", "Nordvik Shipping Ltd") or by the noun set beside it ("Pruett &
    Lang, the accounting firm"), that is no body of members."""
    words = {w for n in (org.label, *org.names) for w in n.lower().replace("-", " ").split()}
    return org.kind == "organization" and not words & lexicon.membership_heads and (
        org.news or bool(words & lexicon.business_words) or any(
            c.dep_ == "appos" and c.lemma_.lower() in BUSINESS_NOUNS for m in org.mentions
            for t in doc[m.start:m.end] for c in children(t)))


#: what a business is called beside its name: "X, the accounting firm"
BUSINESS_NOUNS = frozenset({"firm", "company", "business", "bank", "retailer", "maker", "manufacturer", "airline",
                            "carrier", "insurer", "lender", "broker", "chain", "supermarket", "consultancy", "brewer",
                            "publisher", "conglomerate", "corporation", "supplier", "start-up", "startup"})


def _staff_word(noun: Token, lexicon: Lexicon) -> bool:
    """The title is "executive" read alone, one of the staff (not "chief executive", "executive
    director": a leader's title with the word before or after it)."""
    doc = noun.doc
    before = f"{doc[noun.i - 1].lower_} {noun.lower_}" if noun.i else ""
    after = f"{noun.lower_} {doc[noun.i + 1].lower_}" if noun.i + 1 < len(doc) else ""
    return noun.lemma_.lower() == "executive" and lexicon.title_role.get(before) != "leader" \
        and lexicon.title_role.get(after) != "leader"


def _towns_not_regions(tok: Token, refs: list[Referent], resolver: Resolver) -> list[Referent]:
    """The places named as an object, less the state or country written after a town's comma
    ("to Boise, Idaho", "to Elko, Nev."), however the parse heads the pair."""
    table = resolver.table
    doc = tok.doc
    pairs = {}
    for k in range(max(tok.left_edge.i, 1), min(tok.right_edge.i, len(doc) - 2) + 1):
        if doc[k].text == ",":
            town, region = table.token_entity.get(k - 1), table.token_entity.get(k + 1)
            if town and region and town != region and table.entities[town].kind == "place" \
                    and is_major_place(table.entities[region].label) and not is_major_place(table.entities[town].label):
                pairs[region] = town   # (not "Leeds, York and Hull": a list)
    if not pairs:
        return refs
    out = []
    for r in refs:
        key = pairs.get(r.key, r.key)
        if key not in {o.key for o in out}:
            out.append(r if key == r.key else Referent(key))
    return out


def _objects(doc: Doc, o_tok: int | None, entry, resolver: Resolver, lexicon: Lexicon,
             events: dict[str, tuple]) -> list[tuple[ObjectRef | None, int | None]]:
    if entry.object == "none":
        return [(None, None)]
    tok: Token = doc[o_tok]
    if entry.object_kind == "event":
        tok = event_of_time(tok, lexicon.event_nouns)   # "three days of talks": the talks
    if entry.object_kind == "event" and (tok.lemma_.lower() in lexicon.event_nouns or tok.lower_ in lexicon.event_nouns) \
            and resolver.table.token_entity.get(tok.i) is None:
        phrase = event_phrase(tok)   # "attended the NATO meeting": the meeting, not NATO
        events[phrase[0]] = phrase
        return [(ObjectRef.event(phrase[0]), None)]
    refs: list[Referent] = resolver.referents(tok) if not entry.owned else []
    if refs and all(resolver.table.entities[r.key].kind == "place" for r in refs):
        refs = _towns_not_regions(tok, refs, resolver)   # "moved to Boise, Idaho": the town, not its state
    if tok.pos_ == "NOUN" and tok.i not in resolver.table.token_entity:
        # "by the Joy FM morning host, Ama Boateng": the person set beside the noun, not its station
        named = [r for c in children(tok) if c.dep_ == "appos" for r in resolver.referents(c)
                 if resolver.table.entities[r.key].kind == "person"]
        refs = named or refs
    if refs and all(resolver.table.entities[r.key].kind == "place" for r in refs):
        # "behind Nairobi Governor Ann Lowe", parsed as the place with the name in apposition
        apposed = [r for c in children(tok) if c.dep_ == "appos" for r in resolver.referents(c)
                   if resolver.table.entities[r.key].kind == "person"]
        refs = apposed or refs
    if not refs and (entry.through or entry.owned) and tok.pos_ in ("NOUN", "PROPN"):   # "the BBC's evening news"
        refs = _through(tok, resolver, of=not entry.owned)   # owned: "X's figures", not "the leader of X"
    if refs:
        return [(ObjectRef.entity(r.key), r.via_sentence) for r in refs]
    if entry.object_kind == "position":
        label = position_label(tok, lexicon=lexicon)
        words = label.lower().split()
        if words[-1] not in lexicon.title_role and " ".join(words[-2:]) not in lexicon.title_role \
                and tok.lemma_.lower() not in lexicon.title_role and tok.lemma_.lower() not in lexicon.office_nouns \
                and tok.lemma_.lower() not in POST_WORDS and tok.lemma_.lower() not in lexicon.org_heads \
                and tok.pos_ != "PROPN":
            return []   # a post is named by a title, an office, a body or a name ("left the chairmanship",
            # "her post as attorney general", "elected to the committee", "returned to the Bundestag"),
            # not "a defeat left the side bottom of the division"
        as_title = tok.dep_ == "pobj" and tok.head.lower_ == "as" and tok.lemma_.lower() in lexicon.title_role \
            and tok.lemma_.lower() not in lexicon.not_posts
        return [(ObjectRef.position(label), None)] if is_specific_position(label, lexicon=lexicon) or as_title else []
        # ("left her post as headmaster": a title one leaves is a post, as "resigned as headmaster" is)
    if entry.object_kind == "event" and (tok.lemma_.lower() in lexicon.event_nouns or tok.lower_ in lexicon.event_nouns):
        phrase = event_phrase(tok)
        events[phrase[0]] = phrase
        return [(ObjectRef.event(phrase[0]), None)]
    return []


def _through(noun: Token, resolver: Resolver, *, of: bool = True) -> list[Referent]:
    """The entity a common noun is of or by: "the handling of the fires by X", "X's remarks",
    "the decision taken by X", "the leaders of Y"."""
    named = [c for c in children(noun) if c.dep_ in ("compound", "nmod") and c.pos_ == "PROPN" and c.i < noun.i]
    for c in children(noun):
        if c.dep_ == "poss" and not (c.pos_ == "PRON" and named) and (refs := resolver.referents(c)):
            return refs   # (not "her SNP membership": a body's name there says whose it is)
    for c in children(noun):   # "the Labour plan", "a Fargo, N.D., apartment": the name before the noun
        if c.dep_ in ("compound", "nmod") and c.pos_ == "PROPN" and c.i < noun.i and (refs := resolver.referents(c)):
            return refs
    if noun.lower_ in ("way", "manner"):   # "criticised the way X had handled it": the doer of the clause
        for c in children(noun):
            subject = next((g for g in children(c) if g.dep_ == "nsubj"), None) if c.dep_ == "relcl" else None
            if subject is not None and (refs := resolver.referents(subject)):
                return refs
    for c in children(noun):
        if c.dep_ in ("prep", "agent") and c.lower_ == "by" or c.dep_ == "acl":
            by = c if c.lower_ == "by" else next((g for g in children(c) if g.dep_ == "agent"), None)
            obj = next((g for g in children(by) if g.dep_ == "pobj"), None) if by is not None else None
            if obj is not None and (refs := resolver.referents(obj) or [r for g in children(obj) if g.dep_ == "poss"
                                                                        for r in resolver.referents(g)]):
                return refs   # "the vacancy left by X", "the vacancy created by X's resignation"
    if noun.lemma_.lower() in resolver.lexicon.undergone_nouns:
        of = False   # "the sacking of X", "the death of X": X underwent it, did not do it
    for c in children(noun) if of else ():
        if c.dep_ == "prep" and c.lower_ == "of":
            obj = next((g for g in children(c) if g.dep_ == "pobj"), None)
            if obj is not None and (refs := resolver.referents(obj)):
                return refs
    return []
