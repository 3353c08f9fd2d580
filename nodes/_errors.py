"""`CouncilError` and the exceptions of the outer layers, defined at the bottom of the package.

`CouncilError` is the base of every exception this package raises on purpose. The errors that
`checkpoints` and `graphs` raise are defined here too, so that the one public place that
names them all, `langgraph_council.nodes.errors`, imports only downwards; their own modules
import them from here. The whole tree is drawn in `nodes/errors.py` and docs/design.md.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["CliError", "CouncilError", "EmbeddedPostgresError", "ThreadFailedError"]


class CouncilError(Exception):
    """Base of every exception langgraph-council raises on purpose; catch it to catch them all."""


class EmbeddedPostgresError(CouncilError, RuntimeError):
    """The embedded server could not start; `log` holds the tail of its log."""

    def __init__(self, message: str, *, log: str = "") -> None:
        super().__init__(f"{message}\n--- server log (tail) ---\n{log}" if log else message)
        self.log = log


class ThreadFailedError(CouncilError, RuntimeError):
    """The thread was given up on: too many resume attempts failed.

    Attributes: `thread_id`, `category` (a `checkpoints.FailureCategory`), `attempts`, and
    `error` (the last error's stored text, or None).
    """

    def __init__(
        self,
        thread_id: str,
        category: Enum,
        attempts: int,
        error: str | None,
        *,
        shown: str | None = None,
    ) -> None:
        self.thread_id = thread_id
        self.category = category
        self.attempts = attempts
        self.error = error
        cause = shown or error or "no error recorded"
        super().__init__(
            f"thread {thread_id!r} failed ({category.value}) after {attempts} resume "
            f"attempt(s): {cause}; fix the cause, then resume it with retry_failed=True"
        )


class CliError(CouncilError, ValueError):
    """A user mistake on the `council` command line: printed as one line, exit status 1."""
