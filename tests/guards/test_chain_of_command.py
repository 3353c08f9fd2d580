"""The chain-of-command check: hierarchy, skip-level, roles, and the delegate/accept flags."""

from __future__ import annotations

import pytest

from langgraph_council.guards._chain_of_command import check_authority, check_chain_of_command
from langgraph_council.nodes import AgentProfile, Org


def refusal(org: Org, a: str, b: str, **kw: bool) -> str | None:
    outcome = check_chain_of_command(org, delegator=a, delegatee=b, **kw)
    if outcome is None:
        return None
    assert outcome.blocked_by == "authority"
    return outcome.message


def test_a_manager_may_delegate_to_a_direct_report(org: Org) -> None:
    assert refusal(org, "cto", "backend_lead") is None
    assert refusal(org, "backend_lead", "senior_dev") is None


def test_skip_level_is_refused_by_default_and_can_be_allowed(org: Org) -> None:
    # The reference design's default: a manager hands work to its direct reports only.
    message = refusal(org, "cto", "senior_dev")
    assert message is not None and "not a direct report of cto" in message
    assert refusal(org, "cto", "senior_dev", allow_skip_level=True) is None
    assert refusal(org, "cto", "backend_lead") is None  # a direct report is always fine


@pytest.mark.parametrize(
    ("a", "b", "reason"),
    [
        ("senior_dev", "backend_lead", "not a direct report of senior_dev"),  # upwards
        ("backend_lead", "ui_dev", "not a direct report of backend_lead"),  # another branch
        ("cto", "qa_engineer", "not a direct report of cto"),  # another tree
        ("junior_dev", "senior_dev", "can_delegate is false"),
        ("cto", "nobody", "unknown delegatee 'nobody'"),
    ],
)
def test_refusals_name_the_reason(org: Org, a: str, b: str, reason: str) -> None:
    message = refusal(org, a, b)
    assert message is not None and reason in message
    assert f"chain {a} -> {b}" in message
    if "direct report" in reason:  # with skip-level allowed, the wider scope is named
        wide = refusal(org, a, b, allow_skip_level=True)
        assert wide is not None and reason.replace("a direct report of", "below") in wide


def test_can_delegate_to_restricts_roles() -> None:
    org = Org(
        [
            AgentProfile(
                id="lead",
                name="L",
                role="lead",
                department="d",
                level="lead",
                can_delegate_to=("backend_dev",),
            ),
            AgentProfile(
                id="dev",
                name="D",
                role="backend_dev",
                department="d",
                level="mid",
                manager_id="lead",
            ),
            AgentProfile(
                id="qa", name="Q", role="qa", department="d", level="mid", manager_id="lead"
            ),
        ]
    )
    assert refusal(org, "lead", "dev") is None
    message = refusal(org, "lead", "qa")
    assert message is not None and "only to roles ['backend_dev']" in message


def test_flags_and_activity_apply_even_without_chain_of_command() -> None:
    org = Org(
        [
            AgentProfile(id="a", name="A", role="r", department="d", level="mid"),
            AgentProfile(
                id="b", name="B", role="r", department="d", level="mid", accepts_subtasks=False
            ),
            AgentProfile(id="c", name="C", role="r", department="d", level="mid", active=False),
        ]
    )
    assert refusal(org, "a", "b", enforce_chain_of_command=False) is not None
    assert "accepts_subtasks is false" in (
        refusal(org, "a", "b", enforce_chain_of_command=False) or ""
    )
    assert "inactive" in (refusal(org, "a", "c", enforce_chain_of_command=False) or "")
    assert refusal(org, "b", "a", enforce_chain_of_command=False) is None  # peers allowed


def test_the_earlier_name_is_the_same_check() -> None:
    assert check_authority is check_chain_of_command
