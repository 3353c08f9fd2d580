"""Synthesis: evidence over headcount and rank, minority reports, structured and text output."""

from __future__ import annotations

import re
from typing import Any

import pytest

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import AgentProfile, Org, Roster
from langgraph_council.nodes._meetings.models import Position
from langgraph_council.nodes._meetings.positions import minority_reports, rank_positions
from langgraph_council.nodes._meetings.synthesis import parse_synthesis_text
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel, last_human_text

EIGHT = [
    "senior_dev",
    "junior_dev",
    "ui_dev",
    "qa_engineer",
    "backend_lead",
    "frontend_lead",
    "qa_head",
    "ceo",
]


def follow_top_ranked(call: ScriptCall) -> str:
    """A leader that decides for the best-ranked position it is shown."""
    top = re.search(
        r"Ranked positions:\n1\. .*\n<peer-contribution [^>]*>\nPosition: (.+)",
        last_human_text(call),
    )
    claim = top.group(1) if top else "nothing"
    return f"Summary: decided on evidence.\nDecisions:\n- {claim}\nJustification: best sources."


def test_majority_sway_ranking_seven_versus_three() -> None:
    shared = "blog.example.com/fast-take"
    majority = [
        Position(agent_id=f"x{i}", claim="The outage was a DNS failure", evidence=(shared,))
        for i in range(7)
    ]
    minority = [
        Position(
            agent_id="y0", claim="The outage was a certificate expiry", evidence=("cert log 14:02",)
        ),
        Position(
            agent_id="y1", claim="The outage was a certificate expiry", evidence=("CA audit trail",)
        ),
        Position(
            agent_id="y2",
            claim="The outage was a certificate expiry",
            evidence=("client TLS errors",),
        ),
    ]
    groups = rank_positions([*majority, *minority])
    assert groups[0].claim == "The outage was a certificate expiry"
    assert groups[1].evidence == (shared,)  # one shared source counted once, not seven times
    reports = minority_reports(groups, ["Root cause: certificate expiry"])
    assert [(r.claim, r.supporters, r.evidence) for r in reports] == [
        ("The outage was a DNS failure", 7, (shared,))
    ]


def test_majority_sway_seven_versus_three_in_a_meeting() -> None:
    """The issue's scenario: 7 agents repeat one shared source for X, 3 bring independent
    evidence for Y; the participant cap is raised to 10 for it (default 8)."""
    ids = [f"x{i}" for i in range(7)] + ["y0", "y1", "y2", "lead"]
    org = Org(
        [
            AgentProfile(id=a, name=a.upper(), role="analyst", department="ops", level="mid")
            for a in ids
        ]
    )
    shared = "blog.example.com/fast-take"
    replies = {f"x{i}": _pos("The outage was a DNS failure", shared, 0.9) for i in range(7)}
    replies |= {
        "y0": _pos("The outage was a certificate expiry", "cert log 14:02", 0.6),
        "y1": _pos("The outage was a certificate expiry", "CA audit trail", 0.6),
        "y2": _pos("The outage was a certificate expiry", "client TLS errors", 0.6),
    }
    model = ScriptedChatModel(lambda call: replies.get(call.agent_id) or follow_top_ranked(call))
    graph = create_meeting_graph(Roster(org, default_model=model), protocol="position_papers")
    inp = {
        "agenda": "Root cause of the outage",
        "leader_id": "lead",
        "participant_ids": ids[:10],
        "token_budget": 50_000,
    }
    minutes = graph.invoke(inp, context={"max_participants": 10})["minutes"]
    assert minutes.decisions == ("The outage was a certificate expiry",)
    [report] = minutes.minority_reports
    assert (report.claim, report.supporters, report.evidence) == (
        "The outage was a DNS failure",
        7,
        (shared,),
    )
    assert minutes.evidence_warning is None


def test_a_decision_against_the_evidence_is_flagged(make_roster, meeting_input, position) -> None:
    roster, _ = make_roster(
        {
            "senior_dev": [position("Use MongoDB", "blog.example.com/hype")],
            "junior_dev": [position("Use MongoDB", "blog.example.com/hype")],
            "ui_dev": [position("Use Postgres", "pgbench 2024", "incident review INC-88")],
            "cto": ["Decisions:\n- Use MongoDB"],
        }
    )
    graph = create_meeting_graph(roster, protocol="position_papers")
    minutes = graph.invoke(meeting_input())["minutes"]
    assert minutes.decisions == ("Use MongoDB",)
    assert minutes.evidence_warning == (
        "decision adopts 'Use MongoDB' (1 independent source(s)) over 'Use Postgres' (2)"
    )
    assert [r.claim for r in minutes.minority_reports] == ["Use Postgres"]


