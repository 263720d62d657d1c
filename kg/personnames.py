"""People's names without spaCy: a comparison key (:func:`fold`) and the gender a given name
suggests (:func:`first_name_gender`, from the gender-guesser package's table, kept compact:
:func:`given_names`)."""
from __future__ import annotations

import importlib.util
import unicodedata
from functools import lru_cache
from pathlib import Path

from kg.cachefiles import cached_table


@lru_cache(maxsize=65536)  # names recur through an article and a corpus
def fold(text: str) -> str:
    """A comparison key: case, accents and punctuation do not matter."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = text.replace("’", "'")
    return " ".join("".join(c if c.isalnum() else " " for c in text).split())


#: gender-guesser's answers, one letter each in kg's table: mostly one gender in capitals
_CODES = {"male": "m", "female": "f", "mostly_male": "M", "mostly_female": "F"}
_TABLE_VERSION = 1


@lru_cache(maxsize=1)
def given_names() -> dict[str, str]:
    """Given name (lower case) -> "m", "f" (only that gender), "M", "F" (mostly that gender).

    gender-guesser's answers for every name its table knows, worked out once and kept in kg's
    cache folder (``$KG_CACHE_DIR``, else ``$XDG_CACHE_HOME/kg``, else ``~/.cache/kg``) as a
    compact file read in milliseconds: reading gender-guesser's own 4 MB table at every start
    costs half a second. The file's name holds what it was made from (the table's size and
    time, the Python version), so an upgrade makes a new one; one that cannot be read or
    written is made again in memory."""
    source = _source_table()
    if source is None:  # pragma: no cover - it is a declared dependency
        return {}
    return cached_table("given-names", source=source, version=_TABLE_VERSION, build=_worked_out, kind=dict)


def _source_table() -> Path | None:
    spec = importlib.util.find_spec("gender_guesser")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / "nam_dict.txt"
    return path if path.is_file() else None


def _worked_out() -> dict[str, str]:
    """The table from gender-guesser itself (half a second to read, a third to ask)."""
    import gender_guesser.detector as gd

    det = gd.Detector(case_sensitive=False)
    table = {}
    for name in det.names:
        code = _CODES.get(det.get_gender(name))
        if code:
            table[name] = code
    return table


def first_name_gender(first: str) -> str:
    """'male', 'female' or '' from a given name; a hyphenated one by its first part when both
    parts are given names ("Anne-Marie", "Jean-Paul"; not "Al-Rashid")."""
    if not first.isalpha():
        parts = first.split("-")
        if len(parts) == 2 and all(p.isalpha() for p in parts) and parts[0].lower() not in ("al", "el", "ul", "bin", "ibn") \
                and all(given_names().get(p.lower(), "") for p in parts):
            return first_name_gender(parts[0])
        return ""
    code = given_names().get(first.lower(), "")
    return "male" if code in ("m", "M") else "female" if code in ("f", "F") else ""


def is_given_name(word: str) -> bool:
    """True when the table knows ``word`` as a given name of one gender, not of both or mostly
    one ("Ana", "Kevin"; not "Will", "Summer")."""
    return word.isalpha() and given_names().get(word.lower(), "") in ("m", "f")
