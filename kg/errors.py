"""The library's own exceptions. Only the CLI turns them into messages and exit codes."""
from __future__ import annotations


class KgError(Exception):
    """Base class: every error kg raises on purpose is one of these, with a one-line message."""


class InputError(KgError):
    """An input path or text that cannot be built: missing, empty, binary, not UTF-8, ..."""


class ModelError(KgError):
    """The spaCy pipeline asked for is not installed or cannot be loaded."""


class RuleError(KgError):
    """A rule or lexicon file is malformed; the message names the file, the rule and the problem."""


class OutputError(KgError):
    """The output cannot be written (bad format, unwritable folder, ...)."""


class GraphFileError(InputError):
    """A graph file or folder that cannot be read: missing, of an unknown kind, or malformed."""


class StoreError(KgError):
    """A store kg cannot use as it is, such as one whose records an older kg wrote."""


class QueryError(KgError):
    """A query kg will not run: an unknown bundled name, a missing or unused parameter, ..."""


class QuerySyntaxError(QueryError):
    """A SPARQL query that does not parse; ``line`` and ``column`` say where (1-based)."""

    def __init__(self, message: str, *, line: int, column: int) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


class UpdateRefusedError(QueryError):
    """A SPARQL Update (INSERT, DELETE, DROP, ...): kg query only reads."""


class DrawError(KgError):
    """A diagram that cannot be drawn: no such entity to focus on, nothing left to draw, ..."""


class ServeError(KgError):
    """An endpoint that cannot start: the address is taken, the store is being written, no server."""
