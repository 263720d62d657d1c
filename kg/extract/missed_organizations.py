"""Organizations the NER passed over, found from what the text around them says: a name listed
with organizations, a staff title after it ("Panorama presenter X"), a party the lexicon
knows, a last word that says what it is ("Kestrel Foods"), what the sentence says a business
does ("Hartwells said it would close 200 stores", "staff at Harrods"), and the names news
writes by convention ("the Queen", "No 10", "the Save Our Pier campaign"). :func:`speaks_as_business`
also votes on the kind of a name the NER did tag.

Each finder takes the token indices already ``taken`` by a mention, adds its own, and returns
:class:`~kg.model.Mention` records. Pure: reads the Doc, changes nothing.
"""
from __future__ import annotations

from functools import lru_cache

import numpy

from spacy.attrs import ENT_TYPE, IS_ALPHA, IS_UPPER, LOWER, ORTH, POS
from spacy.symbols import PROPN
from spacy.tokens import Doc, Token

from kg.extract.docmemo import column
from kg.extract.gazetteer import is_city, is_known_place
from kg.extract.lexicon import Lexicon, party_word
from kg.extract.name_words import initials, name_word_any, org_word, title_ids
from kg.extract.tokens import sentence_index, string_ids, tokens_with
from kg.model import Mention
from kg.personnames import first_name_gender, is_given_name


def conjunct_mentions(doc: Doc, ents, *, taken: set[int], lexicon: Lexicon,
                      sent_of: list[int] | None = None) -> list[Mention]:
    """A name listed with organizations that the NER passed over: "Orbis, Kestrel's and Valt"
    with "Valt" untagged is an organization as the others are (not places: the NER's places
    are often companies, "Nestle" typed GPE)."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for ent in ents:
        if ent.label_ != "ORG":
            continue
        root = ent.root
        near = [c for c in root.children if c.dep_ == "conj"]
        if root.dep_ == "conj":
            near.append(root.head)
        for t in near:
            if t.i in taken or t.ent_type_ or t.pos_ != "PROPN" or not t.is_title or not name_word_any(t, lexicon):
                continue
            start = t.i
            while start > 0 and doc[start - 1].pos_ == "PROPN" and doc[start - 1].is_title \
                    and doc[start - 1].head.i == t.i and start - 1 not in taken and not doc[start - 1].ent_type_:
                start -= 1
            end = t.i + 1
            name = doc[start:end].text
            out.append(Mention(start, end, name, name, ent.label_, sent_of[start]))
            taken.update(range(start, end))
    return out


def title_org_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                       sent_of: list[int] | None = None) -> list[Mention]:
    """The organization a staff title before a name is of, that the NER passed over ("Panorama
    presenter X", "Kelso Ledger columnist X"): the capitalised proper nouns just before the title
    word, none of them a title, honorific, party, given name or known place."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for t in tokens_with(doc, LOWER, title_ids(lexicon)):
        if lexicon.title_role.get(t.lower_) != "staff" or not t.is_lower or t.dep_ != "compound" \
                or t.head.ent_type_ != "PERSON" or t.head.i <= t.i:
            continue
        start = t.i
        while start > 0 and start - 1 not in taken and org_word(doc[start - 1], lexicon):
            start -= 1
        if start == t.i or is_known_place(doc[start:t.i].text) or is_given_name(doc[start].text) \
                and t.i - start == 1:
            continue
        out.append(Mention(start, t.i, doc[start:t.i].text, doc[start:t.i].text, "ORG", sent_of[start]))
        taken.update(range(start, t.i))
    return out


#: "No 10", "Number 10": the prime minister's office by its door
_DOOR_WORDS = frozenset({"no", "no.", "number"})


def conventional_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                          sent_of: list[int] | None = None) -> list[Mention]:
    """Names news writes by convention, that the NER passes over: a title one person holds at a
    time used alone ("the Queen"), the prime minister's office by its door ("No 10"), and a
    campaign known by its slogan ("the Leave Now campaign", "the Save Our Pier campaign")."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for t in tokens_with(doc, LOWER, _conventional_ids(lexicon)):   # no Token made for the other words
        i = t.i
        if i in taken or i == 0:
            continue
        nxt = doc[i + 1] if i + 1 < len(doc) else None
        if t.lower_ in lexicon.unique_titles and t.is_title and doc[i - 1].lower_ == "the" \
                and not (nxt is not None and nxt.pos_ == "PROPN" and nxt.is_title):
            out.append(Mention(i, i + 1, t.text, doc[i - 1:i + 1].text, "PERSON", sent_of[i]))
            taken.add(i)
        elif t.lower_ in _DOOR_WORDS and t.is_title and nxt is not None and nxt.text in ("10", "11") \
                and i + 1 not in taken:
            out.append(Mention(i, i + 2, f"{t.text} {nxt.text}", f"{t.text} {nxt.text}", "ORG", sent_of[i]))
            taken.update((i, i + 1))
        elif t.lower_ == "campaign" and t.is_lower and doc[i - 1].i not in taken and org_word(doc[i - 1], lexicon):
            start = i - 1
            while start > 0 and start - 1 not in taken and org_word(doc[start - 1], lexicon) and i - start < 4:
                start -= 1
            if doc[start].lower_ in lexicon.unique_titles or is_known_place(doc[start:i].text):
                continue
            out.append(Mention(start, i + 1, doc[start:i + 1].text, doc[start:i + 1].text, "ORG", sent_of[i]))
            taken.update(range(start, i + 1))
    return out


@lru_cache(maxsize=4)
def _conventional_ids(lexicon: Lexicon) -> frozenset[int]:
    """The words a conventional name turns on: unique titles, a door's word, "campaign"."""
    return string_ids(lexicon.unique_titles | _DOOR_WORDS | {"campaign"})


