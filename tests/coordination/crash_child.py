"""Child process for the crash test: runs or resumes a 5-subtask wave on Postgres.

Every executor call appends the subtask id to CALLS. In "run" mode s4 and s5 block once s1-s3
have finished and their writes are in Postgres, print {"ready": true} and wait to be killed.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path

import psycopg

from langgraph_council.checkpoints import postgres_checkpointer
from langgraph_council.graphs import ManualDecomposer, create_coordination_graph
from langgraph_council.nodes import Org, Task
from langgraph_council.nodes.coordination import SubtaskRun

ORG = Path(__file__).resolve().parents[1] / "data" / "org.yaml"
PLAN = [{"id": f"s{i}", "title": f"Part {i}", "required_skills": ["python"]} for i in range(1, 6)]


def main() -> None:
    uri, thread, mode, calls = sys.argv[1:5]
    calls_file = Path(calls)
    said = threading.Lock()

    def finished_writes() -> int:
        with psycopg.connect(uri) as conn:
            row = conn.execute(
                "SELECT count(*) FROM checkpoint_writes"
                " WHERE thread_id = %s AND channel = 'outcomes'",
                (thread,),
            ).fetchone()
        return int(row[0]) if row else 0

    def executor(run: SubtaskRun) -> str:
        with calls_file.open("a") as f:
            f.write(run.subtask.id + "\n")
            f.flush()
            os.fsync(f.fileno())
        if mode == "run" and run.subtask.id in ("s4", "s5"):
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if finished_writes() >= 3 and len(calls_file.read_text().split()) >= 5:
                    with said:  # s4 and s5 both get here: one whole line each
                        sys.stdout.write(json.dumps({"ready": True}) + "\n")
                        sys.stdout.flush()
                    break
                time.sleep(0.05)
            time.sleep(60)  # the parent SIGKILLs us here
        return f"{run.subtask.id} done by {run.agent.id}"

    config = {"configurable": {"thread_id": thread}}
    with postgres_checkpointer(uri) as saver:
        graph = create_coordination_graph(
            Org.load(ORG), executor=executor, decomposer=ManualDecomposer(PLAN), checkpointer=saver
        )
        task = None if mode == "resume" else {"task": Task(id="crash", title="Five parts")}
        result = graph.invoke(task, config)["result"]
    print(json.dumps({"statuses": result.statuses, "rollup": result.rollup}), flush=True)


if __name__ == "__main__":
    main()
