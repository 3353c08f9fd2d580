"""Tell an operator when an escalation opens: a callable, or a webhook URL that gets a POST.

The hook runs in the graph's open step, right after the pending row is stored, only for a row
this step created (a re-run that finds its own row again does not notify twice; a crash
between storing and notifying can lose one notice, never the escalation). A failing hook is
logged and never fails the run: the escalation is stored and waits either way.
"""

from __future__ import annotations

import json
import logging
import urllib.request
from collections.abc import Callable
from urllib.parse import urlsplit

from langgraph_council.nodes._escalation.models import Escalation

__all__ = ["WEBHOOK_ENV", "EscalationHook", "check_hook", "notify_opened"]

EscalationHook = Callable[[Escalation], object] | str
"""A callable taking the new `Escalation`, or an http(s) URL that receives it as JSON."""
WEBHOOK_ENV = "COUNCIL_ESCALATION_WEBHOOK"
"""On LangGraph Server, the webhook URL the served graphs notify (read at server start)."""
_TIMEOUT_SECONDS = 5.0
_log = logging.getLogger(__name__)


def check_hook(hook: EscalationHook | None) -> EscalationHook | None:
    """`hook` when it is a callable or an http(s) URL.

    Raises:
        TypeError: Neither a callable nor a string.
        ValueError: A string that is not an http(s) URL.
    """
    if hook is None or callable(hook):
        return hook
    if not isinstance(hook, str):
        raise TypeError(f"on_open must be a callable or a webhook URL, got {type(hook).__name__}")
    if urlsplit(hook).scheme not in ("http", "https") or not urlsplit(hook).netloc:
        raise ValueError(
            f"on_open: {hook!r} is not an http(s) URL; e.g. https://host/hooks/council"
        )
    return hook


def _post(url: str, escalation: Escalation) -> None:
    body = json.dumps(
        {"event": "escalation_opened", "escalation": escalation.model_dump(mode="json")}
    )
    request = urllib.request.Request(
        url, data=body.encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=_TIMEOUT_SECONDS) as response:
        response.read()


def notify_opened(hook: EscalationHook, escalation: Escalation) -> None:
    """Call `hook` (or POST to it) with the escalation that just opened; log a failure."""
    try:
        if isinstance(hook, str):
            _post(hook, escalation)
        else:
            hook(escalation)
    except Exception:  # noqa: BLE001 - a notice must never fail the run (module docstring)
        _log.exception("escalation %s: the on_open hook failed; it waits anyway", escalation.id)
