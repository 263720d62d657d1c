"""Posts and titles: a position's name from its title words ("Council President", "fund manager",
"ambassador to Kenya", "mayor of Baltimore"), whether it is worth a node (:func:`is_specific_position`),
the post after "as" ("replaced B as chairman of the union"), the post an adjective names
("mayoral"), and what a leader's title makes its holder of an organization: its head, on its
board or on its staff ("vice-chairman", "head of communications"), by party or not.

Pure: reads the parse, changes nothing.
"""
from __future__ import annotations

from spacy.tokens import Token

from kg.extract.coref import Resolver
from kg.extract.docmemo import children
from kg.extract.gazetteer import is_known_place
from kg.extract.lexicon import Lexicon, party_word


def office_of_adjective(tok: Token, lexicon: Lexicon) -> str:
    """The post an adjective of an office names ("mayoral" -> "mayor", "gubernatorial" ->
    "governor"), or ""."""
    return next((post for post, words in lexicon.raw.get("office_adjectives", {}).items() if tok.lower_ in words), "")


def position_label(tok: Token, *, lexicon: Lexicon, described: bool = True) -> str:
    """A position's name from its head word and the title words before it: "Council President";
    with ``described``, also the words before them that say which kind of post ("fund manager")."""
    words = [tok]
    for child in sorted(children(tok), key=lambda t: -t.i):
        if child.i < tok.i and child.dep_ in ("compound", "amod", "nmod") and (
            child.lower_ in lexicon.title_modifiers or child.lower_ in lexicon.title_role
        ) and child.lower_ not in lexicon.title_not_position and child.i == words[0].i - 1 \
                and (child.ent_type_ not in ("ORG", "NORP", "PERSON") or child.lower_ in lexicon.title_modifiers):
            words.insert(0, child)
    while described and words[0].i > 0 and _describes_post(words[0].doc[words[0].i - 1], words, lexicon):
        words.insert(0, words[0].doc[words[0].i - 1])   # "fund manager", "artistic director", "fire chief"
    label = " ".join(w.text for w in words)
    if any(p.dep_ == "prep" and p.lower_ == "of" and any(g.dep_ == "pobj" and g.lower_ == "staff" and not any(
            True for _ in children(g)) for g in children(p)) for p in children(tok)):
        label += " of staff"   # "chief of staff": one post, read whole
    part = department_of(tok, lexicon) if lexicon.title_role.get(tok.lower_) == "leader" else None
    if part is not None:   # "head of communications", "chairman of the finance committee"
        label += " of " + " ".join(w.text for w in part.subtree if w.i <= part.i and w.dep_ in ("compound", "amod")
                                    and w.pos_ != "PROPN" or w.i == part.i)
    for prep in children(tok) if tok.lower_ in ENVOY_TITLES else ():   # "ambassador to Kenya": the post names where
        if prep.dep_ == "prep" and prep.lower_ == "to":
            place = [g for g in children(prep) if g.dep_ == "pobj" and g.ent_type_ in ("GPE", "LOC")]
            if place:
                label += " to " + next(e for e in tok.doc.ents if e.start <= place[0].i < e.end).text
    for prep in children(tok):  # "mayor of Baltimore": a post of a place
        if prep.dep_ == "prep" and prep.lower_ == "of":
            place = [g for g in children(prep) if g.dep_ == "pobj" and g.ent_type_ in ("GPE", "LOC", "ORG")]
            if place:
                ent = next(e for e in tok.doc.ents if e.start <= place[0].i < e.end)
                if ent.label_ != "ORG" or is_known_place(ent.text):   # "governor of Hokkaido", typed ORG
                    label += " of " + ent.text
    return label


#: words that name no post whatever is before them: "opposition candidate", "Rennes forward"
NEVER_POSTS = frozenset({"candidate", "challenger", "nominee", "hopeful", "forward", "striker", "midfielder", "defender",
                         "goalkeeper", "winger", "flanker"})


