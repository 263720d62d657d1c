"""One entity per real-world thing: cluster the mentions of one article.

Short forms join their long form ("Ruiz" -> "Ana Ruiz", "the Council" -> "Riverton
City Council", "WFP" -> "World Food Programme"), party nicknames join their party
(lexicon), and the kind (person, organization, place) is decided over all mentions (each
mention's vote: :mod:`kg.extract.kinds`). Pure logic: takes mentions and the Doc, returns records.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from spacy.tokens import Doc

from kg.extract.described_orgs import people_nouns_of_org
from kg.extract.gazetteer import country_names_of, is_city, is_known_place
from kg.extract.kinds import is_full_person_name, kind_vote, named_as_place, top_kind
from kg.extract.missed_places import in_place_position
from kg.extract.lexicon import Lexicon
from kg.extract.name_words import initials
from kg.model import Mention
from kg.model import Entity
from kg.personnames import first_name_gender, fold, is_given_name


@dataclass
class EntityTable:
    """The entities of one Doc and, for each token inside a mention, its entity."""

    entities: dict[str, Entity]
    token_entity: dict[int, str]

    def at(self, i: int) -> Entity | None:
        key = self.token_entity.get(i)
        return self.entities.get(key) if key else None


def _honorific_gender(m: Mention, lexicon: Lexicon) -> str:
    g = lexicon.honorific_gender.get(m.honorific.lower().rstrip("."), "") if m.honorific else ""
    return g if g in ("male", "female") else ""


def resolve_entities(doc: Doc, mentions: list[Mention], *, lexicon: Lexicon) -> EntityTable:
    """Cluster mentions into entities and decide each entity's kind and label."""
    entities: dict[str, Entity] = {}
    assign: list[tuple[Mention, str]] = []

    def entity(key: str) -> Entity:
        if key not in entities:
            entities[key] = Entity(key=key)
        return entities[key]

    votes_of: dict[int, tuple[str, int]] = {}
    titled = _titled_surnames(mentions, lexicon)

    def plain_vote(m: Mention) -> tuple[str, int]:
        """A mention's vote, not being a party's: read once, asked twice."""
        if id(m) not in votes_of:
            votes_of[id(m)] = ("person", 9) if _names_a_titled_person(m, titled, lexicon) \
                else kind_vote(m, doc, lexicon, False)
        return votes_of[id(m)]

    # long forms first: multi-word person names and every organization / place name
    persons_full = {}
    long_orgs = []
    for m in mentions:
        if fold(m.name) in lexicon.party_of:
            continue
        if is_full_person_name(m, doc, lexicon, vote=plain_vote(m)):
            persons_full.setdefault(fold(m.name), m)
        elif m.label in ("ORG", "GPE", "FAC", "LOC") and m.tokens >= 2:
            long_orgs.append(m)

    for short_key, m in list(persons_full.items()):
        # "Ana Sol Barrios ... Sol Barrios": a surname of two words after the full name is short
        words = short_key.split()
        longer = [k for k, lm in persons_full.items() if len(k.split()) > len(words)
                  and k.split()[-len(words):] == words and lm.start < m.start]
        if len(longer) == 1:
            del persons_full[short_key]

    def person_target(m: Mention) -> str | None:
        """The full name a short person mention stands for, if exactly one fits."""
        short = fold(m.name).split()
        gender = _honorific_gender(m, lexicon)
        hits = []
        for key, full in persons_full.items():
            words = key.split()
            if len(words) <= len(short):
                continue
            if words[-len(short):] == short or (len(short) == 1 and words[0] == short[0] and (
                    not m.honorific or m.honorific.lower().rstrip(".") in lexicon.given_name_titles)):   # "Sir Tom"
                fg = first_name_gender(full.name.split()[0])
                if gender and fg and gender != fg:
                    continue
                hits.append(key)
        return hits[0] if len(hits) == 1 else None

    folded_orgs = list(dict.fromkeys((fold(lm.name), lm.name) for lm in long_orgs))
    org_names = {fold(lm.name) for lm in mentions
                 if lm.label == "ORG" or lm.label == "PERSON" and lm.tokens == 1 and plain_vote(lm)[0] == "organization"}
    # "Santander Central Hispano" ... "Santander": the first word of one organization's long name
    # (not a place's name: "Leeds" is no short "Leeds United"; not a name used before the long one
    # outside the headline: "Acme ... Acme Direct, its mail-order arm" is a part of Acme)
    by_first: dict[str, set[str]] = {}
    first_at: dict[str, int] = {}
    place_words = set()
    # a word the NER calls a place that the text shows is an organization's ("Caledonia's founder",
    # "Northline, which runs 600 buses"), and no gazetteer knows, is no place
    org_words = org_names | {fold(lm.name) for lm in mentions if lm.tokens == 1 and plain_vote(lm)[0] == "organization"}
    for lm in mentions:
        f = fold(lm.name)
        if lm.label in ("GPE", "LOC") and (f not in org_words or is_known_place(lm.name)) \
                or lm.tokens == 1 and is_city(lm.name) \
                and in_place_position(doc[lm.end - 1], lexicon):   # "Graham Keating, from Riverton"
            place_words.add(f)
        if lm.sent > 0 or lm.tokens >= 2:
            first_at.setdefault(f, lm.start)
        if lm.tokens >= 2 and f not in lexicon.party_of and (
                lm.label == "ORG" or lm.label in ("PERSON", "") and plain_vote(lm)[0] == "organization"):
            by_first.setdefault(f.split()[0], set()).add(f)

    def short_of(short: str) -> set[str]:
        longs = by_first.get(short, set())
        if len(longs) != 1 or short in place_words or short in lexicon.org_heads or short in lexicon.title_role:
            return set()
        return longs if first_at.get(next(iter(longs)), 0) < first_at.get(short, len(doc)) else set()

    def org_target(m: Mention) -> str | None:
        short = fold(m.name)
        words = short.split()
        hits: set[str] = set()
        for lf, long_name in folded_orgs:
            if lf == short:
                continue
            lw = lf.split()
            if len(lw) > len(words) and lw[-len(words):] == words and (words[-1] in lexicon.org_heads
                                                                       or words[-1] in lexicon.masthead_words):
                hits.add(lf)
            elif m.name.isupper() and len(m.name) >= 2 and initials(long_name, lexicon) == m.name.replace(".", ""):
                hits.add(lf)
        if not hits and len(words) == 1 and (m.label in ("ORG", "PERSON", "") or m.label in ("NORP", "GPE", "LOC")
                                             and short in org_words and not is_known_place(m.name)):
            hits = short_of(short)   # ("joined Calderbrook", typed NORP: the text names Calderbrook Foods)
        longest = max(hits, key=len, default=None)
        # "Council" fits "City Council" and "Port Alder City Council": one nested chain is one entity
        if longest and all(longest.endswith(h) for h in hits):
            return longest
        return None

    # "the Democratic Alliance ... DA": a party's initials, where the text names the party
    party_initials = {initials(m.name, lexicon): lexicon.party_of[fold(m.name)] for m in mentions
                      if fold(m.name) in lexicon.party_of and m.tokens >= 2}
    for m in mentions:
        f = fold(m.name)
        if f not in lexicon.party_of and m.tokens == 1 and m.name.isupper() and m.name in party_initials:
            f = fold(party_initials[m.name])
        if f in lexicon.party_of:
            key = "party:" + lexicon.party_of[f]
            entity(key).party = True
        elif f in lexicon.place_of and m.label in ("GPE", "LOC"):
            key = "place:" + lexicon.place_of[f]
        elif f in persons_full:
            key = "name:" + f
        elif (t := person_target(m)) is not None:
            key = "name:" + t
        elif m.label in ("ORG", "GPE", "FAC", "LOC", "NORP", "PERSON") and (t := org_target(m)) is not None:
            key = "name:" + t
        elif m.label == "NORP" and f in org_names and not _adjectival(m, doc, lexicon):
            key = "name:" + f   # "outside Hartwells" typed NORP, where the text names the business
        elif m.label == "NORP" or _adjectival(m, doc, lexicon):
            continue  # a nationality or group adjective: "British", "Basque farmers"
        else:
            key = "name:" + f
            if m.honorific and (m.label in ("PERSON", "") or plain_vote(m)[0] == "person"):
                g = _honorific_gender(m, lexicon)   # "Lord Penwick" typed ORG is the person too
                if g:
                    key = f"name:{g}:{f}"
        assign.append((m, key))
        entity(key)
        if f.endswith(" party") and len(f.split()) >= 2 and m.label in ("ORG", "NORP") and not m.honorific:
            entity(key).party = True   # "the Greenway Party": a party by its name, whether the lexicon knows it or not

    assign = _given_names_to_titled_surnames(assign, lexicon)
    assign = _surnames_to_titled_surnames(assign)
    token_entity: dict[int, str] = {}
    votes: dict[str, Counter] = {k: Counter() for k in entities}
    for m, key in assign:
        e = entities[key]
        e.mentions.append(m)
        kind, weight = kind_vote(m, doc, lexicon, True) if e.party else plain_vote(m)
        votes[key][kind] += weight
        for i in range(m.start, m.end):
            token_entity[i] = key
        g = _honorific_gender(m, lexicon)
        if g and not e.gender:
            e.gender = g

    for key, e in list(entities.items()):
        if not e.mentions:
            del entities[key]
            continue
        has_full_person = key.startswith("name:") and key[5:] in persons_full
        described = votes[key]["organization"] >= 8 and not any(m.honorific for m in e.mentions)
        if described:   # the text says what it is: "the bakery chain X", whatever the names suggest
            e.kind = "organization"
        else:
            e.kind = "person" if has_full_person else top_kind(votes[key])
            if e.kind != "place" and not e.party and named_as_place(e):
                e.kind = "place"   # "Sri Lanka's president", "in Ontario": ISO 3166 names it
        bare = {m.name for m in e.mentions}
        if key.count(":") == 2:  # known only as "Mrs Hale": the bare surname would be ambiguous
            bare = {n for n in bare if len(n.split()) > 1}
        e.names = sorted(bare | _title_forms(e) | _without_generic_tail(bare, e.kind, lexicon))
        if key.startswith("place:"):
            e.kind = "place"
        if key.startswith(("party:", "place:")):   # the lexicon's own name for it
            e.label = key.split(":", 1)[1]
            e.names = sorted(set(e.names) | {e.label})
        else:
            e.label = _fullest(e)
        if e.kind == "person" and not e.gender:
            e.gender = first_name_gender(e.label.split()[0]) if len(e.label.split()) > 1 else ""
        if e.kind == "organization" and not e.party:
            e.news = _is_news_outlet(e.label, lexicon)
    return EntityTable(entities=entities, token_entity=token_entity)


