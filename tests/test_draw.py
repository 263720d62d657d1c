"""kg draw: images of the size asked, every label as text, no label over another, the right nodes."""
from __future__ import annotations

import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import matplotlib
import pytest
from matplotlib.patches import FancyBboxPatch

from handbuilt_graph import ENTITIES, S1, S2, S5, crowded, graph_file, riverton  # noqa: F401 - a fixture
from kgtest import cli
from kg.viz.draw import render, save
from kg.errors import DrawError

LABELS = {name for _, _, name, _ in ENTITIES.values()}


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def svg_text(data: bytes) -> str:
    """Every text of an SVG, in drawing order, joined by spaces (wrapped labels join up again)."""
    root = ET.fromstring(data)
    return " ".join("".join(t.itertext()).strip() for t in root.iter("{http://www.w3.org/2000/svg}text"))


# --- files of the size asked ----------------------------------------------------------------


def test_a_png_of_the_size_asked(graph_file, tmp_path):
    out = tmp_path / "riverton.png"
    result = cli("draw", str(graph_file), "-o", str(out), "--size", "8x6", "--dpi", "50")
    assert result.exit_code == 0, result.stderr
    assert png_size(out.read_bytes()) == (400, 300)


def test_an_svg_of_the_size_asked_holds_every_label_as_text(graph_file, tmp_path):
    out = tmp_path / "riverton.svg"
    result = cli("draw", str(graph_file), "-o", str(out), "--width", "11", "--height", "8.5")
    assert result.exit_code == 0, result.stderr
    root = ET.fromstring(out.read_bytes())
    assert (root.get("width"), root.get("height")) == ("792pt", "612pt")
    text = svg_text(out.read_bytes())
    for label in LABELS | {"replaced", "holds position", "called for the resignation of", "not stated"}:
        assert label in text, label
    assert "Knowledge graph of riverton.txt" in text  # the title
    for kind in ("Person", "Organization", "Place", "Position", "Event"):  # the legend
        assert kind in text


def test_the_format_comes_from_the_suffix_or_format(graph_file, tmp_path):
    pdf = tmp_path / "riverton.pdf"
    assert cli("draw", str(graph_file), "-o", str(pdf)).exit_code == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    forced = tmp_path / "picture.img"
    assert cli("draw", str(graph_file), "-o", str(forced), "--format", "svg").exit_code == 0
    assert b"<svg" in forced.read_bytes()[:500]
    unknown = cli("draw", str(graph_file), "-o", str(tmp_path / "picture.gif"))
    assert unknown.exit_code == 1 and "unknown image format 'gif'" in unknown.stderr
    assert not (tmp_path / "picture.gif").exists()


@pytest.mark.parametrize("fmt", ["png", "svg", "pdf"])
def test_the_same_graph_gives_the_same_bytes(fmt):
    first = save(render(riverton(), evidence=True), fmt=fmt, dpi=40)
    assert save(render(riverton(), evidence=True), fmt=fmt, dpi=40) == first


# --- readable: no label over another label or box -------------------------------------------


def overlaps(diagram) -> list[tuple[str, str]]:
    """Pairs of drawn texts, or a text and another entity's box, that overlap (renderer extents)."""
    fig = diagram.figure
    renderer = fig.canvas.get_renderer()
    ax = fig.axes[0]
    texts = [(t.get_text(), t.get_window_extent(renderer)) for t in ax.texts]
    boxes = [p.get_window_extent(renderer) for p in ax.patches if isinstance(p, FancyBboxPatch)]
    found = []
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            if box_a.overlaps(box_b):
                found.append((a, b))
        own = [box for box in boxes if box.contains(*box_a.get_points().mean(axis=0))]
        for box in boxes:
            if box not in own and box.overlaps(box_a):
                found.append((a, "a box"))
    for i, box_a in enumerate(boxes):
        found += [("a box", "a box") for box_b in boxes[i + 1:] if box_a.overlaps(box_b)]
    return found


def test_no_label_covers_another_label_or_box():
    diagram = render(riverton(), evidence=True)
    assert len(diagram.figure.axes[0].texts) > 20
    assert overlaps(diagram) == []


@pytest.mark.slow
def test_forty_entities_with_long_names_stay_readable():
    diagram = render(crowded())
    assert len(diagram.entities) == 37 and diagram.warnings == ()
    assert overlaps(diagram) == []


