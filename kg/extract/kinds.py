"""Which kind a name is: each mention's vote for person, organization, place or event.

The NER's label is where a vote starts; the words of the name and of its context overrule it
with a weight: an honorific makes a person ("Mr Kilroy"), a club's context an organization
("Leeds striker X"), a resident's noun a place ("a resident of Oakhurst"), a descriptor an
organization ("the bakery chain X"). :func:`kg.extract.entities.resolve_entities` sums the votes
of an entity's mentions (:func:`top_kind`). Pure functions of a mention, the Doc and the Lexicon.
"""
from __future__ import annotations

from collections import Counter

from spacy.tokens import Doc

from kg.extract.docmemo import children
from kg.extract.gazetteer import is_city, is_known_place, is_major_place
from kg.extract.kind_cues import OUTLET_NOUNS, given_name_first, titled
from kg.extract.missed_organizations import speaks_as_business
from kg.extract.missed_places import SIDE_NOUNS, in_place_position
from kg.extract.lexicon import Lexicon, party_word
from kg.model import Mention
from kg.model import Entity
from kg.personnames import first_name_gender, fold, is_given_name

KINDS = ("person", "organization", "place", "event")


def _who_clause(head) -> bool:
    """"X, who lives in ...": a relative clause opened by "who", which English keeps for people."""
    return any(c.dep_ == "relcl" and any(g.dep_ in ("nsubj", "nsubjpass") and g.lower_ == "who" for g in children(c))
               for c in children(head))


def _given_an_age(head) -> bool:
    """"X, 34, ...": a number from 1 to 120 in apposition to the name."""
    return any(c.dep_ == "appos" and c.like_num and c.text.isdigit() and 0 < int(c.text) <= 120 for c in children(head))


#: a club's last words, no one's surname ("Harlow Rovers", "Beverley Athletic", though "Harlow" is a given name)
CLUB_WORDS = frozenset({"united", "rovers", "wanderers", "athletic", "hotspur", "rangers", "albion", "fc", "afc"})
#: sports clubs' letters, as written after or before their names: "Frolunda HC", "Rosenborg BK", "AC Milan"
CLUB_LETTERS = frozenset({"FC", "AFC", "CF", "SC", "HC", "BK", "IK", "IF", "IL", "SK", "FK", "AC", "SV", "KV", "HK",
                          "RC", "CD", "SSC", "TSV", "VfB", "VfL", "RFC", "GAA"})


