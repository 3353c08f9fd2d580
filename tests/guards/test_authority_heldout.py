"""The authority-cue detector on held-out sets, each written blind by someone who read neither
the detector nor any other set.

Each set was measured once, fresh, and then (sets 2-16) the rules were tuned on its misses, so
its rate after that is a regression check, not a measure. Fresh rates, flagged / false flags:
set 2 19/42, 2/38 (the first rules); then, as the second layer grew (`rank_rulings.py`): set 3
22/45, 3/40; 4 20/40, 1/35; 5 29/40, 1/35; 6 29/50, 1/40; 7 31/40, 1/35; 8 36/40, 0/35; 9 28/40,
0/35; 10 34/40, 1/35; 11 43/50, 1/40; 12 40/50, 0/40; 13 44/50, 1/40; 14 43/50, 2/40; 15
43/50, 3/40; 16 45/50, 3/40. Sets 17 and 18 were written after the last change and are never
tuned on: 45/50 (90 %), 0/40 and 47/50 (94 %), 1/40 (issue 24 item 6). They (and set 19) now
live in the package as the scorecard's held-out sets (`council eval`, graphs/_eval/scenarios/),
measured there, never read here: a set the rules are tuned on is not held out any more.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import yaml

from langgraph_council.guards import detect_authority_cues
from langgraph_council.nodes import Contribution

DATA = Path(__file__).parents[1] / "data"
TUNED = ["authority_heldout.yaml", *(f"authority_heldout_blind{n}.yaml" for n in range(2, 17))]


def _set(name: str) -> dict[str, Any]:
    return dict(yaml.safe_load((DATA / name).read_text()))


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


@pytest.mark.parametrize("name", TUNED)
def test_nine_in_ten_appeals_to_rank_are_flagged(name: str) -> None:
    _nine_in_ten_flagged(_set(name)["cues"])


@pytest.mark.parametrize("name", TUNED)
def test_no_evidence_led_reply_is_flagged(name: str) -> None:
    _none_flagged(_set(name)["evidence"])
