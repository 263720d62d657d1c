"""Organizations the NER passed over that the text says what they are of: a name right after a
word for a kind of organization ("the Oslo-based startup [Fjordly]", "shares in drugmaker
[Alpenpharm]") or in apposition to one ("[Fjordly], a ferry software firm, said"). One to three
capitalised words the NER left untagged, no title, given name, town or word of ours; the name
said again elsewhere in the text is the organization too. Pure: reads the Doc, changes nothing.
"""
from __future__ import annotations

from functools import lru_cache

from spacy.attrs import LEMMA
from spacy.tokens import Doc, Token

from kg.extract.gazetteer import country_names_of, is_city, is_known_place
from kg.extract.lexicon import Lexicon
from kg.extract.name_words import name_word_any
from kg.extract.tokens import sentence_index, string_ids, tokens_with
from kg.model import Mention
from kg.personnames import first_name_gender

#: articles before the descriptor of a name in apposition ("X, a software firm")
_ARTICLES = frozenset({"a", "an", "the"})
#: what may follow the descriptor in such an apposition: the phrase ends, or goes on about it
_AFTER = frozenset({",", ".", ";", "that", "which", "whose", "based", "in", "from", "with", "of", "owned", "run", "—", "-"})


@lru_cache(maxsize=4)
def _cue_ids(lexicon: Lexicon) -> frozenset[int]:
    """The lemmas that may cue a name: descriptors, "up" (of "start-up"), staff and envoy nouns."""
    return string_ids(lexicon.org_descriptors | people_nouns_of_org(lexicon) | {"up"})


def is_descriptor(tok: Token, lexicon: Lexicon) -> bool:
    """A common noun naming a kind of organization: "firm", "startup", "drugmaker", "start-up"
    (the last word of a hyphenated one)."""
    low = tok.lower_
    if tok.i >= 2 and tok.doc[tok.i - 1].text == "-" and not tok.doc[tok.i - 2].is_title:
        low = f"{tok.doc[tok.i - 2].lower_}-{low}"   # "start" "-" "up"
        return low in lexicon.org_descriptors
    return not tok.is_title and tok.pos_ == "NOUN" and low in lexicon.org_descriptors


def described_org_mentions(doc: Doc, *, taken: set[int], lexicon: Lexicon,
                           sent_of: list[int] | None = None) -> list[Mention]:
    """Untagged names the text calls an organization by a descriptor before it or in apposition."""
    sent_of = sent_of if sent_of is not None else sentence_index(doc)
    out: list[Mention] = []
    for t in tokens_with(doc, LEMMA, _cue_ids(lexicon)):   # no Token made for the other words
        if _staff_of_name(t, taken, lexicon):   # "Amazon officials", "Zentrix shareholders"
            i = t.i - 1
            out.append(Mention(i, i + 1, doc[i].text, doc[i].text, "ORG", sent_of[i]))
            taken.add(i)
            continue
        if not is_descriptor(t, lexicon):
            continue
        span = _name_after(doc, t.i + 1, taken, lexicon) if is_descriptor(t, lexicon) else None
        if span is None and t.i + 2 < len(doc) and doc[t.i + 1].text == "," and _after_article(doc, t):
            span = _name_after(doc, t.i + 2, taken, lexicon)   # "a Dundee firm, Tayside Games, ..."
            if span is not None and span[1] < len(doc) and doc[span[1]].text not in (",", ".", ";"):
                span = None
        if span is None and t.i + 1 < len(doc) and doc[t.i + 1].text in _AFTER:
            span = _name_before(doc, t, taken, lexicon)
        if span is None:
            continue
        i, j = span
        out.append(Mention(i, j, doc[i:j].text, doc[i:j].text, "ORG", sent_of[i]))
        taken.update(range(i, j))
    if out:   # the name said again, where nothing shows what it is ("Fjordly's chief executive")
        names = {m.name: len(m.name.split()) for m in out}
        for t in doc:
            for name, size in names.items():
                j = t.i + size
                if j <= len(doc) and doc[t.i:j].text == name and not any(k in taken or doc[k].ent_type_
                                                                        for k in range(t.i, j)):
                    out.append(Mention(t.i, j, name, name, "ORG", sent_of[t.i]))
                    taken.update(range(t.i, j))
    return out


