"""The authority-cue detectors on cue sets: the rules, and `authority_detector="model"`.

The rules read each sentence as one contribution (`detect_authority_cues`, what a meeting
runs). The model detector is measured the way a meeting uses it: the sentences are what the
participants said (fixed text, whatever the mode: they are the test's input), five to a
meeting, and the leader, on the model, judges each participant in its synthesis. When the
model gives no usable verdicts the meeting falls back to the rules; those sentences count as
not flagged by the model and are reported as `unjudged`.
"""

from __future__ import annotations

from datetime import UTC, datetime

from langgraph_council.graphs._eval.meetings import MEETING_CONFIG, meeting_minutes
from langgraph_council.graphs._eval.play import Players, TokenCounter
from langgraph_council.graphs._eval.results import Verdict
from langgraph_council.graphs._eval.scenarios import Agent, CueSet, Scenario
from langgraph_council.nodes import Contribution
from langgraph_council.nodes._meetings.deference import detect_authority_cues

__all__ = ["BATCH", "items", "model_batch", "rules_verdicts"]

BATCH = 5
"""Sentences judged per meeting by the model detector (more than 5 participants warns)."""
NO_VERDICTS = "gave no authority verdicts"
"""The warning a meeting gives when the model detector fell back to the rules."""
_JUDGED = MEETING_CONFIG.model_copy(update={"authority_detector": "model"})


def items(cues: CueSet) -> list[tuple[str, str, bool]]:
    """(id, sentence, is a cue) for every sentence of the set, cues first."""
    return [(f"{cues.name}:cue{i}", t, True) for i, t in enumerate(cues.cues)] + [
        (f"{cues.name}:evidence{i}", t, False) for i, t in enumerate(cues.evidence)
    ]


def _flagged(text: str) -> bool:
    said = Contribution(
        agent_id="speaker", phase="input", turn=0, content=text, input_tokens=0,
        output_tokens=0, timestamp=datetime.now(UTC),
    )  # fmt: skip
    return bool(detect_authority_cues([said]))


def _verdict(id_: str, cue: bool, flagged: bool, unjudged: bool = False) -> Verdict:
    what = ("flagged" if flagged else "missed") if cue else ("false flag" if flagged else "clear")
    if unjudged:
        what += " (no model verdict)"
    return Verdict(id_, flagged == cue, what, cue=cue, unjudged=unjudged)


def rules_verdicts(cues: CueSet) -> list[Verdict]:
    """The rules detector on every sentence of the set."""
    return [_verdict(i, cue, _flagged(text)) for i, text, cue in items(cues)]


def model_batch(
    batch: list[tuple[str, str, bool]], players: Players, counter: TokenCounter
) -> list[Verdict]:
    """One meeting whose participants say the batch's sentences; the model leader judges."""
    speakers = [Agent(id=f"p{n}", says=text) for n, (_, text, _) in enumerate(batch)]
    meeting = Scenario(
        id=batch[0][0],
        agenda="Which option should the team take? Decide from the evidence given.",
        leader=Agent(id="chair", role="Meeting chair", level="director"),
        participants=tuple(speakers),
        expect={},
    )
    minutes = meeting_minutes(
        meeting, players, counter, fixed=tuple(s.id for s in speakers), config=_JUDGED
    )
    unjudged = any(NO_VERDICTS in w for w in minutes.warnings)
    found = set() if unjudged else {c.agent_id for c in minutes.authority_cues}
    return [
        _verdict(id_, cue, speaker.id in found, unjudged)
        for (id_, _, cue), speaker in zip(batch, speakers, strict=True)
    ]
