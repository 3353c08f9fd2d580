"""Reading an evaluator's verdict: the structured one, else the party its prose names.

A judge, reviewer, arbitrator or common manager is asked for a structured `Verdict`. Agents
(and models without structured output) often answer in prose instead: "I pick researcher",
"researcher has the stronger case", "The winner is Rita.". When no structured verdict came
back, the text is read: a party named as the winner by a cue ("I pick X", "X wins", "the
winner is X", "I side with X", "X has the stronger case"...), else the one party named
without a negation ("not researcher: dev's benchmark settles it" names dev). A party is named
by its agent id or its profile name, case-insensitively. A verdict naming both parties (or
neither) is not guessed at: the caller falls back and says why. A structured verdict is read
first and never overridden by its text; one whose winner is a party's name is mapped to the id.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from langgraph_council.nodes._calls import CallOutcome
from langgraph_council.nodes._conflicts.models import Conflict, Verdict
from langgraph_council.nodes._org import Org

__all__ = [
    "PROSE_CONFIDENCE",
    "ProseReading",
    "judged",
    "read_prose_verdict",
    "read_verdict",
    "verdict_problem",
]

PROSE_CONFIDENCE = 0.7
"""The confidence of a prose verdict that states none: the hybrid's default threshold, so a
plain "I pick X" is clear at the default settings and a stricter `min_confidence` escalates."""

_BREAK = re.compile(r"[.;:!?\n]")
_NEGATED = re.compile(
    r"(?:\bnot|\bnever|\bno|n't|\bnor|\brather than|\binstead of|\bover|\bthan|\bagainst|"
    r"\bversus|\bvs\.?)\s+(?:[\w'-]+\s+){0,2}$",
    re.IGNORECASE,
)
_CUE_BEFORE = re.compile(
    r"(?:\bpick|\bchoose|\bselect|\bside with|\bsiding with|\bback|\bsupport|\bfavou?r|"
    r"\bgo with|\bgoing with|\bagree with|\bwinner is|\bwinner:|\bwinner\s*-|\bin favou?r of|"
    r"\brule for|\bruling for|\bdecide for|\bgoes to|\baward it to|\bwinning party is)"
    r"\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_CUE_AFTER = re.compile(
    r"^(?:'s\s+(?:[\w-]+\s+){0,2})?\s*(?:wins|prevails|is right|is correct|should win|"
    r"carries it|is the winner|stands|has the (?:stronger|better|more convincing|strongest|"
    r"best)|has an? (?:stronger|better|more convincing)|"
    r"makes the (?:stronger|better|more convincing)|is (?:stronger|more convincing))\b",
    re.IGNORECASE,
)
_AFTER_NEGATIVE = re.compile(
    r"^(?:'s\s+(?:[\w-]+\s+){0,2})?\s*(?:does not|doesn't|did not|didn't|is wrong|loses|"
    r"is mistaken|fails|falls short|is weaker|has the weaker)\b",
    re.IGNORECASE,
)
_CONFIDENCE = re.compile(
    r"confiden(?:ce|t)\D{0,12}?(\d{1,3}(?:\.\d+)?|\.\d+)\s*(%?)", re.IGNORECASE
)
_UNDECIDED = re.compile(
    r"\b(?:can(?:no|')t decide|no clear winner|too close to call|toss-up|genuine trade-?off|"
    r"undecided|a human (?:should|must) decide)",
    re.IGNORECASE,
)
_ASIDES = re.compile(r"\bno (?:doubt|question)\b|\bnot only\b", re.IGNORECASE)
_PERCENT_SURE = re.compile(r"(\d{1,3})\s*%\s*(?:sure|certain|confident)", re.IGNORECASE)


@dataclass(frozen=True)
class ProseReading:
    """What a verdict's text says: the `winner` (a party id) and how it was read, or `problem`
    (why no party could be read: both named, or none)."""

    winner: str | None
    how: str
    problem: str | None = None


def party_aliases(conflict: Conflict, org: Org | None) -> dict[str, tuple[str, ...]]:
    """Each party's id and name (and the id with spaces), minus any alias two parties share."""
    found: dict[str, set[str]] = {}
    for agent in conflict.agent_ids:
        names = {agent, agent.replace("_", " ").replace("-", " ")}
        if org is not None and agent in org:
            names.add(org.get(agent).name)
        found[agent] = {n.strip().casefold() for n in names if n.strip()}
    shared = {n for a, ns in found.items() for n in ns for b in found if b != a and n in found[b]}
    return {a: tuple(sorted(ns - shared, key=len, reverse=True)) for a, ns in found.items()}


def _mentions(text: str, aliases: Mapping[str, Sequence[str]]) -> list[tuple[int, int, str]]:
    spans: list[tuple[int, int, str]] = []
    for agent, names in aliases.items():
        if not names:
            continue
        pattern = "|".join(re.escape(n) for n in names)
        for m in re.finditer(rf"(?<![\w-])(?:{pattern})(?![\w-])", text, re.IGNORECASE):
            spans.append((m.start(), m.end(), agent))
    return sorted(spans)


def _clause_before(text: str, start: int) -> str:
    window = text[max(0, start - 60) : start]
    cut = max((m.end() for m in _BREAK.finditer(window)), default=0)
    return window[cut:]


