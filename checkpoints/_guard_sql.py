"""SQL of the loop guard's migrations: the rules of `guards/_rules.py` as PL/pgSQL, one round trip.

`guard bounces` made the breaker count tasks coming back in a sliding window; `guard rules once`
replaces its two functions with the versions below, which share the bounce rule
(`council_guard_add_bounce`). Both mirror `guards/_rules.py` (`check_pair`, `bounce_pair`);
the parity tests run the same sequences on both stores. `guard one row` moves the dedup times
into the pair's row and replaces the check function by `council_guard_decide` and the one
statement `check_statement` builds (a check writes one row). An applied migration keeps its
effect: statements a later migration supersedes are left out only when a fresh database ends
with the same schema (checked with `pg_dump --schema-only` before and after).
"""

from __future__ import annotations

from functools import cache

from langgraph_council.guards._rules import GuardLimits

__all__ = [
    "GUARD_BOUNCES",
    "GUARD_ONE_ROW",
    "GUARD_RULES",
    "check_statement",
]

_OLD_CHECK = (
    "council_guard_check_and_record(text, text, text, timestamptz, text, float8, integer, "
    "float8, integer, float8, float8, boolean)"
)

# Deleting a pair's row is the manual reset of its breaker and windows: its dedup times go too,
# so "no pair row, no dedup rows" holds and a check on a new pair can skip looking them up.
_RESET_ON_DELETE = (
    """
CREATE FUNCTION council_guard_pair_deleted() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        TRUNCATE council_guard_dedup;
        RETURN NULL;
    END IF;
    DELETE FROM council_guard_dedup d
    WHERE (d.delegator = OLD.agent_a AND d.delegatee = OLD.agent_b)
       OR (d.delegator = OLD.agent_b AND d.delegatee = OLD.agent_a);
    RETURN NULL;
END
$fn$""",
    "CREATE TRIGGER council_guard_pair_deleted AFTER DELETE ON council_guard_pairs "
    "FOR EACH ROW EXECUTE FUNCTION council_guard_pair_deleted()",
    "CREATE TRIGGER council_guard_pairs_truncated AFTER TRUNCATE ON council_guard_pairs "
    "FOR EACH STATEMENT EXECUTE FUNCTION council_guard_pair_deleted()",
)

GUARD_BOUNCES: tuple[str, ...] = (
    # IF EXISTS: a database set up fresh since `GUARD_RULES` never had the first function.
    f"DROP FUNCTION IF EXISTS {_OLD_CHECK}",
    # Old counts were of every delegation, not bounces: they go; trips and open breakers stay.
    # a_to_b_at / b_to_a_at: the latest delegation each way (agent_a < agent_b), so a check
    # looks for a task coming back only when the other direction was used inside the window.
    "ALTER TABLE council_guard_pairs DROP COLUMN bounces, "
    "ADD COLUMN bounce_times timestamptz[] NOT NULL DEFAULT '{}', "
    "ADD COLUMN last_bounce text, ADD COLUMN a_to_b_at timestamptz, "
    "ADD COLUMN b_to_a_at timestamptz",
    # Pairs recorded before this migration: each direction's latest time from its dedup rows.
    """UPDATE council_guard_pairs p SET
        a_to_b_at = (SELECT max(d.last_at) FROM council_guard_dedup d
                     WHERE d.delegator = p.agent_a AND d.delegatee = p.agent_b),
        b_to_a_at = (SELECT max(d.last_at) FROM council_guard_dedup d
                     WHERE d.delegator = p.agent_b AND d.delegatee = p.agent_a)""",
    "ALTER TABLE council_guard_attempts ADD COLUMN last_bounce text",
    *_RESET_ON_DELETE,
    # Its two functions (`council_guard_check_and_record`, `council_guard_record_bounce`)
    # were created here as well; `GUARD_RULES` replaces both, so a fresh database skips them.
)
"""Statements of migration `guard bounces` (see `MIGRATIONS`)."""

# The bounce rule, written once for both functions below (`guards/_rules.py::_add_bounce`):
# one bounce at `p_at` in the sliding window; the threshold-th trips the breaker, whose
# cooldown doubles per trip up to the maximum.
_ADD_BOUNCE = """
CREATE FUNCTION council_guard_add_bounce(
    p_bounces timestamptz[], p_trips integer, p_at timestamptz, p_threshold integer,
    p_window float8, p_cooldown float8, p_max_cooldown float8,
    OUT bounce_times timestamptz[], OUT trips integer, OUT open_until timestamptz)
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
    SELECT coalesce(array_agg(u.t ORDER BY u.i), '{}') INTO bounce_times
    FROM unnest(p_bounces) WITH ORDINALITY AS u(t, i)
    WHERE extract(epoch FROM p_at - u.t) < p_window;
    bounce_times := bounce_times || p_at;
    trips := p_trips;
    IF cardinality(bounce_times) >= p_threshold THEN
        trips := trips + 1;
        open_until := p_at + make_interval(secs => least(
            p_cooldown * power(2::float8, least(trips - 1, 64)), p_max_cooldown));
    END IF;
END
$fn$"""

