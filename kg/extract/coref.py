"""Which entity a token stands for: names, pronouns, relative pronouns and appositions.

A first pass at coreference: "he"/"him"/"his" stand for the last person the text spoke of whose
gender fits (from "Mr"/"Mrs" and given names); "she"/"her" likewise; "their"/"they" for the
conjoined subject of their clause, or the last organization. "who"/"which" stand for the noun
their clause describes; a common noun with a named apposition ("a union leader, Rosa Diaz")
stands for the name. "it" said by an organization is that organization. What definite
descriptions ("the councilman", "the firm") and group phrases ("the two men", "both leaders")
take up is read in :mod:`kg.extract.descriptions`; the Resolver binds it.
"""
from __future__ import annotations

from functools import lru_cache

from spacy.attrs import LOWER
from spacy.tokens import Doc, Span, Token

from kg.extract.descriptions import (PARTIES_IDS, Referent, conjoined_before, conjuncts, genders_fit,
                                     group_defined, group_size, group_word_ids, named_lately,
                                     person_mentions, read_description, titles_by_mention)
from kg.extract.docmemo import children, column_list
from kg.extract.entities import EntityTable
from kg.extract.lexicon import Lexicon
from kg.extract.tokens import string_ids, tokens_with
from kg.extract.syntax import apposed_name
from kg.extract.syntax import is_postnominal

HISTORY_WINDOW = 60  # mentions looked back over for a pronoun; an antecedent is near


