"""Prompts of the coordination pipeline: the decomposer, the replanner and the merge reviewer."""

from __future__ import annotations

from collections.abc import Sequence

from langgraph_council.nodes._fencing import (
    UNTRUSTED_CONTENT_DIRECTIVE,
    escape_fences,
    fence_peer,
    fence_task_data,
)
from langgraph_council.nodes._org import Org, render_global_rules
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.memory import pipeline_recall
from langgraph_council.nodes._pipeline.models import Plan, Task
from langgraph_council.nodes._workspace.models import MergeResult

__all__ = [
    "PLAN_PROMPT",
    "REPLAN_PROMPT",
    "REVIEW_PROMPT",
    "render_global_rules",
    "render_plan_prompt",
    "render_replan_prompt",
    "render_review_prompt",
    "render_task",
    "work_lines",
]

PLAN_PROMPT = """Split the task below into subtasks that agents of your organisation can do.

{task}

How to plan:
- At most {max_subtasks} subtasks. A dependency chain may be at most {max_depth} subtasks deep \
(a -> b -> c is 3 deep); subtasks without a path between them run in parallel.
- Each subtask: an `id` of letters, digits, '-' or '_' (e.g. "api-schema"), a `title`, a \
`description`, `dependencies` (ids of this plan only; never itself; no cycles), the \
`required_skills`, the `required_role` that should do it (or null), its `complexity` (simple, \
medium, complex or epic) and the `expected_artifacts` (files or documents it produces).
- Say the task's `structure`: sequential (each step needs the previous one), parallel \
(independent parts) or mixed (a sequential backbone with parallel parts).
- The organisation's roles and skills:
{organisation}
{rules}
Answer with JSON only, in this shape:
{{"subtasks": [{{"id": "...", "title": "...", "description": "...", "dependencies": [], \
"required_skills": [], "required_role": null, "complexity": "medium", "expected_artifacts": 0}}], \
"structure": "mixed", "reasoning": "..."}}"""


def work_lines(description: str | None, skills: Sequence[str]) -> list[str]:
    """The description and required-skills lines of a task or subtask (those it has)."""
    lines = [f"Description: {description}"] if description else []
    if skills:
        lines.append(f"Required skills: {', '.join(skills)}")
    return lines


def render_task(task: Task) -> str:
    """The task's fields as fenced task data (SEC-1: it is data, never instructions)."""
    lines = [f"Title: {task.title}", f"Task id: {task.id}", f"Complexity: {task.complexity}"]
    lines += work_lines(task.description, task.required_skills)
    if task.required_role:
        lines.append(f"Required role: {task.required_role}")
    if task.structure:
        lines.append(f"Structure (set by the task's owner): {task.structure}")
    if task.expected_artifacts:
        lines.append(f"Expected artifacts: {task.expected_artifacts}")
    return fence_task_data("\n".join(lines), field="task")


def render_plan_prompt(task: Task, org: Org, config: CoordinationConfig) -> str:
    """The planner's prompt for `task`, with the org's roles, skills and global rules."""
    agents = [a for a in org if a.active and a.accepts_subtasks]
    roles = sorted({a.role for a in agents})
    skills = sorted({s for a in agents for s in (*a.primary_skills, *a.secondary_skills)})
    return PLAN_PROMPT.format(
        task=render_task(task) + pipeline_recall(task).text,
        max_subtasks=config.max_subtasks,
        max_depth=config.max_depth,
        organisation=_organisation(roles, skills),
        rules=render_global_rules(org.global_rules()),
    )


def _organisation(roles: Sequence[str], skills: Sequence[str]) -> str:
    """The org's roles and skills, fenced: they come from the org's file, and a role with a
    line break must not add a line of instructions to the prompt."""
    lines = [f"Roles: {', '.join(roles) or 'any'}", f"Skills: {', '.join(skills) or 'any'}"]
    return fence_task_data("\n".join(lines), field="organisation")


