"""This package's schema as an ordered list of migrations; the 1-based index is the version."""

from __future__ import annotations

from dataclasses import dataclass

from langgraph_council.checkpoints._guard_sql import GUARD_BOUNCES, GUARD_ONE_ROW, GUARD_RULES

__all__ = ["MIGRATIONS", "Migration"]


# The trigger's first rule, in both versions of its function (migrations 1 and 6): a closed
# escalation's status and decision never change.
_CLOSED_ROW_UNCHANGED = """\
                IF OLD.status <> 'pending' AND ROW(NEW.status, NEW.decision, NEW.decided_by,
                        NEW.decided_at, NEW.closed_at) IS DISTINCT FROM ROW(OLD.status,
                        OLD.decision, OLD.decided_by, OLD.decided_at, OLD.closed_at) THEN
                    RAISE EXCEPTION 'escalation % is already %: a closed escalation never changes',
                        OLD.id, OLD.status
                        USING ERRCODE = 'check_violation',
                              CONSTRAINT = 'council_escalations_closed_final';
                END IF;"""


@dataclass(frozen=True)
class Migration:
    """One schema step; its version is its 1-based position in `MIGRATIONS`."""

    name: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "conflict escalations",
        (
            """
            CREATE TABLE council_escalations (
                id text PRIMARY KEY,
                thread_id text NOT NULL,
                conflict_id text NOT NULL,
                conflict jsonb NOT NULL,
                strategy text NOT NULL,
                analysis text,
                status text NOT NULL
                    CHECK (status IN ('pending', 'decided', 'expired', 'cancelled')),
                created_at timestamptz NOT NULL DEFAULT now(),
                expires_at timestamptz,
                decision jsonb,
                decided_by text,
                decided_at timestamptz,
                closed_at timestamptz,
                CONSTRAINT council_escalations_pending_open CHECK (
                    status <> 'pending' OR (decision IS NULL AND decided_by IS NULL
                        AND decided_at IS NULL AND closed_at IS NULL)),
                CONSTRAINT council_escalations_decided_complete CHECK (
                    status <> 'decided' OR (decision IS NOT NULL AND decided_by IS NOT NULL
                        AND decided_at IS NOT NULL AND closed_at IS NOT NULL)),
                CONSTRAINT council_escalations_closed_undecided CHECK (
                    status NOT IN ('expired', 'cancelled') OR (decision IS NULL
                        AND decided_by IS NULL AND decided_at IS NULL AND closed_at IS NOT NULL)),
                CONSTRAINT council_escalations_human_decider CHECK (
                    decided_by IS NULL OR decided_by LIKE 'human:_%'),
                CONSTRAINT council_escalations_expiry_after_creation CHECK (
                    expires_at IS NULL OR expires_at > created_at)
            )""",
            "CREATE UNIQUE INDEX council_escalations_one_pending_per_conflict "
            "ON council_escalations (conflict_id) WHERE status = 'pending'",
            "CREATE INDEX council_escalations_sweep ON council_escalations (status, expires_at)",
            "CREATE INDEX council_escalations_thread ON council_escalations (thread_id)",
            # Shapes are CHECKs above; transitions need a trigger: a closed row never changes.
            f"""
            CREATE FUNCTION council_escalations_closed_final() RETURNS trigger
            LANGUAGE plpgsql AS $fn$
            BEGIN
{_CLOSED_ROW_UNCHANGED}
                RETURN NEW;
            END
            $fn$""",
            "CREATE TRIGGER council_escalations_closed_final BEFORE UPDATE ON council_escalations "
            "FOR EACH ROW EXECUTE FUNCTION council_escalations_closed_final()",
        ),
    ),
    Migration(
        "dissent records",
        (
            """
            CREATE TABLE council_dissent_records (
                id text PRIMARY KEY,
                conflict_id text NOT NULL,
                conflict_type text,
                dissenting_agent_id text NOT NULL,
                strategy_used text NOT NULL,
                decided_by text NOT NULL,
                recorded_at timestamptz NOT NULL,
                record jsonb NOT NULL
            )""",
            "CREATE INDEX council_dissent_agent ON council_dissent_records "
            "(dissenting_agent_id, recorded_at)",
            "CREATE INDEX council_dissent_type ON council_dissent_records "
            "(conflict_type, recorded_at)",
            "CREATE INDEX council_dissent_strategy ON council_dissent_records "
            "(strategy_used, recorded_at)",
        ),
    ),
    Migration(
        "meeting_records",
        (
            """
        CREATE TABLE IF NOT EXISTS council_meeting_records (
            meeting_id text PRIMARY KEY,
            meeting_type text NOT NULL,
            protocol text NOT NULL,
            status text NOT NULL CHECK (status IN ('completed', 'budget_exhausted', 'failed')),
            leader_id text NOT NULL,
            token_budget integer NOT NULL CHECK (token_budget > 0),
            total_tokens integer NOT NULL CHECK (total_tokens >= 0),
            token_usage_by_participant jsonb NOT NULL,
            contribution_rank jsonb NOT NULL,
            duration_seconds double precision NOT NULL CHECK (duration_seconds >= 0),
            started_at timestamptz NOT NULL,
            ended_at timestamptz NOT NULL CHECK (ended_at >= started_at),
            error text,
            minutes jsonb NOT NULL,
            recorded_at timestamptz NOT NULL DEFAULT now()
        )""",
            """
        CREATE INDEX IF NOT EXISTS council_meeting_records_type_started
            ON council_meeting_records (meeting_type, started_at DESC)""",
        ),
    ),
    # Loop-guard state: one row per undirected pair (rate window, breaker), dedup times per
    # (delegator, delegatee, task) and verdicts per attempt id (idempotent re-runs).
    Migration(
        "guard_state",
        (
            """CREATE TABLE council_guard_pairs (
                agent_a text COLLATE "C" NOT NULL,
                agent_b text COLLATE "C" NOT NULL,
                rate_times timestamptz[] NOT NULL DEFAULT '{}',
                bounces integer NOT NULL DEFAULT 0 CHECK (bounces >= 0),
                trips integer NOT NULL DEFAULT 0 CHECK (trips >= 0),
                open_until timestamptz,
                updated_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (agent_a, agent_b),
                CHECK (agent_a <= agent_b)
            )""",
            """CREATE TABLE council_guard_dedup (
                delegator text NOT NULL,
                delegatee text NOT NULL,
                task_id text NOT NULL,
                last_at timestamptz NOT NULL,
                PRIMARY KEY (delegator, delegatee, task_id)
            )""",
            """CREATE TABLE council_guard_attempts (
                attempt_id text PRIMARY KEY,
                passed boolean NOT NULL,
                mechanism text NOT NULL,
                dedup_age float8,
                rate_count integer,
                open_until timestamptz,
                trips integer,
                recorded_at timestamptz NOT NULL,
                CHECK (passed = (mechanism = 'all_passed'))
            )""",
            # Its first check-and-record function is left out: `guard bounces` dropped it
            # and `guard rules once` holds the current one (`checkpoints/_guard_sql.py`).
        ),
    ),
    # Blocked delegations kept for analytics.
    Migration(
        "loop_records",
        (
            """CREATE TABLE council_loop_records (
                id text PRIMARY KEY,
                mechanism text NOT NULL CHECK (mechanism IN ('authority', 'ancestry',
                    'max_depth', 'dedup', 'rate_limit', 'circuit_breaker')),
                chain text[] NOT NULL,
                delegator text NOT NULL,
                delegatee text NOT NULL,
                task_id text NOT NULL,
                message text NOT NULL,
                thread_id text,
                recorded_at timestamptz NOT NULL
            )""",
            "CREATE INDEX council_loop_records_time ON council_loop_records (recorded_at)",
            "CREATE INDEX council_loop_records_mechanism"
            " ON council_loop_records (mechanism, recorded_at)",
        ),
    ),
    # One escalation table for every kind of human decision (conflicts, delegations blocked at
    # the top of the hierarchy, pipeline merges); `resumed_at` records that the waiting thread
    # acted on the closed row, so two deciders never both resume it.
    Migration(
        "generic escalations",
        (
            """ALTER TABLE council_escalations
                ADD COLUMN kind text NOT NULL DEFAULT 'conflict',
                ADD COLUMN subject text,
                ADD COLUMN summary text,
                ADD COLUMN options jsonb NOT NULL DEFAULT '[]'::jsonb,
                ADD COLUMN details jsonb NOT NULL DEFAULT '{}'::jsonb,
                ADD COLUMN resumed_at timestamptz,
                ALTER COLUMN conflict_id DROP NOT NULL,
                ALTER COLUMN conflict DROP NOT NULL,
                ALTER COLUMN strategy DROP NOT NULL""",
            """UPDATE council_escalations SET
                subject = conflict->>'subject',
                options = coalesce((SELECT jsonb_agg(p->'agent_id')
                                    FROM jsonb_array_elements(conflict->'positions') AS p),
                                   '[]'::jsonb)""",
            """ALTER TABLE council_escalations
                ALTER COLUMN subject SET NOT NULL,
                ADD CONSTRAINT council_escalations_kind
                    CHECK (kind IN ('conflict', 'delegation', 'merge')),
                ADD CONSTRAINT council_escalations_conflict_only_for_conflicts CHECK (
                    (kind = 'conflict') = (conflict IS NOT NULL)
                    AND (conflict IS NULL) = (conflict_id IS NULL)
                    AND (kind <> 'conflict' OR strategy IS NOT NULL)),
                ADD CONSTRAINT council_escalations_payload_shapes CHECK (
                    jsonb_typeof(options) = 'array' AND jsonb_typeof(details) = 'object'),
                ADD CONSTRAINT council_escalations_resumed_after_close CHECK (
                    resumed_at IS NULL OR (status <> 'pending' AND resumed_at >= closed_at))""",
            f"""
            CREATE OR REPLACE FUNCTION council_escalations_closed_final() RETURNS trigger
            LANGUAGE plpgsql AS $fn$
            BEGIN
{_CLOSED_ROW_UNCHANGED}
                IF OLD.resumed_at IS NOT NULL AND NEW.resumed_at IS DISTINCT FROM OLD.resumed_at
                THEN
                    RAISE EXCEPTION 'escalation % was already resumed at %', OLD.id, OLD.resumed_at
                        USING ERRCODE = 'check_violation',
                              CONSTRAINT = 'council_escalations_closed_final';
                END IF;
                RETURN NEW;
            END
            $fn$""",
            "CREATE INDEX council_escalations_unresumed ON council_escalations (closed_at) "
            "WHERE resumed_at IS NULL AND status <> 'pending'",
            "CREATE INDEX council_escalations_kind ON council_escalations (kind, status)",
        ),
    ),
    # Meeting records are append-only per (thread, meeting): the thread that saved one owns it.
    Migration(
        "meeting record threads",
        ("ALTER TABLE council_meeting_records ADD COLUMN thread_id text",),
    ),
    # The breaker counts bounces (tasks coming back) in a sliding window instead of every
    # delegation; `guard_state`'s function is dropped (see `checkpoints/_guard_sql.py`).
    Migration("guard bounces", GUARD_BOUNCES),
    # Recovery (issue 11): resume attempts per thread, counted across restarts, and a cost row
    # written before every model call so a call cut off by a kill still has one.
    Migration(
        "recovery",
        (
            """CREATE TABLE council_resume_attempts (
                thread_id text PRIMARY KEY,
                attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
                last_error text,
                failed_category text CHECK (failed_category IN ('tool_failure', 'stagnation',
                    'budget_exceeded', 'quality_gate_failed', 'timeout', 'delegation_failed',
                    'unknown')),
                failed_at timestamptz,
                updated_at timestamptz NOT NULL DEFAULT now(),
                CHECK ((failed_category IS NULL) = (failed_at IS NULL))
            )""",
            "CREATE INDEX council_resume_attempts_updated ON council_resume_attempts (updated_at)",
            """CREATE TABLE council_call_records (
                call_id text PRIMARY KEY,
                thread_id text,
                agent_id text NOT NULL,
                estimated_input_tokens integer NOT NULL CHECK (estimated_input_tokens >= 0),
                started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
                input_tokens integer CHECK (input_tokens >= 0),
                output_tokens integer CHECK (output_tokens >= 0),
                finished_at timestamptz,
                CHECK ((finished_at IS NULL) = (input_tokens IS NULL)
                    AND (finished_at IS NULL) = (output_tokens IS NULL))
            )""",
            "CREATE INDEX council_call_records_thread ON council_call_records "
            "(thread_id, started_at)",
            "CREATE INDEX council_call_records_unfinished ON council_call_records (started_at) "
            "WHERE finished_at IS NULL",
        ),
    ),
    # The guard's two functions share one bounce rule (`council_guard_add_bounce`).
    Migration("guard rules once", GUARD_RULES),
    # Issue 21: a meeting claims its id when it opens, before any model call, so a reused id
    # fails before anything is spent. Existing records hold their ids already.
    Migration(
        "meeting claims",
        (
            """CREATE TABLE council_meeting_claims (
                meeting_id text PRIMARY KEY,
                thread_id text,
                claimed_at timestamptz NOT NULL DEFAULT now()
            )""",
            "INSERT INTO council_meeting_claims (meeting_id, thread_id, claimed_at) "
            "SELECT meeting_id, thread_id, started_at FROM council_meeting_records",
        ),
    ),
    # Issue 24: a cancel for a thread's running meeting, set by any process (`council threads
    # cancel`), read at the meeting's turn boundaries, cleared when a new meeting opens; a
    # cancelled meeting's record has status `cancelled`.
    Migration(
        "meeting cancels",
        (
            """CREATE TABLE council_meeting_cancels (
                thread_id text PRIMARY KEY,
                reason text NOT NULL DEFAULT '',
                requested_at timestamptz NOT NULL DEFAULT now()
            )""",
            "ALTER TABLE council_meeting_records "
            "DROP CONSTRAINT IF EXISTS council_meeting_records_status_check",
            "ALTER TABLE council_meeting_records "
            "ADD CONSTRAINT council_meeting_records_status_check "
            "CHECK (status IN ('completed', 'budget_exhausted', 'failed', 'cancelled'))",
        ),
    ),
    # Issue 33: a guard check writes one row, the pair's; its dedup times and attempt verdicts
    # live in that row (`recent`), the dedup table goes.
    Migration("guard one row", GUARD_ONE_ROW),
)
"""Append only, the index is the version: never reorder, never change what a released entry
does (statements a later entry supersedes may go only if a fresh schema stays the same)."""
