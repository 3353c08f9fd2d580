"""Guard nodes and their state: loop prevention, budgets, authority deference."""

from langgraph_council.guards.authority_deference import (
    AUTHORITY_JUSTIFICATION_DIRECTIVE,
    detect_authority_cues,
)
from langgraph_council.guards.budget import BudgetDecision, TokenBudget, estimate_prompt_tokens

__all__ = [
    "AUTHORITY_JUSTIFICATION_DIRECTIVE",
    "BudgetDecision",
    "TokenBudget",
    "detect_authority_cues",
    "estimate_prompt_tokens",
]
