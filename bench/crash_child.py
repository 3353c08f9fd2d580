"""Child process of the crash campaign: runs (mode `run`), resumes (`resume`) or decides the
waiting escalation of (`decide`) one graph on Postgres, logging every kill point to a JSON-lines
file.

`run(SPEC_JSON)` (forked by the campaign) or `python bench/crash_child.py SPEC_JSON`, with
SPEC = {uri, thread, family, mode, log, kill_at, delay, repo}. Kill points, counted in order:
every model call (the pipeline's executor call counts as one) and every write to our stores
(escalations, dissent, meeting records and claims, loop records, guard state) or to git (worktree
add and remove, merge, commit, links out of a new worktree hidden). At the `kill_at`-th point
the process SIGKILLs itself: for a model call, inside the call when DELAY < 0, else DELAY
seconds after it returned; for a store write, right
after the write committed when DELAY < 0 (before the next checkpoint), else DELAY seconds later.
The saver's `put_writes`/`put` are timed so the log says when each returned call's result was
first saved (the width of LangGraph's at-least-once window).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.crash_families import (
    DECISION,
    HUMAN,
    ORG,
    Stores,
    build,
    call_key,
    fingerprint,
    key_of,
    reply,
)
from langgraph_council.checkpoints import (
    EscalationQueue,
    PostgresDissentStore,
    PostgresGuardStateStore,
    PostgresLoopRecordStore,
    PostgresMeetingRecordStore,
    interrupted_threads,
    postgres_checkpointer,
    resume_thread,
)
from langgraph_council.nodes import Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

WRITES = {
    "escalations": ("store.put",),  # the graph nodes open escalations through the store's put
    "dissent": ("put_many",),  # the store vocabulary: `add` is an alias the graphs do not call
    "meetings": ("put",),  # the graph calls `put` (`save` is its alias: wrapping it missed it)
    "loops": ("put",),
    "guards": ("check_and_record",),
}


class Probe:
    """Counts kill points, logs them and kills the process at the chosen one."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.mode, self.kill_at, self.delay = spec["mode"], spec["kill_at"], spec["delay"]
        self.log = Path(spec["log"]).open("a", encoding="utf-8")  # noqa: SIM115 - until the kill
        self.lock = threading.Lock()
        self.points = 0
        self.unsaved: dict[str, float] = {}  # returned, not yet seen in a saved write

    def write(self, event: dict[str, Any]) -> None:
        with self.lock:
            self.log.write(json.dumps({"mode": self.mode, "t": time.time(), **event}) + "\n")
            self.log.flush()

    def _next(self) -> int:
        with self.lock:
            self.points += 1
            return self.points

    def kill(self) -> None:
        """Log the moment, then SIGKILL this process (holding the log's lock, so no call can
        log a return after the kill's line)."""
        with self.lock:
            self.log.write(json.dumps({"mode": self.mode, "t": time.time(), "event": "kill"}))
            self.log.write("\n")
            self.log.flush()
            os.kill(os.getpid(), signal.SIGKILL)

    def _kill_later(self, delay: float) -> None:
        threading.Timer(delay, self.kill).start()

    def model_call(self, key: str, answer: Any) -> Any:
        n = self._next()
        self.write({"event": "start", "key": key, "n": n})
        if n == self.kill_at and self.delay < 0:
            self.kill()
        value = answer()
        with self.lock:
            self.unsaved.setdefault(key, time.monotonic())
        self.write({"event": "return", "key": key, "n": n})
        if n == self.kill_at:
            self._kill_later(self.delay)
        return value

    def store_write(self, name: str, method: Any) -> Any:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            n = self._next()
            out = method(*args, **kwargs)
            self.write({"event": "write", "store": name, "n": n})
            if n == self.kill_at:
                if self.delay < 0:
                    self.kill()
                self._kill_later(self.delay)
            return out

        return wrapped

    def saver_write(self, method: Any) -> Any:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            out = method(*args, **kwargs)
            now, text = time.monotonic(), repr(args)
            with self.lock:
                done = {k: t for k, t in self.unsaved.items() if k.split(":")[1] in text}
                for k in done:
                    del self.unsaved[k]
            for k, t in done.items():
                self.write({"event": "saved", "key": k, "ms": (now - t) * 1000})
            return out

        return wrapped


def _stores(stack: ExitStack, uri: str, repo: str | None, probe: Probe) -> Stores:
    stores = Stores(
        escalations=stack.enter_context(EscalationQueue.from_conn_string(uri)),
        dissent=stack.enter_context(PostgresDissentStore.from_conn_string(uri)),
        meetings=stack.enter_context(PostgresMeetingRecordStore.from_conn_string(uri)),
        loops=stack.enter_context(PostgresLoopRecordStore.from_conn_string(uri)),
        guards=stack.enter_context(PostgresGuardStateStore.from_conn_string(uri)),
        repo=None if repo is None else Path(repo),
    )
    for name, methods in WRITES.items():
        for path in methods:
            *owners, method = path.split(".")
            target = getattr(stores, name)
            for owner in owners:
                target = getattr(target, owner)
            setattr(target, method, probe.store_write(name, getattr(target, method)))
    # a caller-chosen meeting id is claimed in open_meeting, before any model call
    stores.meetings.claim = probe.store_write("meeting claim", stores.meetings.claim)
    return stores


