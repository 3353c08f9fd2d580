"""The worker demo (`council demo pipeline --agents`): scripted tool-calling agents in worktrees.

A tiny shop repository with unittest tests; three subtasks in two waves. Every agent works
through the worker's file tools (and `run_command`), and a check command runs the repository's
tests in each worktree before a merge. `discount`'s first agent gets the formula wrong, is
retried with the failing test's output and gets it wrong again; the pipeline reassigns it to
the next routed agent, who runs the tests, fixes the formula and passes. `checkout` waits for
it and builds on both. The script reads only the prompt (subtask id, attempt number) and how
many replies the agent gave, so the same replies can come from a loopback OpenAI server.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, HumanMessage

from langgraph_council.graphs._demo.data import MODEL_ENV, demo_model, demo_org, demo_repo
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._pipeline.models import Task
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

__all__ = [
    "AGENTS_DEMO_PLAN",
    "AGENTS_DEMO_TASK",
    "agents_demo_check",
    "agents_demo_model",
    "agents_demo_repo",
    "agents_demo_roster",
    "worker_demo_reply",
]

AGENTS_DEMO_TASK = Task(
    id="shop-checkout",
    title="Discounts and a checkout for the shop",
    description="Add a discount, receipt lines and a checkout that uses both, with tests.",
    owner_id="cto",
)

AGENTS_DEMO_PLAN: list[dict[str, Any]] = [
    {"id": "discount", "title": "Discount", "required_skills": ["python"],
     "description": "Add discount(price, percent) to prices.py, with a unittest."},
    {"id": "receipt", "title": "Receipt lines", "required_skills": ["python"],
     "description": "Add receipt.py with receipt_line(name, price), with a unittest."},
    {"id": "checkout", "title": "Checkout", "required_skills": ["python"],
     "description": "Add checkout.py: discounted prices with VAT as receipt lines, tested.",
     "dependencies": ["discount", "receipt"]},
]  # fmt: skip

_UNITTEST = (sys.executable, "-m", "unittest")
_RUN_TESTS = shlex.join([*_UNITTEST, "-q"])

_VAT = "    return round(price * (1 + rate), 2)\n"
_FILES = {
    "README.md": "# Shop\n\nPrices for the shop. Run the tests with `python -m unittest`.\n",
    "prices.py": '"""Prices for the shop."""\n\n\ndef with_vat(price, rate=0.2):\n'
    '    """`price` with VAT at `rate` added, rounded to cents."""\n' + _VAT,
    "test_prices.py": "import unittest\n\nfrom prices import with_vat\n\n\n"
    "class WithVatTest(unittest.TestCase):\n    def test_adds_twenty_percent(self):\n"
    "        self.assertEqual(with_vat(10), 12.0)\n",
}


def _test(module: str, name: str, call: str, expected: str) -> str:
    return (
        f"import unittest\n\nfrom {module} import {name}\n\n\n"
        f"class {name.title().replace('_', '')}Test(unittest.TestCase):\n"
        f"    def test_{name}(self):\n        self.assertEqual({call}, {expected})\n"
    )


_DISCOUNT = (
    '\n\ndef discount(price, percent):\n    """`price` less `percent` per cent."""\n'
    "    return round(price * percent / 100, 2)\n"
)
_RECEIPT = (
    '"""Receipt lines."""\n\n\ndef receipt_line(name, price):\n    return f"{name}: {price:.2f}"\n'
)
_CHECKOUT = (
    '"""Checkout: discounted prices with VAT, as receipt lines."""\n\n'
    "from prices import discount, with_vat\nfrom receipt import receipt_line\n\n\n"
    "def checkout(items, percent=0):\n"
    "    return [receipt_line(name, with_vat(discount(price, percent))) for name, price in items]\n"
)

Step = tuple[tuple[str, Mapping[str, str]], ...] | str
"""One scripted reply: tool calls (name, arguments) or the final summary."""

_SCRIPTS: dict[tuple[str, int], tuple[Step, ...]] = {
    ("discount", 1): (
        (("read_file", {"path": "prices.py"}),),
        (("edit_file", {"path": "prices.py", "old": _VAT, "new": _VAT + _DISCOUNT}),
         ("write_file", {"path": "test_discount.py",
                         "content": _test("prices", "discount", "discount(50, 20)", "40.0")})),
        "Added discount(price, percent) to prices.py and a test.",
    ),
    ("discount", 2): (
        (("read_file", {"path": "prices.py"}),),
        (("edit_file", {"path": "prices.py", "old": "price * percent / 100",
                        "new": "price - percent / 100"}),),
        "Fixed the discount formula after the failing test",
    ),
    ("discount", 3): (
        (("run_command", {"command": _RUN_TESTS}),),
        (("edit_file", {"path": "prices.py", "old": "price - percent / 100",
                        "new": "price * (100 - percent) / 100"}),),
        (("run_command", {"command": _RUN_TESTS}),),
        "discount() now takes the percentage off the price; the tests pass",
    ),
    ("receipt", 1): (
        (("write_file", {"path": "receipt.py", "content": _RECEIPT}),
         ("write_file", {"path": "test_receipt.py", "content": _test(
             "receipt", "receipt_line", "receipt_line('tea', 4)", "'tea: 4.00'")})),
        "Added receipt_line(name, price) and a test.",
    ),
    ("checkout", 1): (
        (("list_files", {}),),
        (("write_file", {"path": "checkout.py", "content": _CHECKOUT}),
         ("write_file", {"path": "test_checkout.py", "content": _test(
             "checkout", "checkout", "checkout([('tea', 50)], 20)", "['tea: 48.00']")})),
        (("run_command", {"command": _RUN_TESTS}),),
        "Added checkout(items, percent) on discount, with_vat and receipt_line, tested.",
    ),
}  # fmt: skip

_SUBTASK = re.compile(r"^Subtask id: (\S+)", re.M)
_ATTEMPT = re.compile(r"This is attempt (\d+)")
_FAILURE = re.compile(r'<task-data field="feedback">.*?(AssertionError: [^\n]*)', re.S)
"""The failing assertion in the fenced feedback of a later attempt (the check's output)."""


def worker_demo_reply(agent_id: str, prompt: str, step: int) -> AIMessage:
    """The scripted reply number `step` (0-based) of `agent_id` to the worker prompt `prompt`.

    Keyed by the prompt's subtask id and attempt number, so whoever is routed (or reassigned)
    the subtask plays its part; an unknown subtask or a step past the script ends the work.
    A later attempt works only when its prompt carries the failed check's assertion (fenced
    feedback), and its summary quotes it.
    """
    subtask = _SUBTASK.search(prompt)
    attempt = _ATTEMPT.search(prompt)
    key = (subtask.group(1) if subtask else "", int(attempt.group(1)) if attempt else 1)
    script = _SCRIPTS.get(key, ())
    failure = _FAILURE.search(prompt)
    if key[1] > 1 and failure is None:  # a later attempt acts on what went wrong, or not at all
        return AIMessage(content=f"{agent_id}: I was not told what went wrong, so I left it.")
    if step >= len(script):
        return AIMessage(content=f"{agent_id}: nothing more to do.")
    reply = script[step]
    if isinstance(reply, str):
        return AIMessage(content=f"{reply} ({failure.group(1)})" if failure else reply)
    calls = [
        {
            "name": name,
            "args": dict(args),
            "id": f"{key[0]}-{key[1]}-{step}-{n}",
            "type": "tool_call",
        }
        for n, (name, args) in enumerate(reply)
    ]
    return AIMessage(content="", tool_calls=calls)


def _scripted(call: ScriptCall) -> AIMessage:
    prompt = next((str(m.content) for m in call.messages if isinstance(m, HumanMessage)), "")
    step = sum(isinstance(m, AIMessage) for m in call.messages)
    return worker_demo_reply(str(call.agent_id), prompt, step)


def agents_demo_model() -> BaseChatModel:
    """`COUNCIL_MODEL` when set, else the worker script."""
    return demo_model() if os.environ.get(MODEL_ENV) else ScriptedChatModel(_scripted)


def agents_demo_roster() -> Roster:
    """The demo org, each agent on `agents_demo_model()`."""
    return Roster(demo_org(), default_model=agents_demo_model())


def agents_demo_check() -> tuple[str, ...]:
    """The check before each merge, and the command agents may run: the repository's tests."""
    return (*_UNITTEST, "-q")


def agents_demo_repo(root: Path) -> Path:
    """A fresh git repository at `root` (which must not exist) holding the shop."""
    return demo_repo(root, _FILES, "The shop")
