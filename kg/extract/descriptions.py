"""What a definite description or a group phrase takes up, read against a Doc's entities.

"the councilman", "the foreign secretary", "the prince": the person last introduced with that
title; "the party", "the council", "the firm", "the newspaper": the organization or news outlet
last named; "the two men", "the pair", "both leaders", "the three": the people last named
together, as many as the phrase says. Functions of the Doc, its EntityTable, the Lexicon and the
sentence number of each token (the tables :class:`kg.extract.coref.Resolver` holds), which
reads pronouns and binds what these functions read; and :class:`Referent`, what they read a
token as.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from spacy.tokens import Doc, Span, Token

from kg.extract.docmemo import children
from kg.extract.entities import EntityTable
from kg.extract.lexicon import Lexicon
from kg.extract.tokens import string_ids, title_tokens_before


@dataclass(frozen=True)
class Referent:
    """The entity a token stands for, and the sentence that names it when it is not this one."""

    key: str
    via_sentence: int | None = None   # sentence index of the antecedent, for a pronoun or description
    role: str = ""                    # the title a definite description used ("the MP" -> "MP")


#: number words of a group: "the two men", "all three councillors"
NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}
#: sentences before the last one a description fits, when that is not just before it, within which
#: another entity it fits makes it ambiguous
DESCRIPTION_WINDOW = 3
#: descriptions of a business ("the firm") and the last words of names of bodies that are none
COMPANY_WORDS = {"firm", "company", "business", "group", "giant", "maker", "manufacturer", "retailer",
                 "brewer", "lender", "insurer", "carrier", "airline", "chain", "conglomerate", "corporation",
                 "operator", "supplier", "startup", "start-up", "carmaker", "automaker", "consultancy", "outfit"}
#: what a news outlet is called when it was named just before ("told the newspaper"; not "the
#: programme" or "the paper", which are as often a government's or a report)
OUTLET_WORDS = {"newspaper", "broadcaster", "magazine", "tabloid", "broadsheet"}
PUBLIC_BODY_WORDS = {"council", "party", "union", "university", "college", "school", "hospital", "police",
                     "government", "ministry", "department", "commission", "committee", "court", "assembly",
                     "parliament", "congress", "senate", "league", "federation", "association", "club",
                     "charity", "foundation", "trust", "church", "army", "navy", "service", "office",
                     "authority", "agency", "board", "fc", "brigade", "guard", "campaign"}
#: words of a description that the title it takes up need not have said
PAST_WORDS = {"former", "ex", "then", "erstwhile"}
#: group nouns that say how many: "the pair", "the trio"
GROUP_SIZES = {"pair": 2, "duo": 2, "trio": 3, "couple": 2}
#: verbs that give the passive subject a post: "X was appointed chief executive", "was named chairman"
_GIVEN_POST_VERBS = frozenset({"appoint", "name", "elect", "re-elect", "reelect", "make", "choose", "select",
                               "install", "promote", "confirm", "reappoint"})

PARTIES_IDS = string_ids(("parties",))


def titles_by_mention(doc: Doc, table: EntityTable, lexicon: Lexicon
                      ) -> tuple[list[tuple[int, str, frozenset[str]]], set[str]]:
    """(token index, entity key, title words) for each person mention that has a title:
    "Councilman Tom Hale" -> {"councilman"}; "Prince Rupert" -> {"prince"}; and the nouns the
    text describes a person as ("Ines Varga, a pharmacist": later "the pharmacist")."""
    out = []
    described: set[str] = set()
    for e in table.entities.values():
        if e.kind != "person":
            continue
        for m in e.mentions:
            words = {t.lower_ for t in title_tokens_before(doc, m.start, m.end)}
            # "Ines Varga, a pharmacist, ...": later "the pharmacist"
            head = doc[m.end - 1]
            appos = [c for c in children(head) if c.dep_ == "appos" and c.pos_ == "NOUN"]
            appos += [head.head] if head.dep_ == "appos" and head.head.pos_ == "NOUN" else []
            appos += _said_to_be(head)
            for a in appos:
                words |= {a.lower_} | {c.lower_ for c in children(a) if c.dep_ in ("compound", "amod")}
                described.add(a.lower_)
            words |= {w.lower().rstrip(".") for w in (m.title + " " + m.honorific).split()}
            words |= {w.lower() for w in m.name.split() if w.lower() in lexicon.royal_titles}
            words = {w for w in words if w in lexicon.title_role or w in lexicon.title_modifiers
                     or w in lexicon.royal_titles or w in described}
            if words:
                out.append((m.start, e.key, frozenset(words)))
    return sorted(out), described


def _said_to_be(head: Token) -> list[Token]:
    """The nouns a sentence says a name's person is, was or became: "X is the club's treasurer",
    "X, who served as cabinet secretary, ...", "X became chief executive", "X was appointed
    chairman", "Acme named X as its chairman" (not "X was not appointed chairman")."""
    out = []
    verb = head.head
    if head.dep_ == "nsubj" and verb.lemma_ in ("be", "become"):
        out += [c for c in children(verb) if c.dep_ == "attr" and c.pos_ == "NOUN"]
    if head.dep_ == "nsubjpass" and verb.lemma_.lower() in _GIVEN_POST_VERBS:
        out += [c for c in children(verb) if c.dep_ == "oprd" and c.pos_ == "NOUN"]
        out += [g for c in children(verb) if c.dep_ == "prep" and c.lower_ == "as"
                for g in children(c) if g.dep_ == "pobj" and g.pos_ == "NOUN"]
    if head.dep_ == "dobj" and verb.lemma_.lower() in _GIVEN_POST_VERBS:   # "Acme named X (as) its chairman"
        out += [c for c in children(verb) if c.dep_ == "oprd" and c.pos_ == "NOUN"]
        out += [g for c in children(verb) if c.dep_ == "prep" and c.lower_ == "as"
                for g in children(c) if g.dep_ == "pobj" and g.pos_ == "NOUN"]
    if head.dep_ == "nsubj" and verb.lemma_ == "serve":
        out += [g for c in children(verb) if c.dep_ == "prep" and c.lower_ == "as"
                for g in children(c) if g.dep_ == "pobj" and g.pos_ == "NOUN"]
    if any(c.dep_ == "neg" for c in children(verb)):
        out = []
    for rel in children(head):
        if rel.dep_ == "relcl" and any(c.dep_ == "nsubj" and c.lower_ in ("who", "that") for c in children(rel)):
            if rel.lemma_ == "be":
                out += [c for c in children(rel) if c.dep_ == "attr" and c.pos_ == "NOUN"]
            out += [g for c in children(rel) if c.dep_ == "prep" and c.lower_ == "as"
                    for g in children(c) if g.dep_ == "pobj" and g.pos_ == "NOUN"]
    return out


