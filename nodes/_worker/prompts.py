"""Worker prompts: the subtask, upstream results, earlier failures and global rules, fenced."""

from __future__ import annotations

from langgraph_council.nodes._fencing import fence_peer, fence_task_data
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes._pipeline.prompts import work_lines

__all__ = ["WORKER_PROMPT", "render_worker_prompt"]

WORKER_PROMPT = """You are doing one subtask of a larger task. You work directly in your own git \
worktree of the project through the tools you have; the pipeline commits and merges what you \
leave there.

{subtask}
{upstream}{feedback}{rules}
How to work:
- Paths are relative to the worktree root. Absolute paths, `..`, `.git` and symbolic links \
that lead out of the worktree are refused; the tools never write through a link.
- Find your way with list_files and search; read a file before you change it.
- Change files with edit_file (replace one exact, unique piece of text) or write_file (a whole \
file); delete_path removes a file.
{commands}- You have at most {max_steps} replies. When the subtask is done, stop calling tools \
and answer with a short summary of what you changed and why: that answer is your result."""

COMMANDS_LINE = "- run_command runs these commands in the worktree (check your work):\n{allowed}\n"


def _subtask(run: SubtaskRun) -> str:
    sub = run.subtask
    lines = [f"Subtask id: {sub.id}", f"Title: {sub.title}"]
    lines += work_lines(sub.description, sub.required_skills)
    if run.task_id:
        lines.append(f"Part of task: {run.task_id}")
    return "The subtask:\n" + fence_task_data("\n".join(lines), field="subtask")


def _upstream(run: SubtaskRun) -> str:
    if not run.upstream_results:
        return ""
    parts = [
        fence_peer(result.output or "(no summary)", agent_id=result.agent_id or "unknown",
                   label=f"subtask {sid}")
        for sid, result in sorted(run.upstream_results.items())
    ]  # fmt: skip
    head = "Results of the subtasks this one builds on (their work is in your worktree):"
    return "\n".join([head, *parts]) + "\n"


def _feedback(run: SubtaskRun) -> str:
    if not run.feedback:
        return ""
    why = f" ({run.recovery})" if run.recovery else ""
    head = (
        f"This is attempt {run.attempt}{why}; the work of earlier attempts is in your worktree. "
        "What went wrong before (the errors and the failed check's output); fix it:"
    )
    return f"{head}\n{fence_task_data(run.feedback, field='feedback')}\n"


def _rules(org: Org | None) -> str:
    rules = org.global_rules() if org is not None else []
    if not rules:
        return ""
    lines = [f"IF {r.condition} THEN {r.action} (rule of {owner})" for owner, r in rules]
    text = fence_task_data("\n".join(lines), field="global_rules")
    return f"Coordination rules of the organisation:\n{text}\n"


def render_worker_prompt(
    run: SubtaskRun, org: Org | None, *, max_steps: int, allowed_commands: str | None
) -> str:
    """The worker's task prompt for `run` (the first human message of its conversation)."""
    commands = COMMANDS_LINE.format(allowed=allowed_commands) if allowed_commands else ""
    return WORKER_PROMPT.format(
        subtask=_subtask(run),
        upstream=_upstream(run),
        feedback=_feedback(run),
        rules=_rules(org),
        commands=commands,
        max_steps=max_steps,
    )
