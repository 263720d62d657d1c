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

from kg.extract.docmemo import children, column_list
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
#: sentences before the last one a description fits, when that is not just before it, within which
#: another entity it fits makes it ambiguous
DESCRIPTION_WINDOW = 3
#: descriptions of a business ("the firm") and the last words of names of bodies that are none
COMPANY_WORDS = {"firm", "company", "business", "group", "giant", "maker", "manufacturer", "retailer",
                 "brewer", "lender", "insurer", "carrier", "airline", "chain", "conglomerate", "corporation",
                 "operator", "supplier", "startup", "start-up", "carmaker", "automaker", "consultancy", "outfit"}
#: what a news outlet is called when it was named just before ("told the newspaper"; not "the
#: programme" or "the paper", which are as often a government's or a report)
OUTLET_WORDS = {"newspaper", "broadcaster", "magazine", "tabloid", "broadsheet"}
PUBLIC_BODY_WORDS = {"council", "party", "union", "university", "college", "school", "hospital", "police",
                     "government", "ministry", "department", "commission", "committee", "court", "assembly",
                     "parliament", "congress", "senate", "league", "federation", "association", "club",
                     "charity", "foundation", "trust", "church", "army", "navy", "service", "office",
                     "authority", "agency", "board", "fc", "brigade", "guard", "campaign"}
#: words of a description that the title it takes up need not have said
PAST_WORDS = {"former", "ex", "then", "erstwhile"}
#: group nouns that say how many: "the pair", "the trio"
GROUP_SIZES = {"pair": 2, "duo": 2, "trio": 3, "couple": 2}


