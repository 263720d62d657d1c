"""How big a diagram is and how large its text: labels measured by the renderer, boxes laid out
by :mod:`kg.viz.layout`, the whole fitted to the size asked (or sized to the graph).

Sizes are in inches and text sizes in points; the figure's axes use inches as data units, so a
box measured here is the box drawn.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

import numpy as np
from matplotlib.font_manager import FontProperties

from kg.errors import DrawError
from kg.viz.layout import place

NODE_PT, EDGE_PT, TITLE_PT, CAPTION_PT, NOTE_PT = 9.5, 7.5, 14.0, 9.0, 8.0
MARGIN, ICON, PAD = 0.3, 0.13, 0.06
MIN_SIZE, MAX_SIZE = (7.0, 4.0), (40.0, 40.0)
DENSEST = 0.5  # boxes never cover more of the area than this: above it, no layout is tried
SCALES = (1.0, 0.9, 0.8)  # text sizes tried, before leaving the least connected entities out
TITLE_H = TITLE_PT * 1.3 / 72 + 0.45  # inches: the title and the legend
ROOMY = 0.12  # the share of a diagram's area its boxes cover, at most, once laid out (see room_for)
MAX_ITEMS = 300  # boxes (entities and arrows' labels) laid out at most: a layout is O(n^2) a step


class Measure:
    """Text extents in inches, from the renderer that will draw the text (each text measured once)."""

    def __init__(self, renderer, dpi: float) -> None:
        self.renderer, self.dpi = renderer, dpi
        self._widths: dict[tuple[str, float, str], float] = {}

    def _width(self, line: str, size: float, style: str) -> float:
        key = (line, size, style)
        found = self._widths.get(key)
        if found is None:
            prop = FontProperties(size=size, style=style)
            found = self._widths[key] = self.renderer.get_text_width_height_descent(line or " ", prop, ismath=False)[0]
        return found

    def text(self, text: str, size: float, *, style: str = "normal") -> tuple[float, float]:
        widths = [self._width(line, size, style) for line in text.split("\n")]
        line_height = size * 1.2 / 72  # matplotlib's default line spacing
        return max(widths) * 1.02 / self.dpi, line_height * len(widths)  # 2% to spare

    def wrap(self, text: str, width: float, size: float) -> list[str]:
        """Greedy lines no wider than ``width``: a line's width is the sum of its words' and
        spaces' (kg draws without hinting or kerning across a space, so widths add up)."""
        room = width * self.dpi / 1.02
        space = self._width("a a", size, "normal") - 2 * self._width("a", size, "normal")
        lines: list[str] = []
        used = 0.0
        for word in text.split():
            w = self._width(word, size, "normal")
            if lines and used + space + w <= room:
                lines[-1] += " " + word
                used += space + w
            else:
                lines.append(word)
                used = w
        return lines


@dataclass(frozen=True)
class Fit:
    """Where every box goes, the figure's size and text scale, and whether all of it fits."""

    width: float
    height: float
    scale: float
    sizes: dict[str, tuple[float, float]]
    centers: dict[str, tuple[float, float]]
    area: tuple[float, float, float, float]  # left, bottom, width, height (inches)
    caption: list[str]
    notes: list[str]
    fits: bool


def fit_layout(measure, nodes, edge_text, width, height, caption, note_lines, scales=SCALES) -> Fit:
    """Lay out ``nodes`` (id -> (label, type)) and the arrow labels ``edge_text`` ((from, to) ->
    text) at the largest text scale that fits ``width`` x ``height`` (None: sized to the graph)."""
    paths = [(s, edge_id(s, o), o) for s, o in edge_text]
    title_h = TITLE_H
    fixed = width is not None and height is not None
    if fixed:
        cap, notes, bottom_h = _bottom(measure, caption, note_lines, width)
        area = (MARGIN, bottom_h, width - 2 * MARGIN, height - MARGIN - title_h - bottom_h)
        _check_room(area, width, height)
    for scale in scales:
        sizes = box_sizes(measure, nodes, edge_text, scale)
        if fixed and sum(w * h for w, h in sizes.values()) > DENSEST * area[2] * area[3]:
            if scale == scales[-1]:  # cannot fit: no layout needed to tell
                return Fit(width, height, scale, sizes, {}, area, cap, notes, False)
            continue
        placed = place(sizes, paths, aspect=area[2] / area[3] if fixed else 1.5)
        w = width or min(max(placed.width + 2 * MARGIN, MIN_SIZE[0]), MAX_SIZE[0])
        cap, notes, bottom_h = _bottom(measure, caption, note_lines, w)
        h = height or min(max(placed.height + MARGIN + title_h + bottom_h, MIN_SIZE[1]), MAX_SIZE[1])
        area = (MARGIN, bottom_h, w - 2 * MARGIN, h - MARGIN - title_h - bottom_h)
        _check_room(area, w, h)
        fits = placed.width <= area[2] + 1e-6 and placed.height <= area[3] + 1e-6
        if fits:
            break
        over = max(placed.width / area[2], placed.height / area[3])
        if over * scales[-1] / scale > 1:  # too big by more than the smallest text would save
            break
    centers = _into(placed.centers, sizes, area)
    return Fit(w, h, scale, sizes, centers, area, cap, notes, fits)


