"""Failure categories: the rule table, case by case, including errors no rule knows."""

from __future__ import annotations

import asyncio
import concurrent.futures

import pytest
from langchain_core.tools import ToolException
from langgraph.errors import GraphRecursionError
from langgraph.prebuilt.tool_node import ToolInvocationError

from langgraph_council.checkpoints import FailureCategory, infer_failure_category
from langgraph_council.checkpoints._failures import describe_error

C = FailureCategory


class APITimeoutError(Exception):
    """Shaped like openai.APITimeoutError: a library type we do not import."""


class BudgetExceededError(RuntimeError):
    """How our own budget error will be named."""


class DelegationBlockedError(RuntimeError):
    pass


class QualityGateError(RuntimeError):
    pass


class DeclaredError(RuntimeError):
    failure_category = "quality_gate_failed"


class RateLimitError(Exception):
    """A provider's 429: no rule claims it, so it must stay unknown."""


EXCEPTIONS: list[tuple[BaseException, FailureCategory]] = [
    (TimeoutError("read"), C.TIMEOUT),
    (asyncio.TimeoutError(), C.TIMEOUT),  # noqa: UP041 - the alias users still write
    (concurrent.futures.TimeoutError(), C.TIMEOUT),
    (APITimeoutError("Request timed out."), C.TIMEOUT),
    (ToolException("search backend returned 500"), C.TOOL_FAILURE),
    (ToolInvocationError("search", ValueError("bad"), {"q": 1}), C.TOOL_FAILURE),
    (GraphRecursionError("Recursion limit of 25 reached"), C.STAGNATION),
    (BudgetExceededError("meeting over budget"), C.BUDGET_EXCEEDED),
    (DelegationBlockedError("cycle"), C.DELEGATION_FAILED),
    (QualityGateError("lint"), C.QUALITY_GATE_FAILED),
    (DeclaredError("tests red"), C.QUALITY_GATE_FAILED),
    # Types beat messages: a timeout whose text mentions a tool is still a timeout.
    (TimeoutError("tool call failed"), C.TIMEOUT),
    # Generic types fall through to their message.
    (RuntimeError("token budget exceeded: 4100 > 4000"), C.BUDGET_EXCEEDED),
    (ValueError("delegation blocked by circuit breaker"), C.DELEGATION_FAILED),
    (RuntimeError("no progress after 5 rounds"), C.STAGNATION),
    (RuntimeError("upstream timed out"), C.TIMEOUT),
    (RuntimeError("error while invoking tool 'search'"), C.TOOL_FAILURE),
    # Nothing matches: unknown, never a guess.
    (RuntimeError("the disk is full"), C.UNKNOWN),
    (KeyError("agent_id"), C.UNKNOWN),
    (RateLimitError("Rate limit reached for gpt-4o"), C.UNKNOWN),
    (ValueError(""), C.UNKNOWN),
]


@pytest.mark.parametrize(("error", "expected"), EXCEPTIONS, ids=lambda v: repr(v)[:40])
def test_exceptions_are_categorised_by_the_rule_table(
    error: BaseException, expected: FailureCategory
) -> None:
    assert infer_failure_category(error) is expected


MESSAGES: list[tuple[str, FailureCategory]] = [
    # LangGraph's stored form of a task error, as read back from a checkpoint.
    ("TimeoutError('model call timed out')", C.TIMEOUT),
    ("ToolException('search backend returned 500')", C.TOOL_FAILURE),
    ("GraphRecursionError('Recursion limit of 25 reached')", C.STAGNATION),
    ("openai.APITimeoutError: Request timed out.", C.TIMEOUT),
    # Our wire format wins over everything else in the text.
    ("Post-recovery status: failed (failure_category=quality_gate_failed)", C.QUALITY_GATE_FAILED),
    ("You exceeded your current quota, please check your plan", C.BUDGET_EXCEEDED),
    ("meeting ended: budget_exhausted", C.BUDGET_EXCEEDED),
    ("Token budget ran out before synthesis", C.BUDGET_EXCEEDED),
    ("hand-off to qa rejected by the guard", C.DELEGATION_FAILED),
    ("acceptance criteria not met: coverage 60%", C.QUALITY_GATE_FAILED),
    ("quality gate failed", C.QUALITY_GATE_FAILED),
    ("the debate stagnated", C.STAGNATION),
    ("Recursion limit of 10000 reached without hitting a stop condition", C.STAGNATION),
    ("DEADLINE_EXCEEDED: deadline exceeded", C.TIMEOUT),
    ("connect ETIMEDOUT 10.0.0.1:443", C.TIMEOUT),
    ("tool 'grep' raised an exception", C.TOOL_FAILURE),
    # Order: the specific cause before the generic one.
    ("delegation failed: the tool errored", C.DELEGATION_FAILED),
    ("tool call timed out", C.TIMEOUT),
    # Nothing matches.
    ("", C.UNKNOWN),
    ("ValueError('bad json')", C.UNKNOWN),
    ("KeyError: 'agent_id'", C.UNKNOWN),
    ("Rate limit reached for gpt-4o in organization org-1", C.UNKNOWN),
    ("the budget was approved", C.UNKNOWN),
    ("the toolbox is empty", C.UNKNOWN),
    ("timeouts=3 configured", C.TIMEOUT),
    ("failure_category=bogus", C.UNKNOWN),
]


@pytest.mark.parametrize(("text", "expected"), MESSAGES)
def test_error_text_is_categorised_by_the_rule_table(text: str, expected: FailureCategory) -> None:
    assert infer_failure_category(text) is expected


def test_no_error_is_unknown() -> None:
    assert infer_failure_category(None) is C.UNKNOWN


def test_causes_and_contexts_are_consulted_types_first() -> None:
    try:
        try:
            raise TimeoutError("socket")
        except TimeoutError as inner:
            raise RuntimeError("tool 'search' failed") from inner
    except RuntimeError as outer:
        error = outer
    # The cause's type beats the outer message.
    assert infer_failure_category(error) is C.TIMEOUT


def test_exception_group_members_are_consulted() -> None:
    group = ExceptionGroup("two branches failed", [ValueError("x"), ToolException("y")])
    assert infer_failure_category(group) is C.TOOL_FAILURE


def test_a_declared_category_that_is_not_one_is_ignored() -> None:
    class Odd(RuntimeError):
        failure_category = "cosmic_rays"

    assert infer_failure_category(Odd("the disk is full")) is C.UNKNOWN


def test_categories_are_the_seven_documented_strings() -> None:
    assert [c.value for c in C] == [
        "tool_failure",
        "stagnation",
        "budget_exceeded",
        "quality_gate_failed",
        "timeout",
        "delegation_failed",
        "unknown",
    ]
    assert C("timeout") == "timeout"


@pytest.mark.parametrize(
    ("error", "text"),
    [
        (TimeoutError("model call\n timed out"), "TimeoutError: model call timed out"),
        (TimeoutError(), "TimeoutError"),
        ("TimeoutError('model call timed out')", "TimeoutError: model call timed out"),
        ('ValueError("it\'s bad")', "ValueError: it's bad"),
        ("KeyError()", "KeyError"),
        ("  plain text  ", "plain text"),
    ],
)
def test_describe_error_gives_one_line_with_the_type(error: BaseException | str, text: str) -> None:
    assert describe_error(error) == text
