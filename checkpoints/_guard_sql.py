"""SQL of the loop guard's migrations: the rules of `guards/_rules.py` as PL/pgSQL, one round trip.

`guard bounces` made the breaker count tasks coming back in a sliding window; `guard rules once`
replaces its two functions with the versions below, which share the bounce rule
(`council_guard_add_bounce`). Both mirror `guards/_rules.py` (`check_pair`, `bounce_pair`);
the parity tests run the same sequences on both stores. An applied migration keeps its effect:
statements a later migration supersedes are left out only when a fresh database ends with the
same schema (checked with `pg_get_functiondef` before and after).
"""

from __future__ import annotations

__all__ = ["GUARD_BOUNCES", "GUARD_RULES"]

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

_CHECK_AND_RECORD = """
CREATE OR REPLACE FUNCTION council_guard_check_and_record(
    p_delegator text, p_delegatee text, p_task_id text, p_now timestamptz,
    p_attempt_id text, p_dedup_window float8, p_rate_capacity integer,
    p_rate_window float8, p_bounce_threshold integer, p_bounce_window float8,
    p_cooldown float8, p_max_cooldown float8, p_bounce_note text,
    p_synchronous_commit boolean,
    OUT passed boolean, OUT mechanism text, OUT dedup_age float8,
    OUT rate_count integer, OUT open_until timestamptz, OUT trips integer,
    OUT last_bounce text, OUT recorded_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
    v_a text := least(p_delegator COLLATE "C", p_delegatee COLLATE "C");
    v_b text := greatest(p_delegator COLLATE "C", p_delegatee COLLATE "C");
    v_fwd boolean := p_delegator COLLATE "C" <= p_delegatee COLLATE "C";  -- a to b
    v_row tid;
    v_times timestamptz[];  -- kept sorted, so v_times[1] is the oldest
    v_bounces timestamptz[];  -- in the order they happened
    v_trips integer;
    v_open timestamptz;
    v_note text;
    v_rev_at timestamptz;  -- latest delegation the other way, any task
    v_new boolean;
    v_last timestamptz;
    v_back timestamptz;
    v_at timestamptz;
    v_n integer;
BEGIN
    IF NOT p_synchronous_commit THEN
        -- Trade the last few hundred ms of records on a server crash for speed.
        PERFORM set_config('synchronous_commit', 'off', true);
    END IF;
    -- Two rounds at most: losing the race to create the pair's row means the row exists
    -- (rows are only deleted by hand), so the second round locks it.
    FOR v_round IN 1..2 LOOP
        SELECT g.ctid, g.rate_times, g.bounce_times, g.trips, g.open_until, g.last_bounce,
               CASE WHEN v_fwd THEN g.b_to_a_at ELSE g.a_to_b_at END
        INTO v_row, v_times, v_bounces, v_trips, v_open, v_note, v_rev_at
        FROM council_guard_pairs g
        WHERE g.agent_a = v_a AND g.agent_b = v_b FOR UPDATE;
        v_new := NOT FOUND;
        IF v_new THEN
            v_times := '{}'; v_bounces := '{}'; v_trips := 0; v_open := NULL; v_note := NULL;
            v_rev_at := NULL;
        END IF;
        IF p_attempt_id IS NOT NULL THEN
            SELECT g.passed, g.mechanism, g.dedup_age, g.rate_count, g.open_until, g.trips,
                   g.last_bounce, g.recorded_at
            INTO passed, mechanism, dedup_age, rate_count, open_until, trips, last_bounce,
                 recorded_at
            FROM council_guard_attempts g WHERE g.attempt_id = p_attempt_id;
            IF FOUND THEN
                RETURN;
            END IF;
        END IF;
        v_at := coalesce(p_now, clock_timestamp());
        -- A new statement, so a new snapshot: it sees what the lock's last holder wrote.
        -- Dedup rows are written only with their pair's row held, and go with it when an
        -- operator deletes the row (see the trigger): a pair without a row has none.
        v_last := NULL;
        IF NOT v_new THEN
            SELECT d.last_at INTO v_last FROM council_guard_dedup d
            WHERE d.delegator = p_delegator AND d.delegatee = p_delegatee
              AND d.task_id = p_task_id;
        END IF;
        v_n := cardinality(v_times);
        IF v_n > 0 AND extract(epoch FROM v_at - v_times[1]) >= p_rate_window THEN
            SELECT coalesce(array_agg(t ORDER BY t), '{}') INTO v_times
            FROM unnest(v_times) AS t
            WHERE extract(epoch FROM v_at - t) < p_rate_window;
            v_n := cardinality(v_times);
        END IF;
        IF v_last IS NOT NULL AND extract(epoch FROM v_at - v_last) < p_dedup_window THEN
            passed := false; mechanism := 'dedup';
            dedup_age := extract(epoch FROM v_at - v_last);
        ELSIF v_n >= p_rate_capacity THEN
            passed := false; mechanism := 'rate_limit'; rate_count := v_n;
        ELSIF v_open IS NOT NULL AND v_at < v_open THEN
            passed := false; mechanism := 'circuit_breaker';
            open_until := v_open; trips := v_trips; last_bounce := v_note;
        ELSE
            IF v_open IS NOT NULL THEN  -- the cooldown has expired: a fresh count
                v_bounces := '{}'; v_open := NULL;
            END IF;
            -- Only a pair that delegated the other way inside the window can see a task come
            -- back (down a hierarchy it never does): then look up this task's time that way.
            IF v_rev_at IS NOT NULL
               AND extract(epoch FROM v_at - v_rev_at) < p_bounce_window THEN
                SELECT d.last_at INTO v_back FROM council_guard_dedup d
                WHERE d.delegator = p_delegatee AND d.delegatee = p_delegator
                  AND d.task_id = p_task_id;
                IF v_back IS NOT NULL
                   AND extract(epoch FROM v_at - v_back) < p_bounce_window THEN
                    SELECT b.bounce_times, b.trips, b.open_until INTO v_bounces, v_trips, v_open
                    FROM council_guard_add_bounce(v_bounces, v_trips, v_at, p_bounce_threshold,
                        p_bounce_window, p_cooldown, p_max_cooldown) AS b;
                    v_note := p_bounce_note;
                END IF;
            END IF;
            IF v_n = 0 OR v_at >= v_times[v_n] THEN
                v_times := v_times || v_at;
            ELSE
                SELECT array_agg(t ORDER BY t) INTO v_times FROM unnest(v_times || v_at) AS t;
            END IF;
            IF v_new THEN
                INSERT INTO council_guard_pairs AS g
                    (agent_a, agent_b, rate_times, bounce_times, trips, open_until,
                     last_bounce, a_to_b_at, b_to_a_at, updated_at)
                VALUES (v_a, v_b, v_times, v_bounces, v_trips, v_open, v_note,
                        CASE WHEN v_fwd THEN v_at END, CASE WHEN NOT v_fwd THEN v_at END, v_at)
                ON CONFLICT DO NOTHING;
                CONTINUE WHEN NOT FOUND;  -- created meanwhile: lock it, decide again
            ELSE
                -- The row is locked by us: its ctid cannot change, and a TID scan is cheaper
                -- than the key lookup. Direction times only grow (clocks may go back).
                UPDATE council_guard_pairs g
                SET rate_times = v_times, bounce_times = v_bounces, trips = v_trips,
                    open_until = v_open, last_bounce = v_note, updated_at = v_at,
                    a_to_b_at = CASE WHEN v_fwd THEN greatest(g.a_to_b_at, v_at)
                                     ELSE g.a_to_b_at END,
                    b_to_a_at = CASE WHEN v_fwd THEN g.b_to_a_at
                                     ELSE greatest(g.b_to_a_at, v_at) END
                WHERE g.ctid = v_row;
            END IF;
            IF v_last IS NULL THEN  -- under the pair's lock nobody else adds it
                INSERT INTO council_guard_dedup (delegator, delegatee, task_id, last_at)
                VALUES (p_delegator, p_delegatee, p_task_id, v_at);
            ELSE  -- an upsert: `purge` may have deleted the old time meanwhile
                INSERT INTO council_guard_dedup AS d (delegator, delegatee, task_id, last_at)
                VALUES (p_delegator, p_delegatee, p_task_id, v_at)
                ON CONFLICT (delegator, delegatee, task_id)
                DO UPDATE SET last_at = EXCLUDED.last_at;
            END IF;
            passed := true; mechanism := 'all_passed';
            trips := v_trips; open_until := v_open; last_bounce := v_note;
        END IF;
        IF p_attempt_id IS NOT NULL THEN
            INSERT INTO council_guard_attempts
                (attempt_id, passed, mechanism, dedup_age, rate_count, open_until, trips,
                 last_bounce, recorded_at)
            VALUES (p_attempt_id, passed, mechanism, dedup_age, rate_count, open_until, trips,
                    last_bounce, v_at);
        END IF;
        recorded_at := v_at;
        RETURN;
    END LOOP;
    RAISE EXCEPTION 'council_guard_check_and_record: pair (%, %) kept vanishing', v_a, v_b;
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

GUARD_RULES: tuple[str, ...] = (_ADD_BOUNCE, _CHECK_AND_RECORD, _RECORD_BOUNCE)
"""Statements of migration `guard rules once`: the two guard functions share the bounce rule."""
