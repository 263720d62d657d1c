"""Draw a kg graph as a relationship diagram: entities as labelled boxes, facts as labelled arrows.

The figure is drawn on matplotlib's Agg canvas (no display, and pyplot is never imported, so the
caller's matplotlib backend is left alone). Every box is measured with the renderer's own text
extents and placed by :mod:`kg.layout` so that no label covers another label or box; a fact's
label sits on its arrow. Provenance is not drawn; ``evidence=True`` numbers each fact's label
with its sentences, printed under the diagram. A fact whose object the article does not state
(``kg:unstated``) points at a small dashed "not stated" box of its subject's own.
"""
from __future__ import annotations

import io
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import matplotlib
import matplotlib.colors
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Patch
from matplotlib.path import Path as MplPath
import numpy as np
from rdflib import Graph

from .errors import DrawError
from .layout import place
from .network import Evidence, to_networkx
from .selection import select
from .vocab import KG

DRAW_FORMATS = ("png", "svg", "pdf")
#: Node type -> (colour, matplotlib marker): Okabe-Ito colours, which colour-blind readers tell apart.
STYLE = {
    "Person": ("#0072B2", "o"), "Organization": ("#D55E00", "s"), "Place": ("#009E73", "^"),
    "Position": ("#CC79A7", "D"), "Event": ("#E69F00", "h"),
}
RC = {"font.family": "DejaVu Sans", "svg.fonttype": "none", "svg.hashsalt": "kg", "pdf.fonttype": 42}
NODE_PT, EDGE_PT, TITLE_PT, CAPTION_PT, NOTE_PT = 9.5, 7.5, 14.0, 9.0, 8.0
MARGIN, ICON, PAD = 0.3, 0.13, 0.06
MIN_SIZE, MAX_SIZE = (7.0, 4.0), (40.0, 40.0)
SCALES = (1.0, 0.9, 0.8, 0.7, 0.6)


@dataclass(frozen=True)
class Diagram:
    """A drawn diagram: the figure, what it shows, what it left out, its evidence notes."""

    figure: Figure
    entities: tuple[str, ...]  # labels of the entities drawn
    facts: int
    left_out: tuple[str, ...]
    notes: tuple[str, ...]  # "[n] sentence" for each supporting sentence (evidence=True)
    warnings: tuple[str, ...]


def draw_format(path: str | None, explicit: str | None) -> str:
    """``explicit`` if given, else the output's suffix (.png, .svg, .pdf); DrawError otherwise."""
    name = (explicit or (Path(path).suffix.lstrip(".") if path else "")).strip().lower()
    if name not in DRAW_FORMATS:
        raise DrawError(f"unknown image format {name or path!r}; choose one of: {', '.join(DRAW_FORMATS)}")
    return name