def party_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                   sent_of: list[int] | None = None) -> list[Mention]:
    """Party names the NER passed over ("Conservative leader X", "the Tories"), from the lexicon."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for t in tokens_with(doc, LOWER, party_prefix_ids(lexicon)):
        if t.i in taken or not t.text[:1].isupper() or t.pos_ not in ("PROPN", "ADJ", "NOUN"):
            continue
        for n in (3, 2, 1):
            span = doc[t.i : t.i + n]
            if len(span) == n and not any(i in taken for i in range(span.start, span.end)) \
                    and span.text.lower() in lexicon.party_of:
                out.append(Mention(span.start, span.end, span.text, span.text, "NORP", sent_of[t.i]))
                taken.update(range(span.start, span.end))
                break
    return out


@lru_cache(maxsize=4)
def party_prefix_ids(lexicon: Lexicon) -> frozenset[int]:
    """Every start of a party name, as string ids: a party name's first word is one of them."""
    return string_ids(name[:n] for name in lexicon.party_of for n in range(1, len(name) + 1))


#: people and things a business has: "staff at Harrods", "customers of Selfridges", "the boss of X"
_BUSINESS_PEOPLE = frozenset({"staff", "worker", "workers", "employee", "employees", "shopper", "shoppers", "customer",
                              "customers", "boss", "owner", "owners", "shareholder", "shareholders", "branch",
                              "branches", "store", "stores", "shop", "shops", "outlet", "outlets", "supplier",
                              "suppliers", "founder", "workforce"})
#: mass nouns that open a sentence bare and take "its" ("Management said it would")
_BARE_NOUNS = frozenset({"management", "staff", "government", "security", "research", "business", "industry",
                         "labour", "labor", "health", "education", "defence", "defense", "finance", "housing",
                         "parliament", "congress", "traffic", "transport", "media", "press", "sport", "retail",
                         "everyone", "nobody", "somebody", "something", "nothing", "everything", "each"})
