"""A generated graph of kg's shape: many articles, one named graph each, from our own templates.

Deterministic for a given seed. Each article is a short text made from sentence templates about
an invented town's people, organizations and posts; its named graph holds what ``kg build``
would write for it (see kg/graph.py and kg/nary.py): the document and extraction, each entity's
type, ``rdfs:label`` and ``skos:altLabel`` (each article its own copy), the direct facts, a
``kg:Assertion`` per fact with its rule, confidence and sentence(s), the sentence nodes, the
n-ary event nodes and the quoted statements. No text or graph is stored: the generator is
committed, not its output.

The world is fixed by the seed: people live in one town, belong to one or two of its
organizations and perhaps a party, and hold a post; an article follows a few of one town's
people, so the same facts (and labels) recur across articles, as they do in a real corpus.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from rdflib import RDF, RDFS, XSD, Literal, URIRef
from rdflib.namespace import PROV, SKOS

from kg.rdf.iri import entity_iri, slug
from kg.rdf.vocab import DATA, KG

FIRST = ["Ana", "Tom", "Nora", "Marcus", "Diane", "Samuel", "Helen", "Peter", "Fiona", "Colin", "Ruth",
         "Jo", "Alan", "Karen", "Brian", "Margaret", "Graham", "Susan", "David", "Sarah", "Imran", "Lucy",
         "Owen", "Priya", "Declan", "Greta", "Hugo", "Ines", "Kofi", "Leila", "Martin", "Nadia", "Oscar",
         "Paula", "Rafael", "Sian", "Tariq", "Una", "Victor", "Wendy", "Yusuf", "Zoe", "Agnes", "Bruno",
         "Clara", "Dmitri", "Elena", "Felix", "Gwen", "Hamish"]
LAST = ["Ruiz", "Hale", "Voss", "Bell", "Okafor", "Ortiz", "Marsh", "Quinn", "Blake", "Reed", "Keating",
        "Carver", "Frost", "Doyle", "Lowe", "Finch", "Tully", "Hart", "Hurst", "Ellison", "Abbott",
        "Brennan", "Castillo", "Dunne", "Egan", "Fairley", "Garvey", "Hollis", "Ibarra", "Jessop",
        "Kavanagh", "Lindqvist", "Mensah", "Nolan", "Oduya", "Pritchard", "Quarles", "Rowntree",
        "Sandoval", "Thorne", "Upton", "Vance", "Whitlock", "Yardley", "Zielinski", "Ashby", "Barlow",
        "Cowell", "Delaney", "Eastwood", "Fenwick", "Gilchrist", "Hanley", "Irwin", "Jarvis", "Kerr",
        "Lambert", "Mahony", "Norris", "Ogden", "Pembroke", "Radcliffe", "Stanton", "Tremaine",
        "Underhill", "Varga", "Wexley", "Yates", "Ainsley", "Bramwell"]
PLACE_HEADS = ["River", "Dun", "Salt", "Bran", "East", "Kings", "Har", "Mill", "Ash", "Oak", "Stone",
               "Wel", "Fair", "Glen", "Hay", "Lang", "Mar", "Nor", "Red", "West"]
PLACE_TAILS = ["ton", "more", "ford", "nock", "gate", "bridge", "field", "wick", "by", "stead"]
ORG_KINDS = ["{p} City Council", "{p} Water Authority", "{p} Teachers Union", "{p} Chamber of Commerce",
             "{p} Police", "{p} Housing Trust"]
NEWS_KINDS = ["{p} Herald", "{p} Radio"]
PARTIES = ["Labour", "Conservatives", "Green Party", "Liberal Democrats", "Independent Alliance", "Reform"]
POSTS = ["Mayor", "Deputy Mayor", "Council President", "Councilman", "Councilwoman", "Health Secretary",
         "union leader", "chief executive", "police chief", "treasurer", "council clerk", "spokesman",
         "chairman", "planning officer", "housing officer", "editor"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
QUOTES = ["We will not be silenced", "The figures were checked twice", "Nobody is above the rules",
          "The board has run out of excuses", "I have done nothing wrong",
          "The inquiry must be independent", "We were never told about the contract",
          "It is time for a fresh start", "The budget is simply not there", "I stand by every word"]
MEETINGS = ["annual meeting", "budget meeting", "council session", "planning hearing", "summit"]
CONFIDENCES = ["0.60", "0.70", "0.80", "0.90"]
# predicate -> relative weight, as often as kg finds them in news text (holdsPosition the most)
WEIGHTS = {
    "holdsPosition": 10, "memberOf": 6, "attended": 4, "calledForResignationOf": 3, "replaced": 3,
    "resignedFrom": 3, "refusedToResign": 2, "leaderOf": 3, "worksFor": 3, "supported": 3,
    "criticized": 3, "accused": 2, "metWith": 3, "interviewedBy": 2, "appointed": 2, "electedTo": 2,
    "calledForApologyFrom": 1, "apologizedTo": 1, "locatedIn": 1, "residentOf": 2, "quote": 8,
}
EVENT_OF = {
    "resignedFrom": (KG.Resignation, "resignation of {s}"),
    "replaced": (KG.Replacement, "replacement of {o} by {s}"),
    "appointed": (KG.Appointment, "appointment of {o} by {s}"),
    "electedTo": (KG.Election, "election of {s}"),
    "calledForResignationOf": (KG.CallForResignation, "call by {s} for {o} to resign"),
}
MODEL = "en_core_web_sm"


@dataclass
class Thing:
    """A person, organization or place of the world, with its IRI and names."""

    kind: str
    label: str
    iri: URIRef
    alts: tuple[str, ...] = ()
    party: bool = False
    town: str = ""
    orgs: list["Thing"] = field(default_factory=list)
    post: str = ""
    pron: str = "he"


class World:
    """The towns, their people and organizations, the parties and the posts, fixed by a seed."""

    def __init__(self, rng: random.Random, towns: int = 40, residents: int = 60) -> None:
        names = [h + t for h in PLACE_HEADS for t in PLACE_TAILS]
        rng.shuffle(names)
        self.towns = [Thing("place", n, entity_iri("place", n)) for n in names[:towns]]
        self.parties = [Thing("organization", p, entity_iri("organization", p), party=True) for p in PARTIES]
        self.orgs: dict[str, list[Thing]] = {}
        self.news: dict[str, list[Thing]] = {}
        self.people: dict[str, list[Thing]] = {}
        taken: set[str] = set()
        for town in self.towns:
            self.orgs[town.label] = [self._org(k.format(p=town.label), town.label) for k in ORG_KINDS]
            self.news[town.label] = [self._org(k.format(p=town.label), town.label) for k in NEWS_KINDS]
            people = []
            while len(people) < residents:
                first, last = rng.choice(FIRST), rng.choice(LAST)
                name = f"{first} {last}"
                if name in taken:
                    continue
                taken.add(name)
                person = Thing("person", name, entity_iri("person", name), alts=(last,), town=town.label,
                               post=rng.choice(POSTS), pron=rng.choice(["he", "she"]))
                person.orgs = rng.sample(self.orgs[town.label], rng.choice([1, 1, 2]))
                if rng.random() < 0.4:
                    person.orgs.append(rng.choice(self.parties))
                people.append(person)
            self.people[town.label] = people
        self.positions = {p: entity_iri("position", p.lower()) for p in POSTS}

    @staticmethod
    def _org(label: str, town: str) -> Thing:
        return Thing("organization", label, entity_iri("organization", label), town=town)


class _Article:
    """One article being written: its text, sentences and triples."""

    KIND_CLASS = {"person": KG.Person, "organization": KG.Organization, "place": KG.Place}

    def __init__(self, world: World, terms: dict) -> None:
        self.world = world
        self.terms = terms
        self.parts: list[str] = []
        self.length = 0
        self.sentences: list[tuple[int, int, str]] = []
        self.facts: list[tuple[URIRef, URIRef, URIRef | str, int, int | None, str, str]] = []
        self.entities: dict[URIRef, Thing] = {}
        self.positions: set[str] = set()
        self.events: list[tuple] = []
        self.statements: list[tuple[URIRef, str, int]] = []
        self.meetings: set[str] = set()

    def lit(self, value: str, datatype: URIRef | None = None) -> Literal:
        key = (value, datatype)
        term = self.terms.get(key)
        if term is None:
            term = self.terms[key] = Literal(value, datatype=datatype)
        return term

    def say(self, text: str, paragraph: bool = False) -> int:
        sep = "\n\n" if paragraph else " "
        if self.parts:
            self.parts.append(sep)
            self.length += len(sep)
        start = self.length
        self.parts.append(text)
        self.length += len(text)
        self.sentences.append((start, self.length, text))
        return len(self.sentences) - 1

    def fact(self, s: Thing, p: str, o: Thing | URIRef | str, sent: int, rng: random.Random) -> None:
        """A fact stated in sentence ``sent``; a str object is a meeting of this article, by its label."""
        self.entities[s.iri] = s
        obj = o if isinstance(o, (URIRef, str)) else o.iri
        if isinstance(o, Thing):
            self.entities[o.iri] = o
        via = sent - 1 if sent > 0 and rng.random() < 0.1 else None
        rule = f"{p}-{rng.randint(1, 2)}"
        self.facts.append((s.iri, KG[p], obj, sent, via, rule, rng.choice(CONFIDENCES)))
        if p in EVENT_OF:
            self.events.append((p, s, o, sent))

    def text(self) -> str:
        return "".join(self.parts) + "\n"


def _write(a: _Article, w: World, rng: random.Random, kind: str, cast: list[Thing], town: Thing,
           year: int) -> None:
    """One or two sentences (a paragraph when ``rng`` says so) and their facts, of this ``kind``."""
    x, y = rng.sample(cast, 2)
    day = rng.choice(DAYS)
    para = rng.random() < 0.4
    org = rng.choice(x.orgs)
    news = rng.choice(w.news[town.label])
    post = x.post
    if kind == "holdsPosition":
        s = a.say(f"{post} {x.label} said on {day} that {x.pron} would not step down before the end of "
                  "the season.", para)
        a.fact(x, "holdsPosition", w.positions[post], s, rng)
        a.positions.add(post)
        a.fact(x, "refusedToResign", KG.unstated, s, rng)
    elif kind == "refusedToResign":
        s = a.say(f"{x.label} has brushed off demands to step aside since the audit was published in "
                  f"{town.label}.", para)
        a.fact(x, "refusedToResign", KG.unstated, s, rng)
    elif kind == "memberOf":
        s = a.say(f"{x.label}, a member of {org.label}, said the vote on {day} had been fair.", para)
        a.fact(x, "memberOf", org, s, rng)
    elif kind == "worksFor":
        s = a.say(f"{x.label}, who works for {org.label}, declined to comment.", para)
        a.fact(x, "worksFor", org, s, rng)
    elif kind == "leaderOf":
        s = a.say(f"{x.label}, the leader of {org.label}, said the inquiry would report in {year + 1}.", para)
        a.fact(x, "leaderOf", org, s, rng)
    elif kind == "attended":
        label = f"{year} {rng.choice(MEETINGS)}"
        s = a.say(f"{x.label} attended the {label} in {town.label} with {y.label}.", para)
        a.meetings.add(label)
        a.fact(x, "attended", label, s, rng)
        a.fact(y, "attended", label, s, rng)
    elif kind == "metWith":
        s = a.say(f"{x.label} met {y.label} on {day} to discuss the budget for the coming year.", para)
        a.fact(x, "metWith", y, s, rng)
    elif kind == "resignedFrom":
        s = a.say(f"{x.label} resigned from {org.label} on {day}, days after the vote.", para)
        a.fact(x, "resignedFrom", org, s, rng)
    elif kind == "calledForResignationOf":
        s = a.say(f"{x.label} urged {y.label} to quit after the club lost a fifth game in a row.", para)
        a.fact(x, "calledForResignationOf", y, s, rng)
    elif kind == "calledForApologyFrom":
        s = a.say(f"{x.label} demanded an apology from {y.label} over the remarks.", para)
        a.fact(x, "calledForApologyFrom", y, s, rng)
    elif kind == "replaced":
        s = a.say(f"{x.label}, who took over from {y.label} as {y.post} in {year - 1}, said the accounts "
                  "would be published in full.", para)
        a.fact(x, "replaced", y, s, rng)
        a.fact(x, "holdsPosition", w.positions[y.post], s, rng)
        a.positions.add(y.post)
    elif kind == "appointed":
        s = a.say(f"{x.label} appointed {y.label} as {y.post} on {day}.", para)
        a.fact(x, "appointed", y, s, rng)
    elif kind == "electedTo":
        s = a.say(f"{x.label} was elected to {org.label} in {year - rng.randint(1, 6)}.", para)
        a.fact(x, "electedTo", org, s, rng)
    elif kind in ("criticized", "accused", "supported"):
        verb = {"criticized": "criticized {b} over the contract",
                "accused": "accused {b} of misleading the public about the contract",
                "supported": "said {p} would support {b} in the vote"}[kind]
        s = a.say(f"{x.label} " + verb.format(b=y.label, p=x.pron) + ".", para)
        a.fact(x, kind, y, s, rng)
    elif kind == "apologizedTo":
        s = a.say(f"{x.label} apologised to {org.label} on {day} for the late payments.", para)
        a.fact(x, "apologizedTo", org, s, rng)
    elif kind == "interviewedBy":
        s = a.say(f"{x.label} told {news.label} in an interview on {day} that the deal was sound.", para)
        a.fact(x, "interviewedBy", news, s, rng)
    elif kind == "locatedIn":
        s = a.say(f"{org.label}, based in {town.label}, has not commented.", para)
        a.fact(org, "locatedIn", town, s, rng)
    elif kind == "residentOf":
        s = a.say(f"{x.label}, from {town.label}, said {x.pron} had backed {y.label} in the leadership "
                  f"race of {year - 2}.", para)
        a.fact(x, "residentOf", town, s, rng)
        a.fact(x, "supported", y, s, rng)
    elif kind == "quote":
        s = a.say(f"\u201c{rng.choice(QUOTES)},\u201d said {x.label}, {post} of {org.label}.", para)
        a.entities[x.iri] = x
        a.statements.append((x.iri, rng.choice(QUOTES), s))
        a.fact(x, "holdsPosition", w.positions[post], s, rng)
        a.positions.add(post)
    else:  # pragma: no cover
        raise ValueError(kind)


def _triples(a: _Article, sha: str, name: str) -> set[tuple[URIRef, URIRef, URIRef | Literal]]:
    """The article's graph, as kg.rdf.graph.add_document and kg.rdf.nary would write it."""
    t: set = set()
    add = t.add
    lit = a.lit
    sha12, sha16 = sha[:12], sha[:16]
    document = DATA[f"document/{sha16}"]
    activity = DATA[f"extraction/{sha16}"]
    add((document, RDF.type, KG.Document))
    add((document, KG.fileName, Literal(name)))
    add((document, KG.sha256, Literal(sha)))
    add((activity, RDF.type, KG.Extraction))
    add((activity, PROV.used, document))
    add((activity, RDFS.label, lit(f"kg extraction with the spaCy pipeline {MODEL}")))
    for node, thing in a.entities.items():
        add((node, RDF.type, a.KIND_CLASS[thing.kind]))
        if thing.party:
            add((node, RDF.type, KG.PoliticalParty))
        add((node, RDFS.label, lit(thing.label)))
        for alt in thing.alts:
            add((node, SKOS.altLabel, lit(alt)))
    for post in a.positions:
        add((a.world.positions[post], RDF.type, KG.Position))
        add((a.world.positions[post], RDFS.label, lit(post)))

    def sentence(index: int) -> URIRef:
        start, end, text = a.sentences[index]
        node = DATA[f"sentence/{sha16}-{start}-{end}"]
        add((node, RDF.type, KG.Sentence))
        add((node, KG.text, lit(text)))
        add((node, KG.beginIndex, lit(str(start), XSD.integer)))
        add((node, KG.endIndex, lit(str(end), XSD.integer)))
        add((node, KG.inDocument, document))
        return node

    def meeting(label: str) -> URIRef:  # an event's IRI names its article, as in kg.rdf.graph
        return DATA[f"event/{sha12}-{slug(label)}"]

    for s, p, o, sent, via, rule, confidence in a.facts:
        if not isinstance(o, URIRef):
            o = meeting(o)
        add((s, p, o))
        assertion = DATA["assertion/" + hashlib.sha1(
            "\x1f".join((sha, s, p, o, str(sent), rule)).encode()).hexdigest()[:16]]
        rule_node = DATA[f"rule/{slug(rule)}"]
        add((assertion, RDF.type, KG.Assertion))
        add((assertion, RDF.subject, s))
        add((assertion, RDF.predicate, p))
        add((assertion, RDF.object, o))
        add((assertion, KG.rule, rule_node))
        add((rule_node, RDF.type, KG.ExtractionRule))
        add((rule_node, RDFS.label, lit(rule)))
        add((assertion, KG.confidence, lit(confidence, XSD.decimal)))
        add((assertion, PROV.wasGeneratedBy, activity))
        add((assertion, PROV.wasDerivedFrom, sentence(sent)))
        if via is not None:
            add((assertion, PROV.wasDerivedFrom, sentence(via)))
    for label in a.meetings:
        node = meeting(label)
        add((node, RDF.type, KG.Meeting))
        add((node, RDFS.label, lit(label)))
    for p, s, o, sent in a.events:
        cls, pattern = EVENT_OF[p]
        node = DATA["event/" + sha12 + "-" + slug(p) + "-" + hashlib.sha1(
            f"{s.iri}\x1f{o.iri}\x1f{sent}".encode()).hexdigest()[:16]]
        add((node, RDF.type, cls))
        add((node, RDFS.label, lit(pattern.format(s=s.label, o=o.label))))
        add((node, KG.agent, s.iri))
        add((node, KG.patient if o.kind == "person" else KG.organization, o.iri))
        if p == "replaced":
            add((node, KG.position, a.world.positions[o.post]))
        add((node, PROV.wasDerivedFrom, sentence(sent)))
    for speaker, quote, sent in a.statements:
        node = DATA[f"statement/{sha12}-" + hashlib.sha1(f"{quote}\x1f{sent}".encode()).hexdigest()[:16]]
        add((node, RDF.type, KG.Statement))
        add((node, KG.speaker, speaker))
        add((node, KG.quote, lit(quote)))
        add((node, PROV.wasDerivedFrom, sentence(sent)))
    return t


