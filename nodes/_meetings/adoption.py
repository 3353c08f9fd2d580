"""Which stated claim a decision line adopts, read from text when no reference was given.

The structured synthesis names the positions it adopts by number or agent id (issue 13 item 2);
this is the fallback for a text-only synthesiser. A claim is compared after its appeal to
authority, its preamble ("As the CTO, I am telling you: ...") and its punctuation are stripped,
so "Buy the vendor queue" matches the claim "As the CTO, I am telling you: Buy the vendor
queue!" and not a differently worded peer's claim.
"""

from __future__ import annotations

import re

from langgraph_council.nodes._meetings.deference import strip_authority_cues

__all__ = ["MATCH_THRESHOLD", "STOP_WORDS", "clean_claim", "match_score", "parse_references"]

MATCH_THRESHOLD = 0.6
"""The least `match_score` at which a decision line adopts a claim."""

STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "to",
        "of",
        "for",
        "and",
        "or",
        "we",
        "should",
        "use",
        "is",
        "be",
        "in",
        "on",
        "it",
        "our",
        "with",
        "as",
        "by",
        "this",
        "that",
    ]
)
"""Words a claim is not ranked by."""

_FILLER = STOP_WORDS | frozenset(
    [
        "i",
        "you",
        "me",
        "my",
        "am",
        "are",
        "must",
        "need",
        "just",
        "really",
        "clearly",
        "obviously",
        "think",
        "believe",
        "telling",
        "tell",
        "say",
        "saying",
        "let",
        "us",
        "go",
    ]
)
"""Words that carry no claim: the ranking's stop words plus the filler of an appeal."""
_REFERENCE = re.compile(r"(?:#|position\s*|\b)(\d{1,3})\b|\b([a-z][\w.-]*_[\w.-]+)\b", re.I)


def clean_claim(text: str) -> str:
    """The claim without authority cues, a leading preamble ending in a colon, or punctuation."""
    text = strip_authority_cues(text)
    _, colon, tail = text.rpartition(":")
    if colon and tail.strip() and len(tail.split()) >= 2:
        text = tail
    return " ".join(re.findall(r"[a-z0-9]+", text.casefold()))


def _key(text: str) -> set[str]:
    all_words = set(clean_claim(text).split())
    return (all_words - _FILLER) or all_words


def match_score(claim: str, decision: str) -> float:
    """How well a decision line restates a claim: the F1 of their key words, 0 to 1."""
    a, b = _key(claim), _key(decision)
    if not a or not b:
        return 0.0
    return 2 * len(a & b) / (len(a) + len(b))


def parse_references(lines: list[str]) -> tuple[list[int], list[str]]:
    """Position numbers and agent-like ids named in an `Adopted:` section of a text synthesis."""
    numbers: list[int] = []
    agents: list[str] = []
    for line in lines:
        for number, agent in _REFERENCE.findall(line):
            if number:
                numbers.append(int(number))
            elif agent:
                agents.append(agent)
    return numbers, agents
