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
    name: str             # the cleaned name ("Gil Stone")
    surface: str          # the words as written, with honorific or title ("Councilmember Gil Stone")
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


@dataclass(frozen=True)
class Fact:
    """One statement the article makes, with where it says it."""

    subject: str                 # entity key
    predicate: str               # core predicate local name
    object: str | None           # entity key, "position:<label>", "event:<label>", or None (unstated)
    sentence: int                # the sentence that states it
    via: tuple[int, ...]         # other sentences it rests on (a pronoun's antecedent)
    rule: str
    confidence: float
    trigger: int = -1            # token index of the word that states it
    date: str = ""               # a date the sentence gives for it ("last week", "Tuesday")
    position: str = ""           # a post it concerns ("replaced B as president")
    organization: str = ""       # the organization of that post, an entity key


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
    events: dict                 # "event:<text>" -> its label (merged)
    model: str
    statements: tuple[QuotedStatement, ...] = ()


@dataclass(frozen=True)
class ObjectRef:
    """What a fact's object is, as a small tagged record: ``kind`` is "entity" (``value``: the
    entity key), "position" (the post's label, "City Council President"), "event" (the event's
    phrase, whose label the article's ``events`` give) or "unstated" (no value).

    A :class:`Fact` keeps its object as one string (``Fact.object``: the entity key,
    ``"position:<label>"``, ``"event:<phrase>"`` or None), which this record is the only code to
    read and write: :meth:`of` and :attr:`text`."""

    kind: str
    value: str = ""

    _TAGGED = ("position", "event")

    @classmethod
    def of(cls, text: str | None) -> "ObjectRef":
        if text is None:
            return cls("unstated")
        tag, sep, rest = text.partition(":")
        if sep and tag in cls._TAGGED:
            return cls(tag, rest)
        return cls("entity", text)

    @classmethod
    def position(cls, label: str) -> "ObjectRef":
        return cls("position", label)

    @classmethod
    def event(cls, phrase: str) -> "ObjectRef":
        return cls("event", phrase)

    @property
    def text(self) -> str | None:
        """The form a Fact keeps (and an article's ``events`` are keyed by)."""
        if self.kind == "unstated":
            return None
        return self.value if self.kind == "entity" else f"{self.kind}:{self.value}"

