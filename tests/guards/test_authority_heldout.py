"""The authority-cue detector on held-out sets written blind: its rate.

tests/data/authority_heldout.yaml was written before reading the detector, but the rules were
then tuned on its misses (57.5 % blind, 100 % after). authority_heldout_blind2.yaml was written
later by someone who read neither the detector nor the other sets, and is never tuned on: its
rate (19/42 flagged, 2/38 evidence-led replies flagged when it was written) is the honest one,
and its tests stay strict xfails until a detector reaches 90 % there (issue 24 item 6).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml

from langgraph_council.guards import detect_authority_cues
from langgraph_council.nodes import Contribution

DATA = Path(__file__).parents[1] / "data"
HELDOUT = yaml.safe_load((DATA / "authority_heldout.yaml").read_text())
BLIND = yaml.safe_load((DATA / "authority_heldout_blind2.yaml").read_text())


def _flagged(text: str) -> bool:
    said = Contribution(
        agent_id="a", phase="input", turn=0, content=text, input_tokens=1, output_tokens=1,
        timestamp=datetime.now(UTC),
    )  # fmt: skip
    return bool(detect_authority_cues([said]))


def _nine_in_ten_flagged(cues: list[str]) -> None:
    missed = [text for text in cues if not _flagged(text)]
    rate = (len(cues) - len(missed)) / len(cues)
    print(f"held-out authority cues flagged: {len(cues) - len(missed)}/{len(cues)} = {rate:.1%}")
    assert len(cues) >= 30
    assert rate >= 0.9, missed


def _none_flagged(evidence: list[str]) -> None:
    flagged = [text for text in evidence if _flagged(text)]
    print(f"held-out evidence-led replies flagged: {len(flagged)}/{len(evidence)}")
    assert len(evidence) >= 30
    assert flagged == []


def test_nine_in_ten_held_out_appeals_to_rank_are_flagged() -> None:
    _nine_in_ten_flagged(HELDOUT["cues"])


def test_no_held_out_evidence_led_reply_is_flagged() -> None:
    _none_flagged(HELDOUT["evidence"])


@pytest.mark.xfail(strict=True, reason="blind rate 19/42: the rules miss titles, groups, tenure")
def test_nine_in_ten_blind_appeals_to_rank_are_flagged() -> None:
    _nine_in_ten_flagged(BLIND["cues"])


@pytest.mark.xfail(strict=True, reason="2/38 blind evidence-led replies open with a role claim")
def test_no_blind_evidence_led_reply_is_flagged() -> None:
    _none_flagged(BLIND["evidence"])