#: titles of one sent to a country, named by it: "ambassador to Kenya"
ENVOY_TITLES = frozenset({"ambassador", "envoy", "consul"})


#: words before a title that say nothing of which post it is
_NOT_OF_POST = frozenset({"term", "time", "former", "new", "newly", "longtime", "long-time", "veteran", "top", "local", "leading",
                          "retired", "current", "then", "outgoing", "incoming", "previous", "next", "popular", "respected",
                          "renowned", "celebrated", "controversial", "young", "old", "first", "last", "own", "sitting"})


def _describes_post(tok: Token, words: list[Token], lexicon: Lexicon) -> bool:
    """``tok``, just before the title's words and modifying one of them, names the kind of post."""
    return tok.dep_ in ("compound", "amod") and tok.head in words and names_post(tok, lexicon)


def names_post(tok: Token, lexicon: Lexicon) -> bool:
    """``tok``, a word before a title, is part of the post's name: a lower-case noun or adjective
    ("fund" of "fund manager", "housing" of "shadow housing minister"), or a capitalised word of
    a department ("Housing Secretary", "Circuit Judge"); no name of a person, place or party, no
    time, no "former" or "veteran"."""
    if not tok.is_alpha or tok.tag_ in ("JJS", "JJR") or tok.lower_ in _NOT_OF_POST \
            or tok.lower_ in lexicon.past_title_words:
        return False
    if tok.is_lower:
        return tok.pos_ in ("NOUN", "ADJ") and not tok.ent_type_
    return tok.is_title and tok.pos_ in ("PROPN", "NOUN") and tok.ent_type_ not in ("PERSON", "GPE", "LOC", "NORP") \
        and not party_word(tok.lower_, lexicon) and not is_known_place(tok.text)


def party_aware(predicate: str, *, is_party: bool, title: str, lexicon: Lexicon) -> str:
    """A leader's title with a party leads the party only when it is a party post ("Labour
    leader"); "Labour mayor", "a former Conservative chancellor" are members of it."""
    # the title's own words, not a name before them ("Harbour Party leader"), as written
    words = title.split()
    while len(words) > 1 and words[0][:1].isupper() and any(w.islower() for w in words[1:]) \
            and (words[0].lower() == "party" or words[0].lower() not in lexicon.title_role
                 and words[0].lower() not in lexicon.title_modifiers):
        words.pop(0)
    own = " ".join(words).lower()
    if predicate == "leaderOf" and is_party and own not in lexicon.party_leader_titles:
        return "memberOf"
    return predicate


def is_deputy_title(noun: Token) -> bool:
    """"vice-chairman", "deputy-leader", split by the tokenizer, or "deputy leader", "vice
    president" written apart ("deputy chief executive", the Scots "depute leader", "assistant
    commissioner"): the title of a second."""
    doc = noun.doc
    if noun.i >= 2 and doc[noun.i - 1].text == "-" and doc[noun.i - 2].lower_ in ("vice", "deputy"):
        return True
    return any(t.lower_ in ("vice", "deputy", "depute", "assistant") for t in doc[max(noun.left_edge.i, noun.i - 3): noun.i])


def department_of(noun: Token, lexicon: Lexicon) -> Token | None:
    """"head of communications at X", "director of research at X": the part of X a title heads
    (not "head of the company", "chairman of the board")."""
    for prep in children(noun):
        if prep.dep_ == "prep" and prep.lower_ == "of":
            for obj in children(prep):
                low = obj.lemma_.lower()
                if obj.dep_ == "pobj" and obj.pos_ == "NOUN" and not obj.ent_type_ and low != "board" \
                        and low not in lexicon.org_descriptors and low not in lexicon.local_org_nouns \
                        and low not in lexicon.people_nouns and not (
                            low in lexicon.place_nouns and any(c.dep_ == "compound" and c.pos_ == "PROPN" for c in children(obj))):
                    return obj   # (not "governor of Cordoba province": a place)
    return None


