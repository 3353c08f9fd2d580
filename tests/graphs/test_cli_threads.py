"""`council threads` and graceful shutdown as an operator sees them: stop a run, list it,
resume it in a new process, and find every turn made exactly once."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests.cli_runner import council, council_popen
from tests.processes import HANG

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

GRACE = 60.0  # generous: on a busy machine a step may be slow; the run drains long before


def _calls(uri: str, thread_id: str) -> tuple[int, int]:
    """(model calls started, calls finished) for the thread, from the call records."""
    with psycopg.connect(uri) as conn:
        row = conn.execute(
            "SELECT count(*), count(finished_at) FROM council_call_records WHERE thread_id = %s",
            (thread_id,),
        ).fetchone()
    assert row is not None
    return int(row[0]), int(row[1])


def _threads(uri: str) -> dict[str, dict[str, Any]]:
    listed = council("threads", "list", "--db", uri, "--json")
    assert listed.returncode == 0, listed.stderr
    return {t["thread_id"]: t for t in json.loads(listed.stdout)["threads"]}


def _stop_mid_way(uri: str, thread_id: str, grace: float = GRACE) -> tuple[int, str]:
    """Start a paced meeting, SIGTERM it after three model calls; (status, stderr)."""
    run = council_popen(
        "demo", "meeting", "--protocol", "round_robin", "--db", uri, "--thread-id", thread_id,
        "--pace", "0.4", "--grace", str(grace), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    deadline = time.monotonic() + HANG
    while _calls(uri, thread_id)[0] < 3:
        assert run.poll() is None and time.monotonic() < deadline, "the meeting never started"
        time.sleep(0.1)
    run.send_signal(signal.SIGTERM)
    _, err = run.communicate(timeout=GRACE + HANG)
    return run.returncode, err


def test_a_sigtermed_meeting_resumes_in_a_new_process_without_repeating_turns(
    pg_db: str,
) -> None:
    whole = council("demo", "meeting", "--protocol", "round_robin", "--db", pg_db,
                    "--thread-id", "whole", "--json")  # fmt: skip
    assert whole.returncode == 0, whole.stderr
    expected = json.loads(whole.stdout)["minutes"]["contributions"]
    turns = _calls(pg_db, "whole")
    assert turns[0] == turns[1] > 3

    status, err = _stop_mid_way(pg_db, "cut")
    assert status != 0  # and suspended: it stopped at a step boundary inside the grace period
    assert err.strip().splitlines() == [
        "stopped by SIGTERM at a step boundary: thread cut is suspended; resume it "
        "(council threads resume cut)"
    ]
    assert _calls(pg_db, "cut")[0] < turns[0]
    cut = _threads(pg_db)["cut"]
    assert (cut["state"], cut["graph"], cut["attempts"]) == (
        "suspended",
        "meeting:round_robin",
        0,
    )

    resumed = council("threads", "resume", "cut", "--db", pg_db, "--json")
    assert resumed.returncode == 0, resumed.stderr
    minutes = json.loads(resumed.stdout)["values"]["minutes"]
    assert [(c["agent_id"], c["phase"]) for c in minutes["contributions"]] == [
        (c["agent_id"], c["phase"]) for c in expected
    ]
    assert _calls(pg_db, "cut") == turns  # every turn made once: none repeated after resume
    done = _threads(pg_db)["cut"]
    assert (done["state"], done["attempts"], done["graph"]) == ("done", 0, "meeting:round_robin")

    again = council("threads", "resume", "cut", "--db", pg_db)
    assert again.returncode == 1
    assert again.stderr.strip().splitlines() == [
        "thread 'cut' has already finished; nothing to resume"
    ]


def test_a_run_cut_off_without_grace_exits_at_once_and_resumes(pg_db: str) -> None:
    status, err = _stop_mid_way(pg_db, "hard", grace=0)
    assert status == 143  # cut off mid-step (the message below), not left to finish
    assert err.strip().splitlines() == [
        "stopped by SIGTERM mid-step: thread hard is interrupted and resumes from its last "
        "checkpoint (council threads resume hard)"
    ]
    assert _threads(pg_db)["hard"]["state"] in {"suspended", "interrupted"}
    resumed = council("threads", "resume", "hard", "--db", pg_db, "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["values"]["minutes"]["status"] == "completed"
    assert _threads(pg_db)["hard"]["state"] == "done"


def test_threads_show_and_unknown_ids_are_one_line(pg_db: str) -> None:
    missing = council("threads", "show", "nope", "--db", pg_db)
    assert missing.returncode == 1
    assert missing.stderr.strip().splitlines() == ["no thread 'nope' (see `council threads list`)"]
    no_id = council("threads", "resume", "--db", pg_db)
    assert no_id.returncode == 2  # a usage error of the action's own parser, one line
    assert no_id.stderr.strip().splitlines() == [
        "council threads resume: the following arguments are required: THREAD_ID "
        "(see council threads resume --help)"
    ]


FLAKY = """
import os
from typing import Any

from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict


class State(TypedDict, total=False):
    done: list[str]


def graph(checkpointer: Any) -> Any:
    def work(state: State) -> dict[str, Any]:
        if os.path.exists(os.environ["FLAKY_MARKER"]):
            raise TimeoutError("upstream timed out after 30 s")
        return {"done": ["work"]}

    builder = StateGraph(State)
    builder.add_node("work", work)
    builder.add_edge(START, "work")
    builder.add_edge("work", END)
    return builder.compile(checkpointer=checkpointer)
"""


def test_a_failing_thread_is_given_up_with_its_category_then_retried(
    pg_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "flaky.py").write_text(FLAKY)
    marker = tmp_path / "fail"
    marker.write_text("")
    monkeypatch.setenv("FLAKY_MARKER", str(marker))
    target = f"{tmp_path / 'flaky.py'}:graph"
    sys.path.insert(0, str(tmp_path))
    try:
        import flaky  # type: ignore[import-not-found]

        from langgraph_council.checkpoints import postgres_checkpointer

        with postgres_checkpointer(pg_db) as saver, pytest.raises(TimeoutError):
            flaky.graph(saver).invoke({}, {"configurable": {"thread_id": "flaky-1"}})
    finally:
        sys.path.remove(str(tmp_path))

    def resume(*extra: str) -> subprocess.CompletedProcess[str]:
        return council("threads", "resume", "flaky-1", "--graph", target, "--db", pg_db, *extra)

    for attempt in (1, 2):
        failed = resume()
        assert failed.returncode == 1
        assert failed.stderr.strip().splitlines() == [
            "TimeoutError: upstream timed out after 30 s (run again with --debug for the traceback)"
        ]
        listed = council("threads", "list", "--graph", target, "--db", pg_db, "--json")
        view = {t["thread_id"]: t for t in json.loads(listed.stdout)["threads"]}["flaky-1"]
        assert (view["state"], view["category"], view["attempts"]) == ("failed", "timeout", attempt)
    given_up = resume()
    assert given_up.returncode == 1
    (line,) = given_up.stderr.strip().splitlines()
    assert line.startswith("thread 'flaky-1' failed (timeout) after 2 resume attempt(s)")

    marker.unlink()
    fixed = resume("--retry-failed", "--json")
    assert fixed.returncode == 0, fixed.stderr
    assert json.loads(fixed.stdout)["values"]["done"] == ["work"]
    listed = council("threads", "list", "--graph", target, "--db", pg_db, "--json")
    view = {t["thread_id"]: t for t in json.loads(listed.stdout)["threads"]}["flaky-1"]
    assert (view["state"], view["attempts"], view["category"]) == ("done", 0, None)
