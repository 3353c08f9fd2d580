"""The minutes as a thread stores them: the words of each spoken turn refer to its message.

A meeting's words live in one place, the named `AIMessage` of each turn in `messages` (state
version 2). Until version 3 the minutes copied them again, twice: as `finalize`'s write and as
the channel's blob. The `minutes` channel is now a `StoredMinutes`:

- the run holds what `finalize` wrote, the minutes with every contribution's words, so
  `graph.invoke(...)["minutes"]`, a parent graph reading the meeting's output and stream
  updates see the words as before;
- its writes are not saved as writes (it is an `UntrackedValue` to LangGraph's loop, which
  leaves those out of `checkpoint_writes`), and its checkpoint is `stored(minutes)`: each
  contribution that refers to its message (`content_ref`) without its words, one blob per
  version, about a quarter of the size;
- a checkpoint read back (`get_state`, a resume after `finalize`, LangGraph Server) gives the
  minutes with references; `MeetingMinutes.with_words(messages)` puts the words back, and the
  steps after `finalize` do so (`with_words_of`) before they read or return them.

A step after `finalize` that puts the words back into restored minutes writes the channel, so
the run's output shows them (LangGraph emits a run's values only when an output channel was
updated); that costs one more small blob, on a resume after `finalize` only. The window
LangGraph leaves for untracked writes: a process killed after `finalize`'s other writes were
saved and before its checkpoint resumes with no minutes, because LangGraph counts the step as
done; `with_words_of` then rebuilds them from the state (`rebuild`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Self

from langgraph.channels.untracked_value import UntrackedValue

from langgraph_council.nodes._meetings.models import MeetingMinutes

__all__ = ["StoredMinutes", "stored", "with_words_of"]

_MISSING: Any = UntrackedValue(object).value
"""LangGraph's "no value" sentinel, as a fresh channel holds it (its module is private)."""


def stored(minutes: Any) -> Any:
    """`minutes` as a checkpoint keeps them: words left out where a message holds them.

    Anything that is not a `MeetingMinutes` (a JSON dict from a server state edit) is kept as
    it is, words and all.
    """
    if not isinstance(minutes, MeetingMinutes) or all(
        c.content_ref is None or not c.content for c in minutes.contributions
    ):
        return minutes
    return minutes.model_copy(
        update={
            "contributions": tuple(
                c if c.content_ref is None else c.model_copy(update={"content": ""})
                for c in minutes.contributions
            )
        }
    )


class StoredMinutes(UntrackedValue[Any]):
    """The `minutes` channel: words in the run, references in the checkpoint (see above)."""

    __slots__ = ()

    def __init__(self, typ: Any = MeetingMinutes, guard: bool = False) -> None:
        super().__init__(typ, guard)

    def checkpoint(self) -> Any:
        """The minutes without the words their messages hold."""
        return _MISSING if self.value is _MISSING else stored(self.value)

    def from_checkpoint(self, checkpoint: Any) -> Self:
        """The stored minutes (references), or minutes of any earlier version as they are."""
        empty = super().from_checkpoint(checkpoint)
        if checkpoint is not _MISSING and checkpoint is not None:
            empty.value = checkpoint
        return empty


def with_words_of(
    state: Mapping[str, Any], rebuild: Callable[[Mapping[str, Any]], MeetingMinutes]
) -> dict[str, Any]:
    """The update that puts the words back into the state's minutes, or `{}` when they are.

    Minutes restored from a checkpoint refer to their messages; minutes missing after
    `finalize` (LangGraph's window for untracked writes, above) are rebuilt with `rebuild`,
    and so are a reused thread's previous minutes found in their place.
    """
    minutes = state.get("minutes")
    if minutes is None or (minutes.meeting_id, minutes.started_at) != (
        state.get("meeting_id"),
        state.get("started_at"),
    ):  # missing, or the thread's previous meeting's: this meeting's finalize was not kept
        return {"minutes": rebuild(state)}
    filled = minutes.with_words(state.get("messages", ()))
    return {} if filled is minutes else {"minutes": filled}
