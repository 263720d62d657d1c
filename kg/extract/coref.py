"""Which entity a token stands for: names, pronouns, relative pronouns and appositions.

A first pass at coreference: "he"/"him"/"his" stand for the last person the text spoke of whose
gender fits (from "Mr"/"Mrs" and given names); "she"/"her" likewise; "their"/"they" for the
conjoined subject of their clause, or the last organization. "who"/"which" stand for the noun
their clause describes; a common noun with a named apposition ("a union leader, Rosa Diaz")
stands for the name.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from spacy.attrs import LOWER
from spacy.tokens import Doc, Span, Token

from kg.extract.entities import EntityTable
from kg.extract.lexicon import Lexicon
from kg.extract.tokens import string_ids, title_tokens_before, tokens_with
from kg.extract.syntax import apposed_name

HISTORY_WINDOW = 60  # mentions looked back over for a pronoun; an antecedent is near


@dataclass(frozen=True)
class Referent:
    """The entity a token stands for, and the sentence that names it when it is not this one."""

    key: str
    via_sentence: int | None = None   # sentence index of the antecedent, for a pronoun or description
    role: str = ""                    # the title a definite description used ("the MP" -> "MP")


#: number words of a group: "the two men", "all three councillors"
NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}


class Resolver:
    """Resolves tokens of one Doc to entities. Build once per Doc; pure reads after that."""

    def __init__(self, doc: Doc, table: EntityTable, *, lexicon: Lexicon, sent_of: list[int]):
        self.doc, self.table, self.lexicon, self.sent_of = doc, table, lexicon, sent_of
        self.pronouns: dict[int, tuple[Referent, ...]] = {}
        self.described: set[str] = set()
        self.gender: dict[str, str] = {}   # genders learnt from pronouns, by entity key
        self._sents: list[Span] | None = None   # the doc's sentences, read when first needed
        self.titles = self._titles_by_mention()
        self._resolve_pronouns()
        self._resolve_groups()

    def _titles_by_mention(self) -> list[tuple[int, str, frozenset[str]]]:
        """(token index, entity key, title words) for each person mention that has a title:
        "Councilman Tom Hale" -> {"councilman"}; "Prince Rupert" -> {"prince"}."""
        out = []
        for e in self.table.entities.values():
            if e.kind != "person":
                continue
            for m in e.mentions:
                words = {t.lower_ for t in title_tokens_before(self.doc, m.start, m.end)}
                # "Ines Varga, a pharmacist, ...": later "the pharmacist"
                head = self.doc[m.end - 1]
                appos = [c for c in head.children if c.dep_ == "appos" and c.pos_ == "NOUN"]
                appos += [head.head] if head.dep_ == "appos" and head.head.pos_ == "NOUN" else []
                for a in appos:
                    words |= {a.lower_} | {c.lower_ for c in a.children if c.dep_ in ("compound", "amod")}
                    self.described.add(a.lower_)
                words |= {w.lower().rstrip(".") for w in (m.title + " " + m.honorific).split()}
                words |= {w.lower() for w in m.name.split() if w.lower() in self.lexicon.royal_titles}
                words = {w for w in words if w in self.lexicon.title_role or w in self.lexicon.title_modifiers
                         or w in self.lexicon.royal_titles or w in self.described}
                if words:
                    out.append((m.start, e.key, frozenset(words)))
        return sorted(out)

    def description(self, tok: Token) -> Referent | None:
        """"the councilman", "the foreign secretary", "the prince": the person last introduced
        with that title, when the noun phrase is definite and its words are all title words."""
        head = tok.lower_
        if not any(c.dep_ == "det" and c.lower_ == "the" for c in tok.children):
            return None
        if head in self.lexicon.org_heads:
            return self._organization_described(tok)
        if head in self.lexicon.org_descriptors and tok.tag_ == "NN":
            return self._organization_described(tok, any_name=True)   # "the firm": the last company named
        if head not in self.lexicon.title_role and head not in self.lexicon.royal_titles and head not in self.described:
            return None
        mods = [c for c in tok.children if c.dep_ in ("compound", "amod") and c.i < tok.i]
        words = {head} | {c.lower_ for c in mods if c.lower_ in self.lexicon.title_modifiers}
        best = None
        for i, key, title in self.titles:
            if i < tok.i and words <= title:
                best = (i, key)
        if best is None:
            return None
        phrase = " ".join(t.text for t in sorted(mods + [tok], key=lambda t: t.i))
        return Referent(best[1], self.sent_of[best[0]], phrase)

    def _resolve_pronouns(self) -> None:
        history: list[tuple[int, str]] = []   # (token index, entity key) in text order
        mention_starts = {}
        for e in self.table.entities.values():
            for m in e.mentions:
                mention_starts[m.start] = e.key
        pronouns = _pronoun_ids(self.lexicon)
        for i, lower in enumerate(self.doc.to_array(LOWER).tolist()):  # no Token for most words
            if i in mention_starts:
                history.append((i, mention_starts[i]))
                continue
            if lower not in pronouns:
                continue
            tok = self.doc[i]
            cls = self.lexicon.pronoun_class.get(tok.lower_) if tok.pos_ == "PRON" or tok.tag_ in ("PRP", "PRP$") else None
            if cls is None:
                continue
            refs = self._antecedents(tok, cls, history)
            if refs:
                self.pronouns[tok.i] = refs
                if len(refs) == 1:
                    history.append((tok.i, refs[0].key))
                    if cls in ("male", "female") and not self.gender.get(refs[0].key):
                        self.gender[refs[0].key] = cls  # "Jo Carver said she ...": now we know

    def _resolve_groups(self) -> None:
        """"the two men", "both leaders", "the pair": the people last named together ("A and B
        met ...") within a sentence back, as many as the phrase says."""
        for tok in tokens_with(self.doc, LOWER, string_ids(self.lexicon.group_nouns)):
            if tok.i in self.pronouns or tok.i in self.table.token_entity or tok.pos_ != "NOUN":
                continue
            marks = {c.lower_ for c in tok.children if c.dep_ in ("det", "nummod", "predet", "quantmod")}
            if not marks & {"the", "both", "these", "those"}:
                continue   # "two men were arrested": not the men just named
            wanted = next((NUMBERS[w] for w in marks if w in NUMBERS), 2 if "both" in marks else None)
            group = tuple(r for r in self._plural_group(tok) if self.table.entities[r.key].kind == "person")
            if len(group) >= 2 and (wanted is None or len(group) == wanted):
                self.pronouns[tok.i] = group

    def _gender(self, key: str) -> str:
        return self.table.entities[key].gender or self.gender.get(key, "")

    def _plural_group(self, tok: Token) -> tuple[Referent, ...]:
        """The last conjoined subject before ``tok`` ("A and B met ... They ..."), within a sentence back."""
        for sent_no in (self.sent_of[tok.i], self.sent_of[tok.i] - 1):
            if sent_no < 0:
                continue
            if self._sents is None:
                self._sents = list(self.doc.sents)
            sent = self._sents[sent_no]
            best = ()
            for t in sent:
                if t.i >= tok.i or t.dep_ not in ("nsubj", "nsubjpass") or not any(c.dep_ == "conj" for c in t.children):
                    continue
                keys = [self.table.token_entity.get(x.i) for x in [t, *_conjuncts(t)]]
                if all(keys):
                    best = tuple(Referent(k, sent_no if sent_no != self.sent_of[tok.i] else None)
                                 for k in dict.fromkeys(keys))
            if best:
                return best
        return ()

    def _antecedents(self, tok: Token, cls: str, history) -> tuple[Referent, ...]:
        ents = self.table.entities
        if cls == "organization":
            # "The Water Authority said ... Its chairman": the last organization, a sentence back at most
            for i, key in reversed(history):
                if i < tok.i and ents[key].kind == "organization" and self.sent_of[i] >= self.sent_of[tok.i] - 1:
                    return (Referent(key, self.sent_of[i]),)
            return ()
        if cls == "plural":
            # "their" in a clause whose subject is "they": what "they" stands for
            clause = tok
            while clause.dep_ != "ROOT" and clause.pos_ not in ("VERB", "AUX"):
                clause = clause.head
            for child in clause.children:
                if child.dep_ in ("nsubj", "nsubjpass") and child.i < tok.i and child.i in self.pronouns:
                    return self.pronouns[child.i]
            group = self._plural_group(tok)
            if group:
                return group
            # "Lind and Okoro apologised for their remarks": the clause's conjoined subject
            clause = tok
            while clause.dep_ not in ("ROOT",) and clause.pos_ not in ("VERB", "AUX"):
                clause = clause.head
            for i, key in reversed(history):
                if ents[key].kind == "organization" and self.sent_of[i] >= self.sent_of[tok.i] - 1:
                    return (Referent(key, self.sent_of[i]),)
            return ()
        own_subjects = set()
        if tok.dep_ in ("dobj", "pobj", "dative") or tok.tag_ == "PRP" and tok.dep_ == "nsubj" and tok.head.dep_ == "advcl":
            # "Jo Carver urged him to step down": him is not the clause's own subject
            verb = tok.head if tok.dep_ != "pobj" else tok.head.head
            own_subjects = {self.table.token_entity.get(c.i) for c in verb.subtree
                            if c.dep_ in ("nsubj", "nsubjpass") and c.head == verb}
        fitting = [(i, key) for i, key in history[-HISTORY_WINDOW:]
                   if ents[key].kind == "person" and i < tok.i and key not in own_subjects
                   and (not self._gender(key) or self._gender(key) == cls)]
        if not fitting:
            return ()
        if tok.dep_ in ("nsubj", "nsubjpass"):
            # "Smith met Jones. He said ...": a subject pronoun continues the last subject
            recent = [(i, key) for i, key in fitting if self.sent_of[i] >= self.sent_of[tok.i] - 1]
            subjects = [(i, key) for i, key in recent if self._is_subject(i)]
            if subjects and len({k for _, k in recent}) > 1:
                i, key = subjects[-1]
                return (Referent(key, self.sent_of[i]),)
        i, key = fitting[-1]
        return (Referent(key, self.sent_of[i]),)

    def _is_subject(self, i: int) -> bool:
        """Whether the mention starting at token i (or the pronoun there) is a clause's subject."""
        tok = self.doc[i]
        while tok.dep_ == "compound" and tok.head.i != tok.i:
            tok = tok.head
        return tok.dep_ in ("nsubj", "nsubjpass")

    def bind_first_person(self, quotes) -> None:
        """"I will not resign," said X: inside a quote, I / me / my stand for its speaker."""
        for q in quotes:
            if len(q.speakers) != 1:
                continue
            for tok in self.doc[q.start:q.end]:
                if tok.lower_ in self.lexicon.first_person_pronouns and tok.i not in self.table.token_entity:
                    self.pronouns[tok.i] = q.speakers

    def _organization_described(self, tok: Token, *, any_name: bool = False) -> Referent | None:
        """"the party" -> the party last named; "the council" -> the organization last named
        whose name has the word "council"; with ``any_name`` ("the firm", "the bank"), the
        organization last named that is no party or news outlet, within the last few sentences."""
        head = tok.lower_
        best = None
        for e in self.table.entities.values():
            if e.kind != "organization":
                continue
            if any_name:
                fits = not e.party and not e.news and any(
                    self.sent_of[tok.i] - 3 <= self.sent_of[m.start] for m in e.mentions if m.start < tok.i)
            else:
                fits = (head == "party" and e.party) or head in e.label.lower().split()
            if not fits:
                continue
            for m in e.mentions:
                if m.start < tok.i and (best is None or m.start > best[0]):
                    best = (m.start, e.key)
        if best is None:
            return None
        return Referent(best[1], self.sent_of[best[0]])

    def referents(self, tok: Token) -> list[Referent]:
        """The entities a token stands for (several for "A and B"); empty when none."""
        out: list[Referent] = []
        for t in [tok] + list(_conjuncts(tok)):
            refs = self.pronouns.get(t.i) or ([r] if (r := self.referent(t)) is not None else [])
            for ref in refs:
                if ref.key not in {r.key for r in out}:
                    out.append(ref)
        return out

    def referent(self, tok: Token, _depth: int = 0) -> Referent | None:
        key = self.table.token_entity.get(tok.i)
        if key:
            return Referent(key)
        if tok.i in self.pronouns:
            return self.pronouns[tok.i][0]
        if _depth > 3:
            return None
        if tok.lower_ in self.lexicon.relative_pronouns and tok.head.dep_ == "relcl":
            return self.referent(tok.head.head, _depth + 1)
        # a name's head within its phrase: "de Souza's" token inside a compound
        if tok.dep_ == "compound" and tok.head.i in self.table.token_entity:
            return Referent(self.table.token_entity[tok.head.i])
        if tok.pos_ == "NOUN" and tok.lower_ in self.lexicon.org_heads:
            # "the board of Acme", "Acme's board": the body stands for its organization
            for poss in tok.children:
                key = self.table.token_entity.get(poss.i) if poss.dep_ == "poss" else None
                if key and self.table.entities[key].kind == "organization":
                    return Referent(key)
            for prep in tok.children:
                if prep.dep_ == "prep" and prep.lower_ == "of":
                    for g in prep.children:
                        key = self.table.token_entity.get(g.i) if g.dep_ == "pobj" else None
                        if key and self.table.entities[key].kind == "organization":
                            return Referent(key)
        if tok.pos_ == "NOUN" and tok.tag_ == "NNS" and tok.lemma_.lower() in self.lexicon.envoy_nouns:
            # "representatives of Acme", "executives from Acme": those who speak for it
            for prep in tok.children:
                if prep.dep_ == "prep" and prep.lower_ in ("of", "from"):
                    for g in prep.children:
                        key = self.table.token_entity.get(g.i) if g.dep_ == "pobj" else None
                        if key and self.table.entities[key].kind == "organization":
                            return Referent(key)
        if tok.pos_ == "NOUN" and tok.lower_ in self.lexicon.title_role and (name := apposed_name(tok)) is not None \
                and name.i != tok.i and (ref := self.referent(name, _depth + 1)) is not None:
            return ref   # "the chairman of Acme, Erik Lund, resigned"
        if tok.pos_ == "NOUN" and (ref := self.description(tok)) is not None:
            return ref
        if tok.pos_ in ("NOUN", "PROPN"):
            # "the Radio Tarn regional station", "the Tarn Weekly paper": a named organization's
            # noun; not "Council members", who are people
            people = tok.lemma_.lower() in self.lexicon.title_role or tok.lemma_.lower() in self.lexicon.people_nouns
            for child in () if people else tok.children:
                if child.dep_ in ("compound", "nmod") and (key := self.table.token_entity.get(child.i)):
                    if self.table.entities[key].kind == "organization":
                        return Referent(key)
            for child in tok.children:
                if child.dep_ == "appos":
                    ref = self.referent(child, _depth + 1)
                    if ref is not None:
                        return ref
            if tok.dep_ == "appos":
                return self.referent(tok.head, _depth + 1)
        return None


def _conjuncts(tok: Token):
    for child in tok.children:
        if child.dep_ == "conj":
            yield child
            yield from _conjuncts(child)


@lru_cache(maxsize=4)
def _pronoun_ids(lexicon: Lexicon) -> frozenset[int]:
    return string_ids(lexicon.pronoun_class)