_RECORD_BOUNCE = """
CREATE OR REPLACE FUNCTION council_guard_record_bounce(
    p_delegator text, p_delegatee text, p_now timestamptz, p_bounce_id text,
    p_bounce_threshold integer, p_bounce_window float8, p_cooldown float8,
    p_max_cooldown float8, p_note text,
    OUT rate_times timestamptz[], OUT bounce_times timestamptz[], OUT trips integer,
    OUT open_until timestamptz, OUT last_bounce text)
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
    v_a text := least(p_delegator COLLATE "C", p_delegatee COLLATE "C");
    v_b text := greatest(p_delegator COLLATE "C", p_delegatee COLLATE "C");
    v_times timestamptz[];
    v_bounces timestamptz[];
    v_trips integer;
    v_open timestamptz;
    v_note text;
    v_at timestamptz;
BEGIN
    INSERT INTO council_guard_pairs (agent_a, agent_b) VALUES (v_a, v_b) ON CONFLICT DO NOTHING;
    SELECT g.rate_times, g.bounce_times, g.trips, g.open_until, g.last_bounce
    INTO v_times, v_bounces, v_trips, v_open, v_note
    FROM council_guard_pairs g
    WHERE g.agent_a = v_a AND g.agent_b = v_b FOR UPDATE;
    IF p_bounce_id IS NOT NULL THEN
        PERFORM 1 FROM council_guard_attempts g WHERE g.attempt_id = 'bounce:' || p_bounce_id;
        IF FOUND THEN  -- a repeat: the state as it is, nothing recorded
            rate_times := v_times; bounce_times := v_bounces; trips := v_trips;
            open_until := v_open; last_bounce := v_note;
            RETURN;
        END IF;
    END IF;
    v_at := coalesce(p_now, clock_timestamp());
    IF v_open IS NULL OR v_at >= v_open THEN  -- an open breaker is left as it is
        IF v_open IS NOT NULL THEN  -- the cooldown has expired: a fresh count
            v_bounces := '{}'; v_open := NULL;
        END IF;
        SELECT b.bounce_times, b.trips, b.open_until INTO v_bounces, v_trips, v_open
        FROM council_guard_add_bounce(v_bounces, v_trips, v_at, p_bounce_threshold,
            p_bounce_window, p_cooldown, p_max_cooldown) AS b;
        v_note := p_note;
        UPDATE council_guard_pairs g
        SET bounce_times = v_bounces, trips = v_trips, open_until = v_open,
            last_bounce = v_note, updated_at = v_at
        WHERE g.agent_a = v_a AND g.agent_b = v_b;
    END IF;
    IF p_bounce_id IS NOT NULL THEN
        INSERT INTO council_guard_attempts (attempt_id, passed, mechanism, recorded_at)
        VALUES ('bounce:' || p_bounce_id, false, 'bounce', v_at);
    END IF;
    rate_times := v_times; bounce_times := v_bounces; trips := v_trips;
    open_until := v_open; last_bounce := v_note;
END
$fn$"""

GUARD_RULES: tuple[str, ...] = (_ADD_BOUNCE, _RECORD_BOUNCE)
"""Statements of migration `guard rules once`: the two guard functions share the bounce rule.

It also created the check function of that time; `guard one row` drops it, so a fresh database
skips it (the same schema either way)."""