def read_description(tok: Token, *, table: EntityTable, lexicon: Lexicon, sent_of: list[int],
                     titles: list[tuple[int, str, frozenset[str]]], described: set[str],
                     referent: Callable[[Token], Referent | None],
                     sentence: Callable[[int], Span]) -> Referent | None:
    """"the councilman", "the foreign secretary", "the prince": the person last introduced
    with that title, when the noun phrase is definite and its words are all title words.
    ``titles`` and ``described`` are :func:`titles_by_mention`'s; ``referent`` reads the owner
    in "the party's election chief"; ``sentence`` gives the Doc's sentence by number."""
    head = tok.lower_
    owner = next((c for c in children(tok) if c.dep_ == "poss" and c.pos_ == "NOUN"
                  and any(d.dep_ == "det" and d.lower_ == "the" for d in children(c))), None)
    if owner is None and not any(c.dep_ == "det" and c.lower_ == "the" for c in children(tok)):
        return None   # "the party's election chief" is as definite as "the election chief"
    titled = head in lexicon.title_role and any(
        c.dep_ in ("compound", "amod") and c.i < tok.i and c.lower_ in lexicon.title_modifiers
        for c in children(tok))
    if head in lexicon.org_heads and not titled:   # "the executive", but "the chief executive"
        ref = organization_described(tok, table, sent_of)
        if ref is not None or head not in COMPANY_WORDS or tok.tag_ != "NN" or owner is not None \
                or any(c.dep_ == "appos" for c in tok.children):
            return ref   # "the company" of "Acme Corp.": the last business named, as "the firm"
    if head in OUTLET_WORDS and tok.tag_ == "NN":
        return outlet_described(tok, table, sent_of)   # "she told the newspaper": the news outlet last named
    if head in lexicon.org_descriptors and tok.tag_ == "NN":
        return organization_described(tok, table, sent_of, any_name=True)   # "the firm": the last company named
    if head not in lexicon.title_role and head not in lexicon.royal_titles and head not in described:
        return None
    mods = [c for c in children(tok) if c.dep_ in ("compound", "amod") and c.i < tok.i]
    words = {head} | {c.lower_ for c in mods if c.lower_ in lexicon.title_modifiers}
    words -= PAST_WORDS   # "the former cabinet secretary": one named cabinet secretary, then or once
    matches = [(i, key) for i, key, title in titles if i < tok.i and words <= title]
    if owner is not None and (org := referent(owner)) is not None:
        # "the party's election chief": one titled in a sentence that names that party
        matches = [(i, key) for i, key in matches if _names_in_sentence(sentence(sent_of[i]), table, org.key)]
    if not matches:
        return None
    best = matches[-1]
    # another holder of the title named in the same sentence as the last ("A, the union's general
    # secretary, met B, the general secretary of ..."), or, when that sentence is not the one just
    # before, in the few sentences before it: which one is meant?
    back = 0 if sent_of[tok.i] - sent_of[best[0]] <= 1 else DESCRIPTION_WINDOW
    near = {key for i, key in matches if sent_of[i] >= sent_of[best[0]] - back}
    if len(near) > 1:
        return None
    phrase = " ".join(t.text for t in sorted(mods + [tok], key=lambda t: t.i))
    return Referent(best[1], sent_of[best[0]], phrase)


