"""The agent-call layer: one agent call is one chat-model call (or one agent run), usage counted."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias, TypeVar, cast

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langgraph.errors import GraphBubbleUp
from pydantic import BaseModel

from langgraph_council.nodes._calls.agent_runs import (
    agent_entries,
    agent_step,
    arun_agent,
    run_agent,
)
from langgraph_council.nodes._calls.binding import with_max_tokens, with_tools
from langgraph_council.nodes._calls.factories import (
    AgentFactory,
    resolve_factories,
    with_final_calls,
)
from langgraph_council.nodes._calls.replies import (
    AgentReply,
    PendingCall,
    StructuredReply,
    agent_reply,
    agent_structured,
    estimate_tokens,
    model_reply,
    text_of,
)
from langgraph_council.nodes._calls.structured import (
    StructuredMethod,
    StructuredMode,
    StructuredModes,
    bind_structured,
    read_out,
    schema_instruction,
    with_instruction,
)
from langgraph_council.nodes._fencing import UNTRUSTED_CONTENT_DIRECTIVE, escape_line
from langgraph_council.nodes._org import AgentProfile, Org
from langgraph_council.nodes._team import team_org
from langgraph_council.nodes._text import scrub_nul

__all__ = ["Entry", "Prompt", "Roster"]

T = TypeVar("T")

Prompt = str | Sequence[BaseMessage]
"""A user prompt as text, or the non-system messages of the conversation."""

Entry: TypeAlias = BaseChatModel | Runnable[Any, Any] | AgentFactory
"""A roster entry: a chat model, an agent (a Runnable over `{"messages": [...]}`), or an
`AgentFactory` that builds the agent around the tools a family offers."""

AGENT_ID_MARKER = "Agent id: "


_SIZED_CACHE = 256
"""Model copies kept per roster (one per model and output cap)."""


def _agents_as_team(
    agents: object,
    models: Mapping[str, Entry] | None,
    profiles: Mapping[str, AgentProfile | Mapping[str, Any]] | None,
) -> tuple[Org, Mapping[str, Entry]]:
    """`Roster({"alice": model, ...})`: the org is one team built from the names (`team_org`)."""
    if not isinstance(agents, Mapping):
        raise TypeError(
            f"Roster takes an Org or a mapping of agent names to chat models or agents, "
            f"got {type(agents).__name__}"
        )
    if models is not None:
        raise ValueError(
            "pass the models once: Roster({'name': model, ...}), or Roster(org, models)"
        )
    return team_org(list(agents), profiles), agents


class Roster:
    """Maps agent ids to chat models or agents and makes their calls.

    `Roster({"alice": model_a, "bob": model_b})` needs no org file: the org is one team whose
    first name is its lead, the others report to it (`profiles=` overrides any profile field,
    e.g. `{"bob": {"role": "dba", "level": "senior"}}`). `Roster(org, models)` uses your org.

    An entry that is not a `BaseChatModel` is an agent: any Runnable or compiled graph taking
    and returning `{"messages": [...]}` (langchain's `create_agent`, a user's graph, a
    `RemoteGraph`). It gets the same fenced messages; its tool calls run inside it (and stream
    to the parent graph, a compiled graph as a subgraph); its reply is the last AI message it
    added; its usage the sum over the AI messages it added. It cannot bind an output cap (the
    cap only flags `over_cap`), tools or a schema: structured calls ask in `text` mode. An
    `AgentFactory` entry is an agent built around the tools a family offers (the worktree's,
    the hand-off), and with none for every other call.

    `structured_method` is how structured calls first ask for their schema (`auto`: the
    model's own binding; see `call_structured`); what each model's server accepts is
    remembered for the roster's life.

    Example:
        >>> from langgraph_council.nodes.testing import ScriptedChatModel
        >>> org = Org([AgentProfile(id="a", name="Ann", role="dev", department="eng",
        ...            level="mid")])
        >>> roster = Roster(org, default_model=ScriptedChatModel(["hello"]))
        >>> roster.call("a", "Say hello").content
        'hello'
    """

    def __init__(
        self,
        org: Org | Mapping[str, Entry],
        models: Mapping[str, Entry] | None = None,
        *,
        default_model: Entry | None = None,
        profiles: Mapping[str, AgentProfile | Mapping[str, Any]] | None = None,
        structured_method: StructuredMethod = "auto",
    ) -> None:
        if not isinstance(org, Org):
            org, models = _agents_as_team(org, models, profiles)
        elif profiles is not None:
            raise ValueError(
                "profiles= is for a roster given as {'name': model, ...}; with an Org, the "
                "profiles are the org's own (edit the org instead)"
            )
        models = dict(models or {})
        unknown = sorted(set(models) - {a.id for a in org})
        if unknown:
            raise ValueError(f"models given for agents not in the org: {unknown}")
        self.org = org
        built, default, self._factories, self._default_factory = resolve_factories(
            models, default_model
        )
        models = cast(dict[str, Entry], built)
        default_model = cast(Entry | None, default)
        self._models = models
        self._default = default_model
        self._agents = agent_entries([a.id for a in org], models, default_model)
        self._system_prompts = {a.id: self._build_system_prompt(a) for a in org}
        self._sized: dict[tuple[int, int], tuple[BaseChatModel, Runnable[Any, Any]]] = {}
        self._modes = StructuredModes(structured_method)

    def has_model(self, agent_id: str) -> bool:
        """True when `agent_id` can be called."""
        return agent_id in self._models or (self._default is not None and agent_id in self.org)

    def agent_factory(self, agent_id: str) -> AgentFactory | None:
        """The `AgentFactory` of `agent_id`, if its entry is one."""
        if agent_id in self._models:
            return self._factories.get(agent_id)
        return self._default_factory

    def is_agent(self, agent_id: str) -> bool:
        """True when `agent_id` is an agent (compiled or built by a factory), not a model."""
        return agent_id in self._agents

    def _agent_with(self, agent_id: str, tools: Sequence[BaseTool]) -> Runnable[Any, Any] | None:
        """The agent to run for a call (built around `tools` when its entry is a factory)."""
        factory = self.agent_factory(agent_id) if tools else None
        if factory is not None:
            return factory(tools, agent_id=agent_id)
        return self._agents.get(agent_id)

    def model_for(self, agent_id: str) -> Entry:
        """The chat model or agent of `agent_id`; `LookupError` naming the agent without one."""
        self.org.get(agent_id)
        model = self._models.get(agent_id, self._default)
        if model is None:
            raise LookupError(
                f"agent {agent_id!r} has no chat model; pass it in `models` or set `default_model`"
            )
        return model

    def _sized_model(self, agent_id: str, max_tokens: int | None) -> Runnable[Any, Any]:
        """`model_for` capped at `max_tokens`, the copy kept: a fresh copy per call would make
        langchain-core serialise the model again for the callbacks of every call."""
        model = cast(BaseChatModel, self.model_for(agent_id))  # agents never get here
        if max_tokens is None:
            return model
        key = (id(model), max_tokens)
        hit = self._sized.get(key)
        if hit is not None and hit[0] is model:
            return hit[1]
        sized = with_max_tokens(model, max_tokens)
        if len(self._sized) < _SIZED_CACHE:
            self._sized[key] = (model, sized)
        return sized

    def system_prompt(self, agent_id: str) -> str:
        """The agent's system prompt: identity, domain rules, the untrusted-content directive."""
        self.org.get(agent_id)
        return self._system_prompts[agent_id]

    @staticmethod
    def _build_system_prompt(agent: AgentProfile) -> str:
        skills = ", ".join(agent.primary_skills) or "general"
        lines = [
            f"You are {escape_line(agent.name)}, {escape_line(agent.role)} in the "
            f"{escape_line(agent.department)} department (seniority: {agent.level.value}).",
            f"{AGENT_ID_MARKER}{agent.id}",
            f"Primary skills: {escape_line(skills)}.",
        ]
        if agent.secondary_skills:
            lines.append(f"Secondary skills: {escape_line(', '.join(agent.secondary_skills))}.")
        for rule in agent.domain_rules():
            lines.append(f"Rule: IF {escape_line(rule.condition)} THEN {escape_line(rule.action)}.")
        lines.append(UNTRUSTED_CONTENT_DIRECTIVE)
        return "\n".join(lines)

    def messages(self, agent_id: str, prompt: Prompt) -> list[BaseMessage]:
        """The full message list of a call: system prompt first, then the prompt."""
        body: list[BaseMessage] = (
            [HumanMessage(content=prompt)] if isinstance(prompt, str) else list(prompt)
        )
        return [SystemMessage(content=self.system_prompt(agent_id)), *body]

    def estimate_prompt_tokens(self, agent_id: str, prompt: Prompt) -> int:
        """Estimated input tokens of a call to `agent_id`, system prompt included."""
        if isinstance(prompt, str):  # the hot path: no message objects to build
            return estimate_tokens(self.system_prompt(agent_id)) + estimate_tokens(prompt)
        return sum(estimate_tokens(text_of(m)) for m in self.messages(agent_id, prompt))

    def _plain(
        self, agent_id: str, prompt: Prompt, max_tokens: int | None, tools: Sequence[BaseTool]
    ) -> PendingCall:
        """What `call` and `acall` send to which runnable, and how they read what it returns."""
        messages = self.messages(agent_id, prompt)
        agent = self._agent_with(agent_id, tools)
        if agent is not None:
            step = agent_step(agent_id, messages, estimate_tokens)

            def read_run(out: object) -> AgentReply:
                run = step.read(out)
                return with_final_calls(agent_reply(agent_id, run, max_tokens), run, tools)

            return PendingCall(agent, step.payload, read_run)
        model = self._model_with(agent_id, max_tokens, tools)
        started = time.perf_counter()
        return PendingCall(
            model, messages, lambda out: model_reply(agent_id, messages, out, started, max_tokens)
        )

    def call(
        self,
        agent_id: str,
        prompt: Prompt,
        *,
        max_tokens: int | None = None,
        tools: Sequence[BaseTool] = (),
    ) -> AgentReply:
        """Call `agent_id` once; `max_tokens` caps the output.

        With `tools`, they are bound for this call and the model's tool calls come back in
        `AgentReply.tool_calls` (a model without tool calling, or a compiled agent, gets a
        plain call). An `AgentFactory` entry builds its agent around `tools`; the agent runs
        them itself, and the tool calls of its last AI message (a tool with `return_direct`
        ended the run, e.g. the hand-off) come back in `AgentReply.tool_calls`.
        """
        plain = self._plain(agent_id, prompt, max_tokens, tools)
        return plain.read(plain.runnable.invoke(plain.payload))

    async def acall(
        self,
        agent_id: str,
        prompt: Prompt,
        *,
        max_tokens: int | None = None,
        tools: Sequence[BaseTool] = (),
    ) -> AgentReply:
        """Async twin of `call`; parallel calls overlap."""
        plain = self._plain(agent_id, prompt, max_tokens, tools)
        return plain.read(await plain.runnable.ainvoke(plain.payload))

    def _model_with(
        self, agent_id: str, max_tokens: int | None, tools: Sequence[BaseTool]
    ) -> Runnable[Any, Any]:
        if tools:
            return with_tools(cast(BaseChatModel, self.model_for(agent_id)), max_tokens, tools)
        return self._sized_model(agent_id, max_tokens)

    def structured_mode(self, agent_id: str) -> StructuredMode:
        """How `agent_id`'s next structured call asks for its schema (what worked so far)."""
        return self._modes.mode(self.model_for(agent_id))

    def structured_overhead(self, agent_id: str, schema: type[BaseModel]) -> int:
        """Prompt tokens a structured call to `agent_id` adds (the schema, in text modes)."""
        if self.structured_mode(agent_id) in ("text", "json_mode"):
            return estimate_tokens(schema_instruction(schema))
        return 0

    def _structured(
        self,
        agent_id: str,
        messages: list[BaseMessage],
        out: Any,
        schema: type[T],
        started: float,
        mode: StructuredMode,
        max_tokens: int | None,
    ) -> StructuredReply[T]:
        raw, parsed, from_text = read_out(out, schema, mode)
        reply = model_reply(agent_id, messages, raw, started, max_tokens)
        why = self._modes.settle(self.model_for(agent_id), mode, parsed, from_text, reply.over_cap)
        parsed, replaced = scrub_nul(parsed) if parsed is not None else (None, 0)
        update: dict[str, Any] = {
            "parsed_from_text": from_text,
            "structured_mode": mode,
            "fallback_reason": why,
        }
        if replaced:
            update["nul_replaced"] = reply.nul_replaced + replaced
        return StructuredReply(parsed=parsed, reply=reply.model_copy(update=update))

    def _attempt(
        self, agent_id: str, messages: list[BaseMessage], schema: type[T], max_tokens: int | None
    ) -> tuple[StructuredMode, Runnable[Any, Any], list[BaseMessage]]:
        sized = self._sized_model(agent_id, max_tokens)
        return self._modes.attempt(self.model_for(agent_id), sized, messages, schema)

    def _after_error(
        self,
        agent_id: str,
        messages: list[BaseMessage],
        schema: type[T],
        max_tokens: int | None,
        mode: StructuredMode,
        exc: Exception,
    ) -> tuple[Any, tuple[StructuredMode, Runnable[Any, Any], list[BaseMessage]] | None]:
        """After a structured call raised: the reply the server completed, or the attempt to
        make instead (in the mode the model falls back to). Any other error is re-raised, and
        so is LangGraph's own (an interrupt bubbling up), untouched."""
        if isinstance(exc, GraphBubbleUp):
            raise exc
        after = self._modes.recover(self.model_for(agent_id), mode, exc)
        if isinstance(after, BaseMessage):
            return after, None
        if after is None:  # sent once without retries: once more, retried as the client would
            sized = self._sized_model(agent_id, max_tokens)
            bound = bind_structured(sized, cast(type[BaseModel], schema), mode)
            return None, (mode, bound, with_instruction(messages, cast(Any, schema), mode))
        return None, self._attempt(agent_id, messages, schema, max_tokens)

    def call_structured(
        self, agent_id: str, prompt: Prompt, schema: type[T], *, max_tokens: int | None = None
    ) -> StructuredReply[T]:
        """Ask for `schema` the way the model supports; never lose a completed reply.

        A server that refuses the model's binding (HTTP 4xx/5xx about `response_format` or
        tools) is asked again in `text` mode, the JSON schema in the prompt; one that ignores
        it has its reply read from the text; either way the model is asked in `text` mode from
        then on. JSON in the text (whole, fenced, in prose) is parsed into `schema` and the
        reply marked `parsed_from_text`; `parsed` is None only when there is none. The reply
        says how it was asked (`structured_mode`) and why not through the binding
        (`fallback_reason`).
        """
        messages = self.messages(agent_id, prompt)
        agent = self._agents.get(agent_id)
        if agent is not None:
            text_mode = with_instruction(messages, cast(type[BaseModel], schema), "text")
            run = run_agent(agent_id, agent, text_mode, estimate_tokens)
            return agent_structured(agent_id, run, schema, max_tokens)
        mode, runnable, sent = self._attempt(agent_id, messages, schema, max_tokens)
        started = time.perf_counter()
        try:
            out = runnable.invoke(sent)
        except Exception as exc:  # noqa: BLE001 - `_after_error` re-raises all but two kinds
            out, retry = self._after_error(agent_id, messages, schema, max_tokens, mode, exc)
            if retry is not None:
                mode, runnable, sent = retry
                out = runnable.invoke(sent)
        return self._structured(agent_id, messages, out, schema, started, mode, max_tokens)

    async def acall_structured(
        self, agent_id: str, prompt: Prompt, schema: type[T], *, max_tokens: int | None = None
    ) -> StructuredReply[T]:
        """Async twin of `call_structured`."""
        messages = self.messages(agent_id, prompt)
        agent = self._agents.get(agent_id)
        if agent is not None:
            text_mode = with_instruction(messages, cast(type[BaseModel], schema), "text")
            run = await arun_agent(agent_id, agent, text_mode, estimate_tokens)
            return agent_structured(agent_id, run, schema, max_tokens)
        mode, runnable, sent = self._attempt(agent_id, messages, schema, max_tokens)
        started = time.perf_counter()
        try:
            out = await runnable.ainvoke(sent)
        except Exception as exc:  # noqa: BLE001 - `_after_error` re-raises all but two kinds
            out, retry = self._after_error(agent_id, messages, schema, max_tokens, mode, exc)
            if retry is not None:
                mode, runnable, sent = retry
                out = await runnable.ainvoke(sent)
        return self._structured(agent_id, messages, out, schema, started, mode, max_tokens)
