"""Score kg's extraction on the phrasing bank: short hand-written news sentences, each with the
facts it states, the facts a careful reader could go either way on, and near-misses it does not
state.

    .venv/bin/python benchmarks/phrasing.py [--bank tests/phrasing/bank.jsonl] [-v] [--model NAME]

The bank (``tests/phrasing/bank.jsonl``) holds one JSON object a line::

    {"id": "criticized-07", "text": "...", "facts": [[subject, predicate, object], ...],
     "optional": [...], "absent": [...]}

Names are the entities' surface names as written; an object is ``null`` where the text leaves it
unstated (any object matches), or the post's or event's words ("mayor", "summit").

Matching, one item at a time:

- a name is normalised: accents folded, case-folded, possessive 's and punctuation removed, a
  leading "the" dropped. An entity stands for an expected name when the normalised name equals the
  normalised label or any other name of the entity (equality only: no surname matching);
- a position or event object matches when the normalised expected words occur, as whole words,
  in its normalised label ("mayor" in "Mayor of Denver");
- ``metWith`` matches in either direction; a ``null`` expected object matches any object.

Counting, per predicate: gold = expected facts; found = system facts; TP = expected facts that some
system fact matches; FP = system facts that match neither a fact nor an optional entry of their
item (system facts of near-miss items count too). A system fact that matches an ``absent`` entry
is an FP and takes that near-miss. P = TP / (TP + FP), R = TP / gold.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BANK = ROOT / "tests" / "phrasing" / "bank.jsonl"
SYMMETRIC = {"metWith"}


def load_bank(path: str | Path = DEFAULT_BANK) -> list[dict]:
    """The bank's items, in file order."""
    items = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                items.append(json.loads(line))
    return items


def normalise(name: str) -> str:
    """Case-folded, accents folded, possessive 's, punctuation and a leading "the" removed."""
    s = unicodedata.normalize("NFKD", name)
    s = "".join(c for c in s if not unicodedata.combining(c)).casefold()
    s = re.sub(r"['\u2019]s\b", "", s)
    s = re.sub(r"[^\w\s]", " ", s)
    s = " ".join(s.split())
    if s.startswith("the "):
        s = s[4:]
    return s


def extract_all(items: list[dict], nlp) -> list:
    """One :class:`~kg.model.DocumentFacts` per item, from one pass of the pipeline."""
    from kg.extract.pipeline import extract

    texts = [it["text"] for it in items]
    return [extract(doc, name=it["id"], sha256=hashlib.sha256(it["text"].encode()).hexdigest(), nlp=nlp)
            for it, doc in zip(items, nlp.pipe(texts, batch_size=64))]


@dataclass(frozen=True)
class SystemFact:
    """One system fact with the normalised names of its subject and object."""

    subject: frozenset          # normalised names of the subject entity
    predicate: str
    object_kind: str            # "entity", "position", "event", or "" (unstated)
    object: frozenset           # normalised names (entity) or the normalised label (post, event)
    shown: str                  # for the report: "Maria Lopez criticized Acme Corp"


def system_facts(record) -> list[SystemFact]:
    """The record's facts, with its entities' names in place of their keys."""
    names = {e.key: frozenset(normalise(n) for n in {e.label, *e.names} if n) for e in record.entities}
    labels = {e.key: e.label for e in record.entities}
    out = []
    for f in record.facts:
        subj = names.get(f.subject, frozenset())
        if f.object is None:
            kind, obj, shown_obj = "", frozenset(), "(unstated)"
        elif f.object.kind == "entity":
            kind, obj = "entity", names.get(f.object.value, frozenset())
            shown_obj = labels.get(f.object.value, f.object.value)
        else:
            kind, obj, shown_obj = f.object.kind, frozenset([normalise(f.object.value)]), f"[{f.object.value}]"
        out.append(SystemFact(subj, f.predicate, kind, obj,
                              f"{labels.get(f.subject, f.subject)} {f.predicate} {shown_obj}"))
    return sorted(out, key=lambda s: s.shown)


def _object_matches(expected: str | None, fact: SystemFact) -> bool:
    if expected is None:
        return True
    want = normalise(expected)
    if fact.object_kind == "entity":
        return want in fact.object
    if fact.object_kind in ("position", "event"):
        return any(f" {want} " in f" {label} " for label in fact.object)
    return False