class Resolver:
    """Resolves tokens of one Doc to entities. Build once per Doc; pure reads after that."""

    def __init__(self, doc: Doc, table: EntityTable, *, lexicon: Lexicon, sent_of: list[int]):
        self.doc, self.table, self.lexicon, self.sent_of = doc, table, lexicon, sent_of
        self.pronouns: dict[int, tuple[Referent, ...]] = {}
        self.described: set[str] = set()
        self.gender: dict[str, str] = {}   # genders learnt from pronouns, by entity key
        self._sents: list[Span] | None = None   # the doc's sentences, read when first needed
        self._persons_cache: list[tuple[int, str]] | None = None   # (start, key) of person mentions
        self._referents: dict[int, list[Referent]] = {}   # token index -> its referents, until a pronoun is bound
        self.titles = self._titles_by_mention()
        self._resolve_pronouns()
        self._resolve_groups()
        self._resolve_party_groups()
        self._resolve_speaking_it()

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
                appos = [c for c in children(head) if c.dep_ == "appos" and c.pos_ == "NOUN"]
                appos += [head.head] if head.dep_ == "appos" and head.head.pos_ == "NOUN" else []
                appos += _said_to_be(head)
                for a in appos:
                    words |= {a.lower_} | {c.lower_ for c in children(a) if c.dep_ in ("compound", "amod")}
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
        owner = next((c for c in children(tok) if c.dep_ == "poss" and c.pos_ == "NOUN"
                      and any(d.dep_ == "det" and d.lower_ == "the" for d in children(c))), None)
        if owner is None and not any(c.dep_ == "det" and c.lower_ == "the" for c in children(tok)):
            return None   # "the party's election chief" is as definite as "the election chief"
        titled = head in self.lexicon.title_role and any(
            c.dep_ in ("compound", "amod") and c.i < tok.i and c.lower_ in self.lexicon.title_modifiers
            for c in children(tok))
        if head in self.lexicon.org_heads and not titled:   # "the executive", but "the chief executive"
            ref = self._organization_described(tok)
            if ref is not None or head not in COMPANY_WORDS or tok.tag_ != "NN" or owner is not None \
                    or any(c.dep_ == "appos" for c in tok.children):
                return ref   # "the company" of "Acme Corp.": the last business named, as "the firm"
        if head in OUTLET_WORDS and tok.tag_ == "NN":
            return self._outlet_described(tok)   # "she told the newspaper": the news outlet last named
        if head in self.lexicon.org_descriptors and tok.tag_ == "NN":
            return self._organization_described(tok, any_name=True)   # "the firm": the last company named
        if head not in self.lexicon.title_role and head not in self.lexicon.royal_titles and head not in self.described:
            return None
        mods = [c for c in children(tok) if c.dep_ in ("compound", "amod") and c.i < tok.i]
        words = {head} | {c.lower_ for c in mods if c.lower_ in self.lexicon.title_modifiers}
        words -= PAST_WORDS   # "the former cabinet secretary": one named cabinet secretary, then or once
        matches = [(i, key) for i, key, title in self.titles if i < tok.i and words <= title]
        if owner is not None and (org := self.referent(owner)) is not None:
            # "the party's election chief": one titled in a sentence that names that party
            matches = [(i, key) for i, key in matches if self._names_in_sentence(self.sent_of[i], org.key)]
        if not matches:
            return None
        best = matches[-1]
        # another holder of the title named in the same sentence as the last ("A, the union's general
        # secretary, met B, the general secretary of ..."), or, when that sentence is not the one just
        # before, in the few sentences before it: which one is meant?
        back = 0 if self.sent_of[tok.i] - self.sent_of[best[0]] <= 1 else DESCRIPTION_WINDOW
        near = {key for i, key in matches if self.sent_of[i] >= self.sent_of[best[0]] - back}
        if len(near) > 1:
            return None
        phrase = " ".join(t.text for t in sorted(mods + [tok], key=lambda t: t.i))
        return Referent(best[1], self.sent_of[best[0]], phrase)

    def _names_in_sentence(self, sent_no: int, key: str) -> bool:
        if self._sents is None:
            self._sents = list(self.doc.sents)
        sent = self._sents[sent_no]
        return any(m.start >= sent.start and m.end <= sent.end for m in self.table.entities[key].mentions)

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
        for tok in tokens_with(self.doc, LOWER, _group_word_ids(self.lexicon)):
            if tok.i in self.pronouns or tok.i in self.table.token_entity:
                continue
            wanted = self._group_size(tok)
            if wanted is None:
                continue
            if wanted == 0:
                wanted = None
            group = self._group_defined(tok) or tuple(
                r for r in self._plural_group(tok) if self.table.entities[r.key].kind == "person")
            if not (len(group) >= 2 and (wanted is None or len(group) == wanted)) and wanted:
                group = self._conjoined_before(tok, wanted) or self._named_lately(tok, wanted)
            if len(group) >= 2 and (wanted is None or len(group) == wanted) and self._genders_fit(tok, group):
                self._bind(tok.i, group)

    def _resolve_party_groups(self) -> None:
        """"both parties", "the two main parties": the political parties the last few sentences
        name, when they are exactly two."""
        for tok in tokens_with(self.doc, LOWER, _PARTIES_IDS):
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

    def _group_size(self, tok: Token) -> int | None:
        """How many people a definite group phrase stands for (0: as many as were named), or
        None when ``tok`` is no such phrase ("two men were arrested", "the men of the village")."""
        lower = tok.lower_
        marks = {c.lower_ for c in children(tok) if c.dep_ in ("det", "nummod", "predet", "quantmod")}
        if tok.pos_ in ("NUM", "PRON", "DET") and (lower in NUMBERS or lower == "both"):
            # "The three have refused", "Both said": a numeral or "both" standing alone as a subject
            if tok.dep_ not in ("nsubj", "nsubjpass") or any(c.dep_ == "prep" for c in children(tok)):
                return None    # "both of them", "three of the men": not resolved here
            if lower == "both":
                return 2
            return NUMBERS[lower] if marks & {"the", "all", "these", "those"} else None
        if tok.pos_ != "NOUN" or tok.tag_ != "NNS" and lower not in GROUP_SIZES:
            return None
        number = next((NUMBERS[w] for w in marks if w in NUMBERS), None)
        if lower not in self.lexicon.group_nouns and lower not in GROUP_SIZES:
            # any people noun counts with a number: "all three council members", "the two officials"
            if number is None or tok.lemma_.lower() not in self.lexicon.people_nouns and tok.lemma_.lower() not in self.lexicon.title_role:
                return None
        definite = marks & {"the", "both", "these", "those"} or number is not None and "all" in marks
        if not definite:
            return None   # "two men were arrested": not the men just named
        if any(c.dep_ == "prep" for c in children(tok)):
            return None   # "the two men from the agency": others, described
        if number is not None:
            return number
        if "both" in marks:
            return 2
        return GROUP_SIZES.get(lower, 0)

    def _persons(self, keys) -> tuple[Referent, ...]:
        return tuple(keys) if all(self.table.entities[r.key].kind == "person" for r in keys) else ()

    def _group_defined(self, tok: Token) -> tuple[Referent, ...]:
        """"The trio are A, B and C": the names a group phrase is said to be."""
        verb = tok.head
        if tok.dep_ != "nsubj" or verb.lemma_ != "be":
            return ()
        for attr in children(verb):
            if attr.dep_ == "attr" and attr.i > tok.i:
                keys = [self.table.token_entity.get(x.i) for x in [attr, *_conjuncts(attr)]]
                if len(keys) >= 2 and all(keys):
                    return self._persons(Referent(k) for k in dict.fromkeys(keys))
        return ()

    def _conjoined_before(self, tok: Token, wanted: int) -> tuple[Referent, ...]:
        """The last names conjoined in any role ("... met A and B"), this sentence or the one
        before, when they are as many as wanted."""
        here = self.sent_of[tok.i]
        best: tuple[Referent, ...] = ()
        for start, key in self._person_mentions:
            if start >= tok.i:
                break
            if self.sent_of[start] < here - 1:
                continue
            head = self.doc[start]
            while head.dep_ == "compound" and head.head.i != head.i:
                head = head.head
            if head.dep_ == "conj" or not any(c.dep_ == "conj" for c in children(head)):
                continue
            keys = [self.table.token_entity.get(x.i) for x in [head, *_conjuncts(head)]]
            if all(keys) and all(self.doc[k].i < tok.i for k in [x.i for x in _conjuncts(head)]):
                group = self._persons(Referent(k, self.sent_of[start] if self.sent_of[start] != here else None)
                                      for k in dict.fromkeys(keys))
                if len(group) == wanted:
                    best = group
        return best

    def _named_lately(self, tok: Token, wanted: int) -> tuple[Referent, ...]:
        """The people named in this sentence before ``tok`` and the three before it, when they
        are exactly ``wanted``."""
        here = self.sent_of[tok.i]
        seen: dict[str, int] = {}
        for start, key in self._person_mentions:
            if start >= tok.i:
                break
            if self.sent_of[start] >= here - 3:
                seen[key] = self.sent_of[start]
        if len(seen) != wanted:
            return ()
        return tuple(Referent(k, s if s != here else None) for k, s in seen.items())

    def _genders_fit(self, tok: Token, group) -> bool:
        """"the two men" are no women, "both women" no men."""
        want = {"men": "male", "brothers": "male", "women": "female", "sisters": "female"}.get(tok.lower_)
        return want is None or all(self._gender(r.key) in ("", want) for r in group)

    @property
    def _person_mentions(self) -> list[tuple[int, str]]:
        if self._persons_cache is None:
            self._persons_cache = sorted((m.start, e.key) for e in self.table.entities.values()
                                         if e.kind == "person" for m in e.mentions)
        return self._persons_cache

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
                if t.i >= tok.i or t.dep_ not in ("nsubj", "nsubjpass") or not any(c.dep_ == "conj" for c in children(t)):
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
                    self._bind(tok.i, q.speakers)

    def _bind(self, i: int, refs: tuple[Referent, ...]) -> None:
        """The pronoun (or group phrase) at ``i`` stands for ``refs``: what tokens stand for may change."""
        self.pronouns[i] = refs
        self._referents.clear()

    def _organization_described(self, tok: Token, *, any_name: bool = False) -> Referent | None:
        """"the party" -> the party last named; "the council" -> the organization last named
        whose name has the word "council"; with ``any_name`` ("the firm", "the bank"), the
        organization last named that is no party or news outlet, within the last few sentences."""
        head = tok.lower_
        here = self.sent_of[tok.i]
        last: dict[str, int] = {}   # entity key -> its last mention before tok
        for e in self.table.entities.values():
            if e.kind != "organization":
                continue
            starts = [m.start for m in e.mentions if m.start < tok.i]
            if not starts:
                continue
            if any_name:
                words = e.label.lower().rstrip(".").split()
                fits = not e.party and not e.news and here - 3 <= self.sent_of[max(starts)]
                # "the firm" is no council, school or union: an organization named by another kind of body
                if fits and head in COMPANY_WORDS and words and words[-1] in PUBLIC_BODY_WORDS:
                    fits = False
            else:
                fits = (head == "party" and e.party) or head in e.label.lower().split()
            if fits:
                last[e.key] = max(starts)
        if not last:
            return None
        if any_name and len(last) > 1:
            # "Acme Ltd and Bolt Group ... the firm": which? The one whose name has the word, if one does
            named = {k: i for k, i in last.items() if head in self.table.entities[k].label.lower().split()}
            if len(named) != 1:
                return None
            last = named
        key = max(last, key=last.get)
        return Referent(key, self.sent_of[last[key]])

    def _outlet_described(self, tok: Token) -> Referent | None:
        """"the newspaper", "the broadcaster": the news outlet last named, within the last few sentences."""
        here, best = self.sent_of[tok.i], None
        for e in self.table.entities.values():
            if e.kind == "organization" and e.news:
                for m in e.mentions:
                    if m.start < tok.i and here - 3 <= self.sent_of[m.start] and (best is None or m.start > best[0]):
                        best = (m.start, e.key)
        return Referent(best[1], self.sent_of[best[0]]) if best else None

    def referents(self, tok: Token) -> list[Referent]:
        """The entities a token stands for (several for "A and B"); empty when none."""
        if tok.i not in self._referents:
            self._referents[tok.i] = self._read_referents(tok)
        return list(self._referents[tok.i])

    def _read_referents(self, tok: Token) -> list[Referent]:
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
        if tok.lower_ == "whose" and tok.dep_ == "poss" and tok.head.head.dep_ == "relcl":
            return self.referent(tok.head.head.head, _depth + 1)   # "X, whose membership of Y dates back"
        # a name's head within its phrase: "de Souza's" token inside a compound
        if tok.dep_ == "compound" and tok.head.i in self.table.token_entity:
            return Referent(self.table.token_entity[tok.head.i])
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
        if tok.pos_ == "NOUN" and tok.lower_ in self.lexicon.org_heads \
                and not any(c.dep_ == "appos" and c.pos_ == "PROPN" for c in children(tok)):
            # "the board of Acme", "Acme's board": the body stands for its organization (not a
            # name set beside it: "Acme's campaign co-ordinator, X", where the parse strays)
            for poss in children(tok):
                key = self.table.token_entity.get(poss.i) if poss.dep_ == "poss" else None
                if key and self.table.entities[key].kind == "organization":
                    return Referent(key)
            for prep in children(tok):
                if prep.dep_ == "prep" and prep.lower_ == "of":
                    for g in children(prep):
                        key = self.table.token_entity.get(g.i) if g.dep_ == "pobj" else None
                        if key and self.table.entities[key].kind == "organization":
                            return Referent(key)
        if tok.pos_ == "NOUN" and (tok.tag_ == "NNS" or tok.lower_ == "delegation") \
                and tok.lemma_.lower() in self.lexicon.envoy_nouns:   # "a delegation from Acme" too
            # "representatives of Acme", "executives from Acme": those who speak for it
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


