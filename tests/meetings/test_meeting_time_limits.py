"""Time limits in meetings: a hanging participant agent is a failed contribution, a hanging
conflict detector or candidate filter falls back, each noted, each within its limit."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langgraph.graph import START, MessagesState, StateGraph

from langgraph_council.graphs import create_meeting_graph, register_conflict_detector
from langgraph_council.nodes import MeetingMinutes, Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel

DECISION = "Summary: papers read.\nDecisions:\n- Use Postgres"
LIMIT = {"agent_timeout_seconds": 5, "callable_timeout_seconds": 1}
"""Small limits. The agent limit also bounds every scripted participant of the meeting, which
on a busy machine (issue 34: load 14) can wait over a second for a core, so it is 5 s; the
callable limit bounds only the hanging detector or filter. Each test allows five minutes for
the whole meeting (a generous margin: it bounds a hang, it does not measure speed)."""
MARGIN_S = 300.0


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    """What the hanging callables wait on; opened at teardown so their threads end."""
    event = threading.Event()
    yield event
    event.set()


def hanging_agent(gate: threading.Event, *, asynchronous: bool = False) -> Any:
    """A compiled agent graph whose only step blocks until `gate` opens (never, in the test).

    The async one awaits instead: a *sync* step of an agent run under `ainvoke` runs in the
    event loop's default executor (LangGraph's choice), which `asyncio.run` joins at its end.
    """

    def think(state: MessagesState) -> dict[str, Any]:
        gate.wait()
        return {"messages": [AIMessage("too late")]}

    async def athink(state: MessagesState) -> dict[str, Any]:
        while not gate.is_set():
            await asyncio.sleep(0.05)
        return {"messages": [AIMessage("too late")]}

    graph = StateGraph(MessagesState)
    graph.add_node("think", athink if asynchronous else think)
    graph.add_edge(START, "think")
    return graph.compile()


def finish(run: Callable[[], dict[str, Any]]) -> MeetingMinutes:
    """`run()`'s minutes; fails (instead of hanging the suite) when it takes over MARGIN_S."""
    box: list[Any] = []
    worker = threading.Thread(target=lambda: box.append(_outcome(run)), daemon=True)
    worker.start()
    worker.join(MARGIN_S)
    assert box, f"the meeting was still running after {MARGIN_S:g} s"
    if isinstance(box[0], BaseException):
        raise box[0]
    minutes: MeetingMinutes = box[0]["minutes"]
    return minutes


def _outcome(run: Callable[[], dict[str, Any]]) -> Any:
    try:
        return run()
    except Exception as exc:  # noqa: BLE001 - handed to the test thread
        return exc


@pytest.mark.parametrize("mode", ["invoke", "ainvoke"])
def test_a_hanging_agent_participant_is_a_failed_contribution(
    org: Org, gate: threading.Event, meeting_input, mode: str
) -> None:
    model = ScriptedChatModel(
        {"senior_dev": ["paper S"], "junior_dev": ["paper J"], "cto": [DECISION]}
    )
    agent = hanging_agent(gate, asynchronous=mode == "ainvoke")
    roster = Roster(org, {"ui_dev": agent}, default_model=model)
    graph = create_meeting_graph(roster, protocol="position_papers")

    def run() -> dict[str, Any]:
        if mode == "ainvoke":
            return asyncio.run(graph.ainvoke(meeting_input(), context=LIMIT))
        return graph.invoke(meeting_input(), context=LIMIT)

    minutes = finish(run)
    assert minutes.status == "completed"
    assert [c.agent_id for c in minutes.contributions] == ["senior_dev", "junior_dev", "cto"]
    (failure,) = minutes.failures
    assert failure.agent_id == "ui_dev"
    assert "agent 'ui_dev' did not finish within its time limit of 5 s" in failure.error
    assert "agent_timeout_seconds" in failure.error
    assert minutes.decisions == ("Use Postgres",)


