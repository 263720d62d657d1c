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