#: a body's word the NER may take into its name: "the Civic Renewal party" is also "Civic Renewal"
_ORG_TAILS = frozenset({"party", "union", "movement"})


def _without_generic_tail(names: set[str], kind: str, lexicon: Lexicon) -> set[str]:
    """The names a reader would use without the lowercase noun the NER ran on to: "Civic Renewal"
    of "Civic Renewal party", "Ikeja" of "Ikeja district" (a place's noun, ``place_nouns``)."""
    tails = _ORG_TAILS if kind == "organization" else lexicon.place_nouns if kind == "place" else frozenset()
    out = set()
    for name in names:
        words = name.split()
        if len(words) > 1 and words[-1] in tails and words[-2][:1].isupper():
            out.add(" ".join(words[:-1]))
    return out


def _titled_surnames(mentions: list[Mention], lexicon: Lexicon) -> frozenset[str]:
    """The surnames the text gives a person's title: "Mr McKenna", "Lady Ashby" -> "mckenna", "ashby"."""
    return frozenset(fold(m.name) for m in mentions if m.honorific and m.tokens == 1
                     and m.honorific.lower().rstrip(".") in lexicon.surname_titles)


def _names_a_titled_person(m: Mention, titled: frozenset[str], lexicon: Lexicon) -> bool:
    """"JP McKenna" typed ORG, "trouble-shooter Ian Hart" read as a company, where the text also
    says "Mr McKenna", "Mr Hart": a given name (or initials) and a surname with a title is a person."""
    words = m.name.split()
    if not titled or m.honorific or m.label not in ("PERSON", "ORG", "") or not 2 <= len(words) <= 3:
        return False
    first, last = words[0], words[-1]
    if fold(last) not in titled or last.lower() in lexicon.org_heads:
        return False
    initials = first.replace(".", "").isupper() and len(first.replace(".", "")) <= 3
    return initials or is_given_name(first) and not is_known_place(first)