# The rules for a pair that has a row (`guards/_rules.py::check_pair`), as a function of the
# row: it reads nothing else (a check made before `guard one row` is the one exception) and
# writes nothing; the check statement below stores what it returns. `recent` maps a direction
# and task ('>' a to b, '<' b to a, then the task id) to its latest delegation (epoch seconds)
# and '#' plus an attempt id to [epoch, verdict]; `verdict` is NULL for a pass, else the
# array the client turns into a message.
_DECIDE = """
CREATE FUNCTION council_guard_decide(
    g council_guard_pairs, p_at timestamptz, p_key text, p_attempt text,
    p_dedup_window float8, p_rate_capacity integer, p_rate_window float8,
    p_bounce_threshold integer, p_bounce_window float8, p_cooldown float8,
    p_max_cooldown float8, p_bounce_note text,
    OUT rate_times timestamptz[], OUT bounce_times timestamptz[], OUT trips integer,
    OUT open_until timestamptz, OUT last_bounce text, OUT recent jsonb, OUT verdict jsonb)
LANGUAGE plpgsql STABLE AS $fn$
DECLARE
    v_at numeric := extract(epoch FROM p_at);
    v_last numeric := (g.recent ->> p_key)::numeric;
    v_back numeric;
    v_n integer := cardinality(g.rate_times);
BEGIN
    rate_times := g.rate_times; bounce_times := g.bounce_times; trips := g.trips;
    open_until := g.open_until; last_bounce := g.last_bounce; recent := g.recent;
    IF p_attempt IS NOT NULL THEN  -- a re-run: the first verdict again, nothing recorded
        verdict := recent -> ('#' || p_attempt);
        IF verdict IS NOT NULL THEN
            verdict := nullif(verdict -> 1, 'null'::jsonb);  -- a pass: SQL NULL
            RETURN;
        END IF;
        SELECT CASE WHEN NOT a.passed THEN jsonb_build_array(a.mechanism, a.dedup_age,
                   a.rate_count, extract(epoch FROM a.open_until), a.trips, a.last_bounce) END
        INTO verdict FROM council_guard_attempts a WHERE a.attempt_id = p_attempt;
        IF FOUND THEN  -- checked before `guard one row`
            RETURN;
        END IF;
    END IF;
    IF v_last IS NOT NULL AND v_at - v_last < p_dedup_window THEN
        verdict := jsonb_build_array('dedup', v_at - v_last);
    ELSE
        IF v_n > 0 AND extract(epoch FROM p_at - rate_times[1]) >= p_rate_window THEN
            SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO rate_times
            FROM unnest(g.rate_times) AS t WHERE extract(epoch FROM p_at - t) < p_rate_window;
            v_n := cardinality(rate_times);
        END IF;
        IF v_n >= p_rate_capacity THEN
            verdict := jsonb_build_array('rate_limit', NULL, v_n);
            rate_times := g.rate_times;
        ELSIF open_until IS NOT NULL AND p_at < open_until THEN
            verdict := jsonb_build_array('circuit_breaker', NULL, NULL,
                extract(epoch FROM open_until), trips, last_bounce);
        ELSE
            IF open_until IS NOT NULL THEN  -- the cooldown has expired: a fresh count
                bounce_times := '{}'; open_until := NULL;
            END IF;
            -- The other way ('<' for '>'), unless the pair is one agent (as in memory).
            v_back := (recent ->> CASE WHEN g.agent_a = g.agent_b THEN p_key
                ELSE translate(left(p_key, 1), '<>', '><') || substr(p_key, 2) END)::numeric;
            IF v_back IS NOT NULL AND v_at - v_back < p_bounce_window THEN  -- it came back
                SELECT b.bounce_times, b.trips, b.open_until INTO bounce_times, trips, open_until
                FROM council_guard_add_bounce(bounce_times, trips, p_at, p_bounce_threshold,
                    p_bounce_window, p_cooldown, p_max_cooldown) AS b;
                last_bounce := p_bounce_note;
            END IF;
            IF v_n = 0 OR p_at >= rate_times[v_n] THEN  -- kept sorted: [1] is the oldest
                rate_times := rate_times || p_at;
            ELSE
                SELECT array_agg(t ORDER BY t) INTO rate_times FROM unnest(rate_times || p_at) t;
            END IF;
            IF pg_column_size(recent) > 1024 THEN  -- forget what no window can reach any more
                SELECT coalesce(jsonb_object_agg(e.key, e.value), '{}') INTO recent
                FROM jsonb_each(recent) AS e
                WHERE v_at - council_guard_entry_at(e.value)
                    < greatest(p_dedup_window, p_bounce_window);
            END IF;
            recent := recent || jsonb_build_object(p_key, v_at);
        END IF;
    END IF;
    IF p_attempt IS NOT NULL THEN
        recent := recent || jsonb_build_object('#' || p_attempt, jsonb_build_array(v_at, verdict));
    END IF;
END
$fn$"""

# When an entry of `recent` was written: a dedup time is the number itself, an attempt's entry
# an array that starts with it (inlined by the planner: plain SQL, immutable).
_ENTRY_AT = """
CREATE FUNCTION council_guard_entry_at(entry jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $fn$
    SELECT (CASE jsonb_typeof(entry) WHEN 'array' THEN entry ->> 0
            ELSE entry #>> '{}' END)::numeric
$fn$"""

