"""A generated corpus of news-style articles, from our own sentence templates and invented names.

Deterministic for a given seed, so a benchmark run measures the same text every time. No
article text is stored: the generator is committed, not its output.
"""
from __future__ import annotations

import random

FIRST = ["Ana", "Tom", "Nora", "Marcus", "Diane", "Samuel", "Helen", "Peter", "Fiona", "Colin", "Ruth",
         "Jo", "Alan", "Karen", "Brian", "Margaret", "Graham", "Susan", "David", "Sarah"]
LAST = ["Ruiz", "Hale", "Voss", "Bell", "Okafor", "Ortiz", "Marsh", "Quinn", "Blake", "Reed", "Keating",
        "Carver", "Frost", "Doyle", "Lowe", "Finch", "Tully", "Hart", "Hurst", "Ellison"]
PLACES = ["Riverton", "Dunmore", "Harwich East", "Saltford", "Brannock", "Eastgate", "Kingsbridge"]
ORGS = ["the Riverton City Council", "the Green Party", "Channel 7 News", "the Riverton Water Authority",
        "the Riverton Teachers Union", "the Kingsbridge Herald", "Labour", "the Conservatives"]
POSTS = ["Councilman", "Council President", "Mayor", "Health Secretary", "Labour MP", "union leader"]

TEMPLATES = [
    "{post} {a} said on {day} that {pron} would not step down before the end of the season.",
    "{a}, who took over from {b} as treasurer in {year}, said the accounts would be published in full.",
    "{org_cap} urged {b} to quit after the club lost a fifth game in a row.",
    "{a} attended the {year} annual conference in {place} with {b}, a lawyer for the union.",
    "\"We will not be silenced,\" said {a}, a spokesman for {org}.",
    "{a} told {org} that the new hospital wing would open in the spring.",
    "{b} has brushed off demands to step aside since the audit was published in {place}.",
    "Shareholders voted on {day} to cut the pay of {b}, who missed the annual meeting.",
    "{a}, from {place}, said {pron} had backed {b} in the leadership race of {year}.",
    "{a} accused {b} of misleading the public about the contract.",
    "Hundreds of runners crowded the streets of {place} on {day} morning for the charity race.",
    "{a} joined the board in {year} and chaired its audit committee for three years.",
    "Critics said the merger had been rushed and that nobody had checked the figures.",
    "{a} met {b} on {day} to discuss the budget for the coming year.",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]


def article(rng: random.Random, sentences: int = 24) -> str:
    """One article of about ``sentences`` sentences in paragraphs of two or three."""
    people = [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(4)]
    out, para = [], []
    for _ in range(sentences):
        a, b = rng.sample(people, 2)
        org = rng.choice(ORGS)
        text = rng.choice(TEMPLATES).format(
            a=a, b=b, post=rng.choice(POSTS), day=rng.choice(DAYS), pron=rng.choice(["he", "she"]),
            org=org, org_cap=org[0].upper() + org[1:], year=rng.randint(2015, 2024), place=rng.choice(PLACES))
        para.append(text)
        if len(para) >= rng.randint(2, 3):
            out.append(" ".join(para))
            para = []
    if para:
        out.append(" ".join(para))
    return f"{rng.choice(PLACES).upper()} >> " + "\n\n".join(out) + "\n"


def corpus(n: int, *, seed: int = 7, sentences: int = 24) -> list[str]:
    rng = random.Random(seed)
    return [article(rng, sentences) for _ in range(n)]


def sources(n: int, *, seed: int = 7, sentences: int = 24):
    """The generated corpus as kg Sources named gen/NNNN.txt."""
    import hashlib

    from kg.sources import Source

    return [Source(f"gen/{i:04d}.txt", None, t, hashlib.sha256(t.encode("utf-8")).hexdigest())
            for i, t in enumerate(corpus(n, seed=seed, sentences=sentences))]


def build_store(path, articles: int, *, start: int = 0, jobs: int = 2) -> float:
    """Add articles ``start`` .. ``articles - 1`` of the generated corpus to the kg store at
    ``path`` (made if missing), as ``kg build --store`` does; the seconds it took, the
    pipeline's load included."""
    import time

    from kg.extract.pipeline import load_pipeline
    from kg.store.articles import ArticleStore
    from kg.store.build import build_articles

    t = time.perf_counter()
    nlp = load_pipeline(freeze=True)
    with ArticleStore(path) as st:
        build_articles(st, sources(articles)[start:], pipeline=lambda: nlp, jobs=jobs)
    return time.perf_counter() - t


# --- a corpus whose people cross articles: the same person in full in one, by title in another

SHORT_TEMPLATES = [
    "{title} {last} insisted on {day} that {pron} would stay on as chair.",
    "{title} {last} attended the {year} budget meeting in {place}.",
    "{org_cap} called for {title} {last} to step down after the vote.",
    "{last}, the {post_lower}, met the union on {day}.",
    "{title} {last} was criticised by residents of {place} for the delay.",
]
FULL_TEMPLATES = [
    "{name}, the {post_lower} of {org}, spoke in {place} on {day}.",
    "{name} was appointed {post_lower} in {year}.",
    "{name} replaced {other} as {post_lower} last spring.",
    "{name} told {org} that the plan would go ahead.",
]


def crossing_article(rng: random.Random, people: list[tuple[str, str, str]], sentences: int = 5) -> str:
    """A short article that names some people in full and others only as "Mr X" or "X": the
    cases that merges across articles decide."""
    out = []
    for _ in range(sentences):
        first, last, gender = rng.choice(people)
        title = rng.choice(["Mr", "Sir"] if gender == "male" else ["Mrs", "Ms"])
        post = rng.choice(POSTS)
        org = rng.choice(ORGS)
        fields = dict(name=f"{first} {last}", last=last, title=title, pron="he" if gender == "male" else "she",
                      day=rng.choice(DAYS), year=rng.randint(2015, 2024), place=rng.choice(PLACES), org=org,
                      org_cap=org[0].upper() + org[1:], post_lower=post.lower(),
                      other=" ".join(rng.choice(people)[:2]))
        templates = SHORT_TEMPLATES if rng.random() < 0.5 else FULL_TEMPLATES
        out.append(rng.choice(templates).format(**fields))
    return f"{rng.choice(PLACES).upper()} >> " + " ".join(out[:2]) + "\n\n" + " ".join(out[2:]) + "\n"


def crossing_corpus(n: int, *, seed: int = 11, sentences: int = 5) -> list[str]:
    """``n`` articles over a small cast, so that most surnames recur across articles (and some
    belong to two people: merges must then keep them apart)."""
    rng = random.Random(seed)
    women = {"Ana", "Nora", "Diane", "Helen", "Fiona", "Ruth", "Jo", "Karen", "Margaret", "Susan", "Sarah"}
    cast = sorted({(f, rng.choice(LAST)) for f in rng.sample(FIRST, 16)})
    people = [(f, last, "female" if f in women else "male") for f, last in cast]
    return [crossing_article(rng, people, sentences) for _ in range(n)]
