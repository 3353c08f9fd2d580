"""What every real-model run must show, whatever the model said: the run ended, the package's
usage equals the server's, caps were sent in a form the server reads, fallbacks are flagged."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from langgraph.types import Command

from tests.realmodel.llama import Tally

MAX_HUMAN_DECISIONS = 4
"""A run asking a human more often than this is a loop, not a confused model."""
HUMAN_DECISIONS: list[str] = []
"""The reason of every escalation `settle` decided, for the suite's summary."""


def settle(
    graph: Any, inputs: Any, config: dict[str, Any], decide: Callable[[dict[str, Any]], Any]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Invoke `graph` and answer each interrupt with `decide(payload)` (a resume value for
    `Command(resume=...)`, or a callable run instead that returns the graph's output) until
    the run ends. Returns the final output and the payloads a human was asked to decide."""
    out, asked = graph.invoke(inputs, config), []
    while out.get("__interrupt__"):
        assert len(asked) < MAX_HUMAN_DECISIONS, f"still asking a human after {asked}"
        payload = out["__interrupt__"][0].value
        asked.append(payload)
        HUMAN_DECISIONS.append(str(payload.get("reason") or payload.get("kind")))
        answer = decide(payload)
        out = answer() if callable(answer) else graph.invoke(Command(resume=answer), config)
    return out, asked


def caps_sent_and_held(tally: Tally) -> None:
    """Every capped request carries `max_tokens` (what llama.cpp's server reads) and no reply
    was billed more completion tokens than that cap."""
    capped = [e for e in tally.exchanges if "max_completion_tokens" in e.body]
    assert all(e.body.get("max_tokens") == e.body["max_completion_tokens"] for e in capped), [
        {k: e.body.get(k) for k in ("max_tokens", "max_completion_tokens")} for e in capped
    ]
    over = [
        (e.agent_id, e.usage["completion_tokens"], e.body["max_tokens"])
        for e in tally.exchanges
        if e.usage and e.body.get("max_tokens") is not None
        and e.usage["completion_tokens"] > e.body["max_tokens"]
    ]  # fmt: skip
    assert not over, f"replies billed past their cap (agent, tokens, cap): {over}"


def flagged(warnings: Sequence[str], tally: Tally) -> None:
    """A structured request the server refused, and a reply it cut at the cap, each show in
    the run's warnings (what a user reads), never only in a log."""
    refused = [e for e in tally.refused() if e.body.get("response_format") or e.body.get("tools")]
    if refused:
        assert any("refused" in w for w in warnings), (
            f"{len(refused)} structured request(s) refused by the server "
            f"({refused[0].status}), yet no warning says so: {list(warnings)}"
        )
    cut = [e.agent_id for e in tally.exchanges if e.finish_reason == "length"]
    if cut:
        assert any("cap" in w for w in warnings), (
            f"replies of {cut} were cut at their cap, yet no warning says so: {list(warnings)}"
        )
    other = [e for e in tally.refused() if e not in refused]
    assert not other, f"the server failed plain requests: {[(e.status, e.agent_id) for e in other]}"
