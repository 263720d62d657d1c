"""Dependency patterns matched fast: spaCy's DependencyMatcher semantics, shared token tests.

spaCy's DependencyMatcher gives every node of every pattern its own token pattern, so a hundred
rules that each ask for "a token whose dependency is nsubj" test every token a hundred times.
Here each distinct node test is done once per Doc: by looking its values up in an index of the
token attributes (read as arrays, no Token objects), or as one pattern of a single spaCy
``Matcher``; the tokens that pass are a bit mask. Then each rule's tree is searched from the
tokens that pass its root test (and have a child for each of its ``>`` children), following the
pattern's relations (``>``, ``<``, ``>>``, ``<<``, ``.``, ``.*``, ``;``, ``;*``) exactly as
DependencyMatcher defines them, over heads read as an array. Results are the same: for each
rule, every assignment of tokens to its nodes, in node order.
"""
from __future__ import annotations

import json
from collections import defaultdict

from spacy import attrs as token_attrs
from spacy.attrs import HEAD, SENT_START
from spacy.matcher import Matcher
from spacy.strings import get_string_id
from spacy.tokens import Doc
from spacy.vocab import Vocab

from kg.extract.docmemo import column_list, indices_with

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
        self._values: dict[str, dict[int, str]] = {}          # attribute -> string id -> the values tested
        self._value_ids: dict[str, frozenset[int]] = {}       # attribute -> the string ids of those values
        self._patterns: list[tuple[str, list[tuple], tuple[str, ...]]] = []   # (name, [(key, left index, op)], keys)

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
                    for attr, value in attrs.items():
                        values = [value] if isinstance(value, str) else [*value.get("IN", ()), *value.get("NOT_IN", ())]
                        self._values.setdefault(attr, {}).update((get_string_id(v), v) for v in values)
                        self._value_ids[attr] = frozenset(self._values[attr])
                else:
                    self._matcher.add(key, [[attrs]])
            op = node.get("REL_OP")
            if op is not None and op not in SUPPORTED:
                raise ValueError(f"REL_OP {op!r} is not supported here (supported: {' '.join(SUPPORTED)})")
            left = ids.index(node["LEFT_ID"]) if "LEFT_ID" in node else None
            nodes.append((self._keys[test], left, op))
        self._patterns.append((name, nodes, tuple(key for key, _, _ in nodes)))

    def __call__(self, doc: Doc) -> list[tuple[str, list[int]]]:
        """Every match: (pattern name, token index of each node, in node order)."""
        # which tokens pass each node test, as a bit mask (bit i: token i)
        passing: dict[str, int] = defaultdict(int)
        strings = doc.vocab.strings
        if len(self._matcher):
            for match_id, start, _end in self._matcher(doc):
                passing[strings[match_id]] |= 1 << start
        index = _index(doc, self._attributes, self._values, self._value_ids)
        everyone = (1 << len(doc)) - 1
        for key, attrs in self._indexed.items():
            found = _lookup(attrs, index, everyone)
            if found:
                passing[key] = found
        related = _Relations(doc)
        parents: dict[str, int] = {}  # key -> the tokens with a child that passes its test
        out = []
        for name, nodes, keys in self._patterns:
            if not all(map(passing.get, keys)):
                continue
            roots = passing[nodes[0][0]]
            for key, left, op in nodes[1:]:
                if left == 0 and op == ">":  # the root needs such a child: most roots go here
                    if key not in parents:
                        parents[key] = related.parents(passing[key])
                    roots &= parents[key]
            for root in _members(roots):
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


def _index(doc: Doc, names: tuple[str, ...], values: dict[str, dict[int, str]],
           value_ids: dict[str, frozenset[int]]) -> dict[str, dict[str, int]]:
    """attribute -> value -> the tokens that have it (a bit mask), for the attributes and values
    the tests use: read from arrays of string ids (no Token objects), only at the tokens that
    have one of the values."""
    index: dict[str, dict[str, int]] = {}
    for name in names:
        wanted = values[name]
        attr = ATTRIBUTE_IDS[name]
        array = column_list(doc, attr)
        masks: dict[int, int] = defaultdict(int)
        for i in indices_with(doc, attr, value_ids[name]):
            masks[array[i]] |= 1 << i
        index[name] = {wanted[v]: mask for v, mask in masks.items()}
    return index