@pytest.mark.slow
def test_too_many_entities_for_the_size_asked_draws_the_most_connected_and_says_so():
    diagram = render(crowded(), width=8, height=6)
    assert diagram.left_out and len(diagram.entities) + len(diagram.left_out) == 37
    assert "Metropolitan Regional Transit Council" in diagram.entities  # the hub stays
    assert "most connected" in diagram.warnings[0]
    assert overlaps(diagram) == []
    assert tuple(diagram.figure.get_size_inches()) == (8, 6)


# --- which entities are drawn --------------------------------------------------------------


def test_focus_keeps_the_entity_and_its_neighbours_to_the_depth_asked():
    assert render(riverton(), focus=["HALE"], depth=0).entities == ("Tom Hale",)
    assert set(render(riverton(), focus=["Tom Hale"]).entities) == {
        "Tom Hale", "Ana Ruiz", "Diane Okafor", "Councilman", "City Council", "2023 budget meeting",
    }
    assert set(render(riverton(), focus=["hale"], depth=2).entities) == {
        "Tom Hale", "Ana Ruiz", "Diane Okafor", "Councilman", "City Council", "2023 budget meeting",
        "Nora Voss", "City Council President", "Mayor",
    }


def test_focus_on_an_unknown_name_is_an_error_with_a_suggestion(graph_file, tmp_path):
    with pytest.raises(DrawError, match="did you mean 'Tom Hale'"):
        render(riverton(), focus=["Tom Hal"])
    result = cli("draw", str(graph_file), "--focus", "Nobody", "-o", str(tmp_path / "x.png"))
    assert result.exit_code == 1
    assert result.stderr.strip() == "kg: error: no entity named 'Nobody' in the graph"


def test_top_keeps_the_most_connected_and_the_caption_names_the_rest(graph_file, tmp_path):
    diagram = render(riverton(), top=2)
    assert set(diagram.entities) == {"Tom Hale", "Ana Ruiz"}  # 6 and 3 facts; the others 2 or fewer
    assert "Riverton" in diagram.left_out and len(diagram.left_out) == 10
    out = tmp_path / "top.svg"
    assert cli("draw", str(graph_file), "--top", "2", "-o", str(out)).exit_code == 0
    text = svg_text(out.read_bytes())
    assert "The 2 most connected of 12 entities; left out 10:" in text
    assert "Riverton" in text


def test_predicates_keep_only_those_relations():
    diagram = render(riverton(), predicates=["replaced", "kg:calledForResignationOf"])
    assert set(diagram.entities) == {"Ana Ruiz", "Tom Hale", "Diane Okafor"}
    assert diagram.facts == 2
    with pytest.raises(DrawError, match="unknown predicate 'replace'"):
        render(riverton(), predicates=["replace"])


def test_an_event_that_restates_a_fact_is_not_drawn():
    """The replacement event says what the arrow 'replaced' says; the entities stay, and the
    post that only the event names (no fact points at it) does not stand alone in the figure."""
    drawn = render(riverton()).entities
    assert set(drawn) == LABELS
    assert "replacement of Tom Hale by Ana Ruiz" not in drawn


def test_a_fact_without_an_object_points_at_a_not_stated_box():
    diagram = render(riverton(), focus=["Nora Voss"], depth=0)
    texts = [t.get_text() for t in diagram.figure.axes[0].texts]
    assert "not stated" in texts and "resigned from" in texts


# --- evidence -----------------------------------------------------------------------------


def test_evidence_numbers_the_facts_and_prints_their_sentences(graph_file, tmp_path):
    diagram = render(riverton(), evidence=True)
    assert [n.split("]")[0] + "]" for n in diagram.notes] == [f"[{i}]" for i in range(1, 7)]
    assert diagram.notes[0] == f"[1] {S1}"
    labels = [t.get_text() for t in diagram.figure.axes[0].texts]
    assert "replaced [2]" in labels and "resigned from [5]" in labels
    out = tmp_path / "evidence.svg"
    assert cli("draw", str(graph_file), "--evidence", "-o", str(out), "--size", "12x12").exit_code == 0
    text = svg_text(out.read_bytes())
    for sentence in (S1, S2, S5):
        assert sentence in text


