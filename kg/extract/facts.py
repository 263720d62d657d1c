"""What a rule match means: facts between entities, checked for negation, modality and types.

Matching (:mod:`kg.extract.rules`) only finds token patterns; this module decides which entity each
named token stands for (:mod:`kg.extract.coref`), whether the text asserts the fact (not "if he
resigns", not "urged her to quit" as a resignation), and whether subject and object are
of kinds the predicate takes.
"""
from __future__ import annotations


from spacy.tokens import Doc, Span, Token

from kg.extract.coref import Resolver
from kg.extract.docmemo import children, memo, sentence_of
from kg.extract.gazetteer import is_known_place
from kg.extract.lexicon import Lexicon
from kg.extract.quotes import Quote, speaker_at
from kg.extract.rules import SPEAKER, RuleMatch
from kg.model import Fact, ObjectRef
from kg.rdf.vocab import predicate_signatures

PERSON, ORG, PLACE, EVENT, POSITION = "person", "organization", "place", "event", "position"
#: predicate -> (subject kinds, object kinds; None: the object may be unstated), as the ontology's
#: schema:domainIncludes / rangeIncludes say (kg/ontology/kg.ttl is the one place they are said)
SIGNATURES = predicate_signatures()
#: prepositions of an adjunct of time or place ("in an interview with X", "at the summit")
ADJUNCT_PREPS = frozenset({"in", "at", "during", "after", "on", "since", "following", "amid"})
CLIMB_DEPS = {"xcomp", "ccomp", "advcl", "acl", "pcomp", "pobj", "prep", "relcl", "conj", "dobj", "nsubj", "nsubjpass",
              "attr"}


def is_negated(tok: Token) -> bool:
    """"will not quit", "never attended", "has not voted"."""
    if any(c.dep_ == "neg" or c.lower_ in ("never", "no") and c.dep_ in ("advmod", "det")
           or c.dep_ == "advmod" and c.lower_ == "longer" and any(g.lower_ == "no" for g in children(c))
           for c in children(tok)):
        return True   # also "no longer backs"
    # "would decline to quit" is handled by its own rules; here only a negated governing auxiliary,
    # or a negated intention: "is not going to quit", "does not intend / want / plan to quit"
    return tok.dep_ in ("xcomp",) and any(c.dep_ == "neg" for c in children(tok.head)) and (
        tok.head.pos_ == "AUX" or tok.head.lemma_.lower() in INTENT_VERBS
        and (tok.head.lemma_.lower() != "go" or tok.head.tag_ == "VBG"))


#: verbs of intending, whose negation denies what they govern: "is not going to resign"
INTENT_VERBS = frozenset({"go", "intend", "plan", "want", "mean", "aim"})


