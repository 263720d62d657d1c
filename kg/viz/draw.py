"""Draw a kg graph as a relationship diagram: entities as labelled boxes, facts as labelled arrows.

The figure is drawn on matplotlib's Agg canvas (no display, and pyplot is never imported, so the
caller's matplotlib backend is left alone). Every box is measured with the renderer's own text
extents and placed by :mod:`kg.viz.layout` so that no label covers another label or box; a fact's
label sits on its arrow. Provenance is not drawn; ``evidence=True`` numbers each fact's label
with its sentences, printed under the diagram. A fact whose object the article does not state
(``kg:unstated``) points at a small dashed "not stated" box of its subject's own.

Every text drawn (labels, title, caption, evidence sentences) goes through :func:`printable`
first, so that any graph gives a well-formed SVG and no box where a control character was; and
matplotlib's warnings (missing glyphs, font notices) are kept off stderr while kg draws, the
caller's warning filters and logger levels restored afterwards (:func:`quiet_matplotlib`).
"""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import logging
import textwrap
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

import numpy as np
from rdflib import Graph, URIRef


@contextlib.contextmanager
def quiet_matplotlib() -> Iterator[None]:
    """Keep matplotlib's warnings off stderr for the block only: Python warnings are ignored
    (``warnings.catch_warnings`` restores the caller's filters) and the ``matplotlib`` logger
    passes errors only (its own level is restored after). Not thread-safe, as
    ``catch_warnings`` is not."""
    logger = logging.getLogger("matplotlib")
    level = logger.level
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        logger.setLevel(max(logger.getEffectiveLevel(), logging.ERROR))
        try:
            yield
        finally:
            logger.setLevel(level)


with quiet_matplotlib():  # a first import may log font-cache and config-directory notices
    import matplotlib
    import matplotlib.colors
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Patch
    from matplotlib.path import Path as MplPath

    from kg.viz.fitting import (
        CAPTION_PT, DENSEST, EDGE_PT, ICON, MARGIN, MAX_ITEMS, NODE_PT, NOTE_PT, PAD, ROOMY, SCALES, TITLE_PT, Fit,
        Measure, box_sizes, edge_id, fit_layout, room_for, room_size, wrap_label,
    )
from kg.errors import DrawError
from kg.viz.network import Evidence, Network, draw_network, evidence_for
from kg.viz.notes_image import mark, raster_notes
from kg.viz.text import printable
from kg.viz.selection import most_connected, ranked, select
from kg.rdf.vocab import KG

DRAW_FORMATS = ("png", "svg", "pdf")
#: A PNG's pixels per inch, unless asked: fewer (not under LEAST_DPI) for more than MOST_PIXELS
DPI, LEAST_DPI, MOST_PIXELS = 150, 100, 8_000_000
#: Node type -> (colour, matplotlib marker): Okabe-Ito colours, which colour-blind readers tell apart.
STYLE = {
    "Person": ("#0072B2", "o"), "Organization": ("#D55E00", "s"), "Place": ("#009E73", "^"),
    "Position": ("#CC79A7", "D"), "Event": ("#E69F00", "h"),
}
RC = {"font.family": "DejaVu Sans", "svg.fonttype": "none", "svg.hashsalt": "kg", "pdf.fonttype": 42,
      "text.hinting": "none"}  # no hinting: text is as wide at every resolution as when measured
#: Text is drawn as it is: a "$" in a name or sentence is not the start of mathtext.
TEXT = {"parse_math": False}

