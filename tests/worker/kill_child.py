"""Child process for the worker's kill campaign: the built-in worker runs two subtasks on a git
repository, on Postgres, and SIGKILLs itself at a chosen point; a new process resumes it.

Usage: kill_child.py URI THREAD run|resume REPO KILL
KILL is `none`, `tool:<name>:<n>` (right after the n-th call of that tool returned) or
`event:<k>` (right after the k-th callback event of the run: a model call, a tool call or a
step ending). A run that is not killed prints one JSON line: each subtask's status, the
integration branch's tree, the events counted, and the names of the tools called.

Each subtask's script makes edits that are wrong when applied twice (`edit_file` adds a line
next to a marker that stays), and the check counts those lines: a resumed attempt that starts
on the killed run's worktree instead of its base commit ends `failed`.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import sys
from pathlib import Path
from typing import Any
from uuid import UUID

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script: `tests.` imports need the repository root
    sys.path.insert(0, str(ROOT))

from langchain_core.callbacks import BaseCallbackHandler  # noqa: E402

from langgraph_council.checkpoints import postgres_checkpointer  # noqa: E402
from langgraph_council.graphs import (  # noqa: E402
    CommandPolicy,
    ManualDecomposer,
    WorkspaceConfig,
    create_coordination_graph,
    worktree_agent,
)
from tests.coordination.gitrepo import git  # noqa: E402
from tests.worker.scripted import TASK, SubtaskScript, act, plan, roster_for  # noqa: E402

CHECK = (
    "import pathlib, sys\n"
    "text = pathlib.Path('calc.py').read_text()\n"
    "sys.exit(0 if text.count('TOTAL += 1') == 1 else 'TOTAL += 1 applied twice')\n"
)
"""The repository's check: the one line `edit_file` adds must be there once."""

FILES = {"README.md": "# calc\n", "check.py": CHECK, "calc.py": "TOTAL = 0\n# end\n"}
"""The user's repository the campaign starts from."""

RUN_CHECK = shlex.join([sys.executable, "check.py"])
ADD_ONCE = {"path": "calc.py", "old": "# end\n", "new": "TOTAL += 1\n# end\n"}
ADD_B = {"path": "calc.py", "old": "# end\n", "new": "TOTAL *= 2\n# end\n"}

SCRIPTS: dict[str, list[Any]] = {
    "a": [
        act(("list_files", {"recursive": True})),
        act(("write_file", {"path": "scratch.txt", "content": "notes\n"}),
            ("write_file", {"path": "pkg/ops.py", "content": "def one():\n    return 1\n"})),
        act(("edit_file", ADD_ONCE)),
        act(("run_command", {"command": RUN_CHECK})),
        act(("search", {"pattern": "TOTAL", "glob": "*.py"}),
            ("read_file", {"path": "calc.py"})),
        act(("delete_path", {"path": "scratch.txt"})),
        "Added one() and counted TOTAL once.",
    ],
    "b": [
        act(("read_file", {"path": "calc.py"})),
        act(("edit_file", ADD_B), ("write_file", {"path": "b.txt", "content": "b\n"})),
        act(("run_command", {"command": RUN_CHECK})),
        "Doubled TOTAL.",
    ],
}  # fmt: skip
"""Subtask `b` depends on `a`: it starts from `a`'s merged work (a second wave)."""

TOOL_KINDS = ("list_files", "write_file", "edit_file", "run_command", "search", "read_file",
              "delete_path")  # fmt: skip
"""Every kind of tool call the scripts make."""


class Killer(BaseCallbackHandler):
    """Counts the run's callback events; SIGKILLs this process at the chosen one."""

    def __init__(self, kill: str) -> None:
        self.kind, _, rest = kill.partition(":")
        self.tool, _, number = rest.rpartition(":")
        self.at = int(number) if number else 0
        self.events = 0
        self.tools: list[str] = []
        self.names: dict[UUID, str] = {}

    def _event(self) -> None:
        self.events += 1
        if self.kind == "event" and self.events == self.at:
            os.kill(os.getpid(), signal.SIGKILL)

    def on_tool_start(self, serialized: dict[str, Any], input_str: str, **kw: Any) -> None:
        self.names[kw["run_id"]] = str(kw.get("name") or (serialized or {}).get("name"))

    def on_tool_end(self, output: Any, **kw: Any) -> None:
        name = self.names.pop(kw["run_id"], "?")
        self.tools.append(name)
        if self.kind == "tool" and name == self.tool and self.tools.count(name) == self.at:
            os.kill(os.getpid(), signal.SIGKILL)
        self._event()

    def on_tool_error(self, error: BaseException, **kw: Any) -> None:
        self.on_tool_end(None, **kw)

    def on_llm_end(self, response: Any, **kw: Any) -> None:
        self._event()

    def on_chain_end(self, outputs: Any, **kw: Any) -> None:
        self._event()


def main() -> None:
    uri, thread, mode, repo, kill = sys.argv[1:6]
    killer = Killer(kill)
    roster, _ = roster_for(SubtaskScript(SCRIPTS))
    worker = worktree_agent(roster, commands=CommandPolicy(allow=[RUN_CHECK]))
    config: Any = {"configurable": {"thread_id": thread}, "callbacks": [killer]}
    with postgres_checkpointer(uri) as saver:
        graph = create_coordination_graph(
            roster.org,
            roster,
            executor=worker,
            decomposer=ManualDecomposer(plan({"a": [], "b": ["a"]})),
            checkpointer=saver,
            workspace=WorkspaceConfig(repo_path=Path(repo), check=[sys.executable, "check.py"]),
        )
        started = mode == "resume" and graph.get_state(config).values
        result = graph.invoke(None if started else {"task": TASK}, config)["result"]
    branch = result.integration.branch if result.integration else None
    tree = git(Path(repo), "rev-parse", f"{branch}^{{tree}}").strip()
    print(json.dumps({"statuses": result.statuses, "tree": tree, "events": killer.events,
                      "tools": killer.tools}), flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
