"""Facts stated by a title written before a name: "Harbour Board Chair Ines Varga",
"Green MP Jo Carver", "Labour's Mr Pike", "Conservative leader Alan Frost".

The title words come from the lexicon (``titles``: leader, member, staff), so the person holds
the position the title names and leads / belongs to / works for the organization the title
names: a party or organization written in the title, or the one its words point to ("Council"
-> the article's city council). Apposed titles ("X, a columnist for Y") are ordinary rules.
"""
from __future__ import annotations

from spacy.tokens import Doc, Token

from kg.extract.name_cuts import BRIEF_TITLES
from kg.extract.entities import EntityTable
from kg.extract.kinds import CLUB_WORDS

from kg.personnames import fold
from kg.extract.positions import department_before, is_specific_position, names_post, party_aware
from kg.model import Fact, ObjectRef
from kg.extract.lexicon import TITLE_ROLES, Lexicon, singular_title
from kg.extract.syntax import is_postnominal
from kg.extract.tokens import title_tokens_before

RULE_ID = "title-before-name"

#: the words of a competition's name, which has no chairman or chief executive of its own to name
COMPETITION_WORDS = frozenset({"league", "cup", "trophy", "championship", "championships", "division", "series",
                               "tour", "olympics", "games"})

#: titles whose words before them name a brief, not a body: "Northern Development Minister"
PORTFOLIO_TITLES = BRIEF_TITLES | {"mec"}

#: a legislature's chamber, whose party leaders lead their party's members there, not the party
CHAMBER_WORDS = frozenset({"senate", "house", "assembly", "parliamentary", "congressional", "legislative", "caucus"})

#: a councillor's style, written after a post before the name ("Council leader Councillor Ann Pike")
COUNCILLOR_WORDS = frozenset({"councillor", "councilor", "cllr", "cllr.", "alderman", "alderwoman"})


def _words(tokens: list[Token]) -> list[tuple[str, list[Token]]]:
    """Join hyphenated parts: ["co", "-", "chairman"] -> ("co-chairman", [...]); an abbreviation's dot."""
    out: list[tuple[str, list[Token]]] = []
    for t in tokens:
        if out and t.text == "." and out[-1][0].isalpha():   # "Lt" "." -> "Lt."
            out[-1] = (out[-1][0] + ".", out[-1][1] + [t])
        elif out and (t.text == "-" or out[-1][0].endswith("-")):
            text, toks = out[-1]
            out[-1] = (text + t.text, toks + [t])
        else:
            out.append((t.text, [t]))
    return out


def title_facts(doc: Doc, table: EntityTable, *, lexicon: Lexicon, sent_of: list[int]) -> list[Fact]:
    facts = []
    orgs = [e for e in table.entities.values() if e.kind == "organization"]
    for e in table.entities.values():
        if e.kind != "person":
            continue
        for m in e.mentions:
            toks = title_tokens_before(doc, m.start, m.end) or _title_words_before(doc, m.start, lexicon) \
                or _listed_under_title(doc, m, table, lexicon) or _postnominal(doc, m.end, lexicon)
            if toks and is_postnominal(toks[0], lexicon) and toks[0].lower_ not in lexicon.title_role:
                # "Owen Pryce MS": letters that are no title word of their own ("Ms" is not)
                facts.append(Fact(e.key, "holdsPosition", ObjectRef.position(toks[0].text), sent_of[m.start], (),
                                  RULE_ID, 0.8, toks[0].i))
                continue
            found = _facts_for(e.key, toks, doc, m, table, orgs, lexicon, sent_of[m.start])
            facts.extend(found)
            party = table.token_entity.get(m.start - 1) if m.start > 0 else None
            if party is not None and table.entities[party].party and doc[m.start - 1].tag_ != "POS" \
                    and not any(f.object.entity_key == party for f in found if f.object):
                # "Tory Jack Hurst", "Democrat Lena Ruiz": the party's word right before the name
                facts.append(Fact(e.key, "memberOf", ObjectRef.entity(party), sent_of[m.start], (), RULE_ID, 0.7))
    return facts


def _postnominal(doc: Doc, end: int, lexicon: Lexicon) -> list[Token]:
    """"Rory Dunn MSP", "Ann Hale MP": a member's letters written after the name."""
    return [doc[end]] if end < len(doc) and is_postnominal(doc[end], lexicon) else []


def _singular_title(word: str, lexicon: Lexicon) -> str:
    return singular_title(word, lexicon)