@dataclass(frozen=True)
class Diagram:
    """A drawn diagram: the figure, what it shows, what it left out, its evidence notes."""

    figure: Figure
    entities: tuple[str, ...]  # labels of the entities drawn (as drawn: see printable)
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
    """Draw the entities and facts of ``graph`` (sizes in inches; left out: sized to fit).

    Every text shown (labels, sentences, file names, ``title``) is made :func:`printable` first."""
    for side in (width, height):
        if side is not None and not 1 <= side <= 200:
            raise DrawError("a diagram's width and height are between 1 and 200 inches")
    net = _printable_network(draw_network(graph))
    sentences = _Sentences(graph) if evidence else None  # read for what is drawn, as it is drawn
    if not net.nodes:
        raise DrawError("the graph has no people, organizations, places, positions or events to draw")
    files = sorted({printable(str(f)) for f in graph.objects(None, KG.fileName)})
    title = printable(title or _title(files))
    options = {"predicates": predicates, "focus": focus, "depth": depth}
    warned: list[str] = []
    with _drawing():
        fig = Figure()
        measure = Measure(FigureCanvasAgg(fig).get_renderer(), fig.dpi)
        narrowed = select(net, **options)  # --predicates and --focus: cut once; --top, and the search below, from it
        chosen = most_connected(narrowed, top) if top is not None else narrowed
        plan = None  # no layout is tried of what is plainly too much for the figure
        if _room(chosen, files, sentences, measure, width, height, share=DENSEST):
            plan = _plan(chosen, files, sentences, measure, width, height)
        if plan is None or not plan.fit.fits:  # too many for the size asked: draw the most connected that fit
            count = len(chosen.net.nodes)
            order = ranked(narrowed)
            # how many there is room for, judged by their boxes' area (no layout tried) ...
            low = _most_that_fit(narrowed, order, count - 1, files, sentences, measure, width, height)
            # ... then laid out once, or again with fewer where the boxes' shapes took more room
            plan = None
            while low > 0:
                chosen = most_connected(narrowed, low, order)
                plan = _plan(chosen, files, sentences, measure, width, height, scales=SCALES[-1:])
                if plan.fit.fits:
                    break
                low = int(low * 0.8)
            if plan is None or not plan.fit.fits:
                size = f"{width:g}x{height:g} inch" if width and height else "largest"
                raise DrawError(f"a {size} figure is too small to draw even one entity; give a larger --size")
            warned.append(f"{count} entities do not fit in {plan.fit.width:g}x{plan.fit.height:g} "
                          f"inches; drew the {low} most connected (the caption names the others); "
                          "give a larger --size to draw them all")
        drawn = plan.content
        _compose(fig, plan.fit, drawn.nodes, drawn.edge_text, drawn.two_way, title)
    return Diagram(
        figure=fig, entities=tuple(sorted(label for label, kind in drawn.nodes.values() if kind != "unstated")),
        facts=drawn.facts, left_out=chosen.left_out, notes=tuple(drawn.notes), warnings=tuple(warned),
    )


@dataclass(frozen=True)
class _Content:
    nodes: dict[str, tuple[str, str]]  # id -> (label, type)
    edge_text: dict[tuple[str, str], str]  # (from, to) -> the label of the arrow
    two_way: frozenset[tuple[str, str]]    # the pairs with facts in both directions: arrow heads at both ends
    facts: int
    caption: str
    notes: list[str]


