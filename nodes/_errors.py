"""`CouncilError`: the base of every exception this package raises on purpose.

Each subclass also keeps its builtin base, so `except ValueError` keeps working::

    CouncilError
    ├── OrgError (ValueError)                 nodes: an invalid org definition
    ├── PlanError (ValueError)                nodes: a rejected plan
    ├── EscalationError (ValueError)          nodes: an escalation step that cannot be taken
    ├── MeetingRecordClashError (ValueError)  nodes: a meeting id owned by another thread
    ├── PartiesFailedError (RuntimeError)     nodes: every party of a round failed
    ├── WorkspaceError (RuntimeError)         nodes: git refused, or work would be lost
    │   └── WorktreeLimitError                nodes: no free worktree slot
    ├── WorkspacePathError (ValueError)       nodes: a worker tool refused a path
    ├── WorkerError (RuntimeError)            nodes: the worktree worker stopped early
    │   ├── WorkerStepsExhaustedError         nodes: out of max_steps
    │   └── WorkerBudgetExceededError         nodes: out of token_budget
    ├── IsolationUnavailableError (RuntimeError)  nodes: commands need isolation; none here
    ├── CallTimeoutError (TimeoutError)       nodes: an agent or callable ran past its limit
    ├── ScriptExhaustedError (RuntimeError)   nodes.testing: a scripted model ran out
    ├── EmbeddedPostgresError (RuntimeError)  checkpoints: the embedded server did not start
    ├── ThreadFailedError (RuntimeError)      checkpoints: a thread was given up on
    └── CliError (ValueError)                 graphs: a user mistake on the command line
"""

from __future__ import annotations

import re

__all__ = ["CouncilError", "describe_error", "error_line"]


class CouncilError(Exception):
    """Base of every exception langgraph-council raises on purpose; catch it to catch them all."""


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
