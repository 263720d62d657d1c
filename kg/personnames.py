"""People's names without spaCy: a comparison key (:func:`fold`) and the gender a given name
suggests (:func:`first_name_gender`, from the gender-guesser package's table, read once)."""
from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=65536)  # names recur through an article and a corpus
def fold(text: str) -> str:
    """A comparison key: case, accents and punctuation do not matter."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = text.replace("’", "'")
    return " ".join("".join(c if c.isalnum() else " " for c in text).split())


@lru_cache(maxsize=1)
def _gender_detector():
    try:
        import gender_guesser.detector as gd
    except ImportError:  # pragma: no cover - it is a declared dependency
        return None
    return gd.Detector(case_sensitive=False)


def first_name_gender(first: str) -> str:
    """'male', 'female' or '' from a given name."""
    det = _gender_detector()
    if det is None or not first.isalpha():
        return ""
    g = det.get_gender(first)
    return {"male": "male", "mostly_male": "male", "female": "female", "mostly_female": "female"}.get(g, "")


def is_given_name(word: str) -> bool:
    """True when the table knows ``word`` as a given name of one gender, not of both or mostly
    one ("Ana", "Kevin"; not "Will", "Summer")."""
    det = _gender_detector()
    return det is not None and word.isalpha() and det.get_gender(word) in ("male", "female")