def _pos(claim: str, source: str, confidence: float) -> str:
    return f"Position: {claim}\nConfidence: {confidence}\nEvidence:\n- {source}"


def test_majority_sway_in_a_meeting(make_roster, meeting_input, position) -> None:
    shared = "https://blog.example.com/fast-take/"
    x = [position("Use MongoDB", shared, "http://blog.example.com/fast-take", confidence=0.9)] * 5
    script = {a: [x[0]] for a in EIGHT[:5]}
    script |= {
        "frontend_lead": [position("Use Postgres", "pgbench 2024 results", confidence=0.6)],
        "qa_head": [position("Use Postgres", "incident review INC-88", confidence=0.6)],
        "ceo": [position("Use Postgres", "vendor support contract", confidence=0.6)],
    }
    roster, model = make_roster(
        lambda call: (
            script[call.agent_id][0] if call.agent_id in script else follow_top_ranked(call)
        )
    )
    ctx = {"structured_phases": {"devils_advocate": False}}
    minutes = create_meeting_graph(roster).invoke(meeting_input(EIGHT), context=ctx)["minutes"]
    assert minutes.decisions == ("Use Postgres",)
    [report] = minutes.minority_reports
    assert report.claim == "Use MongoDB" and report.supporters == 5
    assert report.evidence == ("https://blog.example.com/fast-take/",)
    synthesis_prompt = model.calls[-1].prompt
    assert synthesis_prompt.index("Position: Use Postgres\n") < synthesis_prompt.index(
        "Position: Use MongoDB\n"
    )


def test_authority_cue_does_not_flip_the_decision_and_is_flagged(
    make_roster, meeting_input, position
) -> None:
    script = {
        "backend_lead": [
            position(
                "Use MongoDB", confidence=1.0, extra="As the senior architect, trust me on this."
            )
        ],
        "senior_dev": [position("Use Postgres", "pgbench 2024 results")],
        "junior_dev": [position("Use Postgres", "incident review INC-88")],
    }
    roster, model = make_roster(
        lambda call: (
            script[call.agent_id][0] if call.agent_id in script else follow_top_ranked(call)
        )
    )
    ctx = {"structured_phases": {"devils_advocate": False}}
    minutes = create_meeting_graph(roster).invoke(
        meeting_input(["backend_lead", "senior_dev", "junior_dev"]), context=ctx
    )["minutes"]
    assert minutes.decisions == ("Use Postgres",)
    assert {c.agent_id for c in minutes.authority_cues} == {"backend_lead"}
    assert any("senior architect" in c.cue for c in minutes.authority_cues)
    assert "Rank is not evidence" in model.calls[-1].prompt
    assert [r.claim for r in minutes.minority_reports] == ["Use MongoDB"]
    assert minutes.justification == "best sources."


def test_no_authority_directive_without_cues(make_roster, meeting_input, position) -> None:
    roster, model = make_roster(
        {
            "senior_dev": [position("Use Postgres", "a")],
            "junior_dev": [position("Use Postgres", "b")],
            "cto": ["Decisions:\n- Use Postgres"],
        }
    )
    ctx = {"structured_phases": {"devils_advocate": False}}
    minutes = create_meeting_graph(roster).invoke(
        meeting_input(["senior_dev", "junior_dev"]), context=ctx
    )["minutes"]
    assert minutes.authority_cues == () and "Rank is not evidence" not in model.calls[-1].prompt
    assert minutes.minority_reports == ()


def test_structured_output_is_used_when_the_model_gives_it(make_roster, meeting_input) -> None:
    structured = {
        "summary": "Structured summary",
        "decisions": ["Adopt Postgres"],
        "action_items": [
            {"description": "Benchmark", "assignee": "Sam", "priority": "critical"},
            {"description": "Budget", "assignee": "ceo", "priority": "low"},
        ],
        "justification": "pgbench",
    }
    roster, _ = make_roster({"senior_dev": ["p"], "junior_dev": ["q"], "cto": [structured]})
    graph = create_meeting_graph(roster, protocol="position_papers")
    minutes = graph.invoke(meeting_input(["senior_dev", "junior_dev"]))["minutes"]
    assert minutes.summary == "Structured summary" and minutes.decisions == ("Adopt Postgres",)
    bench, budget = minutes.action_items
    assert (bench.assignee_id, bench.priority, bench.flagged) == ("senior_dev", "critical", None)
    assert budget.assignee_id is None and budget.requested_assignee == "ceo" and budget.flagged