def render(
    graph: Graph,
    *,
    title: str | None = None,
    predicates: Sequence[str] = (),
    focus: Sequence[str] = (),
    depth: int = 1,
    top: int | None = None,
    evidence: bool = False,
    width: float | None = None,
    height: float | None = None,
) -> Diagram:
    """Draw the entities and facts of ``graph`` (sizes in inches; left out: sized to fit)."""
    for side in (width, height):
        if side is not None and not 1 <= side <= 200:
            raise DrawError("a diagram's width and height are between 1 and 200 inches")
    chosen = select(to_networkx(graph, evidence=True), predicates=predicates, focus=focus, depth=depth, top=top)
    net = chosen.net
    nodes = {n: (net.nodes[n]["label"], net.nodes[n]["type"]) for n in sorted(net.nodes)}
    facts: dict[tuple[str, str], list[tuple[str, tuple[Evidence, ...]]]] = {}
    for s, o, attrs in net.edges(data=True):
        facts.setdefault((s, o), []).append((attrs["label"], attrs.get("evidence", ())))
    for n in sorted(net.nodes):
        for _, label, found in net.nodes[n].get("unstated_facts", ()):
            facts.setdefault((n, f"unstated:{n}"), []).append((label, found))
            nodes[f"unstated:{n}"] = ("not stated", "unstated")
    numbers = _number(facts) if evidence else {}
    files = sorted({str(f) for f in graph.objects(None, KG.fileName)})
    edge_text = {pair: _edge_text(items, numbers) for pair, items in sorted(facts.items())}

    with matplotlib.rc_context(RC):
        fig = Figure()
        canvas = FigureCanvasAgg(fig)
        renderer = canvas.get_renderer()
        measure = _Measure(renderer, fig.dpi)
        title = title or _title(files)
        count = sum(len(v) for v in facts.values())
        caption = " ".join([_summary(chosen.net, count, files), *chosen.notes])
        note_lines = [_note(n, e, len(files) > 1) for e, n in sorted(numbers.items(), key=lambda x: x[1])]
        fit = _fit(measure, nodes, edge_text, width, height, caption, note_lines)
        _compose(fig, fit, nodes, edge_text, title, caption, note_lines, measure)
    warnings = [] if fit.fits else [
        f"{len(chosen.net)} entities do not fit in {fit.width:g}x{fit.height:g} inches without labels "
        "overlapping; use a larger --size or --top N"
    ]
    if fit.scale < 1:
        warnings.append(f"text drawn at {fit.scale:.0%} of its size to fit")
    return Diagram(
        figure=fig, entities=tuple(sorted(label for label, kind in nodes.values() if kind != "unstated")),
        facts=sum(len(v) for v in facts.values()), left_out=chosen.left_out,
        notes=tuple(note_lines), warnings=tuple(warnings),
    )


def save(diagram: Diagram, *, fmt: str, dpi: int = 150) -> bytes:
    """The diagram as PNG, SVG or PDF bytes, the same bytes for the same graph and options."""
    if fmt not in DRAW_FORMATS:
        raise DrawError(f"unknown image format {fmt!r}; choose one of: {', '.join(DRAW_FORMATS)}")
    metadata = {"png": {"Software": None}, "svg": {"Date": None}, "pdf": {"CreationDate": None}}[fmt]
    stream = io.BytesIO()
    with matplotlib.rc_context(RC):
        diagram.figure.savefig(stream, format=fmt, dpi=dpi, metadata=metadata, facecolor="white")
    return stream.getvalue()


# --- measuring and fitting ----------------------------------------------------------------


class _Measure:
    """Text extents in inches, from the renderer that will draw the text."""

    def __init__(self, renderer, dpi: float) -> None:
        self.renderer, self.dpi = renderer, dpi

    def text(self, text: str, size: float, *, style: str = "normal") -> tuple[float, float]:
        prop = FontProperties(size=size, style=style)
        widths = [self.renderer.get_text_width_height_descent(line or " ", prop, ismath=False)[0] for line in text.split("\n")]
        line_height = size * 1.2 / 72  # matplotlib's default line spacing
        return max(widths) / self.dpi, line_height * len(widths)

    def wrap(self, text: str, width: float, size: float) -> list[str]:
        lines: list[str] = []
        for word in text.split():
            if lines and self.text(lines[-1] + " " + word, size)[0] <= width:
                lines[-1] += " " + word
            else:
                lines.append(word)
        return lines


@dataclass(frozen=True)
class _Fit:
    width: float
    height: float
    scale: float
    sizes: dict[str, tuple[float, float]]
    centers: dict[str, tuple[float, float]]
    area: tuple[float, float, float, float]  # left, bottom, width, height (inches)
    caption: list[str]
    notes: list[str]
    fits: bool


