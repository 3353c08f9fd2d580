"""A loopback OpenAI-compatible chat server, so tests drive the real `langchain-openai` client."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

from langchain_core.messages import AIMessage

ServerMode = Literal["honours", "refuses", "ignores", "max_tokens_only"]
"""How the server treats structured output and output caps (issue 22):

- `honours`: answers a `json_schema` request with the responder's text (OpenAI's behaviour);
- `refuses`: answers any `response_format` of type `json_schema` (or bound tools) with an HTTP
  500 naming `response_format`, as llama.cpp's server does;
- `ignores`: drops `response_format` and wraps the responder's reply in prose, the JSON in a
  fence;
- `max_tokens_only`: reads the cap from `max_tokens` only; the model rambles on after its
  answer, so a `max_completion_tokens` cap is run past (usage above the cap) and a `max_tokens`
  cap cuts the reply (`finish_reason="length"`).
"""

REFUSAL = "response_format type json_schema is not supported by this server (text, json_object)"
RAMBLE = " And one more thought on that."


@dataclass(frozen=True)
class Failure:
    """Answer a request with this HTTP status (the client retries 5xx after `retry_after_ms`)."""

    status: int = 500
    retry_after_ms: int = 10
    message: str = "loopback failure"


Responder = Callable[[dict[str, Any]], "str | AIMessage | Failure"]
"""Maps the request body to the assistant's reply text, a reply with tool calls (an `AIMessage`
whose `tool_calls` become OpenAI `tool_calls`), or a `Failure`."""


@dataclass
class LoopbackOpenAI:
    """A running server: `base_url` for the client, the `requests` it received and the `usage`
    it reported, one entry per successful completion, with the calling agent."""

    base_url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    usage: list[dict[str, Any]] = field(default_factory=list)

    def requests_from(self, agent_id: str) -> list[dict[str, Any]]:
        """The requests whose system prompt names `agent_id`."""
        return [r for r in self.requests if agent_of(r) == agent_id]

    def tokens(self) -> tuple[int, int]:
        """Prompt and completion tokens over every successful completion."""
        return (
            sum(u["prompt_tokens"] for u in self.usage),
            sum(u["completion_tokens"] for u in self.usage),
        )


def agent_of(body: dict[str, Any]) -> str | None:
    """The agent id `Roster` writes into the system prompt (`Agent id: ...`)."""
    for message in body.get("messages", []):
        if message.get("role") == "system":
            found = re.search(r"^Agent id: (\S+)", str(message.get("content") or ""), re.M)
            if found:
                return found.group(1)
    return None


def schema_name(body: dict[str, Any]) -> str | None:
    """The name of the JSON schema a structured-output request asks for: in `response_format`,
    as the one bound tool, or (text mode) as the JSON schema in the last user message."""
    response_format = body.get("response_format") or {}
    named = (response_format.get("json_schema") or {}).get("name")
    if named or body.get("tools"):
        return named or body["tools"][0]["function"]["name"]
    users = [m for m in body.get("messages", []) if m.get("role") == "user"]
    text = str(users[-1].get("content") or "") if users else ""
    marker = text.rfind("matches this JSON schema")
    if marker == -1:
        return None
    try:
        schema = json.loads(text[text.index("{", marker) :])
    except ValueError:
        return None
    return schema.get("title") if isinstance(schema, dict) else None


def _structured(body: dict[str, Any]) -> bool:
    kind = (body.get("response_format") or {}).get("type")
    return kind == "json_schema" or bool(body.get("tools"))


def _cut(body: dict[str, Any], text: str) -> tuple[str, str, int | None]:
    """`max_tokens_only`: the reply, finish reason and billed output tokens (None: counted)."""
    cap = body.get("max_tokens")
    ignored = body.get("max_completion_tokens")
    if cap is None and ignored is None:
        return text, "stop", None
    wanted = len(text) // 4 + 1 + 2 * int(cap or ignored)  # the model does not stop by itself
    long = text + RAMBLE * (wanted * 4 // len(RAMBLE) + 1)
    if cap is None:
        return long, "stop", len(long) // 4 + 1
    return long[: int(cap) * 4], "length", int(cap)


def _completion(
    body: dict[str, Any], text: str, finish: str = "stop", billed: int | None = None
) -> dict[str, Any]:
    prompt_chars = sum(len(str(m.get("content") or "")) for m in body.get("messages", []))
    prompt_tokens = prompt_chars // 4 + 1
    completion_tokens = len(text) // 4 + 1 if billed is None else billed
    return {
        "id": "chatcmpl-loopback",
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model", "loopback"),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": finish,
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def _tool_calls(body: dict[str, Any], reply: AIMessage) -> dict[str, Any]:
    """A completion whose message asks for `reply`'s tool calls (finish reason `tool_calls`)."""
    completion = _completion(body, str(reply.content))
    calls = [
        {"id": c["id"], "type": "function",
         "function": {"name": c["name"], "arguments": json.dumps(c["args"])}}
        for c in reply.tool_calls
    ]  # fmt: skip
    choice = completion["choices"][0]
    choice["message"]["tool_calls"] = calls
    choice["finish_reason"] = "tool_calls"
    completion["usage"]["completion_tokens"] += len(json.dumps(calls)) // 4
    completion["usage"]["total_tokens"] += len(json.dumps(calls)) // 4
    return completion


def _answer(body: dict[str, Any], respond: Responder, mode: ServerMode) -> dict[str, Any] | Failure:
    if mode == "refuses" and _structured(body):
        return Failure(status=500, message=REFUSAL)
    answer = respond(body)
    if isinstance(answer, Failure):
        return answer
    if isinstance(answer, AIMessage):
        if answer.tool_calls:
            return _tool_calls(body, answer)
        answer = str(answer.content)
    if mode == "ignores" and _structured(body) and answer.lstrip().startswith("{"):
        answer = f"Here is my answer.\n\n```json\n{answer}\n```\n\nHappy to discuss it."
    if mode == "max_tokens_only":
        return _completion(body, *_cut(body, answer))
    return _completion(body, answer)


@contextmanager
def loopback_openai(
    respond: Responder, *, mode: ServerMode = "honours"
) -> Iterator[LoopbackOpenAI]:
    """Serve `/v1/chat/completions` on 127.0.0.1 until the block ends, in `mode`."""
    state = LoopbackOpenAI(base_url="")
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            with lock:
                state.requests.append(body)
            completion = _answer(body, respond, mode)
            if isinstance(completion, Failure):
                error = {"error": {"message": completion.message, "type": "server_error"}}
                self._send(completion.status, error, completion)
                return
            with lock:
                state.usage.append({**completion["usage"], "agent_id": agent_of(body)})
            self._send(200, completion)

        def _send(self, status: int, data: dict[str, Any], failure: Failure | None = None) -> None:
            payload = json.dumps(data).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            if failure is not None:
                self.send_header("retry-after-ms", str(failure.retry_after_ms))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.base_url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
