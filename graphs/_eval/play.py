"""Who plays a scenario's agents: its own text (`--scripted`) or one chat model for everyone.

Scripted, each agent's reply is the scenario's `says` (structured calls get the scenario's
synthesis or verdict), so what is scored is the framework. With a model, every agent runs on
it and an agent's `says` becomes its brief: a domain rule in its own system prompt.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, LLMResult

from langgraph_council.graphs._eval.scenarios import Agent
from langgraph_council.nodes import AgentProfile, Org, Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

__all__ = ["Players", "TokenCounter", "org_of", "roster_for"]

BRIEF = "you are asked for your position, argument or paper"
"""The condition of the domain rule that carries a scenario agent's brief to a real model."""


@dataclass(frozen=True)
class Players:
    """`model` plays every agent (None: the scenarios' own text); `label` names it."""

    model: BaseChatModel | None = None
    label: str = "scripted"

    @property
    def scripted(self) -> bool:
        """True when the replies are the scenarios' own text."""
        return self.model is None


def _profile(agent: Agent, *, briefed: bool) -> AgentProfile:
    rules = (
        [{"condition": BRIEF, "action": f"argue this, citing its evidence: {agent.says}"}]
        if briefed and agent.says
        else []
    )
    return AgentProfile.model_validate(
        {
            "id": agent.id,
            "name": agent.id.replace("_", " ").title(),
            "role": agent.role,
            "department": "eval",
            "level": agent.level,
            "manager_id": agent.manager,
            "rules": rules,
        }
    )


def org_of(agents: Iterable[Agent], *, briefed: bool = False) -> Org:
    """The scenario's org; `briefed`: each agent's `says` is a rule in its prompt."""
    return Org([_profile(a, briefed=briefed) for a in agents])


def _scripted(says: Mapping[str, str], structured: Mapping[str, Mapping[str, Any]]) -> Any:
    def reply(call: ScriptCall) -> Any:
        agent = call.agent_id or ""
        if call.schema is not None and agent in structured:
            return dict(structured[agent])
        return says.get(agent, "I have nothing to add.")

    return reply


def roster_for(
    agents: Iterable[Agent],
    players: Players,
    *,
    structured: Mapping[str, Mapping[str, Any]] | None = None,
    fixed: Iterable[str] = (),
) -> Roster:
    """The roster of `agents`: scripted, or every agent on the model except those in `fixed`
    (they say their scenario text whatever the mode: test material, e.g. a detector's input)."""
    agents = list(agents)
    says = {a.id: a.says for a in agents}
    scripted = ScriptedChatModel(_scripted(says, structured or {}))
    if players.model is None:
        return Roster(org_of(agents), default_model=scripted)
    pinned = set(fixed)
    org = org_of(agents, briefed=True)
    return Roster(org, {a: scripted for a in pinned}, default_model=players.model)


class TokenCounter(BaseCallbackHandler):
    """Sums the `usage_metadata` of the chat-model replies of one scenario. With `model_only`
    (a run on a real model) the replies of the scenario's fixed agents, which say their own
    text through a `ScriptedChatModel`, are not counted: the table prices what the model
    was paid for (the realmodel suite checks it equals the server's count)."""

    def __init__(self, *, model_only: bool = False) -> None:
        self._lock = threading.Lock()
        self.tokens = 0
        self._model_only = model_only
        self._scripted: set[UUID] = set()

    def on_chat_model_start(
        self, serialized: dict[str, Any], messages: Any, *, run_id: UUID, **kwargs: Any
    ) -> None:
        """Note a scripted reply's run, to leave it out with `model_only`."""
        if self._model_only and "ScriptedChatModel" in (serialized or {}).get("id", ()):
            with self._lock:
                self._scripted.add(run_id)

    def on_llm_end(self, response: LLMResult, *, run_id: UUID, **kwargs: Any) -> None:
        """Add one reply's input and output tokens."""
        with self._lock:
            if run_id in self._scripted:
                self._scripted.discard(run_id)
                return
        for generations in response.generations:
            for generation in generations:
                message = generation.message if isinstance(generation, ChatGeneration) else None
                if isinstance(message, AIMessage) and message.usage_metadata:
                    with self._lock:
                        self.tokens += int(message.usage_metadata.get("total_tokens", 0))
