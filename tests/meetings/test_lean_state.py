"""A meeting stores each turn's words once and writes few rows per turn (issue 33 item 2),
while what users read stays the same: the minutes, and one named message per contribution."""

from __future__ import annotations

import itertools
from typing import Any

import psycopg
import pytest

from langgraph_council.checkpoints import postgres_checkpointer
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import Roster
from langgraph_council.nodes.testing import ScriptedChatModel

pytestmark = pytest.mark.postgres

TURNS = 6


def _meeting(uri: str, thread: str) -> tuple[Any, list[str]]:
    """A 6-turn round robin whose replies are unique markers; (its output, the replies)."""
    replies = [f"marker-{n:02d} says the words of turn {n}." for n in range(TURNS)]
    said = itertools.count()
    model = ScriptedChatModel(lambda call: replies[next(said)])
    roster = Roster({"lead": ScriptedChatModel(lambda c: "x"), "ana": model, "ben": model})
    context = {"round_robin": {"max_turns_per_agent": 3, "leader_summarizes": False}}
    config = {"configurable": {"thread_id": thread}}
    meeting = {"agenda": "Pick a queue", "leader_id": "lead", "participant_ids": ["ana", "ben"]}
    with postgres_checkpointer(uri) as saver:
        graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=saver)
        out = graph.invoke(meeting, config, context=context, durability="sync")
        values = graph.get_state(config).values
        # the checkpoint's minutes refer to the messages; with their words they are the output
        assert [c.content for c in values["minutes"].contributions] == [""] * TURNS
        assert values["minutes"].with_words(values["messages"]) == out["minutes"]
    return out, replies


def _rows_holding(conn: psycopg.Connection[Any], thread: str, text: str) -> list[str]:
    """Where `text` is stored for `thread`: 'write:<channel>' or 'blob:<channel>' per row."""
    found = conn.execute(
        "SELECT 'write:' || channel FROM checkpoint_writes WHERE thread_id = %s "
        "AND position(convert_to(%s, 'UTF8') IN blob) > 0 "
        "UNION ALL SELECT 'blob:' || channel FROM checkpoint_blobs WHERE thread_id = %s "
        "AND position(convert_to(%s, 'UTF8') IN blob) > 0",
        (thread, text, thread, text),
    ).fetchall()
    return sorted(r[0] for r in found)


def test_each_turns_words_are_stored_once(pg_uri: str) -> None:
    out, replies = _meeting(pg_uri, "lean-words")
    minutes = out["minutes"]
    assert [c.content for c in minutes.contributions] == replies  # what users read, unchanged
    assert [m.name for m in out["messages"]] == ["ana", "ben"] * 3 + ["council"]
    assert [m.content for m in out["messages"][:-1]] == replies
    with psycopg.connect(pg_uri) as conn:
        for reply in replies:
            # was: the contribution's write too (state version 1), then the minutes' write and
            # blob (version 2); the minutes now refer to the message (version 3)
            assert _rows_holding(conn, "lean-words", reply) == ["write:messages"]
        (blobs,) = conn.execute(
            "SELECT count(*) FROM checkpoint_blobs WHERE thread_id = 'lean-words' "
            "AND channel = 'minutes'"
        ).fetchone() or (0,)
        assert blobs == 1  # the minutes, once, without the words


def test_a_round_robin_turn_writes_three_rows(pg_uri: str) -> None:
    out, _ = _meeting(pg_uri, "lean-rows")
    with psycopg.connect(pg_uri) as conn:
        rows = conn.execute(
            "SELECT task_id, channel FROM checkpoint_writes WHERE thread_id = 'lean-rows'"
        ).fetchall()
    tasks: dict[str, list[str]] = {}
    for task, channel in rows:
        tasks.setdefault(task, []).append(channel)
    turns = [sorted(c) for c in tasks.values() if "input_calibration" in c and "agenda" not in c]
    assert len(turns) == TURNS  # the opening resets the channels; every other one is a turn
    # the message (the turn's one record: its words, phase, turn, time and tokens), the
    # bookkeeping (tokens and next turn) and the route to the next step, as the 2-channel loop
    # writes 3; was six, then four (a contribution row of its own, until state version 4)
    for channels in turns:
        assert channels in (
            ["branch:to:finalize", "input_calibration", "messages"],
            ["branch:to:take_turn", "input_calibration", "messages"],
        ), channels
    # what a user reads is unchanged: every turn in the minutes, with its tokens and time
    spoken = [c for c in out["minutes"].contributions if c.phase == "round_robin"]
    assert [c.agent_id for c in spoken] == ["ana", "ben"] * 3
    assert all(c.output_tokens > 0 and c.input_tokens > 0 for c in spoken)
    assert [c.turn for c in spoken] == list(range(TURNS))
    messages = out["messages"][:TURNS]
    assert [m.usage_metadata["output_tokens"] for m in messages] == [
        c.output_tokens for c in spoken
    ]
