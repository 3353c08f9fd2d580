"""Authority cues as people write them: varied phrasings flagged, evidence-led replies not."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import yaml

from langgraph_council.guards import detect_authority_cues
from langgraph_council.nodes import Contribution

PHRASINGS = yaml.safe_load(
    (Path(__file__).parents[1] / "data" / "authority_phrasings.yaml").read_text()
)


def _cues(text: str) -> list[str]:
    said = Contribution(
        agent_id="a", phase="input", turn=0, content=text, input_tokens=1, output_tokens=1,
        timestamp=datetime.now(UTC),
    )  # fmt: skip
    return [cue.cue for cue in detect_authority_cues([said])]


def test_at_least_nine_in_ten_appeals_to_rank_are_flagged() -> None:
    missed = [text for text in PHRASINGS["cues"] if not _cues(text)]
    assert len(PHRASINGS["cues"]) >= 30
    assert len(missed) <= len(PHRASINGS["cues"]) // 10, missed


def test_evidence_led_replies_are_never_flagged() -> None:
    flagged = {text: _cues(text) for text in PHRASINGS["evidence"] if _cues(text)}
    assert len(PHRASINGS["evidence"]) >= 30
    assert flagged == {}