def _fit(measure, nodes, edge_text, width, height, caption, note_lines) -> _Fit:
    links = [(s, _edge_id(s, o)) for s, o in edge_text] + [(_edge_id(s, o), o) for s, o in edge_text]
    title_h = TITLE_PT * 1.3 / 72 + 0.45  # title and legend
    for scale in SCALES:
        sizes = {n: _node_size(measure, label, kind, scale) for n, (label, kind) in nodes.items()}
        for pair, text in edge_text.items():
            w, h = measure.text(text, EDGE_PT * scale)
            sizes[_edge_id(*pair)] = (w + 0.06, h + 0.04)
        aspect = 1.5 if width is None or height is None else max(0.3, (width - 2 * MARGIN) / max(height - 3, 1))
        placed = place(sizes, links, aspect=aspect)
        w = width or min(max(placed.width + 2 * MARGIN, MIN_SIZE[0]), MAX_SIZE[0])
        cap = measure.wrap(caption, w - 2 * MARGIN, CAPTION_PT)
        notes = [line for note in note_lines for line in _hang(measure.wrap(note, w - 2 * MARGIN - 0.25, NOTE_PT))]
        bottom_h = 0.15 + len(cap) * CAPTION_PT * 1.2 / 72 + (0.1 + len(notes) * NOTE_PT * 1.2 / 72 if notes else 0) + MARGIN
        h = height or min(max(placed.height + MARGIN + title_h + bottom_h, MIN_SIZE[1]), MAX_SIZE[1])
        area = (MARGIN, bottom_h, w - 2 * MARGIN, h - MARGIN - title_h - bottom_h)
        if area[3] < 0.5:
            raise DrawError(f"a {w:g}x{h:g} inch figure leaves no room for the diagram under its title "
                            "and notes; give a larger --height")
        fits = placed.width <= area[2] + 1e-6 and placed.height <= area[3] + 1e-6
        if fits:
            break
    centers = _into(placed.centers, sizes, area)
    return _Fit(w, h, scale, sizes, centers, area, cap, notes, fits)


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
    w, h = measure.text(_wrap_label(label), NODE_PT * scale)
    return 2 * PAD + ICON * scale + 0.06 + w, max(h, ICON) + 2 * PAD * 0.75


# --- composing the figure ------------------------------------------------------------------


