"""People's names without spaCy: a comparison key (:func:`fold`) and the gender a given name
suggests (:func:`first_name_gender`, from the gender-guesser package's table, kept compact:
:func:`given_names`)."""
from __future__ import annotations

import contextlib
import importlib.util
import marshal
import os
import sys
import tempfile
import unicodedata
from functools import lru_cache
from pathlib import Path


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
    stat = source.stat()
    cache = _cache_dir() / (f"given-names-v{_TABLE_VERSION}-py{sys.version_info[0]}{sys.version_info[1]}-"
                            f"{stat.st_size}-{stat.st_mtime_ns}.marshal")
    try:
        table = marshal.loads(cache.read_bytes())
        if isinstance(table, dict):
            return table
    except (OSError, ValueError, EOFError, TypeError):
        pass
    table = _worked_out()
    tmp = None
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=cache.parent, prefix=".given-names-", delete=False) as tmp:
            tmp.write(marshal.dumps(table))
        os.replace(tmp.name, cache)  # whole or not at all: a start beside this one reads either
    except OSError:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp.name)
    return table


def _source_table() -> Path | None:
    spec = importlib.util.find_spec("gender_guesser")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / "nam_dict.txt"
    return path if path.is_file() else None


def _cache_dir() -> Path:
    if os.environ.get("KG_CACHE_DIR"):
        return Path(os.environ["KG_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kg"


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
    """'male', 'female' or '' from a given name."""
    if not first.isalpha():
        return ""
    code = given_names().get(first.lower(), "")
    return "male" if code in ("m", "M") else "female" if code in ("f", "F") else ""


def is_given_name(word: str) -> bool:
    """True when the table knows ``word`` as a given name of one gender, not of both or mostly
    one ("Ana", "Kevin"; not "Will", "Summer")."""
    return word.isalpha() and given_names().get(word.lower(), "") in ("m", "f")
