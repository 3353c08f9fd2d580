"""The note a resumed agent reads, and the sanitiser that makes error text safe to show it."""

from __future__ import annotations

import re

from langgraph_council.checkpoints._failures import describe_error

__all__ = [
    "NOTE_ERROR_CHARS",
    "reconciliation_note",
    "redact_secrets",
    "sanitize_error_text",
]

NOTE_ERROR_CHARS = 240
"""Longest error text a reconciliation note carries."""

_I = re.IGNORECASE
_SECRET_KEYS = (
    r"pass(?:word|wd|phrase)?|pwd|secret|client[_-]?secret|token|access[_-]?token|"
    r"refresh[_-]?token|api[_-]?key|apikey|access[_-]?key(?:[_-]?id)?|secret[_-]?key|"
    r"private[_-]?key|auth(?:orization)?|credentials?|session(?:[_-]?id)?|cookie|signature|sig"
)
# Each pair: (pattern, replacement), applied in order. Credentials go first (a password can
# contain "/" or "@"), then URLs (they contain paths and e-mail-like userinfo), e-mails, paths.
_SECRET_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    # "Bearer abc", "Basic dXNlcjpw", "token abc" in an Authorization header.
    (re.compile(r"\b(bearer|basic|digest)\s+[\w\-.~+/=]+", _I), r"\1 [redacted]"),
    # password=..., "api_key": "...", secret: ...  (a quoted value may contain spaces; its
    # closing quote must end the value, or an unclosed quote would swallow the next pair)
    (
        re.compile(
            r"\b(" + _SECRET_KEYS + r")(['\"]?\s*[:=]\s*)(?!(?:bearer|basic|digest)\s)"
            r"((?:\"[^\"]*\"|'[^']*')(?=[\s,;&)\]}]|$)|[\"']?[^\s'\"]*[^\s'\",;.)\]}])",
            _I,
        ),
        r"\1\2[redacted]",
    ),
    # user:password@host in connection strings, with or without a scheme.
    (re.compile(r"((?:(?<=[/\s'\"(=])|^)[^\s:/@'\"]+:)[^\s@'\"/]+@", re.M), r"\1[redacted]@"),
    # Provider key shapes.
    (re.compile(r"\bsk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_\-]{16,}"), "[redacted]"),
    (re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}\b"), "[redacted]"),
    (re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"), "[redacted]"),
    (re.compile(r"\bxox[abposr]-[A-Za-z0-9\-]{10,}"), "[redacted]"),
    (re.compile(r"\bAIza[0-9A-Za-z_\-]{30,}"), "[redacted]"),
    (re.compile(r"\b(?:glpat|npm|pypi)-[A-Za-z0-9_\-]{16,}"), "[redacted]"),
    # JWTs: three base64url parts.
    (re.compile(r"\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*"), "[redacted]"),
    # -----BEGIN ... PRIVATE KEY----- blocks.
    (re.compile(r"-----BEGIN [A-Z ]+-----.*?(-----END [A-Z ]+-----|$)", re.S), "[redacted]"),
)
_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
_LONG_RUN_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    # Long hex (hashes, keys) and long base64-ish runs that mix letters and digits.
    (re.compile(r"\b[0-9a-fA-F]{24,}\b"), "[redacted]"),
    (
        re.compile(
            r"(?<![A-Za-z0-9+/_\-])(?!"
            + _UUID
            + r")(?=[A-Za-z0-9+/_\-]*\d)(?=[A-Za-z0-9+/_\-]*[A-Za-z])[A-Za-z0-9+/_\-]{32,}={0,2}"
        ),
        "[redacted]",
    ),
)
_LOCATION_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b[a-z][a-z0-9+.\-]*://\S+", _I), "[url]"),
    (re.compile(r"\bwww\.[^\s'\"]+", _I), "[url]"),
    (re.compile(r"[\w.%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"), "[email]"),
    # What is left with an "@" is an address of some kind (user:[redacted]@host:port).
    (re.compile(r"[^\s'\"`()\[\]{},;<>]*@[^\s'\"`()\[\]{},;<>]*"), "[address]"),
    # Anything with a slash or a backslash is (or may be) a path: POSIX, Windows, UNC, relative.
    (re.compile(r"[^\s'\"`()\[\]{},;<>]*[/\\][^\s'\"`()\[\]{},;<>]*"), "[path]"),
    # A drive letter alone ("C:") and bare file names with telling extensions.
    (re.compile(r"\b[A-Za-z]:(?=\s|$)"), "[path]"),
    (
        re.compile(
            r"\b[\w.\-]+\.(?:py|pyc|txt|json|ya?ml|toml|cfg|ini|env|pem|key|crt|p12|log|csv|db|"
            r"sqlite3?|sh|ps1|bat|exe|dll|so|md|conf|xml|html?|js|ts|ipynb)\b",
            _I,
        ),
        "[path]",
    ),
)
_ANGLE = re.compile(r"[<>]")


def _apply(text: str, rules: tuple[tuple[re.Pattern[str], str], ...]) -> str:
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text


def redact_secrets(text: str) -> str:
    """`text` with anything that looks like a credential replaced by `[redacted]`.

    Keys (`sk-...`, `AKIA...`, `ghp_...`, JWTs, PEM blocks), bearer/basic tokens,
    `password=...`-style pairs, connection-string passwords and long hex or base64 runs.
    Paths and URLs stay (operators need them); use `sanitize_error_text` for text that leaves
    the operator's hands.
    """
    return _apply(_apply(text, _SECRET_RULES), _LONG_RUN_RULES)


def sanitize_error_text(text: str, *, max_chars: int = NOTE_ERROR_CHARS) -> str:
    """`text` safe to put in a prompt: one line, at most `max_chars` characters, with
    credentials, URLs, e-mail and other `@` addresses and file paths (POSIX and Windows)
    replaced by `[redacted]`, `[url]`, `[email]`, `[address]` and `[path]`, and no angle
    brackets (no fence tags). Anything with a `/` or `\\` counts as a path ("and/or" too).

    Example:
        >>> sanitize_error_text("open /srv/app/.env failed: password=hunter2")
        'open [path] failed: password=[redacted]'
    """
    if max_chars < 16:
        raise ValueError(f"max_chars must be >= 16, got {max_chars}")
    text = _ANGLE.sub(" ", text)
    text = _apply(text, _SECRET_RULES)
    text = _apply(text, _LOCATION_RULES)
    text = _apply(text, _LONG_RUN_RULES)
    text = " ".join(text.split())
    if len(text) > max_chars:
        text = text[: max_chars - 1].rstrip() + "…"
    return text


def reconciliation_note(
    step: str,
    error: str | BaseException | None,
    *,
    attempt: int | None = None,
    max_attempts: int | None = None,
) -> str:
    """What a resumed agent is told: `"Resumed at <step> after <sanitised error>."`.

    `error=None` means the previous run left no error behind (it was killed or lost).

    Example:
        >>> reconciliation_note("speak", TimeoutError("no reply from https://api.example.com"))
        'Resumed at speak after TimeoutError: no reply from [url].'
    """
    where = sanitize_error_text(step, max_chars=80) or "the last checkpoint"
    if attempt is not None:
        where += f" (attempt {attempt}" + (f" of {max_attempts})" if max_attempts else ")")
    if error is None:
        cause = "a stop that left no error (a shutdown or a lost process)"
    else:
        cause = sanitize_error_text(describe_error(error)) or "an error"
    return f"Resumed at {where} after {cause.rstrip('.')}."