def kind_vote(m: Mention, doc: Doc, lexicon: Lexicon, party: bool) -> tuple[str, int]:
    """Which kind one mention suggests, and how strongly."""
    if party:
        return "organization", 5
    last = m.name.split()[-1].lower()
    head = doc[m.end - 1]
    if m.label != "EVENT" and m.tokens >= 2 and last in lexicon.event_nouns and not m.honorific \
            and _described_as_organization(m, head, lexicon):
        return "organization", 8  # "a Dundee firm, Tayside Games": what the text calls it, not its last word
    if m.label == "EVENT" or m.tokens >= 2 and last in lexicon.event_nouns and m.label in ("ORG", "FAC", "GPE") \
            and not (m.label == "ORG" and last in lexicon.org_heads and not _names_an_occasion(m, lexicon)):
        return "event", 4  # "the Party Conference", "National Tree Planting Day"; not "the Aam Aadmi Party"
    if m.tokens >= 2 and m.name.split()[0].lower() in ("co", "co.", "county") and not m.honorific \
            and last not in lexicon.org_heads:
        return "place", 6  # "Ballina, Co Mayo", "County Durham": a county, whatever the NER said
    if head.dep_ == "pobj" and head.head.lower_ == "for" and head.head.head.lower_ in lexicon.title_org_cues:
        return "place", 3  # "MP for Mid-Kent": a constituency
    if m.honorific and lexicon.honorific_gender.get(m.honorific.lower().rstrip("."), "") in ("male", "female"):
        return "person", 4  # "Mr Kilroy", "Lord Smith", whatever the NER said
    if m.label in ("PERSON", "ORG") and _given_an_age(head) and last not in lexicon.org_heads:
        return "person", 4  # "Obi, 38, is ...": a name given an age is a person's
    if m.label != "PERSON" and 2 <= m.tokens <= 3 and m.start > 0 and titled(doc[m.start - 1], m, lexicon) \
            and last not in lexicon.org_heads and last not in lexicon.business_words and last not in lexicon.street_words:
        return "person", 4  # "coach Teboho Mabena", "mayor Thabo Lekota": a person's title before the name
    if m.title and m.label in ("ORG", "GPE", "NORP", "FAC") and m.tokens >= 2 and last not in lexicon.org_heads \
            and last not in lexicon.business_words and all(w[:1].isupper() for w in m.name.split()):
        return "person", 4  # "Auditor-General Thabo Mahlangu" typed ORG: a title before a name makes it a person's
    if m.tokens == 1 and last in lexicon.unique_titles and m.label == "PERSON":
        return "person", 6  # "the Queen": one person, by her title
    if (m.label == "GPE" or m.label in ("ORG", "PERSON") and is_city(m.name)) \
            and m.end + 1 < len(doc) and doc[m.end].text == "," and doc[m.end + 1].pos_ == "PROPN" \
            and is_major_place(lexicon.place_of.get(fold(doc[m.end + 1].text), doc[m.end + 1].text)) \
            and not is_major_place(m.name):
        return "place", 9  # "the Kansas City, Mo., card maker", "Coral Springs, Fla." typed ORG: a town and its state
    if (m.label in ("GPE", "LOC", "FAC", "ORG") and m.tokens <= 2 or m.label == "PERSON" and m.tokens == 1) \
            and not m.honorific and not first_name_gender(m.name.split()[0]) and _fields_a_side(head, lexicon):
        return "organization", 8  # "Leeds striker X", "signed for Bolton", "captains Wigan": a club named after its town
    if m.label in ("ORG", "PERSON", "NORP", "FAC") and m.tokens <= 2 and not m.honorific and is_city(m.name) \
            and head.dep_ == "compound" and head.head.i > head.i and head.head.lemma_.lower() in lexicon.org_descriptors \
            and head.head.lemma_.lower() not in SIDE_NOUNS:
        return "place", 6  # "a Dundee firm", "the Pune software firm": where the firm is (not "the Leeds side")
    if m.label in ("PERSON", "ORG", "NORP", "FAC", "GPE", "LOC") and m.tokens <= 2 and not m.honorific \
            and not first_name_gender(m.name.split()[0]) and _business_by_context(m, head, lexicon):
        return "organization", 6  # "staff at Harrods", "Greggs closed its shops": a business's
    if m.label in ("PERSON", "ORG", "NORP", "FAC") and m.tokens <= 3 and not m.honorific and is_city(m.name) \
            and in_place_position(head, lexicon) and not _names_another_way(m, doc, lexicon):
        return "place", 5  # "from Marion to Warren", "Austin police": a town where only a place stands
    if m.label in ("ORG", "GPE", "LOC", "FAC", "NORP") and (m.tokens >= 2 or doc[m.start].is_sent_start) \
            and not m.honorific and last not in lexicon.org_heads and _apposed_to_a_post(head, lexicon):
        return "person", 4  # "a spokesman for X, Hiro Sato," typed a building; "Brandt, a chemist at X,": a post is a person's
    if m.label in ("ORG", "GPE", "LOC", "NORP") and m.tokens >= 2 and any(
            c.dep_ == "appos" and c.pos_ == "NOUN" and c.lemma_.lower() in lexicon.resident_nouns for c in children(head)):
        return "person", 4  # "X Y, a mother of three," typed ORG: only a person is a mother
    if m.label in ("ORG", "GPE", "LOC", "FAC") and m.tokens >= 2 and not m.honorific and last not in lexicon.org_heads \
            and (is_given_name(m.name.split()[0]) and _given_an_age(head) or _who_clause(head)):
        return "person", 4  # "Ella Mae Dobbs, 101, ...", "Ama Owusu, who lives in ..." typed ORG: a person's
    if m.label in ("ORG", "PERSON", "FAC") and m.tokens <= 3 and not m.honorific and not is_given_name(m.name.split()[0]) \
            and (head.dep_ == "pobj" and head.head.lower_ == "of" and head.head.head.lemma_.lower() in lexicon.resident_nouns
                 or head.dep_ in ("compound", "nmod") and head.head.lemma_.lower() in lexicon.resident_nouns
                 and head.head.i > head.i):
        return "place", 5  # "a resident of Oakhurst", "a Wrexham pensioner": where a resident lives
    if m.label in ("ORG", "PERSON", "FAC") and m.tokens >= 2 and not m.honorific \
            and (m.name.split()[0].lower() == "county" or last in ("county", "shire")):
        return "place", 5  # "County Mayo", "Harlan County"
    if m.label in ("ORG", "PERSON", "FAC") and m.tokens <= 3 and not m.honorific and head.dep_ == "pobj" \
            and head.head.lower_ == "of" and head.head.head.lemma_.lower() in lexicon.place_nouns \
            and head.head.head.i < head.i and not head.head.head.ent_type_:
        return "place", 5  # "the village of Little Haddon", "the city of Oakmont"
    if m.label in ("ORG", "PERSON", "FAC") and m.tokens <= 3 and not m.honorific and head.dep_ == "pobj" \
            and head.head.lower_ == "from" and head.head.head.dep_ == "appos" \
            and (head.head.head.pos_ == "NOUN" or head.head.head.ent_type_ == "NORP" and is_city(m.name)) \
            and head.head.head.head.ent_type_ == "PERSON" and last not in lexicon.org_heads:
        return "place", 4  # "X, a rancher from Abilene", "a Democrat from Dayton": where a person described is from
    if m.label == "ORG" and m.tokens <= 2 and head.dep_ == "compound" and head.head.lower_ in lexicon.place_nouns \
            and not last in lexicon.org_heads:
        return "place", 3  # "the Flatbush section of Brooklyn"
    if m.label in ("ORG", "PERSON", "FAC") and m.tokens >= 2 and not m.honorific and last in lexicon.street_words \
            and not (m.label == "PERSON" and m.tokens == 2 and is_given_name(m.name.split()[0])
                     and head.dep_ in ("nsubj", "nsubjpass", "dobj", "poss", "appos")):
        return "place", 4  # "Wellbrook Lane", "Kingsley Road": a street (not "Ruth Lane appointed X")
    if m.label in ("ORG", "PERSON") and m.tokens == 1 and not m.honorific and head.dep_ in ("appos", "conj") \
            and head.head.i < head.i and head.head.lower_ in lexicon.street_words:
        return "place", 4  # "of Wellbrook Lane, Marston": the town after the street
    if m.label in ("PERSON", "ORG", "GPE", "LOC", "FAC", "NORP") and m.tokens >= 2 and not m.honorific \
            and last in lexicon.business_words and (not first_name_gender(m.name.split()[0])
                                                    or last not in SURNAME_LIKE_BUSINESS_WORDS):
        return "organization", 5  # "Halvorsen Shipping's spokeswoman", "Halvard Mining" typed a person: a business's name
    if m.label in ("PERSON", "GPE", "LOC", "FAC", "NORP") and m.tokens >= 2 and not m.honorific \
            and last.rstrip(".") in CLUB_ABBREVIATIONS:
        return "organization", 6  # "Lake Utd", "Dunmore AFC" typed a person or a place: a club
    if m.label in ("PERSON", "ORG", "GPE", "LOC", "FAC") and not m.honorific \
            and _described_as_organization(m, head, lexicon):
        return "organization", 8  # "the bakery chain X", "X, the shipping group", "X's shares"
    if m.label in ("PERSON", "ORG") and not m.honorific and (
            any(c.dep_ == "appos" and c.pos_ == "NOUN" and c.lemma_.lower() in lexicon.place_nouns for c in children(head))
            or any(c.dep_ == "appos" and c.ent_type_ == "GPE" and is_known_place(c.text)
                   and (c.i == m.end + 1 or m.label != "PERSON") for c in children(head))):   # (not "X of Freeport, Bahamas")
        return "place", 4  # "Bandra, a suburb of Mumbai", "Porto Alegre, Brazil", "Woodbridge, Suffolk"
    words = m.name.split()
    if m.label in ("PERSON", "ORG", "GPE") and not m.honorific and len(words) >= 2 and words[0] not in COMPASS \
            and (words[-1] == "Central" or " ".join(words[-2:]) in COMPASS
                 or words[-1] in COMPASS and not first_name_gender(words[0])):
        return "place", 4  # "Kingsbridge Central", "Ashford North West": a district or a constituency
    if m.label == "ORG" and any(t.ent_type_ in ("GPE", "LOC") for t in _list_neighbours(head)):
        return "place", 3  # "Truro, Kingsbridge Central and Bath": one of a list of places
    if m.label in ("ORG", "PERSON") and m.end + 2 < len(doc) + 1 and m.end + 1 < len(doc) \
            and doc[m.end].text == "-" and doc[m.end + 1].lower_ in ("based", "headquartered"):
        return "place", 4  # "Bergen-based": where something is
    if m.label in ("ORG", "PERSON") and head.dep_ == "pobj" and head.head.lower_ == "of" \
            and head.head.head.lower_ in lexicon.outer_place_nouns and any(
                c.dep_ == "compound" and c.ent_type_ in ("GPE", "LOC") for c in children(head.head.head)):
        return "place", 4  # "the Mumbai suburb of Bandra"
    if m.label in ("ORG", "PERSON") and m.tokens >= 2 and not m.honorific and last not in lexicon.org_heads \
            and not is_given_name(m.name.split()[0]) and _fronted_place(m, head, doc):
        return "place", 4  # "In Kelby Green, shops shut": a sentence opened by where it happens
    if (m.label == "ORG" or m.label == "PERSON" and m.tokens == 1) and not m.honorific and _place_of_office(head, lexicon):
        return "place", 3  # "Bristol mayor X", "the mayor of Bristol": an office of a place
    if m.label in ("PERSON", "GPE", "LOC") and m.tokens >= 2 and fold(m.name.split()[0]) in ORG_FIRST_WORDS:
        return "organization", 4  # "Banco Aurora", "Grupo Norte"
    org_nouns = lexicon.local_org_nouns | OUTLET_NOUNS   # "the charity X", "the Oslo daily X"
    if m.label in ("PERSON", "ORG") and (
            head.dep_ in ("appos", "compound") and head.head.lower_ in org_nouns and head.head.i < head.i
            and not head.head.ent_type_
            or any(c.dep_ in ("compound", "nmod") and c.lower_ in org_nouns and c.i < m.start and not c.ent_type_
                   for c in children(head))):
        return "organization", 3  # "the charity Shelter", "the firm Acme"
    if m.label == "PERSON" and not m.honorific and head.dep_ == "pobj" and head.head.lower_ == "of" \
            and not first_name_gender(m.name.split()[0]) and head.head.head.pos_ == "NOUN" and "leader" in (
                lexicon.title_role.get(head.head.head.lower_),
                lexicon.title_role.get(f"{doc[head.head.head.i - 1].lower_} {head.head.head.lower_}")):
        return "organization", 3  # "chief executive of Brno Glassworks": what one heads is no person
    if m.label == "PERSON" and not m.honorific and (
            head.dep_ in ("nsubj", "nsubjpass") and head.head.lemma_.lower() == "headquarter"
            or any(c.dep_ == "relcl" and c.lemma_.lower() == "headquarter" for c in children(head))):
        return "organization", 3  # "X is headquartered in Bergen", "X, which is headquartered in Bergen"
    if m.label in ("PERSON", "ORG") and not m.honorific and m.start >= 2 and doc[m.start - 1].lower_ in OUTLET_NOUNS \
            and any(t.lower_ == "the" for t in doc[max(m.start - 4, 0): m.start - 1]) \
            and head.dep_ not in ("nsubj", "nsubjpass") and not (
                first_name_gender(m.name.split()[0]) and m.end < len(doc) and doc[m.end].pos_ in ("VERB", "AUX")):
        # (not "the paper Tom Hale founded", "the station Ann Lowe runs")
        return "organization", 3  # "told the business daily X", "the Lima weekly X", whatever the parse made of them
    if m.label in ("PERSON", "") and not m.honorific and m.tokens >= 2 and (m.name.split()[-1] in CLUB_LETTERS
                                                                      or m.name.split()[0] in CLUB_LETTERS):
        return "organization", 4  # "Frolunda HC", "AC Lugano" typed PERSON: a club by its letters
    if m.label == "PERSON" and not m.honorific and m.tokens >= 2 and last in lexicon.org_heads \
            and not (m.tokens == 2 and first_name_gender(m.name.split()[0]) and last not in CLUB_WORDS):
        return "organization", 3  # "Baxter Lowe LLP", "St Jude's Hospital", "Harlow Rovers" typed PERSON
    if m.label == "PERSON" and m.tokens <= 3 and not m.honorific and m.start > 0 and doc[m.start - 1].lower_ == "the" \
            and head.tag_ == "NNP" and head.dep_ != "compound" and head.lower_ not in lexicon.royal_titles \
            and head.lower_ not in lexicon.title_role and head.lower_ not in lexicon.honorific_gender \
            and (m.tokens == 1 or not is_given_name(m.name.split()[0])):
        return "organization", 3  # "joined the Chronicle", "a reporter for the Dayton Ledger": a person's name takes no article
    if m.end + 1 < len(doc) and doc[m.end].lower_ in lexicon.title_role and doc[m.end].pos_ == "NOUN" \
            and doc[m.end + 1].ent_iob_ == "B" and (doc[m.end + 1].ent_type_ == "PERSON" or doc[m.end + 1].ent_type_ == "ORG"
                                                     and doc[m.end].head.i > m.end) and (
                m.label == "PERSON" and not first_name_gender(m.name.split()[0])
                or m.label in ("GPE", "LOC", "FAC") and m.tokens >= 2 and not is_known_place(m.name)
                and doc[m.end].lower_ not in lexicon.place_titles):
        return "organization", 3  # "Atletico Guanabara president X", "Orlando Stars coach X": what the title is of
    if m.label == "PERSON":
        if m.honorific or m.tokens >= 2 and m.name.split()[0][0].isupper() and last not in lexicon.org_heads:
            # a place-like phrase: "the Dockside section", "in Dockside Heights"
            if head.dep_ == "compound" and head.head.lower_ in lexicon.place_nouns and not m.honorific:
                return "place", 3
            return "person", 3
        if head.dep_ == "pobj" and head.head.lower_ in lexicon.locative_preps:
            return "place", 2
        if head.dep_ == "compound" and head.head.lower_ in lexicon.place_nouns:
            return "place", 2
        return "person", 1
    if last in lexicon.org_heads:
        return "organization", 3
    if m.label == "ORG" and m.tokens == 2 and given_name_first(m.name.split()[0]) and m.name.split()[1][:1].isupper() \
            and not (m.start > 0 and doc[m.start - 1].lower_ == "the") \
            and not (head.dep_ == "compound" and head.head.pos_ == "NOUN"):  # "an Al Jazeera correspondent"
        return "person", 3  # "Marcus Bell" typed ORG: a given name and a surname
    if m.label in ("GPE", "LOC", "FAC"):
        return "place", 2
    if m.tokens == 1 and head.dep_ == "compound" and head.head.lower_ in lexicon.local_org_nouns \
            and head.head.dep_ == "appos":
        return "place", 2  # "Brannock Engineering, a Dundee firm": where the firm is
    if m.label == "ORG" and m.tokens == 1 and head.dep_ == "pobj" and head.head.lower_ in ("in", "at", "near"):
        return "place", 1
    if m.label in ("ORG", "PERSON") and m.tokens <= 2 and head.dep_ == "pobj" and head.head.lower_ == "of" \
            and head.head.head.ent_type_ == "PERSON" and _given_an_age(head.head.head):
        return "place", 4  # "Armando Quintero, 19, of Hialeah": where one of that age is from
    return "organization", 2


