"""Small cues to what a name is, read beside it: a person's title hung on it, a language's
article or a country's name before it, a news outlet's noun before it."""
from __future__ import annotations

from kg.extract.gazetteer import is_country
from kg.extract.lexicon import Lexicon
from kg.model import Mention
from kg.personnames import first_name_gender


#: a definite article of another language at the head of a name: "Al Jazeera", "Le Monde", "El Pais"
FOREIGN_ARTICLES = frozenset({"al", "el", "la", "le", "les", "los", "las", "il", "lo", "der", "die", "das", "het"})


def given_name_first(word: str) -> bool:
    """The first of two words an ORG span holds reads as a given name: not another language's
    article ("Al Jazeera") nor a country ("France Inter", "China Daily")."""
    return bool(first_name_gender(word)) and word.lower() not in FOREIGN_ARTICLES and not is_country(word)


#: titles that are also what firms are: "games developer X", "film producer X", "Quebec miner X"
FIRMS_TRADES = frozenset({"developer", "producer", "operator", "miner", "trader", "chemist", "consultant", "agent",
                          "planner", "designer", "architect", "banker", "engineer"})


def titled(t, m: Mention, lexicon: Lexicon) -> bool:
    """``t``, right before the name, is a person's title hung on it: "coach", "Mayor" (not a
    word of another name, nor one of a place's or a body's: "Hamilton Academical", "Court")."""
    return t.lower_ in lexicon.title_role and t.lower_ not in FIRMS_TRADES and t.pos_ in ("NOUN", "PROPN") \
        and not t.ent_type_ \
        and t.dep_ == "compound" and m.start <= t.head.i < m.end and all(w[:1].isupper() for w in m.name.split())


#: nouns of a news outlet before its name ("the Oslo daily X"); not "broadcaster", also a person's trade
OUTLET_NOUNS = frozenset({"newspaper", "paper", "daily", "weekly", "tabloid", "magazine", "station", "network",
                          "channel", "website", "outlet"})
