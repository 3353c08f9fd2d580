"""Positions take department and level from the org; the batch graph ends with a prose message."""

from __future__ import annotations

from typing import Any

import pytest

from langgraph_council.graphs import create_conflict_batch_graph, create_conflict_graph
from langgraph_council.nodes import Conflict, ConflictPosition, CouncilError, Org


def _bare(agent: str, text: str) -> ConflictPosition:
    return ConflictPosition(agent_id=agent, position=text, reasoning=f"{agent} measured it")


def _conflict(cid: str, *agents: str) -> Conflict:
    return Conflict(
        id=cid,
        type="architecture",
        subject=f"Queue or cron ({cid})?",
        positions=[_bare(a, f"{a}'s plan") for a in agents],
    )


def test_a_position_without_department_and_level_takes_them_from_the_org(org: Org) -> None:
    out = create_conflict_graph(org).invoke({"conflict": _conflict("c1", "junior_dev", "cto")})
    assert out["resolution"].winning_agent_id == "cto"  # the org's levels decided
    assert "cto (vp) outranks junior_dev (junior)" in out["resolution"].reasoning
    filled = {p.agent_id: (p.agent_department, p.agent_level) for p in out["conflict"].positions}
    assert filled == {"junior_dev": ("backend", "junior"), "cto": ("engineering", "vp")}


def test_an_agent_outside_the_org_without_them_is_one_line_naming_the_field(org: Org) -> None:
    stranger = Conflict(
        id="c2",
        type="architecture",
        subject="Queue or cron?",
        positions=[_bare("junior_dev", "cron"), _bare("contractor", "queue")],
    )
    with pytest.raises(CouncilError) as caught:
        create_conflict_graph(org).invoke({"conflict": stranger})
    message = str(caught.value)
    assert isinstance(caught.value, ValueError) and "\n" not in message
    assert message.startswith("conflict.positions[1].agent_department is missing")
    assert "'contractor' is not in the org" in message


def test_a_given_department_or_level_is_still_checked_and_old_values_still_load(
    org: Org,
) -> None:
    old = {  # a position as threads stored it before the fields became optional
        "agent_id": "junior_dev",
        "agent_department": "backend",
        "agent_level": "junior",
        "position": "cron",
        "reasoning": "simple",
    }
    assert ConflictPosition.model_validate(old).agent_level == "junior"
    wrong = Conflict(
        id="c3",
        type="architecture",
        subject="Queue or cron?",
        positions=[
            ConflictPosition.model_validate({**old, "agent_level": "lead"}),
            _bare("cto", "queue"),
        ],
    )
    with pytest.raises(ValueError, match=r"positions\[0\]\.agent_level is 'lead' but the org"):
        create_conflict_graph(org).invoke({"conflict": wrong})


def test_the_batch_graph_writes_each_ruling_and_one_closing_message(org: Org) -> None:
    batch = create_conflict_batch_graph(org)
    out: dict[str, Any] = batch.invoke(
        {"conflicts": [_conflict("a", "junior_dev", "cto"), _conflict("b", "ui_dev", "qa_head")]}
    )
    messages = out["messages"]
    assert all(not m.content.lstrip().startswith("{") for m in messages)
    rulings = {m.id: m.content for m in messages if m.id.endswith(":resolution")}
    assert set(rulings) == {"a:resolution", "b:resolution"}
    assert "cto's position stands" in rulings["a:resolution"]
    last = messages[-1]
    assert last.name == "council" and last.response_metadata["kind"] == "outcome"
    assert "2 conflicts ruled on" in last.content
    assert "- a: cto's position stands" in last.content
    assert "- b: qa_head's position stands" in last.content
