"""Failure categories and the ordered rule table that infers one from an error."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from langchain_core.tools import ToolException
from langgraph.errors import GraphRecursionError

__all__ = ["FailureCategory", "describe_error", "infer_failure_category"]


class FailureCategory(StrEnum):
    """Why a thread was given up on; `unknown` when no rule matches, never a guess."""

    TOOL_FAILURE = "tool_failure"
    STAGNATION = "stagnation"
    BUDGET_EXCEEDED = "budget_exceeded"
    QUALITY_GATE_FAILED = "quality_gate_failed"
    TIMEOUT = "timeout"
    DELEGATION_FAILED = "delegation_failed"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class _TypeRule:
    """Matches an exception by type, or by a class name in its MRO (for libraries we do not
    import, and for errors read back from a checkpoint as text)."""

    category: FailureCategory
    types: tuple[type[BaseException], ...]
    names: re.Pattern[str]


@dataclass(frozen=True)
class _MessageRule:
    category: FailureCategory
    pattern: re.Pattern[str]


_C = FailureCategory

# Order matters: the first matching rule wins. Specific causes (budget, delegation, quality
# gate, stagnation) come before generic ones (timeout, tool), so "tool call timed out" is a
# timeout and "delegation blocked: tool error" a delegation failure.
_TYPE_RULES: tuple[_TypeRule, ...] = (
    _TypeRule(_C.BUDGET_EXCEEDED, (), re.compile(r"Budget\w*(Exceeded|Exhausted|Error)")),
    _TypeRule(_C.DELEGATION_FAILED, (), re.compile(r"(Delegation|HandOff|Handoff)\w*Error")),
    _TypeRule(_C.QUALITY_GATE_FAILED, (), re.compile(r"QualityGate\w*")),
    _TypeRule(_C.STAGNATION, (GraphRecursionError,), re.compile(r"^GraphRecursionError$|Stagnat")),
    _TypeRule(_C.TIMEOUT, (TimeoutError,), re.compile(r"Timeout|TimedOut")),
    _TypeRule(_C.TOOL_FAILURE, (ToolException,), re.compile(r"^Tool\w*(Error|Exception)$")),
)

_I = re.IGNORECASE
_MESSAGE_RULES: tuple[_MessageRule, ...] = (
    _MessageRule(
        _C.BUDGET_EXCEEDED,
        re.compile(
            r"\bbudget\b[^.\n]{0,40}?\b(exceed|exhaust|overrun|ran out|used up)"
            r"|\bbudget_exhausted\b|\binsufficient_quota\b|\bexceeded your current quota\b",
            _I,
        ),
    ),
    _MessageRule(
        _C.DELEGATION_FAILED,
        re.compile(
            r"\b(delegat\w*|hand-?offs?)\b[^.\n]{0,40}?\b(block|fail|reject|refus|denied)", _I
        ),
    ),
    _MessageRule(
        _C.QUALITY_GATE_FAILED,
        re.compile(
            r"\bquality[ _-]gates?\b|\bacceptance criteri(a|on)\b[^.\n]{0,30}?"
            r"\b(not met|unmet|fail)",
            _I,
        ),
    ),
    _MessageRule(
        _C.STAGNATION,
        re.compile(
            r"\bstagnat|\b(made )?no progress\b|\brecursion limit\b[^.\n]{0,30}?\breached", _I
        ),
    ),
    _MessageRule(
        _C.TIMEOUT,
        re.compile(r"\btimed?[ -]?outs?\b|\bdeadline exceeded\b|\bETIMEDOUT\b", _I),
    ),
    _MessageRule(
        _C.TOOL_FAILURE,
        re.compile(
            r"\btools?\b[^.\n]{0,60}?\b(fail|error|raised|exception|crash)"
            r"|\berror\b[^.\n]{0,20}?\b(calling|invoking|running|executing)\b[^.\n]{0,10}?\btool\b",
            _I,
        ),
    ),
)

# "failure_category=timeout": the wire format our own transition reasons use.
_EXPLICIT = re.compile(r"\bfailure_category=(" + "|".join(c.value for c in _C) + r")\b")
# "TimeoutError('...')" (how LangGraph stores a task error) or "TimeoutError: ..." (ours).
_LEADING_NAME = re.compile(r"^\s*[\"']?([A-Za-z_][\w.]*)(?:\((?P<arg>.*)\)\s*[\"']?\s*$|:\s)", re.S)
_MAX_CHAIN = 16


def _chain(error: BaseException) -> Iterator[BaseException]:
    """The error, its causes/contexts and exception-group members, each once."""
    seen: set[int] = set()
    todo = [error]
    while todo and len(seen) < _MAX_CHAIN:
        exc = todo.pop(0)
        if id(exc) in seen:
            continue
        seen.add(id(exc))
        yield exc
        if isinstance(exc, BaseExceptionGroup):
            todo.extend(exc.exceptions)
        link = exc.__cause__ or (None if exc.__suppress_context__ else exc.__context__)
        if link is not None:
            todo.append(link)


def _declared(exc: BaseException) -> FailureCategory | None:
    """A `failure_category` attribute an exception class declares about itself."""
    value = getattr(exc, "failure_category", None)
    try:
        return FailureCategory(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _by_type(exc: BaseException) -> FailureCategory | None:
    names = [cls.__name__ for cls in type(exc).__mro__]
    for rule in _TYPE_RULES:
        if isinstance(exc, rule.types) or any(rule.names.search(n) for n in names):
            return rule.category
    return None


def _by_name(name: str) -> FailureCategory | None:
    leaf = name.rsplit(".", 1)[-1]
    for rule in _TYPE_RULES:
        if any(t.__name__ == leaf for t in rule.types) or rule.names.search(leaf):
            return rule.category
    return None


def _by_message(text: str) -> FailureCategory | None:
    if explicit := _EXPLICIT.search(text):
        return FailureCategory(explicit.group(1))
    for rule in _MESSAGE_RULES:
        if rule.pattern.search(text):
            return rule.category
    return None


def infer_failure_category(error: BaseException | str | None) -> FailureCategory:
    """The category of `error` by an ordered rule table; `unknown` when no rule matches.

    Exceptions are matched first by a `failure_category` attribute they declare, then by type
    (their own, their causes' and their contexts'), then by message. Text (e.g. an error read
    back from a checkpoint, `"TimeoutError('...')"`) is matched by its leading class name, then
    by message.

    Example:
        >>> infer_failure_category(TimeoutError("model call"))
        <FailureCategory.TIMEOUT: 'timeout'>
        >>> infer_failure_category("the disk is full")
        <FailureCategory.UNKNOWN: 'unknown'>
    """
    if error is None:
        return FailureCategory.UNKNOWN
    if isinstance(error, str):
        match = _LEADING_NAME.match(error)
        found = _by_name(match.group(1)) if match else None
        return found or _by_message(error) or FailureCategory.UNKNOWN
    links = list(_chain(error))
    for exc in links:
        if found := _declared(exc) or _by_type(exc):
            return found
    for exc in links:
        if found := _by_message(str(exc)):
            return found
    return FailureCategory.UNKNOWN


def describe_error(error: BaseException | str) -> str:
    """One line naming the error: `"TimeoutError: model call timed out"`.

    Text in LangGraph's stored form, `"TimeoutError('model call timed out')"`, is rewritten
    the same way.
    """
    if isinstance(error, BaseException):
        message = str(error).strip()
        text = f"{type(error).__name__}: {message}" if message else type(error).__name__
    else:
        text = error.strip()
        match = _LEADING_NAME.match(text)
        if match and match.group("arg") is not None:
            arg = match.group("arg").strip()
            if len(arg) >= 2 and arg[0] == arg[-1] and arg[0] in "'\"":
                arg = arg[1:-1]
            text = f"{match.group(1)}: {arg}" if arg else match.group(1)
    return " ".join(text.split())
