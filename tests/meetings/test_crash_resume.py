"""A meeting SIGKILLed mid-way resumes in a new process without repeating finished work."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.processes import json_events

CHILD = Path(__file__).with_name("crash_child.py")


def _run(args: list[str], *, kill_when_ready: bool) -> list[dict[str, object]]:
    return json_events(CHILD, args, kill_when_ready=kill_when_ready)[0]


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.parametrize(
    ("protocol", "resumed_calls", "final_turns"),
    [
        (
            "round_robin",
            ["ui_dev", "cto"],
            [["senior_dev", 0], ["junior_dev", 1], ["ui_dev", 2], ["cto", 3]],
        ),
        (
            "position_papers",
            ["ui_dev", "cto"],
            [["senior_dev", 0], ["junior_dev", 1], ["ui_dev", 2], ["cto", 3]],
        ),
        (
            "structured_phases",
            ["ui_dev", "cto"],
            [["senior_dev", 0], ["junior_dev", 1], ["ui_dev", 2], ["cto", 3]],
        ),
    ],
)
def test_sigkill_mid_meeting_then_resume(
    pg_db: str, protocol: str, resumed_calls: list[str], final_turns: list[list[object]]
) -> None:
    args = [pg_db, f"crash-{protocol}", protocol]
    first = _run([*args, "run", "ui_dev"], kill_when_ready=True)
    assert sorted(e["call"] for e in first if "call" in e) == ["junior_dev", "senior_dev", "ui_dev"]
    second = _run([*args, "resume", "ui_dev"], kill_when_ready=False)
    assert [e["call"] for e in second if "call" in e] == resumed_calls
    assert second[-1]["status"] == "completed"
    assert second[-1]["turns"] == final_turns
    # the conversation shows each contribution once, though the killed run wrote some of them
    messages = second[-1]["messages"]
    assert [name for name, _ in messages] == [*(agent for agent, _ in final_turns), "council"]
    assert len({message_id for _, message_id in messages}) == len(messages)