def _business_by_context(m: Mention, head, lexicon: Lexicon) -> bool:
    """The text has the name speak as a business (:func:`speaks_as_business`). A name typed a
    person must be a common noun to the tagger ("Hartwells said it would") or have staff,
    stores or customers ("staff at X"): "Hale praised its staff" says nothing of Hale."""
    if m.label != "PERSON":
        return speaks_as_business(head, lexicon)
    if head.dep_ in ("pobj", "poss"):
        return speaks_as_business(head, lexicon)
    return head.pos_ == "NOUN" and speaks_as_business(head, lexicon, said_it=True)


def _names_another_way(m: Mention, doc: Doc, lexicon: Lexicon) -> bool:
    """The name says itself what it is: a person's given name and surname, an organization's word."""
    words = m.name.split()
    return words[-1].lower() in lexicon.org_heads or len(words) >= 2 and bool(first_name_gender(words[0])) \
        and not is_city(words[0])


#: abbreviated last words of sports clubs' names ("Lake Utd", "Dunmore AFC")
CLUB_ABBREVIATIONS = frozenset({"utd", "fc", "afc", "cfc", "rfc", "sc", "bc"})

#: first words of organizations' names in many languages ("Banco Aurora", "Groupe Vial")
ORG_FIRST_WORDS = frozenset({"banco", "banca", "banque", "bank", "grupo", "groupe", "gruppo", "compagnie",
                             "compania", "companhia", "societe", "sociedad", "universidad", "universidade",
                             "universite", "universita", "instituto", "institut", "fundacion", "fundacao",
                             "fondation", "stichting", "museo", "musee", "editorial", "ediciones"})

