"""A conflict started from messages: the parties answer the question, then the strategy rules.

`graph.invoke({"messages": [HumanMessage("Postgres or Mongo for billing?")]})` asks each party
for its position (node `take_position`, one parallel call per party: the configured
`ConflictResolutionConfig.parties`, else the roster's active agents with a model in org order,
at most `MAX_ASKED_PARTIES`), frames the conflict from the answers (node `frame_conflict`), and
the run goes on as for a typed `{"conflict": ...}`. The question is fenced as task data.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.types import Overwrite, Send
from typing_extensions import TypedDict

from langgraph_council.nodes._asked import Request, last_request, title_of
from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._conflicts.asked import AskedPosition
from langgraph_council.nodes._conflicts.config import (
    ConflictResolutionConfig,
    agent_limit,
    current_config,
)
from langgraph_council.nodes._conflicts.traced import conflict_trace
from langgraph_council.nodes._fencing import fence_task_data
from langgraph_council.nodes._input_errors import InvalidInputError
from langgraph_council.nodes._messages import said
from langgraph_council.nodes._records.conflicts import Conflict, ConflictPosition, ConflictType

__all__ = [
    "MAX_ASKED_PARTIES",
    "POSITION_PROMPT",
    "asked_parties",
    "make_frame_conflict_node",
    "make_take_position_node",
    "route_start",
]

MAX_ASKED_PARTIES = 4
"""The most parties a question asked in messages goes to when `parties` is not configured:
every party argues and may rebut, so the cost grows with the square of their number."""

POSITION_MAX_TOKENS = 400
POSITION_PROMPT = """A question was put to the council:
{question}
State your position in one line starting with "Position:", then your reasons in a few lines
starting with "Reasoning:"."""


class PositionTurn(TypedDict):
    """What a `Send` carries to one party's `take_position` call."""

    agent_id: str
    question: str
    conflict_id: str


def asked_parties(roster: Roster | None, config: ConflictResolutionConfig) -> list[str]:
    """Who answers a question asked in messages (see the module docstring).

    Raises:
        InvalidInputError: No roster, or fewer than two parties can be asked.
    """
    if roster is None:
        raise InvalidInputError(
            "messages: a question needs parties to answer it; pass roster=Roster(org, models) "
            "to the conflict graph factory, or pass {'conflict': Conflict(...)}"
        )
    parties = (
        list(config.parties)
        or [a.id for a in roster.org if a.active and roster.has_model(a.id)][:MAX_ASKED_PARTIES]
    )
    silent = [p for p in parties if p not in roster.org or not roster.has_model(p)]
    if silent or len(parties) < 2:
        raise InvalidInputError(
            f"parties: {silent or parties} cannot answer a question (at least two agents of "
            "the org with a model are needed); fix `parties` in the conflict config"
        )
    return parties


def _conflict_id(request: Request) -> str:
    key = request.message_id or hashlib.sha256(request.text.encode()).hexdigest()[:16]
    return f"asked-{key}"


def _stale(state: Mapping[str, Any]) -> bool:
    """The state's conflict is missing or was already resolved on this thread."""
    conflict, resolution = state.get("conflict"), state.get("resolution")
    if conflict is None:
        return True
    if resolution is None:
        return False
    conflict_id = conflict.get("id") if isinstance(conflict, Mapping) else conflict.id
    resolved = (
        resolution.get("conflict_id") if isinstance(resolution, Mapping) else resolution.conflict_id
    )
    return bool(resolved == conflict_id)


def route_start(roster: Roster | None, default: ConflictResolutionConfig) -> Any:
    """From START: one `take_position` per party for a new question in messages, else (a
    typed conflict) `choose_strategy`."""

    def start(state: Mapping[str, Any]) -> list[Send] | str:
        request = last_request(state.get("messages"))
        if request is None or not _stale(state):
            return "choose_strategy"
        parties = asked_parties(roster, current_config(default))
        turn = {"question": request.text, "conflict_id": _conflict_id(request)}
        return [Send("take_position", {**turn, "agent_id": p}) for p in parties]

    return start


def _parsed(agent_id: str, text: str, tokens: int) -> AskedPosition:
    position: list[str] = []
    reasons: list[str] = []
    current: list[str] | None = None
    for line in text.strip().splitlines():
        head = line.strip().casefold()
        if head.startswith("position:"):
            current, line = position, line.split(":", 1)[1]
        elif head.startswith("reasoning:"):
            current, line = reasons, line.split(":", 1)[1]
        (position if current is None else current).append(line.strip())
    stance = " ".join(p for p in position if p) or text.strip() or "(no answer)"
    why = " ".join(r for r in reasons if r) or stance
    return AskedPosition(agent_id=agent_id, position=stance, reasoning=why, tokens=tokens)


def make_take_position_node(
    roster: Roster | None, default: ConflictResolutionConfig
) -> Runnable[PositionTurn, Update]:
    """Node `take_position`: one party answers the question (a failed call is left out)."""

    def plan(turn: PositionTurn) -> Call:
        prompt = POSITION_PROMPT.format(
            question=fence_task_data(turn["question"], field="question")
        )
        return Call(turn["agent_id"], prompt, max_tokens=POSITION_MAX_TOKENS, on_error=lambda _: {})

    def apply(turn: PositionTurn, outcome: CallOutcome) -> Update:
        agent = turn["agent_id"]
        answer = _parsed(agent, outcome.reply.content, outcome.tokens)
        message_id = f"{turn['conflict_id']}:position:{agent}"
        spoken = said(agent, outcome.reply.content.strip(), message_id=message_id, kind="position")
        return {"asked_positions": [answer], "messages": [spoken]}

    return model_node(
        "take_position", roster, plan, apply, time_limit=agent_limit(default), trace=conflict_trace
    )


def make_frame_conflict_node() -> Any:
    """Node `frame_conflict`: the conflict between the parties' answers (at least two)."""

    def frame_conflict(state: Mapping[str, Any]) -> dict[str, Any]:
        request = last_request(state.get("messages"))
        answers = {p.agent_id: p for p in state.get("asked_positions") or []}
        if request is None or len(answers) < 2:
            raise InvalidInputError(
                f"messages: only {sorted(answers)} answered the question (two are needed); "
                "check the parties' models or pass {'conflict': Conflict(...)}"
            )
        conflict = Conflict(
            id=_conflict_id(request),
            type=ConflictType.OTHER,
            subject=title_of(request.text),
            positions=[
                ConflictPosition(agent_id=a.agent_id, position=a.position, reasoning=a.reasoning)
                for a in sorted(answers.values(), key=lambda a: a.agent_id)
            ],
        )
        return {
            "conflict": conflict,
            "asked_conflict_id": conflict.id,
            "asked_positions": Overwrite([]),
            "asked_tokens": sum(a.tokens for a in answers.values()),
        }

    return frame_conflict
