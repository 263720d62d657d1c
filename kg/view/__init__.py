"""``kg view``: a graph as one self-contained HTML page to explore in a browser (data -> page)."""
