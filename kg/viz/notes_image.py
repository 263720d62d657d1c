"""A diagram's evidence notes drawn as one image for a PNG: matplotlib lays out and draws text one
glyph at a time in Python (about 50 µs a glyph), and a big graph's notes are some 20,000 glyphs
under the diagram; Pillow's FreeType draws them in a twentieth of the time, in the same font, at
the same size and line spacing, where the figure keeps room for them. SVG and PDF keep their notes
as text (searchable, selectable): :func:`raster_notes` is for a PNG's save only.
"""
from __future__ import annotations

import contextlib
import functools
from typing import Iterator

import numpy as np
from matplotlib import font_manager
from matplotlib.colors import to_rgb
from matplotlib.artist import Artist
from matplotlib.figure import Figure
from matplotlib.text import Text

#: The notes' Text carries this gid (:func:`mark`), so that a PNG's save can find it.
GID = "kg-evidence-notes"


def mark(text: Text) -> Text:
    text.set_gid(GID)
    return text


@functools.lru_cache(maxsize=4)
def _font(family: str, pixels: float):
    from PIL import ImageFont  # Pillow: a dependency of matplotlib's

    return ImageFont.truetype(font_manager.findfont(family), pixels)


def notes_pixels(text: Text, dpi: float, line_step_inches: float) -> tuple[np.ndarray, float, float]:
    """``text``'s lines drawn as an RGBA array at ``dpi`` (each line ``line_step_inches`` below the
    last, as the figure's room for them was reckoned), and where its top-left corner goes, in
    pixels from the figure's bottom-left."""
    from PIL import Image, ImageDraw

    fig = text.get_figure()
    width, height = fig.get_size_inches() * dpi
    x, y = text.get_position()  # figure fractions: the left and the top of the notes
    left, top = x * width, y * height
    lines = text.get_text().split("\n")
    step = line_step_inches * dpi
    font = _font(text.get_fontfamily()[0], text.get_fontsize() * dpi / 72)
    rows = int(round(step * len(lines) + step))  # a descender's room below the last line
    cols = max(1, int(width - left))
    alpha = Image.new("L", (cols, rows), 0)
    pen = ImageDraw.Draw(alpha)
    for i, line in enumerate(lines):
        pen.text((0, i * step), line, font=font, fill=255, anchor="la")
    rgba = np.empty((rows, cols, 4), dtype=np.uint8)
    rgba[..., :3] = [round(255 * c) for c in to_rgb(text.get_color())]
    rgba[..., 3] = np.asarray(alpha)
    return rgba, left, top


class _Pixels(Artist):
    """An RGBA array put on the canvas at a pixel offset as it is (``FigureImage`` would resample
    and mask it: ten times the time of drawing it)."""

    def __init__(self, rgba: np.ndarray, left: int, bottom: int) -> None:
        super().__init__()
        self.rgba, self.left, self.bottom = rgba, left, bottom

    def draw(self, renderer) -> None:
        gc = renderer.new_gc()
        renderer.draw_image(gc, self.left, self.bottom, self.rgba[::-1])  # Agg's rows run bottom to top
        gc.restore()


@contextlib.contextmanager
def raster_notes(fig: Figure, dpi: float, line_step_inches: float) -> Iterator[None]:
    """For the block (a PNG's save): the figure's notes, if any, drawn as an image in place of
    their Text; the Text is back, and the image gone, afterwards."""
    texts = [t for t in fig.texts if t.get_gid() == GID and t.get_visible() and t.get_text()]
    images = []
    for text in texts:
        rgba, left, top = notes_pixels(text, dpi, line_step_inches)
        images.append(fig.add_artist(_Pixels(rgba, int(round(left)), int(round(top)) - rgba.shape[0])))
        text.set_visible(False)
    try:
        yield
    finally:
        for text in texts:
            text.set_visible(True)
        for image in images:
            image.remove()
