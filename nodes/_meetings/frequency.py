"""Meeting frequencies: the seed's five schedules (and a seconds interval for tests) as times.

A scheduled meeting type names one of `FREQUENCIES`, or `"<N>s"` (every N seconds: for tests
and demos only). Self-hosted (`council schedule`), a frequency is an interval measured from the
type's last start; on LangGraph Server it is a cron expression (`cron_schedule`, 09:00 UTC).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

__all__ = ["FREQUENCIES", "check_frequency", "cron_schedule", "interval_seconds", "next_due"]

_DAY = 86_400.0
FREQUENCIES: dict[str, float] = {
    "daily": _DAY,
    "per_sprint_day": _DAY,  # every working day: a due time on Saturday or Sunday moves on
    "weekly": 7 * _DAY,
    "bi_weekly": 14 * _DAY,
    "monthly": 30 * _DAY,
}
"""Each frequency's interval in seconds (the reference maps each to a sleep interval)."""

_CRONS = {
    "daily": "0 9 * * *",
    "per_sprint_day": "0 9 * * 1-5",
    "weekly": "0 9 * * 1",
    "bi_weekly": "0 9 1,15 * *",  # cron has no "every other week": the 1st and the 15th
    "monthly": "0 9 1 * *",
}
_SECONDS = re.compile(r"(\d+(?:\.\d+)?)s")


def check_frequency(value: str) -> str:
    """`value` when it is a known frequency or a positive `"<N>s"` interval.

    Raises:
        ValueError: Naming the allowed values.
    """
    if value in FREQUENCIES:
        return value
    match = _SECONDS.fullmatch(value)
    if match and float(match.group(1)) > 0:
        return value
    known = ", ".join(FREQUENCIES)
    raise ValueError(
        f"{value!r} is not a frequency; use one of {known}, or '<N>s' (every N seconds, for tests)"
    )


def interval_seconds(frequency: str) -> float:
    """Seconds between two runs of `frequency`."""
    if frequency in FREQUENCIES:
        return FREQUENCIES[frequency]
    return float(check_frequency(frequency)[:-1])


def next_due(frequency: str, last_started: float | None, now: float) -> float:
    """When a type of `frequency` that last started at `last_started` is due (POSIX seconds).

    Never run: due now. `per_sprint_day` skips Saturdays and Sundays (UTC).
    """
    if last_started is None:
        return now
    due = last_started + interval_seconds(frequency)
    if frequency == "per_sprint_day":
        weekday = datetime.fromtimestamp(due, UTC).weekday()
        if weekday >= 5:
            due += (7 - weekday) * _DAY
    return due


def cron_schedule(frequency: str) -> str:
    """The cron expression (UTC) of `frequency` on LangGraph Server.

    A seconds interval becomes every minute, cron's finest grain.
    """
    return _CRONS.get(frequency) or (check_frequency(frequency) and "* * * * *")
