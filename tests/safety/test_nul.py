"""Issue 14 item 5: U+0000 can never make a thread unfinishable (real PostgreSQL).

PostgreSQL refuses NUL in text and jsonb. Model replies have it replaced (and counted on the
reply); user inputs and human decisions are refused naming the field, and a human asked again.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.types import Command
from pydantic import ValidationError

from langgraph_council.checkpoints import (
    CouncilStores,
    EscalationQueue,
    PostgresDissentStore,
    PostgresMeetingRecordStore,
    resume_thread,
)
from langgraph_council.graphs import (
    ConflictResolutionConfig,
    create_conflict_graph,
    create_delegation_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Conflict, ConflictPosition, MeetingAgenda, Org, Roster
from langgraph_council.nodes._text import NUL_REPLACEMENT
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

pytestmark = pytest.mark.postgres
NUL = "\x00"


def _thread(thread_id: str) -> Any:
    return {"configurable": {"thread_id": thread_id}}


def test_a_meeting_whose_models_reply_with_nul_finishes_and_counts_them(
    org: Org, pg_saver: PostgresSaver, pg_db: str
) -> None:
    def reply(call: ScriptCall) -> Any:
        if call.schema is not None:
            return {"summary": f"sum{NUL}mary", "decisions": [f"ship{NUL}"], "justification": "x"}
        return f"{call.agent_id}{NUL} says\nPosition: ship{NUL} it\nEvidence:\n- log{NUL} 1"

    with PostgresMeetingRecordStore.from_conn_string(pg_db) as records:
        graph = create_meeting_graph(
            Roster(org, default_model=ScriptedChatModel(reply)),
            protocol="position_papers",
            checkpointer=pg_saver,
            stores=CouncilStores(meetings=records),
        )
        out = graph.invoke(
            {
                "agenda": {"title": "Release"},
                "leader_id": "cto",
                "participant_ids": ["senior_dev", "junior_dev"],
                "token_budget": 50_000,
            },
            _thread("m"),
        )
        minutes = out["minutes"]
        assert minutes.status == "completed"
        assert minutes.decisions == (f"ship{NUL_REPLACEMENT}",)
        assert all(NUL not in c.content for c in minutes.contributions)
        assert f"senior_dev{NUL_REPLACEMENT} says" in minutes.contributions[0].content
        stored = records.get(minutes.meeting_id)
        assert stored is not None and stored.minutes.decisions == minutes.decisions


def test_a_model_reply_records_how_many_nul_it_replaced(org: Org) -> None:
    roster = Roster(org, default_model=ScriptedChatModel([f"a{NUL}b{NUL}"]))
    reply = roster.call("cto", "hello")
    assert (reply.content, reply.nul_replaced) == (f"a{NUL_REPLACEMENT}b{NUL_REPLACEMENT}", 2)


def test_a_delegation_whose_answer_holds_nul_finishes(org: Org, pg_saver: PostgresSaver) -> None:
    hand = AIMessage(
        content="",
        tool_calls=[
            {
                "name": "delegate_to",
                "args": {"agent_id": "backend_lead", "refinement": f"do{NUL} it"},
                "id": "c1",
            }
        ],
    )
    model = ScriptedChatModel({"cto": [hand, f"final{NUL}"], "backend_lead": [f"done{NUL}"]})
    graph = create_delegation_graph(org, Roster(org, default_model=model), checkpointer=pg_saver)
    out = graph.invoke({"task": "Ship it", "entry_agent": "cto"}, _thread("d"))
    assert out["result"].answer == f"final{NUL_REPLACEMENT}"
    assert f"done{NUL_REPLACEMENT}" in model.calls[-1].prompt


def _position(org: Org, agent: str, text: str) -> dict[str, Any]:
    profile = org.get(agent)
    return {
        "agent_id": agent,
        "agent_department": profile.department,
        "agent_level": profile.level,
        "position": text,
        "reasoning": "measured",
    }


@pytest.mark.parametrize(
    ("field", "make"),
    [
        ("subject", lambda o: {"subject": f"cron{NUL}?"}),
        ("position", lambda o: {"positions": [_position(o, "senior_dev", f"q{NUL}")]}),
    ],
)
def test_conflict_text_with_nul_is_refused_naming_the_field(
    org: Org, field: str, make: Any
) -> None:
    data: dict[str, Any] = {
        "id": "c1",
        "type": "architecture",
        "subject": "cron?",
        "positions": [_position(org, "senior_dev", "queue"), _position(org, "junior_dev", "cron")],
    }
    data.update(make(org))
    if len(data["positions"]) == 1:
        data["positions"].append(_position(org, "junior_dev", "cron"))
    with pytest.raises(ValidationError, match=rf"{field}[\s\S]*U\+0000"):
        Conflict.model_validate(data)
    with pytest.raises(ValidationError, match=r"title[\s\S]*U\+0000"):
        MeetingAgenda(title=f"a{NUL}")
    with pytest.raises(ValidationError, match=r"evidence[\s\S]*U\+0000"):
        ConflictPosition.model_validate({**_position(org, "cto", "x"), "evidence": [f"e{NUL}"]})


def test_a_human_decision_with_nul_is_refused_and_the_thread_still_finishes(
    org: Org, pg_saver: PostgresSaver, pg_db: str
) -> None:
    with (
        EscalationQueue.from_conn_string(pg_db) as queue,
        PostgresDissentStore.from_conn_string(pg_db) as dissent,
    ):
        graph = create_conflict_graph(
            org,
            config=ConflictResolutionConfig(strategy="human"),
            checkpointer=pg_saver,
            stores=CouncilStores(escalations=queue, dissent=dissent),
        )
        conflict = Conflict.model_validate(
            {
                "id": "c1",
                "type": "architecture",
                "subject": "cron?",
                "positions": [
                    _position(org, "senior_dev", "queue"),
                    _position(org, "junior_dev", "cron"),
                ],
            }
        )
        graph.invoke({"conflict": conflict}, _thread("c"))
        (pending,) = queue.pending()
        bad = {
            "decision": "winner",
            "winning_agent_id": "junior_dev",
            "reasoning": f"simpler{NUL}",
            "decided_by": "human:ann",
        }
        with pytest.raises(ValueError, match="U\\+0000"):
            queue.decide(pending.id, bad, graph)
        # Resumed directly, the node asks again with the error instead of failing the thread.
        out = graph.invoke(Command(resume=bad), _thread("c"))
        assert "U+0000" in out["__interrupt__"][0].value["error"]
        good = {**bad, "reasoning": "simpler"}
        out = queue.decide(pending.id, good, graph)
        assert out["resolution"].winning_agent_id == "junior_dev"


def test_a_malformed_or_nul_human_answer_asks_again_and_the_delegation_finishes(
    org: Org, pg_saver: PostgresSaver
) -> None:
    """Items 5 and 8: `{}` and an answer holding NUL re-ask with the error; then it finishes."""
    hand = AIMessage(
        content="",
        tool_calls=[
            {"name": "delegate_to", "args": {"agent_id": "ghost", "refinement": "x"}, "id": "c1"}
        ],
    )
    graph = create_delegation_graph(
        org, Roster(org, default_model=ScriptedChatModel([hand])), checkpointer=pg_saver
    )
    out = graph.invoke({"task": "Plan Q3", "entry_agent": "ceo"}, _thread("h"))
    assert not out["__interrupt__"][0].value.get("error")
    # `resume_thread` sends the value under the interrupt's id: LangGraph would read a bare
    # `{}` as an empty map of interrupt ids and resume nothing, without saying why.
    out = resume_thread(graph, "h", resume={})
    error = out["__interrupt__"][0].value["error"]
    assert "invalid decision" in error  # asked again, naming the missing field
    out = resume_thread(graph, "h", resume={"answer": f"no{NUL}", "decided_by": "human:ann"})
    assert "U+0000" in out["__interrupt__"][0].value["error"]
    out = resume_thread(graph, "h", resume={"answer": "ok", "decided_by": "human:ann"})
    assert (out["result"].answer, out["result"].answered_by) == ("ok", "human:ann")
    with pytest.raises(ValueError, match="task contains U\\+0000"):
        graph.invoke({"task": f"Plan{NUL}", "entry_agent": "ceo"}, _thread("h2"))