def box_sizes(measure, nodes, edge_text, scale: float) -> dict[str, tuple[float, float]]:
    """Every box's (width, height) in inches: the entities' and the arrows' labels."""
    sizes = {n: _node_size(measure, label, kind, scale) for n, (label, kind) in nodes.items()}
    for pair, text in edge_text.items():
        w, h = measure.text(text, EDGE_PT * scale)
        sizes[edge_id(*pair)] = (w + 0.06, h + 0.04)
    return sizes


def room_for(measure, nodes, edge_text, width, height, caption, note_lines, *, share: float = ROOMY) -> bool:
    """Whether there is room for these boxes in ``width`` x ``height`` (None: the largest figure),
    judged by their area alone at the smallest text scale, with no layout tried: laid out, boxes
    cover at most about ``share`` of the diagram's area (:data:`ROOMY`; never more than
    :data:`DENSEST`). More than :data:`MAX_ITEMS` boxes are never room for: no diagram that
    crowded is read, and its layout would take minutes."""
    room_w, room_h = room_size(measure, width, height, caption, note_lines)
    if room_w < 0.5 or room_h < 0.5:
        return False
    if len(nodes) + len(edge_text) > MAX_ITEMS:
        return False
    sizes = box_sizes(measure, nodes, edge_text, SCALES[-1]).values()
    if any(bw > room_w or bh > room_h for bw, bh in sizes):
        return False
    return sum(bw * bh for bw, bh in sizes) <= share * room_w * room_h


def room_size(measure, width, height, caption, note_lines) -> tuple[float, float]:
    """The width and height (inches) left for the boxes in ``width`` x ``height`` (None: the
    largest figure) beside the title, the caption and the notes."""
    w, h = width or MAX_SIZE[0], height or MAX_SIZE[1]
    _, _, bottom_h = _bottom(measure, caption, note_lines, w)
    return w - 2 * MARGIN, h - MARGIN - TITLE_H - bottom_h


def _check_room(area, width: float, height: float) -> None:
    if area[3] < 0.5 or area[2] < 0.5:
        raise DrawError(f"a {width:g}x{height:g} inch figure leaves no room for the diagram beside its "
                        "title, caption and notes; give a larger --size")


def _bottom(measure, caption: str, note_lines: list[str], width: float) -> tuple[list[str], list[str], float]:
    """The caption's lines, the notes' lines and the height they take under the diagram."""
    cap = measure.wrap(caption, width - 2 * MARGIN, CAPTION_PT)
    notes = [line for note in note_lines for line in _hang(measure.wrap(note, width - 2 * MARGIN - 0.25, NOTE_PT))]
    height = 0.15 + len(cap) * CAPTION_PT * 1.2 / 72 + MARGIN
    if notes:
        height += 0.1 + len(notes) * NOTE_PT * 1.2 / 72
    return cap, notes, height


def _into(centers, sizes, area) -> dict[str, tuple[float, float]]:
    """Move the layout into the area: spread it (at most 1.5 times) or squeeze it, and centre it."""
    ids = list(centers)
    xy = np.array([centers[i] for i in ids])
    wh = np.array([sizes[i] for i in ids])
    out = xy.copy()
    for axis, room in ((0, area[2]), (1, area[3])):
        mid = (xy[:, axis].max() + xy[:, axis].min()) / 2

        def extent(k: float) -> float:
            pos = mid + k * (xy[:, axis] - mid)
            return float((pos + wh[:, axis] / 2).max() - (pos - wh[:, axis] / 2).min())

        low, high = 0.0, 1.5
        for _ in range(40):
            k = (low + high) / 2
            low, high = (k, high) if extent(k) <= room else (low, k)
        k = low if extent(1.0) <= room else max(low, 0.05)
        pos = mid + k * (xy[:, axis] - mid)
        span_low = (pos - wh[:, axis] / 2).min()
        span = (pos + wh[:, axis] / 2).max() - span_low
        out[:, axis] = pos - span_low + area[axis] + (room - span) / 2
    return {i: (float(x), float(y)) for i, (x, y) in zip(ids, out)}


def _node_size(measure, label: str, kind: str, scale: float) -> tuple[float, float]:
    if kind == "unstated":
        w, h = measure.text("not stated", EDGE_PT * scale, style="italic")
        return w + 2 * PAD, h + 2 * PAD * 0.6
    w, h = measure.text(wrap_label(label), NODE_PT * scale)
    return 2 * PAD + ICON * scale + 0.06 + w, max(h, ICON) + 2 * PAD * 0.75


def wrap_label(label: str) -> str:
    return "\n".join(textwrap.wrap(label, 20, break_long_words=False) or [label])


def _hang(lines: list[str]) -> list[str]:
    """Indent the continuation lines of a note under its text."""
    return lines[:1] + ["      " + line for line in lines[1:]]


def edge_id(a: str, b: str) -> str:
    return f"fact:{a}|{b}"