def lemma_forms(tok: Token) -> set[str]:
    """The token's lemma and the bases its inflection allows: the small model lemmatises "hopes"
    as "hop", so "hope" is tried too."""
    word, out = tok.lower_, {tok.lemma_.lower(), tok.lower_}
    for suffix, base in (("ies", "y"), ("es", "e"), ("es", ""), ("s", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            out.add(word[: -len(suffix)] + base)
    return out


def is_nonfactual(tok: Token, *, lexicon: Lexicon, stop: Token | None = None) -> bool:
    """True when the text does not assert the event of ``tok``: a condition ("if he resigns"),
    a request or refusal around it ("urged her to quit"), or a weak modal ("should"). Asked of
    the same token by rules, predications and evaluations: answered once while the Doc is read."""
    known = memo(tok.doc, "nonfactual")
    key = (tok.i, None if stop is None else stop.i, id(lexicon))
    if key not in known:
        known[key] = _nonfactual(tok, lexicon=lexicon, stop=stop)
    return known[key]


def _nonfactual(tok: Token, *, lexicon: Lexicon, stop: Token | None) -> bool:
    node, steps = tok, 0
    nominal = tok.pos_ in ("NOUN", "PROPN")
    coordinated = False  # "rejected the report but offered an apology": a conjunct is not embedded
    came_by = ""         # the dependency by which the climb reached this node
    below = tok          # the node the climb came from
    # "she will resign if the audit finds fault": a condition on the event itself
    if any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in lexicon.nonfactual_marks for m in children(c))
           for c in children(tok)):
        return True
    while steps < 6:
        reported = came_by == "ccomp" and node.lemma_.lower() in lexicon.reporting_verbs_too
        # "officials at X in Y declined to comment", "were called to the X district of Y": what a
        # name or a describing noun says a thing is, a request or a refusal around it leaves standing
        described = nominal and came_by in ("nsubj", "nsubjpass", "dobj", "pobj", "prep", "appos") and (
            tok.pos_ == "PROPN" or tok.lemma_.lower() in lexicon.descriptive_nouns)
        # "In an interview with X, she denied ...", "Speaking to X, she refused to ...": an adjunct
        # of when or where is said as done, whatever the verb it hangs on does
        adjunct = came_by == "prep" and below.lower_ in ADJUNCT_PREPS or came_by == "advcl" \
            and below.tag_ in ("VBG", "VBN") and below.i < node.i and not any(c.dep_ == "mark" for c in children(below))
        if node.i != tok.i and not coordinated and not reported and not described and not adjunct \
                and (not lexicon.nonfactual_heads.isdisjoint(lemma_forms(node)) or any(
                    c.dep_ == "prt" and f"{node.lemma_.lower()} {c.lower_}" in lexicon.nonfactual_heads
                    for c in children(node))):
            return True   # "urged her to quit", "turned down an interview with Y" (a verb and its particle)
        if nominal and node.i != tok.i and node.pos_ in ("VERB", "AUX"):
            return False  # "apologised for their role in the vote": the role is not conditional
        if any(c.dep_ == "mark" and c.lower_ in lexicon.nonfactual_marks for c in children(node)):
            return True
        if any(c.dep_ == "aux" and c.lower_ in lexicon.weak_modals for c in children(node)):
            return True
        if came_by == "xcomp" and (node.lemma_.lower() in ("have", "ought") or node.pos_ == "ADJ"
                                   and node.lower_ not in lexicon.factive_adjectives):
            return True   # "had to resign", "is likely to quit": what one must or may do, not what one did
        if node.head.i == node.i and node is not stop:
            # "The secretary called for Reid to resign" parsed with "resign" as the sentence's verb:
            # an infinitive is no finite clause, and asserts nothing
            return _asks(node) or node.pos_ == "VERB" and any(c.dep_ == "aux" and c.lower_ == "to"
                                                              for c in children(node))
        if _holds_content(node, lexicon):
            return True   # "claims that he had resigned", "calls to quit": what the noun holds is not said
        if node.dep_ == "acl" and node.tag_ in ("VBN", "VBG"):
            return False  # "X, elected in 2018, is seeking ...": a participle is asserted of its noun
        if node.dep_ == "relcl" and any(c.dep_ == "mark" and c.lower_ == "for" for c in children(node)):
            return True   # "it is time for X to go": an infinitive of what should be, not a relative clause
        if node is stop or node.dep_ not in CLIMB_DEPS or node.dep_ == "relcl":
            return False  # a relative clause is asserted of its noun, whatever the sentence does with it
        coordinated = node.dep_ == "conj"
        came_by = node.dep_
        below, node, steps = node, node.head, steps + 1
    return False


def _holds_content(v: Token, lexicon: Lexicon) -> bool:
    """``v`` heads the content of a noun of saying, asking or hoping: a "that" clause or an infinitive
    hung on it ("reports that she had quit", "demands that he step down", "brushed off calls to
    quit", however the parse attaches the infinitive), not a participle ("a report published by X")."""
    if v.pos_ not in ("VERB", "AUX"):
        return False
    to = next((c for c in children(v) if c.dep_ == "aux" and c.lower_ == "to"), None)
    if to is not None:
        before = v.doc[to.i - 1] if to.i > 0 else None
        if before is not None and before.dep_ == "pobj" and before.head.lower_ == "for":
            before = before.head.head   # "renewed her call for X to resign": the infinitive hung on the verb
        return before is not None and before.pos_ == "NOUN" and not lexicon.content_nouns.isdisjoint(lemma_forms(before))
    head = v.head
    if v.dep_ not in ("acl", "relcl", "ccomp") or head.pos_ != "NOUN" or lexicon.content_nouns.isdisjoint(lemma_forms(head)):
        return False
    return any(c.lower_ == "that" and c.dep_ in ("mark", "dobj", "nsubj") or c.dep_ in ("nsubj", "nsubjpass")
               and c.lower_ not in lexicon.relative_pronouns for c in children(v))


def _asks(root: Token) -> bool:
    """The sentence of ``root`` ends in a question mark (before any closing quote)."""
    known = memo(root.doc, "asks")
    if root.i not in known:
        known[root.i] = _sentence_asks(sentence_of(root))
    return known[root.i]


def _sentence_asks(sent: Span) -> bool:
    last = sent[-1]
    if last.is_punct and last.text != "?" and len(sent) > 1 and last.text in ('"', "\u201d", "'", "\u2019"):
        last = sent[-2]
    return last.text == "?"


def asserted(tok: Token, *, polarity: str, lexicon: Lexicon, stop: Token | None = None) -> bool:
    if polarity == "any":
        return True
    if polarity == "unnegated":
        return not is_negated(tok)
    if is_nonfactual(tok, lexicon=lexicon, stop=stop):
        return False
    return is_negated(tok) == (polarity == "negated")


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


