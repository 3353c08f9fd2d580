"""Stop conditions at turn boundaries (every protocol) and the external cancel (in process)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import MeetingProtocolConfig, StopWhen, create_meeting_graph
from langgraph_council.nodes import Contribution
from langgraph_council.nodes._meetings.records import InMemoryMeetingRecordStore
from langgraph_council.nodes._meetings.stopping import stop_reason
from langgraph_council.nodes.testing import ScriptCall
from tests.meetings.conftest import said
from tests.meetings.test_round_robin import SUMMARY

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _why(condition: StopWhen, said: list[Contribution], *, tokens: int = 0, age: float = 0):
    return stop_reason(
        condition,
        contributions=said,
        participants=["a", "b"],
        tokens_used=tokens,
        started_at=NOW - timedelta(seconds=age),
        now=NOW,
    )


def test_conditions_compose_with_or_and_and() -> None:
    done = [said("I think we are DONE", "a")]
    assert _why(StopWhen.mention("DONE"), done) == "a mentioned 'DONE'"
    assert _why(StopWhen.mention("DONE"), [said("done", "a")]) is None
    either = StopWhen.mention("DONE") | StopWhen.tokens(5_000)
    assert _why(either, [], tokens=5_000) == "5000 tokens used (limit 5000)"
    both = StopWhen.mention("DONE") & StopWhen.timeout(minutes=10)
    assert _why(both, done, age=599) is None
    assert _why(both, done, age=600) == "a mentioned 'DONE' and timeout after 600 s"
    # flattened, and a plain JSON shape for the run context and LangGraph Server
    chain = either | StopWhen.consensus()
    assert len(chain.any_of) == 3
    assert StopWhen.model_validate(chain.model_dump()) == chain
    with pytest.raises(ValueError, match="exactly one of"):
        StopWhen(mentioned="x", tokens_used=3)


def test_consensus_needs_everyone_and_one_claim() -> None:
    agree = StopWhen.consensus()
    same = [said("Position: use Postgres", "a"), said("Position: Use Postgres.", "b")]
    assert _why(agree, same) == "consensus"
    assert _why(agree, same[:1]) is None  # b has not spoken
    split = [said("Position: use Postgres", "a"), said("Position: use MySQL", "b")]
    assert _why(agree, split) is None
    echo = [said("we should ship the cache now", "a"), said("we should ship the cache now", "b")]
    assert _why(agree, echo) == "consensus"
    objection = [said("ship the cache now", "a"), said("I disagree: ship the cache now", "b")]
    assert _why(agree, objection) is None


def test_a_mention_ends_round_robin_talk_and_the_leader_still_summarises(
    make_roster, meeting_input
) -> None:
    roster, _ = make_roster(
        {"senior_dev": ["A."], "junior_dev": ["A. DONE"], "ui_dev": ["never"], "cto": [SUMMARY]}
    )
    config = MeetingProtocolConfig(stop_when=StopWhen.mention("DONE"))
    graph = create_meeting_graph(roster, protocol="round_robin", config=config)
    minutes = graph.invoke(meeting_input())["minutes"]
    assert [c.agent_id for c in minutes.contributions] == ["senior_dev", "junior_dev", "cto"]
    assert minutes.status == "completed" and minutes.decisions == ("Adopt A",)
    assert minutes.stop_reason == "junior_dev mentioned 'DONE'"


def test_stop_conditions_come_in_the_run_context_as_json(make_roster, meeting_input) -> None:
    roster, _ = make_roster(
        {"senior_dev": ["A.", "A."], "junior_dev": ["B.", "B."], "cto": ["ui_dev", SUMMARY]}
    )
    graph = create_meeting_graph(roster, protocol="selector")
    ctx = {"stop_when": {"any_of": [{"mentioned": "DONE"}, {"tokens_used": 1}]}}
    minutes = graph.invoke(meeting_input(("senior_dev", "junior_dev")), context=ctx)["minutes"]
    # the first boundary with tokens spent is after the first turn: then the summary
    phases = [c.phase for c in minutes.contributions]
    assert phases == ["speaker_selection", "selected_turn", "summary"]
    assert minutes.stop_reason and minutes.stop_reason.endswith("tokens used (limit 1)")


def test_a_timeout_before_the_papers_ends_position_papers_without_a_call(
    make_roster, meeting_input
) -> None:
    roster, model = make_roster({})
    graph = create_meeting_graph(roster, protocol="position_papers")
    minutes = graph.invoke(
        meeting_input(), context={"stop_when": StopWhen.timeout(seconds=0).model_dump()}
    )["minutes"]
    assert minutes.contributions == () and model.calls == []
    assert minutes.stop_reason == "timeout after 0 s"


def test_consensus_skips_the_discussion_and_devils_advocate_in_structured_phases(
    make_roster, meeting_input, position
) -> None:
    same = position("Use Postgres", "pgbench p99 4 ms")
    roster, _ = make_roster(
        {
            "senior_dev": [same],
            "junior_dev": [same],
            "cto": ["Summary: Postgres.\nDecisions:\n- Use Postgres"],
        }
    )
    graph = create_meeting_graph(roster, protocol="structured_phases")
    ctx = {
        "stop_when": {"agreement": 0.85},
        "structured_phases": {"skip_discussion_if_no_conflicts": False},
    }
    minutes = graph.invoke(meeting_input(("senior_dev", "junior_dev")), context=ctx)["minutes"]
    assert [c.phase for c in minutes.contributions] == ["input", "input", "synthesis"]
    assert minutes.stop_reason == "consensus" and not minutes.devils_advocate_used


@pytest.mark.parametrize("protocol", ["round_robin", "selector", "structured_phases"])
def test_a_cancel_ends_the_meeting_cancelled_with_what_was_said(
    make_roster, meeting_input, position, protocol
) -> None:
    records = InMemoryMeetingRecordStore()
    thread = f"cancel-{protocol}"

    def reply(call: ScriptCall) -> str:
        if call.agent_id == "junior_dev":  # someone elsewhere cancels while junior_dev speaks
            records.request_cancel(thread, reason="wrong agenda")
        if call.agent_id == "cto" and "choose who speaks" in str(call.prompt):
            return "junior_dev"
        return position(f"claim of {call.agent_id}", "a fact")

    roster, _ = make_roster(reply)
    graph = create_meeting_graph(
        roster,
        protocol=protocol,
        stores=CouncilStores(meetings=records),
        checkpointer=InMemorySaver(),
    )
    ctx = {"structured_phases": {"conflict_detector": "keyword"}}
    out = graph.invoke(
        meeting_input(("junior_dev", "ui_dev")),
        {"configurable": {"thread_id": thread}},
        context=ctx,
    )
    minutes = out["minutes"]
    assert minutes.status == "cancelled"
    assert minutes.stop_reason == "cancelled: wrong agenda"
    said = [c.agent_id for c in minutes.contributions if c.phase not in ("speaker_selection",)]
    assert "junior_dev" in said
    assert not any(c.phase in ("summary", "synthesis") for c in minutes.contributions)
    assert records.get(minutes.meeting_id).status == "cancelled"  # the durable record too
    # a new meeting on the same thread is not cancelled by the old request
    again = graph.invoke(
        meeting_input(("ui_dev", "senior_dev")),
        {"configurable": {"thread_id": thread}},
        context=ctx,
    )
    assert again["minutes"].status == "completed"


async def test_a_cancel_is_read_off_the_event_loop_under_ainvoke(
    make_roster, meeting_input
) -> None:
    records = InMemoryMeetingRecordStore()

    def reply(call: ScriptCall) -> str:
        records.request_cancel("async-cancel")
        return "A."

    roster, _ = make_roster(reply)
    graph = create_meeting_graph(
        roster, protocol="round_robin", stores=CouncilStores(meetings=records)
    )
    out = await graph.ainvoke(meeting_input(), {"configurable": {"thread_id": "async-cancel"}})
    assert out["minutes"].status == "cancelled"
    assert [c.agent_id for c in out["minutes"].contributions] == ["senior_dev"]
