"""Where a person lives, and where an organization is, said by the words that describe them
rather than by a verb.

- the noun that describes a person, whatever the noun: "X, a Munich industrialist", "Cedar
  Rapids homemaker X", "X, a Chevy Chase, Md., real-estate agent", "X, a retired steelworker
  from Gary, Ind.", "X, Democrat of Hawaii": X lives there. Not the nouns by which a place stands
  for an institution or a subject ("a White House spokesman", "a Kremlin aide", "a China
  expert"), nor where one was born ("a Boston native", "a Chicago-born singer"), nor a title
  (read by :func:`titled_residents` and :mod:`kg.extract.titles`);
- the same for an organization: "X, a Toledo, Ohio, maker of parts", "X, a brewery in La
  Crosse" are in those towns;
- a place just before an office that its residents hold: "Ohio Gov. X", "Tulsa Mayor X".

Pure: the Doc and the resolver in, facts out.
"""
from __future__ import annotations

from spacy.tokens import Doc, Token

from kg.extract.coref import Resolver
from kg.extract.docmemo import children
from kg.extract.gazetteer import is_country
from kg.extract.lexicon import Lexicon
from kg.extract.predications import lemma_indices
from kg.extract.syntax import apposed_name
from kg.model import Fact, ObjectRef

RULE_DESCRIBED = "phrase:described-resident"
RULE_DESCRIBED_ORG = "phrase:described-place"
#: a home said before the noun, or after it by these prepositions (and an organization's by "in")
HOME_PREPS = ("from", "of")
SEAT_PREPS = ("from", "of", "in")
#: words that make a description past: "a former Dallas resident" (not "retired": a retired
#: farmer from Kearney lives there still)
PAST = frozenset({"former", "ex", "erstwhile", "one-time", "onetime"})


def described_residents(doc: Doc, *, resolver: Resolver, lexicon: Lexicon, sent_of: list[int]) -> list[Fact]:
    """residentOf(person, place) and locatedIn(organization, place) from the noun that
    describes the person or the organization, in apposition or (for a person) before the name."""
    table = resolver.table
    ents = table.entities
    out = []
    for i, key in table.token_entity.items():
        kind = ents[key].kind
        tok = doc[i]
        if kind not in ("person", "organization", "place") or table.token_entity.get(tok.head.i) == key and tok.head.i != i:
            continue   # one reading a mention: at its head
        described = [c for c in children(tok) if c.dep_ == "appos" and c.i > i]
        described += [g for d in described for g in children(d) if g.dep_ == "conj"]
        if kind == "person":   # "Munich industrialist X"
            described += [c for c in children(tok) if c.dep_ == "compound" and c.pos_ == "NOUN" and c.i < i]
        for d in described:
            if kind == "place":   # "Kanazawa, a castle town on Japan's western coast": where the place lies
                if d.pos_ == "NOUN" and d.lemma_.lower() in lexicon.place_nouns:
                    out += [Fact(key, "locatedIn", ObjectRef.entity(p), sent_of[d.i], (), RULE_DESCRIBED_ORG, 0.65, d.i)
                            for p in _lies_in(d, resolver) if p != key]
                continue
            if not _describes(d, kind, resolver, lexicon):
                continue
            preps = SEAT_PREPS if kind == "organization" or d.lemma_.lower() in lexicon.occupations \
                or d.lemma_.lower() in lexicon.resident_nouns else HOME_PREPS   # "a baker in Palermo" lives there
            for place in _homes(d, resolver, preps):
                if place == key or kind == "person" and country_office(d, ents[place].label, lexicon) \
                        and any(table.token_entity.get(t.i) == place for c in children(d) if c.i < d.i
                                for t in c.subtree):
                    continue   # "an assistant U.S. attorney": the country's office, not a home
                if kind == "person":
                    out.append(Fact(key, "residentOf", ObjectRef.entity(place), sent_of[d.i], (), RULE_DESCRIBED,
                                    0.65, d.i))
                else:
                    out.append(Fact(key, "locatedIn", ObjectRef.entity(place), sent_of[d.i], (), RULE_DESCRIBED_ORG,
                                    0.65, d.i))
    return out


def country_office(noun: Token, place: str, lexicon: Lexicon) -> bool:
    """The noun is an office's title and the place a country: "a U.S. attorney", "a French
    diplomat" say whose office it is, not where its holder lives."""
    return noun.lemma_.lower() in lexicon.title_role and is_country(place)


def _describes(d: Token, kind: str, resolver: Resolver, lexicon: Lexicon) -> bool:
    """``d`` is a common noun that says what the person (or organization) is, of a kind whose
    place is a home: not a title, an institution's spokesman, an expert on a place, a player of
    a club named after its town, nor one born there."""
    table = resolver.table
    if d.pos_ == "PROPN":
        # "X, Democrat of Hawaii": a party's member, the party named by its noun
        key = table.token_entity.get(d.i)
        if kind != "person" or key is None or not table.entities[key].party:
            return False
    elif d.pos_ != "NOUN" or d.i in table.token_entity:
        return False
    lemma, lower = d.lemma_.lower(), d.lower_
    if lemma in lexicon.not_home_nouns or lower in lexicon.not_home_nouns or lemma in lexicon.squad_nouns:
        return False
    if kind == "person" and (lexicon.title_role.get(lemma) == "leader" or lemma in lexicon.org_descriptors_not_trades
                             or lemma in lexicon.local_org_nouns):
        return False   # a title of a body's head (an office of the place: titled_residents), or no person at all
    if kind == "person" and lexicon.title_role.get(lemma) == "member" and lemma not in lexicon.occupations and not any(
            c.dep_ == "prep" and c.lower_ == "from" for c in children(d)):
        return False   # "a Leeds councillor": titled_residents; "the senator from Kansas" is from there
    left = [t for c in children(d) if c.i < d.i for t in c.subtree]
    return not any(t.lower_ in PAST or t.lower_ == "born" for t in left)