#: titles of one sent to a country, named by it: "ambassador to Kenya"
ENVOY_TITLES = frozenset({"ambassador", "envoy", "consul"})

#: words before a title that say nothing of which post it is
_NOT_OF_POST = frozenset({"former", "new", "newly", "longtime", "long-time", "veteran", "top", "local", "leading",
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


def party_word(word: str, lexicon: Lexicon) -> bool:
    """A party's name or the first word of one ("Tory", "Liberal"): no word of a post's name."""
    return word in lexicon.party_of or any(k.split()[0] == word for k in lexicon.party_of)


def party_aware(predicate: str, *, is_party: bool, title: str, lexicon: Lexicon) -> str:
    """A leader's title with a party leads the party only when it is a party post ("Labour
    leader"); "Labour mayor", "a former Conservative chancellor" are members of it."""
    if predicate == "leaderOf" and is_party and title not in lexicon.party_leader_titles:
        return "memberOf"
    return predicate


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
    """"told X he would not stand aside": a negated word inside an affirmed match."""
    if rule.polarity != "affirmed":
        return False
    return any(is_negated(doc[i]) for name, i in m.tokens.items() if name not in (rule.trigger, rule.subject))


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


def is_deputy_title(noun: Token) -> bool:
    """"vice-chairman", "deputy-leader", split by the tokenizer, or "deputy leader", "vice
    president" written apart ("deputy chief executive"): the title of a second."""
    doc = noun.doc
    if noun.i >= 2 and doc[noun.i - 1].text == "-" and doc[noun.i - 2].lower_ in ("vice", "deputy"):
        return True
    return any(t.lower_ in ("vice", "deputy") for t in doc[max(noun.left_edge.i, noun.i - 3): noun.i])


def department_of(noun: Token, lexicon: Lexicon) -> Token | None:
    """"head of communications at X", "director of research at X": the part of X a title heads
    (not "head of the company", "chairman of the board")."""
    for prep in children(noun):
        if prep.dep_ == "prep" and prep.lower_ == "of":
            for obj in children(prep):
                low = obj.lemma_.lower()
                if obj.dep_ == "pobj" and obj.pos_ == "NOUN" and not obj.ent_type_ and low != "board" \
                        and low not in lexicon.org_descriptors and low not in lexicon.local_org_nouns \
                        and low not in lexicon.people_nouns:
                    return obj
    return None


def in_leader_title(noun: Token, lexicon: Lexicon) -> bool:
    """The noun ends a two-word leader's title ("chief executive"): not a staff title of its own."""
    doc = noun.doc
    return noun.i > 0 and lexicon.title_role.get(f"{doc[noun.i - 1].lower_} {noun.lower_}") == "leader"


def leader_title_predicate(predicate: str, noun: Token, lexicon: Lexicon, *, staffed: bool = False) -> str:
    """What a leader's title makes its holder of the organization: a vice-chairman is on its
    board (memberOf), or, of a ``staffed`` organization (no party, no body of members), one of
    its officers (worksFor: "vice president of Acme"); a head of one of its departments on its
    staff (worksFor)."""
    if predicate != "leaderOf":
        return predicate
    doc = noun.doc
    if noun.tag_ in ("NNS", "NNPS") and noun.lemma_.lower() not in lexicon.owner_words \
            and not (noun.i >= 2 and doc[noun.i - 1].text == "-" and doc[noun.i - 2].lower_ == "co"):
        return "memberOf"   # "one of the directors of X", "among its governors": its board, not its head
    if is_deputy_title(noun) and "leader" not in (lexicon.title_role.get(f"{doc[noun.i - k].lower_}-{noun.lower_}")
                                                  for k in (1, 2) if noun.i >= k) \
            and lexicon.title_role.get(f"{doc[noun.i - 1].lower_} {noun.lower_}") != "leader":
        return "worksFor" if staffed else "memberOf"   # (a vice-chancellor heads a university: listed whole)
    return "worksFor" if department_of(noun, lexicon) is not None else predicate   # on its staff


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
    if words and words[-1].lower() in lexicon.not_posts and (len(words) == 1 or words[0].lower() in lexicon.title_modifiers):
        return False   # "member", "party activist": a title, but no post
    if len(words) > 1 or label[:1].isupper():
        return True
    return lexicon.title_role.get(label.lower()) == "member" or label.lower() in lexicon.office_nouns


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
        label = f"{named_owner[0].text}'s {label}"
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
            refs = resolver.referents(otok)
            if refs:
                objects = [(ObjectRef.entity(r.key), r.via_sentence) for r in refs]
            elif rule.object_kind == "event" and (otok.lemma_.lower() in lexicon.event_nouns or otok.lower_ in lexicon.event_nouns):
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
