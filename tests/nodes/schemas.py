"""The structured-output schema the agent-call tests ask models for."""

from __future__ import annotations

from pydantic import BaseModel


class Verdict(BaseModel):
    """A judge's answer: who wins, how sure."""

    winner: str
    confidence: float