def _compose(fig, fit, nodes, edge_text, title, caption, note_lines, measure) -> None:
    fig.set_size_inches(fit.width, fit.height)
    W, H = fit.width, fit.height
    left, bottom, aw, ah = fit.area
    ax = fig.add_axes((left / W, bottom / H, aw / W, ah / H))
    ax.set_xlim(left, left + aw)
    ax.set_ylim(bottom, bottom + ah)
    ax.set_axis_off()
    fig.text(0.5, 1 - MARGIN / H, title, ha="center", va="top", fontsize=TITLE_PT, weight="bold")
    kinds = sorted({kind for _, kind in nodes.values()}, key=lambda k: list(STYLE).index(k) if k in STYLE else 99)
    handles = [Line2D([], [], ls="none", marker=STYLE[k][1], color=STYLE[k][0], markersize=8, label=k)
               for k in kinds if k in STYLE]
    if "unstated" in kinds:
        handles.append(Patch(facecolor="white", edgecolor="#888888", linestyle="--", label="not stated"))
    top_of_legend = 1 - (MARGIN + TITLE_PT * 1.3 / 72 + 0.05) / H
    fig.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, top_of_legend),
               ncol=len(handles), frameon=False, fontsize=9, handletextpad=0.4, columnspacing=1.4)
    s = fit.scale
    for (a, b), text in edge_text.items():
        mid = fit.centers[_edge_id(a, b)]
        _arrow(ax, fit.centers[a], mid, fit.centers[b], fit.sizes[a], fit.sizes[b])
        ax.text(*mid, text, ha="center", va="center", fontsize=EDGE_PT * s, color="#333333", zorder=3,
                linespacing=1.2, bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none", "alpha": 0.92})
    for node, (label, kind) in nodes.items():
        _node(ax, fit.centers[node], fit.sizes[node], label, kind, s)
    y = (bottom - 0.15) / H
    fig.text(MARGIN / W, y, "\n".join(fit.caption), ha="left", va="top", fontsize=CAPTION_PT, color="#333333",
             linespacing=1.2)
    if fit.notes:
        y -= (len(fit.caption) * CAPTION_PT * 1.2 / 72 + 0.1) / H
        fig.text(MARGIN / W, y, "\n".join(fit.notes), ha="left", va="top", fontsize=NOTE_PT, color="#222222",
                 linespacing=1.2)


def _node(ax, center, size, label, kind, scale) -> None:
    x, y = center
    w, h = size
    if kind == "unstated":
        ax.add_patch(FancyBboxPatch((x - w / 2, y - h / 2), w, h, boxstyle="round,pad=0,rounding_size=0.05",
                                    fc="white", ec="#888888", ls="--", lw=0.9, zorder=4))
        ax.text(x, y, "not stated", ha="center", va="center", fontsize=EDGE_PT * scale, style="italic",
                color="#666666", zorder=5)
        return
    colour, marker = STYLE[kind]
    ax.add_patch(FancyBboxPatch((x - w / 2, y - h / 2), w, h, boxstyle="round,pad=0,rounding_size=0.07",
                                fc=_tint(colour), ec=colour, lw=1.2, zorder=4))
    icon_x = x - w / 2 + PAD + ICON * scale / 2
    ax.plot([icon_x], [y], marker=marker, color=colour, markersize=ICON * scale * 72 * 0.75, ls="none", zorder=5)
    ax.text(icon_x + ICON * scale / 2 + 0.06, y, _wrap_label(label), ha="left", va="center",
            fontsize=NODE_PT * scale, color="#111111", zorder=5, linespacing=1.2)


def _arrow(ax, start, mid, end, start_size, end_size) -> None:
    """A curve from ``start`` through ``mid`` (the label) to ``end``, clipped at both boxes."""
    p0, p1, p2 = np.array(start), np.array(mid), np.array(end)
    control = 2 * p1 - (p0 + p2) / 2  # the quadratic Bezier through p1 at t = 1/2
    t = np.linspace(0, 1, 120)[:, None]
    curve = (1 - t) ** 2 * p0 + 2 * (1 - t) * t * control + t**2 * p2
    outside = ~(_inside(curve, p0, start_size) | _inside(curve, p2, end_size))
    points = curve[outside]
    if len(points) < 2:
        return
    ax.add_patch(FancyArrowPatch(path=MplPath(points), arrowstyle="-|>,head_length=0.45,head_width=0.22",
                                 mutation_scale=14, color="#666666", lw=0.9, zorder=1))


def _inside(points, center, size, pad: float = 0.02) -> np.ndarray:
    return (np.abs(points - center) <= np.array(size) / 2 + pad).all(axis=1)


# --- text --------------------------------------------------------------------------------


def _wrap_label(label: str) -> str:
    return "\n".join(textwrap.wrap(label, 20, break_long_words=False) or [label])


def _number(facts) -> dict[Evidence, int]:
    found = sorted({e for items in facts.values() for _, evs in items for e in evs},
                   key=lambda e: (e.file, e.begin, e.end, e.text))
    return {e: i for i, e in enumerate(found, start=1)}


def _edge_text(items, numbers) -> str:
    lines = []
    for label, evs in sorted(items):
        refs = sorted({numbers[e] for e in evs if e in numbers})
        text = "\n".join(textwrap.wrap(label, 22) or [label])
        lines.append(text + (f" [{', '.join(map(str, refs))}]" if refs else ""))
    return "\n".join(lines)


def _note(number: int, e: Evidence, with_file: bool) -> str:
    where = f"{e.file}, characters {e.begin}–{e.end}: " if with_file else ""
    return f"[{number}] {where}{' '.join(e.text.split())}"


def _hang(lines: list[str]) -> list[str]:
    """Indent the continuation lines of a note under its text."""
    return lines[:1] + ["      " + line for line in lines[1:]]


def _title(files: list[str]) -> str:
    if not files:
        return "Knowledge graph"
    if len(files) <= 2:
        return "Knowledge graph of " + " and ".join(Path(f).name for f in files)
    return f"Knowledge graph of {len(files)} articles"


def _summary(net, facts: int, files: list[str]) -> str:
    where = f" from {', '.join(files)}" if 0 < len(files) <= 3 else f" from {len(files)} articles" if files else ""
    return f"{net.number_of_nodes()} entities and {facts} facts{where}."


def _edge_id(a: str, b: str) -> str:
    return f"fact:{a}|{b}"


def _tint(colour: str, amount: float = 0.14) -> tuple[float, float, float]:
    rgb = matplotlib.colors.to_rgb(colour)
    return tuple(1 - amount * (1 - c) for c in rgb)  # type: ignore[return-value]
