"""kg draw on text no font or XML parser likes: control characters, markup, emoji, dollar signs.

Every format is written from the same printable text (a well-formed SVG, the words around a
control character kept), the same bytes every time, and matplotlib's warnings stay off stderr
without changing the warning filters or logger levels of a program that uses kg.
"""
from __future__ import annotations

import logging
import re
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rdflib import RDFS, Graph, Literal

from handbuilt_graph import DOCUMENT, S1, iri, riverton
from kgtest import cli
from kg.viz.draw import quiet_matplotlib, render, save
from kg.viz.text import printable
from kg.rdf.vocab import KG
from kg.rdf.writer import serialize

# U+0001 (SOH), U+000B (vertical tab), U+001F (unit separator), U+007F (DEL), U+0085 (NEL),
# U+001B (ESC): XML 1.0 holds none of the C0 ones, not even as &#1;, and fonts draw them as boxes.
LABEL = 'Tom\x01Hale <&> "Tommy" \U0001F984'  # 🦄 is not in DejaVu Sans: matplotlib warns
SENTENCE = 'Councilman Tom\x01Hale said\x0bon Friday\x7f that he\x1fwould\x85not step down <&> "fine" \U0001F984.'
FILE = "examples/river\x1bton.txt"
TITLE = "Report\x02 on <Riverton> & \"friends\" \U0001F984"
# what is drawn: a space for the characters between words, U+FFFD for the others
DRAWN_LABEL = 'Tom\ufffdHale <&> "Tommy" \U0001F984'
DRAWN_NOTE = '[1] Councilman Tom\ufffdHale said on Friday\ufffd that he would not step down <&> "fine" \U0001F984.'
DRAWN_TITLE = "Report\ufffd on <Riverton> & \"friends\" \U0001F984"
# anything but tab, line feed and carriage return below U+0020, and the C1 controls
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
SVG = "{http://www.w3.org/2000/svg}"


def unruly() -> Graph:
    """The riverton graph with control characters, markup and an emoji in a label, the first
    sentence and the file name."""
    g = riverton()
    g.set((iri("hale"), RDFS.label, Literal(LABEL)))
    g.set((iri("ruiz"), RDFS.label, Literal("Ana\x0bRuiz\x85")))
    g.set((DOCUMENT, KG.fileName, Literal(FILE)))
    (sentence,) = g.subjects(KG.text, Literal(S1))
    g.set((sentence, KG.text, Literal(SENTENCE)))
    return g


def svg_text(data: bytes) -> str:
    """Every text of an SVG, parsed as XML (which must not fail), joined by spaces."""
    root = ET.fromstring(data)
    return " ".join("".join(t.itertext()).strip() for t in root.iter(f"{SVG}text"))


@pytest.fixture()
def unruly_file(tmp_path: Path) -> Path:
    path = tmp_path / "unruly.ttl"
    path.write_bytes(serialize(unruly(), fmt="turtle"))
    return path


# --- what is drawn ------------------------------------------------------------------------


def test_printable_replaces_what_xml_and_fonts_cannot_show_one_character_for_one():
    assert printable("a\x01b\x0bc\x1fd\x7fe\x85f\x9fg\x00h") == "a\ufffdb c d\ufffde f\ufffdg\ufffdh"
    assert printable("tab\tnew\nline\r\x0cpage\u2028line\u2029par") == "tab new line  page line par"
    assert printable("lone\ud800surrogate\ufffe\uffff\U0010ffff\ufdd0") == "lone\ufffdsurrogate" + "\ufffd" * 4
    kept = 'Tom Hale <&> "x" \u00e9\u00a0\u4e2d \U0001F984 \U0001F600 \u200d \ufffd $x$'
    assert printable(kept) == kept  # markup, letters, emoji and the like stay
    assert printable(printable(SENTENCE)) == printable(SENTENCE)
    assert len(printable(SENTENCE)) == len(SENTENCE)  # offsets into the text still hold


def test_control_characters_markup_and_emoji_give_a_well_formed_svg_with_every_word():
    diagram = render(unruly(), evidence=True)
    data = save(diagram, fmt="svg")
    document = data.decode("utf-8")
    assert not CONTROL.search(document)
    references = [chr(int(n[1:], 16) if n[0] in "xX" else int(n)) for n in re.findall(r"&#(\w+);", document)]
    assert not CONTROL.search("".join(references))  # nor as character references
    text = svg_text(data)  # well-formed XML
    assert DRAWN_LABEL in text and "Ana Ruiz\ufffd" not in text  # NEL is between words: a space
    assert "Ana Ruiz" in text
    assert DRAWN_NOTE in text
    assert "Knowledge graph of river\ufffdton.txt" in text  # the title, from the file name
    assert "from examples/river\ufffdton.txt." in text  # the caption
    assert DRAWN_LABEL in diagram.entities and DRAWN_NOTE in diagram.notes
    assert "replaced [2]" in text  # the rest is drawn as ever