#: people of an organization, named after its name: "Amazon officials", "Zentrix shareholders"
STAFF_NOUNS = frozenset({"staff", "employee", "worker", "shareholder", "investor", "engineer", "spokesperson"})


@lru_cache(maxsize=4)
def people_nouns_of_org(lexicon: Lexicon) -> frozenset[str]:
    """The nouns for an organization's people: the lexicon's envoy nouns and its staff."""
    return lexicon.envoy_nouns | STAFF_NOUNS


def _staff_of_name(t: Token, taken: set[int], lexicon: Lexicon) -> bool:
    """``t`` is a noun for an organization's people after one untagged capitalised word that is
    no town, country, party, nationality or given name."""
    if t.i == 0 or t.lemma_.lower() not in people_nouns_of_org(lexicon) or t.pos_ != "NOUN":
        return False
    name = t.doc[t.i - 1]
    if name.dep_ != "compound" or name.head.i != t.i or name.i in taken or name.ent_type_ or name.is_sent_start:
        return False
    if t.i >= 2 and t.doc[t.i - 2].is_title and t.doc[t.i - 2].is_alpha:
        return False   # one word of a longer name
    return _name_word(name, taken, lexicon) and name.pos_ == "PROPN" and _plausible(t.doc, name.i, name.i + 1) \
        and name.lower_ not in lexicon.party_of and not country_names_of(name.text) \
        and name.lower_ not in lexicon.group_adjectives


def _name_after(doc: Doc, i: int, taken: set[int], lexicon: Lexicon) -> tuple[int, int] | None:
    j = i
    while j < len(doc) and j - i < 3 and _name_word(doc[j], taken, lexicon):
        j += 1
    if j == i or j < len(doc) and doc[j].is_title and doc[j].is_alpha:
        return None   # nothing named, or a longer name than ours to judge
    return (i, j) if _plausible(doc, i, j) else None


def _name_before(doc: Doc, desc: Token, taken: set[int], lexicon: Lexicon) -> tuple[int, int] | None:
    """"X, a ferry software firm,": the article at most four words before the descriptor, a comma
    before it, and the name before the comma."""
    k = desc.i - 1
    while k > 0 and desc.i - k <= 4 and doc[k].lower_ not in _ARTICLES and not doc[k].is_punct:
        k -= 1
    if k < 2 or doc[k].lower_ not in _ARTICLES or doc[k - 1].text != ",":
        return None
    j = k - 1
    i = j
    while i > 0 and j - i < 3 and _name_word(doc[i - 1], taken, lexicon):
        i -= 1
    if i == j or i > 0 and (doc[i - 1].is_title and doc[i - 1].is_alpha or doc[i - 1].ent_type_):
        return None
    return (i, j) if _plausible(doc, i, j) else None


def _after_article(doc: Doc, desc: Token) -> bool:
    """The descriptor ends a phrase an article opens, a few words before it ("a Dundee firm")."""
    return any(doc[k].lower_ in _ARTICLES for k in range(max(desc.i - 4, 0), desc.i))


def _name_word(tok: Token, taken: set[int], lexicon: Lexicon) -> bool:
    # (a name the NER typed a product or a work, and one in camel case: "operator NordSail")
    return tok.i not in taken and (not tok.ent_type_ or tok.ent_type_ in ("PRODUCT", "WORK_OF_ART")) \
        and (tok.is_title or tok.text[:1].isupper() and any(c.islower() for c in tok.text)) \
        and tok.is_alpha and len(tok) > 1 and (name_word_any(tok, lexicon) or not tok.is_title) \
        and tok.lower_ not in lexicon.org_descriptors


def _plausible(doc: Doc, i: int, j: int) -> bool:
    """No given name first ("the firm Fiona founded"), no town, nothing the sentence starts with
    that is a word of the language ("Shares" at a sentence's start)."""
    text = doc[i:j].text
    if first_name_gender(doc[i].text) or is_city(text) or is_known_place(text):
        return False
    return not (doc[i].is_sent_start and j - i == 1 and doc[i].is_stop)
