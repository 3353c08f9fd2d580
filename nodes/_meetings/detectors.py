"""Conflict detectors (keyword, structured, llm_judge, hybrid, auto) and consensus velocity."""

from __future__ import annotations

import itertools
import math
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeAlias, cast

from langgraph.errors import GraphBubbleUp

from langgraph_council.nodes._deadline import call_with_limit
from langgraph_council.nodes._input_errors import InvalidInputError
from langgraph_council.nodes._meetings.models import Contribution, DetectedConflict, Position
from langgraph_council.nodes._meetings.positions import rank_positions, words

__all__ = [
    "BUILTIN_DETECTORS",
    "DISAGREEMENT_MARKERS",
    "ConflictDetector",
    "check_detector",
    "conflict_detectors",
    "consensus_is_premature",
    "custom_conflicts",
    "disagreement_count",
    "keyword_conflicts",
    "mean_pairwise_similarity",
    "parse_judge_reply",
    "register_conflict_detector",
    "structured_conflicts",
]

DISAGREEMENT_MARKERS = (
    "disagree",
    "oppose",
    "object to",
    "reject",
    "instead of",
    "rather than",
    "against",
    "won't work",
    "will not work",
    "bad idea",
)
_MARKER = re.compile("|".join(rf"\b{re.escape(m)}\b" for m in DISAGREEMENT_MARKERS), re.I)


def keyword_conflicts(inputs: Sequence[Contribution]) -> list[DetectedConflict]:
    """Agents using a disagreement marker conflict with the agents they name, else with all."""
    ids = [c.agent_id for c in inputs]
    conflicts: list[DetectedConflict] = []
    for c in inputs:
        match = _MARKER.search(c.content)
        if not match:
            continue
        named = [a for a in ids if a != c.agent_id and re.search(rf"\b{re.escape(a)}\b", c.content)]
        others = named or [a for a in ids if a != c.agent_id]
        if others:
            members = tuple(a for a in ids if a == c.agent_id or a in others)
            conflicts.append(
                DetectedConflict(agent_ids=members, topic=match.group(0), detector="keyword")
            )
    return conflicts


def structured_conflicts(positions: Sequence[Position]) -> list[DetectedConflict]:
    """Agents whose stated claims differ conflict; agents without a claim stay out of it."""
    groups = rank_positions(positions)
    if len(groups) < 2:
        return []
    order = [p.agent_id for p in positions]
    members = sorted({a for g in groups for a in g.agent_ids}, key=order.index)
    topic = " vs ".join(g.claim for g in groups)
    return [DetectedConflict(agent_ids=tuple(members), topic=topic[:200], detector="structured")]


def parse_judge_reply(text: str, known: Sequence[str]) -> list[DetectedConflict]:
    """Read `CONFLICT: a, b - topic` lines; unknown ids are ignored, NONE means no conflict."""
    conflicts: list[DetectedConflict] = []
    for line in text.splitlines():
        m = re.match(r"\s*conflict\s*:\s*(.+)$", line, re.I)
        if not m:
            continue
        who, _, topic = m.group(1).partition(" - ")
        ids = [a for a in known if re.search(rf"(?<![\w-]){re.escape(a)}(?![\w-])", who)]
        if len(ids) >= 2:
            conflicts.append(
                DetectedConflict(agent_ids=tuple(ids), topic=topic.strip(), detector="llm_judge")
            )
    return conflicts


def disagreement_count(conflicts: Sequence[DetectedConflict]) -> int:
    """Distinct pairs of agents that disagree."""
    pairs = {tuple(sorted(p)) for c in conflicts for p in itertools.combinations(c.agent_ids, 2)}
    return len(pairs)


def _cosine(a: Counter[str], b: Counter[str]) -> float:
    dot = sum(a[w] * b[w] for w in a.keys() & b.keys())
    norm = math.sqrt(sum(v * v for v in a.values())) * math.sqrt(sum(v * v for v in b.values()))
    return dot / norm if norm else 0.0


def mean_pairwise_similarity(texts: Sequence[str]) -> float:
    """Mean cosine similarity of word counts over all pairs (0 with fewer than two texts)."""
    bags = [Counter(words(t)) for t in texts]
    pairs = list(itertools.combinations(bags, 2))
    return sum(_cosine(a, b) for a, b in pairs) / len(pairs) if pairs else 0.0


def consensus_is_premature(
    texts: Sequence[str],
    conflicts: Sequence[DetectedConflict],
    *,
    threshold: float = 0.85,
    min_disagreements: int = 2,
) -> bool:
    """Consensus velocity: near-identical inputs with fewer than `min_disagreements` pairs."""
    if len(texts) < 2:
        return False
    similar = mean_pairwise_similarity(texts) > threshold
    return similar and disagreement_count(conflicts) < min_disagreements


BUILTIN_DETECTORS = ("keyword", "structured", "llm_judge", "hybrid", "auto")

Found: TypeAlias = "DetectedConflict | Sequence[str] | Mapping[str, Any]"
"""One conflict a detector reports: a `DetectedConflict`, the agent ids in conflict, or a dict
`{"agent_ids": [...], "topic": "..."}`."""