def _git_points(probe: Probe) -> None:
    """Kill points at the pipeline's git writes: worktree add/remove, merge, commit."""
    from langgraph_council.nodes._workspace import merge_engine as merge
    from langgraph_council.nodes._workspace import worktrees as workspace

    def counted(name: str, fn: Any) -> Any:
        def wrapped(cwd: Any, *args: str, **kwargs: Any) -> Any:
            verb = list(args)
            while verb[:1] == ["-c"]:  # merges pass `-c merge.<driver>...` options first
                verb = verb[2:]
            if verb[:1] in (["merge"], ["commit"]) or verb[:2] in (
                ["worktree", "add"],
                ["worktree", "remove"],
            ):
                return probe.store_write(f"git {verb[0]}", fn)(cwd, *args, **kwargs)
            return fn(cwd, *args, **kwargs)

        return wrapped

    for module in (merge, workspace):
        for name in ("run_git", "try_git"):
            setattr(module, name, counted(name, getattr(module, name)))

    hide = workspace.hide_escaping_links

    def hidden(cwd: Any) -> tuple[str, ...]:
        """A kill point right after links out of a new worktree were taken off its disk (only
        when there were some: the reused worktree of a resume finds none left)."""
        found = hide(cwd)
        if found:
            probe.store_write("hidden link", lambda: found)()
        return found

    workspace.hide_escaping_links = hidden  # type: ignore[assignment]


def _resume(spec: dict[str, Any], probe: Probe, graph: Any, saver: Any, context: Any) -> Any:
    thread, config = spec["thread"], {"configurable": {"thread_id": spec["thread"]}}
    found = thread in {s.thread_id for s in interrupted_threads(saver, graph)}
    probe.write({"event": "found", "found": found})
    state = graph.get_state(config)
    if state.interrupts:  # the kill came after the thread reached its interrupt
        probe.write({"event": "at_interrupt"})
        return None
    if not found and not state.next:  # the kill came after the last checkpoint
        probe.write({"event": "already_finished"})
        return state.values
    return resume_thread(graph, thread, context=context)


def run(spec_json: str) -> None:
    """Run one child from its JSON spec (the campaign forks it from a forkserver that has
    imported this module, so a child starts in milliseconds instead of seconds)."""
    spec = json.loads(spec_json)
    err = os.open(f"{spec['log']}.err", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    os.dup2(err, 2)  # tracebacks go where the parent can read them
    sys.stderr = os.fdopen(2, "w", buffering=1)
    family, mode, thread = spec["family"], spec["mode"], spec["thread"]
    probe = Probe(spec)

    def scripted(call: ScriptCall) -> Any:
        return probe.model_call(call_key(call), lambda: reply(family, call))

    def executor_call(agent_id: str, prompt: str, work: Path) -> str:
        key = key_of(agent_id, prompt)
        probe.write({"event": "worktree", "file": work.name, "path": str(work.parent),
                     "reused": work.exists()})  # fmt: skip
        return str(probe.model_call(key, lambda: f"{agent_id} did it ({key})"))

    if family == "pipeline":
        _git_points(probe)
    roster = Roster(ORG, default_model=ScriptedChatModel(scripted))
    with ExitStack() as stack:
        stores = _stores(stack, spec["uri"], spec.get("repo"), probe)
        saver = stack.enter_context(postgres_checkpointer(spec["uri"], setup=False))
        saver.put_writes = probe.saver_write(saver.put_writes)  # type: ignore[method-assign]
        saver.put = probe.saver_write(saver.put)  # type: ignore[method-assign]
        graph, inp, context = build(family, roster, saver, stores, executor_call)
        config = {"configurable": {"thread_id": thread}}
        if mode == "resume":
            out = _resume(spec, probe, graph, saver, context)
        elif mode == "decide":
            (pending,) = [e for e in stores.escalations.pending() if e.thread_id == thread]
            out = stores.escalations.decide(pending.id, DECISION, graph)
        else:
            out = graph.invoke(inp, config, context=context, durability="sync")
    if out is None or "__interrupt__" in out:
        probe.write({"event": "waiting", "human": family in HUMAN})
        return
    extra = {}
    if family == "pipeline" and out["result"].integration is not None:
        extra["integration"] = out["result"].integration.branch
    probe.write({"event": "final", "value": fingerprint(family, out), **extra})


if __name__ == "__main__":
    run(sys.argv[1])
