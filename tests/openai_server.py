"""A loopback OpenAI-compatible chat server, so tests drive the real `langchain-openai` client."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Failure:
    """Answer a request with this HTTP status (the client retries 5xx after `retry_after_ms`)."""

    status: int = 500
    retry_after_ms: int = 10


Responder = Callable[[dict[str, Any]], "str | Failure"]
"""Maps the request body to the assistant's reply text, or to a `Failure`."""


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
    """The name of the JSON schema a structured-output request asks for."""
    response_format = body.get("response_format") or {}
    return (response_format.get("json_schema") or {}).get("name")


def _completion(body: dict[str, Any], text: str) -> dict[str, Any]:
    prompt_chars = sum(len(str(m.get("content") or "")) for m in body.get("messages", []))
    prompt_tokens, completion_tokens = prompt_chars // 4 + 1, len(text) // 4 + 1
    return {
        "id": "chatcmpl-loopback",
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model", "loopback"),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


@contextmanager
def loopback_openai(respond: Responder) -> Iterator[LoopbackOpenAI]:
    """Serve `/v1/chat/completions` on 127.0.0.1 until the block ends."""
    state = LoopbackOpenAI(base_url="")
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            with lock:
                state.requests.append(body)
            answer = respond(body)
            if isinstance(answer, Failure):
                self._send(answer.status, {"error": {"message": "loopback failure"}}, answer)
                return
            completion = _completion(body, answer)
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