def _listed_under_title(doc: Doc, m, table: EntityTable, lexicon: Lexicon) -> list[Token]:
    """"Councillors Ann Lowe, Raj Patel and Tom Fry": a plural title before the first of a list
    of names is each one's title. The title words of the list's first name, when their last word
    is such a plural."""
    head = doc[m.end - 1]
    first = head
    while first.dep_ in ("conj", "appos") and first.head.pos_ == "PROPN" and first.head.i < first.i:
        first = first.head
    key = table.token_entity.get(first.i)
    if first is head or key is None or table.entities[key].kind != "person":
        start = _list_start(doc, m.start, table)   # by word order, where the parse strays
        if start is None:
            return []
    else:
        start = first.i
        while start > 0 and table.token_entity.get(start - 1) == key:
            start -= 1
    toks = title_tokens_before(doc, start, first.i + 1) or _title_words_before(doc, start, lexicon)
    return toks if toks and _singular_title(toks[-1].text, lexicon) and toks[-1].lower_ not in lexicon.title_role \
        else []


def _list_start(doc: Doc, start: int, table: EntityTable) -> int | None:
    """Where the list of people that a name at ``start`` ends starts, read by word order: names
    of people joined by commas and "and", each perhaps followed by "of" and a place ("Presidents
    A of Angola and B of Malawi"); None when the name is first or alone."""
    ents = table.entities
    first = None
    j = start - 1
    while j > 0 and doc[j].text in (",", "and"):
        k = j - 1
        key = table.token_entity.get(k)
        if key is not None and ents[key].kind == "place":   # "... of Angola and": skip the place and its "of"
            while k > 0 and table.token_entity.get(k - 1) == key:
                k -= 1
            if k < 2 or doc[k - 1].lower_ != "of":
                break
            k -= 2
            key = table.token_entity.get(k)
        if key is None or ents[key].kind != "person":
            break
        while k > 0 and table.token_entity.get(k - 1) == key:
            k -= 1
        first = k
        j = k - 1
    return first


def _title_words_before(doc: Doc, start: int, lexicon: Lexicon) -> list[Token]:
    """The title words just before a name, read by word order where the parse strays ("Sitting
    MP Ruth Bay", "Liberal co-chairman Grant Pike" parsed as anything but a noun phrase): a
    title word (hyphenated parts joined) and the title words, modifiers and names before it."""
    toks: list[Token] = []
    j = start - 1
    while j >= 0 and (doc[j].lower_.rstrip(".") in lexicon.rank_abbreviations
                      or doc[j].text == "." and j > 0 and doc[j - 1].lower_ in lexicon.rank_abbreviations):
        j -= 1   # "Navy spokesman Lt. Cmdr. X": a rank between the title and the name
    brief = _brief_of_title(doc, j, lexicon)
    if brief:   # "Secretary of State X", "Minister of Health X": the title and its brief
        toks, j = brief, brief[0].i - 1
    while j >= 0:
        t = doc[j]
        if t.text == "-" and j > 0:
            toks[:0] = [doc[j - 1], t]   # "co" "-" "chairman"
            j -= 2
            continue
        low = t.lower_
        if low in lexicon.title_role or low in lexicon.title_modifiers or not toks and _singular_title(low, lexicon) or t.pos_ == "PROPN" and t.is_title and toks \
                or t.ent_type_ in ("ORG", "NORP", "GPE") and toks:
            toks.insert(0, t)
            j -= 1
            continue
        break
    words = _words(toks)
    if not words or not brief and not any(w.lower() in lexicon.title_role or _singular_title(w, lexicon)
                                          for w, _ in words[-1:]):
        return []
    return toks


def _brief_of_title(doc: Doc, last: int, lexicon: Lexicon) -> list[Token]:
    """"Secretary of State", "Chief of Staff", "Minister of Health": a title word, "of" and at
    most three capitalised words naming its brief, ending at ``last`` (just before a name); none
    where those words name an organization ("Chairman of Acme Bank"; a minister's or a
    secretary's brief the NER may take for one: "Secretary of State")."""
    k = last
    while k >= 0 and last - k < 3 and doc[k].is_title and doc[k].lower_ not in lexicon.title_role:
        k -= 1
    if k == last or k < 1 or doc[k].lower_ != "of" or doc[k - 1].lower_ not in lexicon.title_role \
            or not doc[k - 1].is_title or any(t.lower_ in lexicon.org_heads for t in doc[k + 1:last + 1]) \
            or doc[k - 1].lower_ not in PORTFOLIO_TITLES and any(t.ent_type_ == "ORG" for t in doc[k + 1:last + 1]):
        return []
    return list(doc[k - 1:last + 1])


