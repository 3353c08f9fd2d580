"""`council run` on a file mixing a real model and scripted placeholders (issue 34 item 2): it
names which agent is which, and the real one, addressed only through `OPENAI_BASE_URL`, gets
its output cap in the form an OpenAI-compatible server reads (`max_tokens`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_runner import run_cli
from tests.openai_server import agent_of, loopback_openai, schema_name

MIXED_FILE = """
org:
  agents:
    - {id: cto, name: Dana, role: CTO, department: engineering, level: vp}
    - {id: ops_lead, name: Ola, role: Ops lead, department: ops, level: lead, manager_id: cto}
    - {id: sec_lead, name: Sid, role: Security lead, department: security, level: lead,
       manager_id: cto}
models:
  cto: openai:gpt-4o-mini
meeting:
  protocol: round_robin
  leader: cto
  participants: [ops_lead, sec_lead]
  agenda: {title: "Which CI provider do we adopt?"}
"""

SYNTHESIS = {"summary": "Hosted CI.", "decisions": ["Adopt a hosted CI provider"]}


def _respond(body: dict[str, Any]) -> str:
    if schema_name(body) is not None:
        return json.dumps(SYNTHESIS)
    return "Position: Hosted CI\nConfidence: 0.7\nEvidence:\n- patching"


def test_a_mixed_file_names_its_real_and_placeholder_agents_and_caps_the_real_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "mixed.yaml"
    path.write_text(MIXED_FILE)
    with loopback_openai(_respond, mode="max_tokens_only") as server:
        monkeypatch.delenv("OPENAI_API_BASE", raising=False)
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "test")
        run = run_cli("run", str(path), "--memory", "--json")
    assert run.status == 0, run.err
    said = " ".join(run.err.split())
    assert "scripted placeholders (canned replies, no model) for ops_lead, sec_lead" in said
    assert "real models for cto (openai:gpt-4o-mini)" in said
    assert server.requests and {agent_of(r) for r in server.requests} == {"cto"}
    assert all(isinstance(r.get("max_tokens"), int) for r in server.requests)
    minutes = json.loads(run.out)["minutes"]
    assert minutes["decisions"] == ["Adopt a hosted CI provider"]
