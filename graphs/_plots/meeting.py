"""The meeting's picture: who spoke when (turn by turn, by phase), talk share and tokens per agent.

Read from `MeetingMinutes.contributions` (a finished meeting) or, while a meeting runs, the
contributions its messages record (`transcript.contributions_of`) with its `agenda`,
`leader_id` and `participant_ids`. A
contribution stores when it was said, not how long it took, so the turns are drawn in the
order they were said (one column per contribution), not on a clock. Talk share is each agent's
share of the output tokens (what it said); tokens per agent add the prompt (input) tokens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from langgraph_council.graphs._plots.figure import agent_colors, new_figure
from langgraph_council.nodes._meetings.models import Contribution, MeetingMinutes
from langgraph_council.nodes._meetings.transcript import contributions_of

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["MeetingRun", "meeting_figure", "meeting_run"]


@dataclass(frozen=True)
class MeetingRun:
    """What the picture shows: the agents (leader first), every contribution, a title."""

    title: str
    leader_id: str
    agent_ids: tuple[str, ...]
    contributions: tuple[Contribution, ...]

    def said(self, agent_id: str) -> tuple[int, int, int]:
        """(turns, input tokens, output tokens) of `agent_id`."""
        own = [c for c in self.contributions if c.agent_id == agent_id]
        return len(own), sum(c.input_tokens for c in own), sum(c.output_tokens for c in own)


def meeting_run(subject: MeetingMinutes | Mapping[str, Any]) -> MeetingRun:
    """What the meeting picture shows, from minutes or a meeting thread's state values."""
    if isinstance(subject, Mapping) and subject.get("minutes") is not None:
        subject = MeetingMinutes.model_validate(subject["minutes"])
    if isinstance(subject, MeetingMinutes):
        title = f"{subject.agenda.title} · {subject.protocol}, {subject.status}"
        leader, participants = subject.leader_id, subject.participant_ids
        contributions = subject.contributions
    else:
        agenda = subject.get("agenda")
        named = getattr(agenda, "title", None) or (agenda or {}).get("title", "meeting")
        title = f"{named} · {subject.get('protocol', 'meeting')}, in progress"
        leader = str(subject.get("leader_id", ""))
        participants = tuple(subject.get("participant_ids") or ())
        contributions = tuple(
            contributions_of(
                {
                    "meeting_id": subject.get("meeting_id"),
                    "contributions": subject.get("contributions") or (),
                    "messages": subject.get("messages") or (),
                }
            )
        )
    spoke = [c.agent_id for c in contributions]
    agents = tuple(dict.fromkeys([leader, *participants, *spoke]))
    return MeetingRun(title, leader, tuple(a for a in agents if a), tuple(contributions))


def _label(run: MeetingRun, agent_id: str) -> str:
    return f"{agent_id} (leader)" if agent_id == run.leader_id else agent_id


def _draw_turns(ax: Axes, run: MeetingRun) -> None:
    phases = list(dict.fromkeys(c.phase for c in run.contributions))
    phase_colors = agent_colors(phases)
    row = {a: i for i, a in enumerate(run.agent_ids)}
    for i, c in enumerate(run.contributions):
        (bar,) = ax.barh(row[c.agent_id], 0.85, left=i + 0.075, height=0.6,
                         color=phase_colors[c.phase])  # fmt: skip
        bar.set_gid(f"turn:{i}:{c.agent_id}")
    ax.set_yticks(range(len(run.agent_ids)), [_label(run, a) for a in run.agent_ids])
    ax.set_ylim(len(run.agent_ids) - 0.5, -0.5)
    ax.set_xlim(0, max(len(run.contributions), 1))
    ax.set_xlabel("contributions, in the order they were said")
    ax.set_title(run.title, loc="left")
    from matplotlib.patches import Patch

    ax.legend(handles=[Patch(color=phase_colors[p], label=p) for p in phases], fontsize=7,
              title="phase", title_fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0),
              frameon=False)  # fmt: skip


def _draw_share(ax: Axes, run: MeetingRun, colors: Mapping[str, Any]) -> None:
    said = {a: run.said(a) for a in run.agent_ids}
    total = sum(out for _, _, out in said.values()) or 1
    for y, agent in enumerate(run.agent_ids):
        turns, _, out = said[agent]
        (bar,) = ax.barh(y, 100 * out / total, color=colors[agent])
        bar.set_gid(f"share:{agent}")
        ax.text(100 * out / total, y, f" {100 * out / total:.0f}% · {turns} turn(s)",
                va="center", fontsize=7)  # fmt: skip
    ax.set_yticks(range(len(run.agent_ids)), [_label(run, a) for a in run.agent_ids])
    ax.set_ylim(len(run.agent_ids) - 0.5, -0.5)
    ax.set_xlim(0, 115)
    ax.set_xlabel("talk share: % of output tokens")


def _draw_tokens(ax: Axes, run: MeetingRun, agents: Sequence[str]) -> None:
    said = [run.said(a) for a in agents]
    ys = range(len(agents))
    ax.barh(ys, [s[1] for s in said], color="0.75", label="input (prompt)")
    ax.barh(ys, [s[2] for s in said], left=[s[1] for s in said], color="0.35",
            label="output (said)")  # fmt: skip
    ax.set_yticks(ys, [_label(run, a) for a in agents])
    ax.set_ylim(len(agents) - 0.5, -0.5)
    ax.set_xlabel("tokens per agent")
    ax.legend(fontsize=7, frameon=False, loc="lower right")


def meeting_figure(run: MeetingRun) -> Figure:
    """Turns by phase on top; talk share and tokens per agent below."""
    height = 2.6 + 0.5 * len(run.agent_ids)
    figure = new_figure(9.0, height)
    top, bottom = figure.subfigures(2, 1, height_ratios=[1.1, 1.0])  # type: ignore[misc]
    _draw_turns(top.subplots(), run)
    share_ax, tokens_ax = bottom.subplots(1, 2)
    _draw_share(share_ax, run, agent_colors(run.agent_ids))
    _draw_tokens(tokens_ax, run, run.agent_ids)
    tokens_ax.set_yticklabels([])
    return figure
