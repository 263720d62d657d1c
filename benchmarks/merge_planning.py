"""Cross-article merge planning at corpus size: ``kg.merge.plan_merges`` over the people of 1k,
3k and 10k articles, its time per article at each size and that time against the smallest
size's, measured in the same run (flat means linear in the corpus).

    .venv/bin/python benchmarks/merge_planning.py [--sizes 1000,3000,10000]

The people are made as kg's extraction gives them, without the parse: each article names four
people in full and two by a short form ("Hale", "Mr Hale", "Mrs Hale"), drawn from the generated
corpus's names (``benchmarks/corpus.py``: 20 given names, 20 surnames) and 280 more surnames, so
that a surname is shared by many people and a person recurs in hundreds of articles.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import FIRST, LAST  # noqa: E402

SURNAMES = LAST + [f"{a}{b}" for a in ("Ash", "Brook", "Clay", "Dale", "Fair", "Glen", "Hol") for b in
                   ("by", "croft", "den", "ford", "ham", "ley", "more", "ton", "well", "wick",
                    "worth", "field", "gate", "hurst", "land", "mere", "shaw", "stone", "thorpe", "wood",
                    "bury", "combe", "dell", "grave", "holm", "lock", "marsh", "ridge", "stead", "vale",
                    "ward", "win", "wyn", "cott", "don", "leigh", "nell", "rick", "sey", "ter")]


def people(n: int, *, seed: int = 3):
    from rdflib import URIRef

    from kg.merge import Candidate
    from kg.personnames import first_name_gender
    from kg.rdf.iri import entity_iri

    rng = random.Random(seed)
    out = []
    for d in range(n):
        name = f"gen/{d:05d}.txt"
        cands = {}
        for k in range(6):
            first, last = rng.choice(FIRST), rng.choice(SURNAMES)
            label = f"{first} {last}" if k < 4 else rng.choice([last, f"Mr {last}", f"Mrs {last}"])
            gender = first_name_gender(first) if k < 4 else ""
            ties = frozenset(rng.sample(["mayor", "councilman", "the green party"], rng.randint(0, 1)))
            cands[f"e{k}"] = Candidate(URIRef(entity_iri("person", label)), label, gender, name, ties)
        out.append((name, f"{d:064x}", cands))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,3000,10000")
    ap.add_argument("--repeat", type=int, default=3, help="runs at each size; the best is kept")
    a = ap.parse_args(argv)
    from kg.merge import Overrides, plan_merges

    sizes = [int(s) for s in a.sizes.split(",")]
    base = None
    print(f"{'articles':>9}  {'plan, s':>8}  {'ms/article':>10}  {'vs ' + str(sizes[0]):>8}  decisions")
    for n in sizes:
        given = people(n)
        best, decisions = float("inf"), 0
        for _ in range(a.repeat):
            t = time.perf_counter()
            plans = plan_merges(given, overrides=Overrides())
            best = min(best, time.perf_counter() - t)
            decisions = sum(len(d) for _, d in plans.values())
        per = best / n * 1000
        base = base or per
        print(f"{n:>9}  {best:>8.2f}  {per:>10.3f}  {per / base:>7.2f}x  {decisions}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