class ConflictDetector(Protocol):
    """A meeting conflict detector: one method from the participants' inputs to conflicts.

    Register it with `register_conflict_detector(name, detector)` and select it with
    `structured_phases.conflict_detector=name`. A plain function of the inputs works too.
    """

    def detect(self, inputs: Sequence[Contribution]) -> Iterable[Found]:
        """The conflicts among `inputs` (each participant's input contribution)."""
        ...


_DETECTORS: dict[str, ConflictDetector | Callable[[Sequence[Contribution]], Iterable[Found]]] = {}
_LOCK = threading.Lock()
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def register_conflict_detector(
    name: str,
    detector: ConflictDetector | Callable[[Sequence[Contribution]], Iterable[Found]],
    *,
    replace: bool = False,
) -> None:
    """Make `detector` selectable as `structured_phases.conflict_detector=name`.

    `detector` has a `detect(inputs)` method (or is a function of `inputs`) returning the
    conflicts among the participants' inputs: `DetectedConflict`s, lists of agent ids, or
    dicts with `agent_ids` and `topic`. Ids that are not participants are ignored.

    Example:
        >>> class Budget:
        ...     def detect(self, inputs):
        ...         cost = [c.agent_id for c in inputs if "cost" in c.content]
        ...         return [cost] if len(cost) > 1 else []
        >>> register_conflict_detector("budget", Budget(), replace=True)

    Raises:
        ValueError: `name` is not snake_case, is a built-in detector, or is registered
            already and `replace` is False.
        TypeError: `detector` has no `detect` method and is not callable.
    """
    if not isinstance(name, str) or not _NAME.match(name):
        raise InvalidInputError(f"detector name {name!r} must be snake_case, e.g. 'budget_clash'")
    if name in BUILTIN_DETECTORS:
        raise ValueError(f"detector name {name!r} is a built-in detector; pick another")
    if not callable(getattr(detector, "detect", None)) and not callable(detector):
        raise TypeError(
            f"detector {name!r} must have a detect(inputs) method or be callable, got {detector!r}"
        )
    with _LOCK:
        if name in _DETECTORS and not replace:
            raise ValueError(f"detector {name!r} is already registered; pass replace=True")
        _DETECTORS[name] = detector


def conflict_detectors() -> tuple[str, ...]:
    """The built-in detector names, then the registered ones (sorted)."""
    with _LOCK:
        return (*BUILTIN_DETECTORS, *sorted(_DETECTORS))


def check_detector(name: str) -> None:
    """Raises `ValueError` naming the setting when `name` is no detector."""
    if name not in conflict_detectors():
        raise ValueError(
            f"structured_phases.conflict_detector: {name!r} is not a detector; choose one of "
            f"{list(conflict_detectors())} or call register_conflict_detector() first"
        )


def _conflict(found: Found, name: str, ids: Sequence[str]) -> DetectedConflict | None:
    if isinstance(found, DetectedConflict):
        conflict = found
    elif isinstance(found, Mapping):
        conflict = DetectedConflict.model_validate({"detector": name, **found})
    elif isinstance(found, Sequence) and not isinstance(found, str):
        conflict = DetectedConflict(agent_ids=tuple(found), detector=name)
    else:
        raise TypeError(
            f"detector {name!r} returned {found!r}; return DetectedConflicts, lists of agent "
            "ids or dicts with agent_ids and topic"
        )
    members = tuple(a for a in ids if a in conflict.agent_ids)
    return conflict.model_copy(update={"agent_ids": members}) if len(members) >= 2 else None


def _registered(name: str, inputs: Sequence[Contribution]) -> list[DetectedConflict]:
    with _LOCK:
        detector = _DETECTORS[name]
    method = getattr(detector, "detect", None)
    found = method(inputs) if callable(method) else cast(Any, detector)(inputs)
    ids = [c.agent_id for c in inputs]
    return [c for f in found if (c := _conflict(f, name, ids)) is not None]


def custom_conflicts(
    name: str, inputs: Sequence[Contribution], *, limit: float | None = None
) -> tuple[list[DetectedConflict] | None, str | None]:
    """The conflicts a registered detector finds, and why it was not used (a note).

    (None, None) when `name` is a built-in detector. A registered detector that raises,
    returns something else than conflicts or takes over `limit` seconds
    (`MeetingProtocolConfig.callable_timeout_seconds`) gives (None, why): the caller then
    detects with `auto` and keeps the note for the minutes' warnings.

    Raises:
        ValueError: `name` is neither built in nor registered (naming the setting).
    """
    if name in BUILTIN_DETECTORS:
        return None, None
    check_detector(name)
    setting = "MeetingProtocolConfig.callable_timeout_seconds"
    try:
        found = call_with_limit(
            lambda: _registered(name, inputs), limit, f"conflict detector {name!r}", setting
        )
    except GraphBubbleUp:
        raise
    except Exception as exc:  # noqa: BLE001 - a failing detector falls back to `auto`
        why = f"{type(exc).__name__}: {exc}"
        return None, f"conflict detector {name!r} failed ({why}); the auto detector was used"
    return found, None