def _is_news_outlet(label: str, lexicon: Lexicon) -> bool:
    """"Harbor Gazette", "WXYZ-TV", "Radio 2": a name that ends in a news word, or a short name
    that starts with one ("Daily Bread Bakeries" is no newspaper)."""
    words = label.lower().replace("-", " ").split()
    return bool(words) and (words[-1] in lexicon.news_cues or (len(words) <= 2 and words[0] in lexicon.news_cues))


def _given_names_to_titled_surnames(assign: list[tuple[Mention, str]], lexicon: Lexicon):
    """"Mrs Hale ... his wife, Clara": a lone given name joins the one person known only by
    a title and surname whose gender it shares, when there is exactly one such person."""
    titled = _titled_keys(assign, part=1)   # by gender
    lone = {}
    for m, key in assign:
        if m.label == "PERSON" and m.tokens == 1 and not m.honorific and key == "name:" + fold(m.name):
            g = first_name_gender(m.name)
            if g and len(titled.get(g, ())) == 1:
                lone[key] = next(iter(titled[g]))
    if not lone:
        return assign
    return [(m, lone.get(key, key)) for m, key in assign]


def _titled_keys(assign: list[tuple[Mention, str]], *, part: int) -> dict[str, set[str]]:
    """The keys of people known only by a title and a surname ("name:female:howard"), grouped
    by one part of the key: 1 the gender, 2 the surname."""
    titled: dict[str, set[str]] = {}
    for _, key in assign:
        if key.count(":") == 2:
            titled.setdefault(key.split(":")[part], set()).add(key)
    return titled


