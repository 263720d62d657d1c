"""The house's plan holds: no import cycles (function-level imports counted), no private name
imported from another module, and the RDF, store, query and drawing code loads no spaCy."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "kg"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(tree: ast.Module) -> set[int]:
    """Line numbers of imports under ``if TYPE_CHECKING:`` (not run)."""
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    lines.add(inner.lineno)
    return lines


def imports() -> dict[str, list[tuple[str, list[str]]]]:
    """Each kg module -> the kg modules it imports (anywhere in it), with the names it takes."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    found: dict[str, list[tuple[str, list[str]]]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_only(tree)
        out = []
        for node in ast.walk(tree):
            if getattr(node, "lineno", None) in skip:
                continue
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith("kg"):
                target = node.module
                names = [a.name for a in node.names]
                submodules = [f"{target}.{n}" for n in names if f"{target}.{n}" in modules]
                out += [(m, []) for m in submodules]
                if target in modules:
                    out.append((target, [n for n in names if f"{target}.{n}" not in modules]))
            elif isinstance(node, ast.ImportFrom) and node.level:
                raise AssertionError(f"{name}: a relative import (kg uses absolute imports)")
            elif isinstance(node, ast.Import):
                out += [(a.name, []) for a in node.names if a.name.startswith("kg") and a.name in modules]
        found[name] = out
    return found


def test_there_is_no_import_cycle():
    graph = nx.DiGraph()
    for name, targets in imports().items():
        graph.add_node(name)
        for target, _ in targets:
            # a package's __init__ is imported with any of its modules: it must import none of them
            if target != name:
                graph.add_edge(name, target)
    cycles = list(nx.simple_cycles(graph))
    assert cycles == [], f"import cycles: {cycles}"


def test_no_private_name_is_imported_from_another_module():
    private = [(name, target, n) for name, targets in imports().items() for target, names in targets
               for n in names if n.startswith("_")]
    assert private == []


def test_rdf_store_query_and_viz_load_no_spacy():
    code = ("import sys, kg.rdf.graph, kg.rdf.graphio, kg.store.articles, kg.store.build, kg.store.merges, "
            "kg.viz.draw, kg.viz.export, kg.query.sparql, kg.query.results, kg.merge, kg.build, kg.model; "
            "print(sorted(m for m in sys.modules if m == 'spacy' or m.startswith('spacy.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def test_every_subpackage_says_its_job():
    for init in PACKAGE.glob("*/__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and len(doc) > 40, f"{init} has no docstring"
