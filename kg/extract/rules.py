"""Relation rules as data: spaCy DependencyMatcher patterns in JSON files under ``kg/extract/rules/``.

A rule file is ``{"rules": [RULE, ...]}``; a RULE is::

    {"id": "replaced-verb",                 # unique over all files
     "predicate": "replaced",               # one of the 20 core predicates
     "subject": "agent",                    # RIGHT_ID of the subject token, or "@speaker": who is quoted
     "object": "patient",                   # RIGHT_ID of the object token, or null (unstated)
     "object_kind": "entity",               # entity | event | position | unstated
     "trigger": "verb",                     # RIGHT_ID whose negation/modality decides (default: first node)
     "polarity": "affirmed",                # affirmed | negated | unnegated (modality ignored) | any
     "confidence": 0.8,
     "examples": ["A replaced B as chair"],
     "pattern": [ ...DependencyMatcher pattern... ]}

In a pattern, a string value "@name" in an IN/NOT_IN list names a lexicon list
(``kg/extract/data/lexicon.json``): ``{"LEMMA": {"IN": "@event_nouns"}}``. Matching is kept apart from
what a match means (:mod:`kg.extract.facts`). Errors name the file, the rule and the problem.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from spacy.language import Language
from spacy.matcher import DependencyMatcher
from spacy.tokens import Doc

from kg.extract.depmatch import DependencyPatterns
from kg.errors import RuleError
from kg.extract.lexicon import Lexicon
from kg.rdf.vocab import CORE_PREDICATES

RULES_DIR = Path(__file__).parent / "rules"
OBJECT_KINDS = ("entity", "event", "position", "unstated")
POLARITIES = ("affirmed", "negated", "unnegated", "any")
SPEAKER = "@speaker"  # a subject that is the speaker of the quote the trigger stands in
REQUIRED = ("id", "predicate", "subject", "pattern")
KNOWN_KEYS = set(REQUIRED) | {"object", "object_kind", "object_filter", "trigger", "polarity", "confidence",
                              "examples", "note"}
#: the object must be a party / an organization no party / anything but a party / a news outlet / no item of a list
OBJECT_FILTERS = ("party", "nonparty", "notparty", "staffed", "body", "news", "unlisted")


@dataclass(frozen=True)
class Rule:
    id: str
    predicate: str
    subject: str
    object: str | None
    object_kind: str
    trigger: str
    polarity: str
    confidence: float
    pattern: tuple
    source: str
    shared_subject: bool = False   # a derived variant: the subject of the verb this one is coordinated with
    object_filter: str = ""        # one of OBJECT_FILTERS: what the object must be


@dataclass(frozen=True)
class RuleMatch:
    """One match of one rule: the rule and the token index of each named pattern node."""

    rule: Rule
    tokens: dict[str, int]


def _expand(value, *, lexicon: Lexicon, where: str):
    """Replace "@list" references by the lexicon's words, recursively."""
    if isinstance(value, str) and value.startswith("@"):
        try:
            return lexicon.words(value[1:])
        except KeyError:
            raise RuleError(f"{where}: unknown lexicon list '{value}'") from None
    if isinstance(value, dict):
        return {k: _expand(v, lexicon=lexicon, where=where) for k, v in value.items()}
    if isinstance(value, list):
        out = []
        for v in value:
            e = _expand(v, lexicon=lexicon, where=where)
            out.extend(e if isinstance(v, str) and v.startswith("@") else [e])
        return out
    return value


def parse_rule(raw: dict, *, source: str, lexicon: Lexicon) -> Rule:
    """Check one rule's fields and expand its lexicon references."""
    rid = raw.get("id") if isinstance(raw, dict) else None
    where = f"{source}: rule '{rid or '?'}'"
    if not isinstance(raw, dict):
        raise RuleError(f"{source}: a rule must be a JSON object")
    for key in REQUIRED:
        if key not in raw:
            raise RuleError(f"{where}: missing '{key}'")
    unknown = set(raw) - KNOWN_KEYS
    if unknown:
        raise RuleError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    if raw["predicate"] not in CORE_PREDICATES:
        raise RuleError(f"{where}: unknown predicate '{raw['predicate']}'")
    pattern = raw["pattern"]
    if not isinstance(pattern, list) or not pattern or not all(isinstance(n, dict) for n in pattern):
        raise RuleError(f"{where}: 'pattern' must be a non-empty list of objects")
    ids = [n.get("RIGHT_ID") for n in pattern]
    obj = raw.get("object")
    kind = raw.get("object_kind", "entity" if obj else "unstated")
    if kind not in OBJECT_KINDS:
        raise RuleError(f"{where}: object_kind must be one of {', '.join(OBJECT_KINDS)}")
    if (obj is None) != (kind == "unstated"):
        raise RuleError(f"{where}: 'object' is null exactly when object_kind is 'unstated'")
    trigger = raw.get("trigger", ids[0])
    for role, name in (("subject", raw["subject"]), ("object", obj), ("trigger", trigger)):
        if role == "subject" and name == SPEAKER:
            continue
        if name is not None and name not in ids:
            raise RuleError(f"{where}: {role} '{name}' is not a RIGHT_ID of the pattern")
    polarity = raw.get("polarity", "affirmed")
    if polarity not in POLARITIES:
        raise RuleError(f"{where}: polarity must be one of {', '.join(POLARITIES)}")
    confidence = raw.get("confidence", 0.7)
    if not isinstance(confidence, (int, float)) or not 0 < confidence <= 1:
        raise RuleError(f"{where}: confidence must be a number in (0, 1]")
    object_filter = raw.get("object_filter", "")
    if object_filter and object_filter not in OBJECT_FILTERS:
        raise RuleError(f"{where}: object_filter must be one of {', '.join(OBJECT_FILTERS)}")
    expanded = _expand(pattern, lexicon=lexicon, where=where)
    return Rule(rid, raw["predicate"], raw["subject"], obj, kind, trigger, polarity,
                float(confidence), tuple(expanded), source, object_filter=object_filter)