#: verbs that give the passive subject a post: "X was appointed chief executive", "was named chairman"
_GIVEN_POST_VERBS = frozenset({"appoint", "name", "elect", "re-elect", "reelect", "make", "choose", "select",
                               "install", "promote", "confirm", "reappoint"})


def _said_to_be(head: Token) -> list[Token]:
    """The nouns a sentence says a name's person is, was or became: "X is the club's treasurer",
    "X, who served as cabinet secretary, ...", "X became chief executive", "X was appointed
    chairman" (not "X was not appointed chairman")."""
    out = []
    verb = head.head
    if head.dep_ == "nsubj" and verb.lemma_ in ("be", "become"):
        out += [c for c in children(verb) if c.dep_ == "attr" and c.pos_ == "NOUN"]
    if head.dep_ == "nsubjpass" and verb.lemma_.lower() in _GIVEN_POST_VERBS:
        out += [c for c in children(verb) if c.dep_ == "oprd" and c.pos_ == "NOUN"]
        out += [g for c in children(verb) if c.dep_ == "prep" and c.lower_ == "as"
                for g in children(c) if g.dep_ == "pobj" and g.pos_ == "NOUN"]
    if head.dep_ == "nsubj" and verb.lemma_ == "serve":
        out += [g for c in children(verb) if c.dep_ == "prep" and c.lower_ == "as"
                for g in children(c) if g.dep_ == "pobj" and g.pos_ == "NOUN"]
    if any(c.dep_ == "neg" for c in children(verb)):
        out = []
    for rel in children(head):
        if rel.dep_ == "relcl" and any(c.dep_ == "nsubj" and c.lower_ in ("who", "that") for c in children(rel)):
            if rel.lemma_ == "be":
                out += [c for c in children(rel) if c.dep_ == "attr" and c.pos_ == "NOUN"]
            out += [g for c in children(rel) if c.dep_ == "prep" and c.lower_ == "as"
                    for g in children(c) if g.dep_ == "pobj" and g.pos_ == "NOUN"]
    return out


def _conjuncts(tok: Token):
    for child in children(tok):
        if child.dep_ == "conj":
            yield child
            yield from _conjuncts(child)
        elif child.dep_ == "appos" and tok.pos_ == "NOUN" and child.pos_ == "PROPN":
            yield from _conjuncts(child)   # "the singer Rosa Lima and the novelist Clara Webb": hung on the name


_PARTIES_IDS = string_ids(("parties",))


@lru_cache(maxsize=4)
def _group_word_ids(lexicon: Lexicon) -> frozenset[int]:
    """The words that may name a group of people ("the pair", "both leaders", "the two men"), as string ids."""
    lemmas = lexicon.people_nouns | set(lexicon.title_role)
    return string_ids(lexicon.group_nouns | GROUP_SIZES.keys() | NUMBERS.keys() | lemmas | {w + "s" for w in lemmas})


_IT_IDS = string_ids(("it",))


@lru_cache(maxsize=4)
def _pronoun_ids(lexicon: Lexicon) -> frozenset[int]:
    return string_ids(lexicon.pronoun_class)
