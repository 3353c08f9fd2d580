"""Issue 15 item 3, orgs: any org data validates or is refused with an `OrgError` naming the
agent row or field; a valid org answers every hierarchy query without crashing."""

from __future__ import annotations

import itertools
import json

import pytest
import yaml
from hypothesis import example, given

from langgraph_council.nodes import Org, OrgError

from .strategies import Fuzzed, fuzz, org_data

FUZZ = fuzz(150)
ROW = {"name": "C", "role": "engineer", "department": "eng", "level": "junior"}


def _queries(org: Org) -> None:
    """Every hierarchy query over every pair: answers, never a crash."""
    ids = [a.id for a in org]
    for agent_id in ids:
        chain = [a.id for a in org.ancestors(agent_id)]
        assert agent_id not in chain and len(chain) == len(set(chain))
        assert org.root_of(agent_id).manager_id is None
        org.department(org.get(agent_id).department)
        org.reports_of(agent_id)
    for a, b in itertools.product(ids, repeat=2):
        common = org.lowest_common_manager(a, b)
        if common is not None:
            assert org.depth_below(common.id, a) is not None
        org.is_subordinate(a, b)
    with pytest.raises(KeyError, match="unknown agent id"):
        org.get("no-such-agent")


@FUZZ
@given(org_data())
# Bug: "management cycle through agent 'c': c -> c" did not say which field makes the loop.
@example(Fuzzed({"agents": [{**ROW, "id": "c", "manager_id": "c"}]}, {"manager_id"}))
def test_org_data_validates_or_names_the_row(data: Fuzzed) -> None:
    try:
        org = Org.from_dict(data.value)
    except OrgError as exc:
        message = str(exc)
        assert message and "\n" not in message.strip(), message
        assert data.named_in(message) or "org" in message, (message, data.touched)
        return
    _queries(org)


@FUZZ
@given(org_data())
def test_org_files_parse_the_same_as_the_data(data: Fuzzed) -> None:
    """YAML and JSON text of the same data give the same org or the same kind of error."""
    try:
        text = json.dumps(data.value, allow_nan=True)
    except (TypeError, ValueError):
        return
    outcomes = []
    for load, source in ((Org.from_json, text), (Org.from_yaml, yaml.safe_dump(data.value))):
        try:
            outcomes.append([a.id for a in load(source)])
        except OrgError as exc:
            outcomes.append(type(exc))
    json_side, yaml_side = outcomes
    assert json_side == yaml_side or OrgError in (json_side, yaml_side), outcomes