#: what "it" does when it is no one ("said it would be wrong", "said it would take time")
_EXPLETIVE_VERBS = frozenset({"be", "seem", "appear", "take", "happen", "matter", "make", "mean", "look", "feel",
                              "remain", "become", "come", "go", "work", "help", "hurt", "cost", "show", "prove",
                              "get", "need", "have", "do"})
#: a business's own things, after "its": "closed its doors", "its sales rose"
_BUSINESS_THINGS = _BUSINESS_PEOPLE | frozenset({"door", "doors", "price", "prices", "product", "products", "office",
                                                 "offices", "service", "services", "sale", "sales", "profit", "profits",
                                                 "factory", "factories", "plant", "plants", "headquarters", "brand",
                                                 "share", "shares", "revenue", "revenues", "results", "forecast"})
#: what a cause does to something else's things ("Covid forced its closure", "the storm hit its sales")
_CAUSE_VERBS = frozenset({"force", "hit", "affect", "damage", "threaten", "boost", "hurt", "cause", "prompt", "lead",
                          "drive", "push", "undermine", "wreck", "ruin"})


def _its_in(tok: Token) -> bool:
    """``tok`` is, or has as a child or as the object of one of its prepositions, a business's
    thing after "its" ("its stores", "at its shops")."""
    def owned(t: Token) -> bool:
        return t.lower_ in _BUSINESS_THINGS and any(c.lower_ == "its" for c in t.children)
    return owned(tok) or any(owned(c) or c.dep_ == "prep" and any(g.dep_ == "pobj" and owned(g) for g in c.children)
                             for c in tok.children)


def speaks_as_business(last: Token, lexicon: Lexicon, *, said_it: bool = False) -> bool:
    """The name ending in ``last`` is a business's by what the sentence says of it: it does
    something to its own things ("X closed its stores", "X said its sales rose", "X cut prices at
    its shops"), has staff, customers, stores or a boss ("staff at X", "customers of X", "X's
    stores"), or, with ``said_it``, says what "it" will do ("X said it would close 200 stores")."""
    head = last.head
    if last.dep_ == "nsubj" and head.pos_ in ("VERB", "AUX"):
        if head.lemma_.lower() not in _CAUSE_VERBS and _its_in(head):
            return True   # "X closed its stores", "X cut prices at its shops"
        for c in head.children:
            if c.dep_ != "ccomp" or head.lemma_.lower() not in lexicon.speech_verbs:
                continue
            if any(g.dep_ in ("nsubj", "dobj") and _its_in(g) for g in c.children):
                return True   # "X said its sales rose", "X said it would close its stores"
            if said_it and c.pos_ == "VERB" and c.lemma_.lower() not in _EXPLETIVE_VERBS and any(
                    g.dep_ == "nsubj" and g.lower_ == "it" for g in c.children):
                return True   # "X said it would close 200 stores"
        return False
    if last.dep_ == "pobj" and head.lower_ in ("at", "of") and head.head.pos_ == "NOUN":
        return head.head.lower_ in _BUSINESS_PEOPLE
    if last.dep_ == "poss":
        return head.lower_ in _BUSINESS_PEOPLE or head.lower_ in lexicon.org_possessions
    return False


def _subject_of_clause(tok: Token) -> Token | None:
    """The subject of the clause ``tok`` ("it", "its", "its sales") is in, or of the speech verb
    whose complement that clause is."""
    v = tok
    for _ in range(4):
        if v.pos_ in ("VERB", "AUX") and v.dep_ != "aux" or v.head.i == v.i:
            break
        v = v.head
    for _ in range(2):
        subj = next((c for c in v.children if c.dep_ == "nsubj" and c.i < tok.i), None)
        if subj is not None and subj.lower_ not in ("it", "its"):
            return subj
        if v.dep_ != "ccomp":
            break
        v = v.head
    return None


