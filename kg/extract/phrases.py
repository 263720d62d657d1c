"""The predicate lexicon: relation phrases mapped to kg's predicates, as data.

``kg/extract/data/predicates.json`` holds entries such as::

    {"id": "criticized-at", "predicate": "criticized", "subject": "agent", "object": "prep",
     "phrases": ["hit out at", "lash out at", "take aim at"],
     "examples": ["The coach hit out at the referee.", "not: The coach hit the ball out."]}

A phrase is a verb lemma then the particles or light object it needs ("hit out", "take aim"),
or, with ``"kind": "noun"``, a relational noun after the words it needs ("chief executive"); then, when ``subject`` or ``object`` is ``"prep"``, the
preposition whose object fills that role. Roles name the arguments of a
:class:`~kg.extract.predications.Predication`: ``agent``, ``patient``, ``prep`` or ``none`` (an
object the sentence leaves unstated: "she resigned"). ``object_kind`` says what a non-entity
object may be ("position": "was elected mayor"; "event": "attended the summit"); ``filter``
asks more of the object ("news": a news outlet by its name; "outlet": that, or an organization
that is no public body or party, since "told NDTV" names an outlet the lexicon may not know; "party";
"membership": a party or a body whose name says it has members, such as an association or a society; "body": such a body, not a party; "person": a person, not an organization: "visited X"). ``through``: a common noun in the object's
place stands for the entity it is of or by ("criticised the handling of the crisis by X"), ``owned``: only
such a noun does, never the entity itself ("questioned X's figures", not "police questioned X"), and
``reciprocal``: a coordinated subject with no object says the relation of each pair ("X and Y met"); ``intransitive``: the phrase says nothing when its verb has an object of its own ("handed over to Y", not "handed the files over to Y"); ``bare``: the phrase's light object takes no article ("leave office", not "left the office at noon"); ``negated``: the phrase states the predicate only when it is denied ("will not seek re-election": standing down). The kinds of entity a predicate takes come
from the ontology (:func:`kg.rdf.vocab.predicate_signatures`), not from here.

Loading validates every entry; a :class:`RuleError` names the file, the entry and the problem.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from kg.errors import RuleError
from kg.extract.lexicon import read_data_file
from kg.rdf.vocab import predicate_signatures

PREDICATES_PATH = Path(__file__).parent / "data" / "predicates.json"
ROLES = ("agent", "patient", "prep", "none")
OBJECT_KINDS = ("entity", "position", "event")
FILTERS = ("news", "outlet", "party", "membership", "body", "staffed", "person", "home")
KINDS = ("verb", "noun")
_FIELDS = {"id", "predicate", "subject", "object", "phrases", "kind", "object_kind", "filter",
           "confidence", "examples", "about", "through", "reciprocal", "passive", "intransitive", "owned", "bare",
           "negated"}


@dataclass(frozen=True)
class Phrase:
    """One relation phrase of an entry: "hit out at" is lemma "hit", needs ("out",), prep "at"."""

    entry: "Entry"
    lemma: str
    needs: tuple[str, ...]
    prep: str


@dataclass(frozen=True)
class Entry:
    id: str
    predicate: str
    subject: str
    object: str
    phrases: tuple[str, ...]
    kind: str = "verb"
    object_kind: str = "entity"
    filter: str = ""
    confidence: float = 0.75
    examples: tuple[str, ...] = ()
    through: bool = False        # "criticised the handling of the crisis by X": X, through the noun
    reciprocal: bool = False     # "X and Y met": each met the other, with no object said
    passive: bool = False        # only in the passive: "asked by Reuters", not "Reuters asked X for"
    intransitive: bool = False   # no object of its own: "handed over to Y", not "handed the files over to Y"
    owned: bool = False          # only through what is the object's: "questioned X's figures", not "questioned X"
    bare: bool = False           # the light object takes no article: "leave office", not "left the office"
    negated: bool = False        # said only when denied: "will not seek re-election" is standing down


@dataclass(frozen=True, eq=False)
class PredicateLexicon:
    entries: tuple[Entry, ...]
    by_lemma: dict[tuple[str, str], tuple[Phrase, ...]]   # (kind, lemma) -> its phrases

    @cached_property
    def nouns(self) -> frozenset[str]:
        """The relational nouns the entries name: "member", "criticism"."""
        return frozenset(lemma for kind, lemma in self.by_lemma if kind == "noun")

    @cached_property
    def cues(self) -> dict[str, frozenset[str]]:
        """For each verb all of whose phrases need words beside it ("say sorry to", "say to"),
        those words: a verb without one of them says none of its phrases."""
        out: dict[str, set[str]] = {}
        bare = set()
        for (kind, lemma), phrases in self.by_lemma.items():
            if kind != "verb":
                continue
            for ph in phrases:
                if not ph.needs and not ph.prep:
                    bare.add(lemma)
                out.setdefault(lemma, set()).update(ph.needs + ((ph.prep,) if ph.prep else ()))
        return {lemma: frozenset(words) for lemma, words in out.items() if lemma not in bare}

    @cached_property
    def verbs(self) -> frozenset[str]:
        """The verb lemmas the entries name: "criticise", "hit"."""
        return frozenset(lemma for kind, lemma in self.by_lemma if kind == "verb")


def parse_predicates(raw: object, *, path: Path = PREDICATES_PATH) -> PredicateLexicon:
    """Validate the file's content and index its phrases by lemma."""
    if not isinstance(raw, dict) or not isinstance(raw.get("entries"), list):
        raise RuleError(f"{path}: the predicate lexicon must be an object with a list 'entries'")
    signatures = predicate_signatures()
    entries, seen = [], set()
    for n, item in enumerate(raw["entries"]):
        where = f"{path}: entry {item.get('id', n) if isinstance(item, dict) else n}"
        if not isinstance(item, dict):
            raise RuleError(f"{where}: must be an object")
        unknown = set(item) - _FIELDS
        if unknown:
            raise RuleError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        for key in ("id", "predicate", "subject", "object", "phrases"):
            if key not in item:
                raise RuleError(f"{where}: missing '{key}'")
        if item["id"] in seen:
            raise RuleError(f"{where}: the id is used twice")
        seen.add(item["id"])
        if item["predicate"] not in signatures:
            raise RuleError(f"{where}: unknown predicate '{item['predicate']}' (known: {', '.join(sorted(signatures))})")
        for key, allowed in (("subject", ROLES[:3]), ("object", ROLES), ("kind", KINDS),
                             ("object_kind", OBJECT_KINDS), ("filter", FILTERS)):
            if key in item and item[key] not in allowed:
                raise RuleError(f"{where}: {key} '{item[key]}' is not one of {', '.join(allowed)}")
        if item["subject"] == item["object"]:
            raise RuleError(f"{where}: subject and object are the same role '{item['subject']}'")
        for key in ("phrases", "examples"):
            value = item.get(key, [])
            if not isinstance(value, list) or not all(isinstance(p, str) and p.strip() for p in value):
                raise RuleError(f"{where}: '{key}' must be a list of non-empty strings")
        if not item["phrases"]:
            raise RuleError(f"{where}: no phrases")
        for key in ("through", "reciprocal", "passive", "intransitive", "owned", "bare", "negated"):
            if not isinstance(item.get(key, False), bool):
                raise RuleError(f"{where}: '{key}' must be true or false")
        confidence = item.get("confidence", 0.75)
        if not isinstance(confidence, (int, float)) or not 0 < confidence <= 1:
            raise RuleError(f"{where}: confidence must be a number in (0, 1]")
        entries.append(Entry(item["id"], item["predicate"], item["subject"], item["object"],
                             tuple(p.lower().strip() for p in item["phrases"]), item.get("kind", "verb"),
                             item.get("object_kind", "entity"), item.get("filter", ""), float(confidence),
                             tuple(item.get("examples", ())), item.get("through", False),
                             item.get("reciprocal", False), item.get("passive", False),
                             item.get("intransitive", False), item.get("owned", False), item.get("bare", False),
                             item.get("negated", False)))
    by_lemma: dict[tuple[str, str], list[Phrase]] = {}
    for e in entries:
        for text in e.phrases:
            words = text.split()
            takes_prep = "prep" in (e.subject, e.object)
            if takes_prep and len(words) < 2:
                raise RuleError(f"{path}: entry {e.id}: phrase '{text}' needs a preposition for its 'prep' role")
            prep = words[-1] if takes_prep else ""
            head = words[:-1] if takes_prep else words
            if e.kind == "noun":   # "chief executive of": the noun last, the words it needs before it
                lemma, needs = head[-1], tuple(head[:-1])
            else:                  # "hit out at": the verb first, its particles or light object after
                lemma, needs = head[0], tuple(head[1:])
            by_lemma.setdefault((e.kind, lemma), []).append(Phrase(e, lemma, needs, prep))
    return PredicateLexicon(tuple(entries), {k: tuple(v) for k, v in by_lemma.items()})


@lru_cache(maxsize=4)
def load_predicates(path: Path = PREDICATES_PATH) -> PredicateLexicon:
    """Load and validate a predicate lexicon file (cached)."""
    return parse_predicates(read_data_file(path, what="the predicate lexicon"), path=Path(path))