#: words that make a name ending in an organization word an occasion ("a Memorial Service")
_OCCASION_WORDS = frozenset({"memorial", "remembrance", "thanksgiving", "funeral", "carol", "carols",
                             "christmas", "easter", "wedding", "birthday", "farewell", "garden"})


def _fields_a_side(head, lexicon: Lexicon) -> bool:
    """The name is a sports club's, where a town's name could stand: before a player's or a
    manager's noun ("Leeds striker X", "the Bolton manager"), after "signed for" / "plays for",
    or what one captains, coaches or manages."""
    if head.dep_ in ("compound", "nmod") and head.i < head.head.i and head.head.lemma_.lower() in lexicon.squad_nouns:
        return True
    if head.dep_ == "pobj" and head.head.lower_ == "for" and head.head.head.lemma_.lower() in ("sign", "play"):
        return True
    return head.dep_ == "dobj" and head.head.pos_ == "VERB" and head.head.lemma_.lower() in ("captain", "coach", "manage")


def _names_an_occasion(m: Mention, lexicon: Lexicon) -> bool:
    words = m.name.lower().split()[:-1]
    return any(w in _OCCASION_WORDS or w in lexicon.event_nouns for w in words)


#: the words that end a district's or constituency's name ("Kingsbridge West", "Ashford North East")
COMPASS = frozenset({"North", "South", "East", "West", "Central", "North West", "North East", "South West",
                     "South East", "Northwest", "Northeast", "Southwest", "Southeast"})


