"""Token budget guard: every meeting call is priced before it is made, never only logged after."""

from __future__ import annotations

import math
from dataclasses import dataclass

from langgraph_council.nodes.agents import Prompt, Roster

__all__ = ["BudgetDecision", "TokenBudget", "estimate_prompt_tokens"]


def estimate_prompt_tokens(roster: Roster, agent_id: str, prompt: Prompt) -> int:
    """Estimated input tokens of a call, system prompt included (4 characters a token)."""
    return roster.estimate_prompt_tokens(agent_id, prompt)


@dataclass(frozen=True)
class BudgetDecision:
    """Whether a call may run, and the output cap it gets."""

    allowed: bool
    max_tokens: int
    prompt_tokens: int
    reason: str = ""


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
        prompt_tokens = self._priced(prompt_tokens)
        cap = min(want, available - prompt_tokens)
        if cap < self.min_output:
            return BudgetDecision(
                allowed=False,
                max_tokens=0,
                prompt_tokens=prompt_tokens,
                reason=(
                    f"{'synthesis' if for_synthesis else 'call'} needs {prompt_tokens} prompt + "
                    f"{self.min_output} output tokens, {max(0, available)} available"
                ),
            )
        return BudgetDecision(allowed=True, max_tokens=cap, prompt_tokens=prompt_tokens)

    def plan_parallel(self, prompt_tokens: list[int], *, want: int) -> BudgetDecision:
        """Price a parallel phase: one shared output cap so every branch fits together."""
        prompt_tokens = [self._priced(p) for p in prompt_tokens]
        available = self.remaining - self.reserve - sum(prompt_tokens)
        n = max(1, len(prompt_tokens))
        cap = min(want, available // n)
        if cap < self.min_output:
            return BudgetDecision(
                allowed=False,
                max_tokens=0,
                prompt_tokens=sum(prompt_tokens),
                reason=(
                    f"{n} parallel calls need {sum(prompt_tokens)} prompt + "
                    f"{n * self.min_output} output tokens, "
                    f"{max(0, self.remaining - self.reserve)} available"
                ),
            )
        return BudgetDecision(allowed=True, max_tokens=cap, prompt_tokens=sum(prompt_tokens))
