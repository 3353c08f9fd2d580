"""The org: validation, lookups and the lowest common manager."""

from __future__ import annotations

import json

import pytest

from langgraph_council.nodes import Org, OrgError, SeniorityLevel
from tests.conftest import ORG_YAML, make_agent


def test_seniority_orders_by_rank_not_by_spelling() -> None:
    levels = [SeniorityLevel(v) for v in ("vp", "junior", "lead", "c_suite", "mid", "senior")]
    assert [lv.value for lv in sorted(levels)] == [
        "junior",
        "mid",
        "senior",
        "lead",
        "vp",
        "c_suite",
    ]
    assert SeniorityLevel.LEAD > SeniorityLevel.SENIOR
    assert max(levels) is SeniorityLevel.C_SUITE


def test_unknown_manager_is_rejected_naming_the_agent() -> None:
    with pytest.raises(OrgError, match=r"'dev'.*unknown manager_id 'ghost'") as err:
        Org([make_agent("dev", manager_id="ghost")])
    assert err.value.agent_id == "dev"


def test_management_cycle_is_rejected_naming_the_agent() -> None:
    with pytest.raises(OrgError, match="management cycle through agent 'a'"):
        Org([make_agent("a", manager_id="b"), make_agent("b", manager_id="a")])


def test_a_cycle_above_an_agent_names_an_agent_of_the_cycle() -> None:
    with pytest.raises(OrgError, match="cycle through agent 'a': a -> b -> a") as err:
        Org(
            [
                make_agent("c", manager_id="a"),
                make_agent("a", manager_id="b"),
                make_agent("b", manager_id="a"),
            ]
        )
    assert err.value.agent_id == "a"


def test_duplicate_id_is_rejected() -> None:
    with pytest.raises(OrgError, match="duplicate agent id 'a'"):
        Org([make_agent("a"), make_agent("a")])


def test_lookups_on_the_suite_org(org: Org) -> None:
    assert org.manager_of("senior_dev").id == "backend_lead"  # type: ignore[union-attr]
    assert org.manager_of("ceo") is None
    assert [a.id for a in org.ancestors("junior_dev")] == ["backend_lead", "cto", "ceo"]
    assert org.depth_below("cto", "junior_dev") == 2
    assert org.depth_below("frontend_lead", "junior_dev") is None
    assert org.is_subordinate("junior_dev", "cto")
    assert not org.is_subordinate("junior_dev", "cto", skip_level=False)
    assert org.is_subordinate("junior_dev", "backend_lead", skip_level=False)
    assert not org.is_subordinate("cto", "cto")
    assert [a.id for a in org.department("Backend")] == ["backend_lead", "senior_dev", "junior_dev"]


@pytest.mark.parametrize(
    ("ids", "expected"),
    [
        (("senior_dev", "junior_dev"), "backend_lead"),
        (("junior_dev", "ui_dev"), "cto"),
        (("backend_lead", "senior_dev"), "backend_lead"),
        (("cto",), "cto"),
        (("junior_dev", "ui_dev", "ceo"), "ceo"),
        (("junior_dev", "qa_engineer"), None),
        (("qa_head", "ceo"), None),
    ],
)
def test_lowest_common_manager(org: Org, ids: tuple[str, ...], expected: str | None) -> None:
    lcm = org.lowest_common_manager(*ids)
    assert (lcm.id if lcm else None) == expected
    reversed_lcm = org.lowest_common_manager(*reversed(ids))
    assert (reversed_lcm.id if reversed_lcm else None) == expected


def test_unknown_id_in_lookup_names_it(org: Org) -> None:
    with pytest.raises(KeyError, match="unknown agent id 'nobody'"):
        org.lowest_common_manager("cto", "nobody")


def test_org_loads_from_json_like_yaml(org: Org) -> None:
    import yaml

    data = yaml.safe_load(ORG_YAML.read_text())
    from_json = Org.from_json(json.dumps(data))
    assert [a.id for a in from_json] == [a.id for a in org]
    assert from_json.get("ui_dev") == org.get("ui_dev")


def test_rules_split_by_scope(org: Org) -> None:
    ui = org.get("ui_dev")
    assert [r.scope for r in ui.domain_rules()] == ["domain"]
    assert [(who, r.action) for who, r in org.global_rules()] == [
        ("ui_dev", "route it to backend_lead first"),
    ]


def test_bad_level_names_the_field() -> None:
    with pytest.raises(ValueError, match="level"):
        Org([{"id": "x", "name": "X", "role": "r", "department": "d", "level": "emperor"}])