def _list_neighbours(head):
    """The heads of the names listed with this one: its conjuncts, and what it is a conjunct of."""
    out = [c for c in children(head) if c.dep_ == "conj"]
    if head.dep_ == "conj":
        out.append(head.head)
    return out


#: the titles of a town's council members, before the town's name ("Pune councillor X")
LOCAL_MEMBER_TITLES = frozenset({"councillor", "councilor", "councilman", "councilwoman", "councilmember",
                                 "alderman", "alderwoman", "assemblyman", "assemblywoman"})


def _place_of_office(head, lexicon: Lexicon) -> bool:
    """The name is the place an office is of: "Bristol mayor", "the governor of Oita"."""
    if head.dep_ == "compound" and head.head.lower_ in lexicon.place_titles and head.i < head.head.i:
        return True
    if head.dep_ == "compound" and head.head.lower_ in LOCAL_MEMBER_TITLES and head.i < head.head.i \
            and is_city(head.doc[head.left_edge.i:head.i + 1].text):
        return True   # "Pune councillor X": the town whose council she sits on
    if head.dep_ in ("compound", "amod") and head.head.lemma_.lower() in lexicon.resident_nouns \
            and head.i < head.head.i and head.is_title:
        return True   # "Halifax resident X", "a Tulsa man": where one lives
    if head.dep_ == "compound" and head.i < head.head.i and head.is_title and _home_occupation(head.head, lexicon) \
            and not party_word(head.lower_, lexicon) and is_city(head.doc[head.left_edge.i:head.i + 1].text):
        return True   # "a Dayton businessman", "Tulsa activist X" (not "Reading striker X", "Green activist X")
    return head.dep_ == "pobj" and head.head.lower_ == "of" and head.head.head.lower_ in lexicon.place_titles


