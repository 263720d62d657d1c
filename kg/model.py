"""kg's records: what extraction finds in one article, as plain data.

A :class:`Mention` is where the text names something, an :class:`Entity` the mentions of one
thing, a :class:`Fact` one statement with its sentence, and a :class:`DocumentFacts` all of one
article (its entities, facts, sentences, events and quoted statements): what
:mod:`kg.extract` makes and :mod:`kg.merge`, :mod:`kg.rdf` and :mod:`kg.store` read. This
module imports no spaCy, so that merging, RDF, the store, query, drawing and export run
without it.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Mention:
    """One place where the text names something."""

    start: int            # token index of the first token of the name
    end: int              # token index after the last token of the name
    name: str             # the cleaned name ("Rosa Lind")
    surface: str          # the words as written, with honorific or title ("Alderwoman Rosa Lind")
    label: str            # spaCy's NER label, or "" for a mention found by name only
    sent: int             # sentence index
    honorific: str = ""   # "Mr", "Mrs", "Rabbi", ... found before or inside the span
    title: str = ""       # title words stripped from the front ("Councilmember")

    @property
    def tokens(self) -> int:
        return len(self.name.split())


@dataclass
class Entity:
    """A cluster of mentions that stand for one thing."""

    key: str
    kind: str = ""
    label: str = ""
    party: bool = False
    gender: str = ""
    news: bool = False      # an organization that publishes or broadcasts news (its name says so)
    mentions: list[Mention] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    @property
    def alt_labels(self) -> list[str]:
        return sorted({n for n in self.names if n != self.label})


@dataclass(frozen=True, order=True)
class ObjectRef:
    """What a fact's object is, as a small tagged record. ``kind`` is "entity" (``value``: the
    entity key), "position" (``value``: the post's label, "Harbour Board Chair") or "event"
    (``value``: the event's label, "the spring budget summit"; ``meeting``: whether it is a
    meeting, which extraction decides from its head noun)."""

    kind: str
    value: str
    meeting: bool = False

    @classmethod
    def entity(cls, key: str) -> "ObjectRef":
        return cls("entity", key)

    @classmethod
    def position(cls, label: str) -> "ObjectRef":
        return cls("position", label)

    @classmethod
    def event(cls, label: str, *, meeting: bool = False) -> "ObjectRef":
        return cls("event", label, meeting)

    @property
    def entity_key(self) -> str | None:
        """The entity key, for an entity; None for a post or an event."""
        return self.value if self.kind == "entity" else None


@dataclass(frozen=True)
class Fact:
    """One statement the article makes, with where it says it."""

    subject: str                 # entity key
    predicate: str               # core predicate local name
    object: "ObjectRef | None"   # an entity, a post or an event; None: the sentence leaves it unstated
    sentence: int                # the sentence that states it
    via: tuple[int, ...]         # other sentences it rests on (a pronoun's antecedent)
    rule: str
    confidence: float
    trigger: int = -1            # token index of the word that states it
    date: str = ""               # a date the sentence gives for it ("last week", "Tuesday")
    position: str = ""           # a post it concerns ("replaced B as president")
    organization: str = ""       # the organization of that post, an entity key
    past: bool = False           # a title said as held before ("former chairman", "ex-mayor", "outgoing")

    @property
    def object_key(self) -> str | None:
        """The object's entity key; None when it is a post, an event or unstated."""
        return self.object.entity_key if self.object else None

    @property
    def object_order(self) -> tuple[str, str]:
        """A sort key for the object: unstated first."""
        return (self.object.kind, self.object.value) if self.object else ("", "")


@dataclass(frozen=True)
class SentenceSpan:
    index: int
    start: int   # character offsets in the document text
    end: int
    text: str


@dataclass(frozen=True)
class QuotedStatement:
    speakers: tuple[str, ...]    # entity keys
    text: str
    sentence: int


@dataclass(frozen=True)
class DocumentFacts:
    """Everything extracted from one article: the input to :func:`add_document`."""

    name: str
    sha256: str
    entities: tuple[Entity, ...]
    facts: tuple[Fact, ...]
    sentences: tuple[SentenceSpan, ...]
    model: str
    statements: tuple[QuotedStatement, ...] = ()
