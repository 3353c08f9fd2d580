"""Action items to tasks, progress events on the custom stream, event-triggered meetings."""

from __future__ import annotations

import pytest

from langgraph_council.checkpoints import CouncilStores, InMemoryMeetingRecordStore
from langgraph_council.graphs import MeetingTriggers, MeetingType, create_meeting_graph
from tests.probes import Overlap

ITEMS = (
    "Decisions:\n- Go\nAction Items:\n- one (assigned to senior_dev)\n- two (assigned to ghost)\n"
    "- three [priority: critical]"
)


def test_action_items_become_tasks_capped_and_unknown_assignees_kept(
    make_roster, meeting_input
) -> None:
    created = []
    roster, _ = make_roster({"senior_dev": ["p"], "cto": [ITEMS]})
    graph = create_meeting_graph(
        roster, protocol="position_papers", task_creator=lambda item, minutes: created.append(item)
    )
    minutes = graph.invoke(meeting_input(["senior_dev"]), context={"max_tasks_per_meeting": 2})[
        "minutes"
    ]
    assert [i.description for i in created] == ["one", "two"]
    assert created[1].assignee_id is None and created[1].flagged
    assert minutes.tasks_created == 2 and len(minutes.action_items) == 3


def test_auto_create_tasks_off_creates_none(make_roster, meeting_input) -> None:
    created = []
    roster, _ = make_roster({"senior_dev": ["p"], "cto": [ITEMS]})
    graph = create_meeting_graph(
        roster, protocol="position_papers", task_creator=lambda item, minutes: created.append(item)
    )
    minutes = graph.invoke(meeting_input(["senior_dev"]), context={"auto_create_tasks": False})[
        "minutes"
    ]
    assert created == [] and minutes.tasks_created == 0


def test_progress_events_on_the_custom_stream(make_roster, meeting_input) -> None:
    roster, _ = make_roster({"senior_dev": ["a"], "junior_dev": ["b"], "cto": ["Decisions:\n- ok"]})
    graph = create_meeting_graph(roster, protocol="round_robin")
    ctx = {"round_robin": {"max_turns_per_agent": 1}}
    events = [
        e
        for e in graph.stream(
            meeting_input(["senior_dev", "junior_dev"]), context=ctx, stream_mode="custom"
        )
    ]
    kinds = [e["event"] for e in events]
    assert kinds[0] == "meeting_started" and kinds[-1] == "meeting_ended"
    spoke = [e for e in events if e["event"] == "agent_spoke"]
    assert [e["agent_id"] for e in spoke] == ["senior_dev", "junior_dev", "cto"]
    left = [e["budget_left"] for e in spoke]
    assert left == sorted(left, reverse=True) and left[-1] >= 0
    started = next(e for e in events if e["event"] == "phase_started")
    assert started["phase"] == "round_robin" and started["budget_left"] == 20_000
    assert started["turns"] == 2


def _review(**kw) -> MeetingType:
    base = {
        "name": "pr_review",
        "trigger": "on_pr",
        "protocol": "position_papers",
        "leader": "backend_lead",
        "participants": ("author", "senior_dev"),
        "agenda": {"title": "Review the PR"},
        "token_budget": 10_000,
    }
    return MeetingType.model_validate(base | kw)


def test_trigger_runs_matching_types_in_parallel_with_a_cooldown(make_roster) -> None:
    roster, _model = make_roster(
        lambda call: (
            "Decisions:\n- merge" if call.agent_id in {"backend_lead", "qa_head"} else "looks fine"
        )
    )
    retro = _review(name="retro", leader="qa_head", participants=("qa_engineer",))
    other = _review(name="deploy", trigger="deploy_complete")
    records = InMemoryMeetingRecordStore()
    triggers = MeetingTriggers(
        roster,
        [_review(min_interval_seconds=3600), retro, other],
        stores=CouncilStores(meetings=records),
    )
    results = triggers.trigger_meetings("on_pr", {"author": "junior_dev", "pr": 42})
    assert [r.meeting_type for r in results] == ["pr_review", "retro"]
    review = results[0].minutes
    assert review is not None and review.participant_ids == ("junior_dev", "senior_dev")
    assert "pr=42" in review.agenda.context
    assert records.get(review.meeting_id).meeting_type == "pr_review"
    again = triggers.trigger_meetings("on_pr", {"author": "junior_dev"})
    assert again[0].skipped and "cooldown" in again[0].skipped
    assert again[1].minutes is not None  # no cooldown configured for the retro
    assert triggers.trigger_meetings("nothing_matches", {}) == []


