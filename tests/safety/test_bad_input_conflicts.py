"""Issue 15 item 3, conflicts: any conflict and strategy config either resolves (or waits for a
human) or fails before the first model call with an error naming the field."""

from __future__ import annotations

from typing import Any

from hypothesis import example, given
from langgraph.checkpoint.memory import InMemorySaver
from pydantic import ValidationError

from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.graphs._demo.data import demo_reply
from langgraph_council.nodes import Conflict, Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.conftest import ORG_YAML

from .strategies import Fuzzed, fuzz
from .strategies_flows import conflict_configs, conflicts

ORG = Org.load(ORG_YAML)
FUZZ = fuzz(50)
VALID = {
    "id": "c1",
    "type": "architecture",
    "subject": "Queue or cron?",
    "positions": [
        {"agent_id": "senior_dev", "agent_department": "backend", "agent_level": "senior",
         "position": "queue", "reasoning": "retries", "evidence": ["outage log"]},
        {"agent_id": "ui_dev", "agent_department": "frontend", "agent_level": "mid",
         "position": "cron", "reasoning": "simple"},
    ],
}  # fmt: skip


def resolve(conflict: Fuzzed, context: Fuzzed, *, build_time: bool = False) -> None:
    """Resolve one conflict; an error must come before any model call and name a field."""
    model = ScriptedChatModel(demo_reply)
    touched = conflict.touched | context.touched
    config: Any = ConflictResolutionConfig()
    if build_time:
        try:
            config = ConflictResolutionConfig.model_validate(context.value)
        except ValidationError as exc:
            assert Fuzzed(None, touched).named_in(str(exc)), (str(exc), touched)
            return
    try:
        graph = create_conflict_graph(
            ORG, Roster(ORG, default_model=model), config=config, checkpointer=InMemorySaver()
        )
        out = graph.invoke(
            {"conflict": conflict.value},
            {"configurable": {"thread_id": "fuzz"}},
            context=None if build_time else context.value,
        )
    except (ValueError, TypeError) as exc:
        message = str(exc)
        assert model.calls == [], f"{len(model.calls)} model calls before: {message}"
        assert Fuzzed(None, touched).named_in(message), (message, touched)
        return
    if out.get("__interrupt__"):
        assert out["__interrupt__"][0].value["escalation_id"]
        return
    resolution = out["resolution"]
    parties = {p.agent_id for p in Conflict.model_validate(conflict.value).positions}
    assert resolution.winning_agent_id is None or resolution.winning_agent_id in parties


@FUZZ
@given(conflicts())
def test_conflicts_resolve_or_fail_before_any_call_naming_the_field(conflict: Fuzzed) -> None:
    resolve(conflict, Fuzzed({"strategy": "debate", "ladder": {"max_rounds": 1}}))


@FUZZ
@given(conflict_configs())
# Bug: an unregistered strategy picked by `by_conflict_type` was reported as `strategy`.
@example(Fuzzed({"by_conflict_type": {"architecture": "coin"}}, {"by_conflict_type"}))
# Bug: a party named as ladder.arbitrator failed only at arbitration, after every negotiation
# round's model calls.
@example(Fuzzed({"strategy": "ladder", "ladder": {"arbitrator": "senior_dev"}}, {"arbitrator"}))
def test_strategy_contexts_resolve_or_fail_before_any_call_naming_the_field(
    context: Fuzzed,
) -> None:
    resolve(Fuzzed(VALID), context)


@FUZZ
@given(conflict_configs())
# Bug: `config names unregistered strategies ['']` did not say which field named it.
@example(Fuzzed({"strategy": "authority", "by_department": {"backend": ""}}, {"by_department"}))
def test_strategy_configs_at_build_time_resolve_or_fail_before_any_call(context: Fuzzed) -> None:
    resolve(Fuzzed(VALID), context, build_time=True)