REPLAN_PROMPT = """One subtask of the plan for the task below failed every attempt so far. \
Write one replacement row for it: the same goal, reached in a way that avoids what went wrong \
(another approach, other skills, a smaller scope that the work building on it still accepts).

{directive}

{task}

The subtask that failed:
{subtask}

What went wrong:
{feedback}

The plan around it and the organisation (a dependency must be one of the completed subtasks):
{context}
{rules}
Answer with JSON only, in this shape (keep the id {subtask_id!r}):
{{"id": "{subtask_id}", "title": "...", "description": "...", "dependencies": [], \
"required_skills": [], "required_role": null, "complexity": "medium", "expected_artifacts": 0}}"""


def render_replan_prompt(
    task: Task, plan: Plan, subtask_id: str, feedback: str, done: Sequence[str], org: Org
) -> str:
    """The planner's prompt for a replacement of `subtask_id`, untrusted parts fenced (SEC-1)."""
    sub = plan.subtask(subtask_id)
    lines = [f"Subtask {sub.id}: {sub.title}", f"Description: {sub.description or '-'}"]
    if sub.required_skills:
        lines.append(f"Required skills: {', '.join(sub.required_skills)}")
    later = [f"{s.id}: {s.title}" for s in plan.subtasks if subtask_id in s.dependencies]
    agents = [a for a in org if a.active and a.accepts_subtasks]
    skills = sorted({s for a in agents for s in (*a.primary_skills, *a.secondary_skills)})
    context = [  # titles come from a planner, roles and skills from the org's file: all data
        f"Completed subtasks it may depend on: {', '.join(done) or 'none'}",
        f"Work that builds on it: {'; '.join(later) or 'none'}",
        f"Roles in the organisation: {', '.join(sorted({a.role for a in agents})) or 'any'}",
        f"Skills: {', '.join(skills) or 'any'}",
    ]
    return REPLAN_PROMPT.format(
        directive=UNTRUSTED_CONTENT_DIRECTIVE,
        task=render_task(task),
        subtask=fence_task_data("\n".join(lines), field="subtask"),
        feedback=fence_peer(
            feedback or "no error was given", agent_id="pipeline", label="attempts"
        ),
        context=fence_task_data("\n".join(context), field="plan-context"),
        rules=render_global_rules(org.global_rules()),
        subtask_id=subtask_id,
    )


REVIEW_PROMPT = """You review one merge of a coordination run: keep it or drop it.

{directive}

The parent task:
{task}

The subtask whose branch is being merged, and the plan's work that builds on it:
{subtask}

What the merge found ({status}): {message}
Files: {files}
{diff}
{issues}
- keep: the merge goes in. On a textual conflict the subtask's side of the conflicting lines \
wins; issues the checks found stay and are reported, so keep only when later work fixes them \
or they do not matter.
- drop: the subtask's work stays on its branch, unmerged; the subtask counts as failed and the \
work that depends on it is skipped.
Answer with JSON only: {{"decision": "keep" or "drop", "reasoning": "one or two sentences"}}"""


def _subtask_lines(plan: Plan | None, subtask_id: str) -> str:
    if plan is None:
        return f"Subtask id: {subtask_id}"
    sub = plan.subtask(subtask_id)
    lines = [f"Subtask {sub.id}: {sub.title}", f"Description: {sub.description or '-'}"]
    later = [s for s in plan.subtasks if subtask_id in s.dependencies]
    lines += [f"Depends on it: {s.id}: {s.title}. {s.description}".rstrip() for s in later]
    return fence_task_data("\n".join(lines), field="subtask")


def render_review_prompt(
    task: Task, plan: Plan | None, pending: MergeResult, agent_id: str | None
) -> str:
    """The review agent's prompt about `pending`, every untrusted part fenced (SEC-1)."""
    who = agent_id or "unknown"
    issues = [f"- {i.kind} in {i.file}: {i.message}" for i in pending.semantic_issues]
    return REVIEW_PROMPT.format(
        directive=UNTRUSTED_CONTENT_DIRECTIVE,
        task=render_task(task),
        subtask=_subtask_lines(plan, pending.subtask_id),
        status=pending.status,
        message=escape_fences(pending.message),
        files=escape_fences(", ".join(pending.files)) or "-",
        diff=fence_peer(pending.diff_summary, agent_id=who, label="diff summary")
        if pending.diff_summary
        else "",
        issues=fence_peer("\n".join(issues), agent_id=who, label="semantic issues")
        if issues
        else "No semantic issues.",
    )