def _deps(node: dict) -> list[str]:
    dep = node.get("RIGHT_ATTRS", {}).get("DEP")
    if isinstance(dep, str):
        return [dep]
    if isinstance(dep, dict) and isinstance(dep.get("IN"), list):
        return dep["IN"]
    return []


def load_rule_file(path: Path, *, lexicon: Lexicon) -> list[Rule]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except ValueError as e:
        raise RuleError(f"{path.name}: not valid JSON: {e}") from None
    except OSError as e:
        raise RuleError(f"{path}: cannot read: {e.strerror}") from None
    if not isinstance(data, dict) or not isinstance(data.get("rules"), list):
        raise RuleError(f"{path.name}: expected an object with a 'rules' list")
    return [parse_rule(r, source=path.name, lexicon=lexicon) for r in data["rules"]]


class RuleSet:
    """Compiled rules: one DependencyMatcher over all of them."""

    def __init__(self, rules: list[Rule], *, nlp: Language):
        self.rules = {}
        # spaCy's matcher checks each pattern when it is added (its messages name the problem);
        # matching itself runs on the faster shared-test matcher, with the same results
        self.matcher = DependencyMatcher(nlp.vocab, validate=True)
        self.patterns = DependencyPatterns(nlp.vocab)
        for rule in rules:
            if rule.id in self.rules:
                raise RuleError(f"{rule.source}: rule '{rule.id}': the id is used twice")
            try:
                self.matcher.add(rule.id, [list(rule.pattern)])
            except (ValueError, KeyError, TypeError) as e:
                first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
                raise RuleError(f"{rule.source}: rule '{rule.id}': bad pattern: {first}") from None
            self.rules[rule.id] = rule
            try:
                self.patterns.add(rule.id, list(rule.pattern))
            except ValueError as e:   # an operator spaCy knows but the fast matcher does not
                raise RuleError(f"{rule.source}: rule '{rule.id}': {e}") from None
            variant = self.coordinated_variant(rule)
            if variant is not None:
                self.matcher.add(variant.id, [list(variant.pattern)])
                self.patterns.add(variant.id, list(variant.pattern))
                self.rules[variant.id] = variant

    @staticmethod
    def coordinated_variant(rule: Rule) -> Rule | None:
        """"X condemned Y and called for his resignation": the same rule where the trigger is a
        verb coordinated with one whose subject it shares. None when the rule's subject is not
        the trigger's own subject."""
        nodes = [dict(n) for n in rule.pattern]
        link = next((n for n in nodes if n.get("RIGHT_ID") == rule.subject and n.get("LEFT_ID")
                     and n.get("REL_OP") == ">"), None)
        if link is None or not set(_deps(link)) <= {"nsubj", "nsubjpass"} or not _deps(link):
            return None
        verb = next(n for n in nodes if n["RIGHT_ID"] == link["LEFT_ID"])
        if "DEP" in verb.get("RIGHT_ATTRS", {}) or "LEFT_ID" in verb:
            return None
        verb["RIGHT_ATTRS"] = {**verb["RIGHT_ATTRS"], "DEP": "conj"}
        link.update({"LEFT_ID": "_coordinated_head"})
        head = {"LEFT_ID": verb["RIGHT_ID"], "REL_OP": "<", "RIGHT_ID": "_coordinated_head",
                "RIGHT_ATTRS": {"POS": {"IN": ["VERB", "AUX"]}}}
        pattern = [n if n is not link else head for n in nodes] + [link]
        return Rule(rule.id + "+coordinated", rule.predicate, rule.subject, rule.object, rule.object_kind,
                    rule.trigger, rule.polarity, rule.confidence * 0.9, tuple(pattern), rule.source, True,
                    rule.object_filter)

    def match(self, doc: Doc) -> list[RuleMatch]:
        """Every match, in a stable order (by rule id, then token positions)."""
        out = []
        for rule_id, token_ids in self.patterns(doc):
            rule = self.rules[rule_id]
            names = [n["RIGHT_ID"] for n in rule.pattern]
            out.append(RuleMatch(rule, dict(zip(names, token_ids))))
        out.sort(key=lambda m: (m.rule.id, sorted(m.tokens.values())))
        return out


def load_rules(*, lexicon: Lexicon, directory: Path = RULES_DIR) -> list[Rule]:
    """Every rule of every ``*.json`` file in the folder, in file-name order."""
    rules = []
    for path in sorted(Path(directory).glob("*.json")):
        rules.extend(load_rule_file(path, lexicon=lexicon))
    return rules


@lru_cache(maxsize=4)
def _cached(nlp: Language, directory: Path, lexicon: Lexicon) -> RuleSet:
    return RuleSet(load_rules(lexicon=lexicon, directory=directory), nlp=nlp)


def ruleset_for(nlp: Language, *, lexicon: Lexicon, directory: Path = RULES_DIR) -> RuleSet:
    return _cached(nlp, Path(directory), lexicon)
