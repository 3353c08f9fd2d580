"""Authority deference: appeals to rank in a transcript, and the directive synthesis then gets.

The authority-deference guard of the design: rank must not decide, the synthesiser justifies
its decision from evidence. `guards._authority_deference` re-exports these names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from langgraph_council.nodes._meetings.models import AuthorityCue, Contribution

__all__ = [
    "AUTHORITY_JUSTIFICATION_DIRECTIVE",
    "authority_cues_in",
    "detect_authority_cues",
    "strip_authority_cues",
]

_TITLES = (
    r"senior|lead|principal|staff|chief|head|director|vp|vice president|cto|ceo|cfo|"
    r"architect|manager|executive|expert"
)
_PATTERNS = (
    rf"\bas (?:(?:the|a|an|your|our) )?(?:most )?(?:{_TITLES})\b"
    r"[\w -]{0,30}?(?=[,.;:]|\s+(?:i|we)\b)",
    rf"\bi(?:'m| am) (?:the|a|your) (?:most )?(?:{_TITLES})\b",
    r"\b(?:trust me|take my word)\b",
    r"\bi outrank\b|\bmy (?:seniority|rank|title|authority)\b",
    r"\bin my \d+ years\b",
    r"\b(?:the )?(?:ceo|cto|vp|director|boss) (?:wants|said|says|decided)\b",
)
_CUE = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.IGNORECASE)

AUTHORITY_JUSTIFICATION_DIRECTIVE = (
    "Some contributions appeal to rank, title or seniority. Rank is not evidence: decide only from "
    "the evidence each position cites, and state in `justification` which evidence supports the "
    "decision. A claim backed only by authority must not win."
)


def detect_authority_cues(contributions: Iterable[Contribution]) -> list[AuthorityCue]:
    """Every appeal to authority in the transcript, in transcript order, once per agent and cue."""
    seen: set[tuple[str, str]] = set()
    cues: list[AuthorityCue] = []
    for c in contributions:
        for match in _CUE.finditer(c.content):
            text = " ".join(match.group(0).split())
            if (c.agent_id, text.casefold()) in seen:
                continue
            seen.add((c.agent_id, text.casefold()))
            cues.append(AuthorityCue(agent_id=c.agent_id, turn=c.turn, cue=text))
    return cues


def authority_cues_in(text: str) -> list[str]:
    """Every appeal to authority in one text (e.g. a subtask's output), in order, each once."""
    seen: set[str] = set()
    cues: list[str] = []
    for match in _CUE.finditer(text):
        cue = " ".join(match.group(0).split())
        if cue.casefold() not in seen:
            seen.add(cue.casefold())
            cues.append(cue)
    return cues


def strip_authority_cues(text: str) -> str:
    """`text` with every appeal to authority removed (to compare what is claimed, not by whom)."""
    return " ".join(_CUE.sub(" ", text).split())