class _Sentences:
    """The sentences of the facts drawn (made printable), read from the graph as they are needed."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.known: dict[tuple, tuple[Evidence, ...]] = {}

    def of(self, keys: list[tuple]) -> dict[tuple, tuple[Evidence, ...]]:
        missing = [k for k in keys if k not in self.known]
        if missing:
            found = evidence_for(self.graph, missing)
            self.known.update((k, _printable_evidence(found.get(k, ()))) for k in missing)
        return self.known


def _room(chosen, files, sentences, measure, width, height, **share) -> bool:
    """:func:`room_for` a selection; its sentences are read only if its boxes fit without them."""
    if len(chosen.net.nodes) > MAX_ITEMS:  # each a box: never room for (room_for), and no need to measure
        return False
    bare = _content(chosen, files, None)
    if not room_for(measure, bare.nodes, bare.edge_text, width, height, bare.caption, [], **share):
        return False  # the sentences' numbers and notes only take more room
    if sentences is None:
        return True
    c = _content(chosen, files, sentences)
    return room_for(measure, c.nodes, c.edge_text, width, height, c.caption, c.notes, **share)


def _most_that_fit(narrowed, order, most, files, sentences, measure, width, height) -> int:
    """How many of the most connected entities (``order``) there is room for (:func:`_room`), at
    most ``most`` and :data:`MAX_ITEMS`.

    Found in one pass: each box (an entity, its "not stated" box, an arrow's label) comes in
    with the last of its entities in ``order``, so the boxes' area grows with each entity taken,
    and the most whose area is room for are counted off at once. That count is then checked by
    :func:`_room` (with the sentences' numbers and notes, with ``evidence``), and, if the check
    disagrees (the notes took room, or the caption a line), sought by halves from there."""
    def roomy(k: int) -> bool:
        return _room(most_connected(narrowed, k, order), files, sentences, measure, width, height)

    high = min(most, MAX_ITEMS)  # each entity is a box: more is never room for
    full = _content(most_connected(narrowed, high, order), files, None)  # (none after the high-th counts)
    rank = {n: i for i, n in enumerate(order[:high])}
    boxes: list[tuple[dict, dict]] = [({}, {}) for _ in range(high)]  # by entry: (nodes, arrows' labels)
    for n, node in full.nodes.items():
        boxes[rank[n.removeprefix("unstated:")] if n not in rank else rank[n]][0][n] = node
    for (a, b), text in full.edge_text.items():
        boxes[max(rank[a.removeprefix("unstated:")], rank[b.removeprefix("unstated:")])][1][(a, b)] = text
    room_w, room_h = room_size(measure, width, height, full.caption, [])
    k, used, count = 0, 0.0, 0
    while k < high:  # k entities taken so far fit; does the next? (its boxes measured only now)
        sizes = box_sizes(measure, *boxes[k], SCALES[-1]).values()
        used, count = used + sum(bw * bh for bw, bh in sizes), count + len(sizes)
        if count > MAX_ITEMS or any(bw > room_w or bh > room_h for bw, bh in sizes) or used > ROOMY * room_w * room_h:
            break
        k += 1
    # checked: k fits and k + 1 does not; else sought by halves, between what is known
    if k > 0 and roomy(k):
        if k == high or not roomy(k + 1):
            return k
        low, top = k + 1, high  # k + 1 fits
    else:
        low, top = 0, k - 1 if k > 0 else min(1, high)
    while low < top:
        mid = (low + top + 1) // 2
        low, top = (mid, top) if roomy(mid) else (low, mid - 1)
    return low


def _content(chosen, files, sentences: _Sentences | None) -> _Content:
    """What to draw for a selection: the boxes, the arrows' labels, the caption and the notes
    (numbered sentences, with ``sentences``)."""
    net = chosen.net
    nodes = {n: (net.nodes[n]["label"], net.nodes[n]["type"]) for n in sorted(net.nodes)}
    # each fact's key (s, p, o), by which its sentences are known, is made only when they are wanted
    key = (lambda s, p, o: (URIRef(s), URIRef(p), URIRef(o))) if sentences is not None else (lambda s, p, o: None)
    edges = [((s, o), label, key(s, p, o)) for s, o, p, label in net.edges]
    unstated = [((n, f"unstated:{n}"), label, key(n, p, KG.unstated))
                for n in sorted(net.nodes) for p, label, _ in net.nodes[n].get("unstated_facts", ())]
    known = sentences.of([key for _, _, key in edges + unstated]) if sentences is not None else {}
    facts: dict[tuple[str, str], list[tuple[str, tuple[Evidence, ...]]]] = {}
    for pair, label, fact in edges + unstated:
        facts.setdefault(pair, []).append((label, known.get(fact, ())))
    for (n, box), _, _ in unstated:
        nodes[box] = ("not stated", "unstated")
    numbers = _number(facts) if sentences is not None else {}
    # one arrow per pair of entities: the facts both ways on one arrow, each predicate said once
    pairs: dict[tuple[str, str], dict[str, list]] = {}
    for (a, b), items in sorted(facts.items()):
        key = (a, b) if (b, a) not in facts or a < b else (b, a)
        pairs.setdefault(key, {})[a] = items
    two_way = frozenset(key for key, sides in pairs.items() if len(sides) == 2)
    edge_text = {key: _edge_text(sides, numbers, nodes) for key, sides in sorted(pairs.items())}
    count = sum(len(v) for v in facts.values())
    caption = " ".join([_summary(net, count, files), *chosen.notes])
    notes = [_note(n, e, len(files) > 1) for e, n in sorted(numbers.items(), key=lambda x: x[1])]
    return _Content(nodes=nodes, edge_text=edge_text, two_way=two_way, facts=count, caption=caption, notes=notes)


@dataclass(frozen=True)
class _Plan:
    content: _Content
    fit: Fit


def _plan(chosen, files, sentences, measure, width, height, scales=SCALES) -> _Plan:
    """What to draw for a selection, and where."""
    c = _content(chosen, files, sentences)
    fit = fit_layout(measure, c.nodes, c.edge_text, width, height, c.caption, c.notes, scales)
    return _Plan(content=c, fit=fit)


def png_dpi(width: float, height: float) -> int:
    """A PNG's pixels per inch when none are asked: :data:`DPI`, fewer for a drawing of more than
    :data:`MOST_PIXELS` (a big graph's, or one with many sentences), down to :data:`LEAST_DPI`,
    at which the smallest text (an arrow's label, 7.5 points at the smallest scale) is still
    8 pixels high: packing a PNG takes time in proportion to its pixels."""
    fitting = int((MOST_PIXELS / (width * height)) ** 0.5)
    return max(LEAST_DPI, min(DPI, fitting))


def save(diagram: Diagram, *, fmt: str, dpi: int | None = None) -> bytes:
    """The diagram as PNG, SVG or PDF bytes, the same bytes for the same graph and options
    (``dpi``: a PNG's pixels per inch; left out, :func:`png_dpi`)."""
    if fmt not in DRAW_FORMATS:
        raise DrawError(f"unknown image format {fmt!r}; choose one of: {', '.join(DRAW_FORMATS)}")
    if dpi is None:
        dpi = png_dpi(*diagram.figure.get_size_inches()) if fmt == "png" else DPI
    metadata = {"png": {"Software": None}, "svg": {"Date": None}, "pdf": {"CreationDate": None}}[fmt]
    # zlib's level 3 takes half the time of PIL's default (6) on a diagram, and packs it as small
    extra = {"pil_kwargs": {"compress_level": 3}} if fmt == "png" else {}
    stream = io.BytesIO()
    # a PNG's notes are drawn by Pillow (kg.viz.notes_image: matplotlib takes 50 µs a glyph)
    notes = raster_notes(diagram.figure, dpi, NOTE_PT * 1.2 / 72) if fmt == "png" else contextlib.nullcontext()
    with _drawing(), notes:
        diagram.figure.savefig(stream, format=fmt, dpi=dpi, metadata=metadata, facecolor="white", **extra)
    return stream.getvalue()


@contextlib.contextmanager
def _drawing() -> Iterator[None]:
    """kg's matplotlib settings, and matplotlib's warnings off stderr, for the block only."""
    with matplotlib.rc_context(RC), quiet_matplotlib():
        yield


def _printable_network(net: Network) -> Network:
    """The network with every label a diagram shows printable (sentences: :func:`_printable_evidence`)."""
    for attrs in net.nodes.values():
        attrs["label"] = printable(attrs["label"])
        if attrs.get("unstated_facts"):
            attrs["unstated_facts"] = tuple((p, printable(label), found) for p, label, found in attrs["unstated_facts"])
    return Network(nodes=net.nodes, edges=tuple((s, o, p, printable(label)) for s, o, p, label in net.edges))


def _printable_evidence(evidence: tuple[Evidence, ...]) -> tuple[Evidence, ...]:
    return tuple(dataclasses.replace(e, file=printable(e.file), text=printable(e.text)) for e in evidence)


# --- composing the figure ------------------------------------------------------------------


def _compose(fig, fit, nodes, edge_text, two_way, title) -> None:
    fig.set_size_inches(fit.width, fit.height)
    W, H = fit.width, fit.height
    left, bottom, aw, ah = fit.area
    ax = fig.add_axes((left / W, bottom / H, aw / W, ah / H))
    ax.set_xlim(left, left + aw)
    ax.set_ylim(bottom, bottom + ah)
    ax.set_axis_off()
    fig.text(0.5, 1 - MARGIN / H, title, ha="center", va="top", fontsize=TITLE_PT, weight="bold", **TEXT)
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
        mid = fit.centers[edge_id(a, b)]
        _arrow(ax, fit.centers[a], mid, fit.centers[b], fit.sizes[a], fit.sizes[b], both=(a, b) in two_way)
        ax.text(*mid, text, ha="center", va="center", fontsize=EDGE_PT * s, color="#333333", zorder=3,
                linespacing=1.2, bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none", "alpha": 0.92},
                **TEXT)
    for node, (label, kind) in nodes.items():
        _node(ax, fit.centers[node], fit.sizes[node], label, kind, s)
    y = (bottom - 0.15) / H
    fig.text(MARGIN / W, y, "\n".join(fit.caption), ha="left", va="top", fontsize=CAPTION_PT, color="#333333",
             linespacing=1.2, **TEXT)
    if fit.notes:
        y -= (len(fit.caption) * CAPTION_PT * 1.2 / 72 + 0.1) / H
        mark(fig.text(MARGIN / W, y, "\n".join(fit.notes), ha="left", va="top", fontsize=NOTE_PT, color="#222222",
                      linespacing=1.2, **TEXT))


def _node(ax, center, size, label, kind, scale) -> None:
    x, y = center
    w, h = size
    if kind == "unstated":
        ax.add_artist(FancyBboxPatch((x - w / 2, y - h / 2), w, h, boxstyle="round,pad=0,rounding_size=0.05",
                                    fc="white", ec="#888888", ls="--", lw=0.9, zorder=4))
        ax.text(x, y, "not stated", ha="center", va="center", fontsize=EDGE_PT * scale, style="italic",
                color="#666666", zorder=5, **TEXT)
        return
    colour, marker = STYLE[kind]
    ax.add_artist(FancyBboxPatch((x - w / 2, y - h / 2), w, h, boxstyle="round,pad=0,rounding_size=0.07",
                                fc=_tint(colour), ec=colour, lw=1.2, zorder=4))
    icon_x = x - w / 2 + PAD + ICON * scale / 2
    ax.plot([icon_x], [y], marker=marker, color=colour, markersize=ICON * scale * 72 * 0.75, ls="none", zorder=5)
    ax.text(icon_x + ICON * scale / 2 + 0.06, y, wrap_label(label), ha="left", va="center",
            fontsize=NODE_PT * scale, color="#111111", zorder=5, linespacing=1.2, **TEXT)


def _arrow(ax, start, mid, end, start_size, end_size, *, both: bool = False) -> None:
    """A curve from ``start`` through ``mid`` (the label) to ``end``, clipped at both boxes; with
    ``both``, a head at each end."""
    p0, p1, p2 = np.array(start), np.array(mid), np.array(end)
    control = 2 * p1 - (p0 + p2) / 2  # the quadratic Bezier through p1 at t = 1/2
    t = np.linspace(0, 1, 120)[:, None]
    curve = (1 - t) ** 2 * p0 + 2 * (1 - t) * t * control + t**2 * p2
    outside = ~(_inside(curve, p0, start_size) | _inside(curve, p2, end_size))
    points = curve[outside]
    if len(points) < 2:
        return
    style = "<|-|>" if both else "-|>"
    ax.add_artist(FancyArrowPatch(path=MplPath(points), arrowstyle=f"{style},head_length=0.45,head_width=0.22",
                                 mutation_scale=14, color="#666666", lw=0.9, zorder=1))


def _inside(points, center, size, pad: float = 0.02) -> np.ndarray:
    return (np.abs(points - center) <= np.array(size) / 2 + pad).all(axis=1)


# --- text --------------------------------------------------------------------------------


def _number(facts) -> dict[Evidence, int]:
    found = sorted({e for items in facts.values() for _, evs in items for e in evs},
                   key=lambda e: (e.file, e.begin, e.end, e.text))
    return {e: i for i, e in enumerate(found, start=1)}


def _edge_text(sides: dict[str, list], numbers, nodes) -> str:
    """The label of one arrow: how many facts it carries (when more than one), each predicate
    once with the numbers of its sentences, and, for facts both ways, whose they are."""
    lines = []
    count = sum(len(items) for items in sides.values())
    if count > 1:
        lines.append(f"{count} facts")
    for subject, items in sorted(sides.items()):
        if len(sides) == 2:
            lines.append(_wrapped(f"{nodes[subject][0]}:"))
        by_label: dict[str, set] = {}
        for label, evs in items:
            by_label.setdefault(label, set()).update(numbers[e] for e in evs if e in numbers)
        for label, refs in sorted(by_label.items()):
            text = _wrapped(label) or label
            lines.append(text + (f" [{', '.join(map(str, sorted(refs)))}]" if refs else ""))
    return "\n".join(lines)


@functools.lru_cache(maxsize=4096)
def _wrapped(text: str) -> str:
    """``text`` in lines of 22 characters at most (a predicate's label recurs on many arrows)."""
    return "\n".join(textwrap.wrap(text, 22))


def _note(number: int, e: Evidence, with_file: bool) -> str:
    where = f"{e.file}, characters {e.begin}–{e.end}: " if with_file else ""
    return f"[{number}] {where}{' '.join(e.text.split())}"


def _title(files: list[str]) -> str:
    if not files:
        return "Knowledge graph"
    if len(files) <= 2:
        return "Knowledge graph of " + " and ".join(Path(f).name for f in files)
    return f"Knowledge graph of {len(files)} articles"


def _summary(net, facts: int, files: list[str]) -> str:
    where = f" from {', '.join(files)}" if 0 < len(files) <= 3 else f" from {len(files)} articles" if files else ""
    return f"{len(net.nodes)} entities and {facts} facts{where}."


def _tint(colour: str, amount: float = 0.14) -> tuple[float, float, float]:
    rgb = matplotlib.colors.to_rgb(colour)
    return tuple(1 - amount * (1 - c) for c in rgb)  # type: ignore[return-value]