def _home_occupation(noun, lexicon: Lexicon) -> bool:
    """An occupation that a town's name before it says is the holder's home: not a club's
    player's ("Reading striker"), nor one a programme or a body is named before ("Panorama
    presenter", "Kremlin aide")."""
    lemma = noun.lemma_.lower()
    return lemma in lexicon.occupations and lemma not in lexicon.squad_nouns and lemma not in lexicon.not_home_nouns


def _fronted_place(m: Mention, head, doc: Doc) -> bool:
    """The name is the object of "in" opening its sentence and set off by a comma ("In Upton
    Vale, ..."): where what the sentence says happens."""
    prep = head.head
    return head.dep_ == "pobj" and prep.lower_ == "in" and prep.is_sent_start and prep.i == m.start - 1 \
        and m.end < len(doc) and doc[m.end].text == ","


def named_as_place(e: Entity) -> bool:
    """Every name the entity goes by is a country's or a subdivision's, and no honorific is used."""
    return bool(e.mentions) and not any(m.honorific for m in e.mentions) and all(
        is_known_place(m.name) for m in e.mentions)


#: titles that organizations hold too ("Acme, a partner in the bid", "a member of the league")
_SHARED_TITLES = frozenset({"partner", "member", "owner", "sponsor", "shareholder", "founder", "supplier"})


