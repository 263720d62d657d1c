"""Names the NER ran together where a title's "of" brings an organization and the holder's name
follows at once: "Chairman of the Fenwick Trust Alan Hughes welcomed it", "Chief executive of
Barclays John Smith said" are the organization, then the person (a given name and a surname).
"""
from __future__ import annotations

from spacy.attrs import LOWER
from spacy.tokens import Span

from kg.extract.lexicon import Lexicon, singular_title
from kg.personnames import is_given_name
from kg.extract.gazetteer import is_known_place, is_major_place
from kg.extract.tokens import string_ids, tokens_with


_OF_IDS = string_ids(("of",))


#: titles whose "of" names a brief, not a body: "Secretary of State", "Minister of Health"
BRIEF_TITLES = frozenset({"secretary", "minister", "commissioner"})


def _brief_before_name(ent: Span, lexicon: Lexicon) -> bool:
    """"Secretary of [State] Tom Hale", "the secretary of [state]": a minister's or a
    secretary's brief, the NER's organization, between the title's "of" and the holder's name,
    or written in lower case."""
    doc = ent.doc
    return ent.label_ in ("ORG", "GPE", "NORP") and len(ent) <= 3 and ent.start >= 2 \
        and doc[ent.start - 1].lower_ == "of" and doc[ent.start - 2].lower_ in BRIEF_TITLES \
        and (ent.text.islower() or ent.end < len(doc) and doc[ent.end].ent_type_ == "PERSON"
             and doc[ent.end].ent_iob_ == "B") \
        and not any(t.lower_ in lexicon.org_heads for t in ent)


def split_title_org_name(ents, lexicon: Lexicon) -> list[Span]:
    out: list[Span] = []
    for ent in ents:
        if _brief_before_name(ent, lexicon):
            continue
        cut = _person_start(ent, lexicon) if ent.label_ == "ORG" and len(ent) >= 3 else None
        if cut is None and ent.label_ in ("ORG", "PERSON", "NORP") and len(ent) >= 3:
            cuts = _party_title_name(ent, lexicon)
            if cuts is not None:   # "[Labour] MPs [Grace Idowu]", "[Tory] [Jack Hurst]": the party, the name
                out.append(Span(ent.doc, ent.start, cuts[0], label="ORG"))
                out.append(Span(ent.doc, cuts[1], ent.end, label="PERSON"))
                continue
        if cut is None and ent.label_ in ("ORG", "WORK_OF_ART", "GPE", "FAC") and len(ent) >= 4 \
                and (cuts := _title_inside(ent, lexicon)) is not None:
            # "[Dundee North] MSP [Eilidh Baxter]", "[Acme Foods] chairman [Jo Bell]": the body or
            # seat, the title, the name
            seat = is_known_place(ent[0].text) and lexicon.title_role.get(ent.doc[cuts[0]].lower_) == "member"
            out.append(Span(ent.doc, ent.start, cuts[0], label="GPE" if seat else "ORG"))
            out.append(Span(ent.doc, cuts[1], ent.end, label="PERSON"))
            continue
        doc = ent.doc
        if cut is None and ent.label_ in ("PERSON", "ORG", "NORP") and len(ent) >= 2 and ent[-1].is_title \
                and ent[-1].lower_ in lexicon.title_role and ent.end < len(doc) and doc[ent.end].ent_iob_ == "B" \
                and doc[ent.end].ent_type_ == "PERSON":
            # "[Bahia Governor] [Adriano Farias]": the title ran into the place or body before it
            before = doc[ent.start:ent.end - 1]
            out.append(Span(doc, ent.start, ent.end - 1, label="GPE" if is_known_place(before.text) else "ORG"))
            continue
        if cut is None:
            out.append(ent)
            continue
        out.append(Span(ent.doc, ent.start, cut, label="ORG"))
        out.append(Span(ent.doc, cut, ent.end, label="PERSON"))
    return out


def _title_inside(ent: Span, lexicon: Lexicon) -> tuple[int, int] | None:
    """(title, name start) in an organization's span the NER ran over a title into a name: one
    title word after a word or more, then a given name and a surname to the span's end."""
    for k in range(ent.start + 1, ent.end - 2):
        word = ent.doc[k]
        if word.lower_ in lexicon.title_role and word.lower_ not in lexicon.org_heads \
                and is_given_name(ent.doc[k + 1].text) and not is_major_place(ent.doc[k + 1].text) \
                and all(t.is_title and t.is_alpha and t.lower_ not in lexicon.title_role for t in ent.doc[k + 1: ent.end]) \
                and ent.end - k - 1 <= 3:
            return k, k + 1
    return None


