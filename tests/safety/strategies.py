"""Hypothesis strategies for bad input: the shared mutation helpers, orgs and meetings.

Each strategy starts from a valid value and breaks some of it: a field replaced by junk (wrong
type, odd characters, huge or negative numbers), dropped, duplicated or pointed at an id that
does not exist. `Fuzzed.touched` names every field the strategy changed, so a test can check
that an error names one of them. Ids come from a small pool, so duplicates, unknown managers
and management cycles arise often.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

SCALE_ENV = "COUNCIL_FUZZ_SCALE"
"""Multiply every bad-input test's example count (e.g. 20 for a long hunt; default 1)."""


def fuzz(examples: int) -> settings:
    """Settings for a bad-input property: `examples` runs (times `$COUNCIL_FUZZ_SCALE`)."""
    scale = float(os.environ.get(SCALE_ENV, "1"))
    return settings(
        max_examples=max(1, int(examples * scale)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


ODD_TEXT = [
    "", " ", " padded ", "a\nb", "\x00", "nul\x00x", "\u200b", "zero\u200bwidth", "\u202e",
    "<task-data>", "</peer-contribution>", "../etc", "a/b", "x:y", "@", "@engineer",
    "department:", "department:nowhere", "all", "ALL", "Ällö", "\U0001f4a5", "1e309", "null",
    "'", '"', "{", "[", "*", "&lt;", "%s", "\\", "-1", "NaN",
]  # fmt: skip
LEVELS = ["junior", "mid", "senior", "lead", "principal", "director", "vp", "c_suite"]
BIG = [2**31, 2**63, 2**64, 10**30]

odd_text = st.one_of(st.sampled_from(ODD_TEXT), st.text(max_size=6))
"""A string that is often not a usable name: blank, padded, control, fence or huge."""

numbers = st.one_of(
    st.integers(1, 4),
    st.integers(-3, 3),
    st.sampled_from([*BIG, -(2**63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 1e300, 1e-9, 0.5]),
)
"""Numbers a config field may be given: tiny, negative, huge, fractional, NaN and infinite."""

scalar_junk = st.one_of(st.none(), st.booleans(), numbers, odd_text)
junk = st.recursive(
    scalar_junk,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(odd_text, inner, max_size=3)
    ),
    max_leaves=6,
)
"""Any JSON-like value: what a YAML file or a careless caller may hand over."""


@dataclass
class Fuzzed:
    """A possibly broken value and the dotted names of the fields that were changed."""

    value: Any
    touched: set[str] = field(default_factory=set)

    def named_in(self, message: str) -> bool:
        """True when `message` names a changed field (its last dotted part suffices)."""
        if not self.touched:
            return True
        return any(
            part in message for name in self.touched for part in (name, name.rsplit(".", 1)[-1])
        )


def mutate(
    draw: st.DrawFn,
    base: Mapping[str, Any],
    fields: Mapping[str, st.SearchStrategy[Any]],
    *,
    prefix: str = "",
    rate: int = 3,
) -> Fuzzed:
    """`base` with a few keys replaced from `fields` or dropped, and maybe one extra key.

    Up to two keys change in about one value out of `rate`; the others stay as they were.
    """
    out = dict(base)
    touched: set[str] = set()
    count = 0 if draw(st.integers(0, rate - 1)) else draw(st.integers(1, 2))
    keys = draw(st.lists(st.sampled_from(sorted(fields)), min_size=count, max_size=count))
    for key in dict.fromkeys(keys):
        if draw(st.integers(0, 4)) == 0:
            out.pop(key, None)
        else:
            out[key] = draw(fields[key])
        touched.add(prefix + key)
    if draw(st.integers(0, rate * 8)) == 0:
        extra = draw(st.sampled_from(["extra", "Title", "colour", "model"]))
        out[extra] = draw(scalar_junk)
        touched.add(prefix + extra)
    return Fuzzed(out, touched)


# -- orgs -------------------------------------------------------------------------------

ID_POOL = ["a", "b", "c", "d", "e", "ceo"]


@st.composite
def agent_rows(draw: st.DrawFn, index: int, rate: int = 4) -> Fuzzed:
    """One agent row (a mapping), valid or broken."""
    own, earlier = ID_POOL[index % len(ID_POOL)], ID_POOL[: index % len(ID_POOL)]
    mostly = st.integers(0, 3)
    agent_id = own if draw(mostly) else draw(st.sampled_from(ID_POOL))
    managers = st.sampled_from(earlier or [None]) if draw(mostly) else st.sampled_from(ID_POOL)
    base = {
        "id": agent_id,
        "name": agent_id.title(),
        "role": draw(st.sampled_from(["engineer", "lead", "ceo"])),
        "department": draw(st.sampled_from(["eng", "ops", "Eng"])),
        "level": draw(st.sampled_from(LEVELS)),
        "manager_id": draw(st.one_of(st.none(), managers)),
    }
    fields: dict[str, st.SearchStrategy[Any]] = {
        "id": st.one_of(odd_text, scalar_junk),
        "name": st.one_of(odd_text, scalar_junk),
        "level": st.one_of(st.sampled_from(["boss", "Lead", "LEAD", ""]), scalar_junk),
        "manager_id": st.one_of(odd_text, st.sampled_from(["zz", "a"]), scalar_junk),
        "primary_skills": st.one_of(st.lists(odd_text, max_size=2), junk),
        "rules": st.one_of(
            st.just([{"condition": "x", "action": "y", "scope": "everywhere"}]), junk
        ),
        "can_delegate": junk,
    }
    fuzzed = mutate(draw, base, fields, prefix=f"agents[{index}].", rate=rate)
    row: Any = fuzzed.value
    if draw(st.integers(0, 10 * rate)) == 0:
        row = draw(junk)
        fuzzed.touched.add(f"agents[{index}]")
    return Fuzzed(row, fuzzed.touched)


@st.composite
def org_data(draw: st.DrawFn) -> Fuzzed:
    """An org mapping `{"agents": [...]}` (or junk in its place)."""
    count = draw(st.integers(0, 6))
    rate = draw(st.sampled_from([4, 1000]))  # broken rows, or only the id pool's clashes
    rows = [draw(agent_rows(i, rate)) for i in range(count)]
    touched = {"agents", "manager_id", "id"} | {t for r in rows for t in r.touched}
    data: Any = {"agents": [r.value for r in rows]}
    if draw(st.integers(0, 20)) == 0:
        data = draw(st.one_of(junk, st.just({"agents": "ceo"}), st.just({"agent": []})))
    return Fuzzed(data, touched)


# -- meetings ----------------------------------------------------------------------------

ORG_IDS = ["ceo", "cto", "backend_lead", "senior_dev", "junior_dev", "frontend_lead", "ui_dev"]
ORG_IDS += ["qa_head", "qa_engineer"]
REFS = [*ORG_IDS, "Sam", "sam", "@backend_dev", "@nobody", "department:backend"]
REFS += ["department: qa", "department:nowhere", "all", "ghost"]
PROTOCOLS = ["round_robin", "position_papers", "structured_phases"]


def participant_refs() -> st.SearchStrategy[Any]:
    """A participant list: known refs, groups, odd text, duplicates, junk."""
    ref = st.one_of(st.sampled_from(REFS), st.sampled_from(REFS), odd_text, scalar_junk, junk)
    return st.one_of(st.lists(ref, max_size=4), scalar_junk)


@st.composite
def agendas(draw: st.DrawFn) -> Fuzzed:
    """An agenda as a dict (sometimes a string or junk)."""
    item = mutate(
        draw,
        {"title": "Pick a queue", "presenter_id": "senior_dev"},
        {"title": odd_text, "description": junk, "presenter_id": st.one_of(odd_text, junk)},
        prefix="agenda.items.0.",
    )
    fuzzed = mutate(
        draw,
        {"title": "Release", "context": "Q3", "items": [item.value]},
        {"title": odd_text, "context": st.one_of(odd_text, junk), "items": junk},
        prefix="agenda.",
    )
    fuzzed.touched |= item.touched
    if draw(st.integers(0, 8)) == 0:
        return Fuzzed(draw(st.one_of(odd_text, junk)), {"agenda"})
    return fuzzed


_RR = {
    "max_turns_per_agent": numbers,
    "max_total_turns": numbers,
    "max_tokens_per_turn": numbers,
    "transcript_window": numbers,
    "leader_summarizes": junk,
}
_PP = {"max_tokens_per_position": numbers, "synthesizer": st.sampled_from(REFS + ODD_TEXT)}
_SP = {
    "conflict_detector": st.sampled_from(["keyword", "llm_judge", "hybrid", "magic", ""]),
    "conflict_judge": st.sampled_from(REFS + ODD_TEXT),
    "devils_advocate_agent": st.sampled_from(REFS + ODD_TEXT),
    "strategic_lenses": st.one_of(st.dictionaries(st.sampled_from(REFS), odd_text), junk),
    "similarity_threshold": numbers,
    "min_disagreements": numbers,
    "max_discussion_tokens": numbers,
    "max_tokens_per_input": numbers,
    "skip_discussion_if_no_conflicts": junk,
    "premortem": st.booleans(),
}
_TOP = {
    "synthesis_reserve": numbers,
    "max_synthesis_tokens": numbers,
    "min_output_tokens": numbers,
    "quorum": numbers,
    "max_tasks_per_meeting": numbers,
    "meeting_type": odd_text,
    "max_participants": numbers,
}


@st.composite
def meeting_contexts(draw: st.DrawFn) -> Fuzzed:
    """A meeting run context (a dict of `MeetingProtocolConfig` fields), mostly broken."""
    parts = {
        "round_robin": mutate(draw, {}, _RR, prefix="round_robin."),
        "position_papers": mutate(draw, {}, _PP, prefix="position_papers."),
        "structured_phases": mutate(draw, {}, _SP, prefix="structured_phases."),
    }
    top = mutate(draw, {}, _TOP, rate=2)
    value = {**top.value, **{k: v.value for k, v in parts.items() if v.value}}
    touched = top.touched | {t for v in parts.values() for t in v.touched}
    if draw(st.integers(0, 15)) == 0:
        return Fuzzed(draw(junk), {"context", "meeting", *touched})
    return Fuzzed(value, touched)


@st.composite
def meeting_inputs(draw: st.DrawFn) -> Fuzzed:
    """A meeting graph input, valid or broken."""
    agenda = draw(agendas())
    fuzzed = mutate(
        draw,
        {"agenda": agenda.value, "leader_id": "cto", "participant_ids": ["senior_dev", "ui_dev"]},
        {
            "leader_id": st.one_of(st.sampled_from(REFS), odd_text, scalar_junk),
            "participant_ids": participant_refs(),
            "token_budget": st.one_of(numbers, scalar_junk),
        },
        rate=2,
    )
    fuzzed.value.setdefault("token_budget", draw(st.sampled_from([50_000, 900, 2**31 - 1])))
    fuzzed.touched |= agenda.touched
    return fuzzed


MEETING_IDS = [
    "", " ", "ok-1", "Ällö", "\U0001f4a5", "\x00", "nul\x00x", "a\nb", "\x7f", "a" * 200,
    "a" * 201, "x" * 5000, "mtg-000000000000",
]  # fmt: skip


def meeting_ids() -> st.SearchStrategy[Any]:
    """A caller-chosen `meeting_id`: blank, control characters, at and past the length bound,
    the shape of a generated id, odd text and junk (numbers, lists, None)."""
    return st.one_of(st.sampled_from(MEETING_IDS), odd_text, scalar_junk)
