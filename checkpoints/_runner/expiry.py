"""The expiry sweeper: run `expire_overdue` on a schedule so no escalation waits forever.

Escalations get a finite deadline by default (`DEFAULT_TIMEOUT_SECONDS`, 24 h; `None` only when
a config asks for it). Something must still notice the deadline: `EscalationQueue.run_expiry`
(a blocking loop for a thread or a worker process) and `arun_expiry` (for an asyncio app) call
`expire_overdue(graph)` every `interval_seconds` until `stop_event` is set, resuming each expired
escalation's thread with an `expired` decision. Both drive the one flow `sweeps`. Under
LangGraph Server, a cron job that runs `council escalations expire` does the same (see
docs/design.md, "Expiry sweeper").
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import Any, Protocol

from langgraph.pregel import Pregel

from langgraph_council.checkpoints._runner.steps import Flow, Step, pause
from langgraph_council.nodes._escalation.models import Escalation

__all__ = ["sweeps"]

log = logging.getLogger("langgraph_council.escalations")

OnError = Callable[[Exception], None]


class Expiring(Protocol):
    """What the sweeper needs of a queue (`EscalationQueue` has both)."""

    def expire_overdue(
        self, graph: Pregel[Any, Any] | None = None, *, now: Any = None, context: Any = None
    ) -> list[Escalation]:
        """Expire overdue rows and resume their threads."""
        ...

    async def aexpire_overdue(
        self, graph: Pregel[Any, Any], *, now: Any = None, context: Any = None
    ) -> list[Escalation]:
        """Async twin."""
        ...


def _check(interval_seconds: float, max_sweeps: int | None) -> None:
    if not interval_seconds > 0:
        raise ValueError(f"interval_seconds must be > 0, got {interval_seconds}")
    if max_sweeps is not None and max_sweeps < 1:
        raise ValueError(f"max_sweeps must be >= 1 or None, got {max_sweeps}")


def _failed(exc: Exception, on_error: OnError | None) -> None:
    if on_error is None:
        log.exception("escalation expiry sweep failed; the next sweep tries again")
    else:
        on_error(exc)


def sweeps(
    queue: Expiring,
    graph: Pregel[Any, Any],
    *,
    interval_seconds: float,
    stop_event: threading.Event | asyncio.Event | None = None,
    max_sweeps: int | None = None,
    context: Any = None,
    on_error: OnError | None = None,
) -> Flow[list[Escalation]]:
    """Sweep every `interval_seconds` until `stop_event` is set (or `max_sweeps` ran).

    A failed sweep is logged (or given to `on_error`, which may re-raise) and the loop goes on.
    Returns every escalation it expired.
    """
    _check(interval_seconds, max_sweeps)
    stop = stop_event or threading.Event()
    sweep = Step(
        lambda: queue.expire_overdue(graph, context=context),
        lambda: queue.aexpire_overdue(graph, context=context),
    )
    expired: list[Escalation] = []
    done = 0
    while not stop.is_set():
        try:
            expired += yield sweep
        except Exception as exc:  # noqa: BLE001 - a sweeper outlives one bad sweep
            _failed(exc, on_error)
        done += 1
        if max_sweeps is not None and done >= max_sweeps:
            break
        yield pause(stop, interval_seconds)
    return expired
