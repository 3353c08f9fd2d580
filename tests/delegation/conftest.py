"""Fixtures for the delegation-graph tests: hand-off replies and small orgs."""

from __future__ import annotations

import pytest

from langgraph_council.nodes import Org
from tests.delegation.scripts import HandOffReply, hand_to, peers, roots


@pytest.fixture
def hand() -> HandOffReply:
    """`hand(agent_id, refinement)` builds a scripted `delegate_to` reply."""
    return hand_to


@pytest.fixture
def peers_org() -> Org:
    """Two peers `alice` and `bob` under the manager `mia`."""
    return peers()


@pytest.fixture
def roots_org() -> Org:
    """Two peers at the top of the hierarchy: nobody to escalate to but a human."""
    return roots()