def business_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                      sent_of: list[int] | None = None) -> list[Mention]:
    """A business the NER passed over, whose name is no word of ours ("Hartwells said it would
    close 200 stores", "staff at Harrods"): one capitalised word that speaks as a business
    (:func:`speaks_as_business`), no town, given name, title or bare mass noun."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    cand = []
    for t in tokens_with(doc, LOWER, string_ids(("it", "its"))):
        subj = _subject_of_clause(t)
        if subj is not None:
            cand.append(subj)
    for t in tokens_with(doc, LOWER, string_ids(_BUSINESS_PEOPLE)):
        cand += [g for c in t.children if c.dep_ == "prep" and c.lower_ in ("at", "of") for g in c.children
                 if g.dep_ == "pobj"]
        cand += [c for c in t.children if c.dep_ == "poss"]
    for c in cand:
        if c.i in taken or c.ent_type_ not in ("", "NORP") or not c.is_title or not c.is_alpha \
                or c.pos_ not in ("PROPN", "NOUN") or c.i + 1 < len(doc) and doc[c.i + 1].pos_ == "PROPN" \
                or c.i > 0 and doc[c.i - 1].pos_ == "PROPN" and not doc[c.i - 1].is_sent_start:
            continue
        low = c.lower_
        if low in _BARE_NOUNS or low in lexicon.public_body_words or low in lexicon.people_nouns \
                or low in lexicon.org_descriptors or not name_word_any(c, lexicon) or first_name_gender(c.text) \
                or is_city(c.text) or is_known_place(c.text) or low in lexicon.party_of \
                or not speaks_as_business(c, lexicon, said_it=True):
            continue
        out.append(Mention(c.i, c.i + 1, c.text, c.text, "ORG", sent_of[c.i]))
        taken.add(c.i)
    if out:   # the business's name said again, where nothing shows what it is ("shoppers outside Hartwells")
        for t in tokens_with(doc, ORTH, string_ids({m.name for m in out})):
            if t.i not in taken and not t.ent_type_ and t.pos_ in ("PROPN", "NOUN") \
                    and not (t.i + 1 < len(doc) and doc[t.i + 1].pos_ == "PROPN"):
                out.append(Mention(t.i, t.i + 1, t.text, t.text, "ORG", sent_of[t.i]))
                taken.add(t.i)
    return out


def org_word_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                      sent_of: list[int] | None = None) -> list[Mention]:
    """An organization the NER passed over whose own last word says what it is ("Chief
    Executive Ann Vale of [Kestrel Foods]"): two to four capitalised proper nouns ending in a
    business's or a body's word, none of them a title, an honorific or a given name first."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    proper = column(doc, POS) == PROPN
    starts = (proper & ~numpy.concatenate(([False], proper[:-1]))).nonzero()[0].tolist()
    for i in starts:
        j = i + 1
        while j < len(doc) and proper[j] and j - i < 4:
            j += 1
        while i > 0 and j - i < 4 and doc[i - 1].is_title and doc[i - 1].pos_ in ("NOUN", "ADJ") \
                and doc[i - 1].dep_ in ("compound", "amod") and i <= doc[i - 1].head.i < j:
            i -= 1   # "[Riverbend] Community Hospital": a capitalised word the tagger took for a common one
        owners = _plural_owner(doc, i, taken)   # "the Ferris Supporters' [Trust]"
        if j - i < (1 if owners < i else 2) or j < len(doc) and proper[j] \
                or any(k in taken or doc[k].ent_type_ for k in range(i, j)):
            continue
        last = doc[j - 1].lower_
        if last not in lexicon.business_words and last not in lexicon.org_heads and last not in lexicon.masthead_words \
                or first_name_gender(doc[i].text) and not (i > 0 and doc[i - 1].lower_ == "the") \
                or not all((t.is_title or t.is_upper and t.i == j - 1)   # "Tarn FM"
                           and (org_word(t, lexicon) or t.i == j - 1 or t.pos_ != "PROPN"
                                           and name_word_any(t, lexicon)) for t in doc[i:j]):
            continue
        i = owners   # "the [Nurses'] Solidarity Union": the plural the body is of is part of its name
        out.append(Mention(i, j, doc[i:j].text, doc[i:j].text, "ORG", sent_of[i]))
        taken.update(range(i, j))
    return out


def _plural_owner(doc: Doc, i: int, taken: set[int]) -> int:
    """Where a body's name starts that opens with the plural it is of ("the [Ferris Supporters']
    Trust", "the [Nurses'] Union"), its words before ``i`` untagged and capitalised, after "the"
    or a sentence's start; else ``i``."""
    if i < 2 or doc[i - 1].tag_ != "POS" or doc[i - 1].text not in ("'", "\u2019") \
            or not doc[i - 2].lower_.endswith("s"):
        return i
    start = i - 1
    while start > 0 and i - start < 4 and doc[start - 1].is_title and doc[start - 1].is_alpha \
            and start - 1 not in taken and not doc[start - 1].ent_type_:
        start -= 1
    if start == i - 1 or start > 0 and doc[start - 1].lower_ != "the" and not doc[start - 1].is_punct:
        return i
    return start


def acronym_mentions(doc: Doc, ents, *, taken: set[int], lexicon: Lexicon,
                     sent_of: list[int] | None = None) -> list[Mention]:
    """"The Democratic Alliance ... DA caucus leader X": a word in capitals the NER passed over
    that spells the initials of an organization it named earlier is that organization."""
    spelled = {}
    for ent in ents:
        if ent.label_ == "ORG" and len(ent) >= 2:
            spelled.setdefault(initials(ent.text, lexicon), ent.start)
    if not spelled:
        return []
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    capitals = (column(doc, IS_UPPER) == 1) & (column(doc, IS_ALPHA) == 1) & (column(doc, ENT_TYPE) == 0)
    for i in capitals.nonzero()[0].tolist():   # (no Python step for the other tokens)
        t = doc[i]
        if 2 <= len(t) <= 6 and i not in taken and spelled.get(t.text, len(doc)) < i:
            out.append(Mention(i, i + 1, t.text, t.text, "ORG", sent_of[i]))
            taken.add(i)
    return out


_THE_IDS = string_ids(("the",))
#: plurals that end the names of places, not of teams: "the Dublin Docks", "the Boston Heights"
PLACE_PLURALS = frozenset({"docks", "islands", "isles", "hills", "heights", "lakes", "falls", "springs", "gardens",
                           "fields", "mountains", "highlands", "lowlands", "woods", "flats", "sands", "downs",
                           "moors", "keys", "plains", "meadows", "terraces", "towers", "courts", "streets"})


def team_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                  sent_of: list[int] | None = None) -> list[Mention]:
    """A team named by its town and a plural ("the Tacoma Mariners", "the Leeds Rhinos", "the
    Boston Red Sox") that the NER passed over: "the", a known town, at most one more
    capitalised word, and a capitalised plural that is no party's ("the Ohio Democrats")."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out = []
    for the in tokens_with(doc, LOWER, _THE_IDS):
        start = the.i + 1
        end = start
        while end < len(doc) and end - start < 4 and end not in taken and doc[end].is_title \
                and (doc[end].pos_ == "PROPN" or doc[end].tag_ == "NNS"):   # "Kings" tagged a common noun
            end += 1
            if doc[end - 1].pos_ != "PROPN":
                break
        if end - start < 2 or end < len(doc) and doc[end].pos_ == "PROPN":
            continue
        last = doc[end - 1]
        if not last.text.endswith(("s", "x")) or last.text.endswith("ss") or last.lower_ in PLACE_PLURALS \
                or party_word(last.lower_, lexicon) or party_word(last.lower_.rstrip("s"), lexicon):
            continue
        if not any(is_city(doc[start:start + k].text) or is_known_place(doc[start:start + k].text)
                   for k in (1, 2) if end - (start + k) in (1, 2)):
            continue
        out.append(Mention(start, end, doc[start:end].text, doc[start:end].text, "ORG", sent_of[start]))
        taken.update(range(start, end))
    return out
