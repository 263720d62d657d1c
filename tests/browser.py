"""Headless Chromium for the tests of ``kg view``'s page (Debian's ``chromium``, driven by Playwright).

:func:`open_page` opens an HTML file and gives the page with the console errors and page errors
it reported. Chromium is found as ``$KG_CHROMIUM``, else ``chromium`` on the PATH; where there
is none the test fails and says how to install it (``sh tests/install-chromium.sh``, which
``.ci/run`` runs). It is started the way a machine with no network needs: no background
networking, component updates, sync or QUIC, a fresh profile, no sandbox when run as root.

Also a command, for the picture in ``docs/``:

    .venv/bin/python tests/browser.py output/sample_article.html docs/sample_article_view.png
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
VIEWPORT = {"width": 1400, "height": 850}


def chromium() -> str | None:
    """The Chromium to drive: ``$KG_CHROMIUM``, else ``chromium`` (or ``chromium-browser``) on the PATH."""
    return os.environ.get("KG_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@dataclass
class Opened:
    page: object  # a playwright Page
    errors: list[str] = field(default_factory=list)  # console errors and uncaught exceptions, as they came


@contextmanager
def open_page(path: str | Path, *, viewport: dict | None = None) -> Iterator[Opened]:
    """Open the HTML file at ``path`` in headless Chromium; wait until kg's script has drawn it."""
    from playwright.sync_api import sync_playwright

    executable = chromium()
    if executable is None:
        raise RuntimeError("no chromium to test kg view's page in: run `sh tests/install-chromium.sh` "
                           "(Debian's chromium package), or set KG_CHROMIUM to a Chromium binary")
    with tempfile.TemporaryDirectory(prefix="kg-chromium-") as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=executable, headless=True, args=ARGS, viewport=viewport or VIEWPORT)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            opened = Opened(page=page)
            page.on("console", lambda m: opened.errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: opened.errors.append(f"uncaught: {e}"))
            page.goto(Path(path).resolve().as_uri())
            page.wait_for_selector("body[data-kg-ready]", timeout=60_000)
            yield opened
        finally:
            context.close()


def screenshot(html: str, png: str) -> None:
    """A picture of the page as it opens, with its first person's facts in the side pane."""
    with open_page(html) as opened:
        page = opened.page
        first = page.evaluate("() => { var d = window.kgView.data; var i = d.nodes.findIndex("
                              "function (n) { return n.type === 'Person'; }); return i; }")
        if first >= 0:
            page.evaluate("(i) => { var n = window.kgView.cy.$('#n' + i); n.select(); n.emit('tap'); }", first)
        if opened.errors:
            raise SystemExit(f"the page reported errors: {opened.errors}")
        page.screenshot(path=png)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    screenshot(sys.argv[1], sys.argv[2])
    print(f"wrote {sys.argv[2]}")
