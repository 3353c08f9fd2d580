"""The pipeline demo (`council demo pipeline`): a billing service, a scripted plan, scripted
agents that write real files, and one semantic conflict a scripted review agent resolves.

The CTO (the task's owner) plans four subtasks through the model-driven decomposer, answering
in prose with a fenced JSON plan. Wave 1 runs three in parallel, each in its own worktree:
`tax-rules` adds `tax.py`, `rename-total` renames `billing.compute_total` to `invoice_total`
(and updates `app.py`), `monthly-report` adds `report.py`, written against the old name. They
merge one at a time (`merge_order="priority"`: plan order here), so `monthly-report` merges
onto the rename and the AST checks find `report.py` importing a name `billing.py` no longer
defines: a semantic conflict, held before the merge is kept. The review agent (the QA head)
keeps it, because the next wave's `invoice-api` depends on it and moves the callers over;
`invoice-api`'s worktree starts from the integration branch with all three merged, and it
fixes `report.py`. Every agent is scripted: no model or network is needed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from langgraph_council.graphs._demo.data import demo_org, demo_repo
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._pipeline.models import SubtaskRun, Task
from langgraph_council.nodes._workspace.models import WorkspaceConfig
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

__all__ = [
    "DEMO_PIPELINE_TASK",
    "DEMO_PLAN",
    "DemoAgents",
    "demo_pipeline_repo",
    "demo_pipeline_roster",
    "demo_workspace",
]

DEMO_PIPELINE_TASK = Task(
    id="billing-invoices",
    title="Invoices with tax for the billing service",
    description="Totals get a clearer name, tax rules, a monthly report and an invoice API.",
    owner_id="cto",
)

DEMO_PLAN: dict[str, object] = {
    "structure": "mixed",
    "reasoning": "Three independent parts first; the API builds on all of them.",
    "subtasks": [
        {"id": "tax-rules", "title": "Tax rules", "required_skills": ["python"],
         "description": "Add tax.py with tax_for(amount, rate).", "complexity": "simple"},
        {"id": "rename-total", "title": "Rename compute_total", "required_skills": ["python"],
         "description": "Rename billing.compute_total to invoice_total and update callers.",
         "complexity": "simple"},
        {"id": "monthly-report", "title": "Monthly report", "required_skills": ["python"],
         "description": "Add report.py with monthly_report(invoices).", "complexity": "simple"},
        {"id": "invoice-api", "title": "Invoice API", "required_skills": ["python"],
         "description": "Add api.py (total plus tax per invoice) and move every caller of "
         "compute_total to invoice_total.", "complexity": "medium",
         "dependencies": ["tax-rules", "rename-total", "monthly-report"]},
    ],
}  # fmt: skip

_FILES = {
    "README.md": "# Billing service\n\nInvoice totals for the shop.\n",
    "billing.py": '"""Billing: invoice totals."""\n\n\ndef compute_total(items):\n'
    '    """Sum of the line items\' prices."""\n    return sum(price for _, price in items)\n',
    "app.py": "from billing import compute_total\n\n"
    'print(compute_total([("tea", 3), ("cake", 4)]))\n',
}
_TAX = '"""Tax rules."""\n\n\ndef tax_for(amount, rate=0.2):\n    return round(amount * rate, 2)\n'
_REPORT = (
    '"""Monthly report."""\n\nfrom billing import compute_total\n\n\n'
    "def monthly_report(invoices):\n    return [compute_total(items) for items in invoices]\n"
)
_API = (
    '"""Invoice API."""\n\nfrom billing import invoice_total\nfrom tax import tax_for\n\n\n'
    "def invoice(items):\n    total = invoice_total(items)\n"
    '    return {"total": total, "tax": tax_for(total)}\n'
)
_VERDICT = {
    "decision": "keep",
    "reasoning": "report.py still imports compute_total, but invoice-api depends on this "
    "subtask and moves every caller to invoice_total in the next wave.",
}


def demo_pipeline_repo(root: Path) -> Path:
    """A fresh git repository at `root` (which must not exist) holding the billing service."""
    return demo_repo(root, _FILES, "Billing service")


def _script(call: ScriptCall) -> str:
    if call.agent_id == "cto":
        return (
            "Here is how I would split it.\n```json\n" + json.dumps(DEMO_PLAN, indent=1) + "\n```"
        )
    return "I looked at the held merge.\n```json\n" + json.dumps(_VERDICT) + "\n```"


def demo_pipeline_roster() -> Roster:
    """The demo org with scripted agents: the CTO plans, the QA head reviews merges."""
    return Roster(demo_org(), default_model=ScriptedChatModel(_script))


def demo_workspace(repo: Path) -> WorkspaceConfig:
    """The demo's workspace: priority order, conflicts to the QA head as review agent."""
    return WorkspaceConfig(
        repo_path=repo,
        merge_order="priority",
        conflict_escalation="review_agent",
        review_agent_id="qa_head",
    )


def _replace(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text().replace(old, new))


def _rename(root: Path) -> str:
    _replace(root / "billing.py", "def compute_total", "def invoice_total")
    _replace(root / "app.py", "compute_total", "invoice_total")
    return "renamed compute_total to invoice_total in billing.py and app.py"


def _api(root: Path) -> str:
    (root / "api.py").write_text(_API)
    moved = [p.name for p in sorted(root.glob("*.py")) if "compute_total" in p.read_text()]
    for name in moved:
        _replace(root / name, "compute_total", "invoice_total")
    return f"added api.py; moved {', '.join(moved) or 'no file'} to invoice_total"


def _write(name: str, text: str) -> Callable[[Path], str]:
    def work(root: Path) -> str:
        (root / name).write_text(text)
        return f"added {name}"

    return work


class DemoAgents:
    """The scripted agents: each subtask's files, written in its worktree (left uncommitted:
    the pipeline commits them before merging). `pause` seconds per subtask show progress."""

    def __init__(self, pause: float = 0.3) -> None:
        self.pause = pause
        self.work: dict[str, Callable[[Path], str]] = {
            "tax-rules": _write("tax.py", _TAX),
            "rename-total": _rename,
            "monthly-report": _write("report.py", _REPORT),
            "invoice-api": _api,
        }

    def __call__(self, run: SubtaskRun) -> str:
        if run.workspace_path is None:
            raise ValueError("the demo agents work in git worktrees: build with workspace=")
        time.sleep(self.pause)
        return f"{run.agent.name}: {self.work[run.subtask.id](Path(run.workspace_path))}"
