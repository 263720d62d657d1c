"""Text made safe for the formats that cannot hold every character: diagrams and XML.

Articles may hold control characters (kg reads a text with a few of them), and a name or a
sentence carries them into labels and evidence. RDF's own syntaxes escape them; a diagram
would draw boxes, and XML 1.0 (SVG, GraphML, GEXF) forbids most of them even as character
references. Each function here replaces one character with one, deterministically.
"""
from __future__ import annotations

import re

#: Characters no diagram shows as they are: the C0 and C1 controls (XML 1.0 forbids all of C0
#: but tab, line feed and carriage return, even as character references; fonts draw them as
#: boxes), the line and paragraph separators (drawn as nothing), lone surrogates (no UTF-8
#: holds them) and the noncharacters (XML forbids U+FFFE and U+FFFF; none is a letter). Emoji,
#: "<", "&" and every other character stay as they are (matplotlib escapes what XML needs).
_UNPRINTABLE = re.compile(
    r"[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\u2028\u2029"
    + "".join(rf"\U{plane:04x}fffe\U{plane:04x}ffff" for plane in range(17)) + "]"
)
#: Those that separate words (tab, line and page breaks, the information separators U+001C to
#: U+001F, NEL, the line and paragraph separators) become a space; the others U+FFFD.
_SPACES = frozenset("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\u2028\u2029")
REPLACEMENT = "\ufffd"


def printable(text: str) -> str:
    """``text`` safe to draw in every format (and to write in XML 1.0): each character of
    :data:`_UNPRINTABLE` becomes a space if it separates words, else U+FFFD (DejaVu Sans has it:
    no box, no warning), so that the reader sees something was there. One character for one
    (offsets into the text still hold); the same text always gives the same result."""
    return _UNPRINTABLE.sub(lambda m: " " if m.group() in _SPACES else REPLACEMENT, text)



#: What XML 1.0 cannot hold: the C0 controls but tab, line feed and carriage return, lone
#: surrogates, U+FFFE and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """``text`` as XML 1.0 can hold it: each character XML forbids becomes U+FFFD (vertical tab
    and form feed a space)."""
    return _NOT_XML.sub(lambda m: " " if m.group() in "\x0b\x0c" else REPLACEMENT, text)
