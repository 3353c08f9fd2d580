"""Prompts of the conflict strategies; user and peer text is always fenced (SEC-1)."""

from __future__ import annotations

from collections.abc import Iterable

from langgraph_council.nodes._conflicts.memory import conflict_recall
from langgraph_council.nodes._fencing import fence_peer, fence_task_data
from langgraph_council.nodes._records.conflicts import Conflict, ConflictPosition, Statement

__all__ = [
    "ARBITRATION_PROMPT",
    "ARGUMENT_PROMPT",
    "COMMON_MANAGER_PROMPT",
    "JUDGE_PROMPT",
    "NEGOTIATION_PROMPT",
    "REBUTTAL_PROMPT",
    "REVIEW_PROMPT",
    "render_conflict",
    "render_position",
    "render_statements",
    "summarise_position",
]

ARGUMENT_PROMPT = """You are a party to a disagreement. Argue for your position once, briefly,
with the strongest evidence you have. If the other positions convinced you, start your reply
with CONCEDE.

{conflict}

Your own position:
{own}"""

REBUTTAL_PROMPT = """You argued your position; here are the other parties' arguments. Rebut them
once, briefly. If they convinced you, start your reply with CONCEDE.

{conflict}

Their arguments:
{others}"""

JUDGE_PROMPT = """You judge a disagreement between agents. Weigh the evidence, not rank or
headcount. Pick exactly one winner among the party agent ids {party_ids}, give your confidence
from 0 to 1, and explain your reasoning.

{conflict}

What the parties said:
{statements}"""

REVIEW_PROMPT = """You review a disagreement between agents. If one position is clearly better on
the evidence, name its agent (one of {party_ids}) with high confidence. If it is a genuine
trade-off with no clear winner, say so with low confidence: a human will decide.

{conflict}

What the parties argued:
{statements}"""

COMMON_MANAGER_PROMPT = """Two or more of your reports disagree and rank does not settle it.
Decide which position the team follows: pick one of {party_ids}, give your confidence from 0 to
1 and your reasoning.

{conflict}"""

NEGOTIATION_PROMPT = """Negotiate with the other parties (round {round} of {max_rounds}). Restate
or adjust your position. If you accept another party's position, set agrees_with to that
party's agent id (one of {party_ids}); otherwise leave it empty.

{conflict}

Said so far:
{statements}"""

ARBITRATION_PROMPT = """You are asked as the expert to arbitrate a disagreement the parties could
not settle by negotiation. Your decision is binding. Pick one of {party_ids}, give your
confidence from 0 to 1 and your reasoning.

{conflict}

The negotiation:
{statements}"""


def render_position(position: ConflictPosition) -> str:
    """One party's position, fenced as that agent's contribution."""
    evidence = "".join(f"\n- evidence: {item}" for item in position.evidence)
    text = f"Position: {position.position}\nReasoning: {position.reasoning}{evidence}"
    return fence_peer(text, agent_id=position.agent_id, label="position")


def render_conflict(conflict: Conflict) -> str:
    """The conflict's subject (task data) and every position (peer contributions), then the
    records org memory recalls when the run switched it on."""
    parts = [
        fence_task_data(f"{conflict.type.value}: {conflict.subject}", field="subject"),
        *(render_position(p) for p in conflict.positions),
    ]
    return "\n".join(parts) + conflict_recall(conflict).text


def render_statements(statements: Iterable[Statement]) -> str:
    """Arguments, rebuttals or negotiation turns, each fenced as its agent's contribution."""
    rendered = [
        fence_peer(s.content, agent_id=s.agent_id, label=f"{s.kind}-{s.round}") for s in statements
    ]
    return "\n".join(rendered) or "(nothing yet)"


def summarise_position(position: ConflictPosition, *, limit: int = 280) -> str:
    """A one-line summary of a position for a human reviewer."""
    level = position.agent_level.value if position.agent_level is not None else "level unknown"
    text = f"{position.agent_id} ({level}, {position.agent_department or 'department unknown'}): "
    text += f"{position.position} - because {position.reasoning}"
    return text if len(text) <= limit else text[: limit - 1] + "…"
