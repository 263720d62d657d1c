"""One entity across articles: which short forms in one article are a person named in full in
another, and why. Every decision is written down so that a user can review and overrule it.

Merges are made on strong evidence only: the same full name (the same IRI, by construction), or
a surname with a matching title ("Mr Marsh" and "Tony Marsh", when no other Marsh of that
gender is known) or a shared post or organization ("Councilman Hale" and "Tom Hale, a
councilman"). Two different full names are never merged, nor "Mrs Marsh" into "Tony Marsh".
A file of "same: A | B" / "different: A | B" lines overrules the automatic decisions.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rdflib import URIRef

from kg.personnames import fold
from kg.errors import InputError
from kg.extract.lexicon import load_lexicon
from kg.model import DocumentFacts
from kg.rdf.graph import entity_iris

def _surname_title_genders() -> dict[str, str]:
    """The titles merges read before a surname ("Mr Marsh"), with the gender each says: both from
    the lexicon (``surname_titles``, ``honorifics``)."""
    lexicon = load_lexicon()
    return {t: lexicon.honorific_gender.get(t, "").replace("any", "") for t in sorted(lexicon.surname_titles)}


HONORIFIC_GENDER = _surname_title_genders()


@dataclass(frozen=True)
class Candidate:
    """A person as one article knows them."""

    iri: URIRef
    label: str
    gender: str
    document: str
    ties: frozenset[str] = frozenset()   # posts and organizations the article gives them (folded)


@dataclass(frozen=True)
class MergeDecision:
    name: str            # the form the article wrote ("Mr Marsh")
    document: str        # the article
    into: URIRef | None  # the entity it was merged into (None: kept apart)
    into_label: str
    reason: str


@dataclass
class Overrides:
    same: set[tuple[str, str]] = field(default_factory=set)        # folded names, sorted pairs
    different: set[tuple[str, str]] = field(default_factory=set)
    spelled: dict[str, str] = field(default_factory=dict)          # folded name -> as the user wrote it

    def partners(self, name: str) -> list[str]:
        """The folded names a user said ``name`` is the same as."""
        if not self.same:
            return []
        folded = fold(name)
        return sorted({b if a == folded else a for a, b in self.same if folded in (a, b)})

    def says(self, a: str, b: str) -> str:
        key = tuple(sorted((fold(a), fold(b))))
        if key in self.same:
            return "same"
        if key in self.different:
            return "different"
        return ""


def read_overrides(path: str | Path) -> Overrides:
    """Lines "same: Mr Marsh | Tony Marsh" or "different: Mrs Marsh | Tony Marsh"; # comments."""
    out = Overrides()
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read merge decisions {path}: {getattr(e, 'strerror', None) or e}") from None
    for n, line in enumerate(lines, 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        verdict, _, pair = line.partition(":")
        names = [p.strip() for p in pair.split("|")]
        if verdict.strip().lower() not in ("same", "different") or len(names) != 2 or not all(names):
            raise InputError(f"{path}:{n}: expected 'same: NAME | NAME' or 'different: NAME | NAME'")
        key = tuple(sorted((fold(names[0]), fold(names[1]))))
        (out.same if verdict.strip().lower() == "same" else out.different).add(key)
        for written in names:
            out.spelled.setdefault(fold(written), written)
    return out


def unmatched_overrides(overrides: Overrides, labels: set[str] | frozenset[str]) -> tuple[str, ...]:
    """The reviewed pairs that cannot apply, because a name in them is no person's name among
    ``labels`` (the people's names and other names), as one message each, sorted."""
    known = {fold(label) for label in labels}
    out = []
    for verdict, pairs in (("same", overrides.same), ("different", overrides.different)):
        for pair in sorted(pairs):
            missing = [n for n in pair if n not in known]
            if missing:
                shown = " | ".join(overrides.spelled.get(n, n) for n in pair)
                names = " or ".join(repr(overrides.spelled.get(n, n)) for n in missing)
                out.append(f"--merges '{verdict}: {shown}' names no person of the articles: {names}")
    return tuple(sorted(out))


def _surname_form(label: str) -> tuple[str, str] | None:
    """("mr", "marsh") for "Mr Marsh", ("", "marsh") for "Marsh"; None for a full name."""
    words = label.split()
    if len(words) == 1:
        return "", fold(words[0])
    if len(words) == 2 and fold(words[0]) in HONORIFIC_GENDER:
        return fold(words[0]), fold(words[1])
    return None


class FullNames:
    """People named in full, in a fixed order, looked up by folded surname and by folded name, so
    that planning a short name costs the people of that surname, not every person known.

    A person named in many articles (the same IRI, name and gender) is kept under their surname
    in the first two of them only: planning asks for the first such mention outside the short
    name's own article, which one of those two is; so the cost does not grow with how often a
    person is named."""

    def __init__(self, people: Iterable[Candidate]) -> None:
        self.by_surname: dict[str, list[Candidate]] = {}
        self.by_name: dict[str, list[tuple[int, Candidate]]] = {}
        kept: dict[tuple[URIRef, str, str], list[str]] = {}
        for at, c in enumerate(people):
            folded = fold(c.label)
            if folded not in self.by_name:
                self.by_name[folded] = [(at, c)]
            docs = kept.setdefault((c.iri, c.label, c.gender), [])
            if len(docs) < 2 and c.document not in docs:
                docs.append(c.document)
                self.by_surname.setdefault(folded.split()[-1] if folded.split() else "", []).append(c)

    def said_same(self, name: str, overrides: Overrides) -> Candidate | None:
        """The first person a user said ``name`` is (a "same:" line), if any."""
        found = [hit for other in overrides.partners(name) for hit in self.by_name.get(other, ())]
        return min(found, key=lambda hit: hit[0])[1] if found else None


def plan(short: Candidate, full_names: list[Candidate] | FullNames, *, overrides: Overrides) -> MergeDecision | None:
    """Whether a person known in one article only by a surname is a person another article names
    in full. None when the label is itself a full name (same names share an IRI already)."""
    form = _surname_form(short.label)
    if form is None:
        return None
    index = full_names if isinstance(full_names, FullNames) else FullNames(full_names)
    title, surname = form
    gender = HONORIFIC_GENDER.get(title, short.gender)
    forced = index.said_same(short.label, overrides)
    if forced is not None:
        return MergeDecision(short.label, short.document, forced.iri, forced.label, "a user said they are the same")
    surname_fits = [c for c in index.by_surname.get(surname, ()) if c.document != short.document]
    same_surname = [c for c in surname_fits if overrides.says(short.label, c.label) != "different"] \
        if overrides.different else surname_fits
    if surname_fits and not same_surname:
        names = ", ".join(sorted({repr(c.label) for c in surname_fits}))
        return MergeDecision(short.label, short.document, None, "", f"kept apart: a user said it is not {names}")
    fitting = [c for c in same_surname if not (gender and c.gender and c.gender != gender)]
    if not fitting:
        if same_surname:
            return MergeDecision(short.label, short.document, None, "",
                                 f"kept apart: '{short.label}' and {', '.join(repr(c.label) for c in same_surname)} "
                                 "differ in gender")
        return None
    if len({c.iri for c in fitting}) > 1:
        names = ", ".join(sorted({repr(c.label) for c in fitting}))
        return MergeDecision(short.label, short.document, None, "", f"kept apart: the surname fits {names}")
    c = fitting[0]
    shared = short.ties & c.ties
    if title:
        reason = f"the surname with the title '{title.capitalize()}' fits only '{c.label}'"
    elif shared:
        reason = f"the surname fits only '{c.label}', and both hold {', '.join(sorted(shared))}"
    else:
        return MergeDecision(short.label, short.document, None, "",
                             f"kept apart: a bare surname, with no title or post to confirm '{c.label}'")
    return MergeDecision(short.label, short.document, c.iri, c.label, reason)


def person_candidates(doc: DocumentFacts) -> dict[str, Candidate]:
    """The people of one article as merge candidates: IRI, label, gender, and the posts and
    organizations the article ties them to."""
    iris = entity_iris(doc)
    labels = {e.key: e.label for e in doc.entities}
    ties: dict[str, set[str]] = {}
    for f in doc.facts:
        if f.predicate in ("holdsPosition", "memberOf", "leaderOf", "worksFor") and f.object:
            ref = f.object
            name = ref.value if ref.kind == "position" else labels.get(ref.value, "")
            ties.setdefault(f.subject, set()).add(fold(name))
    return {e.key: Candidate(iris[e.key], e.label, e.gender, doc.name, frozenset(ties.get(e.key, ())))
            for e in doc.entities if e.kind == "person"}


def plan_corpus_merges(docs: list[DocumentFacts], *, overrides: Overrides, known: tuple[Candidate, ...] = ()):
    """For each article (by text hash): entity key -> IRI it joins, and the decisions taken.
    ``known``: people named in full elsewhere (a store's earlier articles). A text under several
    paths is planned once, under the first of its paths in sorted order."""
    first: dict[str, DocumentFacts] = {}
    for doc in docs:
        if doc.sha256 not in first or doc.name < first[doc.sha256].name:
            first[doc.sha256] = doc
    people = [(doc.name, doc.sha256, person_candidates(doc)) for doc in first.values()]
    return plan_merges(people, overrides=overrides, known=known)


def plan_merges(people: list[tuple[str, str, dict[str, Candidate]]], *, overrides: Overrides,
                known: tuple[Candidate, ...] = ()):
    """:func:`plan_corpus_merges` of the people of each text: (the text's name, its sha256,
    entity key -> Candidate), one entry a text. A function of its arguments as a set: the
    order they come in does not matter."""
    batch = {c.iri for _, _, cands in people for c in cands.values()}
    full = [c for _, _, cands in people for c in cands.values() if c.label.split()[0].lower().rstrip(".")
            not in HONORIFIC_GENDER and len(c.label.split()) > 1]
    full += [c for c in known if c.iri not in batch]
    full.sort(key=lambda c: (c.document, str(c.iri), c.label))
    index = FullNames(full)
    seen_full: dict[URIRef, str] = {}
    out = {}
    for name, sha256, cands in sorted(people, key=lambda p: (p[0], p[1])):
        merged, decisions = {}, []
        for key, cand in sorted(cands.items()):
            decision = plan(cand, index, overrides=overrides)
            if decision is None:
                first = seen_full.setdefault(cand.iri, name)
                if first != name:
                    decisions.append(MergeDecision(cand.label, name, cand.iri, cand.label,
                                                   f"the same full name as in {first}"))
                continue
            decisions.append(decision)
            if decision.into is not None:
                merged[key] = decision.into
        out[sha256] = (merged, tuple(decisions))
    return out


def known_candidates(people: list[tuple[str, str]], *, where: str) -> tuple[Candidate, ...]:
    """Candidates for people named elsewhere, from (IRI, label) pairs (a store's people)."""
    from kg.personnames import first_name_gender

    return tuple(Candidate(URIRef(iri), label, first_name_gender(label.split()[0]), where)
                 for iri, label in people)