def _facts_for(key, toks, doc, m, table, orgs, lexicon, sent) -> list[Fact]:
    words = _words(toks)
    if words and (one := _singular_title(words[-1][0], lexicon)) and words[-1][0].lower() not in lexicon.title_role:
        words[-1] = (one, words[-1][1])   # "Councillors A and B": each a councillor
    head_at = None
    for n in range(len(words) - 1, -1, -1):
        w = words[n][0].lower()
        pair = (words[n - 1][0].lower() + " " + w) if n else ""
        if w in lexicon.title_role or pair in lexicon.title_role:
            head_at = n
            break
    if head_at is not None and words[head_at][0].lower() in COUNCILLOR_WORDS and any(
            w.lower() in lexicon.title_role and lexicon.title_role[w.lower()] == "leader" for w, _ in words[:head_at]):
        # "Council leader Councillor Ann Pike": the councillor's style after the post; the post is the leader's
        head_at = max(n for n, (w, _) in enumerate(words[:head_at]) if lexicon.title_role.get(w.lower()) == "leader")
    out = []
    named_org = None
    brief = head_at is not None and head_at + 1 < len(words) and words[head_at + 1][0].lower() == "of"
    for w, ts in words[:head_at + 1] if brief else words:   # (not the "State" of "Secretary of State")
        k = table.token_entity.get(ts[0].i)
        if k and table.entities[k].kind == "organization":
            named_org = k
    # "Labour's Mr Pike": a party as possessor of the name; "Dundee Athletic's captain X": the
    # organization the title is of
    for t in [*doc[m.start:m.end], *(w for _, ts in words for w in ts)]:
        for c in t.children:
            if c.dep_ == "poss" and (k := table.token_entity.get(c.i)) and table.entities[k].party:
                out.append(Fact(key, "memberOf", ObjectRef.entity(k), sent, (), RULE_ID, 0.7))
            elif c.dep_ == "poss" and k and table.entities[k].kind == "organization" and named_org is None and words \
                    and (len(table.entities[k].label.split()) > 1 or table.entities[k].label.isupper()):
                named_org = k   # (not "Nurses' leader X": a plural noun the NER took for a name)
    if head_at is None:
        return out
    head = words[head_at][0].lower()
    pair = (words[head_at - 1][0].lower() + " " + head) if head_at else ""
    role = lexicon.title_role.get(pair) or lexicon.title_role[head]
    if role == "leader" and head_at and words[head_at - 1][0].lower() in ("deputy", "depute", "vice") \
            and lexicon.title_role.get(pair.replace(" ", "-")) != "leader":
        role = "member"   # "Union deputy leader X", "Acme vice president X": a second, not the head
    chamber = next((n for n, (w, _) in enumerate(words[:head_at]) if w.lower() in CHAMBER_WORDS), None)
    if role == "leader" and head == "leader" and (chamber is not None or any(
            w.lower() in ("majority", "minority") for w, _ in words[:head_at])):
        role = "member"   # "Senate Republican Leader X", "House Minority Leader X": the party's in the chamber
    first = head_at
    portfolio: set[str] = set()
    while first > 0:
        w = words[first - 1][0].lower()
        k = table.token_entity.get(words[first - 1][1][0].i)
        if k and table.entities[k].kind == "place" and role != "staff":
            first -= 1  # "Lisbon mayor": the place is part of the post (not of a "Denver plumber")
            continue
        if k and head in PORTFOLIO_TITLES and table.entities[k].kind == "organization" and not table.entities[k].party \
                and not set(fold(table.entities[k].label).split()) & lexicon.org_heads:
            portfolio.add(k)   # "Northern Development Minister": the NER's "organization" is the minister's brief
            first -= 1
            continue
        if k and not (table.entities[k].kind == "organization" and w in lexicon.title_modifiers and not table.entities[k].party):
            break  # "Tory MP": the party is not part of the post; "Council President": the council is
        if w in lexicon.title_not_position:
            break
        if w not in lexicon.title_modifiers and w not in lexicon.title_role and not (
                k is None and len(words[first - 1][1]) == 1 and names_post(words[first - 1][1][0], lexicon)):
            break   # "Agriculture Minister", "Circuit Judge", "shadow housing minister": words of the post's name
        first -= 1
    if role == "member" and chamber is not None and head == "leader":
        first = min(first, chamber)   # the post is "Senate Republican Leader", the party within it
    last = len(words) if brief else head_at + 1   # "Secretary of State": the brief is the post's
    position_words = [lexicon.title_in_full.get(w.lower(), w) for w, _ in words[first:last]]   # "Gov." is a governor
    if named_org in portfolio:
        named_org = None
    trigger = words[head_at][1][-1].i   # the title's head word: its post and its organization's tie
    org = named_org or _cued_org(position_words, orgs, lexicon)
    if org is None and len(position_words) > 1 and position_words[0].lower() in FIRM_WORDS:
        # "Refiner Nordhavn Oil ... Company chairman X": the firm just named; the post is "chairman"
        org, position_words = _firm_in_focus(orgs, m, lexicon), position_words[1:]
    label = " ".join(position_words)
    before = words[first][1][0].i - 1
    named_before = before >= 0 and doc[before].pos_ == "PROPN" and doc[before].is_title \
        and table.token_entity.get(before) is None   # "Tarnex chief executive X": a firm the NER missed
    if org is None and not named_before and (" ".join(position_words).lower() in lexicon.corporate_titles
                                             or head in lexicon.squad_nouns and _club_named(orgs, m, lexicon)):
        org = _firm_in_focus(orgs, m, lexicon)   # "... Acme. Chief executive X said": Acme's; "Rovers ... manager X"
    # a title before the name is held; a bare office too ("mayor Ruth Bay"), where no organization
    # says whose ("Tory leader X" leads the party: "leader" is no post of its own)
    if len(position_words) == 1 and head in lexicon.address_titles:
        pass   # "Rabbi X", "Imam X": how one is addressed, no post named (but "X, rabbi of Y" is one)
    elif is_specific_position(label, lexicon=lexicon) or head not in lexicon.not_posts and head not in lexicon.generic_titles \
            and (not org and role in ("leader", "member") or org and role == "staff"
                 or not org and head in lexicon.posts_of_their_own):   # "Acme spokesman X", "coach X"
        out.append(Fact(key, "holdsPosition", ObjectRef.position(label), sent, (), RULE_ID, 0.8, trigger))
    elif org and role == "leader" and head not in lexicon.tie_titles:
        # "Acme chairman X", "Harbour Trust president X": the post of heading a named body (but
        # "Tory leader X", "Acme boss X" lead it, and name no post)
        out.append(Fact(key, "holdsPosition", ObjectRef.position(label), sent, (), RULE_ID, 0.8, trigger))
    if org:
        predicate = party_aware(TITLE_ROLES[role], is_party=table.entities[org].party, title=label,
                                lexicon=lexicon)
        if predicate == "leaderOf" and department_before(words[head_at][1][-1], lexicon):
            predicate = "worksFor"   # "finance director X", "clinical director X": heads a department, on the staff
        out.append(Fact(key, predicate, ObjectRef.entity(org), sent, (), RULE_ID, 0.75, trigger))
    return out