def test_a_title_with_control_characters_and_markup_is_drawn_as_text():
    text = svg_text(save(render(unruly(), title=TITLE), fmt="svg"))
    assert DRAWN_TITLE in text and "Knowledge graph of" not in text


def test_a_dollar_sign_is_text_not_mathtext():
    g = riverton()
    g.set((iri("hale"), RDFS.label, Literal(r"Tom $\frac Hale$")))  # not valid mathtext either
    g.set((iri("ruiz"), RDFS.label, Literal("Ana $5 million$ Ruiz")))
    text = svg_text(save(render(g), fmt="svg"))
    assert r"Tom $\frac Hale$" in text and "Ana $5 million$ Ruiz" in text


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf"])
def test_every_format_gives_the_same_bytes_twice_and_no_warning(fmt):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = save(render(unruly(), evidence=True), fmt=fmt, dpi=40)
        second = save(render(unruly(), evidence=True), fmt=fmt, dpi=40)
    assert first == second
    assert first[:4] in (b"<?xm", b"\x89PNG", b"%PDF")
    assert [str(w.message) for w in caught] == []


# --- stderr and the caller's state ----------------------------------------------------------


def test_kg_draw_writes_only_its_own_line_to_stderr(unruly_file, tmp_path, caplog):
    out = tmp_path / "unruly.svg"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")  # a warning would be recorded here, not printed
        result = cli("draw", str(unruly_file), "--evidence", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert result.stderr == f"kg: wrote {out} (12 entities, 12 facts)\n"
    assert [str(w.message) for w in caught] == []
    assert [r.getMessage() for r in caplog.records if r.name.startswith("matplotlib")] == []
    text = svg_text(out.read_bytes())
    assert DRAWN_LABEL in text and DRAWN_NOTE in text


def test_kg_draw_in_a_fresh_process_writes_only_its_own_line_to_stderr(unruly_file, tmp_path):
    """A real stderr, and a matplotlib config directory that cannot be made: matplotlib's notices
    on import (config directory, font cache) and while drawing (missing glyphs) stay off it."""
    out = tmp_path / "unruly.svg"
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    root = Path(__file__).resolve().parents[1]
    code = "import sys; from kg.cli import app; sys.argv[0] = 'kg'; app()"
    env = {"PATH": "", "MPLCONFIGDIR": str(blocked / "matplotlib")}
    done = subprocess.run([sys.executable, "-c", code, "draw", str(unruly_file), "--evidence", "-o", str(out)],
                          cwd=root, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr == f"kg: wrote {out} (12 entities, 12 facts)\n"
    assert DRAWN_NOTE in svg_text(out.read_bytes())


def test_drawing_leaves_the_callers_warning_filters_and_logger_levels_as_they_were():
    logger = logging.getLogger("matplotlib")
    child = logging.getLogger("matplotlib.font_manager")
    saved = logger.level
    try:
        for level in (logging.NOTSET, logging.DEBUG, logging.CRITICAL):
            logger.setLevel(level)
            filters = list(warnings.filters)
            save(render(unruly(), evidence=True), fmt="png", dpi=20)
            assert warnings.filters == filters
            assert (logger.level, child.level) == (level, logging.NOTSET)
    finally:
        logger.setLevel(saved)


def test_quiet_matplotlib_silences_matplotlib_for_the_block_only(caplog):
    caplog.set_level(logging.WARNING)
    child = logging.getLogger("matplotlib.font_manager")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with quiet_matplotlib():
            warnings.warn("Glyph 1 missing from font(s) DejaVu Sans.", UserWarning)
            child.warning("findfont: Font family 'Nothing' not found.")
            child.error("a real error still shows")
        warnings.warn("the caller's own warning", UserWarning)
        child.warning("after the block, matplotlib speaks again")
    assert [str(w.message) for w in caught] == ["the caller's own warning"]
    assert [r.getMessage() for r in caplog.records if r.name.startswith("matplotlib")] == [
        "a real error still shows", "after the block, matplotlib speaks again",
    ]
