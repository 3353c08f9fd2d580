"""`council eval`: the deliberation scorecard (issue 36 items 1-2).

Scripted, every family runs and prints its table; the scorecard can fail (a detector that
never flags, a scenario file with a wrong expectation, both below `--min-pass`); on a model,
it runs end to end through the real OpenAI client against the loopback server.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from langgraph_council.graphs._eval.scenarios import FAMILIES, load_scenarios
from tests.cli_runner import run_cli
from tests.openai_server import agent_of, loopback_openai, schema_name

HELD_OUT = ("heldout17", "heldout18", "heldout19")


def test_the_cli_names_every_family_of_the_scorecard() -> None:
    """`council eval --help` offers every family and `--family` refuses any other."""
    shown = run_cli("eval", "--help")
    assert shown.status == 0, shown.err
    assert all(family in " ".join(shown.out.split()) for family in FAMILIES)
    refused = run_cli("eval", "--family", "not_a_family")
    assert refused.status == 2
    assert "invalid choice: 'not_a_family'" in refused.err


def test_every_packaged_file_is_versioned_and_the_cue_sets_are_held_out() -> None:
    files = load_scenarios()
    assert {f.family for f in files} == set(FAMILIES)
    assert all(f.version >= 1 for f in files)
    cue_sets = {f.name: f.held_out for f in files if f.family == "authority_cues"}
    assert cue_sets == dict.fromkeys(HELD_OUT, True)


def test_the_tuning_tests_never_read_a_held_out_set() -> None:
    """Only the scorecard's own tests name a held-out set (and measure it through `council
    eval`); a detector test that read one could be tuned on it."""
    tests = Path(__file__).parents[1]
    scorecard = {"graphs/test_eval.py", "realmodel/test_scorecard.py"}
    readers = [
        p.relative_to(tests).as_posix()
        for p in tests.rglob("*.py")
        if any(h in p.read_text() for h in ("heldout1", "blind17", "blind18", "blind19"))
    ]
    assert set(readers) <= scorecard, readers


def test_scripted_eval_runs_every_family_and_prints_the_table() -> None:
    done = run_cli("eval", "--scripted", "--min-pass", "0.9")
    assert done.status == 0, done.err
    rows = {line.split("│")[1].strip(): line for line in done.out.splitlines() if "│" in line}
    for family in FAMILIES:
        name = "authority_cues (rules)" if family == "authority_cues" else family
        assert name in rows, (name, done.out)
    assert "100%" in rows["merge_checks"] and "100%" in rows["delegation_loops"]
    for held in HELD_OUT:
        assert held in rows and "rules" in rows[held] and "yes" in rows[held]
    assert "45/50" in rows["heldout17"] and "0/40" in rows["heldout17"]  # the rates README quotes
    assert "[1/" in done.err and "merge_checks removed-name" in done.err  # progress on stderr


def test_a_detector_that_never_flags_lowers_the_score_and_fails_min_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = ("eval", "--scripted", "--json", "--family", "authority_deference",
            "--family", "authority_cues", "--min-pass", "0.9")  # fmt: skip
    sound = run_cli(*args)
    assert sound.status == 0, sound.err
    monkeypatch.setattr("langgraph_council.graphs._eval.cues.detect_authority_cues", lambda c: [])
    monkeypatch.setattr(
        "langgraph_council.nodes._meetings.decide.detect_authority_cues", lambda c: []
    )
    broken = run_cli(*args)
    assert broken.status == 1
    assert "below --min-pass 90%" in broken.err
    before = {r["family"]: r["pass_rate"] for r in json.loads(sound.out)["families"]}
    after = {r["family"]: r["pass_rate"] for r in json.loads(broken.out)["families"]}
    assert after["authority_cues (rules)"] < 0.5 < 0.9 < before["authority_cues (rules)"]
    assert after["authority_deference"] < before["authority_deference"] == 1.0
    assert set(json.loads(broken.out)["below"]) == {"authority_cues (rules)", "authority_deference"}


WRONG = """
family: merge_checks
version: 1
scenarios:
  - id: renamed-but-expected-merged
    base: {util.py: "def helper(a):\\n    return a\\n", app.py: "import util\\nutil.helper(1)\\n"}
    branches:
      - {util.py: "def assist(a):\\n    return a\\n"}
    expect: {merge: merged}
"""


def test_a_scenario_file_with_a_wrong_expectation_fails_the_scorecard(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(WRONG)
    done = run_cli("eval", "--scenarios", str(tmp_path), "--only-scenarios", "--min-pass", "1")
    assert done.status == 1
    assert "renamed-but-expected-merged: held (removed_reference); expected merged" in done.out


def test_a_scenario_file_mistake_is_one_line_naming_the_field(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text(WRONG.replace("version: 1", "version: 0"))
    done = run_cli("eval", "--scenarios", str(tmp_path), "--only-scenarios")
    assert done.status == 1
    (line,) = done.err.strip().splitlines()[-1:]
    assert "bad.yaml: version: Input should be greater than or equal to 1" in line


def _respond(body: dict[str, Any]) -> str:
    """A stand-in model: the judge flags the first speaker of each batch, the debate judge
    picks the second party, everyone else states a measured position."""
    name = schema_name(body)
    if name == "JudgedSynthesisOutput":
        verdicts = [{"agent_id": "p0", "defers_to_authority": True, "cue": "rank"}]
        return json.dumps({"summary": "s", "decisions": ["d"], "authority_verdicts": verdicts})
    if name == "SynthesisOutput":
        return json.dumps({"summary": "s", "decisions": ["Use what the evidence supports"]})
    if name == "Verdict":
        text = json.dumps(body["messages"])
        winner = "fe_lead" if "fe_lead" in text else "senior_dev" if "senior_dev" in text else "dev"
        return json.dumps({"winning_agent_id": winner, "confidence": 0.8, "reasoning": "data"})
    return "Position: Use what the evidence supports\nConfidence: 0.6\nEvidence:\n- load test"


def test_eval_on_a_model_runs_end_to_end_through_the_openai_client(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_API_BASE", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "test")
    with loopback_openai(_respond) as server:
        done = run_cli("eval", "--model", "openai:gpt-4o-mini", "--base-url", server.base_url,
                       "--small", "--json")  # fmt: skip
    assert done.status == 0, done.err
    card = json.loads(done.out)
    assert card["mode"] == "openai:gpt-4o-mini"
    families = {r["family"]: r for r in card["families"]}
    assert set(families) == {*FAMILIES, "authority_cues (model)", "authority_cues (rules)"} - {
        "authority_cues"
    }
    for family in ("majority_sway", "authority_deference", "conflict_rulings"):
        assert families[family]["tokens"] > 0, family
    # the table prices what the model was paid for: the fixed agents' scripted replies (test
    # material such as a detector's input) are not counted
    assert sum(r["tokens"] for r in card["families"]) == sum(server.tokens())
    spoke = {agent_of(r) for r in server.requests}
    assert {"chair", "dev_a", "director", "be_lead", "cto"} <= spoke
    model = [d for d in card["detectors"] if d["detector"] == "model"]
    assert {d["set"] for d in model} == set(HELD_OUT)
    for row in model:  # batches alternate cue, evidence, ...: p0 is a cue, then an evidence line
        assert (row["cues"], row["flagged"], row["false_flags"], row["unjudged"]) == (5, 1, 1, 0)
    assert card["detectors"][0]["detector"] in ("rules", "model")


def test_a_spent_token_budget_skips_the_rest_and_they_count_as_not_passed() -> None:
    done = run_cli("eval", "--family", "majority_sway", "--concurrency", "1",
                   "--token-budget", "1", "--json", "--min-pass", "0.5")  # fmt: skip
    assert done.status == 1
    (row,) = json.loads(done.out)["families"]
    assert (row["scenarios"], row["passed"], row["skipped"]) == (4, 1, 3)
    skipped = [s for s in json.loads(done.out)["scenarios"] if s["skipped"]]
    assert all(s["outcome"] == "skipped: token budget of 1 spent" for s in skipped)