def in_leader_title(noun: Token, lexicon: Lexicon) -> bool:
    """The noun ends a two-word leader's title ("chief executive"): not a staff title of its own."""
    doc = noun.doc
    return noun.i > 0 and lexicon.title_role.get(f"{doc[noun.i - 1].lower_} {noun.lower_}") == "leader"


def leader_title_predicate(predicate: str, noun: Token, lexicon: Lexicon, *, staffed: bool | None = None) -> str:
    """What a leader's title makes its holder of the organization: a vice-chairman is on its
    board (memberOf), or, of a ``staffed`` organization (no party, no body of members), one of
    its officers (worksFor: "vice president of Acme"); a head of one of its departments on its
    staff (worksFor), or, of a branch of a body of members (``staffed`` False, not None: unknown),
    one of its members."""
    if predicate != "leaderOf":
        return predicate
    doc = noun.doc
    if noun.tag_ in ("NNS", "NNPS") and noun.lemma_.lower() not in lexicon.owner_words \
            and not (noun.i >= 2 and doc[noun.i - 1].text == "-" and doc[noun.i - 2].lower_ == "co"):
        return "memberOf"   # "one of the directors of X", "among its governors": its board, not its head
    if noun.i >= 4 and doc[noun.i - 4].lower_ == "pro" and doc[noun.i - 3].text == "-":
        return "worksFor" if staffed else "memberOf"   # "pro-vice-chancellor": one of the head's deputies
    if is_deputy_title(noun) and "leader" not in (lexicon.title_role.get(f"{doc[noun.i - k].lower_}-{noun.lower_}")
                                                  for k in (1, 2) if noun.i >= k) \
            and lexicon.title_role.get(f"{doc[noun.i - 1].lower_} {noun.lower_}") != "leader":
        return "worksFor" if staffed else "memberOf"   # (a vice-chancellor heads a university: listed whole)
    part = department_of(noun, lexicon)
    if part is not None and part.lemma_.lower() in lexicon.org_part_nouns and staffed is False:
        return "memberOf"   # "chair of the Leeds branch of the union": one of its members
    if part is not None or department_before(noun, lexicon):
        return "worksFor"   # on its staff
    return predicate


def department_before(noun: Token, lexicon: Lexicon) -> bool:
    """"finance director", "head of marketing"'s other form "marketing head": the title heads a
    department, named by the word before it."""
    doc = noun.doc
    return noun.i > 0 and doc[noun.i - 1].lower_ in lexicon.department_words \
        and doc[noun.i - 1].head.i == noun.i


def as_position(tok: Token, *, lexicon: Lexicon, resolver: Resolver | None = None) -> tuple[str, str]:
    """"replaced B as chairman of the union": the post after "as", and the organization of it."""
    for prep in children(tok):
        if prep.dep_ == "prep" and prep.lower_ == "as":
            for obj in children(prep):
                if obj.dep_ == "pobj" and obj.lower_ in lexicon.title_role:
                    org = ""
                    for of in children(obj):
                        if of.dep_ == "prep" and of.lower_ in ("of", "at", "for") and resolver is not None:
                            for g in children(of):
                                ref = resolver.referent(g) if g.dep_ == "pobj" else None
                                if ref and resolver.table.entities[ref.key].kind == "organization":
                                    org = ref.key
                    return position_label(obj, lexicon=lexicon), org
    return "", ""


def is_specific_position(label: str, *, lexicon: Lexicon) -> bool:
    """A position worth a node: a proper title ("Foreign Secretary", "MP"), a qualified one
    ("union leader", "Lisbon mayor"), or an office; not a bare common word ("leader", "reporter")."""
    words = label.split()
    if words and words[-1].lower() in lexicon.not_posts and (len(words) == 1 or words[0].lower() in lexicon.title_modifiers
                                                             or words[-1].lower() in NEVER_POSTS):
        return False   # "member", "party activist", "opposition candidate": a title, but no post
    if len(words) > 1 or label[:1].isupper():
        return True
    return lexicon.title_role.get(label.lower()) == "member" or label.lower() in lexicon.office_nouns
