"""A debate, a hybrid review and the negotiation -> arbitration -> human ladder with a real
small model through `ChatOpenAI`: each ends in a resolution (a human decides what a confused
model could not, by `Command(resume=...)` or through the durable escalation queue), the usage
equals the server's and every fallback is flagged."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.checkpoints import (
    CouncilStores,
    EscalationQueue,
    council_serde,
    postgres_checkpointer,
)
from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import ConflictOutcome, Org, Roster
from tests.nodes.samples import release_conflict
from tests.realmodel.checks import caps_sent_and_held, flagged, settle
from tests.realmodel.llama import RealModel

pytestmark = pytest.mark.realmodel

ARGUMENT = 64
HUMAN = {"reasoning": "read both arguments", "decided_by": "human:realmodel-suite"}


def _winner(payload: dict[str, Any]) -> dict[str, Any]:
    assert payload.get("positions"), payload  # the human is shown what to decide between
    return {"decision": "winner", "winning_agent_id": "ui_dev", **HUMAN}


def _ended(out: dict[str, Any], asked: list[dict[str, Any]], tally: Any) -> Any:
    resolution = out["resolution"]
    assert resolution.outcome is not ConflictOutcome.ESCALATED_TO_HUMAN, resolution
    if asked:
        assert resolution.outcome is ConflictOutcome.RESOLVED_BY_HUMAN, resolution
        assert resolution.winning_agent_id == "ui_dev"
    assert resolution.reasoning.strip()
    assert out["tokens_used"] == tally.total()
    caps_sent_and_held(tally)
    # what a user reads: the warnings, the reasoning (a fallback says why) and what a human saw
    told = [*resolution.warnings, resolution.reasoning, *(str(p.get("reason")) for p in asked)]
    flagged(told, tally)
    return resolution


def _thread(name: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": name}}


def _settled(
    llama: RealModel, chat: ChatOpenAI, org: Org, config: ConflictResolutionConfig, thread: str
) -> Any:
    """Run the release conflict on the real model under `config` to its end (a human picks
    the winner when asked); its checked resolution."""
    graph = create_conflict_graph(
        org, Roster(org, default_model=chat), config=config,
        checkpointer=InMemorySaver(serde=council_serde()),
    )  # fmt: skip
    with llama.tally() as tally:
        out, asked = settle(graph, {"conflict": release_conflict()}, _thread(thread), _winner)
    return _ended(out, asked, tally)


def test_a_debate_ends_in_a_verdict(llama: RealModel, chat: ChatOpenAI, org: Org) -> None:
    config = ConflictResolutionConfig.model_validate(
        {"strategy": "debate", "debate": {"max_argument_tokens": ARGUMENT, "rebuttal_round": False}}
    )
    resolution = _settled(llama, chat, org, config, "debate")
    if resolution.outcome is not ConflictOutcome.RESOLVED_BY_DEBATE:  # the judge was unusable
        assert "Fallback: debate judged by cto" in resolution.reasoning, resolution


def test_a_hybrid_review_ends_decided(llama: RealModel, chat: ChatOpenAI, org: Org) -> None:
    config = ConflictResolutionConfig.model_validate(
        {"strategy": "hybrid", "hybrid": {"max_argument_tokens": ARGUMENT}}
    )
    resolution = _settled(llama, chat, org, config, "hybrid")
    assert resolution.outcome in (
        ConflictOutcome.RESOLVED_BY_HYBRID,
        ConflictOutcome.RESOLVED_BY_HUMAN,
    )


@pytest.mark.postgres
def test_the_ladder_ends_with_a_human_deciding_through_the_queue(
    llama: RealModel, chat: ChatOpenAI, org: Org, pg_db: str
) -> None:
    """One negotiation round, then the parties' manager arbitrates and must be certain
    (`min_confidence` 1.0), then a human: the escalation a confused model opens is decided
    through the durable queue (PostgreSQL)."""
    config = ConflictResolutionConfig.model_validate(
        {"strategy": "ladder",
         "ladder": {"max_rounds": 1, "min_confidence": 1.0, "arbitrator": "cto",
                    "max_statement_tokens": ARGUMENT}}
    )  # fmt: skip
    with (
        postgres_checkpointer(pg_db, setup=False) as saver,
        EscalationQueue.from_conn_string(pg_db) as queue,
    ):
        graph = create_conflict_graph(
            org, Roster(org, default_model=chat), config=config,
            checkpointer=saver, stores=CouncilStores(escalations=queue),
        )  # fmt: skip

        def through_queue(payload: dict[str, Any]) -> Any:
            (row,) = queue.pending(kind="conflict")
            assert row.id == payload["escalation_id"]
            return lambda: queue.decide(row.id, _winner(payload), graph)

        with llama.tally() as tally:
            out, asked = settle(
                graph, {"conflict": release_conflict()}, _thread("ladder"), through_queue
            )
        assert queue.pending() == []
    _ended(out, asked, tally)
    if asked:  # why the ladder reached a human is said to them and kept
        assert "arbitration" in str(asked[0].get("analysis", "")).lower() or asked[0].get("reason")
