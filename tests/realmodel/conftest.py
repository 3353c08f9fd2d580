"""The real small model of the `-m realmodel` suite: one llama server per session.

Opt-in: the default `pytest` run deselects these tests (`-m "not server and not realmodel"` in
pyproject); `pytest -m realmodel tests/realmodel` runs them and fails, never skips, when the
model or llama-cpp-python's server is missing (`.ci/run` decides whether to run the suite).
At the end it prints the figures docs/realmodel.md quotes: model load time, tokens per second,
the wall time, calls and tokens of each run.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from langchain_openai import ChatOpenAI

from tests.realmodel.checks import HUMAN_DECISIONS
from tests.realmodel.llama import RealModel, RealModelMissingError, real_model

_FIGURES: list[str] = []
_SERVER: list[RealModel] = []


@pytest.fixture(scope="session")
def llama() -> Iterator[RealModel]:
    """The llama server with the shipped GGUF on a free 127.0.0.1 port, behind the usage proxy."""
    try:
        with real_model() as running:
            _SERVER.append(running)
            yield running
    except RealModelMissingError as exc:
        pytest.fail(str(exc))


@pytest.fixture(params=["base_url", "OPENAI_BASE_URL"])
def chat(
    llama: RealModel, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> ChatOpenAI:
    """`ChatOpenAI` on the proxy: greedy (temperature 0) so a run repeats, no client retries
    (every request the server sees is one the package made). Each run twice: with the address
    as `base_url=`, and as the openai client's documented `OPENAI_BASE_URL` (langchain-openai
    then leaves the model's base URL unset; the caps must still reach the server, issue 34)."""
    address: dict[str, Any] = {}
    if request.param == "base_url":
        address["base_url"] = llama.base_url
    else:
        monkeypatch.delenv("OPENAI_API_BASE", raising=False)
        monkeypatch.setenv("OPENAI_BASE_URL", llama.base_url)
    return ChatOpenAI(
        model="smollm2", api_key="none", temperature=0, max_retries=0, timeout=600, **address
    )


@pytest.fixture(autouse=True)
def _timed(request: pytest.FixtureRequest) -> Iterator[None]:
    """Record each test's wall time, calls and tokens for the summary."""
    if "llama" not in request.fixturenames:
        yield
        return
    llama: RealModel = request.getfixturevalue("llama")
    start, calls, asked = time.monotonic(), len(llama.exchanges), len(HUMAN_DECISIONS)
    yield
    humans = "".join(f"; a human decided: {why[:160]}" for why in HUMAN_DECISIONS[asked:])
    made = llama.exchanges[calls:]
    out = sum(e.usage["completion_tokens"] for e in made if e.usage)
    inp = sum(e.usage["prompt_tokens"] for e in made if e.usage)
    _FIGURES.append(
        f"{request.node.name}: {time.monotonic() - start:.1f} s, {len(made)} requests "
        f"({sum(e.status >= 400 for e in made)} refused), {inp} prompt + {out} completion tokens"
        f"{humans}"
    )


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _SERVER:
        return
    llama = _SERVER[0]
    write = terminalreporter.write_line
    terminalreporter.section("real model figures")
    write(
        f"model {llama.model.name}, {llama.threads} thread(s), loaded in {llama.load_seconds:.1f} s"
    )
    logged = f"{llama.eval_rate:.1f}" if llama.eval_rate else "not logged"
    write(
        f"generation: {logged} tokens/s (server log, eval only); "
        f"{llama.tokens_per_second():.1f} completion tokens/s of request time"
    )
    for line in _FIGURES:
        write(line)
