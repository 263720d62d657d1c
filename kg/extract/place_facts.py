"""Where organizations and places are, said by the words around their names rather than by a
verb: the noun that describes an organization ("Denver software firm X", "Canada's largest
airline, X", "Swedish carmaker X"), a place owning an organization's name ("Kenya's Supreme
Court"), and a place set off by a comma and "in" ("Hackney, in north London,"). Pure: the
Doc and the resolver in, facts out. Where a person lives, said the same way, is
:mod:`kg.extract.residence`'s.
"""
from __future__ import annotations

from spacy.tokens import Doc, Token

from kg.extract.coref import Referent, Resolver
from kg.extract.gazetteer import country_names_of, is_country, is_known_place, is_major_place
from kg.extract.lexicon import Lexicon
from kg.extract.predications import lemma_indices
from kg.model import Fact, ObjectRef
from kg.personnames import fold


#: descriptors that name a body other than the firm just named, or one of its sites: "the US
#: regulator", "the Hull plant" (unless the firm's own name has the word: "the bank" of "Liffey Bank")
OTHER_BODY_NOUNS = frozenset({"regulator", "watchdog", "authority", "agency", "ministry", "department", "government",
                              "council", "court", "commission", "police", "union", "party", "board", "plant",
                              "factory", "mill", "site", "depot", "store", "shop", "yard", "mine", "works", "branch",
                              "office", "warehouse", "outlet", "unit", "facility", "refinery", "smelter"})


def descriptor_places(doc: Doc, *, resolver: Resolver, lexicon: Lexicon, sent_of: list[int]) -> list[Fact]:
    """Where an organization is, said by the noun that describes it: "Denver software firm X",
    "Canada's largest airline, X", "X, a Dundee law firm", "X ... the Hamburg company"."""
    ents = resolver.table.entities
    country_keys = _country_keys(ents)
    out = []
    for d in (doc[i] for i in lemma_indices(doc, lexicon.org_descriptors)):
        if d.pos_ != "NOUN":
            continue
        described = []
        if d.dep_ in ("compound", "appos"):
            described.append(d.head)
        described += [c for c in d.children if c.dep_ == "appos"]
        orgs = [r for t in described for r in resolver.referents(t) if ents[r.key].kind == "organization"]
        if not described and any(c.dep_ == "det" and c.lower_ == "the" for c in d.children):
            # "... said the Hamburg company had lost money": the firm the description refers back to
            # (not "the US regulator", some other body; not "the Hull plant", one of its sites)
            orgs = [r for r in resolver.referents(d) if ents[r.key].kind == "organization"
                    and (d.lemma_.lower() not in OTHER_BODY_NOUNS or d.lower_ in ents[r.key].label.lower().split())]
        if not orgs:
            continue
        places = [r for c in d.children if c.dep_ in ("compound", "poss", "nmod") and c.i < d.i
                  for r in resolver.referents(c) if ents[r.key].kind == "place"]
        places += [r for c in d.children if c.dep_ == "compound" and c.i < d.i and not places
                   for g in c.children if g.dep_ in ("compound", "nmod") and g.i < c.i
                   for r in resolver.referents(g)[:1] if ents[r.key].kind == "place"]   # "US chemicals giant X"
        places += [Referent(k) for c in d.children if c.dep_ in ("amod", "compound") and c.i < d.i
                   for k in _countries_named(c, country_keys)]   # "Swedish carmaker X"
        for org in orgs:
            for place in places:
                out.append(Fact(org.key, "locatedIn", ObjectRef.entity(place.key), sent_of[d.i], (),
                                "phrase:descriptor-place", 0.7, d.i))
    # "Japan's Toyota", "Spain's High Court": a place owning an organization's name; "Scotland's
    # Isle of Skye", "Boston's South End": a place owning another's
    for i, key in resolver.table.token_entity.items():
        tok = doc[i]
        if tok.dep_ != "poss" or ents[key].kind != "place":
            continue
        owned = resolver.table.token_entity.get(tok.head.i)
        if owned and owned != key and ents[owned].kind in ("organization", "place"):
            out.append(Fact(owned, "locatedIn", ObjectRef.entity(key), sent_of[i], (),
                            "phrase:possessive-place", 0.7, tok.head.i))
        elif owned and ents[owned].kind == "person" and tok.head.i == _name_end(tok, resolver) \
                and not any(t.lower_ in lexicon.title_role for t in doc[i + 1:tok.head.i]):
            # "Mexico's Arturo Reyes", "Ohio's Dana Cole": a place's own, named with no title between
            out.append(Fact(owned, "residentOf", ObjectRef.entity(key), sent_of[i], (),
                            "phrase:possessive-resident", 0.65, tok.head.i))
    # "the Uinta Mountains of northeastern Utah": a place and, by "of", the place it lies in
    for i, key in resolver.table.token_entity.items():
        tok = doc[i]
        if ents[key].kind != "place" or resolver.table.token_entity.get(tok.head.i) == key and tok.head.i != i:
            continue
        for prep in tok.children:
            if prep.dep_ == "prep" and prep.lower_ == "of" and prep.i == i + 1:
                outer = [r.key for g in prep.children if g.dep_ == "pobj" for r in resolver.referents(g)[:1]
                         if ents[r.key].kind == "place" and r.key != key]
                out += [Fact(key, "locatedIn", ObjectRef.entity(o), sent_of[i], (), "phrase:place-of-place", 0.65,
                             prep.i) for o in outer]
    return out


