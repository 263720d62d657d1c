"""Stable, readable, safe IRIs for the things kg finds: ``DATA["person/ines-de-la-fuente"]``.

:func:`slug` folds a name to ``[a-z0-9-]``: accents are dropped (``Inés`` -> ``ines``).
When folding loses information - characters with no ASCII form (Cyrillic, CJK, Arabic, emoji),
a name that cleans down to nothing, or a name cut to fit the length limit - the slug ends in
``-`` and 8 hex digits of the SHA-1 of the name, so that different names do not collide.
A slug is always non-empty and always safe in any RDF syntax.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata

from rdflib import URIRef

from kg.rdf.vocab import DATA

#: Letters that Unicode does not decompose into ASCII but that have a usual ASCII spelling.
_TRANSLITERATE = str.maketrans({
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i",
    "ł": "l", "þ": "th", "ŧ": "t", "ŋ": "ng", "ĸ": "k",
    "‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-",
})
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
_KIND = re.compile(r"[a-z][a-z0-9-]*")
_HASH_CHARS = 8
#: Prefix of a slug that has nothing readable left, only the hash.
HASH_ONLY_PREFIX = "u"
MIN_LEN = len(HASH_ONLY_PREFIX) + 1 + _HASH_CHARS


def slug(text: str, *, max_len: int = 60) -> str:
    """A readable, stable ``[a-z0-9-]`` slug for ``text``, at most ``max_len`` characters.

    Plain ASCII names give a plain slug ("O'Brien" -> "o-brien"); names that lose characters
    on the way get a hash suffix ("Кремль" -> "u-…", "Zürich 東京" -> "zurich-…").
    """
    if max_len < MIN_LEN:
        raise ValueError(f"max_len must be at least {MIN_LEN}, not {max_len}")
    folded = "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )
    folded = folded.lower().translate(_TRANSLITERATE)
    lossy = not folded.isascii()
    base = _NOT_SLUG.sub("-", folded.encode("ascii", "ignore").decode("ascii")).strip("-")
    if not base:
        return f"{HASH_ONLY_PREFIX}-{_name_hash(text)}"
    if not lossy and len(base) <= max_len:
        return base
    room = max_len - 1 - _HASH_CHARS
    return f"{_cut(base, room)}-{_name_hash(text)}"


def entity_iri(kind: str, name: str) -> URIRef:
    """The IRI of the ``kind`` (person, organization, place, document, ...) called ``name``."""
    if not _KIND.fullmatch(kind):
        raise ValueError(f"not an IRI kind (lower-case letters, digits, '-'): {kind!r}")
    return DATA[f"{kind}/{slug(name)}"]


def _name_hash(text: str) -> str:
    nfc = unicodedata.normalize("NFC", text)
    return hashlib.sha1(nfc.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH_CHARS]


def _cut(base: str, room: int) -> str:
    """``base`` cut to at most ``room`` characters, at a ``-`` if that keeps half of it."""
    if len(base) <= room:
        return base
    cut = base[: room + 1]  # one more: if that is a "-", the cut falls on a boundary
    boundary = cut.rfind("-")
    if boundary >= room // 2:
        return cut[:boundary].rstrip("-")
    return base[:room].rstrip("-")
