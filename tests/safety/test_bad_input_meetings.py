"""Issue 15 item 3, meetings: any agenda, participant list, budget and run context either runs
or fails before the first model call with an error naming the field."""

from __future__ import annotations

from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.graphs._demo.data import demo_reply
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._meetings.records import (
    InMemoryMeetingRecordStore,
    MeetingRecordClashError,
)
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.conftest import ORG_YAML

from .strategies import (
    PROTOCOLS,
    Fuzzed,
    fuzz,
    meeting_contexts,
    meeting_ids,
    meeting_inputs,
    odd_text,
    scalar_junk,
)

ORG = Org.load(ORG_YAML)
FUZZ = fuzz(60)
STATUSES = {"completed", "budget_exhausted"}
BIG = 2**63


def run_meeting(protocol: str, given_input: Fuzzed, context: Fuzzed) -> None:
    """Run one meeting; an error must come before any model call and name a changed field."""
    model = ScriptedChatModel(demo_reply)
    graph = create_meeting_graph(
        Roster(ORG, default_model=model), protocol=protocol, checkpointer=InMemorySaver()
    )
    config: Any = {"configurable": {"thread_id": "fuzz"}}
    try:
        out = graph.invoke(given_input.value, config, context=context.value)
    except (ValueError, TypeError) as exc:
        message = str(exc)
        assert model.calls == [], f"{len(model.calls)} model calls before: {message}"
        touched = given_input.touched | context.touched
        assert Fuzzed(None, touched).named_in(message), (message, touched)
        return
    assert out["minutes"].status in STATUSES, out["minutes"].status


VALID = {
    "agenda": {"title": "Release", "items": [{"title": "Cut", "presenter_id": "ghost"}]},
    "leader_id": "cto",
    "participant_ids": ["senior_dev", "@frontend_dev"],
    "token_budget": 50_000,
}


@FUZZ
@given(st.sampled_from(PROTOCOLS), meeting_inputs())
# Bug: a list among the references failed as "unhashable type: 'list'", naming no field.
@example("round_robin", Fuzzed({**VALID, "participant_ids": [[]]}, {"participant_ids"}))
# Bug: agenda mistakes were reported as "validation error for MeetingAgenda / title", not
# naming the input's `agenda` field.
@example("round_robin", Fuzzed({**VALID, "agenda": {}}, {"agenda"}))
@example("round_robin", Fuzzed({**VALID, "agenda": "\x00"}, {"agenda"}))
def test_meeting_inputs_run_or_fail_before_any_call_naming_the_field(
    protocol: str, given_input: Fuzzed
) -> None:
    run_meeting(protocol, given_input, Fuzzed(None))


@FUZZ
@given(st.sampled_from(PROTOCOLS), meeting_contexts())
# Bug: turn counts that validate (2**63) made the schedules lists of 2**63 speakers: MemoryError
# (and a process of many GB) before or after the first calls.
@example(
    "round_robin", Fuzzed({"round_robin": {"max_turns_per_agent": BIG, "max_total_turns": BIG}})
)
@example(
    "structured_phases",
    Fuzzed({"structured_phases": {"max_discussion_turns_per_agent": BIG,
                                  "skip_discussion_if_no_conflicts": False}}),
)  # fmt: skip
def test_meeting_contexts_run_or_fail_before_any_call_naming_the_field(
    protocol: str, context: Fuzzed
) -> None:
    run_meeting(protocol, Fuzzed(VALID), context)


@FUZZ
@given(st.one_of(st.sampled_from([*PROTOCOLS, "Round_Robin", "debate"]), odd_text, scalar_junk))
def test_protocol_names_build_or_are_refused_naming_the_protocol(protocol: Any) -> None:
    model = ScriptedChatModel(demo_reply)
    try:
        create_meeting_graph(Roster(ORG, default_model=model), protocol=protocol)
    except (ValueError, TypeError) as exc:
        assert "protocol" in str(exc), str(exc)
        assert protocol not in PROTOCOLS
    else:
        assert protocol in PROTOCOLS
    assert model.calls == []


def _stored(store: InMemoryMeetingRecordStore) -> tuple[dict[str, str | None], list[Any]]:
    """Everything the record store holds: claims and records."""
    return dict(store._claims), store.list()


@fuzz(25)
@given(st.sampled_from(PROTOCOLS), meeting_ids())
# Bug: a non-string id was claimed, every participant was called, then the minutes failed
# ("Input should be a valid string"); a NUL was claimed in memory and broke Postgres's text.
@example("round_robin", 5)
@example("round_robin", "nul\x00x")
@example("position_papers", "x" * 5000)
@example("structured_phases", "ok-1")
def test_caller_chosen_meeting_ids_run_or_fail_before_any_call_and_clash_across_threads(
    protocol: str, meeting_id: Any
) -> None:
    """Issue 21 item 6: a chosen id is checked and claimed before any model call; another
    thread reusing it is refused, naming both threads, before anything is spent or stored."""
    store = InMemoryMeetingRecordStore()
    model = ScriptedChatModel(demo_reply)
    graph = create_meeting_graph(
        Roster(ORG, default_model=model), protocol=protocol, checkpointer=InMemorySaver(),
        stores=CouncilStores(meetings=store),
    )  # fmt: skip
    generated = meeting_id is None or meeting_id == ""
    owner_ran = False
    for thread in ("owner", "other"):
        before, calls = _stored(store), len(model.calls)
        config: Any = {"configurable": {"thread_id": thread}}
        try:
            out = graph.invoke({**VALID, "meeting_id": meeting_id}, config)
        except (ValueError, TypeError) as exc:
            message = str(exc)
            assert len(model.calls) == calls, f"model calls before: {message}"
            assert _stored(store) == before, message
            if isinstance(exc, MeetingRecordClashError):
                assert owner_ran and thread == "other", message
                assert "'owner'" in message and "'other'" in message, message
            else:
                assert "meeting_id" in message and not owner_ran, message
            continue
        owner_ran = True
        minutes = out["minutes"]
        assert minutes.status in STATUSES, minutes.status
        assert thread == "owner" or generated, "a reused id ran on a second thread"
        assert generated or minutes.meeting_id == meeting_id
        assert store.get(minutes.meeting_id) is not None