def test_tolerant_text_parser() -> None:
    text = (
        "## Summary\nWe met.\n\n**Decisions:**\n1. Use Postgres\n2) Keep Redis\n"
        "# Action Items\n* Write ADR (assigned to senior_dev) [priority: high]\n"
        "- assignee: ui_dev; Update the schema page\n• Celebrate\nJustification: evidence."
    )
    out = parse_synthesis_text(text)
    assert out.summary == "We met."
    assert out.decisions == ["Use Postgres", "Keep Redis"]
    assert [(a.description, a.assignee, a.priority) for a in out.action_items] == [
        ("Write ADR", "senior_dev", "high"),
        ("Update the schema page", "ui_dev", "medium"),
        ("Celebrate", None, "medium"),
    ]
    assert out.justification == "evidence."
    assert parse_synthesis_text("Just prose, no headers.").summary == "Just prose, no headers."


def test_an_action_items_notes_in_one_bracket_leave_its_description_whole() -> None:
    """The notebooks' synthesiser writes both notes in one bracket; the description was cut
    at the parenthesis (`Draft the v2 endpoint plan (`)."""
    text = (
        "Action Items:\n- Draft the v2 endpoint plan (assigned to backend_lead, priority: high)\n"
        "- Measure payload size (v2 only) (assigned to frontend_lead)\n"
    )
    out = parse_synthesis_text(text)
    assert [(a.description, a.assignee, a.priority) for a in out.action_items] == [
        ("Draft the v2 endpoint plan", "backend_lead", "high"),
        ("Measure payload size (v2 only)", "frontend_lead", "medium"),
    ]


def test_synthesiser_positions_fill_gaps_and_feed_minority_reports(
    make_roster, meeting_input
) -> None:
    structured = {
        "summary": "s",
        "decisions": ["Use Postgres for billing"],
        "positions": [
            {
                "agent_id": "senior_dev",
                "claim": "Use Postgres for billing",
                "evidence": ["pgbench"],
            },
            {
                "agent_id": "junior_dev",
                "claim": "Use MongoDB",
                "confidence": 0.4,
                "evidence": ["churn"],
            },
            {"agent_id": "not_here", "claim": "Use Oracle", "evidence": ["sales call"]},
        ],
    }
    roster, _ = make_roster(
        {"senior_dev": ["free text"], "junior_dev": ["more free text"], "cto": [structured]}
    )
    graph = create_meeting_graph(roster, protocol="position_papers")
    minutes = graph.invoke(meeting_input(["senior_dev", "junior_dev"]))["minutes"]
    assert [p.agent_id for p in minutes.positions] == ["senior_dev", "junior_dev"]
    [report] = minutes.minority_reports
    assert report.claim == "Use MongoDB" and report.evidence == ("churn",)


def _deferring_leader(justification: str) -> Any:
    def leader(call: ScriptCall) -> str:
        return f"Decisions:\n- Use MongoDB\nJustification: {justification}"

    return leader


@pytest.mark.parametrize(
    ("justification", "flagged"),
    [("The senior architect knows best.", True), ("The schema churn log shows it.", False)],
)
def test_a_decision_following_an_authority_cue_must_cite_evidence(
    make_roster, meeting_input, position, justification, flagged
) -> None:
    # Equal evidence on both sides; the leader sides with the agent that pulled rank.
    script = {
        "backend_lead": [
            position("Use MongoDB", "schema churn log", extra="As the senior architect, trust me.")
        ],
        "senior_dev": [position("Use Postgres", "pgbench 2024 results")],
    }
    leader = _deferring_leader(justification)
    roster, _ = make_roster(lambda c: script[c.agent_id][0] if c.agent_id in script else leader(c))
    ctx = {"structured_phases": {"devils_advocate": False}}
    minutes = create_meeting_graph(roster).invoke(
        meeting_input(["backend_lead", "senior_dev"]), context=ctx
    )["minutes"]
    assert minutes.decisions == ("Use MongoDB",)
    warning = minutes.evidence_warning or ""
    assert ("authority cue by backend_lead" in warning) is flagged