#: a business's common nouns, said before a title in place of its name: "Company chairman X"
FIRM_WORDS = frozenset({"company", "firm"})


def _club_named(orgs, m, lexicon: Lexicon) -> bool:
    """The one organization named before the name in its sentence is a sports club by its name's
    last word: "Athlone Town chairman X stood by manager Y" (not a club of the sentence before:
    "... a defeat by Cape Town Rovers. Assistant coach Y will take charge" need not be theirs)."""
    named = {o.key for o in orgs if any(om.start < m.start and om.sent == m.sent for om in o.mentions)}
    return len(named) == 1 and any(fold(o.label).split()[-1] in CLUB_NAME_ENDS for o in orgs if o.key in named)


#: last words of sports clubs' names (besides kg.extract.kinds.CLUB_WORDS, which are no surnames' either):
#: "Athlone Town", "Dunmore City", "Leicester Tigers"
CLUB_NAME_ENDS = CLUB_WORDS | frozenset({"town", "city", "celtic", "rfc", "county", "stars", "harriers", "warriors",
                                         "tigers", "lions"})


def _firm_in_focus(orgs, m, lexicon: Lexicon) -> str | None:
    """The company a bare corporate title belongs to: the one organization named last before the
    name, in its sentence or the one before, that is no party, public body or news outlet."""
    best = None
    for o in orgs:
        words = set(fold(o.label).split())
        if o.party or o.news or words & lexicon.public_body_words or words & COMPETITION_WORDS:
            continue   # (nor a competition: "promotion from League Two ... Chairman X")
        for om in o.mentions:
            if om.start < m.start and m.sent - 1 <= om.sent <= m.sent and (best is None or om.start > best[0]):
                best = (om.start, o.key)
    return best[1] if best else None


def _cued_org(position_words: list[str], orgs, lexicon: Lexicon) -> str | None:
    """The organization a title's words point to: "Council President" -> the council."""
    cues = [w.lower() for w in position_words if w.lower() in lexicon.org_heads]
    cue = lexicon.title_org_cues.get(position_words[-1].lower())
    if cue:
        cues.append(cue)
    for cue in cues:
        # the body the word heads ("Riverton City Council"), not one it begins ("the Council of Churches")
        hits = [o for o in orgs if cue in fold(o.label).split() and fold(o.label).split()[-1] == cue] \
            or [o for o in orgs if cue in fold(o.label).split() and f"{cue} of" not in fold(o.label)]
        if len(hits) == 1:
            return hits[0].key
    return None