GUARD_ONE_ROW: tuple[str, ...] = (
    "ALTER TABLE council_guard_pairs ADD COLUMN recent jsonb NOT NULL DEFAULT '{}', "
    "ADD COLUMN verdict jsonb",
    # Every pair's dedup times move into its row (a pair without a row has none: the trigger).
    """UPDATE council_guard_pairs p SET recent = (
        SELECT coalesce(jsonb_object_agg(
            CASE WHEN d.delegator = p.agent_a THEN '>' ELSE '<' END || d.task_id,
            extract(epoch FROM d.last_at)), '{}')
        FROM council_guard_dedup d
        WHERE (d.delegator, d.delegatee) IN ((p.agent_a, p.agent_b), (p.agent_b, p.agent_a)))""",
    "DROP TRIGGER IF EXISTS council_guard_pair_deleted ON council_guard_pairs",
    "DROP TRIGGER IF EXISTS council_guard_pairs_truncated ON council_guard_pairs",
    "DROP FUNCTION IF EXISTS council_guard_pair_deleted()",
    "DROP TABLE council_guard_dedup",
    "ALTER TABLE council_guard_pairs DROP COLUMN a_to_b_at, DROP COLUMN b_to_a_at",
    # The check function of `guard rules once` (a fresh database never had it).
    "DROP FUNCTION IF EXISTS council_guard_check_and_record(text, text, text, timestamptz, "
    "text, float8, integer, float8, integer, float8, float8, float8, text, boolean)",
    _ENTRY_AT,
    _DECIDE,
)
"""Statements of migration `guard one row`: a check writes the pair's row and nothing else."""

# One statement per check. A new pair passes (nothing to refuse yet, unless the rate capacity
# is 0), so its row is written from the parameters alone; an existing one is locked by ON
# CONFLICT, which hands `council_guard_decide` the row's latest committed version, so
# concurrent checks of one pair take turns and each sees what the one before wrote. The limits
# are literals: a statement per set of limits, prepared once per connection.
_CHECK = """
INSERT INTO council_guard_pairs AS g (agent_a, agent_b, rate_times, recent, verdict, updated_at)
SELECT $1, $2, {times}, {recent}, {verdict}, x.at
FROM (SELECT y.at, extract(epoch FROM y.at) AS e FROM (SELECT {now} AS at{commit}) y) x
ON CONFLICT (agent_a, agent_b) DO UPDATE SET
    (rate_times, bounce_times, trips, open_until, last_bounce, recent, verdict, updated_at) = (
        SELECT d.rate_times, d.bounce_times, d.trips, d.open_until, d.last_bounce, d.recent,
            d.verdict, EXCLUDED.updated_at
        FROM council_guard_decide(g, EXCLUDED.updated_at, $3, {attempt}, {limits}, $4) AS d)
RETURNING g.verdict"""

_SQL_TYPE = {float: "float8", int: "integer"}


@cache
def check_statement(
    limits: GuardLimits, attempt: bool, now: bool, synchronous_commit: bool, /
) -> str:
    """The check-and-record statement for `limits`: one round trip, one row written (the
    pair's). Numbered parameters (`psycopg.RawCursor`): $1 and $2 the pair (sorted), $3 the
    direction and task, $4 the note of a task coming back, then the attempt id and the time
    when asked for, in that order."""
    capacity = limits.rate_per_window + limits.rate_burst
    refused = "" if capacity > 0 else "'[\"rate_limit\", null, 0]'::jsonb"
    recent = "jsonb_build_object($3::text, x.e)" if capacity > 0 else "'{}'::jsonb"
    if attempt:
        entry = f"jsonb_build_array(x.e, {refused or 'NULL::jsonb'})"
        recent += f" || jsonb_build_object('#' || $5::text, {entry})"
    numbers = (
        limits.dedup_window_seconds, capacity, limits.rate_window_seconds,
        limits.bounce_threshold, limits.bounce_window_seconds, limits.cooldown_seconds,
        limits.max_cooldown_seconds,
    )  # fmt: skip
    return _CHECK.format(
        times="ARRAY[x.at]" if capacity > 0 else "'{}'::timestamptz[]",
        recent=recent,
        verdict=refused or "NULL::jsonb",
        now=f"${5 + attempt}::timestamptz" if now else "clock_timestamp()",
        # Volatile, so evaluated though unread: the commit does not wait for the disk.
        commit="" if synchronous_commit else ", set_config('synchronous_commit', 'off', true)",
        attempt="$5::text" if attempt else "NULL::text",
        limits=", ".join(f"{n!r}::{_SQL_TYPE[type(n)]}" for n in numbers),
    )
