"""``--param`` values written into a query's text, so that Oxigraph's own engine answers it.

Oxigraph binds a variable given beside the query only where the SELECT projects it; a bundled
query's parameter often sits inside a sub-SELECT or a FILTER (``FILTER(LCASE(STR(?n)) =
LCASE(STR(?name)))``). Writing the value into the text as a SPARQL string literal binds it
everywhere, on the store's engine, instead of falling back to rdflib's (slow at corpus size).

The value is a literal, never query text: it is written as rdflib writes a literal in N-Triples
(quotes, backslashes and line breaks escaped), and only variables outside string literals, IRIs
and comments are replaced.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from rdflib import Literal
from rdflib.term import Node

#: what a query's text holds that a variable's name inside must not be replaced in
_SKIP = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""'           # long strings
    r"|'''(?:[^'\\]|\\.|'(?!''))*'''"
    r'|"(?:[^"\\\n]|\\.)*"'                    # strings
    r"|'(?:[^'\\\n]|\\.)*'"
    r'|<[^<>"{}|^`\\\s]*>'                     # IRIs (a "<" with a space after it is "less than")
    r"|#[^\n]*"                                # comments
)
_VARIABLE = re.compile(r"[?$]([A-Za-z0-9_\u00b7\u00c0-\ufffd]+)")


def bind_literals(text: str, values: Mapping[str, Node]) -> str:
    """``text`` with each variable named in ``values`` replaced by its value's SPARQL form."""
    if not values:
        return text
    written = {name: _sparql(value) for name, value in values.items()}
    out, at = [], 0
    for skipped in _SKIP.finditer(text):
        out.append(_replace(text[at:skipped.start()], written))
        out.append(skipped.group())
        at = skipped.end()
    out.append(_replace(text[at:], written))
    return "".join(out)


def code_spans(text: str) -> Iterator[tuple[int, str]]:
    """The query's code outside string literals, IRIs and comments: (offset, text) pieces."""
    at = 0
    for skipped in _SKIP.finditer(text):
        yield at, text[at:skipped.start()]
        at = skipped.end()
    yield at, text[at:]


def _replace(code: str, written: Mapping[str, str]) -> str:
    return _VARIABLE.sub(lambda m: written.get(m.group(1), m.group()), code)


def _sparql(value: Node) -> str:
    if isinstance(value, Literal):
        return value.n3()
    return value.n3() if hasattr(value, "n3") else Literal(str(value)).n3()