def _name_end(tok: Token, resolver: Resolver) -> int:
    """The last token of the name right after the possessor ``tok`` ("Mexico" "'s" "Arturo Reyes")."""
    table = resolver.table
    k = tok.i + 1
    while k < len(tok.doc) and tok.doc[k].tag_ == "POS":
        k += 1
    key = table.token_entity.get(k)
    if key is None:
        return -1
    while k + 1 < len(tok.doc) and table.token_entity.get(k + 1) == key:
        k += 1
    return k


#: the participles by which a place before a hyphen says where an organization is: "Leeds-based"
BASED = frozenset({"based", "headquartered", "registered"})


def based_places(doc: Doc, *, resolver: Resolver, lexicon: Lexicon, sent_of: list[int]) -> list[Fact]:
    """"Leeds-based Harland Foods", "a Bergen-based haulier, X", "the Mumbai suburb of Bandra":
    where an organization or a district is, said by a modifier."""
    table = resolver.table
    ents = table.entities
    out = []
    for i, key in table.token_entity.items():
        if ents[key].kind != "place" or i + 2 >= len(doc) or doc[i + 1].text != "-" \
                or doc[i + 2].lower_ not in BASED:
            continue
        noun = doc[i + 2].head   # "based" modifies the organization's name or its descriptor
        described = [noun] + [c for c in noun.children if c.dep_ == "appos"]
        if noun.dep_ in ("appos", "compound") and noun.lemma_.lower() in lexicon.org_descriptors:
            described.append(noun.head)
        # by word order, however the parse hangs it: "the Oslo-based startup Fjordly", "Oslo-based Fjordly"
        j = i + 3
        while j < len(doc) and j - i < 7 and j not in table.token_entity and doc[j].is_lower and doc[j].is_alpha:
            j += 1
        if j < len(doc) and j in table.token_entity and (j == i + 3 or doc[j - 1].lower_ in lexicon.org_descriptors):
            described.append(doc[j])
        seen = set()
        for t in described:
            for r in resolver.referents(t):
                if ents[r.key].kind == "organization" and r.key not in seen:
                    seen.add(r.key)
                    out.append(Fact(r.key, "locatedIn", ObjectRef.entity(key), sent_of[i], (),
                                    "phrase:based-modifier", 0.7, i + 2))
    for noun in (doc[i] for i in lemma_indices(doc, lexicon.outer_place_nouns)):
        # "the Mumbai suburb of Bandra": the district named by "of" lies in the place before the noun
        # ("the Gion district of Kyoto" is the other way round: a rule reads it)
        outer = [r.key for c in noun.children if c.dep_ == "compound" and c.i < noun.i
                 for r in resolver.referents(c) if ents[r.key].kind == "place"]
        outer += [k for c in noun.children if c.dep_ == "amod" and c.i < noun.i     # "the Chinese province of X"
                  for k in _countries_named(c, _country_keys(ents))]
        inner = [r for c in noun.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children
                 if g.dep_ == "pobj" for r in resolver.referents(g) if ents[r.key].kind == "place"]
        for o in outer:
            for n in inner:
                if n.key != o:
                    out.append(Fact(n.key, "locatedIn", ObjectRef.entity(o), sent_of[noun.i], (),
                                    "phrase:place-noun-of", 0.7, noun.i))
    return out


