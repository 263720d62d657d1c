"""kg: an offline knowledge-graph builder for English news articles.

    >>> from kg import build_dataset, load_pipeline, read_source
    >>> ds = build_dataset([read_source("article.txt")], nlp=load_pipeline())

Names are imported on first use, so ``kg query``, ``kg draw`` and ``kg export`` do not load spaCy.
"""
from importlib import import_module

from kg.errors import InputError, KgError, ModelError, OutputError, RuleError

_LAZY = {
    # (the function extract is kg.extract.pipeline.extract: kg.extract is the subpackage)
    "DEFAULT_MODEL": "extract.pipeline", "build_dataset": "build", "corpus_triples": "build",
    "load_pipeline": "extract.pipeline",
    "Source": "sources", "iter_sources": "sources", "read_source": "sources",
}

__all__ = ["InputError", "KgError", "ModelError", "OutputError", "RuleError", *_LAZY]
__version__ = "0.1.0"


def __getattr__(name: str):
    if name in _LAZY:
        value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'kg' has no attribute {name!r}")