@dataclass(frozen=True)
class Article:
    """One generated article: its path, the sha256 of its text, its named graph and its triples."""

    name: str
    sha256: str
    graph: URIRef
    triples: frozenset


def articles(seed: int = 11) -> Iterator[Article]:
    """Articles without end (stop when you have enough), the same ones for the same seed."""
    rng = random.Random(seed)
    world = World(rng)
    kinds, weights = list(WEIGHTS), list(WEIGHTS.values())
    terms: dict = {}
    seen: set[str] = set()
    index = 0
    while True:
        town = rng.choice(world.towns)
        cast = rng.sample(world.people[town.label], rng.randint(5, 9))
        if rng.random() < 0.3:  # someone from the next town over
            cast.append(rng.choice(world.people[rng.choice(world.towns).label]))
        year = rng.randint(2015, 2024)
        a = _Article(world, terms)
        a.parts.append(f"{town.label.upper()} >> ")
        a.length = len(a.parts[0])
        for kind in rng.choices(kinds, weights, k=rng.randint(20, 26)):
            _write(a, world, rng, kind, cast, town, year)
        text = a.text()
        sha = hashlib.sha256(text.encode()).hexdigest()
        if sha in seen:
            continue
        seen.add(sha)
        name = f"gen/{index:05d}.txt"
        index += 1
        yield Article(name, sha, DATA[f"graph/{sha[:16]}"], frozenset(_triples(a, sha, name)))
