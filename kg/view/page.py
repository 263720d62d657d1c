"""``kg view``'s page: one self-contained HTML file, its data and its JavaScript inside.

The page is :file:`assets/view.html` with its style sheet, the vendored Cytoscape.js
(:file:`vendor/`, from the npm registry, with its licence; see :file:`vendor/README.md`), kg's
own script and the graph's data (:class:`kg.view.data.ViewData`) put in. It loads nothing
from the network: its Content-Security-Policy allows no requests at all. The same data gives
the same bytes.
"""
from __future__ import annotations

import html
from importlib import resources

from rdflib import Graph

from kg.view.data import ViewData, view_data

_PARTS = ("@@TITLE@@", "@@CSS@@", "@@DATA@@", "@@CYTOSCAPE@@", "@@SCRIPT@@")


def _asset(*path: str) -> str:
    return resources.files("kg.view").joinpath(*path).read_text(encoding="utf-8")


def render_page(data: ViewData) -> bytes:
    """The HTML page showing ``data``, as UTF-8 bytes."""
    values = {
        "@@TITLE@@": html.escape(data.title, quote=True),
        "@@CSS@@": _asset("assets", "view.css"),
        "@@DATA@@": data.to_json(),
        "@@CYTOSCAPE@@": _asset("vendor", "cytoscape.min.js"),
        "@@SCRIPT@@": _asset("assets", "view.js"),
    }
    template = _asset("assets", "view.html")
    out, at = [], 0
    # one pass over the template, so that a placeholder's text inside a value is left alone
    while True:
        found = [(template.find(p, at), p) for p in _PARTS]
        found = [(i, p) for i, p in found if i >= 0]
        if not found:
            break
        i, p = min(found)
        out.append(template[at:i])
        out.append(values[p])
        at = i + len(p)
    out.append(template[at:])
    return "".join(out).encode("utf-8")


def view_page(graph: Graph, *, title: str | None = None) -> tuple[bytes, ViewData]:
    """The page for ``graph`` and the data it shows."""
    data = view_data(graph, title=title)
    return render_page(data), data
