"""Token budgets: every call is priced before it is made, the prompt estimated once.

`price` and `price_parallel` are the one pricing step of every model-calling node; the estimate
they make rides on in `Call.prompt_tokens`, so nothing prices the same prompt twice.
`guards._budget` re-exports these names (the budget guard of the design), since nodes never
import guards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from langgraph_council.nodes._calls.roster import Prompt, Roster

__all__ = [
    "BudgetDecision",
    "TokenBudget",
    "estimate_prompt_tokens",
    "price",
    "price_parallel",
]


def estimate_prompt_tokens(roster: Roster, agent_id: str, prompt: Prompt) -> int:
    """Estimated input tokens of a call, system prompt included (4 characters a token)."""
    return roster.estimate_prompt_tokens(agent_id, prompt)


@dataclass(frozen=True)
class BudgetDecision:
    """Whether a call (or a parallel phase) may run, and the output cap it gets.

    `prompt_tokens` is what the budget charged for the prompts (estimates scaled by what the
    provider billed so far); `estimates` are the raw estimates, one per call, in order.
    """

    allowed: bool
    max_tokens: int
    prompt_tokens: int
    reason: str = ""
    estimates: tuple[int, ...] = ()

    @property
    def estimate(self) -> int:
        """The raw prompt estimate of a single priced call (the sum for a parallel phase)."""
        return sum(self.estimates)


@dataclass(frozen=True)
class TokenBudget:
    """A meeting's budget: `reserve` tokens are held back for the synthesis call only.

    Example:
        >>> budget = TokenBudget(total=1000, used=0, reserve_fraction=0.2)
        >>> budget.plan(prompt_tokens=100, want=300).max_tokens
        300
        >>> budget.plan(prompt_tokens=700, want=300).allowed
        False
    """

    total: int
    used: int
    reserve_fraction: float = 0.2
    min_output: int = 16
    input_scale: float = 1.0
    """How much more the provider bills for prompts than estimated so far (>= 1)."""

    def _priced(self, prompt_tokens: int) -> int:
        return math.ceil(prompt_tokens * max(1.0, self.input_scale))

    @property
    def reserve(self) -> int:
        """Tokens held back for synthesis."""
        return math.ceil(self.total * self.reserve_fraction)

    @property
    def remaining(self) -> int:
        """Tokens not yet spent."""
        return max(0, self.total - self.used)

    def plan(self, *, prompt_tokens: int, want: int, for_synthesis: bool = False) -> BudgetDecision:
        """Price one call: prompt plus output must fit what is left (minus the reserve)."""
        available = self.remaining if for_synthesis else self.remaining - self.reserve
        priced = self._priced(prompt_tokens)
        cap = min(want, available - priced)
        if cap < self.min_output:
            return BudgetDecision(
                allowed=False,
                max_tokens=0,
                prompt_tokens=priced,
                reason=(
                    f"{'synthesis' if for_synthesis else 'call'} needs {priced} prompt + "
                    f"{self.min_output} output tokens, {max(0, available)} available"
                ),
                estimates=(prompt_tokens,),
            )
        return BudgetDecision(
            allowed=True, max_tokens=cap, prompt_tokens=priced, estimates=(prompt_tokens,)
        )

    def plan_parallel(self, prompt_tokens: list[int], *, want: int) -> BudgetDecision:
        """Price a parallel phase: one shared output cap so every branch fits together."""
        priced = [self._priced(p) for p in prompt_tokens]
        available = self.remaining - self.reserve - sum(priced)
        n = max(1, len(priced))
        cap = min(want, available // n)
        if cap < self.min_output:
            return BudgetDecision(
                allowed=False,
                max_tokens=0,
                prompt_tokens=sum(priced),
                reason=(
                    f"{n} parallel calls need {sum(priced)} prompt + "
                    f"{n * self.min_output} output tokens, "
                    f"{max(0, self.remaining - self.reserve)} available"
                ),
                estimates=tuple(prompt_tokens),
            )
        return BudgetDecision(
            allowed=True, max_tokens=cap, prompt_tokens=sum(priced), estimates=tuple(prompt_tokens)
        )


def price(
    roster: Roster,
    agent_id: str,
    prompt: Prompt,
    *,
    want: int,
    budget: TokenBudget,
    for_synthesis: bool = False,
    prompt_tokens: int | None = None,
) -> BudgetDecision:
    """Price one call to `agent_id` before it is made; the prompt is estimated here, once.

    Pass `prompt_tokens` when the caller already estimated the prompt (e.g. for its own cap).

    Example:
        >>> decision = price(roster, "cto", "Decide.", want=300, budget=budget)  # doctest: +SKIP
        >>> decision.allowed, decision.max_tokens, decision.estimate  # doctest: +SKIP
        (True, 300, 112)
    """
    if prompt_tokens is None:
        prompt_tokens = roster.estimate_prompt_tokens(agent_id, prompt)
    return budget.plan(prompt_tokens=prompt_tokens, want=want, for_synthesis=for_synthesis)


def price_parallel(
    roster: Roster, calls: Sequence[tuple[str, Prompt]], *, want: int, budget: TokenBudget
) -> BudgetDecision:
    """Price a parallel phase of `(agent_id, prompt)` calls under one shared output cap.

    `decision.estimates[i]` is call i's prompt estimate, for its `Call.prompt_tokens`.
    """
    estimates = [roster.estimate_prompt_tokens(agent, prompt) for agent, prompt in calls]
    return budget.plan_parallel(estimates, want=want)