def _homes(d: Token, resolver: Resolver, preps: tuple[str, ...]) -> list[str]:
    """The place said before the noun ("a Chevy Chase, Md., agent": the first, the town), or
    by one of ``preps`` after it ("a steelworker from Gary, Ind.", "a brewery in La Crosse")."""
    ents = resolver.table.entities
    before = sorted((t for c in children(d) if c.dep_ in ("compound", "nmod", "amod") and c.i < d.i
                     for t in c.subtree if t.pos_ == "PROPN" or t.is_title and t.ent_type_), key=lambda t: t.i)
    for t in before:
        refs = [r.key for r in resolver.referents(t) if ents[r.key].kind == "place"]
        if refs:
            return refs[:1]
        if t.i in resolver.table.token_entity:
            return []   # "a Boston University professor": an organization's, not a town's
    out = []
    for prep in children(d):
        if prep.dep_ == "prep" and prep.lower_ in preps:
            for obj in children(prep):
                if obj.dep_ == "pobj":   # "from Lansing, Mich.": the town, whichever word the parse heads it with
                    first = next((t for t in obj.subtree if t.i <= obj.i and t.i in resolver.table.token_entity
                                  and ents[resolver.table.token_entity[t.i]].kind == "place"), obj)
                    out += [r.key for r in resolver.referents(first)[:1] if ents[r.key].kind == "place"]
    return out


def _lies_in(d: Token, resolver: Resolver) -> list[str]:
    """The place a place noun says its place lies in ("a town of 8,000 in southeastern Illinois",
    "a village on the eastern end of Nantucket Island", "a town on Japan's coast"): the object of
    an "in" or "on" under the noun, or two steps down, or what that object is of."""
    ents = resolver.table.entities
    frontier = [d]
    for _ in range(2):
        nxt = []
        for t in frontier:
            for prep in children(t):
                if prep.dep_ != "prep":
                    continue
                for obj in children(prep):
                    if obj.dep_ != "pobj":
                        continue
                    if prep.lower_ in ("in", "on"):
                        places = [r.key for r in resolver.referents(obj)[:1] if ents[r.key].kind == "place"]
                        owners = [c for c in children(obj) if c.dep_ == "poss"] + [
                            g for c in children(obj) if c.dep_ == "prep" and c.lower_ == "of"
                            for g in children(c) if g.dep_ == "pobj"]   # "on Japan's coast", "on the end of X"
                        places = places or [r.key for c in owners for r in resolver.referents(c)[:1]
                                            if ents[r.key].kind == "place"][:1]
                        if places:
                            return places
                    nxt.append(obj)
        frontier = nxt
    return []


def titled_residents(doc: Doc, *, resolver: Resolver, lexicon: Lexicon, sent_of: list[int]) -> list[Fact]:
    """"Ohio Gov. X", "Sen. X", "X, a Nevada state senator": a place just before a legislator's
    title, or a governor's as wire copy abbreviates it (``resident_titles``), says where the holder
    lives. Only the place said before the title: "the mayor of Tulsa" names the office, not the
    holder's home; nor does "Tulsa Mayor X" or "Tralee councillor X" say where they live (news
    readers take the place for the office's, as the dev gold marks "Middlesbrough mayor X")."""
    table = resolver.table
    ents = table.entities
    out = []
    for t in (doc[i] for i in lemma_indices(doc, lexicon.resident_titles)):
        if t.lower_ not in lexicon.resident_titles and t.lemma_.lower() not in lexicon.resident_titles:
            continue
        j = t.i - 1
        while j >= 0 and doc[j].lower_ in lexicon.title_modifiers | _STATE_WORDS and j > t.i - 3:
            j -= 1   # "Texas state Sen. X", "Ohio Lt. Gov. X"
        place = table.token_entity.get(j) if j >= 0 else None
        if place is None or ents[place].kind != "place" or doc[j].dep_ not in ("compound", "nmod", "amod"):
            # "Ohio's governor, X", "Louisiana's lieutenant governor, X": the place owns the office
            owner = next((c for c in children(t) if c.dep_ == "poss" and c.i in table.token_entity
                          and ents[table.token_entity[c.i]].kind == "place"), None)
            if owner is None:
                continue
            j, place = owner.i, table.token_entity[owner.i]
        start = j
        while start > 0 and table.token_entity.get(start - 1) == place:
            start -= 1
        if start > 0 and doc[start - 1].lower_ in lexicon.past_title_words:
            continue   # "the former Ohio governor": where the holder lives now is not said
        if t.dep_ == "compound":        # "Tulsa Mayor X": the title before the name
            holder = t.head
            while holder.dep_ == "compound" and holder.head.i > holder.i:
                holder = holder.head
        elif t.dep_ == "appos":          # "X, a Nevada state senator,"
            holder = t.head
        elif (named := apposed_name(t)) is not None:
            holder = named               # "the Ohio governor, X,"
        else:
            continue
        for r in resolver.referents(holder):
            if ents[r.key].kind == "person":
                out.append(Fact(r.key, "residentOf", ObjectRef.entity(place), sent_of[t.i], (),
                                "phrase:place-title-resident", 0.65, t.i))
    return out


_STATE_WORDS = frozenset({"state", "city", "county", "lt", "lt.", "lieutenant", "deputy"})
