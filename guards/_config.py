"""`LoopPreventionConfig`: the validated numbers behind the delegation loop guard."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from langgraph_council.guards._rules import GuardLimits

__all__ = [
    "MAX_COUNT",
    "MAX_SECONDS",
    "MIN_SECONDS",
    "CircuitBreakerConfig",
    "LoopPreventionConfig",
    "RateLimitConfig",
]

_CONFIG = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

# Every value must behave the same on both guard stores (issue 14): durations between 1 ms
# (PostgreSQL keeps microseconds) and 10 years (timestamps and intervals stay far from their
# ranges in Python and PostgreSQL), counts up to a million (a pair's row keeps one timestamp
# per delegation in the rate window, and PostgreSQL `integer` holds the sums).
MIN_SECONDS = 0.001
MAX_SECONDS = 10 * 365 * 24 * 3600.0
MAX_COUNT = 1_000_000


def _seconds(default: float) -> Any:
    return Field(default=default, ge=MIN_SECONDS, le=MAX_SECONDS)


def _count(default: int, *, ge: int = 1) -> Any:
    return Field(default=default, ge=ge, le=MAX_COUNT, strict=True)


class RateLimitConfig(BaseModel):
    """Per undirected pair: `max_per_pair_per_minute` plus `burst_allowance` per window."""

    model_config = _CONFIG

    max_per_pair_per_minute: int = _count(10)
    burst_allowance: int = _count(3, ge=0)
    window_seconds: float = _seconds(60.0)


class CircuitBreakerConfig(BaseModel):
    """Per undirected pair: `bounce_threshold` bounces inside `bounce_window_seconds` trip it.

    A bounce is a task coming back (B delegates it to A after A delegated it to B, within the
    window) or a delegatee rejecting or failing a hand-off (`LoopGuard.record_bounce`); ordinary
    hand-offs of different tasks never count. The cooldown doubles per trip up to
    `max_cooldown_seconds`; when it ends the bounces are forgotten and the trip count is kept.
    """

    model_config = _CONFIG

    bounce_threshold: int = _count(3)
    bounce_window_seconds: float = _seconds(600.0)
    cooldown_seconds: float = _seconds(300.0)
    max_cooldown_seconds: float = _seconds(3600.0)

    @model_validator(mode="after")
    def _cap_not_below_base(self) -> CircuitBreakerConfig:
        if self.max_cooldown_seconds < self.cooldown_seconds:
            raise ValueError(
                f"circuit_breaker.max_cooldown_seconds ({self.max_cooldown_seconds:g}) must be "
                f">= circuit_breaker.cooldown_seconds ({self.cooldown_seconds:g}); raise the cap "
                "or lower the base cooldown"
            )
        return self


class LoopPreventionConfig(BaseModel):
    """Loop-prevention settings; defaults are the reference design's.

    Ancestry tracking is always on: `ancestry_tracking` only accepts `True`.

    Example:
        >>> cfg = LoopPreventionConfig.from_yaml("loop_prevention:\\n  max_delegation_depth: 3")
        >>> cfg.max_delegation_depth, cfg.rate_limit.max_per_pair_per_minute
        (3, 10)
    """

    model_config = _CONFIG

    max_delegation_depth: int = Field(default=5, gt=0, strict=True)
    dedup_window_seconds: float = _seconds(60.0)
    rate_limit: RateLimitConfig = RateLimitConfig()
    circuit_breaker: CircuitBreakerConfig = CircuitBreakerConfig()
    ancestry_tracking: Literal[True] = True

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> LoopPreventionConfig:
        """Read a mapping holding a `loop_prevention:` block, or the block itself."""
        block = data.get("loop_prevention", data)
        if block is None:
            block = {}
        if not isinstance(block, Mapping):
            raise TypeError(
                f"loop_prevention must be a mapping of settings, got {type(block).__name__}"
            )
        return cls.model_validate(dict(block))

    @classmethod
    def from_yaml(cls, source: str | Path) -> LoopPreventionConfig:
        """Load from YAML text or a `.yaml`/`.yml` file path holding a `loop_prevention:` block."""
        if isinstance(source, str) and "\n" not in source and source.endswith((".yaml", ".yml")):
            source = Path(source)
        text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
        data = yaml.safe_load(text) or {}
        if not isinstance(data, Mapping):
            raise TypeError("the YAML must be a mapping with a `loop_prevention:` block")
        return cls.from_mapping(data)

    def limits(self) -> GuardLimits:
        """The numbers the guard state stores enforce."""
        return GuardLimits(
            dedup_window_seconds=self.dedup_window_seconds,
            rate_per_window=self.rate_limit.max_per_pair_per_minute,
            rate_burst=self.rate_limit.burst_allowance,
            rate_window_seconds=self.rate_limit.window_seconds,
            bounce_threshold=self.circuit_breaker.bounce_threshold,
            bounce_window_seconds=self.circuit_breaker.bounce_window_seconds,
            cooldown_seconds=self.circuit_breaker.cooldown_seconds,
            max_cooldown_seconds=self.circuit_breaker.max_cooldown_seconds,
        )
