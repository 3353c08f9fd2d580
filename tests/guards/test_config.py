"""LoopPreventionConfig: the reference defaults, YAML loading and validation naming the field."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from langgraph_council.guards import LoopPreventionConfig

SEED_BLOCK = """
loop_prevention:
  max_delegation_depth: 5
  rate_limit:
    max_per_pair_per_minute: 10
    burst_allowance: 3
  dedup_window_seconds: 60
  circuit_breaker:
    bounce_threshold: 3
    cooldown_seconds: 300
"""


def test_defaults_match_the_reference_design() -> None:
    cfg = LoopPreventionConfig()
    assert cfg.max_delegation_depth == 5
    assert cfg.dedup_window_seconds == 60
    assert cfg.rate_limit.max_per_pair_per_minute == 10
    assert cfg.rate_limit.burst_allowance == 3
    assert cfg.circuit_breaker.bounce_threshold == 3
    assert cfg.circuit_breaker.cooldown_seconds == 300
    assert cfg.circuit_breaker.max_cooldown_seconds == 3600
    assert cfg.circuit_breaker.bounce_window_seconds == 600
    assert cfg.ancestry_tracking is True


def test_the_seed_block_loads_to_the_defaults(tmp_path: Path) -> None:
    assert LoopPreventionConfig.from_yaml(SEED_BLOCK) == LoopPreventionConfig()
    path = tmp_path / "company.yaml"
    path.write_text(SEED_BLOCK.replace("max_delegation_depth: 5", "max_delegation_depth: 2"))
    assert LoopPreventionConfig.from_yaml(path).max_delegation_depth == 2
    assert LoopPreventionConfig.from_yaml(str(path)).max_delegation_depth == 2


def test_a_bare_block_and_partial_overrides_load() -> None:
    cfg = LoopPreventionConfig.from_yaml("circuit_breaker:\n  bounce_threshold: 7\n")
    assert cfg.circuit_breaker.bounce_threshold == 7
    assert cfg.circuit_breaker.cooldown_seconds == 300


def test_limits_carry_the_numbers_to_the_stores() -> None:
    limits = LoopPreventionConfig.from_yaml(SEED_BLOCK).limits()
    assert limits.rate_capacity == 13
    assert (limits.bounce_threshold, limits.bounce_window_seconds) == (3, 600)
    custom = LoopPreventionConfig.from_yaml("circuit_breaker: {bounce_window_seconds: 90}")
    assert custom.limits().bounce_window_seconds == 90
    assert [limits.cooldown_for_trip(n) for n in range(1, 7)] == [300, 600, 1200, 2400, 3600, 3600]


@pytest.mark.parametrize(
    ("yaml_text", "field"),
    [
        ("max_delegation_depth: 0", "max_delegation_depth"),
        ("max_delegation_depth: -1", "max_delegation_depth"),
        ("dedup_window_seconds: 0", "dedup_window_seconds"),
        ("rate_limit: {max_per_pair_per_minute: 0}", "rate_limit.max_per_pair_per_minute"),
        ("rate_limit: {burst_allowance: -1}", "rate_limit.burst_allowance"),
        ("circuit_breaker: {bounce_threshold: 0}", "circuit_breaker.bounce_threshold"),
        ("circuit_breaker: {cooldown_seconds: -5}", "circuit_breaker.cooldown_seconds"),
        ("circuit_breaker: {bounce_window_seconds: 0}", "circuit_breaker.bounce_window_seconds"),
        ("circuit_breaker: {max_cooldown_seconds: 100}", "circuit_breaker.max_cooldown_seconds"),
        ("ancestry_tracking: false", "ancestry_tracking"),
        ("max_depth: 3", "max_depth"),
    ],
)
def test_invalid_configs_name_the_field(yaml_text: str, field: str) -> None:
    with pytest.raises(ValidationError) as info:
        LoopPreventionConfig.from_yaml(f"loop_prevention:\n  {yaml_text}\n")
    assert field in str(info.value)


def test_max_cooldown_below_base_says_how_to_fix() -> None:
    with pytest.raises(ValueError, match=r"max_cooldown_seconds \(60\) must be >= .*cooldown"):
        LoopPreventionConfig(circuit_breaker={"cooldown_seconds": 120, "max_cooldown_seconds": 60})


def test_a_non_mapping_block_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="loop_prevention must be a mapping"):
        LoopPreventionConfig.from_yaml("loop_prevention: 5\n")


def test_the_config_is_frozen() -> None:
    cfg = LoopPreventionConfig()
    with pytest.raises(ValidationError):
        cfg.max_delegation_depth = 9  # type: ignore[misc]


@given(depth=st.integers(max_value=0), threshold=st.integers(min_value=1, max_value=50))
def test_any_non_positive_depth_is_refused(depth: int, threshold: int) -> None:
    with pytest.raises(ValidationError, match="max_delegation_depth"):
        LoopPreventionConfig(
            max_delegation_depth=depth, circuit_breaker={"bounce_threshold": threshold}
        )


@given(
    base=st.floats(min_value=0.001, max_value=1e6),
    cap=st.floats(min_value=0.001, max_value=1e6),
)
def test_the_cooldown_cap_is_refused_exactly_when_below_the_base(base: float, cap: float) -> None:
    settings = {"cooldown_seconds": base, "max_cooldown_seconds": cap}
    if cap < base:
        with pytest.raises(ValidationError, match="max_cooldown_seconds"):
            LoopPreventionConfig(circuit_breaker=settings)
    else:
        cfg = LoopPreventionConfig(circuit_breaker=settings)
        assert cfg.limits().cooldown_for_trip(50) == cap