def _names_in_sentence(sent: Span, table: EntityTable, key: str) -> bool:
    return any(m.start >= sent.start and m.end <= sent.end for m in table.entities[key].mentions)


def organization_described(tok: Token, table: EntityTable, sent_of: list[int], *,
                           any_name: bool = False) -> Referent | None:
    """"the party" -> the party last named; "the council" -> the organization last named
    whose name has the word "council"; with ``any_name`` ("the firm", "the bank"), the
    organization last named that is no party or news outlet, within the last few sentences."""
    head = tok.lower_
    here = sent_of[tok.i]
    last: dict[str, int] = {}   # entity key -> its last mention before tok
    subject = _own_subject(tok) if any_name else None
    for e in table.entities.values():
        if e.kind != "organization":
            continue
        starts = [m.start for m in e.mentions if m.start < tok.i
                  and not (subject is not None and subject.left_edge.i <= m.start <= subject.right_edge.i)]
        if not starts:
            continue
        if any_name:
            words = e.label.lower().rstrip(".").split()
            fits = not e.party and not e.news and here - 3 <= sent_of[max(starts)]
            # "the firm" is no council, school or union: an organization named by another kind of body
            if fits and head in COMPANY_WORDS and words and words[-1] in PUBLIC_BODY_WORDS:
                fits = False
        else:
            fits = (head == "party" and e.party) or head in e.label.lower().split()
        if fits:
            last[e.key] = max(starts)
    if not last:
        return None
    if any_name and len(last) > 1:
        # "Acme Ltd and Bolt Group ... the firm": which? The one whose name has the word, if one does
        named = {k: i for k, i in last.items() if head in table.entities[k].label.lower().split()}
        if len(named) != 1:
            return None
        last = named
    key = max(last, key=last.get)
    return Referent(key, sent_of[last[key]])


def _own_subject(tok: Token) -> Token | None:
    """The subject of the clause ``tok`` is the object of: "X, the FCA's director, accused the
    insurer": the insurer is no body named in the one who accuses it."""
    verb = tok.head if tok.dep_ in ("dobj", "dative") else tok.head.head if tok.dep_ == "pobj" else None
    if verb is None or verb.pos_ not in ("VERB", "AUX"):
        return None
    return next((c for c in children(verb) if c.dep_ == "nsubj"), None)


def outlet_described(tok: Token, table: EntityTable, sent_of: list[int]) -> Referent | None:
    """"the newspaper", "the broadcaster": the news outlet last named, within the last few sentences."""
    here, best = sent_of[tok.i], None
    for e in table.entities.values():
        if e.kind == "organization" and e.news:
            for m in e.mentions:
                if m.start < tok.i and here - 3 <= sent_of[m.start] and (best is None or m.start > best[0]):
                    best = (m.start, e.key)
    return Referent(best[1], sent_of[best[0]]) if best else None


def group_size(tok: Token, lexicon: Lexicon) -> int | None:
    """How many people a definite group phrase stands for (0: as many as were named), or
    None when ``tok`` is no such phrase ("two men were arrested", "the men of the village")."""
    lower = tok.lower_
    marks = {c.lower_ for c in children(tok) if c.dep_ in ("det", "nummod", "predet", "quantmod")}
    if tok.pos_ in ("NUM", "PRON", "DET") and (lower in NUMBERS or lower == "both"):
        # "The two have declined", "Both said": a numeral or "both" standing alone as a subject
        if tok.dep_ not in ("nsubj", "nsubjpass") or any(c.dep_ == "prep" for c in children(tok)):
            return None    # "both of them", "three of the men": not resolved here
        if lower == "both":
            return 2
        return NUMBERS[lower] if marks & {"the", "all", "these", "those"} else None
    if tok.pos_ != "NOUN" or tok.tag_ != "NNS" and lower not in GROUP_SIZES:
        return None
    number = next((NUMBERS[w] for w in marks if w in NUMBERS), None)
    if lower not in lexicon.group_nouns and lower not in GROUP_SIZES:
        # any people noun counts with a number: "all three council members", "the two officials"
        if number is None or tok.lemma_.lower() not in lexicon.people_nouns and tok.lemma_.lower() not in lexicon.title_role:
            return None
    definite = marks & {"the", "both", "these", "those"} or number is not None and "all" in marks
    if not definite:
        return None   # "two men were arrested": not the men just named
    if any(c.dep_ == "prep" for c in children(tok)):
        return None   # "the two men from the agency": others, described
    if number is not None:
        return number
    if "both" in marks:
        return 2
    return GROUP_SIZES.get(lower, 0)