class Resolver:
    """Resolves tokens of one Doc to entities. Build once per Doc; pure reads after that."""

    def __init__(self, doc: Doc, table: EntityTable, *, lexicon: Lexicon, sent_of: list[int]):
        self.doc, self.table, self.lexicon, self.sent_of = doc, table, lexicon, sent_of
        self.pronouns: dict[int, tuple[Referent, ...]] = {}
        self.gender: dict[str, str] = {}   # genders learnt from pronouns, by entity key
        self._sents: list[Span] | None = None   # the doc's sentences, read when first needed
        self._persons_cache: list[tuple[int, str]] | None = None   # (start, key) of person mentions
        self._referents: dict[int, list[Referent]] = {}   # token index -> its referents, until a pronoun is bound
        self.titles, self.described = titles_by_mention(doc, table, lexicon)
        self._resolve_pronouns()
        self._resolve_groups()
        self._resolve_party_groups()
        self._resolve_speaking_it()

    def description(self, tok: Token) -> Referent | None:
        """"the councilman", "the foreign secretary", "the prince": the person last introduced
        with that title, when the noun phrase is definite and its words are all title words
        (:func:`kg.extract.descriptions.read_description`)."""
        return read_description(tok, table=self.table, lexicon=self.lexicon, sent_of=self.sent_of,
                                titles=self.titles, described=self.described, referent=self.referent,
                                sentence=self._sentence)

    def _sentence(self, sent_no: int) -> Span:
        if self._sents is None:
            self._sents = list(self.doc.sents)
        return self._sents[sent_no]

    def _resolve_pronouns(self) -> None:
        history: list[tuple[int, str]] = []   # (token index, entity key) in text order
        mention_starts = {}
        for e in self.table.entities.values():
            for m in e.mentions:
                mention_starts[m.start] = e.key
        pronouns = _pronoun_ids(self.lexicon)
        for i, lower in enumerate(column_list(self.doc, LOWER)):  # no Token for most words
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
                self._bind(tok.i, refs)
                if len(refs) == 1:
                    history.append((tok.i, refs[0].key))
                    if cls in ("male", "female") and not self.gender.get(refs[0].key):
                        self.gender[refs[0].key] = cls  # "Jo Carver said she ...": now we know

    def _resolve_speaking_it(self) -> None:
        """"Acme said it would appeal", "the council said it was appalled by ...": "it" as the
        subject of what an organization says is that organization (any other "it" stays unread)."""
        for tok in tokens_with(self.doc, LOWER, _IT_IDS):
            verb = tok.head.head
            if tok.dep_ not in ("nsubj", "nsubjpass") or tok.head.dep_ != "ccomp" \
                    or verb.lemma_.lower() not in self.lexicon.speech_verbs:
                continue
            speaker = next((c for c in children(verb) if c.dep_ == "nsubj"), None)
            refs = self.referents(speaker) if speaker is not None else []
            if len(refs) == 1 and self.table.entities[refs[0].key].kind == "organization":
                self._bind(tok.i, (refs[0],))

    def _resolve_groups(self) -> None:
        """"the two men", "both leaders", "the pair", "all three council members", "the three":
        the people last named together, as many as the phrase says. In order: the names the
        phrase is said to be ("The trio are A, B and C"); the conjoined subject within a
        sentence back ("A and B met ... the two men"); the last names conjoined anywhere, a
        sentence back, as many as wanted; else the people the last few sentences name, when
        they are exactly as many as wanted ("A clashed with B ... The pair met"). Nothing when
        the number or a gender does not fit."""
        for tok in tokens_with(self.doc, LOWER, group_word_ids(self.lexicon)):
            if tok.i in self.pronouns or tok.i in self.table.token_entity:
                continue
            wanted = group_size(tok, self.lexicon)
            if wanted is None:
                continue
            if wanted == 0:
                wanted = None
            group = group_defined(tok, self.table) or tuple(
                r for r in self._plural_group(tok) if self.table.entities[r.key].kind == "person")
            if not (len(group) >= 2 and (wanted is None or len(group) == wanted)) and wanted:
                group = conjoined_before(tok, wanted, doc=self.doc, table=self.table, sent_of=self.sent_of,
                                         persons=self._person_mentions) \
                    or named_lately(tok, wanted, sent_of=self.sent_of, persons=self._person_mentions)
            if len(group) >= 2 and (wanted is None or len(group) == wanted) and genders_fit(tok, group, self._gender):
                self._bind(tok.i, group)

    def _resolve_party_groups(self) -> None:
        """"both parties", "the two main parties": the political parties the last few sentences
        name, when they are exactly two."""
        for tok in tokens_with(self.doc, LOWER, PARTIES_IDS):
            marks = {c.lower_ for c in children(tok) if c.dep_ in ("det", "nummod", "predet", "amod")}
            if tok.i in self.pronouns or not ("both" in marks or {"the", "two"} <= marks) \
                    or any(c.dep_ == "prep" for c in children(tok)):
                continue   # ("the parties to the deal": others, described)
            here, seen = self.sent_of[tok.i], {}
            for e in self.table.entities.values():
                starts = [m.start for m in e.mentions if m.start < tok.i and self.sent_of[m.start] >= here - 3]
                if starts and (e.party or e.kind == "organization" and "party" in e.label.lower().split()):
                    seen[e.key] = self.sent_of[max(starts)]
            if len(seen) == 2:
                self._bind(tok.i, tuple(Referent(k, s if s != here else None) for k, s in seen.items()))

    @property
    def _person_mentions(self) -> list[tuple[int, str]]:
        if self._persons_cache is None:
            self._persons_cache = person_mentions(self.table)
        return self._persons_cache

    def _gender(self, key: str) -> str:
        return self.table.entities[key].gender or self.gender.get(key, "")

    def _plural_group(self, tok: Token) -> tuple[Referent, ...]:
        """The last conjoined subject before ``tok`` ("A and B met ... They ..."), within a sentence back."""
        for sent_no in (self.sent_of[tok.i], self.sent_of[tok.i] - 1):
            if sent_no < 0:
                continue
            sent = self._sentence(sent_no)
            best = ()
            for t in sent:
                if t.i >= tok.i or t.dep_ not in ("nsubj", "nsubjpass") or not any(c.dep_ == "conj" for c in children(t)):
                    continue
                keys = [self.table.token_entity.get(x.i) for x in [t, *conjuncts(t)]]
                if all(keys):
                    best = tuple(Referent(k, sent_no if sent_no != self.sent_of[tok.i] else None)
                                 for k in dict.fromkeys(keys))
            if best:
                return best
        return ()

    def _antecedents(self, tok: Token, cls: str, history) -> tuple[Referent, ...]:
        ents = self.table.entities
        if cls == "organization":
            # "Acme picked X, a former Halden Bank executive, as its chief": the clause's own
            # subject, where an organization; else the last organization, a sentence back at most
            clause = tok
            while clause.dep_ != "ROOT" and clause.pos_ not in ("VERB", "AUX"):
                clause = clause.head
            subject = next((c for c in children(clause) if c.dep_ in ("nsubj", "nsubjpass") and c.i < tok.i), None)
            key = self.table.token_entity.get(subject.i) if subject is not None else None
            if key is not None and ents[key].kind == "organization":
                return (Referent(key),)
            for i, key in reversed(history):
                if i < tok.i and ents[key].kind == "organization" and self.sent_of[i] >= self.sent_of[tok.i] - 1:
                    return (Referent(key, self.sent_of[i]),)
            return ()
        if cls == "plural":
            # "their" in a clause whose subject is "they": what "they" stands for
            clause = tok
            while clause.dep_ != "ROOT" and clause.pos_ not in ("VERB", "AUX"):
                clause = clause.head
            for child in children(clause):
                if child.dep_ in ("nsubj", "nsubjpass") and child.i < tok.i and child.i in self.pronouns:
                    return self.pronouns[child.i]
            group = self._plural_group(tok)
            if group:
                return group
            # "Lind and Okoro apologised for their remarks": the clause's conjoined subject
            clause = tok
            while clause.dep_ not in ("ROOT",) and clause.pos_ not in ("VERB", "AUX"):
                clause = clause.head
            recent = [(i, key) for i, key in history if ents[key].kind == "organization"
                      and self.sent_of[i] >= self.sent_of[tok.i] - 1]
            if tok.dep_ in ("nsubj", "nsubjpass") and len({k for _, k in recent}) > 1:
                # "The Tories have no plan for the NHS. They have failed.": a subject continues the last subject
                recent = [(i, key) for i, key in recent if self._is_subject(i)] or recent
            if recent:
                i, key = recent[-1]
                return (Referent(key, self.sent_of[i]),)
            return ()
        own_subjects = set()
        if tok.dep_ in ("dobj", "pobj", "dative") or tok.tag_ == "PRP" and tok.dep_ == "nsubj" and tok.head.dep_ == "advcl":
            # "Jo Carver urged him to step down": him is not the clause's own subject
            verb = tok.head if tok.dep_ != "pobj" else tok.head.head
            # (a title's subject too: "The club's chairman, X, defended him": him is not X)
            own_subjects = {r.key if (r := self.referent(c)) is not None else None for c in verb.subtree
                            if c.dep_ in ("nsubj", "nsubjpass") and c.head == verb}
        fitting = [(i, key) for i, key in history[-HISTORY_WINDOW:]
                   if ents[key].kind == "person" and i < tok.i and key not in own_subjects
                   and (not self._gender(key) or self._gender(key) == cls)]
        if not fitting:
            return self._cataphora(tok, cls)
        if tok.dep_ in ("nsubj", "nsubjpass"):
            # "Smith met Jones. He said ...": a subject pronoun continues the last subject
            recent = [(i, key) for i, key in fitting if self.sent_of[i] >= self.sent_of[tok.i] - 1]
            subjects = [(i, key) for i, key in recent if self._is_subject(i)]
            if subjects and len({k for _, k in recent}) > 1:
                i, key = subjects[-1]
                return (Referent(key, self.sent_of[i]),)
        i, key = fitting[-1]
        return (Referent(key, self.sent_of[i]),)

    def _cataphora(self, tok: Token, cls: str) -> tuple[Referent, ...]:
        """"Since her election to the Senate, Mary Quinn has ...": a pronoun in a phrase fronted
        before the sentence's subject, with no one named before it, is that subject's (a person
        of the pronoun's gender)."""
        root = tok.sent.root
        subject = next((c for c in children(root) if c.dep_ in ("nsubj", "nsubjpass") and c.i > tok.i), None)
        if subject is None:
            return ()
        front = tok
        while front.head.i != root.i and front.head.i != front.i:
            front = front.head
        if front.head.i != root.i or front.dep_ not in ("prep", "advcl", "npadvmod") or front.i > subject.i:
            return ()
        key = self.table.token_entity.get(subject.i)
        if key is None or self.table.entities[key].kind != "person" or self._gender(key) not in ("", cls):
            return ()
        return (Referent(key, self.sent_of[subject.i]),)

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
                    self._bind(tok.i, q.speakers)

    def _bind(self, i: int, refs: tuple[Referent, ...]) -> None:
        """The pronoun (or group phrase) at ``i`` stands for ``refs``: what tokens stand for may change."""
        self.pronouns[i] = refs
        self._referents.clear()

    def referents(self, tok: Token) -> list[Referent]:
        """The entities a token stands for (several for "A and B"); empty when none."""
        if tok.i not in self._referents:
            self._referents[tok.i] = self._read_referents(tok)
        return list(self._referents[tok.i])

    def _read_referents(self, tok: Token) -> list[Referent]:
        out: list[Referent] = []
        for t in [tok] + list(conjuncts(tok)):
            refs = self.pronouns.get(t.i) or ([r] if (r := self.referent(t)) is not None else [])
            for ref in refs:
                if ref.key not in {r.key for r in out}:
                    out.append(ref)
        if not out and tok.pos_ == "NOUN" and tok.tag_ == "NNS":
            # "executives including X took part", "ninety MPs, including X, voted for Y": the named
            # among them are said what the group is ("thousands of fans, including X" too)
            groups = [tok] + [g for c in children(tok) if c.dep_ == "prep" and c.lower_ == "of"
                              for g in children(c) if g.dep_ == "pobj" and g.tag_ == "NNS"]
            for prep in (c for group in groups for c in children(group)):
                if prep.dep_ == "prep" and prep.lower_ == "including":
                    for g in children(prep):
                        if g.dep_ == "pobj":
                            out += [r for r in self._read_referents(g) if r.key not in {o.key for o in out}]
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
            noun = tok.head.head
            if noun.dep_ == "appos" and noun.pos_ == "NOUN" and noun.head.i in self.table.token_entity:
                noun = noun.head   # "X, a retired general who lives in Y": the one the noun describes
            return self.referent(noun, _depth + 1)
        if tok.lower_ == "whose" and tok.dep_ == "poss" and tok.head.head.dep_ == "relcl":
            return self.referent(tok.head.head.head, _depth + 1)   # "X, whose membership of Y dates back"
        # a name's head within its phrase: "de Souza's" token inside a compound
        if tok.dep_ == "compound" and tok.head.i in self.table.token_entity:
            return Referent(self.table.token_entity[tok.head.i])
        if is_postnominal(tok, self.lexicon) and tok.i > 0 and (key := self.table.token_entity.get(tok.i - 1)):
            return Referent(key)   # "Rory Dunn MSP", parsed with the letters as the head
        if tok.pos_ == "NOUN" and tok.lemma_.lower() in self.lexicon.place_nouns:
            # "the village of Little Haddon", "the city of Oakmont": the place it names; "the
            # Flatbush section of Brooklyn": the place named before it
            for c in children(tok):
                key = self.table.token_entity.get(c.i) if c.dep_ in ("compound", "nmod") and c.i < tok.i else None
                if key and self.table.entities[key].kind == "place":
                    return Referent(key)
            for prep in children(tok):
                if prep.dep_ == "prep" and prep.lower_ == "of":
                    for g in children(prep):
                        key = self.table.token_entity.get(g.i) if g.dep_ == "pobj" else None
                        if key and self.table.entities[key].kind == "place":
                            return Referent(key)
        if tok.pos_ == "NOUN" and (tok.lower_ in self.lexicon.org_heads or tok.lemma_.lower() in self.lexicon.org_part_nouns) \
                and not any(c.dep_ == "appos" and c.pos_ == "PROPN" for c in children(tok)):
            # "the board of Acme", "Acme's board", "the local branch of Acme": the body stands for its organization (not a
            # name set beside it: "Acme's campaign co-ordinator, X", where the parse strays)
            bare = not any(c.dep_ in ("compound", "amod", "nmod") for c in children(tok))
            for poss in children(tok):
                # (or "its board", the pronoun read as the organization; not "its Asia office", a part)
                key = self.table.token_entity.get(poss.i) if poss.dep_ == "poss" else None
                ref = Referent(key) if key else self.referent(poss, _depth + 1) \
                    if bare and poss.dep_ == "poss" and poss.pos_ == "PRON" else None
                if ref is not None and self.table.entities[ref.key].kind == "organization":
                    return ref
            for prep in children(tok):
                if prep.dep_ == "prep" and prep.lower_ == "of":
                    for g in children(prep):
                        key = self.table.token_entity.get(g.i) if g.dep_ == "pobj" else None
                        if key and self.table.entities[key].kind == "organization":
                            return Referent(key)
        if tok.pos_ == "NOUN" and (tok.tag_ == "NNS" or tok.lower_ == "delegation") \
                and tok.lemma_.lower() in self.lexicon.envoy_nouns:   # "a delegation from Acme" too
            # "representatives of Acme", "executives from Acme", "Acme officials": those who speak for it
            for c in children(tok):
                key = self.table.token_entity.get(c.i) if c.dep_ == "compound" and c.i < tok.i else None
                if key and self.table.entities[key].kind == "organization":
                    return Referent(key)
            for prep in children(tok):
                if prep.dep_ == "prep" and prep.lower_ in ("of", "from"):
                    for g in children(prep):
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
            for child in () if people else children(tok):
                if child.dep_ in ("compound", "nmod") and (key := self.table.token_entity.get(child.i)):
                    if self.table.entities[key].kind == "organization":
                        return Referent(key)
            for child in children(tok):
                if child.dep_ == "appos":
                    ref = self.referent(child, _depth + 1)
                    if ref is not None:
                        return ref
            if tok.dep_ == "appos":
                return self.referent(tok.head, _depth + 1)
        return None


_IT_IDS = string_ids(("it",))


@lru_cache(maxsize=4)
def _pronoun_ids(lexicon: Lexicon) -> frozenset[int]:
    return string_ids(lexicon.pronoun_class)
