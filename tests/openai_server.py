"""A loopback OpenAI-compatible chat server, so tests drive the real `langchain-openai` client."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Responder = Callable[[dict[str, Any]], str]
"""Maps the request body to the assistant's reply text."""


@dataclass
class LoopbackOpenAI:
    """A running server: `base_url` for the client, `requests` it received."""

    base_url: str
    requests: list[dict[str, Any]] = field(default_factory=list)


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

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            state.requests.append(body)
            payload = json.dumps(_completion(body, respond(body))).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
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