def _members(mask: int) -> list[int]:
    """The token indexes a bit mask holds, in order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _lookup(attrs: dict, index, everyone: int) -> int:
    """The tokens that pass a node test (a bit mask): each attribute's constraint, intersected."""
    found = everyone
    for name, value in attrs.items():
        by_value = index[name]
        if isinstance(value, str):
            found &= by_value.get(value, 0)
        else:
            if "IN" in value:
                allowed = 0
                for v in value["IN"]:
                    allowed |= by_value.get(v, 0)
                found &= allowed
            for v in value.get("NOT_IN", ()):
                found &= ~by_value.get(v, 0)
        if not found:
            return 0
    return found


def _search(nodes, k, assigned, passing, related):
    if k == len(nodes):
        yield list(assigned)
        return
    key, left, op = nodes[k]
    allowed = passing[key]
    for i in related(assigned[left], op):
        if allowed >> i & 1:
            assigned.append(i)
            yield from _search(nodes, k + 1, assigned, passing, related)
            assigned.pop()


class _Relations:
    """The tokens that stand in a relation to a token, as DependencyMatcher defines them (cached),
    worked out from the heads and sentence starts read as arrays: no Token objects."""

    def __init__(self, doc: Doc):
        n = len(doc)
        offsets, starts = (doc.to_array([HEAD, SENT_START]).astype("int64").T.tolist() if n else ([], []))
        self.head = [i + offset for i, offset in enumerate(offsets)]
        self.children: list[list[int]] = [[] for _ in range(n)]
        for i, h in enumerate(self.head):
            if h != i:
                self.children[h].append(i)
        self.bounds: list[tuple[int, int]] = [(0, n)] * n
        firsts = [0] + [i for i in range(1, n) if starts[i] == 1] + [n]
        for start, end in zip(firsts, firsts[1:]):
            self.bounds[start:end] = [(start, end)] * (end - start)
        self.cache: dict[tuple[int, str], list[int]] = {}

    def parents(self, tokens: int) -> int:
        """The heads of these tokens (bit masks both)."""
        mask = 0
        for j in _members(tokens):
            if self.head[j] != j:
                mask |= 1 << self.head[j]
        return mask

    def __call__(self, i: int, op: str) -> list[int]:
        key = (i, op)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self._compute(i, op)
        return found

    def _compute(self, i: int, op: str) -> list[int]:
        start, end = self.bounds[i]
        if op == ">":
            return self.children[i]
        if op == "<":
            return [] if self.head[i] == i else [self.head[i]]
        if op == ">>":
            return [j for j in self._subtree(i) if j != i]
        if op == "<<":
            out, j = [], i
            while self.head[j] != j:
                j = self.head[j]
                out.append(j)
            return out
        if op == ".":
            return [i + 1] if i + 1 < end else []
        if op == ".*":
            return list(range(i + 1, end))
        if op == ";":
            return [i - 1] if i - 1 >= start else []
        return list(range(start, i))  # ";*"

    def _subtree(self, i: int) -> list[int]:
        """The token and its descendants in spaCy's ``Token.subtree`` order: each left child's
        subtree, the token, each right child's subtree (not token order in a non-projective tree)."""
        out: list[int] = []
        todo: list[tuple[int, bool]] = [(i, False)]
        while todo:
            j, expanded = todo.pop()
            if expanded:
                out.append(j)
                continue
            children = self.children[j]
            todo.extend((c, False) for c in reversed([c for c in children if c > j]))
            todo.append((j, True))
            todo.extend((c, False) for c in reversed([c for c in children if c < j]))
        return out