def matches(expected: list, fact: SystemFact) -> bool:
    """Whether the system fact states the expected [subject, predicate, object]."""
    s, p, o = expected
    if p != fact.predicate:
        return False
    if normalise(s) in fact.subject and _object_matches(o, fact):
        return True
    if p in SYMMETRIC and o is not None and fact.object_kind == "entity":
        return normalise(o) in fact.subject and normalise(s) in fact.object
    return False


@dataclass
class Counts:
    gold: int = 0
    found: int = 0
    tp: int = 0
    fp: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Result:
    per_predicate: dict[str, Counts] = field(default_factory=dict)
    misses: list[tuple[str, str, list]] = field(default_factory=list)            # (id, text, fact)
    false_positives: list[tuple[str, str, str, bool]] = field(default_factory=list)  # (id, text, shown, near-miss)
    near_misses_taken: int = 0
    near_misses_total: int = 0

    @property
    def total(self) -> Counts:
        t = Counts()
        for c in self.per_predicate.values():
            t.gold += c.gold
            t.found += c.found
            t.tp += c.tp
            t.fp += c.fp
        return t


def score(items: list[dict], records: list, predicates: frozenset[str] | None = None) -> Result:
    """Match each item's system facts against its expected, optional and absent facts; with
    ``predicates``, only those predicates count (a bank annotated for some of them only)."""
    result = Result()

    def counts(p: str) -> Counts:
        return result.per_predicate.setdefault(p, Counts())

    for item, record in zip(items, records):
        facts = [f for f in system_facts(record) if predicates is None or f.predicate in predicates]
        for exp in item["facts"]:
            if predicates is not None and exp[1] not in predicates:
                continue
            c = counts(exp[1])
            c.gold += 1
            if any(matches(exp, f) for f in facts):
                c.tp += 1
            else:
                result.misses.append((item["id"], item["text"], exp))
        absent = item.get("absent", [])
        result.near_misses_total += len(absent)
        taken = set()
        for f in facts:
            c = counts(f.predicate)
            c.found += 1
            if any(matches(e, f) for e in item["facts"] + item.get("optional", [])):
                continue
            c.fp += 1
            hit = [i for i, a in enumerate(absent) if matches(a, f)]
            taken.update(hit)
            result.false_positives.append((item["id"], item["text"], f.shown, bool(hit)))
        result.near_misses_taken += len(taken)
    return result


def report(result: Result, verbose: bool = False) -> str:
    """The table (and with ``verbose`` every miss and false positive); the last line sums it up."""
    lines = []
    if verbose:
        for iid, text, (s, p, o) in result.misses:
            lines.append(f"MISS {iid}: {s} {p} {o if o is not None else '(any)'}\n     {text}")
        for iid, text, shown, near in result.false_positives:
            lines.append(f"{'NEAR' if near else 'FP  '} {iid}: {shown}\n     {text}")
        lines.append("")
    head = f"{'predicate':<24}{'gold':>6}{'found':>7}{'TP':>6}{'FP':>6}{'P':>7}{'R':>7}{'F1':>7}"
    lines += [head, "-" * len(head)]

    def row(name: str, c: Counts) -> str:
        return (f"{name:<24}{c.gold:>6}{c.found:>7}{c.tp:>6}{c.fp:>6}"
                f"{c.precision:>7.2f}{c.recall:>7.2f}{c.f1:>7.2f}")

    for p in sorted(result.per_predicate):
        lines.append(row(p, result.per_predicate[p]))
    t = result.total
    lines += ["-" * len(head), row("total", t)]
    lines.append(f"bank: relations P={t.precision:.2f} R={t.recall:.2f} F1={t.f1:.2f} ({t.tp}/{t.gold}), "
                 f"near-misses taken {result.near_misses_taken} of {result.near_misses_total}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bank", default=str(DEFAULT_BANK), help="the bank (JSON lines)")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every miss and false positive")
    ap.add_argument("--model", default=None, help="the spaCy pipeline (kg's default if not given)")
    ap.add_argument("--predicates", default=None,
                    help="comma-separated: count only these predicates (a bank annotated for some only)")
    args = ap.parse_args(argv)

    sys.path.insert(0, str(ROOT))
    from kg.extract.pipeline import load_pipeline

    started = time.perf_counter()
    items = load_bank(args.bank)
    nlp = load_pipeline(args.model) if args.model else load_pipeline()
    keep = frozenset(p.strip() for p in args.predicates.split(",")) if args.predicates else None
    result = score(items, extract_all(items, nlp), keep)
    print(report(result, args.verbose))
    print(f"({len(items)} items in {time.perf_counter() - started:.1f}s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