#: words between "in" and a place that only say which part of it: "in east London"
_PART_WORDS = frozenset({"north", "south", "east", "west", "central", "northern", "southern", "eastern",
                         "western", "north-east", "north-west", "south-east", "south-west", "northeast",
                         "northwest", "southeast", "southwest", "northeastern", "northwestern", "southeastern",
                         "southwestern", "north-eastern", "north-western", "south-eastern", "south-western",
                         "rural", "inner", "outer", "greater", "the"})


def comma_in_places(doc: Doc, *, resolver: Resolver, sent_of: list[int]) -> list[Fact]:
    """"Hackney, in north London, ...": a place, a comma, "in" and the place it lies in; "Elko,
    Nev., a ranching town", "a Tucson, Ariz., architect", "Kessel & Sohn of Hamburg, West
    Germany": a town, a comma and the state or country it lies in; "near Murmansk in northern Russia",
    "Elko in northern Nevada": a town, a bare "in" and the region it lies in. Read by word order
    (the small model hangs that "in", or the state, anywhere)."""
    table = resolver.table
    ents = table.entities
    out = []
    for i, key in table.token_entity.items():
        if ents[key].kind != "place" or i + 2 >= len(doc) or table.token_entity.get(i + 1) == key:
            continue   # the last word of a place's name
        if doc[i + 1].text != "," and doc[i + 1].lower_ != "in":
            continue
        bare = doc[i + 1].lower_ == "in"   # "off Murmansk in northern Russia", "Elko in northern Nevada": no comma
        j = i + 2 if bare else i + 3 if doc[i + 2].lower_ == "in" else i + 2
        while (bare or j > i + 2) and j < len(doc) and (doc[j].lower_ in _PART_WORDS
                                                          or bare and doc[j].ent_type_ == "NORP"):
            j += 1   # ("in the French Alps": the nation's word names no place of its own here)
        outer = table.token_entity.get(j)
        if outer is None or outer == key or ents[outer].kind != "place":
            continue
        end = j
        while end + 1 < len(doc) and table.token_entity.get(end + 1) == outer:
            end += 1
        if end + 1 < len(doc) and not doc[end + 1].is_punct and not (
                bare and doc[end + 1].pos_ not in ("PROPN", "PART", "CCONJ") and doc[end + 1].lower_ != "'s"):
            continue   # "Leeds, in London's view, ...": not where Leeds is; "Leeds, York and Hull"
        if j == i + 2 and not bare and not _region_of(ents[key], ents[outer], doc, table, i):
            continue
        if bare and not _wider(ents[key], ents[outer], doc[j]):
            continue
        rule = "phrase:place-in-region" if bare else "phrase:comma-in-place" if j > i + 2 else "phrase:comma-region"
        out.append(Fact(key, "locatedIn", ObjectRef.entity(outer), sent_of[i], (), rule, 0.7, i + 2))
    return out


def _wider(town, region, first: Token) -> bool:
    """"Murmansk in northern Russia", "Elko in northern Nevada": the place after a bare "in" is a region,
    a state or a country (a LOC name, or one ISO 3166 knows) and the one before it none."""
    return (first.ent_type_ == "LOC" or is_known_place(region.label)) and not is_known_place(town.label)


def _region_of(town, region, doc: Doc, table, last: int) -> bool:
    """"Elko, Nev.": the place after the comma is a state, a province or a country (not
    another town of a list: "Leeds, York, Hull"), and the one before it no country, nor a
    state unless the one after is a country ("Bavaria, Germany", not "Ohio, Texas"); and the
    town is no item of a list either ("Paris, Lyon, Spain")."""
    if not is_major_place(region.label) or is_country(town.label):
        return False
    if is_major_place(town.label) and not is_country(region.label):
        return False
    start = last
    while start > 0 and table.token_entity.get(start - 1) == town.key:
        start -= 1
    return not (start >= 2 and doc[start - 1].text == "," and doc[start - 2].i in table.token_entity)


def _country_keys(ents) -> dict[str, str]:
    """The article's places by each folded name they go by."""
    return {fold(n): e.key for e in ents.values() if e.kind == "place" for n in (e.label, *e.names)}


def _countries_named(tok: Token, country_keys: dict[str, str]) -> list[str]:
    """The article's place that a nationality adjective names ("Swedish" -> Sweden), if the
    article names that country; none otherwise (an adjective alone makes no entity)."""
    if tok.ent_type_ != "NORP" and tok.pos_ != "ADJ":
        return []
    return list(dict.fromkeys(country_keys[n] for n in country_names_of(tok.text) if n in country_keys))
