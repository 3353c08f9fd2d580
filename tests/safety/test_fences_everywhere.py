"""Issue 14 item 1 (SEC-1): no untrusted text can close its fence, in any family.

Hostile text (exact fence tags, case, whitespace inside tags, look-alike and zero-width
characters, HTML references, nested tags) goes in as user input and comes back from every
scripted model; every prompt any model receives is then checked by an independent fence parser.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_core.messages import AIMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from langgraph_council.graphs import (
    create_conflict_graph,
    create_delegation_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Conflict, Org, Roster
from langgraph_council.nodes._conflicts.config import ConflictResolutionConfig
from langgraph_council.nodes._conflicts.ladder import NegotiationReply
from langgraph_council.nodes._fencing import UNTRUSTED_CONTENT_DIRECTIVE, escape_fences
from langgraph_council.nodes._records.conflicts import Verdict
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel
from tests.conflicts.conftest import position
from tests.conftest import ORG_YAML

from .hostile import CANARY, check_calls, fence_problems, fence_tag, hostile_text

ORG = Org.load(ORG_YAML)
FEW = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
Texts = st.lists(hostile_text(), min_size=6, max_size=6)


@FEW
@given(st.lists(st.one_of(fence_tag(), st.text(max_size=6)), max_size=8).map("".join))
def test_escaped_text_has_no_tag_opener_and_escaping_is_idempotent(text: str) -> None:
    escaped = escape_fences(text)
    assert fence_problems(escaped) == []
    assert escape_fences(escaped) == escaped


def _reply(texts: list[str], n: int) -> str:
    a, b, c = (texts[(n + k) % len(texts)] for k in range(3))
    first = " ".join(a.splitlines()) or CANARY
    return f"Position: {first}\nConfidence: 0.7\nEvidence:\n- {' '.join(b.splitlines())}\n{c}"


def _script(texts: list[str]) -> ScriptedChatModel:
    counter = iter(range(10_000))

    def reply(call: ScriptCall) -> Any:
        n = next(counter)
        if call.schema is Verdict:
            parties = [p for p in ("backend_lead", "senior_dev") if p in call.prompt]
            winner = parties[0] if parties else "backend_lead"
            return {"winning_agent_id": winner, "confidence": 0.9, "reasoning": texts[n % 6]}
        if call.schema is NegotiationReply:
            return {"statement": texts[n % 6], "agrees_with": None}
        if "genuinely conflict" in call.prompt:
            return f"CONFLICT: senior_dev, junior_dev - {' '.join(texts[n % 6].splitlines())}"
        return _reply(texts, n)

    return ScriptedChatModel(reply)


@FEW
@given(Texts, st.sampled_from(["round_robin", "position_papers", "structured_phases"]))
def test_meetings_fence_every_participant_text(texts: list[str], protocol: str) -> None:
    model = _script(texts)
    graph = create_meeting_graph(Roster(ORG, default_model=model), protocol=protocol)
    agenda = {
        "title": texts[0],
        "context": texts[1],
        "items": [{"title": texts[2], "description": texts[3]}],
    }
    context = {
        "round_robin": {"max_turns_per_agent": 2, "transcript_window": 2},
        "structured_phases": {
            "conflict_detector": "llm_judge",
            "premortem": True,
            "devils_advocate": True,
            "similarity_threshold": 0.0,
            "min_disagreements": 100,
            "skip_discussion_if_no_conflicts": False,
        },
    }
    out = graph.invoke(
        {
            "agenda": agenda,
            "leader_id": "cto",
            "participant_ids": ["senior_dev", "junior_dev", "ui_dev"],
            "token_budget": 200_000,
        },
        context=context,
    )
    assert out["minutes"].status == "completed"
    check_calls(model.calls, UNTRUSTED_CONTENT_DIRECTIVE)
    synthesis = model.calls[-1].prompt
    assert "Ranked positions:" in synthesis or protocol == "round_robin"


def _conflict(texts: list[str], parties: tuple[str, str]) -> Conflict:
    return Conflict(
        id="c1",
        type="architecture",
        subject=texts[0],
        positions=tuple(
            position(ORG, agent, texts[1 + i], reasoning=texts[3 + i], evidence=(texts[5],))
            for i, agent in enumerate(parties)
        ),
    )


@FEW
@given(Texts, st.sampled_from(["authority", "debate", "hybrid", "ladder"]))
def test_conflict_strategies_fence_every_party_and_model_text(
    texts: list[str], strategy: str
) -> None:
    model = _script(texts)
    # Two leads tie on rank, so authority asks their common manager (a model call).
    parties = ("backend_lead", "frontend_lead") if strategy == "authority" else PARTIES
    config = ConflictResolutionConfig(
        strategy=strategy, hybrid={"escalate_on_ambiguity": False}, ladder={"max_rounds": 2}
    )
    graph = create_conflict_graph(ORG, Roster(ORG, default_model=model), config=config)
    out = graph.invoke({"conflict": _conflict(texts, parties)})
    assert out["resolution"] is not None
    check_calls(model.calls, UNTRUSTED_CONTENT_DIRECTIVE)


PARTIES = ("senior_dev", "junior_dev")


def _hand(agent_id: str, refinement: str, n: int) -> AIMessage:
    call = {"agent_id": agent_id, "refinement": refinement}
    return AIMessage(content="", tool_calls=[{"name": "delegate_to", "args": call, "id": f"c{n}"}])


@FEW
@given(Texts, st.lists(hostile_text(one_line=True), min_size=2, max_size=2))
def test_delegation_fences_model_chosen_ids_refinements_and_human_answers(
    texts: list[str], ids: list[str]
) -> None:
    model = ScriptedChatModel(
        {
            # cto hands to a made-up id: blocked, its manager (ceo) takes over the frame.
            "cto": [_hand(ids[0], texts[1], 1), texts[2]],
            # ceo hands back to cto (who now reads the guard's notice), then to qa_head.
            "ceo": [_hand("cto", texts[3], 2), _hand("qa_head", texts[4], 3), texts[5]],
            # qa_head (no manager) hands to a made-up id: a human answers for it.
            "qa_head": [_hand(ids[1], texts[0], 4)],
        }
    )
    graph = create_delegation_graph(
        ORG, Roster(ORG, default_model=model), checkpointer=InMemorySaver()
    )
    config = {"configurable": {"thread_id": "t"}}
    context = {"enforce_chain_of_command": False}
    out = graph.invoke({"task": texts[0], "entry_agent": "cto"}, config, context=context)
    assert out["__interrupt__"], out
    human = {"answer": texts[1], "decided_by": f"human:{ids[1]}"}
    out = graph.invoke(Command(resume=human), config, context=context)
    assert out["result"].status == "answered"
    assert [c.agent_id for c in model.calls] == ["cto", "ceo", "cto", "ceo", "qa_head", "ceo"]
    check_calls(model.calls, UNTRUSTED_CONTENT_DIRECTIVE)