def _surnames_to_titled_surnames(assign: list[tuple[Mention, str]]):
    """"Lord Woolf ... Woolf said", "Mrs Adeyemi ... Adeyemi": a bare surname that no full name
    took joins the one person known by a title and that surname (not when "Mr" and "Mrs" share it)."""
    titled = _titled_keys(assign, part=2)   # by surname
    if not titled:
        return assign
    out = []
    for m, key in assign:
        surname = key[len("name:"):] if key.startswith("name:") and key.count(":") == 1 else ""
        if surname and not m.honorific and m.label == "PERSON" and len(titled.get(surname, ())) == 1:
            key = next(iter(titled[surname]))
        out.append((m, key))
    return out


def _adjectival(m: Mention, doc: Doc, lexicon: Lexicon) -> bool:
    """A one-word group name used as a modifier of a plural common noun ("Basque farmers"; not
    "Amazon officials", an organization's people, unless the word is a nationality's)."""
    if m.tokens != 1 or m.label not in ("ORG", "NORP"):
        return False
    tok = doc[m.end - 1]
    if m.label == "ORG" and tok.head.lemma_.lower() in people_nouns_of_org(lexicon) \
            and not country_names_of(tok.text) and not tok.is_sent_start and tok.lower_ not in lexicon.group_adjectives:
        return False
    return tok.dep_ in ("compound", "amod") and tok.head.tag_ == "NNS" and tok.head.is_lower


def _title_forms(e: Entity) -> set[str]:
    """Honorific forms as the text wrote them ("Mrs Okoro"): names users search by."""
    out = set()
    for m in e.mentions:
        if m.honorific:
            out.add(f"{m.honorific} {m.name}")
    return out


def _fullest(e: Entity) -> str:
    names = [m.name for m in e.mentions]
    given = [m.name for m in e.mentions if not m.honorific and m.tokens == 1 and m.label == "PERSON"]
    surnames = [m.name for m in e.mentions if m.honorific]
    if given and surnames and e.key.count(":") == 2 and given[0] != surnames[0]:
        return f"{given[0]} {surnames[0]}"  # "Clara" + "Mrs Hale" -> "Clara Hale"
    best = max(names, key=lambda n: (len(n.split()), not n.isupper(), len(n), n))
    if e.kind == "person" and len(best.split()) == 1:
        titled = sorted(n for n in e.names if n.endswith(" " + best))
        if titled:
            return titled[0]  # "Mrs Hale" rather than a bare "Hale"
    return best
