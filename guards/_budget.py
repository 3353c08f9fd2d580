"""Token budget guard: every meeting call is priced before it is made, never only logged after.

The arithmetic and the pricing helpers live in `nodes._calls.budget` (nodes never import guards, and
every model-calling node prices through them); this module keeps the guard's public names.
"""

from __future__ import annotations

from langgraph_council.nodes._calls.budget import (
    BudgetDecision,
    TokenBudget,
    estimate_prompt_tokens,
    price,
    price_parallel,
)

__all__ = ["BudgetDecision", "TokenBudget", "estimate_prompt_tokens", "price", "price_parallel"]