def _script(position: Callable[..., str]) -> dict[str, list[str]]:
    return {
        "senior_dev": [position("Postgres, cost is low", "bench"), "I maintain Postgres."],
        "junior_dev": [position("MySQL, cost is lower", "quote"), "I concede."],
        "ui_dev": [position("Either", "none"), "No preference."],
        "cto": ["Summary: Postgres.\nDecisions:\n- Use Postgres"],
    }


def test_a_hanging_detector_falls_back_to_auto_and_is_noted(
    make_roster, meeting_input, position, gate: threading.Event
) -> None:
    register_conflict_detector("hangs", lambda inputs: gate.wait() and [], replace=True)
    roster, _ = make_roster(_script(position))
    graph = create_meeting_graph(roster, protocol="structured_phases")
    context = {**LIMIT, "structured_phases": {"conflict_detector": "hangs"}}
    minutes = finish(lambda: graph.invoke(meeting_input(), context=context))
    assert minutes.status == "completed"
    (note,) = [w for w in minutes.warnings if "conflict detector 'hangs'" in w]
    assert "time limit of 1 s" in note and "the auto detector was used" in note
    assert minutes.conflicts and {c.detector for c in minutes.conflicts} == {"structured"}


def test_a_raising_detector_falls_back_the_same_way(make_roster, meeting_input, position) -> None:
    def broken(inputs: object) -> list[object]:
        raise RuntimeError("detector service down")

    register_conflict_detector("broken", broken, replace=True)
    roster, _ = make_roster(_script(position))
    graph = create_meeting_graph(roster, protocol="structured_phases")
    context = {"structured_phases": {"conflict_detector": "broken"}}
    minutes = graph.invoke(meeting_input(), context=context)["minutes"]
    assert minutes.status == "completed"
    assert any("RuntimeError: detector service down" in w for w in minutes.warnings)


def test_a_hanging_candidate_filter_offers_every_eligible_speaker(
    make_roster, meeting_input, gate: threading.Event
) -> None:
    def stuck(eligible: list[str], transcript: object) -> list[str]:
        gate.wait()
        return eligible

    roster, _ = make_roster(
        {"senior_dev": ["S1"], "junior_dev": ["J1"], "cto": ["junior_dev", DECISION]}
    )
    config = {"selector": {"candidate_filter": stuck, "max_total_turns": 2}}
    graph = create_meeting_graph(roster, protocol="selector", config=config)
    participants = ["senior_dev", "junior_dev"]
    minutes = finish(lambda: graph.invoke(meeting_input(participants), context=LIMIT))
    assert minutes.status == "completed"
    assert [c.agent_id for c in minutes.contributions if c.agent_id != "cto"] == [
        "junior_dev",
        "senior_dev",
    ]
    notes = [w for w in minutes.warnings if "candidate filter failed" in w]
    assert notes and all("time limit of 1 s" in n for n in notes)


def test_time_limits_must_be_positive(make_roster, meeting_input) -> None:
    roster, model = make_roster({})
    graph = create_meeting_graph(roster, protocol="position_papers")
    for field in ("agent_timeout_seconds", "callable_timeout_seconds"):
        with pytest.raises(ValueError, match=field):
            graph.invoke(meeting_input(), context={field: 0})
    assert model.calls == []


def test_a_discussant_that_fails_is_recorded_and_the_talk_goes_on(
    make_roster, meeting_input, position
) -> None:
    script = _script(position)
    script["senior_dev"] = [script["senior_dev"][0], RuntimeError("HTTP 500 after retries")]
    roster, _ = make_roster(script)
    minutes = create_meeting_graph(roster).invoke(meeting_input())["minutes"]
    assert minutes.status == "completed"
    (failure,) = minutes.failures
    assert (failure.agent_id, failure.phase) == ("senior_dev", "discussion")
    discussed = [c.agent_id for c in minutes.contributions if c.phase == "discussion"]
    assert discussed and "senior_dev" not in discussed