#: business words that are surnames too: "Ann Mills", "Tom Steel" (not "Halvard Mining": a given name
#: before another business word does not make it a person)
SURNAME_LIKE_BUSINESS_WORDS = frozenset({"mills", "steel", "bank", "capital", "co", "co.", "sa", "ag", "nv", "media"})


def _apposed_to_a_post(head, lexicon: Lexicon) -> bool:
    """The name is in apposition with a leader's or a staff title: "a spokesman for X, Y",
    "Y, chief economist at X"."""
    nouns = [head.head] if head.dep_ == "appos" else []
    nouns += [c for c in children(head) if c.dep_ == "appos"]
    return any(n.pos_ == "NOUN" and lexicon.title_role.get(n.lower_) in ("leader", "staff")
               and n.lower_ not in _SHARED_TITLES for n in nouns)


def _described_as_organization(m: Mention, head, lexicon: Lexicon) -> bool:
    """A name the text describes as an organization: after a descriptor noun ("bakery chain
    X", "the bank X"), with one in apposition ("X, the shipping group,"), or owning what only
    organizations own ("X's shares", "shares in X", "X's board")."""
    descriptors = lexicon.org_descriptors
    if m.label == "PERSON" and m.tokens >= 2 and first_name_gender(m.name.split()[0]):
        descriptors = lexicon.org_descriptors_not_trades   # "veteran broadcaster Mary Kell": a person's trade
    if head.dep_ in ("appos", "compound") and head.head.lemma_.lower() in descriptors and head.head.i < m.start \
            and not head.head.ent_type_:   # not "a nurse at X Hospital, Y": the descriptor is a name's word
        return True
    if any(c.dep_ in ("compound", "nmod", "amod") and c.lemma_.lower() in descriptors and c.i < m.start
           and not c.ent_type_ for c in children(head)):
        return True   # (not "Kerry County Council chief executive X": the noun is another name's word)
    if any(c.dep_ == "appos" and c.pos_ == "NOUN" and c.lemma_.lower() in descriptors for c in children(head)):
        return True
    if head.dep_ == "compound" and head.head.i == m.end and head.head.lemma_.lower() in descriptors \
            and m.tokens >= 2 and (head.tag_ == "NNPS" or head.tag_ == "NNP" and head.text.endswith("s")
                                   and not head.text.endswith("ss")) and not is_known_place(head.text) \
            and not is_known_place(m.name):
        return True   # "the Lakeport Pirates team": a plural name before a team's or firm's noun; not "the Leeds team"
    if head.dep_ == "poss" and head.head.lemma_.lower() in lexicon.org_possessions:
        return True
    return head.dep_ == "pobj" and head.head.lower_ == "in" and head.head.head.lemma_.lower() in ("share", "stake")


def is_full_person_name(m: Mention, doc: Doc, lexicon: Lexicon, *, vote: tuple[str, int] | None = None) -> bool:
    """A given name and a surname, typed PERSON, and not a place-like phrase."""
    words = m.name.split()
    if len(words) < 2 or words[0].lower() in lexicon.name_particles or words[-1].lower() in lexicon.org_heads:
        return False
    vote = vote or kind_vote(m, doc, lexicon, False)
    if m.label not in ("PERSON", "ORG"):   # "mayor Thabo Lekota" typed a place: a person by the title
        return m.label in ("GPE", "LOC", "FAC") and vote == ("person", 4) and m.start > 0 \
            and titled(doc[m.start - 1], m, lexicon)
    return vote[0] == "person"


def top_kind(counter: Counter) -> str:
    """The kind with the most votes; on a tie, the first of :data:`KINDS`."""
    order = {k: n for n, k in enumerate(KINDS)}
    return sorted(counter.items(), key=lambda kv: (-kv[1], order[kv[0]]))[0][0]
