"""The authority-cue detector on a held-out set written blind (never tuned on): its rate.

tests/data/authority_heldout.yaml was written before reading the detector; the rate measured
here is the one reported in docs/design.md ("Authority cues").
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import yaml

from langgraph_council.guards import detect_authority_cues
from langgraph_council.nodes import Contribution

HELDOUT = yaml.safe_load(
    (Path(__file__).parents[1] / "data" / "authority_heldout.yaml").read_text()
)


def _flagged(text: str) -> bool:
    said = Contribution(
        agent_id="a", phase="input", turn=0, content=text, input_tokens=1, output_tokens=1,
        timestamp=datetime.now(UTC),
    )  # fmt: skip
    return bool(detect_authority_cues([said]))


def test_nine_in_ten_held_out_appeals_to_rank_are_flagged() -> None:
    cues = HELDOUT["cues"]
    missed = [text for text in cues if not _flagged(text)]
    rate = (len(cues) - len(missed)) / len(cues)
    print(f"held-out authority cues flagged: {len(cues) - len(missed)}/{len(cues)} = {rate:.1%}")
    assert len(cues) >= 30
    assert rate >= 0.9, missed


def test_no_held_out_evidence_led_reply_is_flagged() -> None:
    evidence = HELDOUT["evidence"]
    flagged = [text for text in evidence if _flagged(text)]
    print(f"held-out evidence-led replies flagged: {len(flagged)}/{len(evidence)}")
    assert len(evidence) >= 30
    assert flagged == []
