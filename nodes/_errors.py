"""`CouncilError` and the exceptions of the outer layers, defined at the bottom of the package.

`CouncilError` is the base of every exception this package raises on purpose. The errors that
`checkpoints` and `graphs` raise are defined here too, so that the one public place that
names them all, `langgraph_council.nodes.errors`, imports only downwards; their own modules
import them from here. The whole tree is drawn in `nodes/errors.py` and docs/design.md.
"""

from __future__ import annotations

import re
from enum import Enum

__all__ = [
    "CliError",
    "CouncilError",
    "EmbeddedPostgresError",
    "MissingExtraError",
    "ThreadFailedError",
    "describe_error",
    "error_line",
]


class CouncilError(Exception):
    """Base of every exception langgraph-council raises on purpose; catch it to catch them all."""


class EmbeddedPostgresError(CouncilError, RuntimeError):
    """The embedded server could not start; `log` holds the tail of its log."""

    def __init__(self, message: str, *, log: str = "") -> None:
        super().__init__(f"{message}\n--- server log (tail) ---\n{log}" if log else message)
        self.log = log


class MissingExtraError(CouncilError, ImportError):
    """An optional feature's packages are not installed; the message names the extra to install.

    Attributes: `extra` (e.g. `plots`) and `package` (the missing import, e.g. `matplotlib`).
    """

    def __init__(self, feature: str, *, extra: str, package: str) -> None:
        super().__init__(
            f"{feature} needs {package}, which is not installed: "
            f"pip install langgraph-council[{extra}]",
            name=package,
        )
        self.extra = extra
        self.package = package


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


_PATH = re.compile(r"(?<![\w:/.])(?:[A-Za-z]:)?(?:[/\\][\w.@+~-]+){2,}[/\\]?")
"""A file path of two or more parts (not a URL's path: a slash after `:`, `/` or a host)."""

_SUMMARY_CHARS = 200


def _server_message(exc: BaseException) -> str | None:
    """The message an HTTP error's JSON body carries (openai's `APIStatusError.body`)."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        message = inner.get("message") if isinstance(inner, dict) else inner
        if isinstance(message, str) and message.strip():
            return message
    return None


def error_line(exc: BaseException) -> str:
    """One line of `exc`'s message (or the message of the JSON body an HTTP error carries):
    the last line of a traceback a server sent back, else the first line; file paths
    replaced by `<path>`; at most 200 characters."""
    text = _server_message(exc) or str(exc)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    line = _PATH.sub("<path>", lines[-1] if lines[0].startswith("Traceback") else lines[0])
    if len(line) > _SUMMARY_CHARS:
        line = line[: _SUMMARY_CHARS - 3].rstrip() + "..."
    return line


def describe_error(exc: BaseException) -> str:
    """`exc` in one line a user can read in a note or a fallback reason: its type, the HTTP
    status when it has one, and `error_line(exc)`, without the server's internals.

    Example:
        >>> describe_error(RuntimeError('Traceback:\\n  File "/srv/app/x.py"\\nKeyError: 1'))
        'RuntimeError: KeyError: 1'
    """
    line = error_line(exc)
    status = getattr(exc, "status_code", None)
    kind = type(exc).__name__ + (f" (HTTP {status})" if isinstance(status, int) else "")
    return f"{kind}: {line}" if line else kind