def _party_title_name(ent: Span, lexicon: Lexicon) -> tuple[int, int] | None:
    """Where the party ends and the name starts in a span the NER ran from a party (over a title)
    into a name ("Labour MPs Grace Idowu", "Green councillor Ann Ode", "Tory Jack Hurst"): the
    party's words, one title word (or its plural) or none, then a given name and a surname."""
    for k in range(ent.start + 1, min(ent.start + 3, ent.end - 1)):
        doc = ent.doc
        word = doc[k].lower_
        if doc[ent.start:k].text.lower() not in lexicon.party_of:
            continue
        if word not in lexicon.title_role and not singular_title(word, lexicon):
            # "[Tory] [Jack Hurst]": the party's word right before a given name and a surname
            name = doc[k:ent.end]
            if len(name) >= 2 and is_given_name(name[0].text) and all(t.is_title and t.pos_ == "PROPN" for t in name):
                return k, k
            return None
        name = doc[k + 1:ent.end]
        if len(name) >= 2 and is_given_name(name[0].text) and all(t.is_title and t.pos_ == "PROPN" for t in name):
            return k, k + 1
        return None
    return None


def _person_start(ent: Span, lexicon: Lexicon) -> int | None:
    """Where the person's name starts in ``ent``, an organization after "<title> of (the)"."""
    doc = ent.doc
    before = ent.start - 1
    if before >= 0 and doc[before].lower_ == "the":
        before -= 1
    if before < 1 or doc[before].lower_ != "of" or not _title_ends_at(doc, before - 1, lexicon):
        return None
    title = doc[before - 1]
    if title.dep_ == "appos":
        return None   # "X, the spiritual leader of Congregation Beth Shalom": the title is X's, the name one
    for k in (ent.end - 2, ent.end - 3):   # "Alan Hughes", "Mary Ann Collins"
        if k <= ent.start or not is_given_name(doc[k].text) or is_major_place(doc[k].text):
            continue
        name = doc[k:ent.end]
        if all(t.is_title and t.pos_ == "PROPN" and t.lower_ not in lexicon.org_heads
               and t.lower_ not in lexicon.title_role for t in name):
            return k
    return None


def _title_ends_at(doc, i: int, lexicon: Lexicon) -> bool:
    """A title ends at token ``i``: "chairman", "chief executive", "general secretary"."""
    if i < 0:
        return False
    two = f"{doc[i - 1].lower_} {doc[i].lower_}" if i > 0 else ""
    return doc[i].lower_ in lexicon.title_role or two in lexicon.title_role


def title_of_cut_name_facts(doc, *, resolver, lexicon: Lexicon, sent_of: list[int]) -> list:
    """The facts of "Chairman of the Fenwick Trust Alan Hughes": the parse makes the name the
    title's "of" object with the organization's words its compounds; the person holds the post
    and leads (belongs to, works for) the organization."""
    from kg.extract.positions import leader_title_predicate, party_aware, position_label
    from kg.extract.lexicon import TITLE_ROLES
    from kg.model import Fact, ObjectRef
    out = []
    ents = resolver.table.entities
    for of in tokens_with(doc, LOWER, _OF_IDS):   # no Token made for the other words
        if of.dep_ != "prep" or (role := _role(of.head, lexicon)) is None:
            continue
        title = of.head
        for name in (g for g in of.children if g.dep_ == "pobj" and g.pos_ == "PROPN"):
            people = [r for r in resolver.referents(name) if ents[r.key].kind == "person"]
            orgs = [r for c in name.children if c.dep_ == "compound" and c.i < name.i
                    for r in resolver.referents(c) if ents[r.key].kind == "organization"]
            sent = sent_of[title.i]
            for h in people if orgs else ():
                out.append(Fact(h.key, "holdsPosition", ObjectRef.position(position_label(title, lexicon=lexicon)),
                                sent, (), "phrase:title-of-cut-name", 0.75, title.i))
                for org in orgs:
                    predicate = leader_title_predicate("leaderOf", title, lexicon) if role == "leader" \
                        else party_aware(TITLE_ROLES[role], is_party=ents[org.key].party, title=title.lower_,
                                         lexicon=lexicon)
                    out.append(Fact(h.key, predicate, ObjectRef.entity(org.key), sent, (), "phrase:title-of-cut-name",
                                    0.75, title.i))
    return out


def _role(title, lexicon: Lexicon) -> str | None:
    """The title role of a title's head word ("chairman"), or of it with the word before it
    ("chief executive")."""
    doc = title.doc
    two = f"{doc[title.i - 1].lower_} {title.lower_}" if title.i > 0 else ""
    return lexicon.title_role.get(two) or lexicon.title_role.get(title.lower_)