def test_a_pngs_sentences_are_drawn_where_matplotlib_would_draw_them():
    # a PNG's notes are drawn by Pillow (kg.viz.notes_image), the SVG's and PDF's by matplotlib
    import io

    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from PIL import Image

    from kg.viz.draw import RC
    from kg.viz.notes_image import GID

    diagram = render(riverton(), evidence=True)
    notes = next(t for t in diagram.figure.texts if t.get_gid() == GID)
    ink = np.asarray(Image.open(io.BytesIO(save(diagram, fmt="png", dpi=100))).convert("L")) < 128
    assert notes.get_visible()  # the Text is back for the next save
    with matplotlib.rc_context(RC):
        diagram.figure.set_dpi(100)
        box = notes.get_window_extent(FigureCanvasAgg(diagram.figure).get_renderer())
    height, width = ink.shape
    top, bottom = height - box.y1, height - box.y0  # rows from the top
    rows = np.flatnonzero(ink[int(top) - 4:, int(box.x0) - 4:int(box.x1) + 4].any(axis=1)) + int(top) - 4
    assert abs(rows[0] - top) <= 4 and abs(rows[-1] - bottom) <= 4, (rows[0], rows[-1], top, bottom)
    columns = np.flatnonzero(ink[int(top):int(bottom)].any(axis=0))
    assert abs(columns[0] - box.x0) <= 3 and box.x1 - 20 <= columns[-1] <= box.x1 + 8, (columns[[0, -1]], box)


# --- the command line and matplotlib's state ------------------------------------------------


def test_errors_are_one_line_and_write_nothing(tmp_path):
    out = tmp_path / "x.png"
    missing = cli("draw", str(tmp_path / "missing.ttl"), "-o", str(out))
    assert missing.exit_code == 1 and missing.stderr.startswith("kg: error: no such file")
    bad_size = cli("draw", str(tmp_path / "missing.ttl"), "-o", str(out), "--size", "big")
    assert bad_size.exit_code == 1 and "WIDTHxHEIGHT" in bad_size.stderr
    assert not out.exists()


def test_kg_never_imports_pyplot_nor_changes_the_backend():
    code = (
        "import sys, matplotlib; sys.path.insert(0, 'tests');"
        "import kg.cli; assert 'matplotlib.pyplot' not in sys.modules;"
        "from handbuilt_graph import riverton; from kg.viz.draw import render, save;"
        "save(render(riverton()), fmt='png', dpi=20);"
        "assert 'matplotlib.pyplot' not in sys.modules; print(matplotlib.get_backend())"
    )
    root = Path(__file__).resolve().parents[1]
    env = {"MPLBACKEND": "svg", "PATH": ""}
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "svg"


# --- many facts between the same entities ---------------------------------------------------


def _pair_graph():
    """Ana Ruiz and Tom Hale with facts both ways, and two entities of one name."""
    from handbuilt_graph import add_entity, add_fact, iri, new_graph
    from rdflib import URIRef

    g = new_graph()
    for key in ("hale", "ruiz", "council"):
        add_entity(g, iri(key), *ENTITIES[key][1:3])
    for predicate in ("replaced", "criticized"):
        add_fact(g, iri("ruiz"), predicate, iri("hale"), f"Ana Ruiz {predicate} Tom Hale.", "test")
    add_fact(g, iri("hale"), "metWith", iri("ruiz"), "Tom Hale met Ana Ruiz.", "test")
    add_fact(g, iri("hale"), "memberOf", iri("council"), "Tom Hale sits on the City Council.", "test")
    from kg.rdf.vocab import KG
    for n, cls in enumerate((KG.Place, KG.Organization)):   # one name, two entities
        add_entity(g, URIRef(f"https://w3id.org/kg-news/id/thing/harbour-house-{n}"), cls, "Harbour House")
    return g


def test_the_facts_between_two_entities_are_one_arrow_with_their_count_and_each_predicate():
    diagram = render(_pair_graph())
    ax = diagram.figure.axes[0]
    arrows = [p for p in ax.patches if type(p).__name__ == "FancyArrowPatch"]
    assert len(arrows) == 2   # Ruiz and Hale (three facts, both ways), Hale and the council
    label = next(t.get_text() for t in ax.texts if "3 facts" in t.get_text())
    assert label.split("\n") == ["3 facts", "Ana Ruiz:", "criticized", "replaced", "Tom Hale:", "met with"]
    heads = sorted(type(a.get_arrowstyle()).__name__ for a in arrows)
    assert heads == ["CurveFilledAB", "CurveFilledB"]   # heads at both ends only where facts go both ways


def test_the_left_out_list_names_each_name_once():
    diagram = render(_pair_graph(), top=2)
    assert diagram.left_out.count("Harbour House (2)") == 1
    assert "Harbour House" not in diagram.left_out