async def test_async_triggers_overlap(make_roster) -> None:
    overlap = Overlap(gate=3)  # the review's two papers and the retro's one, at the same time
    roster, _ = make_roster(
        lambda call: (
            "Decisions:\n- merge" if call.agent_id in {"backend_lead", "qa_head"} else "ok"
        ),
        overlap=overlap,
    )
    types = [_review(), _review(name="retro", leader="qa_head", participants=("qa_engineer",))]
    results = await MeetingTriggers(roster, types).atrigger_meetings(
        "on_pr", {"author": "junior_dev"}
    )
    assert all(r.minutes and r.minutes.status == "completed" for r in results)
    assert overlap.peak == 3  # one meeting alone never has more than two calls in flight


def test_duplicate_meeting_type_names_are_refused(make_roster) -> None:
    roster, _ = make_roster({})
    with pytest.raises(ValueError, match="meeting_types: names must be unique"):
        MeetingTriggers(roster, [_review(), _review()])


def test_a_raising_task_creator_is_recorded_not_fatal(make_roster, meeting_input) -> None:
    # issue 13 item 7: before, the creator's error failed the meeting after every model call.
    created = []

    def creator(item, minutes) -> None:
        if item.description == "two":
            raise ConnectionError("tracker returned 503")
        created.append(item.description)

    roster, _ = make_roster({"senior_dev": ["p"], "cto": [ITEMS]})
    graph = create_meeting_graph(roster, protocol="position_papers", task_creator=creator)
    minutes = graph.invoke(meeting_input(["senior_dev"]))["minutes"]
    assert minutes.status == "completed" and minutes.decisions == ("Go",)
    assert created == ["one", "three"] and minutes.tasks_created == 2
    assert minutes.task_errors == ("two: ConnectionError: tracker returned 503",)


def test_one_failing_triggered_meeting_keeps_the_others_and_its_cooldown(make_roster) -> None:
    # issue 13 item 7: before, one meeting's error discarded every result of the event, and
    # the failed type's cooldown had already started, so it could not run again.
    leader_calls = []

    def script(call):
        if call.agent_id == "qa_head":
            leader_calls.append(call)
            if len(leader_calls) == 1:
                return RuntimeError("provider down")
            return "Decisions:\n- ship"
        return "Decisions:\n- merge" if call.agent_id == "backend_lead" else "looks fine"

    roster, _ = make_roster(script)
    retro = _review(
        name="retro", leader="qa_head", participants=("qa_engineer",), min_interval_seconds=3600
    )
    triggers = MeetingTriggers(roster, [_review(), retro])
    first = triggers.trigger_meetings("on_pr", {"author": "junior_dev"})
    assert [r.meeting_type for r in first] == ["pr_review", "retro"]
    assert first[0].minutes is not None and first[0].minutes.decisions == ("merge",)
    # issue 34: the leader's failed synthesis gives minutes without decisions, saying why
    failed = first[1].minutes
    assert failed is not None and failed.decisions == () and first[1].error is None
    assert "RuntimeError: provider down" in (failed.error or "")
    assert first[1].thread_id is not None
    second = triggers.trigger_meetings("on_pr", {"author": "junior_dev"})
    assert second[1].minutes is not None and second[1].minutes.decisions == ("ship",)
    third = triggers.trigger_meetings("on_pr", {"author": "junior_dev"})
    assert third[1].skipped and "cooldown" in third[1].skipped


async def test_async_triggers_report_each_outcome(make_roster) -> None:
    roster, _ = make_roster(
        lambda call: (
            RuntimeError("qa model down")
            if call.agent_id == "qa_head"
            else ("Decisions:\n- merge" if call.agent_id == "backend_lead" else "ok")
        )
    )
    types = [_review(), _review(name="retro", leader="qa_head", participants=("qa_engineer",))]
    results = await MeetingTriggers(roster, types).atrigger_meetings(
        "on_pr", {"author": "junior_dev"}
    )
    assert results[0].minutes is not None and results[0].minutes.status == "completed"
    failed = results[1].minutes  # issue 34: minutes that say why, not an exception
    assert failed is not None and "RuntimeError: qa model down" in (failed.error or "")