def _clause_after(text: str, end: int) -> str:
    window = text[end : end + 60]
    cut = _BREAK.search(window.replace("'s", "\x00s"))  # a possessive is not a break
    return window[: cut.start()] if cut else window


def read_prose_verdict(text: str, aliases: Mapping[str, Sequence[str]]) -> ProseReading:
    """The party `text` names as the winner, or why none can be read (see the module doc)."""
    text = _ASIDES.sub(lambda m: " " * len(m.group()), text)  # "no doubt X wins" is no negation
    cued: set[str] = set()
    positive: set[str] = set()
    negative: set[str] = set()
    for start, end, agent in _mentions(text, aliases):
        before, after = _clause_before(text, start), _clause_after(text, end)
        if _NEGATED.search(before) or _AFTER_NEGATIVE.search(after):
            negative.add(agent)
            continue
        positive.add(agent)
        if _CUE_BEFORE.search(before) or _CUE_AFTER.search(after):
            cued.add(agent)
    if len(cued) == 1:
        (winner,) = cued
        return ProseReading(winner, f"it names {winner} as the winner")
    if len(cued) > 1:
        return ProseReading(None, "", f"its text names {_both(cued)} as the winner")
    if _UNDECIDED.search(text):
        return ProseReading(None, "", "its text says there is no clear winner")
    positive -= negative
    if len(positive) == 1:
        (winner,) = positive
        return ProseReading(winner, f"it names {winner} and no other party without a negation")
    if len(positive) > 1:
        return ProseReading(None, "", f"its text names {_both(positive)} without saying who wins")
    rest = [a for a in aliases if a not in negative]
    if negative and len(rest) == 1:
        return ProseReading(rest[0], f"it rules out {_both(negative)}, leaving {rest[0]}")
    return ProseReading(None, "", "its text names no party")


def _both(agents: set[str]) -> str:
    return " and ".join(sorted(agents))


def stated_confidence(text: str) -> float | None:
    """A confidence the text states ("confidence 0.8", "80% sure"), as 0 to 1; else None."""
    m = _CONFIDENCE.search(text)
    if m is not None:
        value, percent = float(m.group(1)), m.group(2) == "%"
    else:
        m = _PERCENT_SURE.search(text)
        if m is None:
            return None
        value, percent = float(m.group(1)), True
    if percent or value > 1:
        value /= 100
    return min(1.0, max(0.0, value))


def read_verdict(
    parsed: object,
    text: str,
    conflict: Conflict,
    org: Org | None,
    evaluator: str,
    among: Sequence[str] | None = None,
) -> tuple[object, list[str]]:
    """The verdict to use, and notes for the resolution's warnings.

    A structured `Verdict` is used as it is (a winner given by a party's name is mapped to its
    id, noted). Without one, a `Verdict` read from the prose (noted: "read from its prose");
    when the prose names both parties or neither, a string saying why (the caller's problem).
    """
    aliases = party_aliases(conflict, org)
    if among is not None:  # a tie-break: only the tied parties can win
        aliases = {a: ns for a, ns in aliases.items() if a in among}
    if isinstance(parsed, Verdict):
        if parsed.winning_agent_id in conflict.agent_ids:
            return parsed, []
        named = parsed.winning_agent_id.strip().casefold()
        match = [a for a, ns in aliases.items() if named in ns]
        if len(match) == 1:
            named_as = parsed.winning_agent_id
            note = f"the verdict by {evaluator} named {named_as!r}, read as {match[0]}"
            return parsed.model_copy(update={"winning_agent_id": match[0]}), [note]
        return parsed, []
    reading = read_prose_verdict(text, aliases)
    if reading.winner is None:
        return f"the evaluator gave no structured verdict and {reading.problem}", []
    confidence = stated_confidence(text)
    note = f"the verdict by {evaluator} was read from its prose: {reading.how}"
    if confidence is None:
        confidence = PROSE_CONFIDENCE
        note += f" (no confidence stated; taken as {PROSE_CONFIDENCE})"
    reasoning = " ".join(text.split())[:1000] or "no reasoning given"
    verdict = Verdict(winning_agent_id=reading.winner, confidence=confidence, reasoning=reasoning)
    return verdict, [note]


def verdict_problem(verdict: object, conflict: Conflict, min_confidence: float = 0.0) -> str | None:
    """Why a verdict cannot be used (None when it names a party with enough confidence)."""
    if not isinstance(verdict, Verdict):
        return "the evaluator gave no parsable verdict"
    if verdict.winning_agent_id not in conflict.agent_ids:
        return f"the verdict named {verdict.winning_agent_id!r}, who is not a party"
    if verdict.confidence < min_confidence:
        return f"confidence {verdict.confidence:.2f} < min_confidence {min_confidence}"
    return None


def judged(
    outcome: CallOutcome, conflict: Conflict, org: Org | None, min_confidence: float = 0.0
) -> tuple[Verdict | None, str | None, list[str]]:
    """An evaluator call's verdict (structured, else read from its prose), why it cannot be
    used (None when it can) and what to note about how it was read."""
    verdict, notes = read_verdict(
        outcome.parsed, outcome.reply.content, conflict, org, outcome.reply.agent_id
    )
    if isinstance(verdict, str):
        return None, verdict, notes
    problem = verdict_problem(verdict, conflict, min_confidence)
    return (verdict if isinstance(verdict, Verdict) else None), problem, notes
