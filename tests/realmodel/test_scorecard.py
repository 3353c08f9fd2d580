"""The scorecard's small subset on the small real model (issue 36 item 2): every family runs
to a score without an error, the model detector is measured on every held-out set, and the
figures are printed for docs/realmodel.md (before any assertion, so a failing run still shows
them). One scenario at a time: the server has one thread, and requests queued behind three
others ran past the agents' 600 s time limit on a busy machine (the first run, 2026-11-28)."""

from __future__ import annotations

import pytest
from langchain_openai import ChatOpenAI
from rich.console import Console

from langgraph_council.graphs._cli.eval import print_scorecard
from langgraph_council.graphs._eval.play import Players
from langgraph_council.graphs._eval.runner import EvalOptions, run_scorecard
from langgraph_council.graphs._eval.scenarios import FAMILIES
from tests.realmodel.llama import RealModel

pytestmark = pytest.mark.realmodel


def test_the_small_scorecard_runs_on_the_small_model(
    llama: RealModel, capsys: pytest.CaptureFixture[str]
) -> None:
    # one address form only (the other suites run both): the subset takes ~13 min on 2 cores
    chat = ChatOpenAI(model="smollm2", base_url=llama.base_url, api_key="none",
                      temperature=0, max_retries=0, timeout=600)  # fmt: skip
    lines: list[str] = []
    players = Players(chat, label="smollm2 (realmodel)")
    options = EvalOptions(players=players, small=True, concurrency=1)
    with llama.tally() as tally:
        card = run_scorecard(options, lines.append)
    with capsys.disabled():
        print_scorecard(Console(width=120), card)
        for r in card.results:
            if not r.passed and r.detector is None:
                print(f"failed: {r.family} {r.scenario}: {r.outcome}")
    rows = {r.family: r for r in card.families()}
    expected = {f for f in FAMILIES if f != "authority_cues"}
    assert expected | {"authority_cues (rules)", "authority_cues (model)"} == set(rows)
    errors = [(r.family, r.scenario, r.outcome) for r in card.results if "error:" in r.outcome]
    assert not errors, errors
    model = [d for d in card.detectors() if d.detector == "model"]
    assert {d.set for d in model} == {"heldout17", "heldout18", "heldout19"}
    assert all(d.cues == 5 and d.evidence == 5 for d in model)
    assert sum(r.tokens for r in card.results) == sum(tally.tokens())
