"""Dependency patterns matched fast: spaCy's DependencyMatcher semantics, shared token tests.

spaCy's DependencyMatcher gives every node of every pattern its own token pattern, so a hundred
rules that each ask for "a token whose dependency is nsubj" test every token a hundred times.
Here each distinct node test is one pattern of a single spaCy ``Matcher`` run once over the Doc;
then each rule's tree is searched from the tokens that pass its root test, following the
pattern's relations (``>``, ``<``, ``>>``, ``<<``, ``.``, ``.*``, ``;``, ``;*``) exactly as
DependencyMatcher defines them. Results are the same: for each rule, every assignment of tokens
to its nodes, in node order.
"""
from __future__ import annotations

import json
from collections import defaultdict

from spacy import attrs as token_attrs
from spacy.matcher import Matcher
from spacy.tokens import Doc
from spacy.vocab import Vocab

SUPPORTED = (">", "<", ">>", "<<", ".", ".*", ";", ";*")


# token attributes a node test may use here, and how to read each from a token
ATTRIBUTES = {"LEMMA": "lemma_", "LOWER": "lower_", "DEP": "dep_", "POS": "pos_", "TAG": "tag_",
              "ENT_TYPE": "ent_type_", "ORTH": "orth_", "TEXT": "text"}
ATTRIBUTE_IDS = {"LEMMA": token_attrs.LEMMA, "LOWER": token_attrs.LOWER, "DEP": token_attrs.DEP, "POS": token_attrs.POS,
                 "TAG": token_attrs.TAG, "ENT_TYPE": token_attrs.ENT_TYPE, "ORTH": token_attrs.ORTH, "TEXT": token_attrs.ORTH}


class DependencyPatterns:
    """Many DependencyMatcher patterns, matched together."""

    def __init__(self, vocab: Vocab):
        self._matcher = Matcher(vocab)                        # for node tests the index cannot do
        self._keys: dict[str, str] = {}                       # node test (JSON) -> key
        self._indexed: dict[str, dict] = {}                   # key -> test done by index lookups
        self._attributes: tuple[str, ...] = ()                # the attributes those tests read
        self._patterns: list[tuple[str, list[tuple]]] = []    # (name, [(key, left index, op)])

    def add(self, name: str, pattern: list[dict]) -> None:
        """Add a (validated) DependencyMatcher pattern under ``name``."""
        ids = [node["RIGHT_ID"] for node in pattern]
        nodes = []
        for node in pattern:
            attrs = node.get("RIGHT_ATTRS", {})
            test = json.dumps(attrs, sort_keys=True)
            if test not in self._keys:
                key = f"kg_node_{len(self._keys)}"
                self._keys[test] = key
                if _indexable(attrs):
                    self._indexed[key] = attrs
                    self._attributes = tuple(sorted(set(self._attributes) | set(attrs)))
                else:
                    self._matcher.add(key, [[attrs]])
            op = node.get("REL_OP")
            if op is not None and op not in SUPPORTED:
                raise ValueError(f"REL_OP {op!r} is not supported here (supported: {' '.join(SUPPORTED)})")
            left = ids.index(node["LEFT_ID"]) if "LEFT_ID" in node else None
            nodes.append((self._keys[test], left, op))
        self._patterns.append((name, nodes))

    def __call__(self, doc: Doc) -> list[tuple[str, list[int]]]:
        """Every match: (pattern name, token index of each node, in node order)."""
        passing: dict[str, set[int]] = defaultdict(set)
        strings = doc.vocab.strings
        if len(self._matcher):
            for match_id, start, _end in self._matcher(doc):
                passing[strings[match_id]].add(start)
        index = _index(doc, self._attributes)
        everyone = set(range(len(doc)))
        for key, attrs in self._indexed.items():
            found = _lookup(attrs, index, everyone)
            if found:
                passing[key] = found
        bounds = _sentence_bounds(doc)
        related = _Relations(doc, bounds)
        out = []
        for name, nodes in self._patterns:
            if any(key not in passing for key, _, _ in nodes):
                continue
            for root in sorted(passing[nodes[0][0]]):
                for assignment in _search(nodes, 1, [root], passing, related):
                    out.append((name, assignment))
        return out


def _indexable(attrs: dict) -> bool:
    for name, value in attrs.items():
        if name not in ATTRIBUTES:
            return False
        if isinstance(value, dict) and not set(value) <= {"IN", "NOT_IN"}:
            return False
        if not isinstance(value, (str, dict)):
            return False
    return True


def _index(doc: Doc, names: tuple[str, ...]) -> dict[str, dict[str, set[int]]]:
    """attribute -> value -> the tokens that have it, for the attributes the tests use: read as
    one array of string ids (no Token objects), then keyed by the strings themselves."""
    if not names:
        return {}
    strings = doc.vocab.strings
    array = doc.to_array([ATTRIBUTE_IDS[name] for name in names]).reshape(len(doc), len(names))
    index: dict[str, dict[str, set[int]]] = {}
    for column, name in enumerate(names):
        by_id: dict[int, set[int]] = defaultdict(set)
        for i, value in enumerate(array[:, column].tolist()):
            by_id[value].add(i)
        index[name] = {strings[v] if v else "": tokens for v, tokens in by_id.items()}
    return index


def _lookup(attrs: dict, index, everyone: set[int]) -> set[int]:
    """The tokens that pass a node test: each attribute's constraint, intersected."""
    found: set[int] | None = None
    for name, value in attrs.items():
        by_value = index[name]
        if isinstance(value, str):
            allowed = by_value.get(value, set())
        elif "IN" in value:
            allowed = set()
            for v in value["IN"]:
                allowed |= by_value.get(v, set())
        else:
            allowed = everyone
        found = set(allowed) if found is None else found & allowed
        for v in value.get("NOT_IN", ()) if isinstance(value, dict) else ():
            found -= by_value.get(v, set())
        if not found:
            return set()
    return set(everyone) if found is None else found


def _search(nodes, k, assigned, passing, related):
    if k == len(nodes):
        yield list(assigned)
        return
    key, left, op = nodes[k]
    for i in related(assigned[left], op):
        if i in passing[key]:
            assigned.append(i)
            yield from _search(nodes, k + 1, assigned, passing, related)
            assigned.pop()


def _sentence_bounds(doc: Doc) -> list[tuple[int, int]]:
    bounds = [(0, len(doc))] * len(doc)
    for sent in doc.sents:
        for i in range(sent.start, sent.end):
            bounds[i] = (sent.start, sent.end)
    return bounds


class _Relations:
    """The tokens that stand in a relation to a token, as DependencyMatcher defines them (cached)."""

    def __init__(self, doc: Doc, bounds: list[tuple[int, int]]):
        self.doc, self.bounds, self.cache = doc, bounds, {}

    def __call__(self, i: int, op: str) -> list[int]:
        key = (i, op)
        if key not in self.cache:
            self.cache[key] = self._compute(i, op)
        return self.cache[key]

    def _compute(self, i: int, op: str) -> list[int]:
        tok, (start, end) = self.doc[i], self.bounds[i]
        if op == ">":
            return [c.i for c in tok.children]
        if op == "<":
            return [] if tok.head.i == i else [tok.head.i]
        if op == ">>":
            return [t.i for t in tok.subtree if t.i != i]
        if op == "<<":
            return [t.i for t in tok.ancestors]
        if op == ".":
            return [i + 1] if i + 1 < end else []
        if op == ".*":
            return list(range(i + 1, end))
        if op == ";":
            return [i - 1] if i - 1 >= start else []
        return list(range(start, i))  # ";*"