def _persons(table: EntityTable, keys: Iterable[Referent]) -> tuple[Referent, ...]:
    """The referents, when all of them are people; else none."""
    group = tuple(keys)   # (read once: a generator spent by the test gave no group at all)
    return group if all(table.entities[r.key].kind == "person" for r in group) else ()


def group_defined(tok: Token, table: EntityTable) -> tuple[Referent, ...]:
    """"The trio are A, B and C": the names a group phrase is said to be."""
    verb = tok.head
    if tok.dep_ != "nsubj" or verb.lemma_ != "be":
        return ()
    for attr in children(verb):
        if attr.dep_ == "attr" and attr.i > tok.i:
            keys = [table.token_entity.get(x.i) for x in [attr, *conjuncts(attr)]]
            if len(keys) >= 2 and all(keys):
                return _persons(table, (Referent(k) for k in dict.fromkeys(keys)))
    return ()


def person_mentions(table: EntityTable) -> list[tuple[int, str]]:
    """(start, entity key) of every mention of a person, in text order."""
    return sorted((m.start, e.key) for e in table.entities.values() if e.kind == "person" for m in e.mentions)


def conjoined_before(tok: Token, wanted: int, *, doc: Doc, table: EntityTable, sent_of: list[int],
                     persons: list[tuple[int, str]]) -> tuple[Referent, ...]:
    """The last names conjoined in any role ("... met A and B"), this sentence or the one
    before, when they are as many as wanted. ``persons``: :func:`person_mentions`."""
    here = sent_of[tok.i]
    best: tuple[Referent, ...] = ()
    for start, key in persons:
        if start >= tok.i:
            break
        if sent_of[start] < here - 1:
            continue
        head = doc[start]
        while head.dep_ == "compound" and head.head.i != head.i:
            head = head.head
        if head.dep_ == "conj" or head.dep_ == "appos" and head.head.pos_ == "PROPN":
            continue   # a list's later names: the list is read from its first
        listed = list(conjuncts(head))
        if not listed:
            continue
        keys = [table.token_entity.get(x.i) for x in [head, *listed]]
        if all(keys) and all(x.i < tok.i for x in listed):
            group = _persons(table, (Referent(k, sent_of[start] if sent_of[start] != here else None)
                                     for k in dict.fromkeys(keys)))
            if len(group) == wanted:
                best = group
    return best


def named_lately(tok: Token, wanted: int, *, sent_of: list[int],
                 persons: list[tuple[int, str]]) -> tuple[Referent, ...]:
    """The people named in this sentence before ``tok`` and the three before it, when they
    are exactly ``wanted``. ``persons``: :func:`person_mentions`."""
    here = sent_of[tok.i]
    seen: dict[str, int] = {}
    for start, key in persons:
        if start >= tok.i:
            break
        if sent_of[start] >= here - 3:
            seen[key] = sent_of[start]
    if len(seen) != wanted:
        return ()
    return tuple(Referent(k, s if s != here else None) for k, s in seen.items())


def genders_fit(tok: Token, group: Iterable[Referent], gender: Callable[[str], str]) -> bool:
    """"the two men" are no women, "both women" no men; ``gender`` gives an entity's, or ""."""
    want = {"men": "male", "brothers": "male", "women": "female", "sisters": "female"}.get(tok.lower_)
    return want is None or all(gender(r.key) in ("", want) for r in group)


def conjuncts(tok: Token):
    """The tokens conjoined to ``tok`` ("A, B and C"), through the names set beside nouns."""
    for child in children(tok):
        if child.dep_ == "conj":
            yield child
            yield from conjuncts(child)
        elif child.dep_ == "appos" and tok.pos_ == "NOUN" and child.pos_ == "PROPN":
            yield from conjuncts(child)   # "the singer Rosa Lima and the novelist Clara Webb": hung on the name
        elif child.dep_ == "appos" and tok.pos_ == child.pos_ == "PROPN" and tok.ent_type_ \
                and child.ent_type_ == tok.ent_type_ and any(g.dep_ == "conj" for g in children(child)):
            yield child   # "A, B and C", B parsed in apposition to A: a list, not two names of one
            yield from conjuncts(child)


@lru_cache(maxsize=4)
def group_word_ids(lexicon: Lexicon) -> frozenset[int]:
    """The words that may name a group of people ("the pair", "both leaders", "the two men"), as string ids."""
    lemmas = lexicon.people_nouns | set(lexicon.title_role)
    return string_ids(lexicon.group_nouns | GROUP_SIZES.keys() | NUMBERS.keys() | lemmas | {w + "s" for w in lemmas})
