"""What meeting nodes need from the guards, as interfaces; the graph factory plugs them in.

`nodes` never imports `guards` (the dependency points the other way), so the token budget
guard and the authority-deference guard reach the nodes through `MeetingGuards`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from langgraph_council.nodes.agents import Prompt, Roster
from langgraph_council.nodes.meetings.config import MeetingProtocolConfig
from langgraph_council.nodes.meetings.models import AuthorityCue, Contribution
from langgraph_council.nodes.meetings.state import MeetingState

__all__ = ["Budget", "BudgetFactory", "MeetingGuards", "PricedCall", "input_scale"]


class PricedCall(Protocol):
    """A budget decision: may the call run, and with which output cap."""

    @property
    def allowed(self) -> bool:
        """True when the call fits."""
        ...

    @property
    def max_tokens(self) -> int:
        """The output cap the call gets."""
        ...

    @property
    def reason(self) -> str:
        """Why it was refused ('' when allowed)."""
        ...


class Budget(Protocol):
    """A meeting budget as it stands (see `langgraph_council.guards.TokenBudget`)."""

    @property
    def remaining(self) -> int:
        """Tokens not yet spent."""
        ...

    def plan(self, *, prompt_tokens: int, want: int, for_synthesis: bool = False) -> PricedCall:
        """Price one call before it is made."""
        ...

    def plan_parallel(self, prompt_tokens: list[int], *, want: int) -> PricedCall:
        """Price a parallel phase: one output cap so all branches fit together."""
        ...


class BudgetFactory(Protocol):
    """Builds a `Budget` from the meeting's figures."""

    def __call__(
        self, *, total: int, used: int, reserve_fraction: float, min_output: int, input_scale: float
    ) -> Budget:
        """The budget."""
        ...


def input_scale(state: MeetingState) -> float:
    """Billed over estimated prompt tokens so far: later calls are priced with it (never < 1)."""
    priced = state.get("priced_input_tokens", 0)
    return max(1.0, state.get("billed_input_tokens", 0) / priced) if priced else 1.0


@dataclass(frozen=True)
class MeetingGuards:
    """The guards a meeting's nodes consult before each call and at synthesis."""

    budget: BudgetFactory
    estimate: Callable[[Roster, str, Prompt], int]
    authority_cues: Callable[[Sequence[Contribution]], list[AuthorityCue]]
    authority_directive: str

    def budget_of(
        self, state: MeetingState, config: MeetingProtocolConfig, *, reserve: bool = True
    ) -> Budget:
        """The meeting's budget now; `reserve=False` when no synthesis will follow."""
        return self.budget(
            total=state["token_budget"],
            used=state["tokens_used"],
            reserve_fraction=config.synthesis_reserve if reserve else 0.0,
            min_output=config.min_output_tokens,
            input_scale=input_scale(state),
        )
