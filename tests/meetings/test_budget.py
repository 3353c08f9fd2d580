"""Budgets: priced before each call, output capped, reserve held back, partial minutes kept."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_core.messages import AIMessage

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.guards import TokenBudget
from langgraph_council.nodes._calls.replies import estimate_tokens

LONG = "We should weigh latency, cost and the team's experience carefully here. " * 6


def test_budget_too_small_for_synthesis_keeps_every_contribution(
    make_roster, meeting_input
) -> None:
    roster, model = make_roster(
        {"senior_dev": [LONG, LONG], "junior_dev": [LONG, LONG], "cto": ["never"]}
    )
    graph = create_meeting_graph(roster, protocol="round_robin")
    minutes = graph.invoke(meeting_input(["senior_dev", "junior_dev"], budget=900))["minutes"]
    assert minutes.status == "budget_exhausted"
    spoken = [c for c in minutes.contributions if c.phase == "round_robin"]
    assert len(spoken) >= 1 and len(spoken) == len(model.calls)
    assert all(c.agent_id != "cto" for c in model.calls)  # synthesis never called
    assert "synthesis needs" in (minutes.error or "")
    assert minutes.total_input_tokens + minutes.total_output_tokens <= 900
    assert minutes.summary == "" and minutes.decisions == ()


def test_turns_stop_before_the_reserve_and_the_summary_uses_it(make_roster, meeting_input) -> None:
    roster, _model = make_roster(
        {"senior_dev": [LONG] * 2, "junior_dev": [LONG] * 2, "cto": ["Decisions:\n- go"]}
    )
    graph = create_meeting_graph(roster, protocol="round_robin")
    minutes = graph.invoke(meeting_input(["senior_dev", "junior_dev"], budget=2200))["minutes"]
    turns = [c for c in minutes.contributions if c.phase == "round_robin"]
    assert len(turns) < 4  # the budget, not the turn cap, ended the discussion
    assert minutes.status == "budget_exhausted" and minutes.decisions == ("go",)
    assert minutes.total_tokens <= 2200
    used_before_summary = sum(c.total_tokens for c in turns)
    assert used_before_summary <= 2200 - 440  # 20 % reserve never spent on turns


def test_output_is_capped_by_what_is_left(make_roster, meeting_input) -> None:
    roster, model = make_roster({"senior_dev": [LONG], "cto": ["Decisions:\n- ok"]})
    graph = create_meeting_graph(roster, protocol="round_robin")
    ctx = {"round_robin": {"max_turns_per_agent": 1}}
    minutes = graph.invoke(meeting_input(["senior_dev"], budget=600), context=ctx)["minutes"]
    first = model.calls[0]
    assert first.max_tokens is not None and first.max_tokens < 400
    assert minutes.contributions[0].output_tokens <= first.max_tokens


def test_parallel_phase_without_budget_ends_before_any_call(make_roster, meeting_input) -> None:
    roster, model = make_roster({})
    for protocol in ("position_papers", "structured_phases"):
        minutes = create_meeting_graph(roster, protocol=protocol).invoke(meeting_input(budget=300))[
            "minutes"
        ]
        assert minutes.status == "budget_exhausted" and minutes.contributions == ()
        assert "parallel calls need" in (minutes.error or "")
    assert model.calls == []


@given(
    total=st.integers(1, 50_000),
    used=st.integers(0, 50_000),
    prompt=st.integers(0, 5_000),
    want=st.integers(1, 2_000),
    reserve=st.floats(0.0, 0.9),
    synthesis=st.booleans(),
)
def test_a_planned_call_always_fits(total, used, prompt, want, reserve, synthesis) -> None:
    budget = TokenBudget(total=total, used=used, reserve_fraction=reserve)
    plan = budget.plan(prompt_tokens=prompt, want=want, for_synthesis=synthesis)
    if plan.allowed:
        held = 0 if synthesis else budget.reserve
        assert prompt + plan.max_tokens <= budget.remaining - held
        assert budget.min_output <= plan.max_tokens <= want


@given(prompts=st.lists(st.integers(0, 800), min_size=1, max_size=8), total=st.integers(1, 20_000))
def test_parallel_plans_fit_together(prompts, total) -> None:
    budget = TokenBudget(total=total, used=0)
    plan = budget.plan_parallel(prompts, want=300)
    if plan.allowed:
        assert sum(prompts) + plan.max_tokens * len(prompts) <= total - budget.reserve


# Whole meetings per example: few examples, no deadline, fixtures shared across examples.
_WHOLE_MEETINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
_PROTOCOLS = st.sampled_from(["round_robin", "position_papers", "structured_phases"])


def _long_reply(call) -> str:
    """The leader's decisions or a participant's position, each padded to a long reply."""
    if call.agent_id == "cto":
        return "Decisions:\n- go\n" + LONG
    return f"Position: option {call.agent_id}\nEvidence:\n- src {call.agent_id}\n" + LONG


@_WHOLE_MEETINGS
@given(
    budget=st.integers(50, 6_000),
    protocol=_PROTOCOLS,
)
def test_no_protocol_ever_spends_more_than_its_budget(
    make_roster, meeting_input, budget, protocol
) -> None:
    roster, model = make_roster(_long_reply)
    ctx = {"structured_phases": {"premortem": True}}
    minutes = create_meeting_graph(roster, protocol=protocol).invoke(
        meeting_input(budget=budget), context=ctx
    )["minutes"]
    assert minutes.total_tokens <= budget
    assert len(minutes.contributions) == len(model.calls) - len(minutes.failures)
    assert minutes.status in ("completed", "budget_exhausted")


def _billing_high(call) -> AIMessage:
    """A provider whose tokenizer bills prompts at 1.6x our 4-characters-a-token estimate."""
    text = _long_reply(call)
    if call.max_tokens is not None:
        text = text[: call.max_tokens * 4]
    billed_in = math.ceil(1.6 * sum(estimate_tokens(str(m.content)) for m in call.messages))
    out = estimate_tokens(text)
    usage = {"input_tokens": billed_in, "output_tokens": out, "total_tokens": billed_in + out}
    return AIMessage(content=text, usage_metadata=usage)


@_WHOLE_MEETINGS
@given(
    budget=st.integers(300, 8_000),
    protocol=_PROTOCOLS,
)
def test_a_provider_billing_above_our_estimates_never_ends_silently_over_budget(
    make_roster, meeting_input, budget, protocol
) -> None:
    roster, _model = make_roster(_billing_high)
    minutes = create_meeting_graph(roster, protocol=protocol).invoke(meeting_input(budget=budget))[
        "minutes"
    ]
    if minutes.total_tokens > budget:
        assert minutes.status == "budget_exhausted"
        assert minutes.error and "billed" in minutes.error
    else:
        assert minutes.status in ("completed", "budget_exhausted")


def test_pricing_learns_the_providers_ratio_so_sequential_turns_stay_in_budget(
    make_roster, meeting_input
) -> None:
    roster, _model = make_roster(_billing_high)
    minutes = create_meeting_graph(roster, protocol="round_robin").invoke(
        meeting_input(budget=4_000)
    )["minutes"]
    # Priced at our own estimate this meeting ends near 4,450 tokens; after the first turn
    # every call is priced at the 1.6x the provider really bills.
    assert minutes.total_tokens <= 4_000


def test_the_price_calibration_survives_a_resume_on_postgres_without_a_blob_per_turn(
    make_roster, meeting_input, pg_saver, pg_db
) -> None:
    # issue 25: the calibration pair is a delta channel, so a turn writes it once and no
    # checkpoint stores a copy; a resumed meeting prices with the same pair as a straight run.
    import psycopg

    roster, _model = make_roster(_billing_high)
    graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=pg_saver)
    rr = {"round_robin": {"max_turns_per_agent": 2, "leader_summarizes": False}}
    stopped = {"configurable": {"thread_id": "stopped"}}
    graph.invoke(meeting_input(budget=50_000), stopped, context=rr, interrupt_after=["take_turn"])
    graph.invoke(None, stopped, context=rr, interrupt_after=["take_turn"])
    resumed = graph.invoke(None, stopped, context=rr)["minutes"]
    straight = {"configurable": {"thread_id": "straight"}}
    graph.invoke(meeting_input(budget=50_000), straight, context=rr)
    pair = graph.get_state(stopped).values["input_calibration"]
    assert pair == graph.get_state(straight).values["input_calibration"]
    assert pair[1] == resumed.total_input_tokens and pair[1] > pair[0] > 0  # billed 1.6x
    with psycopg.connect(pg_db) as conn:
        row = conn.execute(
            "SELECT count(*) FROM checkpoint_blobs WHERE thread_id = 'straight' "
            "AND channel = 'input_calibration'"
        ).fetchone()
    assert row is not None and row[0] <= 1, f"{row[0]} calibration blobs for 6 turns"
