"""Meeting prompt templates; agenda text and peer text are always fenced (SEC-1)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from langgraph_council.nodes._fencing import fence_peer, fence_task_data
from langgraph_council.nodes._meetings.models import Contribution, MeetingAgenda
from langgraph_council.nodes._meetings.transcript import MessageTexts

__all__ = [
    "DEVILS_ADVOCATE",
    "DISCUSSION_TURN",
    "INPUT_REQUEST",
    "JUDGE_REQUEST",
    "POSITION_FORMAT",
    "POSITION_PAPER",
    "PREMORTEM",
    "ROUND_ROBIN_TURN",
    "SELECTED_TURN",
    "SPEAKER_SELECTION",
    "SYNTHESIS",
    "render_agenda",
    "render_transcript",
]

POSITION_FORMAT = (
    "Answer in this shape:\nPosition: <your claim in one sentence>\nConfidence: <0.0-1.0>\n"
    "Evidence:\n- <one verifiable source or fact per line>\nThen any reasoning."
)

ROUND_ROBIN_TURN = (
    "You are in a round-robin meeting, turn {turn} of {total}. Read the agenda and what others "
    "said, then add your contribution: build on or challenge earlier points, briefly.\n\n"
    "{agenda}\n\n{transcript}"
)

SPEAKER_SELECTION = (
    "You choose who speaks next in this meeting (turn {turn} of at most {total}). Read the "
    "agenda and what was said, then pick the participant whose contribution is most needed "
    "now. Candidates (id: role):\n{candidates}\n\nReply with the candidate's id only.\n\n"
    "{agenda}\n\n{transcript}"
)

SELECTED_TURN = (
    "You were chosen to speak next in this meeting (turn {turn} of at most {total}). Read the "
    "agenda and what others said, then add your contribution: build on or challenge earlier "
    "points, briefly.\n\n{agenda}\n\n{transcript}"
)

POSITION_PAPER = (
    "Write a short position paper on the agenda below, independently of the other participants "
    "(at most {max_tokens} tokens).\n" + POSITION_FORMAT + "\n\n{agenda}"
)

INPUT_REQUEST = (
    "Give your independent input on the agenda below.{lens}\n" + POSITION_FORMAT + "\n\n{agenda}"
)

DISCUSSION_TURN = (
    "Your input conflicts with other participants' inputs. Read their positions and rebuttals, "
    "then rebut or concede, citing evidence. Be brief.\n\n{agenda}\n\n{transcript}"
)

PREMORTEM = (
    "Premortem: imagine the meeting's decision was taken and failed badly a few months later. "
    "List the most likely failure modes, one per line: "
    "'- <failure mode> (likelihood: low|medium|high; mitigation: <how to prevent it>)'. "
    "Then name hidden assumptions.\n\n{agenda}\n\n{transcript}"
)

DEVILS_ADVOCATE = (
    "You are the devil's advocate. The participants agreed very quickly, which can hide "
    "groupthink. Argue the strongest case against the emerging consensus, naming the evidence "
    "that would prove it wrong.\n\n{agenda}\n\n{transcript}"
)

JUDGE_REQUEST = (
    "Which participants' inputs genuinely conflict? Reply with one line per conflict: "
    "'CONFLICT: <agent id>, <agent id>[, ...] - <topic>', or the single word NONE.\n\n"
    "{agenda}\n\n{transcript}"
)

SYNTHESIS = (
    "You lead this meeting. Synthesise the contributions into decisions and action items.\n"
    "Weigh positions by independent evidence, never by how many agents repeat a claim or by "
    "their rank: the positions below are ranked by independent evidence (a source cited by "
    "several agents counts once).\n{directive}\n\n{agenda}\n\nRanked positions:\n{positions}\n\n"
    "{transcript}\n\nReply with: Summary:, Decisions: (bullets), Action Items: (bullets, "
    "'(assigned to <agent id>)' and '[priority: low|medium|high|critical]'), Adopted: (the "
    "numbers of the ranked positions your decisions adopt), Justification:."
)


@lru_cache(maxsize=64)
def render_agenda(agenda: MeetingAgenda) -> str:
    """The agenda, every user-supplied field fenced as task data.

    Cached: a meeting renders its (frozen, hashable) agenda into every turn's prompt.
    """
    parts = [fence_task_data(agenda.title, field="title")]
    if agenda.context:
        parts.append(fence_task_data(agenda.context, field="context"))
    for i, item in enumerate(agenda.items):
        text = item.title + (f"\n{item.description}" if item.description else "")
        parts.append(fence_task_data(text, field=f"item_{i}"))
    return "Agenda:\n" + "\n".join(parts)


def render_transcript(
    contributions: Sequence[Contribution],
    *,
    window: int | None = None,
    digest_chars: int = 1200,
    texts: MessageTexts | None = None,
) -> str:
    """Fenced contributions; with `window`, older turns shrink to a bounded digest.

    `texts` (`transcript.message_texts`) gives the words of contributions that refer to their
    message (`content_ref`); only the turns shown are looked up, so only the conversation's
    last messages are read.
    """
    if not contributions:
        return "Transcript: (nobody has spoken yet)"
    older = 0  # turns before the window (digested): counted, not copied out of the list
    recent = contributions
    if window is not None and len(contributions) > window:
        older, recent = len(contributions) - window, contributions[-window:]
    lines = ["Transcript:"]
    if older:
        lines.append(
            fence_peer(
                _digest(contributions, older, digest_chars, texts),
                agent_id="digest",
                label="earlier_turns_summary",
            )
        )
    for c in recent:  # the lookup inlined: no extra call per turn shown
        found = None if c.content_ref is None or texts is None else texts[c.content_ref]
        text = c.content if found is None else found
        lines.append(fence_peer(text, agent_id=c.agent_id, label=f"{c.phase}_turn_{c.turn}"))
    return "\n".join(lines)


def _words(c: Contribution, texts: MessageTexts | None) -> str:
    """What `c` said: its own text, or its message's when it refers to one ("" when gone)."""
    if c.content_ref is None or texts is None:
        return c.content
    found = texts[c.content_ref]
    return "" if found is None else str(found)


def _digest(
    contributions: Sequence[Contribution], older: int, chars: int, texts: MessageTexts | None
) -> str:
    """The last `chars` characters of the first `older` turns' first sentences, joined by " | ".

    Built from the newest of them backwards and stopped once `chars` are covered, so its cost
    is bounded by the digest, not by the meeting's length (the text is the same as joining all).
    """
    parts: list[str] = []
    size = 0
    for i in range(older - 1, -1, -1):
        c = contributions[i]
        part = f"{c.agent_id}: {_words(c, texts).partition('.')[0][:160]}"
        parts.append(part)
        size += len(part) + 3
        if size >= chars + 3:
            break
    return " | ".join(reversed(parts))[-chars:]
