"""Text-only models can judge (JSON read from prose); a run context keeps the build config."""

from __future__ import annotations

from typing import Any

import pytest
from langgraph.checkpoint.postgres import PostgresSaver

from langgraph_council.graphs import (
    ConflictResolutionConfig,
    create_conflict_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import ConflictOutcome, Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel

PARTIES = ("junior_dev", "senior_dev")


class TextOnlyModel(ScriptedChatModel):
    """A chat model without tool calling: `with_structured_output` is not implemented."""

    def with_structured_output(self, schema: Any, **kwargs: Any) -> Any:
        raise NotImplementedError("this model has no tool calling")


PROSE_VERDICT = (
    "Having read both arguments, the cron job is simpler and enough for nightly jobs.\n\n"
    "```json\n"
    '{"winning_agent_id": "junior_dev", "confidence": 0.8, "reasoning": "simpler to run"}\n'
    "```\n\n"
    "Let me know if you want the reasoning in more detail."
)


def test_a_text_only_judge_with_a_fenced_verdict_decides_the_debate(kit: Any, org: Org) -> None:
    script = {a: [f"{a} argues", f"{a} rebuts"] for a in PARTIES}
    script["backend_lead"] = [PROSE_VERDICT]
    graph = create_conflict_graph(
        org,
        Roster(org, default_model=TextOnlyModel(script)),
        config=ConflictResolutionConfig(strategy="debate"),
    )
    out = graph.invoke({"conflict": kit.conflict(*PARTIES)})
    resolution = out["resolution"]
    # Before, the judge's reply counted as "no parsable verdict" and the senior party won by rank.
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_DEBATE
    assert (resolution.winning_agent_id, resolution.decided_by) == ("junior_dev", "backend_lead")
    assert resolution.reasoning == "simpler to run" and resolution.confidence == 0.8
    assert out.get("fallback_reason") is None


def test_a_text_only_reviewer_with_an_embedded_verdict_resolves_the_hybrid(
    kit: Any, org: Org
) -> None:
    script = {a: [f"{a} argues"] for a in PARTIES}
    script["backend_lead"] = [
        'I lean to {"winning_agent_id": "senior_dev", "confidence": 0.9, "reasoning": "load"}.'
    ]
    graph = create_conflict_graph(
        org,
        Roster(org, default_model=TextOnlyModel(script)),
        config=ConflictResolutionConfig(strategy="hybrid"),
    )
    resolution = graph.invoke({"conflict": kit.conflict(*PARTIES)})["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_HYBRID
    assert resolution.winning_agent_id == "senior_dev"


def test_a_text_only_leader_writing_json_synthesis_has_it_read(org: Org) -> None:
    synthesis = (
        "Here is my synthesis.\n```json\n"
        '{"summary": "We pick Postgres.", "decisions": ["Use Postgres"], '
        '"action_items": [{"description": "Draft the schema", "assignee": "senior_dev"}]}\n```'
    )
    model = TextOnlyModel({"senior_dev": ["Postgres, it is proven"], "cto": [synthesis]})
    graph = create_meeting_graph(Roster(org, default_model=model), protocol="round_robin")
    minutes = graph.invoke(
        {
            "agenda": "Pick the database",
            "leader_id": "cto",
            "participant_ids": ["senior_dev"],
            "token_budget": 20_000,
        },
        context={"round_robin": {"max_turns_per_agent": 1}},
    )["minutes"]
    assert minutes.decisions == ("Use Postgres",) and minutes.summary == "We pick Postgres."
    assert [(a.description, a.assignee_id) for a in minutes.action_items] == [
        ("Draft the schema", "senior_dev")
    ]


@pytest.mark.postgres
def test_a_human_strategy_graph_run_with_an_empty_context_asks_a_human(
    kit: Any, org: Org, pg_saver: PostgresSaver
) -> None:
    # LangGraph Server sends context={} when the caller gave none: the build config must hold.
    model = ScriptedChatModel([])
    graph = create_conflict_graph(
        org,
        Roster(org, default_model=model),
        config=ConflictResolutionConfig(strategy="human"),
        checkpointer=pg_saver,
    )
    out = graph.invoke({"conflict": kit.conflict(*PARTIES)}, kit.thread("t"), context={})
    assert out["__interrupt__"][0].value["conflict_id"] == "c1"
    assert "resolution" not in out and model.calls == []
    assert graph.get_state(kit.thread("t")).next == ("await_human",)


def test_a_run_context_overrides_only_what_it_names(kit: Any, org: Org) -> None:
    # Built to debate with a named judge and no rebuttals; the run changes only the judge's cap.
    script = {a: [f"{a} argues"] for a in PARTIES}
    script["ceo"] = [{"winning_agent_id": "senior_dev", "confidence": 0.7, "reasoning": "load"}]
    model = ScriptedChatModel(script)
    built = ConflictResolutionConfig(
        strategy="debate", debate={"judge": "ceo", "rebuttal_round": False}
    )
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=built)
    out = graph.invoke(
        {"conflict": kit.conflict(*PARTIES)},
        context={"conflict": {"debate": {"max_argument_tokens": 50}}},
    )
    assert out["resolution"].decided_by == "ceo"  # the build-time judge, not the default
    assert len(model.calls) == 3  # no rebuttal round
    assert all(c.max_tokens == 50 for c in model.calls if c.agent_id in PARTIES)
