"""kg: an offline knowledge-graph builder for English news articles.

    >>> from kg import build_dataset, load_pipeline, read_source
    >>> ds = build_dataset([read_source("article.txt")], nlp=load_pipeline())
"""
from .errors import InputError, KgError, ModelError, OutputError, RuleError
from .pipeline import DEFAULT_MODEL, build_dataset, extract, load_pipeline
from .sources import Source, iter_sources, read_source

__all__ = [
    "DEFAULT_MODEL", "InputError", "KgError", "ModelError", "OutputError", "RuleError", "Source",
    "build_dataset", "extract", "iter_sources", "load_pipeline", "read_source",
]
__version__ = "0.1.0"
