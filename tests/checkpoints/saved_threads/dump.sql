--
-- PostgreSQL database dump
--

\restrict council6516df4

-- Dumped from database version 18.6
-- Dumped by pg_dump version 18.6

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET transaction_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: council_escalations_closed_final(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.council_escalations_closed_final() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
            BEGIN
                IF OLD.status <> 'pending' AND ROW(NEW.status, NEW.decision, NEW.decided_by,
                        NEW.decided_at, NEW.closed_at) IS DISTINCT FROM ROW(OLD.status,
                        OLD.decision, OLD.decided_by, OLD.decided_at, OLD.closed_at) THEN
                    RAISE EXCEPTION 'escalation % is already %: a closed escalation never changes',
                        OLD.id, OLD.status
                        USING ERRCODE = 'check_violation',
                              CONSTRAINT = 'council_escalations_closed_final';
                END IF;
                IF OLD.resumed_at IS NOT NULL AND NEW.resumed_at IS DISTINCT FROM OLD.resumed_at
                THEN
                    RAISE EXCEPTION 'escalation % was already resumed at %', OLD.id, OLD.resumed_at
                        USING ERRCODE = 'check_violation',
                              CONSTRAINT = 'council_escalations_closed_final';
                END IF;
                RETURN NEW;
            END
            $$;


--
-- Name: council_guard_add_bounce(timestamp with time zone[], integer, timestamp with time zone, integer, double precision, double precision, double precision); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.council_guard_add_bounce(p_bounces timestamp with time zone[], p_trips integer, p_at timestamp with time zone, p_threshold integer, p_window double precision, p_cooldown double precision, p_max_cooldown double precision, OUT bounce_times timestamp with time zone[], OUT trips integer, OUT open_until timestamp with time zone) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
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
$$;


--
-- Name: council_guard_check_and_record(text, text, text, timestamp with time zone, text, double precision, integer, double precision, integer, double precision, double precision, double precision, text, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.council_guard_check_and_record(p_delegator text, p_delegatee text, p_task_id text, p_now timestamp with time zone, p_attempt_id text, p_dedup_window double precision, p_rate_capacity integer, p_rate_window double precision, p_bounce_threshold integer, p_bounce_window double precision, p_cooldown double precision, p_max_cooldown double precision, p_bounce_note text, p_synchronous_commit boolean, OUT passed boolean, OUT mechanism text, OUT dedup_age double precision, OUT rate_count integer, OUT open_until timestamp with time zone, OUT trips integer, OUT last_bounce text, OUT recorded_at timestamp with time zone) RETURNS record
    LANGUAGE plpgsql
    AS $$
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
$$;


--
-- Name: council_guard_pair_deleted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.council_guard_pair_deleted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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
$$;


--
-- Name: council_guard_record_bounce(text, text, timestamp with time zone, text, integer, double precision, double precision, double precision, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.council_guard_record_bounce(p_delegator text, p_delegatee text, p_now timestamp with time zone, p_bounce_id text, p_bounce_threshold integer, p_bounce_window double precision, p_cooldown double precision, p_max_cooldown double precision, p_note text, OUT rate_times timestamp with time zone[], OUT bounce_times timestamp with time zone[], OUT trips integer, OUT open_until timestamp with time zone, OUT last_bounce text) RETURNS record
    LANGUAGE plpgsql
    AS $$
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
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: checkpoint_blobs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.checkpoint_blobs (
    thread_id text NOT NULL,
    checkpoint_ns text DEFAULT ''::text NOT NULL,
    channel text NOT NULL,
    version text NOT NULL,
    type text NOT NULL,
    blob bytea
);


--
-- Name: checkpoint_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.checkpoint_migrations (
    v integer NOT NULL
);


--
-- Name: checkpoint_writes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.checkpoint_writes (
    thread_id text NOT NULL,
    checkpoint_ns text DEFAULT ''::text NOT NULL,
    checkpoint_id text NOT NULL,
    task_id text NOT NULL,
    idx integer NOT NULL,
    channel text NOT NULL,
    type text,
    blob bytea NOT NULL,
    task_path text DEFAULT ''::text NOT NULL
);


--
-- Name: checkpoints; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.checkpoints (
    thread_id text NOT NULL,
    checkpoint_ns text DEFAULT ''::text NOT NULL,
    checkpoint_id text NOT NULL,
    parent_checkpoint_id text,
    type text,
    checkpoint jsonb NOT NULL,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL
);


--
-- Name: council_call_records; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_call_records (
    call_id text NOT NULL,
    thread_id text,
    agent_id text NOT NULL,
    estimated_input_tokens integer NOT NULL,
    started_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    input_tokens integer,
    output_tokens integer,
    finished_at timestamp with time zone,
    CONSTRAINT council_call_records_check CHECK ((((finished_at IS NULL) = (input_tokens IS NULL)) AND ((finished_at IS NULL) = (output_tokens IS NULL)))),
    CONSTRAINT council_call_records_estimated_input_tokens_check CHECK ((estimated_input_tokens >= 0)),
    CONSTRAINT council_call_records_input_tokens_check CHECK ((input_tokens >= 0)),
    CONSTRAINT council_call_records_output_tokens_check CHECK ((output_tokens >= 0))
);


--
-- Name: council_dissent_records; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_dissent_records (
    id text NOT NULL,
    conflict_id text NOT NULL,
    conflict_type text,
    dissenting_agent_id text NOT NULL,
    strategy_used text NOT NULL,
    decided_by text NOT NULL,
    recorded_at timestamp with time zone NOT NULL,
    record jsonb NOT NULL
);


--
-- Name: council_escalations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_escalations (
    id text NOT NULL,
    thread_id text NOT NULL,
    conflict_id text,
    conflict jsonb,
    strategy text,
    analysis text,
    status text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone,
    decision jsonb,
    decided_by text,
    decided_at timestamp with time zone,
    closed_at timestamp with time zone,
    kind text DEFAULT 'conflict'::text NOT NULL,
    subject text NOT NULL,
    summary text,
    options jsonb DEFAULT '[]'::jsonb NOT NULL,
    details jsonb DEFAULT '{}'::jsonb NOT NULL,
    resumed_at timestamp with time zone,
    CONSTRAINT council_escalations_closed_undecided CHECK (((status <> ALL (ARRAY['expired'::text, 'cancelled'::text])) OR ((decision IS NULL) AND (decided_by IS NULL) AND (decided_at IS NULL) AND (closed_at IS NOT NULL)))),
    CONSTRAINT council_escalations_conflict_only_for_conflicts CHECK ((((kind = 'conflict'::text) = (conflict IS NOT NULL)) AND ((conflict IS NULL) = (conflict_id IS NULL)) AND ((kind <> 'conflict'::text) OR (strategy IS NOT NULL)))),
    CONSTRAINT council_escalations_decided_complete CHECK (((status <> 'decided'::text) OR ((decision IS NOT NULL) AND (decided_by IS NOT NULL) AND (decided_at IS NOT NULL) AND (closed_at IS NOT NULL)))),
    CONSTRAINT council_escalations_expiry_after_creation CHECK (((expires_at IS NULL) OR (expires_at > created_at))),
    CONSTRAINT council_escalations_human_decider CHECK (((decided_by IS NULL) OR (decided_by ~~ 'human:_%'::text))),
    CONSTRAINT council_escalations_kind CHECK ((kind = ANY (ARRAY['conflict'::text, 'delegation'::text, 'merge'::text]))),
    CONSTRAINT council_escalations_payload_shapes CHECK (((jsonb_typeof(options) = 'array'::text) AND (jsonb_typeof(details) = 'object'::text))),
    CONSTRAINT council_escalations_pending_open CHECK (((status <> 'pending'::text) OR ((decision IS NULL) AND (decided_by IS NULL) AND (decided_at IS NULL) AND (closed_at IS NULL)))),
    CONSTRAINT council_escalations_resumed_after_close CHECK (((resumed_at IS NULL) OR ((status <> 'pending'::text) AND (resumed_at >= closed_at)))),
    CONSTRAINT council_escalations_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'decided'::text, 'expired'::text, 'cancelled'::text])))
);


--
-- Name: council_guard_attempts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_guard_attempts (
    attempt_id text NOT NULL,
    passed boolean NOT NULL,
    mechanism text NOT NULL,
    dedup_age double precision,
    rate_count integer,
    open_until timestamp with time zone,
    trips integer,
    recorded_at timestamp with time zone NOT NULL,
    last_bounce text,
    CONSTRAINT council_guard_attempts_check CHECK ((passed = (mechanism = 'all_passed'::text)))
);


--
-- Name: council_guard_dedup; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_guard_dedup (
    delegator text NOT NULL,
    delegatee text NOT NULL,
    task_id text NOT NULL,
    last_at timestamp with time zone NOT NULL
);


--
-- Name: council_guard_pairs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_guard_pairs (
    agent_a text NOT NULL COLLATE pg_catalog."C",
    agent_b text NOT NULL COLLATE pg_catalog."C",
    rate_times timestamp with time zone[] DEFAULT '{}'::timestamp with time zone[] NOT NULL,
    trips integer DEFAULT 0 NOT NULL,
    open_until timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    bounce_times timestamp with time zone[] DEFAULT '{}'::timestamp with time zone[] NOT NULL,
    last_bounce text,
    a_to_b_at timestamp with time zone,
    b_to_a_at timestamp with time zone,
    CONSTRAINT council_guard_pairs_check CHECK ((agent_a <= agent_b)),
    CONSTRAINT council_guard_pairs_trips_check CHECK ((trips >= 0))
);


--
-- Name: council_loop_records; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_loop_records (
    id text NOT NULL,
    mechanism text NOT NULL,
    chain text[] NOT NULL,
    delegator text NOT NULL,
    delegatee text NOT NULL,
    task_id text NOT NULL,
    message text NOT NULL,
    thread_id text,
    recorded_at timestamp with time zone NOT NULL,
    CONSTRAINT council_loop_records_mechanism_check CHECK ((mechanism = ANY (ARRAY['authority'::text, 'ancestry'::text, 'max_depth'::text, 'dedup'::text, 'rate_limit'::text, 'circuit_breaker'::text])))
);


--
-- Name: council_meeting_cancels; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_meeting_cancels (
    thread_id text NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    requested_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: council_meeting_claims; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_meeting_claims (
    meeting_id text NOT NULL,
    thread_id text,
    claimed_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: council_meeting_records; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_meeting_records (
    meeting_id text NOT NULL,
    meeting_type text NOT NULL,
    protocol text NOT NULL,
    status text NOT NULL,
    leader_id text NOT NULL,
    token_budget integer NOT NULL,
    total_tokens integer NOT NULL,
    token_usage_by_participant jsonb NOT NULL,
    contribution_rank jsonb NOT NULL,
    duration_seconds double precision NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone NOT NULL,
    error text,
    minutes jsonb NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    thread_id text,
    CONSTRAINT council_meeting_records_check CHECK ((ended_at >= started_at)),
    CONSTRAINT council_meeting_records_duration_seconds_check CHECK ((duration_seconds >= (0)::double precision)),
    CONSTRAINT council_meeting_records_status_check CHECK ((status = ANY (ARRAY['completed'::text, 'budget_exhausted'::text, 'failed'::text, 'cancelled'::text]))),
    CONSTRAINT council_meeting_records_token_budget_check CHECK ((token_budget > 0)),
    CONSTRAINT council_meeting_records_total_tokens_check CHECK ((total_tokens >= 0))
);


--
-- Name: council_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT council_migrations_version_check CHECK ((version > 0))
);


--
-- Name: council_resume_attempts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.council_resume_attempts (
    thread_id text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    last_error text,
    failed_category text,
    failed_at timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT council_resume_attempts_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT council_resume_attempts_check CHECK (((failed_category IS NULL) = (failed_at IS NULL))),
    CONSTRAINT council_resume_attempts_failed_category_check CHECK ((failed_category = ANY (ARRAY['tool_failure'::text, 'stagnation'::text, 'budget_exceeded'::text, 'quality_gate_failed'::text, 'timeout'::text, 'delegation_failed'::text, 'unknown'::text])))
);


--
-- Name: store; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.store (
    prefix text NOT NULL,
    key text NOT NULL,
    value jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT CURRENT_TIMESTAMP,
    updated_at timestamp with time zone DEFAULT CURRENT_TIMESTAMP,
    expires_at timestamp with time zone,
    ttl_minutes integer
);


--
-- Name: store_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.store_migrations (
    v integer NOT NULL
);


--
-- Data for Name: checkpoint_blobs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob) FROM stdin;
saved-meeting		__start__	00000000000000000000000000000001.0.16833445382580425	msgpack	\\x85a66167656e646182a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365a96c65616465725f6964a363746faf7061727469636970616e745f69647393aa73656e696f725f646576aa6a756e696f725f646576a675695f646576ac746f6b656e5f627564676574cd4e20aa6d656574696e675f6964af73617665642d6d656574696e672d31
saved-meeting		agenda	00000000000000000000000000000002.0.31034458813048316	msgpack	\\x82a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365
saved-meeting		participant_ids	00000000000000000000000000000002.0.31034458813048316	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576
saved-meeting		agenda	00000000000000000000000000000003.0.14718424160339738	msgpack	\\xc7910594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ad4d656574696e674167656e646183a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365a56974656d7390b36d6f64656c5f76616c69646174655f6a736f6e
saved-meeting		participant_ids	00000000000000000000000000000003.0.14718424160339738	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576
saved-meeting		started_at	00000000000000000000000000000003.0.14718424160339738	msgpack	\\xc7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33322e3933303439322b30303a3030ad66726f6d69736f666f726d6174
saved-meeting		contributions	00000000000000000000000000000003.0.14718424160339738	msgpack	\\xd40790
saved-meeting		messages	00000000000000000000000000000003.0.14718424160339738	msgpack	\\xd40790
saved-meeting		failures	00000000000000000000000000000003.0.14718424160339738	msgpack	\\x90
saved-meeting		input_calibration	00000000000000000000000000000003.0.14718424160339738	msgpack	\\xc70307920000
saved-meeting		conflicts	00000000000000000000000000000003.0.14718424160339738	msgpack	\\x90
saved-meeting		discussants	00000000000000000000000000000003.0.14718424160339738	msgpack	\\x90
saved-meeting		outcome	00000000000000000000000000000003.0.14718424160339738	msgpack	\\xc7b90594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73af53796e746865736973526573756c7488a773756d6d617279a0ad6a757374696669636174696f6ea0a96465636973696f6e7390ac616374696f6e5f6974656d7390a9706f736974696f6e7390ae617574686f726974795f6375657390b161646f707465645f6167656e745f69647390a87761726e696e677390b36d6f64656c5f76616c69646174655f6a736f6e
saved-meeting		notes	00000000000000000000000000000003.0.14718424160339738	msgpack	\\x90
saved-conflict		__start__	00000000000000000000000000000001.0.9410802685801962	msgpack	\\x81a8636f6e666c696374c803970594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73a8436f6e666c69637486a26964b073617665642d636f6e666c6963742d31a474797065c7460093d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73ac436f6e666c69637454797065ac617263686974656374757265a77375626a656374d92a5175657565206f722063726f6e20666f7220746865206e696768746c7920707974686f6e206a6f62733fa77461736b5f6964c0a9706f736974696f6e739287a86167656e745f6964aa6a756e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca66a756e696f72a8706f736974696f6ed92452756e20746865206e696768746c79206a6f6273207769746820612063726f6e206a6f62a9726561736f6e696e67ba6a756e696f725f64657620686173206d65617375726564206974a865766964656e636591b46a756e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d617487a86167656e745f6964aa73656e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72a8706f736974696f6ed92552756e20746865206e696768746c79206a6f627320776974682061206a6f62207175657565a9726561736f6e696e67ba73656e696f725f64657620686173206d65617375726564206974a865766964656e636591b473656e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174ab64657465637465645f6174c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e
saved-conflict		conflict	00000000000000000000000000000002.0.39852775702279364	msgpack	\\xc803970594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73a8436f6e666c69637486a26964b073617665642d636f6e666c6963742d31a474797065c7460093d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73ac436f6e666c69637454797065ac617263686974656374757265a77375626a656374d92a5175657565206f722063726f6e20666f7220746865206e696768746c7920707974686f6e206a6f62733fa77461736b5f6964c0a9706f736974696f6e739287a86167656e745f6964aa6a756e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca66a756e696f72a8706f736974696f6ed92452756e20746865206e696768746c79206a6f6273207769746820612063726f6e206a6f62a9726561736f6e696e67ba6a756e696f725f64657620686173206d65617375726564206974a865766964656e636591b46a756e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d617487a86167656e745f6964aa73656e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72a8706f736974696f6ed92552756e20746865206e696768746c79206a6f627320776974682061206a6f62207175657565a9726561736f6e696e67ba73656e696f725f64657620686173206d65617375726564206974a865766964656e636591b473656e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174ab64657465637465645f6174c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e
saved-conflict		conflict	00000000000000000000000000000003.0.6906021236689062	msgpack	\\xc803970594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73a8436f6e666c69637486a26964b073617665642d636f6e666c6963742d31a474797065c7460093d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73ac436f6e666c69637454797065ac617263686974656374757265a77375626a656374d92a5175657565206f722063726f6e20666f7220746865206e696768746c7920707974686f6e206a6f62733fa77461736b5f6964c0a9706f736974696f6e739287a86167656e745f6964aa6a756e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca66a756e696f72a8706f736974696f6ed92452756e20746865206e696768746c79206a6f6273207769746820612063726f6e206a6f62a9726561736f6e696e67ba6a756e696f725f64657620686173206d65617375726564206974a865766964656e636591b46a756e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d617487a86167656e745f6964aa73656e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72a8706f736974696f6ed92552756e20746865206e696768746c79206a6f627320776974682061206a6f62207175657565a9726561736f6e696e67ba73656e696f725f64657620686173206d65617375726564206974a865766964656e636591b473656e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174ab64657465637465645f6174c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e
saved-conflict		messages	00000000000000000000000000000003.0.6906021236689062	msgpack	\\xd40790
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	__start__	00000000000000000000000000000001.0.28437332096898693	msgpack	\\x8aa8636f6e666c696374c803970594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73a8436f6e666c69637486a26964b073617665642d636f6e666c6963742d31a474797065c7460093d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73ac436f6e666c69637454797065ac617263686974656374757265a77375626a656374d92a5175657565206f722063726f6e20666f7220746865206e696768746c7920707974686f6e206a6f62733fa77461736b5f6964c0a9706f736974696f6e739287a86167656e745f6964aa6a756e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca66a756e696f72a8706f736974696f6ed92452756e20746865206e696768746c79206a6f6273207769746820612063726f6e206a6f62a9726561736f6e696e67ba6a756e696f725f64657620686173206d65617375726564206974a865766964656e636591b46a756e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d617487a86167656e745f6964aa73656e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72a8706f736974696f6ed92552756e20746865206e696768746c79206a6f627320776974682061206a6f62207175657565a9726561736f6e696e67ba73656e696f725f64657620686173206d65617375726564206974a865766964656e636591b473656e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174ab64657465637465645f6174c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6ea87374726174656779a568756d616ea8616e616c79736973c0af66616c6c6261636b5f726561736f6ec0ab746f6b656e735f7573656400ad657363616c6174696f6e5f6964c0b0657363616c6174696f6e5f6572726f72c0b3657363616c6174696f6e5f6465636973696f6ec0a86d6573736167657390af72656d61696e696e675f7374657073cd2715
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	conflict	00000000000000000000000000000002.0.9640257033080666	msgpack	\\xc803970594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73a8436f6e666c69637486a26964b073617665642d636f6e666c6963742d31a474797065c7460093d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73ac436f6e666c69637454797065ac617263686974656374757265a77375626a656374d92a5175657565206f722063726f6e20666f7220746865206e696768746c7920707974686f6e206a6f62733fa77461736b5f6964c0a9706f736974696f6e739287a86167656e745f6964aa6a756e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca66a756e696f72a8706f736974696f6ed92452756e20746865206e696768746c79206a6f6273207769746820612063726f6e206a6f62a9726561736f6e696e67ba6a756e696f725f64657620686173206d65617375726564206974a865766964656e636591b46a756e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d617487a86167656e745f6964aa73656e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72a8706f736974696f6ed92552756e20746865206e696768746c79206a6f627320776974682061206a6f62207175657565a9726561736f6e696e67ba73656e696f725f64657620686173206d65617375726564206974a865766964656e636591b473656e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174ab64657465637465645f6174c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		outcomes	00000000000000000000000000000003.0.80714401481791	msgpack	\\xd40780
saved-delegation		__start__	00000000000000000000000000000001.0.17279480949303183	msgpack	\\x83a47461736bd9354c61756e6368207468652062696c6c696e6720415049206265666f72652074686520513320706172746e657220646561646c696e65ab656e7472795f6167656e74a363656fa77461736b5f6964b573617665642d64656c65676174696f6e2d7461736b
saved-delegation		frames	00000000000000000000000000000003.0.05268189693302083	msgpack	\\x91c7c90594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a54672616d6587a86167656e745f6964a363656fa47461736bd9354c61756e6368207468652062696c6c696e6720415049206265666f72652074686520513320706172746e657220646561646c696e65a861737369676e6565a363656fa5636861696e90a56e6f74657390ac64656c6567617465645f6279c0ae657363616c617465645f66726f6dc0b36d6f64656c5f76616c69646174655f6a736f6e
saved-delegation		inbox	00000000000000000000000000000003.0.05268189693302083	msgpack	\\x80
saved-delegation		delegations	00000000000000000000000000000003.0.05268189693302083	msgpack	\\x90
saved-delegation		blocked	00000000000000000000000000000003.0.05268189693302083	msgpack	\\x90
saved-delegation		messages	00000000000000000000000000000003.0.05268189693302083	msgpack	\\xd40790
saved-delegation		pending	00000000000000000000000000000004.0.23550664688279233	msgpack	\\xc7bb0594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a748616e644f666684aa617474656d70745f6964d92235643434303334646161313534643932386139636533383330366662323231383a31a964656c656761746f72a363656fa964656c656761746565a363746faa726566696e656d656e74bb4f776e207468652062696c6c696e6720415049206c61756e63682eb36d6f64656c5f76616c69646174655f6a736f6e
saved-delegation		frames	00000000000000000000000000000005.0.8109717111257901	msgpack	\\x92c7c90594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a54672616d6587a86167656e745f6964a363656fa47461736bd9354c61756e6368207468652062696c6c696e6720415049206265666f72652074686520513320706172746e657220646561646c696e65a861737369676e6565a363656fa5636861696e90a56e6f74657390ac64656c6567617465645f6279c0ae657363616c617465645f66726f6dc0b36d6f64656c5f76616c69646174655f6a736f6ec7b50594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a54672616d6587a86167656e745f6964a363746fa47461736bbb4f776e207468652062696c6c696e6720415049206c61756e63682ea861737369676e6565a363746fa5636861696e91a363656fa56e6f74657390ac64656c6567617465645f6279a363656fae657363616c617465645f66726f6dc0b36d6f64656c5f76616c69646174655f6a736f6e
saved-delegation		delegations	00000000000000000000000000000005.0.8109717111257901	msgpack	\\x91c801450594d92a6c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e6d6f64656c73b044656c65676174696f6e5265636f726487ad64656c65676174696f6e5f6964d92235643434303334646161313534643932386139636533383330366662323231383a31a964656c656761746f72a363656fa964656c656761746565a363746fa77461736b5f6964b573617665642d64656c65676174696f6e2d7461736baa726566696e656d656e74bb4f776e207468652062696c6c696e6720415049206c61756e63682ea5636861696e92a363656fa363746fa974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33332e3734343930312b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e
saved-delegation		pending	00000000000000000000000000000006.0.06611395587611413	msgpack	\\xc7b50594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a748616e644f666684aa617474656d70745f6964d92235643434303334646161313534643932386139636533383330366662323231383a32a964656c656761746f72a363746fa964656c656761746565a363656faa726566696e656d656e74b554686973206e6565647320796f75722063616c6c2eb36d6f64656c5f76616c69646174655f6a736f6e
saved-delegation		inbox	00000000000000000000000000000007.0.21244640476582477	msgpack	\\x81a363746f91d9b9596f75722068616e642d6f666620746f2063656f20776173206e6f742064656c6976657265643a20626c6f636b656420627920617574686f726974792028617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656f292e20546865206361736520676f657320746f20796f7572206d616e616765722063656f2e
saved-delegation		blocked	00000000000000000000000000000007.0.21244640476582477	msgpack	\\x91c802670594d92a6c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e6d6f64656c73b1426c6f636b656444656c65676174696f6e8aaa617474656d70745f6964d92235643434303334646161313534643932386139636533383330366662323231383a32a964656c656761746f72a363746fa964656c656761746565a363656fa77461736b5f6964b573617665642d64656c65676174696f6e2d7461736ba96d656368616e69736da9617574686f72697479a76d657373616765d956617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656fa5636861696e93a363656fa363746fa363656fa66e6f74696365d9b9596f75722068616e642d6f666620746f2063656f20776173206e6f742064656c6976657265643a20626c6f636b656420627920617574686f726974792028617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656f292e20546865206361736520676f657320746f20796f7572206d616e616765722063656f2eac657363616c617465645f746fa363656fa974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33332e3738353631342b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e
saved-delegation		frames	00000000000000000000000000000008.0.8458861241184025	msgpack	\\x92c7c90594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a54672616d6587a86167656e745f6964a363656fa47461736bd9354c61756e6368207468652062696c6c696e6720415049206265666f72652074686520513320706172746e657220646561646c696e65a861737369676e6565a363656fa5636861696e90a56e6f74657390ac64656c6567617465645f6279c0ae657363616c617465645f66726f6dc0b36d6f64656c5f76616c69646174655f6a736f6ec802230594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a54672616d6587a86167656e745f6964a363656fa47461736bbb4f776e207468652062696c6c696e6720415049206c61756e63682ea861737369676e6565a363746fa5636861696e90a56e6f74657391da016f457363616c6174656420746f20796f753a2063746f20747269656420746f2068616e642074686973207461736b206f66662c20627574207468652064656c65676174696f6e20677561726420626c6f636b65642069742e204465636964653a20616e7377657220697420796f757273656c66206f722064656c656761746520697420746f20736f6d656f6e6520656c73652e2054686520626c6f636b65642068616e642d6f66663a0a3c706565722d636f6e747269627574696f6e206167656e743d2264656c65676174696f6e5f677561726422206c6162656c3d22626c6f636b65642d68616e646f6666223e0a64656c6567617465653a2063656f0a67756172643a20617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656f0a3c2f706565722d636f6e747269627574696f6e3eac64656c6567617465645f6279c0ae657363616c617465645f66726f6da363746fb36d6f64656c5f76616c69646174655f6a736f6e
saved-delegation		pending	00000000000000000000000000000009.0.49173657866217046	msgpack	\\xc7bb0594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a748616e644f666684aa617474656d70745f6964d92235643434303334646161313534643932386139636533383330366662323231383a33a964656c656761746f72a363656fa964656c656761746565a363746faa726566696e656d656e74bb4f776e207468652062696c6c696e6720415049206c61756e63682eb36d6f64656c5f76616c69646174655f6a736f6e
saved-delegation		inbox	00000000000000000000000000000010.0.7396993167547479	msgpack	\\x82a363746f91d9b9596f75722068616e642d6f666620746f2063656f20776173206e6f742064656c6976657265643a20626c6f636b656420627920617574686f726974792028617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656f292e20546865206361736520676f657320746f20796f7572206d616e616765722063656f2ea363656f91d9c4596f75722068616e642d6f666620746f2063746f20776173206e6f742064656c6976657265643a20626c6f636b656420627920646564757020286475706c69636174653a2063656f20616c72656164792064656c656761746564207461736b202773617665642d64656c65676174696f6e2d7461736b2720746f2063746f20302e3120732061676f202877696e646f772036302073293b20636861696e2063656f202d3e2063746f292e20546865206361736520676f657320746f20612068756d616e2e
saved-delegation		blocked	00000000000000000000000000000010.0.7396993167547479	msgpack	\\x92c802670594d92a6c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e6d6f64656c73b1426c6f636b656444656c65676174696f6e8aaa617474656d70745f6964d92235643434303334646161313534643932386139636533383330366662323231383a32a964656c656761746f72a363746fa964656c656761746565a363656fa77461736b5f6964b573617665642d64656c65676174696f6e2d7461736ba96d656368616e69736da9617574686f72697479a76d657373616765d956617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656fa5636861696e93a363656fa363746fa363656fa66e6f74696365d9b9596f75722068616e642d6f666620746f2063656f20776173206e6f742064656c6976657265643a20626c6f636b656420627920617574686f726974792028617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656f292e20546865206361736520676f657320746f20796f7572206d616e616765722063656f2eac657363616c617465645f746fa363656fa974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33332e3738353631342b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6ec802840594d92a6c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e6d6f64656c73b1426c6f636b656444656c65676174696f6e8aaa617474656d70745f6964d92235643434303334646161313534643932386139636533383330366662323231383a33a964656c656761746f72a363656fa964656c656761746565a363746fa77461736b5f6964b573617665642d64656c65676174696f6e2d7461736ba96d656368616e69736da56465647570a76d657373616765d96e6475706c69636174653a2063656f20616c72656164792064656c656761746564207461736b202773617665642d64656c65676174696f6e2d7461736b2720746f2063746f20302e3120732061676f202877696e646f772036302073293b20636861696e2063656f202d3e2063746fa5636861696e92a363656fa363746fa66e6f74696365d9c4596f75722068616e642d6f666620746f2063746f20776173206e6f742064656c6976657265643a20626c6f636b656420627920646564757020286475706c69636174653a2063656f20616c72656164792064656c656761746564207461736b202773617665642d64656c65676174696f6e2d7461736b2720746f2063746f20302e3120732061676f202877696e646f772036302073293b20636861696e2063656f202d3e2063746f292e20546865206361736520676f657320746f20612068756d616e2eac657363616c617465645f746fa568756d616ea974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33332e3835303634302b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		__start__	00000000000000000000000000000001.0.721333371076921	msgpack	\\x81a47461736bc7fa0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73a45461736b8ca26964ad73617665642d62696c6c696e67a57469746c65ac536869702062696c6c696e67ab6465736372697074696f6ea0af72657175697265645f736b696c6c7390ad72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756da9737472756374757265c0a8746f706f6c6f6779c0b265787065637465645f61727469666163747300b064656c65676174696f6e5f636861696e90a86f776e65725f6964a363746fa87375627461736b7390b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		task	00000000000000000000000000000002.0.4803061775259112	msgpack	\\xc7fa0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73a45461736b8ca26964ad73617665642d62696c6c696e67a57469746c65ac536869702062696c6c696e67ab6465736372697074696f6ea0af72657175697265645f736b696c6c7390ad72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756da9737472756374757265c0a8746f706f6c6f6779c0b265787065637465645f61727469666163747300b064656c65676174696f6e5f636861696e90a86f776e65725f6964a363746fa87375627461736b7390b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		task	00000000000000000000000000000003.0.80714401481791	msgpack	\\xc7fa0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73a45461736b8ca26964ad73617665642d62696c6c696e67a57469746c65ac536869702062696c6c696e67ab6465736372697074696f6ea0af72657175697265645f736b696c6c7390ad72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756da9737472756374757265c0a8746f706f6c6f6779c0b265787065637465645f61727469666163747300b064656c65676174696f6e5f636861696e90a86f776e65725f6964a363746fa87375627461736b7390b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		routing	00000000000000000000000000000003.0.80714401481791	msgpack	\\x90
saved-pipeline		handoffs	00000000000000000000000000000003.0.80714401481791	msgpack	\\x90
saved-pipeline		messages	00000000000000000000000000000003.0.80714401481791	msgpack	\\xd40790
saved-pipeline		warnings	00000000000000000000000000000003.0.80714401481791	msgpack	\\x90
saved-pipeline		batch	00000000000000000000000000000003.0.80714401481791	msgpack	\\x90
saved-pipeline		merges	00000000000000000000000000000003.0.80714401481791	msgpack	\\xd40780
saved-pipeline		plan	00000000000000000000000000000003.0.80714401481791	msgpack	\\xc8026b0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73a4506c616e87a87375627461736b739388a26964a46c656674a57469746c65aa4772656574206c656674ab6465736372697074696f6ea0ac646570656e64656e6369657390af72657175697265645f736b696c6c7391a6707974686f6ead72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756db265787065637465645f6172746966616374730088a26964a57269676874a57469746c65ab4772656574207269676874ab6465736372697074696f6ea0ac646570656e64656e6369657390af72657175697265645f736b696c6c7391a6707974686f6ead72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756db265787065637465645f6172746966616374730088a26964a56166746572a57469746c65ad4275696c64206f6e20626f7468ab6465736372697074696f6ea0ac646570656e64656e6369657392a46c656674a57269676874af72657175697265645f736b696c6c7391a6707974686f6ead72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756db265787065637465645f61727469666163747300a66c6576656c739292a46c656674a5726967687491a56166746572a9737472756374757265a56d69786564b07374727563747572655f736f75726365ac646570656e64656e63696573a7706c616e6e6572a66d616e75616cb4706c616e6e65725f696e7075745f746f6b656e7300b5706c616e6e65725f6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		phases	00000000000000000000000000000003.0.80714401481791	msgpack	\\x91c79d0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365a96465636f6d706f7365a773756363657373c3aa6475726174696f6e5f73cb3f3a7dcdbec00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		routing	00000000000000000000000000000004.0.44763198149481154	msgpack	\\x93c802fb0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274af526f7574696e674465636973696f6e88aa7375627461736b5f6964a46c656674a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fe3333333333334a6726561736f6ed96073656e696f725f6465762073636f72656420302e363020287072696d61727920302e34302c207365636f6e6461727920302e30302c20726f6c6520302e30302c2073656e696f7269747920302e32302920666f72206d656469756d20776f726baa63616e646964617465739389a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fe3333333333334a3666974cb3fe3333333333334a77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb3fc999999999999aaa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb000000000000000089a86167656e745f6964ac6261636b656e645f6c656164a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb000000000000000089a86167656e745f6964aa6a756e696f725f646576a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb0000000000000000a572756c657390ae6d697373696e675f736b696c6c7390a866616c6c6261636bc2b36d6f64656c5f76616c69646174655f6a736f6ec803080594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274af526f7574696e674465636973696f6e88aa7375627461736b5f6964a57269676874a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fe0000000000001a6726561736f6ed96c73656e696f725f6465762073636f72656420302e353020287072696d61727920302e34302c207365636f6e6461727920302e30302c20726f6c6520302e30302c2073656e696f7269747920302e32302c206c6f6164202d302e31302920666f72206d656469756d20776f726baa63616e646964617465739389a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fe0000000000001a3666974cb3fe3333333333334a77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb3fc999999999999aaa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb3fb999999999999a89a86167656e745f6964ac6261636b656e645f6c656164a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb000000000000000089a86167656e745f6964aa6a756e696f725f646576a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb0000000000000000a572756c657390ae6d697373696e675f736b696c6c7390a866616c6c6261636bc2b36d6f64656c5f76616c69646174655f6a736f6ec803080594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274af526f7574696e674465636973696f6e88aa7375627461736b5f6964a56166746572a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fd999999999999ba6726561736f6ed96c73656e696f725f6465762073636f72656420302e343020287072696d61727920302e34302c207365636f6e6461727920302e30302c20726f6c6520302e30302c2073656e696f7269747920302e32302c206c6f6164202d302e32302920666f72206d656469756d20776f726baa63616e646964617465739389a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fd999999999999ba3666974cb3fe3333333333334a77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb3fc999999999999aaa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb3fc999999999999a89a86167656e745f6964ac6261636b656e645f6c656164a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb000000000000000089a86167656e745f6964aa6a756e696f725f646576a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb0000000000000000a572756c657390ae6d697373696e675f736b696c6c7390a866616c6c6261636bc2b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		warnings	00000000000000000000000000000004.0.44763198149481154	msgpack	\\x90
saved-pipeline		phases	00000000000000000000000000000004.0.44763198149481154	msgpack	\\x92c79d0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365a96465636f6d706f7365a773756363657373c3aa6475726174696f6e5f73cb3f3a7dcdbec00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6ec7990594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365a5726f757465a773756363657373c3aa6475726174696f6e5f73cb3f4e2548d3a00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		topology	00000000000000000000000000000005.0.562830127213413	msgpack	\\xc7f00594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274b0546f706f6c6f67794465636973696f6e86a8746f706f6c6f6779b1636f6e746578745f646570656e64656e74a6736f75726365a46175746fa9737472756374757265a56d69786564a961727469666163747300a6726561736f6ed93d6d6978656420286d6978656420776f726b3a20612073657175656e7469616c206261636b626f6e65207769746820706172616c6c656c20706172747329af7368617265645f776f726b7472656591a56166746572b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		phases	00000000000000000000000000000005.0.562830127213413	msgpack	\\x93c79d0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365a96465636f6d706f7365a773756363657373c3aa6475726174696f6e5f73cb3f3a7dcdbec00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6ec7990594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365a5726f757465a773756363657373c3aa6475726174696f6e5f73cb3f4e2548d3a00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6ec7a40594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365b07265736f6c76655f746f706f6c6f6779a773756363657373c3aa6475726174696f6e5f73cb3f27ab871bc00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		phases	00000000000000000000000000000006.0.8990992315145973	msgpack	\\x94c79d0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365a96465636f6d706f7365a773756363657373c3aa6475726174696f6e5f73cb3f3a7dcdbec00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6ec7990594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365a5726f757465a773756363657373c3aa6475726174696f6e5f73cb3f4e2548d3a00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6ec7a40594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365b07265736f6c76655f746f706f6c6f6779a773756363657373c3aa6475726174696f6e5f73cb3f27ab871bc00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6ec79c0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365a876616c6964617465a773756363657373c3aa6475726174696f6e5f73cb3f13c00c86000000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		handoffs	00000000000000000000000000000007.0.6078837646191886	msgpack	\\x93c7bc0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ac48616e646f6666436865636b87aa7375627461736b5f6964a46c656674a964656c656761746f72a363746fa964656c656761746565aa73656e696f725f646576a5636861696e92a363746faa73656e696f725f646576a6706173736564c3a96d656368616e69736daa616c6c5f706173736564a76d657373616765a0b36d6f64656c5f76616c69646174655f6a736f6ec7bd0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ac48616e646f6666436865636b87aa7375627461736b5f6964a57269676874a964656c656761746f72a363746fa964656c656761746565aa73656e696f725f646576a5636861696e92a363746faa73656e696f725f646576a6706173736564c3a96d656368616e69736daa616c6c5f706173736564a76d657373616765a0b36d6f64656c5f76616c69646174655f6a736f6ec7bd0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ac48616e646f6666436865636b87aa7375627461736b5f6964a56166746572a964656c656761746f72a363746fa964656c656761746565aa73656e696f725f646576a5636861696e92a363746faa73656e696f725f646576a6706173736564c3a96d656368616e69736daa616c6c5f706173736564a76d657373616765a0b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		batch	00000000000000000000000000000009.0.7060208299190563	msgpack	\\x92a46c656674a57269676874
saved-pipeline		__pregel_tasks	00000000000000000000000000000010.0.9854600916792491	msgpack	\\x92c8033e0193af6c616e6767726170682e7479706573a453656e6492af657865637574655f7375627461736b81ab7375627461736b5f72756ec803060594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73aa5375627461736b52756e8ca77375627461736b88a26964a46c656674a57469746c65aa4772656574206c656674ab6465736372697074696f6ea0ac646570656e64656e6369657390af72657175697265645f736b696c6c7391a6707974686f6ead72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756db265787065637465645f61727469666163747300a56167656e748da26964aa73656e696f725f646576a46e616d65a353616da4726f6c65ab6261636b656e645f646576aa6465706172746d656e74a76261636b656e64a56c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72aa6d616e616765725f6964ac6261636b656e645f6c656164ae7072696d6172795f736b696c6c7392a6707974686f6ea9646174616261736573b07365636f6e646172795f736b696c6c7391a774657374696e67af63616e5f64656c65676174655f746f90ac63616e5f64656c6567617465c3b0616363657074735f7375627461736b73c3a572756c657390a6616374697665c3ae776f726b73706163655f70617468d95c2f746d702f636f756e63696c2d73617665642d363531366466342f7265706f2f2e6769742f636f756e63696c2d776f726b74726565732f73617665642d62696c6c696e672d3861313266376132363639392f7461736b732f6c656674b0757073747265616d5f726573756c747380a77461736b5f6964ad73617665642d62696c6c696e67a672756e5f6964d9203861313266376132363639393463386538333736643937663034636633323562a8746f706f6c6f6779b1636f6e746578745f646570656e64656e74b064656c65676174696f6e5f636861696e91a363746fa7617474656d707401a87265636f76657279c0a8666565646261636ba0b170726576696f75735f617474656d70747390b36d6f64656c5f76616c69646174655f6a736f6ec803410193af6c616e6767726170682e7479706573a453656e6492af657865637574655f7375627461736b81ab7375627461736b5f72756ec803090594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73aa5375627461736b52756e8ca77375627461736b88a26964a57269676874a57469746c65ab4772656574207269676874ab6465736372697074696f6ea0ac646570656e64656e6369657390af72657175697265645f736b696c6c7391a6707974686f6ead72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756db265787065637465645f61727469666163747300a56167656e748da26964aa73656e696f725f646576a46e616d65a353616da4726f6c65ab6261636b656e645f646576aa6465706172746d656e74a76261636b656e64a56c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72aa6d616e616765725f6964ac6261636b656e645f6c656164ae7072696d6172795f736b696c6c7392a6707974686f6ea9646174616261736573b07365636f6e646172795f736b696c6c7391a774657374696e67af63616e5f64656c65676174655f746f90ac63616e5f64656c6567617465c3b0616363657074735f7375627461736b73c3a572756c657390a6616374697665c3ae776f726b73706163655f70617468d95d2f746d702f636f756e63696c2d73617665642d363531366466342f7265706f2f2e6769742f636f756e63696c2d776f726b74726565732f73617665642d62696c6c696e672d3861313266376132363639392f7461736b732f7269676874b0757073747265616d5f726573756c747380a77461736b5f6964ad73617665642d62696c6c696e67a672756e5f6964d9203861313266376132363639393463386538333736643937663034636633323562a8746f706f6c6f6779b1636f6e746578745f646570656e64656e74b064656c65676174696f6e5f636861696e91a363746fa7617474656d707401a87265636f76657279c0a8666565646261636ba0b170726576696f75735f617474656d70747390b36d6f64656c5f76616c69646174655f6a736f6e
saved-pipeline		__pregel_tasks	00000000000000000000000000000011.0.2177103855099879	msgpack	\\x90
saved-pipeline		merge_pending	00000000000000000000000000000012.0.8019787810714761	msgpack	\\xc801980594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f776f726b73706163652e6d6f64656c73ab4d65726765526573756c748eaa7375627461736b5f6964a57269676874a66272616e6368d92d636f756e63696c2f73617665642d62696c6c696e672d3861313266376132363639392f7461736b2f7269676874a6737461747573a8636f6e666c696374a566696c657391a97368617265642e7079ac646966665f73756d6d617279d940207368617265642e7079207c2032202b2d0a20312066696c65206368616e6765642c203120696e73657274696f6e282b292c20312064656c6574696f6e282d29af73656d616e7469635f69737375657390aa636f6d6d69745f736861c0a76d657373616765bd7465787475616c20636f6e666c69637420696e207368617265642e7079b073656d616e7469635f736b697070656490b0756e747261636b65645f77726974657390a5636865636bc0a7617474656d707401ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e
\.


--
-- Data for Name: checkpoint_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.checkpoint_migrations (v) FROM stdin;
0
1
2
3
4
5
6
7
8
9
\.


--
-- Data for Name: checkpoint_writes; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob, task_path) FROM stdin;
saved-meeting		1f1eb27e-c771-6c5b-bfff-da18918d5877	f7f7132f-256e-d544-45e4-f30191bfc2d4	0	agenda	msgpack	\\x82a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365	~__pregel_pull, __start__
saved-meeting		1f1eb27e-c771-6c5b-bfff-da18918d5877	f7f7132f-256e-d544-45e4-f30191bfc2d4	1	leader_id	msgpack	\\xa363746f	~__pregel_pull, __start__
saved-meeting		1f1eb27e-c771-6c5b-bfff-da18918d5877	f7f7132f-256e-d544-45e4-f30191bfc2d4	2	participant_ids	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576	~__pregel_pull, __start__
saved-meeting		1f1eb27e-c771-6c5b-bfff-da18918d5877	f7f7132f-256e-d544-45e4-f30191bfc2d4	3	token_budget	msgpack	\\xcd4e20	~__pregel_pull, __start__
saved-meeting		1f1eb27e-c771-6c5b-bfff-da18918d5877	f7f7132f-256e-d544-45e4-f30191bfc2d4	4	meeting_id	msgpack	\\xaf73617665642d6d656574696e672d31	~__pregel_pull, __start__
saved-meeting		1f1eb27e-c771-6c5b-bfff-da18918d5877	f7f7132f-256e-d544-45e4-f30191bfc2d4	5	branch:to:open_meeting	null	\\x	~__pregel_pull, __start__
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	0	agenda	msgpack	\\xc7910594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ad4d656574696e674167656e646183a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365a56974656d7390b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	1	leader_id	msgpack	\\xa363746f	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	2	participant_ids	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	3	token_budget	msgpack	\\xcd4e20	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	4	meeting_id	msgpack	\\xaf73617665642d6d656574696e672d31	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	5	protocol	msgpack	\\xab726f756e645f726f62696e	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	6	started_at	msgpack	\\xc7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33322e3933303439322b30303a3030ad66726f6d69736f666f726d6174	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	7	contributions	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	8	messages	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	9	failures	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	10	tokens_used	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756500a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	11	input_calibration	msgpack	\\xc7380293af6c616e6767726170682e7479706573a94f766572777269746582a576616c7565920000a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	12	discussion_tokens	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756500a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	13	turn	msgpack	\\x00	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	14	status	msgpack	\\xa9636f6d706c65746564	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	15	error	null	\\x	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	16	conflicts	msgpack	\\x90	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	17	discussants	msgpack	\\x90	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	18	discussion_index	msgpack	\\x00	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	19	devils_advocate_used	msgpack	\\xc2	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	20	outcome	msgpack	\\xc7b90594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73af53796e746865736973526573756c7488a773756d6d617279a0ad6a757374696669636174696f6ea0a96465636973696f6e7390ac616374696f6e5f6974656d7390a9706f736974696f6e7390ae617574686f726974795f6375657390b161646f707465645f6167656e745f69647390a87761726e696e677390b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	21	next_speaker	null	\\x	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	22	notes	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	23	stop_reason	null	\\x	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	0e8e6d42-a207-1088-7ab2-136d854bc0e7	24	branch:to:take_turn	null	\\x	~__pregel_pull, open_meeting
saved-meeting		1f1eb27e-c80e-696e-8001-d8ca7850e8c0	d6c580d3-a23c-de58-29ad-badb4224b3ac	0	contributions	msgpack	\\x91c8013f0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964aa73656e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e00a7636f6e74656e74d926492070726f706f736520506f7374677265733a20776520616c72656164792072756e2069742eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73ccbdad6f75747075745f746f6b656e730aaf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33322e3938343537302b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c80e-696e-8001-d8ca7850e8c0	d6c580d3-a23c-de58-29ad-badb4224b3ac	1	messages	msgpack	\\x91c8011e0594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d926492070726f706f736520506f7374677265733a20776520616c72656164792072756e2069742eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e00a474797065a26169a46e616d65aa73656e696f725f646576a26964d92873617665642d6d656574696e672d313a726f756e645f726f62696e3a303a73656e696f725f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c80e-696e-8001-d8ca7850e8c0	d6c580d3-a23c-de58-29ad-badb4224b3ac	2	tokens_used	msgpack	\\xccc7	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c80e-696e-8001-d8ca7850e8c0	d6c580d3-a23c-de58-29ad-badb4224b3ac	3	input_calibration	msgpack	\\x92ccbdccbd	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c80e-696e-8001-d8ca7850e8c0	d6c580d3-a23c-de58-29ad-badb4224b3ac	4	turn	msgpack	\\x01	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c80e-696e-8001-d8ca7850e8c0	d6c580d3-a23c-de58-29ad-badb4224b3ac	5	branch:to:take_turn	null	\\x	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c8a9-6969-8002-4a06b804b788	8d071bed-a862-ec9e-98ff-f76eb36084cd	0	contributions	msgpack	\\x91c801480594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964aa6a756e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e01a7636f6e74656e74d92f506f73746772657320776f726b7320666f72206d653b2049206b6e6f7720697473204a534f4e20636f6c756d6e732eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73ccd4ad6f75747075745f746f6b656e730caf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33332e3032303239322b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c8a9-6969-8002-4a06b804b788	8d071bed-a862-ec9e-98ff-f76eb36084cd	1	messages	msgpack	\\x91c801270594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d92f506f73746772657320776f726b7320666f72206d653b2049206b6e6f7720697473204a534f4e20636f6c756d6e732eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e01a474797065a26169a46e616d65aa6a756e696f725f646576a26964d92873617665642d6d656574696e672d313a726f756e645f726f62696e3a313a6a756e696f725f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c8a9-6969-8002-4a06b804b788	8d071bed-a862-ec9e-98ff-f76eb36084cd	2	tokens_used	msgpack	\\xcce0	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c8a9-6969-8002-4a06b804b788	8d071bed-a862-ec9e-98ff-f76eb36084cd	3	input_calibration	msgpack	\\x92ccd4ccd4	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c8a9-6969-8002-4a06b804b788	8d071bed-a862-ec9e-98ff-f76eb36084cd	4	turn	msgpack	\\x02	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c8a9-6969-8002-4a06b804b788	8d071bed-a862-ec9e-98ff-f76eb36084cd	5	branch:to:take_turn	null	\\x	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c909-6e48-8003-525309aa2e96	49782ab7-e301-d00a-46ac-e2e2050371a2	0	contributions	msgpack	\\x91c8013b0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964a675695f646576a57068617365ab726f756e645f726f62696ea47475726e02a7636f6e74656e74d92546696e65206279206d652069662074686520415049207374617973207468652073616d652eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd0107ad6f75747075745f746f6b656e730aaf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33332e3035383432352b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c909-6e48-8003-525309aa2e96	49782ab7-e301-d00a-46ac-e2e2050371a2	1	messages	msgpack	\\x91c801150594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d92546696e65206279206d652069662074686520415049207374617973207468652073616d652eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e02a474797065a26169a46e616d65a675695f646576a26964d92473617665642d6d656574696e672d313a726f756e645f726f62696e3a323a75695f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c909-6e48-8003-525309aa2e96	49782ab7-e301-d00a-46ac-e2e2050371a2	2	tokens_used	msgpack	\\xcd0111	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c909-6e48-8003-525309aa2e96	49782ab7-e301-d00a-46ac-e2e2050371a2	3	input_calibration	msgpack	\\x92cd0107cd0107	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c909-6e48-8003-525309aa2e96	49782ab7-e301-d00a-46ac-e2e2050371a2	4	turn	msgpack	\\x03	~__pregel_pull, take_turn
saved-meeting		1f1eb27e-c909-6e48-8003-525309aa2e96	49782ab7-e301-d00a-46ac-e2e2050371a2	5	branch:to:take_turn	null	\\x	~__pregel_pull, take_turn
saved-conflict		1f1eb27e-cc18-627a-bfff-dd0df1b4cdd5	5debd550-40b1-c3d3-3001-a24427a11352	0	conflict	msgpack	\\xc803970594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73a8436f6e666c69637486a26964b073617665642d636f6e666c6963742d31a474797065c7460093d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73ac436f6e666c69637454797065ac617263686974656374757265a77375626a656374d92a5175657565206f722063726f6e20666f7220746865206e696768746c7920707974686f6e206a6f62733fa77461736b5f6964c0a9706f736974696f6e739287a86167656e745f6964aa6a756e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca66a756e696f72a8706f736974696f6ed92452756e20746865206e696768746c79206a6f6273207769746820612063726f6e206a6f62a9726561736f6e696e67ba6a756e696f725f64657620686173206d65617375726564206974a865766964656e636591b46a756e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d617487a86167656e745f6964aa73656e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72a8706f736974696f6ed92552756e20746865206e696768746c79206a6f627320776974682061206a6f62207175657565a9726561736f6e696e67ba73656e696f725f64657620686173206d65617375726564206974a865766964656e636591b473656e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174ab64657465637465645f6174c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, __start__
saved-conflict		1f1eb27e-cc18-627a-bfff-dd0df1b4cdd5	5debd550-40b1-c3d3-3001-a24427a11352	1	branch:to:choose_strategy	null	\\x	~__pregel_pull, __start__
saved-conflict		1f1eb27e-cc2d-6781-8000-57eadc3d03f2	bbb2319a-0f25-431c-fbee-1ae2640f863d	0	conflict	msgpack	\\xc803970594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73a8436f6e666c69637486a26964b073617665642d636f6e666c6963742d31a474797065c7460093d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73ac436f6e666c69637454797065ac617263686974656374757265a77375626a656374d92a5175657565206f722063726f6e20666f7220746865206e696768746c7920707974686f6e206a6f62733fa77461736b5f6964c0a9706f736974696f6e739287a86167656e745f6964aa6a756e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca66a756e696f72a8706f736974696f6ed92452756e20746865206e696768746c79206a6f6273207769746820612063726f6e206a6f62a9726561736f6e696e67ba6a756e696f725f64657620686173206d65617375726564206974a865766964656e636591b46a756e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d617487a86167656e745f6964aa73656e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72a8706f736974696f6ed92552756e20746865206e696768746c79206a6f627320776974682061206a6f62207175657565a9726561736f6e696e67ba73656e696f725f64657620686173206d65617375726564206974a865766964656e636591b473656e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174ab64657465637465645f6174c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, choose_strategy
saved-conflict		1f1eb27e-cc2d-6781-8000-57eadc3d03f2	bbb2319a-0f25-431c-fbee-1ae2640f863d	1	strategy	msgpack	\\xa568756d616e	~__pregel_pull, choose_strategy
saved-conflict		1f1eb27e-cc2d-6781-8000-57eadc3d03f2	bbb2319a-0f25-431c-fbee-1ae2640f863d	2	fallback_reason	null	\\x	~__pregel_pull, choose_strategy
saved-conflict		1f1eb27e-cc2d-6781-8000-57eadc3d03f2	bbb2319a-0f25-431c-fbee-1ae2640f863d	3	analysis	null	\\x	~__pregel_pull, choose_strategy
saved-conflict		1f1eb27e-cc2d-6781-8000-57eadc3d03f2	bbb2319a-0f25-431c-fbee-1ae2640f863d	4	escalation_id	null	\\x	~__pregel_pull, choose_strategy
saved-conflict		1f1eb27e-cc2d-6781-8000-57eadc3d03f2	bbb2319a-0f25-431c-fbee-1ae2640f863d	5	escalation_decision	null	\\x	~__pregel_pull, choose_strategy
saved-conflict		1f1eb27e-cc2d-6781-8000-57eadc3d03f2	bbb2319a-0f25-431c-fbee-1ae2640f863d	6	escalation_error	null	\\x	~__pregel_pull, choose_strategy
saved-conflict		1f1eb27e-cc2d-6781-8000-57eadc3d03f2	bbb2319a-0f25-431c-fbee-1ae2640f863d	7	tokens_used	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756500a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, choose_strategy
saved-conflict		1f1eb27e-cc2d-6781-8000-57eadc3d03f2	bbb2319a-0f25-431c-fbee-1ae2640f863d	8	messages	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, choose_strategy
saved-conflict		1f1eb27e-cc2d-6781-8000-57eadc3d03f2	bbb2319a-0f25-431c-fbee-1ae2640f863d	9	branch:to:human	null	\\x	~__pregel_pull, choose_strategy
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	9	tokens_used	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756500a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, start_task
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	13	merges	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756580a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, decompose
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	1f1eb27e-cca0-6def-bfff-e1887eeee2cc	e3e116b0-be56-256e-536b-dd94c5dea81e	0	conflict	msgpack	\\xc803970594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73a8436f6e666c69637486a26964b073617665642d636f6e666c6963742d31a474797065c7460093d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f636f6e666c696374732e6d6f64656c73ac436f6e666c69637454797065ac617263686974656374757265a77375626a656374d92a5175657565206f722063726f6e20666f7220746865206e696768746c7920707974686f6e206a6f62733fa77461736b5f6964c0a9706f736974696f6e739287a86167656e745f6964aa6a756e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca66a756e696f72a8706f736974696f6ed92452756e20746865206e696768746c79206a6f6273207769746820612063726f6e206a6f62a9726561736f6e696e67ba6a756e696f725f64657620686173206d65617375726564206974a865766964656e636591b46a756e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d617487a86167656e745f6964aa73656e696f725f646576b06167656e745f6465706172746d656e74a76261636b656e64ab6167656e745f6c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72a8706f736974696f6ed92552756e20746865206e696768746c79206a6f627320776974682061206a6f62207175657565a9726561736f6e696e67ba73656e696f725f64657620686173206d65617375726564206974a865766964656e636591b473656e696f725f6465762d62656e63686d61726ba974696d657374616d70c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174ab64657465637465645f6174c73b0394a86461746574696d65a86461746574696d65b9323032362d31312d32365430393a30303a30302b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, __start__
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	1f1eb27e-cca0-6def-bfff-e1887eeee2cc	e3e116b0-be56-256e-536b-dd94c5dea81e	1	strategy	msgpack	\\xa568756d616e	~__pregel_pull, __start__
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	1f1eb27e-cca0-6def-bfff-e1887eeee2cc	e3e116b0-be56-256e-536b-dd94c5dea81e	2	fallback_reason	null	\\x	~__pregel_pull, __start__
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	1f1eb27e-cca0-6def-bfff-e1887eeee2cc	e3e116b0-be56-256e-536b-dd94c5dea81e	3	branch:to:request_human	null	\\x	~__pregel_pull, __start__
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	1f1eb27e-cccb-6d2b-8000-4a8942daf5bf	45dc50f9-28da-a085-55ae-d66327f0c86a	0	route	msgpack	\\xa568756d616e	~__pregel_pull, request_human
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	1f1eb27e-cccb-6d2b-8000-4a8942daf5bf	45dc50f9-28da-a085-55ae-d66327f0c86a	1	fallback_reason	null	\\x	~__pregel_pull, request_human
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	1f1eb27e-cccb-6d2b-8000-4a8942daf5bf	45dc50f9-28da-a085-55ae-d66327f0c86a	2	analysis	null	\\x	~__pregel_pull, request_human
saved-conflict		1f1eb27e-cc6e-6a2a-8001-6578818914a8	fa848ae9-0e35-d93a-2202-f308e34f5106	0	route	msgpack	\\xa568756d616e	~__pregel_pull, human
saved-conflict		1f1eb27e-cc6e-6a2a-8001-6578818914a8	fa848ae9-0e35-d93a-2202-f308e34f5106	1	analysis	null	\\x	~__pregel_pull, human
saved-conflict		1f1eb27e-cc6e-6a2a-8001-6578818914a8	fa848ae9-0e35-d93a-2202-f308e34f5106	2	fallback_reason	null	\\x	~__pregel_pull, human
saved-conflict		1f1eb27e-cc6e-6a2a-8001-6578818914a8	fa848ae9-0e35-d93a-2202-f308e34f5106	3	tokens_used	msgpack	\\x00	~__pregel_pull, human
saved-conflict		1f1eb27e-cc6e-6a2a-8001-6578818914a8	fa848ae9-0e35-d93a-2202-f308e34f5106	4	messages	msgpack	\\x90	~__pregel_pull, human
saved-conflict		1f1eb27e-cc6e-6a2a-8001-6578818914a8	fa848ae9-0e35-d93a-2202-f308e34f5106	5	branch:to:open_escalation	null	\\x	~__pregel_pull, human
saved-conflict		1f1eb27e-cd22-681a-8002-cbbea8f61a74	e5c903c6-a853-ab3e-20b1-84540c901362	0	escalation_id	msgpack	\\xd92436346536616233632d313464632d356430352d616239642d313338386466393339623864	~__pregel_pull, open_escalation
saved-conflict		1f1eb27e-cd22-681a-8002-cbbea8f61a74	e5c903c6-a853-ab3e-20b1-84540c901362	1	escalation_expires_at	null	\\x	~__pregel_pull, open_escalation
saved-conflict		1f1eb27e-cd22-681a-8002-cbbea8f61a74	e5c903c6-a853-ab3e-20b1-84540c901362	2	escalation_attempts	msgpack	\\x00	~__pregel_pull, open_escalation
saved-conflict		1f1eb27e-cd22-681a-8002-cbbea8f61a74	e5c903c6-a853-ab3e-20b1-84540c901362	3	escalation_error	null	\\x	~__pregel_pull, open_escalation
saved-conflict		1f1eb27e-cd22-681a-8002-cbbea8f61a74	e5c903c6-a853-ab3e-20b1-84540c901362	4	escalation_decision	null	\\x	~__pregel_pull, open_escalation
saved-conflict		1f1eb27e-cd22-681a-8002-cbbea8f61a74	e5c903c6-a853-ab3e-20b1-84540c901362	5	branch:to:await_human	null	\\x	~__pregel_pull, open_escalation
saved-conflict		1f1eb27e-cd95-6c75-8003-fdf580f254c2	bac7fc61-3b8f-4a67-4a6a-abaefc029946	-3	__interrupt__	msgpack	\\x91c802c10293af6c616e6767726170682e7479706573a9496e7465727275707483a576616c75658dab636f6e666c6963745f6964b073617665642d636f6e666c6963742d31ad636f6e666c6963745f74797065ac617263686974656374757265a77375626a656374d92a5175657565206f722063726f6e20666f7220746865206e696768746c7920707974686f6e206a6f62733fa9706f736974696f6e7392d9676a756e696f725f64657620286a756e696f722c206261636b656e64293a2052756e20746865206e696768746c79206a6f6273207769746820612063726f6e206a6f62202d2062656361757365206a756e696f725f64657620686173206d65617375726564206974d96873656e696f725f646576202873656e696f722c206261636b656e64293a2052756e20746865206e696768746c79206a6f627320776974682061206a6f62207175657565202d20626563617573652073656e696f725f64657620686173206d65617375726564206974a970617274795f69647392aa6a756e696f725f646576aa73656e696f725f646576a8616e616c79736973c0a6726561736f6ec0ad657363616c6174696f6e5f6964d92436346536616233632d313464632d356430352d616239642d313338386466393339623864a46b696e64a8636f6e666c696374a76f7074696f6e7392aa6a756e696f725f646576aa73656e696f725f646576aa657870697265735f6174c0a56572726f72c0a8657870656374656484a86465636973696f6eaf77696e6e6572207c2072656a656374b077696e6e696e675f6167656e745f6964bc6f6e65206f66206f7074696f6e73202877696e6e6572206f6e6c7929a9726561736f6e696e67a474657874aa646563696465645f6279ab68756d616e3a3c77686f3ea26964d9206431666630656230643534356630656664336363386430336366346362616339af726573706f6e73655f736368656d61c0	~__pregel_pull, await_human
saved-delegation		1f1eb27e-cec3-6ab5-bfff-39c3b2257f97	38d13fc7-f826-ba8b-4c70-3967cc2d1d13	0	task	msgpack	\\xd9354c61756e6368207468652062696c6c696e6720415049206265666f72652074686520513320706172746e657220646561646c696e65	~__pregel_pull, __start__
saved-delegation		1f1eb27e-cec3-6ab5-bfff-39c3b2257f97	38d13fc7-f826-ba8b-4c70-3967cc2d1d13	1	entry_agent	msgpack	\\xa363656f	~__pregel_pull, __start__
saved-delegation		1f1eb27e-cec3-6ab5-bfff-39c3b2257f97	38d13fc7-f826-ba8b-4c70-3967cc2d1d13	2	task_id	msgpack	\\xb573617665642d64656c65676174696f6e2d7461736b	~__pregel_pull, __start__
saved-delegation		1f1eb27e-cec3-6ab5-bfff-39c3b2257f97	38d13fc7-f826-ba8b-4c70-3967cc2d1d13	3	branch:to:start_task	null	\\x	~__pregel_pull, __start__
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	0	task_id	msgpack	\\xb573617665642d64656c65676174696f6e2d7461736b	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	1	run_id	msgpack	\\xd9203564343430333464616131353464393238613963653338333036666232323138	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	2	frames	msgpack	\\x91c7c90594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a54672616d6587a86167656e745f6964a363656fa47461736bd9354c61756e6368207468652062696c6c696e6720415049206265666f72652074686520513320706172746e657220646561646c696e65a861737369676e6565a363656fa5636861696e90a56e6f74657390ac64656c6567617465645f6279c0ae657363616c617465645f66726f6dc0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	3	pending	null	\\x	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	4	handoff_attempts	msgpack	\\x00	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	5	inbox	msgpack	\\x80	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	6	status	msgpack	\\xa8616e737765726564	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	7	answer	null	\\x	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	8	answered_by	null	\\x	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	10	delegations	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	11	blocked	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	12	messages	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, start_task
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	319eef62-c437-b706-db66-56ddb2738f41	13	branch:to:call_agent	null	\\x	~__pregel_pull, start_task
saved-delegation		1f1eb27e-cf1a-6ab5-8001-4e2bbf10e5ca	3b1fb483-28dd-f85d-1504-c432f35f2a7a	0	tokens_used	msgpack	\\xcced	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-cf1a-6ab5-8001-4e2bbf10e5ca	3b1fb483-28dd-f85d-1504-c432f35f2a7a	1	pending	msgpack	\\xc7bb0594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a748616e644f666684aa617474656d70745f6964d92235643434303334646161313534643932386139636533383330366662323231383a31a964656c656761746f72a363656fa964656c656761746565a363746faa726566696e656d656e74bb4f776e207468652062696c6c696e6720415049206c61756e63682eb36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-cf1a-6ab5-8001-4e2bbf10e5ca	3b1fb483-28dd-f85d-1504-c432f35f2a7a	2	handoff_attempts	msgpack	\\x01	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-cf1a-6ab5-8001-4e2bbf10e5ca	3b1fb483-28dd-f85d-1504-c432f35f2a7a	3	messages	msgpack	\\x91c7fe0594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d92b48616e64696e6720746f2063746f3a204f776e207468652062696c6c696e6720415049206c61756e63682eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746180a474797065a26169a46e616d65a363656fa26964d92235643434303334646161313534643932386139636533383330366662323231383a30aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-cf1a-6ab5-8001-4e2bbf10e5ca	3b1fb483-28dd-f85d-1504-c432f35f2a7a	4	branch:to:delegation_guard	null	\\x	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-cf68-6388-8002-e25e734a363c	cb4a8784-2ea0-755c-5679-34bc9aa31dd1	0	frames	msgpack	\\x92c7c90594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a54672616d6587a86167656e745f6964a363656fa47461736bd9354c61756e6368207468652062696c6c696e6720415049206265666f72652074686520513320706172746e657220646561646c696e65a861737369676e6565a363656fa5636861696e90a56e6f74657390ac64656c6567617465645f6279c0ae657363616c617465645f66726f6dc0b36d6f64656c5f76616c69646174655f6a736f6ec7b50594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a54672616d6587a86167656e745f6964a363746fa47461736bbb4f776e207468652062696c6c696e6720415049206c61756e63682ea861737369676e6565a363746fa5636861696e91a363656fa56e6f74657390ac64656c6567617465645f6279a363656fae657363616c617465645f66726f6dc0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-cf68-6388-8002-e25e734a363c	cb4a8784-2ea0-755c-5679-34bc9aa31dd1	1	pending	null	\\x	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-cf68-6388-8002-e25e734a363c	cb4a8784-2ea0-755c-5679-34bc9aa31dd1	2	delegations	msgpack	\\x91c801450594d92a6c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e6d6f64656c73b044656c65676174696f6e5265636f726487ad64656c65676174696f6e5f6964d92235643434303334646161313534643932386139636533383330366662323231383a31a964656c656761746f72a363656fa964656c656761746565a363746fa77461736b5f6964b573617665642d64656c65676174696f6e2d7461736baa726566696e656d656e74bb4f776e207468652062696c6c696e6720415049206c61756e63682ea5636861696e92a363656fa363746fa974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33332e3734343930312b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-cf68-6388-8002-e25e734a363c	cb4a8784-2ea0-755c-5679-34bc9aa31dd1	3	branch:to:call_agent	null	\\x	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-cfd1-6304-8003-365ccf1be429	f0243ff6-bbf5-7ba6-b395-b18dadc4a9e3	0	tokens_used	msgpack	\\xcd0120	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-cfd1-6304-8003-365ccf1be429	f0243ff6-bbf5-7ba6-b395-b18dadc4a9e3	1	pending	msgpack	\\xc7b50594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a748616e644f666684aa617474656d70745f6964d92235643434303334646161313534643932386139636533383330366662323231383a32a964656c656761746f72a363746fa964656c656761746565a363656faa726566696e656d656e74b554686973206e6565647320796f75722063616c6c2eb36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-cfd1-6304-8003-365ccf1be429	f0243ff6-bbf5-7ba6-b395-b18dadc4a9e3	2	handoff_attempts	msgpack	\\x02	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-cfd1-6304-8003-365ccf1be429	f0243ff6-bbf5-7ba6-b395-b18dadc4a9e3	3	messages	msgpack	\\x91c7f80594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d92548616e64696e6720746f2063656f3a2054686973206e6565647320796f75722063616c6c2eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746180a474797065a26169a46e616d65a363746fa26964d92235643434303334646161313534643932386139636533383330366662323231383a31aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-cfd1-6304-8003-365ccf1be429	f0243ff6-bbf5-7ba6-b395-b18dadc4a9e3	4	branch:to:delegation_guard	null	\\x	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-cff3-6d35-8004-42883cf9efdf	1f52edc3-48c0-855c-8e89-8e3223eb1516	0	inbox	msgpack	\\x81a363746f91d9b9596f75722068616e642d6f666620746f2063656f20776173206e6f742064656c6976657265643a20626c6f636b656420627920617574686f726974792028617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656f292e20546865206361736520676f657320746f20796f7572206d616e616765722063656f2e	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-cff3-6d35-8004-42883cf9efdf	1f52edc3-48c0-855c-8e89-8e3223eb1516	1	pending	null	\\x	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-cff3-6d35-8004-42883cf9efdf	1f52edc3-48c0-855c-8e89-8e3223eb1516	2	blocked	msgpack	\\x91c802670594d92a6c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e6d6f64656c73b1426c6f636b656444656c65676174696f6e8aaa617474656d70745f6964d92235643434303334646161313534643932386139636533383330366662323231383a32a964656c656761746f72a363746fa964656c656761746565a363656fa77461736b5f6964b573617665642d64656c65676174696f6e2d7461736ba96d656368616e69736da9617574686f72697479a76d657373616765d956617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656fa5636861696e93a363656fa363746fa363656fa66e6f74696365d9b9596f75722068616e642d6f666620746f2063656f20776173206e6f742064656c6976657265643a20626c6f636b656420627920617574686f726974792028617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656f292e20546865206361736520676f657320746f20796f7572206d616e616765722063656f2eac657363616c617465645f746fa363656fa974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33332e3738353631342b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-cff3-6d35-8004-42883cf9efdf	1f52edc3-48c0-855c-8e89-8e3223eb1516	3	branch:to:escalate_to_manager	null	\\x	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-d04a-61c3-8005-bebb63daa7fc	45e85138-8ba9-f6fd-e91f-a7b6c1d94234	0	frames	msgpack	\\x92c7c90594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a54672616d6587a86167656e745f6964a363656fa47461736bd9354c61756e6368207468652062696c6c696e6720415049206265666f72652074686520513320706172746e657220646561646c696e65a861737369676e6565a363656fa5636861696e90a56e6f74657390ac64656c6567617465645f6279c0ae657363616c617465645f66726f6dc0b36d6f64656c5f76616c69646174655f6a736f6ec802230594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a54672616d6587a86167656e745f6964a363656fa47461736bbb4f776e207468652062696c6c696e6720415049206c61756e63682ea861737369676e6565a363746fa5636861696e90a56e6f74657391da016f457363616c6174656420746f20796f753a2063746f20747269656420746f2068616e642074686973207461736b206f66662c20627574207468652064656c65676174696f6e20677561726420626c6f636b65642069742e204465636964653a20616e7377657220697420796f757273656c66206f722064656c656761746520697420746f20736f6d656f6e6520656c73652e2054686520626c6f636b65642068616e642d6f66663a0a3c706565722d636f6e747269627574696f6e206167656e743d2264656c65676174696f6e5f677561726422206c6162656c3d22626c6f636b65642d68616e646f6666223e0a64656c6567617465653a2063656f0a67756172643a20617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656f0a3c2f706565722d636f6e747269627574696f6e3eac64656c6567617465645f6279c0ae657363616c617465645f66726f6da363746fb36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, escalate_to_manager
saved-delegation		1f1eb27e-d04a-61c3-8005-bebb63daa7fc	45e85138-8ba9-f6fd-e91f-a7b6c1d94234	1	branch:to:call_agent	null	\\x	~__pregel_pull, escalate_to_manager
saved-delegation		1f1eb27e-d06f-6517-8006-fcb032834e02	2ec9bb2e-323c-0dc9-0cf4-b2c6263a270b	0	tokens_used	msgpack	\\xcd0165	~__pregel_pull, call_agent
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	12	batch	msgpack	\\x90	~__pregel_pull, decompose
saved-delegation		1f1eb27e-d06f-6517-8006-fcb032834e02	2ec9bb2e-323c-0dc9-0cf4-b2c6263a270b	1	pending	msgpack	\\xc7bb0594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e7374617465a748616e644f666684aa617474656d70745f6964d92235643434303334646161313534643932386139636533383330366662323231383a33a964656c656761746f72a363656fa964656c656761746565a363746faa726566696e656d656e74bb4f776e207468652062696c6c696e6720415049206c61756e63682eb36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-d06f-6517-8006-fcb032834e02	2ec9bb2e-323c-0dc9-0cf4-b2c6263a270b	2	handoff_attempts	msgpack	\\x03	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-d06f-6517-8006-fcb032834e02	2ec9bb2e-323c-0dc9-0cf4-b2c6263a270b	3	messages	msgpack	\\x91c7fe0594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d92b48616e64696e6720746f2063746f3a204f776e207468652062696c6c696e6720415049206c61756e63682eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746180a474797065a26169a46e616d65a363656fa26964d92235643434303334646161313534643932386139636533383330366662323231383a32aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-d06f-6517-8006-fcb032834e02	2ec9bb2e-323c-0dc9-0cf4-b2c6263a270b	4	branch:to:delegation_guard	null	\\x	~__pregel_pull, call_agent
saved-delegation		1f1eb27e-d097-63bd-8007-8bec0a89d758	8746858d-e003-e51d-435c-a411c6329798	0	inbox	msgpack	\\x82a363746f91d9b9596f75722068616e642d6f666620746f2063656f20776173206e6f742064656c6976657265643a20626c6f636b656420627920617574686f726974792028617574686f726974793a2063656f206973206e6f74206120646972656374207265706f7274206f662063746f20696e20746865206f72672063686172743b20636861696e2063656f202d3e2063746f202d3e2063656f292e20546865206361736520676f657320746f20796f7572206d616e616765722063656f2ea363656f91d9c4596f75722068616e642d6f666620746f2063746f20776173206e6f742064656c6976657265643a20626c6f636b656420627920646564757020286475706c69636174653a2063656f20616c72656164792064656c656761746564207461736b202773617665642d64656c65676174696f6e2d7461736b2720746f2063746f20302e3120732061676f202877696e646f772036302073293b20636861696e2063656f202d3e2063746f292e20546865206361736520676f657320746f20612068756d616e2e	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-d097-63bd-8007-8bec0a89d758	8746858d-e003-e51d-435c-a411c6329798	1	pending	null	\\x	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-d097-63bd-8007-8bec0a89d758	8746858d-e003-e51d-435c-a411c6329798	2	blocked	msgpack	\\x91c802840594d92a6c616e6767726170685f636f756e63696c2e6e6f6465732e5f64656c65676174696f6e2e6d6f64656c73b1426c6f636b656444656c65676174696f6e8aaa617474656d70745f6964d92235643434303334646161313534643932386139636533383330366662323231383a33a964656c656761746f72a363656fa964656c656761746565a363746fa77461736b5f6964b573617665642d64656c65676174696f6e2d7461736ba96d656368616e69736da56465647570a76d657373616765d96e6475706c69636174653a2063656f20616c72656164792064656c656761746564207461736b202773617665642d64656c65676174696f6e2d7461736b2720746f2063746f20302e3120732061676f202877696e646f772036302073293b20636861696e2063656f202d3e2063746fa5636861696e92a363656fa363746fa66e6f74696365d9c4596f75722068616e642d6f666620746f2063746f20776173206e6f742064656c6976657265643a20626c6f636b656420627920646564757020286475706c69636174653a2063656f20616c72656164792064656c656761746564207461736b202773617665642d64656c65676174696f6e2d7461736b2720746f2063746f20302e3120732061676f202877696e646f772036302073293b20636861696e2063656f202d3e2063746f292e20546865206361736520676f657320746f20612068756d616e2eac657363616c617465645f746fa568756d616ea974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33332e3835303634302b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-d097-63bd-8007-8bec0a89d758	8746858d-e003-e51d-435c-a411c6329798	3	branch:to:escalate_to_human	null	\\x	~__pregel_pull, delegation_guard
saved-delegation		1f1eb27e-d0dd-6442-8008-6c609cf519fc	cfe882fa-703d-a404-9ec7-b9836a7e695e	0	escalation_id	msgpack	\\xd92435353935306466312d306336662d353233662d623933332d333938623863383234323265	~__pregel_pull, escalate_to_human
saved-delegation		1f1eb27e-d0dd-6442-8008-6c609cf519fc	cfe882fa-703d-a404-9ec7-b9836a7e695e	1	escalation_expires_at	null	\\x	~__pregel_pull, escalate_to_human
saved-delegation		1f1eb27e-d0dd-6442-8008-6c609cf519fc	cfe882fa-703d-a404-9ec7-b9836a7e695e	2	escalation_attempts	msgpack	\\x00	~__pregel_pull, escalate_to_human
saved-delegation		1f1eb27e-d0dd-6442-8008-6c609cf519fc	cfe882fa-703d-a404-9ec7-b9836a7e695e	3	escalation_error	null	\\x	~__pregel_pull, escalate_to_human
saved-delegation		1f1eb27e-d0dd-6442-8008-6c609cf519fc	cfe882fa-703d-a404-9ec7-b9836a7e695e	4	escalation_decision	null	\\x	~__pregel_pull, escalate_to_human
saved-delegation		1f1eb27e-d0dd-6442-8008-6c609cf519fc	cfe882fa-703d-a404-9ec7-b9836a7e695e	5	branch:to:await_human	null	\\x	~__pregel_pull, escalate_to_human
saved-delegation		1f1eb27e-d133-61e6-8009-b4e9ef16ae0e	5940a1da-5bf3-e986-d48c-58f1d1490f27	-3	__interrupt__	msgpack	\\x91c8025d0293af6c616e6767726170682e7479706573a9496e7465727275707483a576616c75658ea77461736b5f6964b573617665642d64656c65676174696f6e2d7461736ba9726f6f745f7461736bd9354c61756e6368207468652062696c6c696e6720415049206265666f72652074686520513320706172746e657220646561646c696e65a47461736bbb4f776e207468652062696c6c696e6720415049206c61756e63682ea964656c656761746f72a363656fa964656c656761746565a363746fa96d656368616e69736da56465647570a76d657373616765d96e6475706c69636174653a2063656f20616c72656164792064656c656761746564207461736b202773617665642d64656c65676174696f6e2d7461736b2720746f2063746f20302e3120732061676f202877696e646f772036302073293b20636861696e2063656f202d3e2063746fa5636861696e92a363656fa363746fad657363616c6174696f6e5f6964d92435353935306466312d306336662d353233662d623933332d333938623863383234323265a46b696e64aa64656c65676174696f6ea76f7074696f6e7390aa657870697265735f6174c0a56572726f72c0a8657870656374656484a86465636973696f6ea6616e73776572a6616e73776572be74686520616e7377657220746f2074686520626c6f636b6564207461736ba9726561736f6e696e67af7465787420286f7074696f6e616c29aa646563696465645f6279ab68756d616e3a3c77686f3ea26964d9206332323835376534303732616335346235623135376638353965356334313366af726573706f6e73655f736368656d61c0	~__pregel_pull, await_human
saved-pipeline		1f1eb27e-d3c3-60ea-bfff-865721d2bdb1	7df35b38-5550-6148-54bf-ea8d62678924	0	task	msgpack	\\xc7fa0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73a45461736b8ca26964ad73617665642d62696c6c696e67a57469746c65ac536869702062696c6c696e67ab6465736372697074696f6ea0af72657175697265645f736b696c6c7390ad72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756da9737472756374757265c0a8746f706f6c6f6779c0b265787065637465645f61727469666163747300b064656c65676174696f6e5f636861696e90a86f776e65725f6964a363746fa87375627461736b7390b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, __start__
saved-pipeline		1f1eb27e-d3c3-60ea-bfff-865721d2bdb1	7df35b38-5550-6148-54bf-ea8d62678924	1	branch:to:decompose	null	\\x	~__pregel_pull, __start__
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	0	task	msgpack	\\xc7fa0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73a45461736b8ca26964ad73617665642d62696c6c696e67a57469746c65ac536869702062696c6c696e67ab6465736372697074696f6ea0af72657175697265645f736b696c6c7390ad72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756da9737472756374757265c0a8746f706f6c6f6779c0b265787065637465645f61727469666163747300b064656c65676174696f6e5f636861696e90a86f776e65725f6964a363746fa87375627461736b7390b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	1	subtasks	null	\\x	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	2	run_id	msgpack	\\xd9203861313266376132363639393463386538333736643937663034636633323562	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	3	routing	msgpack	\\x90	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	4	topology	null	\\x	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	5	handoffs	msgpack	\\x90	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	6	outcomes	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756580a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	7	messages	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	8	warnings	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	9	dispatch_started	null	\\x	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	10	recovering	null	\\x	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	11	workspace_id	null	\\x	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	14	merge_pending	null	\\x	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	15	merge_ruling	null	\\x	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	16	integration	null	\\x	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	17	escalation_id	null	\\x	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	18	escalation_decision	null	\\x	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	19	plan	msgpack	\\xc8026b0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73a4506c616e87a87375627461736b739388a26964a46c656674a57469746c65aa4772656574206c656674ab6465736372697074696f6ea0ac646570656e64656e6369657390af72657175697265645f736b696c6c7391a6707974686f6ead72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756db265787065637465645f6172746966616374730088a26964a57269676874a57469746c65ab4772656574207269676874ab6465736372697074696f6ea0ac646570656e64656e6369657390af72657175697265645f736b696c6c7391a6707974686f6ead72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756db265787065637465645f6172746966616374730088a26964a56166746572a57469746c65ad4275696c64206f6e20626f7468ab6465736372697074696f6ea0ac646570656e64656e6369657392a46c656674a57269676874af72657175697265645f736b696c6c7391a6707974686f6ead72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756db265787065637465645f61727469666163747300a66c6576656c739292a46c656674a5726967687491a56166746572a9737472756374757265a56d69786564b07374727563747572655f736f75726365ac646570656e64656e63696573a7706c616e6e6572a66d616e75616cb4706c616e6e65725f696e7075745f746f6b656e7300b5706c616e6e65725f6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	20	phases	msgpack	\\xc7d60293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756591c79d0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365a96465636f6d706f7365a773756363657373c3aa6475726174696f6e5f73cb3f3a7dcdbec00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6ea474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	ab3fb44f-1487-f0cb-c715-f276bbc43b45	21	branch:to:route	null	\\x	~__pregel_pull, decompose
saved-pipeline		1f1eb27e-d423-6c73-8001-5a14131ebe52	fb456148-6280-c7c2-4049-c55e24dc72c6	0	routing	msgpack	\\x93c802fb0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274af526f7574696e674465636973696f6e88aa7375627461736b5f6964a46c656674a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fe3333333333334a6726561736f6ed96073656e696f725f6465762073636f72656420302e363020287072696d61727920302e34302c207365636f6e6461727920302e30302c20726f6c6520302e30302c2073656e696f7269747920302e32302920666f72206d656469756d20776f726baa63616e646964617465739389a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fe3333333333334a3666974cb3fe3333333333334a77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb3fc999999999999aaa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb000000000000000089a86167656e745f6964ac6261636b656e645f6c656164a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb000000000000000089a86167656e745f6964aa6a756e696f725f646576a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb0000000000000000a572756c657390ae6d697373696e675f736b696c6c7390a866616c6c6261636bc2b36d6f64656c5f76616c69646174655f6a736f6ec803080594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274af526f7574696e674465636973696f6e88aa7375627461736b5f6964a57269676874a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fe0000000000001a6726561736f6ed96c73656e696f725f6465762073636f72656420302e353020287072696d61727920302e34302c207365636f6e6461727920302e30302c20726f6c6520302e30302c2073656e696f7269747920302e32302c206c6f6164202d302e31302920666f72206d656469756d20776f726baa63616e646964617465739389a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fe0000000000001a3666974cb3fe3333333333334a77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb3fc999999999999aaa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb3fb999999999999a89a86167656e745f6964ac6261636b656e645f6c656164a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb000000000000000089a86167656e745f6964aa6a756e696f725f646576a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb0000000000000000a572756c657390ae6d697373696e675f736b696c6c7390a866616c6c6261636bc2b36d6f64656c5f76616c69646174655f6a736f6ec803080594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274af526f7574696e674465636973696f6e88aa7375627461736b5f6964a56166746572a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fd999999999999ba6726561736f6ed96c73656e696f725f6465762073636f72656420302e343020287072696d61727920302e34302c207365636f6e6461727920302e30302c20726f6c6520302e30302c2073656e696f7269747920302e32302c206c6f6164202d302e32302920666f72206d656469756d20776f726baa63616e646964617465739389a86167656e745f6964aa73656e696f725f646576a573636f7265cb3fd999999999999ba3666974cb3fe3333333333334a77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb3fc999999999999aaa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb3fc999999999999a89a86167656e745f6964ac6261636b656e645f6c656164a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb000000000000000089a86167656e745f6964aa6a756e696f725f646576a573636f7265cb3fd999999999999aa3666974cb3fd999999999999aa77072696d617279cb3fd999999999999aa97365636f6e64617279cb0000000000000000a4726f6c65cb0000000000000000a973656e696f72697479cb0000000000000000aa72756c655f626f6e7573cb0000000000000000ac6c6f61645f70656e616c7479cb0000000000000000a572756c657390ae6d697373696e675f736b696c6c7390a866616c6c6261636bc2b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, route
saved-pipeline		1f1eb27e-d423-6c73-8001-5a14131ebe52	fb456148-6280-c7c2-4049-c55e24dc72c6	1	outcomes	msgpack	\\x80	~__pregel_pull, route
saved-pipeline		1f1eb27e-d423-6c73-8001-5a14131ebe52	fb456148-6280-c7c2-4049-c55e24dc72c6	2	warnings	msgpack	\\x90	~__pregel_pull, route
saved-pipeline		1f1eb27e-d423-6c73-8001-5a14131ebe52	fb456148-6280-c7c2-4049-c55e24dc72c6	3	phases	msgpack	\\x91c7990594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365a5726f757465a773756363657373c3aa6475726174696f6e5f73cb3f4e2548d3a00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, route
saved-pipeline		1f1eb27e-d423-6c73-8001-5a14131ebe52	fb456148-6280-c7c2-4049-c55e24dc72c6	4	branch:to:resolve_topology	null	\\x	~__pregel_pull, route
saved-pipeline		1f1eb27e-d47b-643d-8002-fea8a0310a7a	fbe4e3e4-9ee4-e7b2-e3c4-6bd217b8cfb1	0	topology	msgpack	\\xc7f00594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274b0546f706f6c6f67794465636973696f6e86a8746f706f6c6f6779b1636f6e746578745f646570656e64656e74a6736f75726365a46175746fa9737472756374757265a56d69786564a961727469666163747300a6726561736f6ed93d6d6978656420286d6978656420776f726b3a20612073657175656e7469616c206261636b626f6e65207769746820706172616c6c656c20706172747329af7368617265645f776f726b7472656591a56166746572b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, resolve_topology
saved-pipeline		1f1eb27e-d47b-643d-8002-fea8a0310a7a	fbe4e3e4-9ee4-e7b2-e3c4-6bd217b8cfb1	1	phases	msgpack	\\x91c7a40594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365b07265736f6c76655f746f706f6c6f6779a773756363657373c3aa6475726174696f6e5f73cb3f27ab871bc00000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, resolve_topology
saved-pipeline		1f1eb27e-d47b-643d-8002-fea8a0310a7a	fbe4e3e4-9ee4-e7b2-e3c4-6bd217b8cfb1	2	branch:to:validate	null	\\x	~__pregel_pull, resolve_topology
saved-pipeline		1f1eb27e-d4ab-6f0d-8003-cae676898552	4b8dd17f-0d8c-499e-07ef-850a95a51c5c	0	phases	msgpack	\\x91c79c0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ab5068617365526573756c7486a57068617365a876616c6964617465a773756363657373c3aa6475726174696f6e5f73cb3f13c00c86000000a56572726f72c0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, validate
saved-pipeline		1f1eb27e-d4ab-6f0d-8003-cae676898552	4b8dd17f-0d8c-499e-07ef-850a95a51c5c	1	branch:to:guard_handoffs	null	\\x	~__pregel_pull, validate
saved-pipeline		1f1eb27e-d4dd-6036-8004-1cc55ccafe9a	02e82cd0-3e66-7394-64ab-9ef2909cb7b4	0	handoffs	msgpack	\\x93c7bc0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ac48616e646f6666436865636b87aa7375627461736b5f6964a46c656674a964656c656761746f72a363746fa964656c656761746565aa73656e696f725f646576a5636861696e92a363746faa73656e696f725f646576a6706173736564c3a96d656368616e69736daa616c6c5f706173736564a76d657373616765a0b36d6f64656c5f76616c69646174655f6a736f6ec7bd0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ac48616e646f6666436865636b87aa7375627461736b5f6964a57269676874a964656c656761746f72a363746fa964656c656761746565aa73656e696f725f646576a5636861696e92a363746faa73656e696f725f646576a6706173736564c3a96d656368616e69736daa616c6c5f706173736564a76d657373616765a0b36d6f64656c5f76616c69646174655f6a736f6ec7bd0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e7265706f7274ac48616e646f6666436865636b87aa7375627461736b5f6964a56166746572a964656c656761746f72a363746fa964656c656761746565aa73656e696f725f646576a5636861696e92a363746faa73656e696f725f646576a6706173736564c3a96d656368616e69736daa616c6c5f706173736564a76d657373616765a0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, guard_handoffs
saved-pipeline		1f1eb27e-d4dd-6036-8004-1cc55ccafe9a	02e82cd0-3e66-7394-64ab-9ef2909cb7b4	1	outcomes	msgpack	\\x80	~__pregel_pull, guard_handoffs
saved-pipeline		1f1eb27e-d4dd-6036-8004-1cc55ccafe9a	02e82cd0-3e66-7394-64ab-9ef2909cb7b4	2	dispatch_started	msgpack	\\xcb41dac2b287939f20	~__pregel_pull, guard_handoffs
saved-pipeline		1f1eb27e-d4dd-6036-8004-1cc55ccafe9a	02e82cd0-3e66-7394-64ab-9ef2909cb7b4	3	branch:to:open_workspace	null	\\x	~__pregel_pull, guard_handoffs
saved-pipeline		1f1eb27e-d52c-64f6-8005-f9b1bb986d9c	951463ca-b306-f214-168e-d78b7580e8df	0	workspace_id	msgpack	\\xba73617665642d62696c6c696e672d386131326637613236363939	~__pregel_pull, open_workspace
saved-pipeline		1f1eb27e-d52c-64f6-8005-f9b1bb986d9c	951463ca-b306-f214-168e-d78b7580e8df	1	branch:to:dispatch	null	\\x	~__pregel_pull, open_workspace
saved-pipeline		1f1eb27e-d79d-6b8e-8006-1d4af9944d6a	e978de23-a5d1-145e-613f-9ea34de25875	0	outcomes	msgpack	\\x80	~__pregel_pull, dispatch
saved-pipeline		1f1eb27e-d79d-6b8e-8006-1d4af9944d6a	e978de23-a5d1-145e-613f-9ea34de25875	1	batch	msgpack	\\x92a46c656674a57269676874	~__pregel_pull, dispatch
saved-pipeline		1f1eb27e-d79d-6b8e-8006-1d4af9944d6a	e978de23-a5d1-145e-613f-9ea34de25875	2	branch:to:create_worktrees	null	\\x	~__pregel_pull, dispatch
saved-pipeline		1f1eb27e-e187-6b9b-800a-4bd1c55604fa	c2926e72-425b-3119-47f0-27b93db71406	5	branch:to:await_merge_decision	null	\\x	~__pregel_pull, open_merge_escalation
saved-pipeline		1f1eb27e-d7b5-6f17-8007-af3b4377fccc	8893ba4e-1060-d5bd-703a-d5aae7be6db7	0	__pregel_tasks	msgpack	\\xc8033e0193af6c616e6767726170682e7479706573a453656e6492af657865637574655f7375627461736b81ab7375627461736b5f72756ec803060594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73aa5375627461736b52756e8ca77375627461736b88a26964a46c656674a57469746c65aa4772656574206c656674ab6465736372697074696f6ea0ac646570656e64656e6369657390af72657175697265645f736b696c6c7391a6707974686f6ead72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756db265787065637465645f61727469666163747300a56167656e748da26964aa73656e696f725f646576a46e616d65a353616da4726f6c65ab6261636b656e645f646576aa6465706172746d656e74a76261636b656e64a56c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72aa6d616e616765725f6964ac6261636b656e645f6c656164ae7072696d6172795f736b696c6c7392a6707974686f6ea9646174616261736573b07365636f6e646172795f736b696c6c7391a774657374696e67af63616e5f64656c65676174655f746f90ac63616e5f64656c6567617465c3b0616363657074735f7375627461736b73c3a572756c657390a6616374697665c3ae776f726b73706163655f70617468d95c2f746d702f636f756e63696c2d73617665642d363531366466342f7265706f2f2e6769742f636f756e63696c2d776f726b74726565732f73617665642d62696c6c696e672d3861313266376132363639392f7461736b732f6c656674b0757073747265616d5f726573756c747380a77461736b5f6964ad73617665642d62696c6c696e67a672756e5f6964d9203861313266376132363639393463386538333736643937663034636633323562a8746f706f6c6f6779b1636f6e746578745f646570656e64656e74b064656c65676174696f6e5f636861696e91a363746fa7617474656d707401a87265636f76657279c0a8666565646261636ba0b170726576696f75735f617474656d70747390b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, create_worktrees
saved-pipeline		1f1eb27e-d7b5-6f17-8007-af3b4377fccc	8893ba4e-1060-d5bd-703a-d5aae7be6db7	1	__pregel_tasks	msgpack	\\xc803410193af6c616e6767726170682e7479706573a453656e6492af657865637574655f7375627461736b81ab7375627461736b5f72756ec803090594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73aa5375627461736b52756e8ca77375627461736b88a26964a57269676874a57469746c65ab4772656574207269676874ab6465736372697074696f6ea0ac646570656e64656e6369657390af72657175697265645f736b696c6c7391a6707974686f6ead72657175697265645f726f6c65c0aa636f6d706c6578697479a66d656469756db265787065637465645f61727469666163747300a56167656e748da26964aa73656e696f725f646576a46e616d65a353616da4726f6c65ab6261636b656e645f646576aa6465706172746d656e74a76261636b656e64a56c6576656cc7340093bc6c616e6767726170685f636f756e63696c2e6e6f6465732e5f6f7267ae53656e696f726974794c6576656ca673656e696f72aa6d616e616765725f6964ac6261636b656e645f6c656164ae7072696d6172795f736b696c6c7392a6707974686f6ea9646174616261736573b07365636f6e646172795f736b696c6c7391a774657374696e67af63616e5f64656c65676174655f746f90ac63616e5f64656c6567617465c3b0616363657074735f7375627461736b73c3a572756c657390a6616374697665c3ae776f726b73706163655f70617468d95d2f746d702f636f756e63696c2d73617665642d363531366466342f7265706f2f2e6769742f636f756e63696c2d776f726b74726565732f73617665642d62696c6c696e672d3861313266376132363639392f7461736b732f7269676874b0757073747265616d5f726573756c747380a77461736b5f6964ad73617665642d62696c6c696e67a672756e5f6964d9203861313266376132363639393463386538333736643937663034636633323562a8746f706f6c6f6779b1636f6e746578745f646570656e64656e74b064656c65676174696f6e5f636861696e91a363746fa7617474656d707401a87265636f76657279c0a8666565646261636ba0b170726576696f75735f617474656d70747390b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, create_worktrees
saved-pipeline		1f1eb27e-d8ea-6c84-8008-fe4ec9824690	1708cbab-df85-8fa9-2161-0aeae69e011c	0	outcomes	msgpack	\\x81a57269676874c802470594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73ad5375627461736b526573756c748caa7375627461736b5f6964a57269676874a86167656e745f6964aa73656e696f725f646576a6737461747573a9636f6d706c65746564a66f7574707574b8726967687420646f6e652062792073656e696f725f646576a56572726f72c0a6726561736f6ec0b06661696c7572655f63617465676f7279c0a961727469666163747390aa6475726174696f6e5f73cb3fbc1852d03a2000ab66696e69736865645f6174c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33342e3831353336312b30303a3030ad66726f6d69736f666f726d6174b0756e747261636b65645f77726974657390a8617474656d707473918daa7375627461736b5f6964a57269676874a66e756d62657201a86167656e745f6964aa73656e696f725f646576a473746570a7696e697469616ca6737461747573a9636f6d706c65746564a56572726f72c0b06661696c7572655f63617465676f7279c0a5636865636bc0aa6475726174696f6e5f73cb3fbc1852d03a2000ab66696e69736865645f6174c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33342e3831353336312b30303a3030ad66726f6d69736f666f726d6174a46e6f7465a0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_push, 0000000001, 0000000000
saved-pipeline		1f1eb27e-d8ea-6c84-8008-fe4ec9824690	1708cbab-df85-8fa9-2161-0aeae69e011c	1	messages	msgpack	\\x91c8010f0594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d929726967687420636f6d706c657465643a20726967687420646f6e652062792073656e696f725f646576b16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182aa7375627461736b5f6964a57269676874a6737461747573a9636f6d706c65746564a474797065a26169a46e616d65aa73656e696f725f646576a26964ad7375627461736b3a7269676874aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_push, 0000000001, 0000000000
saved-pipeline		1f1eb27e-d8ea-6c84-8008-fe4ec9824690	1708cbab-df85-8fa9-2161-0aeae69e011c	2	branch:to:merge_subtasks	null	\\x	~__pregel_push, 0000000001, 0000000000
saved-pipeline		1f1eb27e-d8ea-6c84-8008-fe4ec9824690	e406560f-9c86-cca1-c461-88af28d0dd5e	0	outcomes	msgpack	\\x81a46c656674c802440594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f706970656c696e652e6d6f64656c73ad5375627461736b526573756c748caa7375627461736b5f6964a46c656674a86167656e745f6964aa73656e696f725f646576a6737461747573a9636f6d706c65746564a66f7574707574b76c65667420646f6e652062792073656e696f725f646576a56572726f72c0a6726561736f6ec0b06661696c7572655f63617465676f7279c0a961727469666163747390aa6475726174696f6e5f73cb3fbf24dd33662000ab66696e69736865645f6174c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33342e3832363334392b30303a3030ad66726f6d69736f666f726d6174b0756e747261636b65645f77726974657390a8617474656d707473918daa7375627461736b5f6964a46c656674a66e756d62657201a86167656e745f6964aa73656e696f725f646576a473746570a7696e697469616ca6737461747573a9636f6d706c65746564a56572726f72c0b06661696c7572655f63617465676f7279c0a5636865636bc0aa6475726174696f6e5f73cb3fbf24dd33662000ab66696e69736865645f6174c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385431323a33333a33342e3832363334392b30303a3030ad66726f6d69736f666f726d6174a46e6f7465a0ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_push, 0000000000, 0000000000
saved-pipeline		1f1eb27e-d8ea-6c84-8008-fe4ec9824690	e406560f-9c86-cca1-c461-88af28d0dd5e	1	messages	msgpack	\\x91c8010b0594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d9276c65667420636f6d706c657465643a206c65667420646f6e652062792073656e696f725f646576b16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182aa7375627461736b5f6964a46c656674a6737461747573a9636f6d706c65746564a474797065a26169a46e616d65aa73656e696f725f646576a26964ac7375627461736b3a6c656674aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_push, 0000000000, 0000000000
saved-pipeline		1f1eb27e-d8ea-6c84-8008-fe4ec9824690	e406560f-9c86-cca1-c461-88af28d0dd5e	2	branch:to:merge_subtasks	null	\\x	~__pregel_push, 0000000000, 0000000000
saved-pipeline		1f1eb27e-da23-68b5-8009-7e99bb13560d	f22e5572-db2d-620c-3e78-cba48b2f8c82	0	merges	msgpack	\\x82a46c656674c801a00594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f776f726b73706163652e6d6f64656c73ab4d65726765526573756c748eaa7375627461736b5f6964a46c656674a66272616e6368d92c636f756e63696c2f73617665642d62696c6c696e672d3861313266376132363639392f7461736b2f6c656674a6737461747573a66d6572676564a566696c657391a97368617265642e7079ac646966665f73756d6d617279d940207368617265642e7079207c2032202b2d0a20312066696c65206368616e6765642c203120696e73657274696f6e282b292c20312064656c6574696f6e282d29af73656d616e7469635f69737375657390aa636f6d6d69745f736861d92865396231633237633132353033636637613431656133396538336430343466666336373739313863a76d657373616765a0b073656d616e7469635f736b697070656490b0756e747261636b65645f77726974657390a5636865636bc0a7617474656d707401ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6ea57269676874c801980594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f776f726b73706163652e6d6f64656c73ab4d65726765526573756c748eaa7375627461736b5f6964a57269676874a66272616e6368d92d636f756e63696c2f73617665642d62696c6c696e672d3861313266376132363639392f7461736b2f7269676874a6737461747573a8636f6e666c696374a566696c657391a97368617265642e7079ac646966665f73756d6d617279d940207368617265642e7079207c2032202b2d0a20312066696c65206368616e6765642c203120696e73657274696f6e282b292c20312064656c6574696f6e282d29af73656d616e7469635f69737375657390aa636f6d6d69745f736861c0a76d657373616765bd7465787475616c20636f6e666c69637420696e207368617265642e7079b073656d616e7469635f736b697070656490b0756e747261636b65645f77726974657390a5636865636bc0a7617474656d707401ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, merge_subtasks
saved-pipeline		1f1eb27e-da23-68b5-8009-7e99bb13560d	f22e5572-db2d-620c-3e78-cba48b2f8c82	1	outcomes	msgpack	\\x80	~__pregel_pull, merge_subtasks
saved-pipeline		1f1eb27e-da23-68b5-8009-7e99bb13560d	f22e5572-db2d-620c-3e78-cba48b2f8c82	2	merge_ruling	null	\\x	~__pregel_pull, merge_subtasks
saved-pipeline		1f1eb27e-da23-68b5-8009-7e99bb13560d	f22e5572-db2d-620c-3e78-cba48b2f8c82	3	merge_pending	msgpack	\\xc801980594d9296c616e6767726170685f636f756e63696c2e6e6f6465732e5f776f726b73706163652e6d6f64656c73ab4d65726765526573756c748eaa7375627461736b5f6964a57269676874a66272616e6368d92d636f756e63696c2f73617665642d62696c6c696e672d3861313266376132363639392f7461736b2f7269676874a6737461747573a8636f6e666c696374a566696c657391a97368617265642e7079ac646966665f73756d6d617279d940207368617265642e7079207c2032202b2d0a20312066696c65206368616e6765642c203120696e73657274696f6e282b292c20312064656c6574696f6e282d29af73656d616e7469635f69737375657390aa636f6d6d69745f736861c0a76d657373616765bd7465787475616c20636f6e666c69637420696e207368617265642e7079b073656d616e7469635f736b697070656490b0756e747261636b65645f77726974657390a5636865636bc0a7617474656d707401ac696e7075745f746f6b656e7300ad6f75747075745f746f6b656e7300b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, merge_subtasks
saved-pipeline		1f1eb27e-da23-68b5-8009-7e99bb13560d	f22e5572-db2d-620c-3e78-cba48b2f8c82	4	branch:to:open_merge_escalation	null	\\x	~__pregel_pull, merge_subtasks
saved-pipeline		1f1eb27e-e187-6b9b-800a-4bd1c55604fa	c2926e72-425b-3119-47f0-27b93db71406	0	escalation_id	msgpack	\\xd92464366634313461632d393234342d353664612d393332642d316331323462333564393966	~__pregel_pull, open_merge_escalation
saved-pipeline		1f1eb27e-e187-6b9b-800a-4bd1c55604fa	c2926e72-425b-3119-47f0-27b93db71406	1	escalation_expires_at	null	\\x	~__pregel_pull, open_merge_escalation
saved-pipeline		1f1eb27e-e187-6b9b-800a-4bd1c55604fa	c2926e72-425b-3119-47f0-27b93db71406	2	escalation_attempts	msgpack	\\x00	~__pregel_pull, open_merge_escalation
saved-pipeline		1f1eb27e-e187-6b9b-800a-4bd1c55604fa	c2926e72-425b-3119-47f0-27b93db71406	3	escalation_error	null	\\x	~__pregel_pull, open_merge_escalation
saved-pipeline		1f1eb27e-e187-6b9b-800a-4bd1c55604fa	c2926e72-425b-3119-47f0-27b93db71406	4	escalation_decision	null	\\x	~__pregel_pull, open_merge_escalation
saved-pipeline		1f1eb27e-e19d-6686-800b-3aebb61b8650	c301014f-2e99-7991-d73a-11e23e76436c	-3	__interrupt__	msgpack	\\x91c8038e0293af6c616e6767726170682e7479706573a9496e7465727275707483a576616c75658fa77375627461736ba57269676874a66272616e6368d92d636f756e63696c2f73617665642d62696c6c696e672d3861313266376132363639392f7461736b2f7269676874a8776f726b74726565d95d2f746d702f636f756e63696c2d73617665642d363531366466342f7265706f2f2e6769742f636f756e63696c2d776f726b74726565732f73617665642d62696c6c696e672d3861313266376132363639392f7461736b732f7269676874a6737461747573a8636f6e666c696374a566696c657391a97368617265642e7079ac646966665f73756d6d617279d940207368617265642e7079207c2032202b2d0a20312066696c65206368616e6765642c203120696e73657274696f6e282b292c20312064656c6574696f6e282d29a669737375657390a76d657373616765bd7465787475616c20636f6e666c69637420696e207368617265642e7079a763686f6963657382a46b656570d98c746865206d6572676520676f657320696e3a206f6e206561636820636f6e666c696374696e67206c696e6520746865207375627461736b277320736964652077696e732c20756e6c657373207265736f6c7574696f6e5f636f6d6d6974206e616d657320796f7572206f776e207265736f6c7574696f6e20636f6d6d6974206f6e20746865206272616e6368a464726f70d954746865207375627461736b277320776f726b207374617973206f6e20697473206272616e63682c20756e6d65726765643b20776f726b207468617420646570656e6473206f6e20697420697320736b6970706564ad657363616c6174696f6e5f6964d92464366634313461632d393234342d353664612d393332642d316331323462333564393966a46b696e64a56d65726765a76f7074696f6e7392a46b656570a464726f70aa657870697265735f6174c0a56572726f72c0a8657870656374656484a86465636973696f6eab6b656570207c2064726f70b17265736f6c7574696f6e5f636f6d6d6974d936636f6d6d697420736861206f6e20746865207375627461736b206272616e636820286f7074696f6e616c2c206b656570206f6e6c7929a9726561736f6e696e67a474657874aa646563696465645f6279ab68756d616e3a3c77686f3ea26964d9203665643932306339373965336133376337333261653064366232633539646265af726573706f6e73655f736368656d61c0	~__pregel_pull, await_merge_decision
\.


--
-- Data for Name: checkpoints; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata) FROM stdin;
saved-meeting		1f1eb27e-c771-6c5b-bfff-da18918d5877	\N	\N	{"v": 4, "id": "1f1eb27e-c771-6c5b-bfff-da18918d5877", "ts": "2026-11-28T12:33:32.867667+00:00", "versions_seen": {"__input__": {}}, "channel_values": {}, "channel_versions": {"__start__": "00000000000000000000000000000001.0.16833445382580425"}, "updated_channels": ["__start__"]}	{"step": -1, "source": "input", "parents": {}, "counters_since_delta_snapshot": {"messages": [0, 1], "contributions": [0, 1], "input_calibration": [0, 1]}}
saved-meeting		1f1eb27e-c782-651c-8000-f6b7e315d515	1f1eb27e-c771-6c5b-bfff-da18918d5877	\N	{"v": 4, "id": "1f1eb27e-c782-651c-8000-f6b7e315d515", "ts": "2026-11-28T12:33:32.874431+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.16833445382580425"}}, "channel_values": {"leader_id": "cto", "meeting_id": "saved-meeting-1", "token_budget": 20000, "branch:to:open_meeting": null}, "channel_versions": {"agenda": "00000000000000000000000000000002.0.31034458813048316", "__start__": "00000000000000000000000000000002.0.31034458813048316", "leader_id": "00000000000000000000000000000002.0.31034458813048316", "meeting_id": "00000000000000000000000000000002.0.31034458813048316", "token_budget": "00000000000000000000000000000002.0.31034458813048316", "participant_ids": "00000000000000000000000000000002.0.31034458813048316", "branch:to:open_meeting": "00000000000000000000000000000002.0.31034458813048316"}, "updated_channels": ["agenda", "branch:to:open_meeting", "leader_id", "meeting_id", "participant_ids", "token_budget"]}	{"step": 0, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [0, 2], "contributions": [0, 2], "input_calibration": [0, 2]}}
saved-meeting		1f1eb27e-c80e-696e-8001-d8ca7850e8c0	1f1eb27e-c782-651c-8000-f6b7e315d515	\N	{"v": 4, "id": "1f1eb27e-c80e-696e-8001-d8ca7850e8c0", "ts": "2026-11-28T12:33:32.931850+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.16833445382580425"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.31034458813048316"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "messages": true, "protocol": "round_robin", "leader_id": "cto", "meeting_id": "saved-meeting-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "contributions": true, "discussion_index": 0, "discussion_tokens": 0, "input_calibration": true, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.14718424160339738", "error": "00000000000000000000000000000003.0.14718424160339738", "notes": "00000000000000000000000000000003.0.14718424160339738", "agenda": "00000000000000000000000000000003.0.14718424160339738", "status": "00000000000000000000000000000003.0.14718424160339738", "outcome": "00000000000000000000000000000003.0.14718424160339738", "failures": "00000000000000000000000000000003.0.14718424160339738", "messages": "00000000000000000000000000000003.0.14718424160339738", "protocol": "00000000000000000000000000000003.0.14718424160339738", "__start__": "00000000000000000000000000000002.0.31034458813048316", "conflicts": "00000000000000000000000000000003.0.14718424160339738", "leader_id": "00000000000000000000000000000003.0.14718424160339738", "meeting_id": "00000000000000000000000000000003.0.14718424160339738", "started_at": "00000000000000000000000000000003.0.14718424160339738", "discussants": "00000000000000000000000000000003.0.14718424160339738", "stop_reason": "00000000000000000000000000000003.0.14718424160339738", "tokens_used": "00000000000000000000000000000003.0.14718424160339738", "next_speaker": "00000000000000000000000000000003.0.14718424160339738", "token_budget": "00000000000000000000000000000003.0.14718424160339738", "contributions": "00000000000000000000000000000003.0.14718424160339738", "participant_ids": "00000000000000000000000000000003.0.14718424160339738", "discussion_index": "00000000000000000000000000000003.0.14718424160339738", "discussion_tokens": "00000000000000000000000000000003.0.14718424160339738", "input_calibration": "00000000000000000000000000000003.0.14718424160339738", "branch:to:take_turn": "00000000000000000000000000000003.0.14718424160339738", "devils_advocate_used": "00000000000000000000000000000003.0.14718424160339738", "branch:to:open_meeting": "00000000000000000000000000000003.0.14718424160339738"}, "updated_channels": ["agenda", "branch:to:take_turn", "conflicts", "contributions", "devils_advocate_used", "discussants", "discussion_index", "discussion_tokens", "error", "failures", "input_calibration", "leader_id", "meeting_id", "messages", "next_speaker", "notes", "outcome", "participant_ids", "protocol", "started_at", "status", "stop_reason", "token_budget", "tokens_used", "turn"]}	{"step": 1, "source": "loop", "parents": {}}
saved-meeting		1f1eb27e-c8a9-6969-8002-4a06b804b788	1f1eb27e-c80e-696e-8001-d8ca7850e8c0	\N	{"v": 4, "id": "1f1eb27e-c8a9-6969-8002-4a06b804b788", "ts": "2026-11-28T12:33:32.995364+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.16833445382580425"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000003.0.14718424160339738"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.31034458813048316"}}, "channel_values": {"turn": 1, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "saved-meeting-1", "stop_reason": null, "tokens_used": 199, "next_speaker": null, "token_budget": 20000, "discussion_index": 0, "discussion_tokens": 0, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000004.0.2634175827599621", "error": "00000000000000000000000000000003.0.14718424160339738", "notes": "00000000000000000000000000000003.0.14718424160339738", "agenda": "00000000000000000000000000000003.0.14718424160339738", "status": "00000000000000000000000000000003.0.14718424160339738", "outcome": "00000000000000000000000000000003.0.14718424160339738", "failures": "00000000000000000000000000000003.0.14718424160339738", "messages": "00000000000000000000000000000004.0.2634175827599621", "protocol": "00000000000000000000000000000003.0.14718424160339738", "__start__": "00000000000000000000000000000002.0.31034458813048316", "conflicts": "00000000000000000000000000000003.0.14718424160339738", "leader_id": "00000000000000000000000000000003.0.14718424160339738", "meeting_id": "00000000000000000000000000000003.0.14718424160339738", "started_at": "00000000000000000000000000000003.0.14718424160339738", "discussants": "00000000000000000000000000000003.0.14718424160339738", "stop_reason": "00000000000000000000000000000003.0.14718424160339738", "tokens_used": "00000000000000000000000000000004.0.2634175827599621", "next_speaker": "00000000000000000000000000000003.0.14718424160339738", "token_budget": "00000000000000000000000000000003.0.14718424160339738", "contributions": "00000000000000000000000000000004.0.2634175827599621", "participant_ids": "00000000000000000000000000000003.0.14718424160339738", "discussion_index": "00000000000000000000000000000003.0.14718424160339738", "discussion_tokens": "00000000000000000000000000000003.0.14718424160339738", "input_calibration": "00000000000000000000000000000004.0.2634175827599621", "branch:to:take_turn": "00000000000000000000000000000004.0.2634175827599621", "devils_advocate_used": "00000000000000000000000000000003.0.14718424160339738", "branch:to:open_meeting": "00000000000000000000000000000003.0.14718424160339738"}, "updated_channels": ["branch:to:take_turn", "contributions", "input_calibration", "messages", "tokens_used", "turn"]}	{"step": 2, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [1, 1], "contributions": [1, 1], "input_calibration": [1, 1]}}
saved-meeting		1f1eb27e-c909-6e48-8003-525309aa2e96	1f1eb27e-c8a9-6969-8002-4a06b804b788	\N	{"v": 4, "id": "1f1eb27e-c909-6e48-8003-525309aa2e96", "ts": "2026-11-28T12:33:33.034805+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.16833445382580425"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000004.0.2634175827599621"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.31034458813048316"}}, "channel_values": {"turn": 2, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "saved-meeting-1", "stop_reason": null, "tokens_used": 423, "next_speaker": null, "token_budget": 20000, "discussion_index": 0, "discussion_tokens": 0, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000005.0.4462211255818713", "error": "00000000000000000000000000000003.0.14718424160339738", "notes": "00000000000000000000000000000003.0.14718424160339738", "agenda": "00000000000000000000000000000003.0.14718424160339738", "status": "00000000000000000000000000000003.0.14718424160339738", "outcome": "00000000000000000000000000000003.0.14718424160339738", "failures": "00000000000000000000000000000003.0.14718424160339738", "messages": "00000000000000000000000000000005.0.4462211255818713", "protocol": "00000000000000000000000000000003.0.14718424160339738", "__start__": "00000000000000000000000000000002.0.31034458813048316", "conflicts": "00000000000000000000000000000003.0.14718424160339738", "leader_id": "00000000000000000000000000000003.0.14718424160339738", "meeting_id": "00000000000000000000000000000003.0.14718424160339738", "started_at": "00000000000000000000000000000003.0.14718424160339738", "discussants": "00000000000000000000000000000003.0.14718424160339738", "stop_reason": "00000000000000000000000000000003.0.14718424160339738", "tokens_used": "00000000000000000000000000000005.0.4462211255818713", "next_speaker": "00000000000000000000000000000003.0.14718424160339738", "token_budget": "00000000000000000000000000000003.0.14718424160339738", "contributions": "00000000000000000000000000000005.0.4462211255818713", "participant_ids": "00000000000000000000000000000003.0.14718424160339738", "discussion_index": "00000000000000000000000000000003.0.14718424160339738", "discussion_tokens": "00000000000000000000000000000003.0.14718424160339738", "input_calibration": "00000000000000000000000000000005.0.4462211255818713", "branch:to:take_turn": "00000000000000000000000000000005.0.4462211255818713", "devils_advocate_used": "00000000000000000000000000000003.0.14718424160339738", "branch:to:open_meeting": "00000000000000000000000000000003.0.14718424160339738"}, "updated_channels": ["branch:to:take_turn", "contributions", "input_calibration", "messages", "tokens_used", "turn"]}	{"step": 3, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [2, 2], "contributions": [2, 2], "input_calibration": [2, 2]}}
saved-meeting		1f1eb27e-c945-6683-8004-fa8f9e8e4a74	1f1eb27e-c909-6e48-8003-525309aa2e96	\N	{"v": 4, "id": "1f1eb27e-c945-6683-8004-fa8f9e8e4a74", "ts": "2026-11-28T12:33:33.059197+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.16833445382580425"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000005.0.4462211255818713"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.31034458813048316"}}, "channel_values": {"turn": 3, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "saved-meeting-1", "stop_reason": null, "tokens_used": 696, "next_speaker": null, "token_budget": 20000, "discussion_index": 0, "discussion_tokens": 0, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000006.0.8608196015136793", "error": "00000000000000000000000000000003.0.14718424160339738", "notes": "00000000000000000000000000000003.0.14718424160339738", "agenda": "00000000000000000000000000000003.0.14718424160339738", "status": "00000000000000000000000000000003.0.14718424160339738", "outcome": "00000000000000000000000000000003.0.14718424160339738", "failures": "00000000000000000000000000000003.0.14718424160339738", "messages": "00000000000000000000000000000006.0.8608196015136793", "protocol": "00000000000000000000000000000003.0.14718424160339738", "__start__": "00000000000000000000000000000002.0.31034458813048316", "conflicts": "00000000000000000000000000000003.0.14718424160339738", "leader_id": "00000000000000000000000000000003.0.14718424160339738", "meeting_id": "00000000000000000000000000000003.0.14718424160339738", "started_at": "00000000000000000000000000000003.0.14718424160339738", "discussants": "00000000000000000000000000000003.0.14718424160339738", "stop_reason": "00000000000000000000000000000003.0.14718424160339738", "tokens_used": "00000000000000000000000000000006.0.8608196015136793", "next_speaker": "00000000000000000000000000000003.0.14718424160339738", "token_budget": "00000000000000000000000000000003.0.14718424160339738", "contributions": "00000000000000000000000000000006.0.8608196015136793", "participant_ids": "00000000000000000000000000000003.0.14718424160339738", "discussion_index": "00000000000000000000000000000003.0.14718424160339738", "discussion_tokens": "00000000000000000000000000000003.0.14718424160339738", "input_calibration": "00000000000000000000000000000006.0.8608196015136793", "branch:to:take_turn": "00000000000000000000000000000006.0.8608196015136793", "devils_advocate_used": "00000000000000000000000000000003.0.14718424160339738", "branch:to:open_meeting": "00000000000000000000000000000003.0.14718424160339738"}, "updated_channels": ["branch:to:take_turn", "contributions", "input_calibration", "messages", "tokens_used", "turn"]}	{"step": 4, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [3, 3], "contributions": [3, 3], "input_calibration": [3, 3]}}
saved-conflict		1f1eb27e-cc18-627a-bfff-dd0df1b4cdd5	\N	\N	{"v": 4, "id": "1f1eb27e-cc18-627a-bfff-dd0df1b4cdd5", "ts": "2026-11-28T12:33:33.355255+00:00", "versions_seen": {"__input__": {}}, "channel_values": {}, "channel_versions": {"__start__": "00000000000000000000000000000001.0.9410802685801962"}, "updated_channels": ["__start__"]}	{"step": -1, "source": "input", "parents": {}, "counters_since_delta_snapshot": {"messages": [0, 1]}}
saved-conflict		1f1eb27e-cc2d-6781-8000-57eadc3d03f2	1f1eb27e-cc18-627a-bfff-dd0df1b4cdd5	\N	{"v": 4, "id": "1f1eb27e-cc2d-6781-8000-57eadc3d03f2", "ts": "2026-11-28T12:33:33.363963+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.9410802685801962"}}, "channel_values": {"branch:to:choose_strategy": null}, "channel_versions": {"conflict": "00000000000000000000000000000002.0.39852775702279364", "__start__": "00000000000000000000000000000002.0.39852775702279364", "branch:to:choose_strategy": "00000000000000000000000000000002.0.39852775702279364"}, "updated_channels": ["branch:to:choose_strategy", "conflict"]}	{"step": 0, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [0, 2]}}
saved-conflict		1f1eb27e-cc6e-6a2a-8001-6578818914a8	1f1eb27e-cc2d-6781-8000-57eadc3d03f2	\N	{"v": 4, "id": "1f1eb27e-cc6e-6a2a-8001-6578818914a8", "ts": "2026-11-28T12:33:33.390644+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.9410802685801962"}, "choose_strategy": {"branch:to:choose_strategy": "00000000000000000000000000000002.0.39852775702279364"}}, "channel_values": {"analysis": null, "messages": true, "strategy": "human", "tokens_used": 0, "escalation_id": null, "branch:to:human": null, "fallback_reason": null, "escalation_error": null, "escalation_decision": null}, "channel_versions": {"analysis": "00000000000000000000000000000003.0.6906021236689062", "conflict": "00000000000000000000000000000003.0.6906021236689062", "messages": "00000000000000000000000000000003.0.6906021236689062", "strategy": "00000000000000000000000000000003.0.6906021236689062", "__start__": "00000000000000000000000000000002.0.39852775702279364", "tokens_used": "00000000000000000000000000000003.0.6906021236689062", "escalation_id": "00000000000000000000000000000003.0.6906021236689062", "branch:to:human": "00000000000000000000000000000003.0.6906021236689062", "fallback_reason": "00000000000000000000000000000003.0.6906021236689062", "escalation_error": "00000000000000000000000000000003.0.6906021236689062", "escalation_decision": "00000000000000000000000000000003.0.6906021236689062", "branch:to:choose_strategy": "00000000000000000000000000000003.0.6906021236689062"}, "updated_channels": ["analysis", "branch:to:human", "conflict", "escalation_decision", "escalation_error", "escalation_id", "fallback_reason", "messages", "strategy", "tokens_used"]}	{"step": 1, "source": "loop", "parents": {}}
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	1f1eb27e-cca0-6def-bfff-e1887eeee2cc	\N	\N	{"v": 4, "id": "1f1eb27e-cca0-6def-bfff-e1887eeee2cc", "ts": "2026-11-28T12:33:33.411252+00:00", "versions_seen": {"__input__": {}}, "channel_values": {}, "channel_versions": {"__start__": "00000000000000000000000000000001.0.28437332096898693"}, "updated_channels": ["__start__"]}	{"step": -1, "source": "input", "parents": {"": "1f1eb27e-cc6e-6a2a-8001-6578818914a8"}, "counters_since_delta_snapshot": {"messages": [0, 1]}}
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	1f1eb27e-cccb-6d2b-8000-4a8942daf5bf	1f1eb27e-cca0-6def-bfff-e1887eeee2cc	\N	{"v": 4, "id": "1f1eb27e-cccb-6d2b-8000-4a8942daf5bf", "ts": "2026-11-28T12:33:33.428821+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.28437332096898693"}}, "channel_values": {"strategy": "human", "fallback_reason": null, "branch:to:request_human": null}, "channel_versions": {"conflict": "00000000000000000000000000000002.0.9640257033080666", "strategy": "00000000000000000000000000000002.0.9640257033080666", "__start__": "00000000000000000000000000000002.0.9640257033080666", "fallback_reason": "00000000000000000000000000000002.0.9640257033080666", "branch:to:request_human": "00000000000000000000000000000002.0.9640257033080666"}, "updated_channels": ["branch:to:request_human", "conflict", "fallback_reason", "strategy"]}	{"step": 0, "source": "loop", "parents": {"": "1f1eb27e-cc6e-6a2a-8001-6578818914a8"}, "counters_since_delta_snapshot": {"messages": [0, 2]}}
saved-conflict	human:fa848ae9-0e35-d93a-2202-f308e34f5106	1f1eb27e-cd03-659a-8001-4a406348ab0c	1f1eb27e-cccb-6d2b-8000-4a8942daf5bf	\N	{"v": 4, "id": "1f1eb27e-cd03-659a-8001-4a406348ab0c", "ts": "2026-11-28T12:33:33.451576+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.28437332096898693"}, "request_human": {"branch:to:request_human": "00000000000000000000000000000002.0.9640257033080666"}}, "channel_values": {"route": "human", "analysis": null, "strategy": "human", "fallback_reason": null}, "channel_versions": {"route": "00000000000000000000000000000003.0.6014798661006803", "analysis": "00000000000000000000000000000003.0.6014798661006803", "conflict": "00000000000000000000000000000002.0.9640257033080666", "strategy": "00000000000000000000000000000002.0.9640257033080666", "__start__": "00000000000000000000000000000002.0.9640257033080666", "fallback_reason": "00000000000000000000000000000003.0.6014798661006803", "branch:to:request_human": "00000000000000000000000000000003.0.6014798661006803"}, "updated_channels": ["analysis", "fallback_reason", "route"]}	{"step": 1, "source": "loop", "parents": {"": "1f1eb27e-cc6e-6a2a-8001-6578818914a8"}, "counters_since_delta_snapshot": {"messages": [0, 3]}}
saved-conflict		1f1eb27e-cd22-681a-8002-cbbea8f61a74	1f1eb27e-cc6e-6a2a-8001-6578818914a8	\N	{"v": 4, "id": "1f1eb27e-cd22-681a-8002-cbbea8f61a74", "ts": "2026-11-28T12:33:33.464330+00:00", "versions_seen": {"human": {"branch:to:human": "00000000000000000000000000000003.0.6906021236689062"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.9410802685801962"}, "choose_strategy": {"branch:to:choose_strategy": "00000000000000000000000000000002.0.39852775702279364"}}, "channel_values": {"route": "human", "analysis": null, "strategy": "human", "tokens_used": 0, "escalation_id": null, "fallback_reason": null, "escalation_error": null, "escalation_decision": null, "branch:to:open_escalation": null}, "channel_versions": {"route": "00000000000000000000000000000004.0.9054229253502365", "analysis": "00000000000000000000000000000004.0.9054229253502365", "conflict": "00000000000000000000000000000003.0.6906021236689062", "messages": "00000000000000000000000000000004.0.9054229253502365", "strategy": "00000000000000000000000000000003.0.6906021236689062", "__start__": "00000000000000000000000000000002.0.39852775702279364", "tokens_used": "00000000000000000000000000000004.0.9054229253502365", "escalation_id": "00000000000000000000000000000003.0.6906021236689062", "branch:to:human": "00000000000000000000000000000004.0.9054229253502365", "fallback_reason": "00000000000000000000000000000004.0.9054229253502365", "escalation_error": "00000000000000000000000000000003.0.6906021236689062", "escalation_decision": "00000000000000000000000000000003.0.6906021236689062", "branch:to:choose_strategy": "00000000000000000000000000000003.0.6906021236689062", "branch:to:open_escalation": "00000000000000000000000000000004.0.9054229253502365"}, "updated_channels": ["analysis", "branch:to:open_escalation", "fallback_reason", "messages", "route", "tokens_used"]}	{"step": 2, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [1, 1]}}
saved-conflict		1f1eb27e-cd95-6c75-8003-fdf580f254c2	1f1eb27e-cd22-681a-8002-cbbea8f61a74	\N	{"v": 4, "id": "1f1eb27e-cd95-6c75-8003-fdf580f254c2", "ts": "2026-11-28T12:33:33.511503+00:00", "versions_seen": {"human": {"branch:to:human": "00000000000000000000000000000003.0.6906021236689062"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.9410802685801962"}, "choose_strategy": {"branch:to:choose_strategy": "00000000000000000000000000000002.0.39852775702279364"}, "open_escalation": {"branch:to:open_escalation": "00000000000000000000000000000004.0.9054229253502365"}}, "channel_values": {"route": "human", "analysis": null, "strategy": "human", "tokens_used": 0, "escalation_id": "64e6ab3c-14dc-5d05-ab9d-1388df939b8d", "fallback_reason": null, "escalation_error": null, "escalation_attempts": 0, "escalation_decision": null, "branch:to:await_human": null, "escalation_expires_at": null}, "channel_versions": {"route": "00000000000000000000000000000004.0.9054229253502365", "analysis": "00000000000000000000000000000004.0.9054229253502365", "conflict": "00000000000000000000000000000003.0.6906021236689062", "messages": "00000000000000000000000000000004.0.9054229253502365", "strategy": "00000000000000000000000000000003.0.6906021236689062", "__start__": "00000000000000000000000000000002.0.39852775702279364", "tokens_used": "00000000000000000000000000000004.0.9054229253502365", "escalation_id": "00000000000000000000000000000005.0.7709469940618885", "branch:to:human": "00000000000000000000000000000004.0.9054229253502365", "fallback_reason": "00000000000000000000000000000004.0.9054229253502365", "escalation_error": "00000000000000000000000000000005.0.7709469940618885", "escalation_attempts": "00000000000000000000000000000005.0.7709469940618885", "escalation_decision": "00000000000000000000000000000005.0.7709469940618885", "branch:to:await_human": "00000000000000000000000000000005.0.7709469940618885", "escalation_expires_at": "00000000000000000000000000000005.0.7709469940618885", "branch:to:choose_strategy": "00000000000000000000000000000003.0.6906021236689062", "branch:to:open_escalation": "00000000000000000000000000000005.0.7709469940618885"}, "updated_channels": ["branch:to:await_human", "escalation_attempts", "escalation_decision", "escalation_error", "escalation_expires_at", "escalation_id"]}	{"step": 3, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [1, 2]}}
saved-delegation		1f1eb27e-cec3-6ab5-bfff-39c3b2257f97	\N	\N	{"v": 4, "id": "1f1eb27e-cec3-6ab5-bfff-39c3b2257f97", "ts": "2026-11-28T12:33:33.635219+00:00", "versions_seen": {"__input__": {}}, "channel_values": {}, "channel_versions": {"__start__": "00000000000000000000000000000001.0.17279480949303183"}, "updated_channels": ["__start__"]}	{"step": -1, "source": "input", "parents": {}, "counters_since_delta_snapshot": {"messages": [0, 1]}}
saved-delegation		1f1eb27e-ceda-650c-8000-9280a148e58c	1f1eb27e-cec3-6ab5-bfff-39c3b2257f97	\N	{"v": 4, "id": "1f1eb27e-ceda-650c-8000-9280a148e58c", "ts": "2026-11-28T12:33:33.644479+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.17279480949303183"}}, "channel_values": {"task": "Launch the billing API before the Q3 partner deadline", "task_id": "saved-delegation-task", "entry_agent": "ceo", "branch:to:start_task": null}, "channel_versions": {"task": "00000000000000000000000000000002.0.7559929551965894", "task_id": "00000000000000000000000000000002.0.7559929551965894", "__start__": "00000000000000000000000000000002.0.7559929551965894", "entry_agent": "00000000000000000000000000000002.0.7559929551965894", "branch:to:start_task": "00000000000000000000000000000002.0.7559929551965894"}, "updated_channels": ["branch:to:start_task", "entry_agent", "task", "task_id"]}	{"step": 0, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [0, 2]}}
saved-delegation		1f1eb27e-cf1a-6ab5-8001-4e2bbf10e5ca	1f1eb27e-ceda-650c-8000-9280a148e58c	\N	{"v": 4, "id": "1f1eb27e-cf1a-6ab5-8001-4e2bbf10e5ca", "ts": "2026-11-28T12:33:33.670821+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.17279480949303183"}, "start_task": {"branch:to:start_task": "00000000000000000000000000000002.0.7559929551965894"}}, "channel_values": {"task": "Launch the billing API before the Q3 partner deadline", "answer": null, "run_id": "5d44034daa154d928a9ce38306fb2218", "status": "answered", "pending": null, "task_id": "saved-delegation-task", "messages": true, "answered_by": null, "entry_agent": "ceo", "tokens_used": 0, "handoff_attempts": 0, "branch:to:call_agent": null}, "channel_versions": {"task": "00000000000000000000000000000002.0.7559929551965894", "inbox": "00000000000000000000000000000003.0.05268189693302083", "answer": "00000000000000000000000000000003.0.05268189693302083", "frames": "00000000000000000000000000000003.0.05268189693302083", "run_id": "00000000000000000000000000000003.0.05268189693302083", "status": "00000000000000000000000000000003.0.05268189693302083", "blocked": "00000000000000000000000000000003.0.05268189693302083", "pending": "00000000000000000000000000000003.0.05268189693302083", "task_id": "00000000000000000000000000000003.0.05268189693302083", "messages": "00000000000000000000000000000003.0.05268189693302083", "__start__": "00000000000000000000000000000002.0.7559929551965894", "answered_by": "00000000000000000000000000000003.0.05268189693302083", "delegations": "00000000000000000000000000000003.0.05268189693302083", "entry_agent": "00000000000000000000000000000002.0.7559929551965894", "tokens_used": "00000000000000000000000000000003.0.05268189693302083", "handoff_attempts": "00000000000000000000000000000003.0.05268189693302083", "branch:to:call_agent": "00000000000000000000000000000003.0.05268189693302083", "branch:to:start_task": "00000000000000000000000000000003.0.05268189693302083"}, "updated_channels": ["answer", "answered_by", "blocked", "branch:to:call_agent", "delegations", "frames", "handoff_attempts", "inbox", "messages", "pending", "run_id", "status", "task_id", "tokens_used"]}	{"step": 1, "source": "loop", "parents": {}}
saved-delegation		1f1eb27e-cf68-6388-8002-e25e734a363c	1f1eb27e-cf1a-6ab5-8001-4e2bbf10e5ca	\N	{"v": 4, "id": "1f1eb27e-cf68-6388-8002-e25e734a363c", "ts": "2026-11-28T12:33:33.702604+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.17279480949303183"}, "call_agent": {"branch:to:call_agent": "00000000000000000000000000000003.0.05268189693302083"}, "start_task": {"branch:to:start_task": "00000000000000000000000000000002.0.7559929551965894"}}, "channel_values": {"task": "Launch the billing API before the Q3 partner deadline", "answer": null, "run_id": "5d44034daa154d928a9ce38306fb2218", "status": "answered", "task_id": "saved-delegation-task", "answered_by": null, "entry_agent": "ceo", "tokens_used": 237, "handoff_attempts": 1, "branch:to:delegation_guard": null}, "channel_versions": {"task": "00000000000000000000000000000002.0.7559929551965894", "inbox": "00000000000000000000000000000003.0.05268189693302083", "answer": "00000000000000000000000000000003.0.05268189693302083", "frames": "00000000000000000000000000000003.0.05268189693302083", "run_id": "00000000000000000000000000000003.0.05268189693302083", "status": "00000000000000000000000000000003.0.05268189693302083", "blocked": "00000000000000000000000000000003.0.05268189693302083", "pending": "00000000000000000000000000000004.0.23550664688279233", "task_id": "00000000000000000000000000000003.0.05268189693302083", "messages": "00000000000000000000000000000004.0.23550664688279233", "__start__": "00000000000000000000000000000002.0.7559929551965894", "answered_by": "00000000000000000000000000000003.0.05268189693302083", "delegations": "00000000000000000000000000000003.0.05268189693302083", "entry_agent": "00000000000000000000000000000002.0.7559929551965894", "tokens_used": "00000000000000000000000000000004.0.23550664688279233", "handoff_attempts": "00000000000000000000000000000004.0.23550664688279233", "branch:to:call_agent": "00000000000000000000000000000004.0.23550664688279233", "branch:to:start_task": "00000000000000000000000000000003.0.05268189693302083", "branch:to:delegation_guard": "00000000000000000000000000000004.0.23550664688279233"}, "updated_channels": ["branch:to:delegation_guard", "handoff_attempts", "messages", "pending", "tokens_used"]}	{"step": 2, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [1, 1]}}
saved-delegation		1f1eb27e-cfd1-6304-8003-365ccf1be429	1f1eb27e-cf68-6388-8002-e25e734a363c	\N	{"v": 4, "id": "1f1eb27e-cfd1-6304-8003-365ccf1be429", "ts": "2026-11-28T12:33:33.745599+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.17279480949303183"}, "call_agent": {"branch:to:call_agent": "00000000000000000000000000000003.0.05268189693302083"}, "start_task": {"branch:to:start_task": "00000000000000000000000000000002.0.7559929551965894"}, "delegation_guard": {"branch:to:delegation_guard": "00000000000000000000000000000004.0.23550664688279233"}}, "channel_values": {"task": "Launch the billing API before the Q3 partner deadline", "answer": null, "run_id": "5d44034daa154d928a9ce38306fb2218", "status": "answered", "pending": null, "task_id": "saved-delegation-task", "answered_by": null, "entry_agent": "ceo", "tokens_used": 237, "handoff_attempts": 1, "branch:to:call_agent": null}, "channel_versions": {"task": "00000000000000000000000000000002.0.7559929551965894", "inbox": "00000000000000000000000000000003.0.05268189693302083", "answer": "00000000000000000000000000000003.0.05268189693302083", "frames": "00000000000000000000000000000005.0.8109717111257901", "run_id": "00000000000000000000000000000003.0.05268189693302083", "status": "00000000000000000000000000000003.0.05268189693302083", "blocked": "00000000000000000000000000000003.0.05268189693302083", "pending": "00000000000000000000000000000005.0.8109717111257901", "task_id": "00000000000000000000000000000003.0.05268189693302083", "messages": "00000000000000000000000000000004.0.23550664688279233", "__start__": "00000000000000000000000000000002.0.7559929551965894", "answered_by": "00000000000000000000000000000003.0.05268189693302083", "delegations": "00000000000000000000000000000005.0.8109717111257901", "entry_agent": "00000000000000000000000000000002.0.7559929551965894", "tokens_used": "00000000000000000000000000000004.0.23550664688279233", "handoff_attempts": "00000000000000000000000000000004.0.23550664688279233", "branch:to:call_agent": "00000000000000000000000000000005.0.8109717111257901", "branch:to:start_task": "00000000000000000000000000000003.0.05268189693302083", "branch:to:delegation_guard": "00000000000000000000000000000005.0.8109717111257901"}, "updated_channels": ["branch:to:call_agent", "delegations", "frames", "pending"]}	{"step": 3, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [1, 2]}}
saved-delegation		1f1eb27e-cff3-6d35-8004-42883cf9efdf	1f1eb27e-cfd1-6304-8003-365ccf1be429	\N	{"v": 4, "id": "1f1eb27e-cff3-6d35-8004-42883cf9efdf", "ts": "2026-11-28T12:33:33.759782+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.17279480949303183"}, "call_agent": {"branch:to:call_agent": "00000000000000000000000000000005.0.8109717111257901"}, "start_task": {"branch:to:start_task": "00000000000000000000000000000002.0.7559929551965894"}, "delegation_guard": {"branch:to:delegation_guard": "00000000000000000000000000000004.0.23550664688279233"}}, "channel_values": {"task": "Launch the billing API before the Q3 partner deadline", "answer": null, "run_id": "5d44034daa154d928a9ce38306fb2218", "status": "answered", "task_id": "saved-delegation-task", "answered_by": null, "entry_agent": "ceo", "tokens_used": 525, "handoff_attempts": 2, "branch:to:delegation_guard": null}, "channel_versions": {"task": "00000000000000000000000000000002.0.7559929551965894", "inbox": "00000000000000000000000000000003.0.05268189693302083", "answer": "00000000000000000000000000000003.0.05268189693302083", "frames": "00000000000000000000000000000005.0.8109717111257901", "run_id": "00000000000000000000000000000003.0.05268189693302083", "status": "00000000000000000000000000000003.0.05268189693302083", "blocked": "00000000000000000000000000000003.0.05268189693302083", "pending": "00000000000000000000000000000006.0.06611395587611413", "task_id": "00000000000000000000000000000003.0.05268189693302083", "messages": "00000000000000000000000000000006.0.06611395587611413", "__start__": "00000000000000000000000000000002.0.7559929551965894", "answered_by": "00000000000000000000000000000003.0.05268189693302083", "delegations": "00000000000000000000000000000005.0.8109717111257901", "entry_agent": "00000000000000000000000000000002.0.7559929551965894", "tokens_used": "00000000000000000000000000000006.0.06611395587611413", "handoff_attempts": "00000000000000000000000000000006.0.06611395587611413", "branch:to:call_agent": "00000000000000000000000000000006.0.06611395587611413", "branch:to:start_task": "00000000000000000000000000000003.0.05268189693302083", "branch:to:delegation_guard": "00000000000000000000000000000006.0.06611395587611413"}, "updated_channels": ["branch:to:delegation_guard", "handoff_attempts", "messages", "pending", "tokens_used"]}	{"step": 4, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [2, 3]}}
saved-delegation		1f1eb27e-d04a-61c3-8005-bebb63daa7fc	1f1eb27e-cff3-6d35-8004-42883cf9efdf	\N	{"v": 4, "id": "1f1eb27e-d04a-61c3-8005-bebb63daa7fc", "ts": "2026-11-28T12:33:33.795129+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.17279480949303183"}, "call_agent": {"branch:to:call_agent": "00000000000000000000000000000005.0.8109717111257901"}, "start_task": {"branch:to:start_task": "00000000000000000000000000000002.0.7559929551965894"}, "delegation_guard": {"branch:to:delegation_guard": "00000000000000000000000000000006.0.06611395587611413"}}, "channel_values": {"task": "Launch the billing API before the Q3 partner deadline", "answer": null, "run_id": "5d44034daa154d928a9ce38306fb2218", "status": "answered", "pending": null, "task_id": "saved-delegation-task", "answered_by": null, "entry_agent": "ceo", "tokens_used": 525, "handoff_attempts": 2, "branch:to:escalate_to_manager": null}, "channel_versions": {"task": "00000000000000000000000000000002.0.7559929551965894", "inbox": "00000000000000000000000000000007.0.21244640476582477", "answer": "00000000000000000000000000000003.0.05268189693302083", "frames": "00000000000000000000000000000005.0.8109717111257901", "run_id": "00000000000000000000000000000003.0.05268189693302083", "status": "00000000000000000000000000000003.0.05268189693302083", "blocked": "00000000000000000000000000000007.0.21244640476582477", "pending": "00000000000000000000000000000007.0.21244640476582477", "task_id": "00000000000000000000000000000003.0.05268189693302083", "messages": "00000000000000000000000000000006.0.06611395587611413", "__start__": "00000000000000000000000000000002.0.7559929551965894", "answered_by": "00000000000000000000000000000003.0.05268189693302083", "delegations": "00000000000000000000000000000005.0.8109717111257901", "entry_agent": "00000000000000000000000000000002.0.7559929551965894", "tokens_used": "00000000000000000000000000000006.0.06611395587611413", "handoff_attempts": "00000000000000000000000000000006.0.06611395587611413", "branch:to:call_agent": "00000000000000000000000000000006.0.06611395587611413", "branch:to:start_task": "00000000000000000000000000000003.0.05268189693302083", "branch:to:delegation_guard": "00000000000000000000000000000007.0.21244640476582477", "branch:to:escalate_to_manager": "00000000000000000000000000000007.0.21244640476582477"}, "updated_channels": ["blocked", "branch:to:escalate_to_manager", "inbox", "pending"]}	{"step": 5, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [2, 4]}}
saved-delegation		1f1eb27e-d06f-6517-8006-fcb032834e02	1f1eb27e-d04a-61c3-8005-bebb63daa7fc	\N	{"v": 4, "id": "1f1eb27e-d06f-6517-8006-fcb032834e02", "ts": "2026-11-28T12:33:33.810369+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.17279480949303183"}, "call_agent": {"branch:to:call_agent": "00000000000000000000000000000005.0.8109717111257901"}, "start_task": {"branch:to:start_task": "00000000000000000000000000000002.0.7559929551965894"}, "delegation_guard": {"branch:to:delegation_guard": "00000000000000000000000000000006.0.06611395587611413"}, "escalate_to_manager": {"branch:to:escalate_to_manager": "00000000000000000000000000000007.0.21244640476582477"}}, "channel_values": {"task": "Launch the billing API before the Q3 partner deadline", "answer": null, "run_id": "5d44034daa154d928a9ce38306fb2218", "status": "answered", "pending": null, "task_id": "saved-delegation-task", "answered_by": null, "entry_agent": "ceo", "tokens_used": 525, "handoff_attempts": 2, "branch:to:call_agent": null}, "channel_versions": {"task": "00000000000000000000000000000002.0.7559929551965894", "inbox": "00000000000000000000000000000007.0.21244640476582477", "answer": "00000000000000000000000000000003.0.05268189693302083", "frames": "00000000000000000000000000000008.0.8458861241184025", "run_id": "00000000000000000000000000000003.0.05268189693302083", "status": "00000000000000000000000000000003.0.05268189693302083", "blocked": "00000000000000000000000000000007.0.21244640476582477", "pending": "00000000000000000000000000000007.0.21244640476582477", "task_id": "00000000000000000000000000000003.0.05268189693302083", "messages": "00000000000000000000000000000006.0.06611395587611413", "__start__": "00000000000000000000000000000002.0.7559929551965894", "answered_by": "00000000000000000000000000000003.0.05268189693302083", "delegations": "00000000000000000000000000000005.0.8109717111257901", "entry_agent": "00000000000000000000000000000002.0.7559929551965894", "tokens_used": "00000000000000000000000000000006.0.06611395587611413", "handoff_attempts": "00000000000000000000000000000006.0.06611395587611413", "branch:to:call_agent": "00000000000000000000000000000008.0.8458861241184025", "branch:to:start_task": "00000000000000000000000000000003.0.05268189693302083", "branch:to:delegation_guard": "00000000000000000000000000000007.0.21244640476582477", "branch:to:escalate_to_manager": "00000000000000000000000000000008.0.8458861241184025"}, "updated_channels": ["branch:to:call_agent", "frames"]}	{"step": 6, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [2, 5]}}
saved-delegation		1f1eb27e-d097-63bd-8007-8bec0a89d758	1f1eb27e-d06f-6517-8006-fcb032834e02	\N	{"v": 4, "id": "1f1eb27e-d097-63bd-8007-8bec0a89d758", "ts": "2026-11-28T12:33:33.826704+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.17279480949303183"}, "call_agent": {"branch:to:call_agent": "00000000000000000000000000000008.0.8458861241184025"}, "start_task": {"branch:to:start_task": "00000000000000000000000000000002.0.7559929551965894"}, "delegation_guard": {"branch:to:delegation_guard": "00000000000000000000000000000006.0.06611395587611413"}, "escalate_to_manager": {"branch:to:escalate_to_manager": "00000000000000000000000000000007.0.21244640476582477"}}, "channel_values": {"task": "Launch the billing API before the Q3 partner deadline", "answer": null, "run_id": "5d44034daa154d928a9ce38306fb2218", "status": "answered", "task_id": "saved-delegation-task", "answered_by": null, "entry_agent": "ceo", "tokens_used": 882, "handoff_attempts": 3, "branch:to:delegation_guard": null}, "channel_versions": {"task": "00000000000000000000000000000002.0.7559929551965894", "inbox": "00000000000000000000000000000007.0.21244640476582477", "answer": "00000000000000000000000000000003.0.05268189693302083", "frames": "00000000000000000000000000000008.0.8458861241184025", "run_id": "00000000000000000000000000000003.0.05268189693302083", "status": "00000000000000000000000000000003.0.05268189693302083", "blocked": "00000000000000000000000000000007.0.21244640476582477", "pending": "00000000000000000000000000000009.0.49173657866217046", "task_id": "00000000000000000000000000000003.0.05268189693302083", "messages": "00000000000000000000000000000009.0.49173657866217046", "__start__": "00000000000000000000000000000002.0.7559929551965894", "answered_by": "00000000000000000000000000000003.0.05268189693302083", "delegations": "00000000000000000000000000000005.0.8109717111257901", "entry_agent": "00000000000000000000000000000002.0.7559929551965894", "tokens_used": "00000000000000000000000000000009.0.49173657866217046", "handoff_attempts": "00000000000000000000000000000009.0.49173657866217046", "branch:to:call_agent": "00000000000000000000000000000009.0.49173657866217046", "branch:to:start_task": "00000000000000000000000000000003.0.05268189693302083", "branch:to:delegation_guard": "00000000000000000000000000000009.0.49173657866217046", "branch:to:escalate_to_manager": "00000000000000000000000000000008.0.8458861241184025"}, "updated_channels": ["branch:to:delegation_guard", "handoff_attempts", "messages", "pending", "tokens_used"]}	{"step": 7, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [3, 6]}}
saved-delegation		1f1eb27e-d0dd-6442-8008-6c609cf519fc	1f1eb27e-d097-63bd-8007-8bec0a89d758	\N	{"v": 4, "id": "1f1eb27e-d0dd-6442-8008-6c609cf519fc", "ts": "2026-11-28T12:33:33.855400+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.17279480949303183"}, "call_agent": {"branch:to:call_agent": "00000000000000000000000000000008.0.8458861241184025"}, "start_task": {"branch:to:start_task": "00000000000000000000000000000002.0.7559929551965894"}, "delegation_guard": {"branch:to:delegation_guard": "00000000000000000000000000000009.0.49173657866217046"}, "escalate_to_manager": {"branch:to:escalate_to_manager": "00000000000000000000000000000007.0.21244640476582477"}}, "channel_values": {"task": "Launch the billing API before the Q3 partner deadline", "answer": null, "run_id": "5d44034daa154d928a9ce38306fb2218", "status": "answered", "pending": null, "task_id": "saved-delegation-task", "answered_by": null, "entry_agent": "ceo", "tokens_used": 882, "handoff_attempts": 3, "branch:to:escalate_to_human": null}, "channel_versions": {"task": "00000000000000000000000000000002.0.7559929551965894", "inbox": "00000000000000000000000000000010.0.7396993167547479", "answer": "00000000000000000000000000000003.0.05268189693302083", "frames": "00000000000000000000000000000008.0.8458861241184025", "run_id": "00000000000000000000000000000003.0.05268189693302083", "status": "00000000000000000000000000000003.0.05268189693302083", "blocked": "00000000000000000000000000000010.0.7396993167547479", "pending": "00000000000000000000000000000010.0.7396993167547479", "task_id": "00000000000000000000000000000003.0.05268189693302083", "messages": "00000000000000000000000000000009.0.49173657866217046", "__start__": "00000000000000000000000000000002.0.7559929551965894", "answered_by": "00000000000000000000000000000003.0.05268189693302083", "delegations": "00000000000000000000000000000005.0.8109717111257901", "entry_agent": "00000000000000000000000000000002.0.7559929551965894", "tokens_used": "00000000000000000000000000000009.0.49173657866217046", "handoff_attempts": "00000000000000000000000000000009.0.49173657866217046", "branch:to:call_agent": "00000000000000000000000000000009.0.49173657866217046", "branch:to:start_task": "00000000000000000000000000000003.0.05268189693302083", "branch:to:delegation_guard": "00000000000000000000000000000010.0.7396993167547479", "branch:to:escalate_to_human": "00000000000000000000000000000010.0.7396993167547479", "branch:to:escalate_to_manager": "00000000000000000000000000000008.0.8458861241184025"}, "updated_channels": ["blocked", "branch:to:escalate_to_human", "inbox", "pending"]}	{"step": 8, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [3, 7]}}
saved-delegation		1f1eb27e-d133-61e6-8009-b4e9ef16ae0e	1f1eb27e-d0dd-6442-8008-6c609cf519fc	\N	{"v": 4, "id": "1f1eb27e-d133-61e6-8009-b4e9ef16ae0e", "ts": "2026-11-28T12:33:33.890517+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.17279480949303183"}, "call_agent": {"branch:to:call_agent": "00000000000000000000000000000008.0.8458861241184025"}, "start_task": {"branch:to:start_task": "00000000000000000000000000000002.0.7559929551965894"}, "delegation_guard": {"branch:to:delegation_guard": "00000000000000000000000000000009.0.49173657866217046"}, "escalate_to_human": {"branch:to:escalate_to_human": "00000000000000000000000000000010.0.7396993167547479"}, "escalate_to_manager": {"branch:to:escalate_to_manager": "00000000000000000000000000000007.0.21244640476582477"}}, "channel_values": {"task": "Launch the billing API before the Q3 partner deadline", "answer": null, "run_id": "5d44034daa154d928a9ce38306fb2218", "status": "answered", "pending": null, "task_id": "saved-delegation-task", "answered_by": null, "entry_agent": "ceo", "tokens_used": 882, "escalation_id": "55950df1-0c6f-523f-b933-398b8c82422e", "escalation_error": null, "handoff_attempts": 3, "escalation_attempts": 0, "escalation_decision": null, "branch:to:await_human": null, "escalation_expires_at": null}, "channel_versions": {"task": "00000000000000000000000000000002.0.7559929551965894", "inbox": "00000000000000000000000000000010.0.7396993167547479", "answer": "00000000000000000000000000000003.0.05268189693302083", "frames": "00000000000000000000000000000008.0.8458861241184025", "run_id": "00000000000000000000000000000003.0.05268189693302083", "status": "00000000000000000000000000000003.0.05268189693302083", "blocked": "00000000000000000000000000000010.0.7396993167547479", "pending": "00000000000000000000000000000010.0.7396993167547479", "task_id": "00000000000000000000000000000003.0.05268189693302083", "messages": "00000000000000000000000000000009.0.49173657866217046", "__start__": "00000000000000000000000000000002.0.7559929551965894", "answered_by": "00000000000000000000000000000003.0.05268189693302083", "delegations": "00000000000000000000000000000005.0.8109717111257901", "entry_agent": "00000000000000000000000000000002.0.7559929551965894", "tokens_used": "00000000000000000000000000000009.0.49173657866217046", "escalation_id": "00000000000000000000000000000011.0.6408533914165467", "escalation_error": "00000000000000000000000000000011.0.6408533914165467", "handoff_attempts": "00000000000000000000000000000009.0.49173657866217046", "escalation_attempts": "00000000000000000000000000000011.0.6408533914165467", "escalation_decision": "00000000000000000000000000000011.0.6408533914165467", "branch:to:call_agent": "00000000000000000000000000000009.0.49173657866217046", "branch:to:start_task": "00000000000000000000000000000003.0.05268189693302083", "branch:to:await_human": "00000000000000000000000000000011.0.6408533914165467", "escalation_expires_at": "00000000000000000000000000000011.0.6408533914165467", "branch:to:delegation_guard": "00000000000000000000000000000010.0.7396993167547479", "branch:to:escalate_to_human": "00000000000000000000000000000011.0.6408533914165467", "branch:to:escalate_to_manager": "00000000000000000000000000000008.0.8458861241184025"}, "updated_channels": ["branch:to:await_human", "escalation_attempts", "escalation_decision", "escalation_error", "escalation_expires_at", "escalation_id"]}	{"step": 9, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [3, 8]}}
saved-pipeline		1f1eb27e-d3c3-60ea-bfff-865721d2bdb1	\N	\N	{"v": 4, "id": "1f1eb27e-d3c3-60ea-bfff-865721d2bdb1", "ts": "2026-11-28T12:33:34.159255+00:00", "versions_seen": {"__input__": {}}, "channel_values": {}, "channel_versions": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "updated_channels": ["__start__"]}	{"step": -1, "source": "input", "parents": {}, "counters_since_delta_snapshot": {"merges": [0, 1], "messages": [0, 1], "outcomes": [0, 1]}}
saved-pipeline		1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	1f1eb27e-d3c3-60ea-bfff-865721d2bdb1	\N	{"v": 4, "id": "1f1eb27e-d3e5-65b0-8000-bafe219ef0d7", "ts": "2026-11-28T12:33:34.173289+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}}, "channel_values": {"branch:to:decompose": null}, "channel_versions": {"task": "00000000000000000000000000000002.0.4803061775259112", "__start__": "00000000000000000000000000000002.0.4803061775259112", "branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}, "updated_channels": ["branch:to:decompose", "task"]}	{"step": 0, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"merges": [0, 2], "messages": [0, 2], "outcomes": [0, 2]}}
saved-pipeline		1f1eb27e-d423-6c73-8001-5a14131ebe52	1f1eb27e-d3e5-65b0-8000-bafe219ef0d7	\N	{"v": 4, "id": "1f1eb27e-d423-6c73-8001-5a14131ebe52", "ts": "2026-11-28T12:33:34.198833+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "decompose": {"branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}}, "channel_values": {"merges": true, "run_id": "8a12f7a266994c8e8376d97f04cf325b", "messages": true, "outcomes": true, "subtasks": null, "topology": null, "recovering": null, "integration": null, "merge_ruling": null, "workspace_id": null, "escalation_id": null, "merge_pending": null, "branch:to:route": null, "dispatch_started": null, "escalation_decision": null}, "channel_versions": {"plan": "00000000000000000000000000000003.0.80714401481791", "task": "00000000000000000000000000000003.0.80714401481791", "batch": "00000000000000000000000000000003.0.80714401481791", "merges": "00000000000000000000000000000003.0.80714401481791", "phases": "00000000000000000000000000000003.0.80714401481791", "run_id": "00000000000000000000000000000003.0.80714401481791", "routing": "00000000000000000000000000000003.0.80714401481791", "handoffs": "00000000000000000000000000000003.0.80714401481791", "messages": "00000000000000000000000000000003.0.80714401481791", "outcomes": "00000000000000000000000000000003.0.80714401481791", "subtasks": "00000000000000000000000000000003.0.80714401481791", "topology": "00000000000000000000000000000003.0.80714401481791", "warnings": "00000000000000000000000000000003.0.80714401481791", "__start__": "00000000000000000000000000000002.0.4803061775259112", "recovering": "00000000000000000000000000000003.0.80714401481791", "integration": "00000000000000000000000000000003.0.80714401481791", "merge_ruling": "00000000000000000000000000000003.0.80714401481791", "workspace_id": "00000000000000000000000000000003.0.80714401481791", "escalation_id": "00000000000000000000000000000003.0.80714401481791", "merge_pending": "00000000000000000000000000000003.0.80714401481791", "branch:to:route": "00000000000000000000000000000003.0.80714401481791", "dispatch_started": "00000000000000000000000000000003.0.80714401481791", "branch:to:decompose": "00000000000000000000000000000003.0.80714401481791", "escalation_decision": "00000000000000000000000000000003.0.80714401481791"}, "updated_channels": ["batch", "branch:to:route", "dispatch_started", "escalation_decision", "escalation_id", "handoffs", "integration", "merge_pending", "merge_ruling", "merges", "messages", "outcomes", "phases", "plan", "recovering", "routing", "run_id", "subtasks", "task", "topology", "warnings", "workspace_id"]}	{"step": 1, "source": "loop", "parents": {}}
saved-pipeline		1f1eb27e-d47b-643d-8002-fea8a0310a7a	1f1eb27e-d423-6c73-8001-5a14131ebe52	\N	{"v": 4, "id": "1f1eb27e-d47b-643d-8002-fea8a0310a7a", "ts": "2026-11-28T12:33:34.234675+00:00", "versions_seen": {"route": {"branch:to:route": "00000000000000000000000000000003.0.80714401481791"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "decompose": {"branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}}, "channel_values": {"run_id": "8a12f7a266994c8e8376d97f04cf325b", "subtasks": null, "topology": null, "recovering": null, "integration": null, "merge_ruling": null, "workspace_id": null, "escalation_id": null, "merge_pending": null, "dispatch_started": null, "escalation_decision": null, "branch:to:resolve_topology": null}, "channel_versions": {"plan": "00000000000000000000000000000003.0.80714401481791", "task": "00000000000000000000000000000003.0.80714401481791", "batch": "00000000000000000000000000000003.0.80714401481791", "merges": "00000000000000000000000000000003.0.80714401481791", "phases": "00000000000000000000000000000004.0.44763198149481154", "run_id": "00000000000000000000000000000003.0.80714401481791", "routing": "00000000000000000000000000000004.0.44763198149481154", "handoffs": "00000000000000000000000000000003.0.80714401481791", "messages": "00000000000000000000000000000003.0.80714401481791", "outcomes": "00000000000000000000000000000004.0.44763198149481154", "subtasks": "00000000000000000000000000000003.0.80714401481791", "topology": "00000000000000000000000000000003.0.80714401481791", "warnings": "00000000000000000000000000000004.0.44763198149481154", "__start__": "00000000000000000000000000000002.0.4803061775259112", "recovering": "00000000000000000000000000000003.0.80714401481791", "integration": "00000000000000000000000000000003.0.80714401481791", "merge_ruling": "00000000000000000000000000000003.0.80714401481791", "workspace_id": "00000000000000000000000000000003.0.80714401481791", "escalation_id": "00000000000000000000000000000003.0.80714401481791", "merge_pending": "00000000000000000000000000000003.0.80714401481791", "branch:to:route": "00000000000000000000000000000004.0.44763198149481154", "dispatch_started": "00000000000000000000000000000003.0.80714401481791", "branch:to:decompose": "00000000000000000000000000000003.0.80714401481791", "escalation_decision": "00000000000000000000000000000003.0.80714401481791", "branch:to:resolve_topology": "00000000000000000000000000000004.0.44763198149481154"}, "updated_channels": ["branch:to:resolve_topology", "outcomes", "phases", "routing", "warnings"]}	{"step": 2, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"merges": [0, 1], "messages": [0, 1], "outcomes": [1, 1]}}
saved-pipeline		1f1eb27e-d4ab-6f0d-8003-cae676898552	1f1eb27e-d47b-643d-8002-fea8a0310a7a	\N	{"v": 4, "id": "1f1eb27e-d4ab-6f0d-8003-cae676898552", "ts": "2026-11-28T12:33:34.254613+00:00", "versions_seen": {"route": {"branch:to:route": "00000000000000000000000000000003.0.80714401481791"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "decompose": {"branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}, "resolve_topology": {"branch:to:resolve_topology": "00000000000000000000000000000004.0.44763198149481154"}}, "channel_values": {"run_id": "8a12f7a266994c8e8376d97f04cf325b", "subtasks": null, "recovering": null, "integration": null, "merge_ruling": null, "workspace_id": null, "escalation_id": null, "merge_pending": null, "dispatch_started": null, "branch:to:validate": null, "escalation_decision": null}, "channel_versions": {"plan": "00000000000000000000000000000003.0.80714401481791", "task": "00000000000000000000000000000003.0.80714401481791", "batch": "00000000000000000000000000000003.0.80714401481791", "merges": "00000000000000000000000000000003.0.80714401481791", "phases": "00000000000000000000000000000005.0.562830127213413", "run_id": "00000000000000000000000000000003.0.80714401481791", "routing": "00000000000000000000000000000004.0.44763198149481154", "handoffs": "00000000000000000000000000000003.0.80714401481791", "messages": "00000000000000000000000000000003.0.80714401481791", "outcomes": "00000000000000000000000000000004.0.44763198149481154", "subtasks": "00000000000000000000000000000003.0.80714401481791", "topology": "00000000000000000000000000000005.0.562830127213413", "warnings": "00000000000000000000000000000004.0.44763198149481154", "__start__": "00000000000000000000000000000002.0.4803061775259112", "recovering": "00000000000000000000000000000003.0.80714401481791", "integration": "00000000000000000000000000000003.0.80714401481791", "merge_ruling": "00000000000000000000000000000003.0.80714401481791", "workspace_id": "00000000000000000000000000000003.0.80714401481791", "escalation_id": "00000000000000000000000000000003.0.80714401481791", "merge_pending": "00000000000000000000000000000003.0.80714401481791", "branch:to:route": "00000000000000000000000000000004.0.44763198149481154", "dispatch_started": "00000000000000000000000000000003.0.80714401481791", "branch:to:validate": "00000000000000000000000000000005.0.562830127213413", "branch:to:decompose": "00000000000000000000000000000003.0.80714401481791", "escalation_decision": "00000000000000000000000000000003.0.80714401481791", "branch:to:resolve_topology": "00000000000000000000000000000005.0.562830127213413"}, "updated_channels": ["branch:to:validate", "phases", "topology"]}	{"step": 3, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"merges": [0, 2], "messages": [0, 2], "outcomes": [1, 2]}}
saved-pipeline		1f1eb27e-d4dd-6036-8004-1cc55ccafe9a	1f1eb27e-d4ab-6f0d-8003-cae676898552	\N	{"v": 4, "id": "1f1eb27e-d4dd-6036-8004-1cc55ccafe9a", "ts": "2026-11-28T12:33:34.274713+00:00", "versions_seen": {"route": {"branch:to:route": "00000000000000000000000000000003.0.80714401481791"}, "validate": {"branch:to:validate": "00000000000000000000000000000005.0.562830127213413"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "decompose": {"branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}, "resolve_topology": {"branch:to:resolve_topology": "00000000000000000000000000000004.0.44763198149481154"}}, "channel_values": {"run_id": "8a12f7a266994c8e8376d97f04cf325b", "subtasks": null, "recovering": null, "integration": null, "merge_ruling": null, "workspace_id": null, "escalation_id": null, "merge_pending": null, "dispatch_started": null, "escalation_decision": null, "branch:to:guard_handoffs": null}, "channel_versions": {"plan": "00000000000000000000000000000003.0.80714401481791", "task": "00000000000000000000000000000003.0.80714401481791", "batch": "00000000000000000000000000000003.0.80714401481791", "merges": "00000000000000000000000000000003.0.80714401481791", "phases": "00000000000000000000000000000006.0.8990992315145973", "run_id": "00000000000000000000000000000003.0.80714401481791", "routing": "00000000000000000000000000000004.0.44763198149481154", "handoffs": "00000000000000000000000000000003.0.80714401481791", "messages": "00000000000000000000000000000003.0.80714401481791", "outcomes": "00000000000000000000000000000004.0.44763198149481154", "subtasks": "00000000000000000000000000000003.0.80714401481791", "topology": "00000000000000000000000000000005.0.562830127213413", "warnings": "00000000000000000000000000000004.0.44763198149481154", "__start__": "00000000000000000000000000000002.0.4803061775259112", "recovering": "00000000000000000000000000000003.0.80714401481791", "integration": "00000000000000000000000000000003.0.80714401481791", "merge_ruling": "00000000000000000000000000000003.0.80714401481791", "workspace_id": "00000000000000000000000000000003.0.80714401481791", "escalation_id": "00000000000000000000000000000003.0.80714401481791", "merge_pending": "00000000000000000000000000000003.0.80714401481791", "branch:to:route": "00000000000000000000000000000004.0.44763198149481154", "dispatch_started": "00000000000000000000000000000003.0.80714401481791", "branch:to:validate": "00000000000000000000000000000006.0.8990992315145973", "branch:to:decompose": "00000000000000000000000000000003.0.80714401481791", "escalation_decision": "00000000000000000000000000000003.0.80714401481791", "branch:to:guard_handoffs": "00000000000000000000000000000006.0.8990992315145973", "branch:to:resolve_topology": "00000000000000000000000000000005.0.562830127213413"}, "updated_channels": ["branch:to:guard_handoffs", "phases"]}	{"step": 4, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"merges": [0, 3], "messages": [0, 3], "outcomes": [1, 3]}}
saved-pipeline		1f1eb27e-d52c-64f6-8005-f9b1bb986d9c	1f1eb27e-d4dd-6036-8004-1cc55ccafe9a	\N	{"v": 4, "id": "1f1eb27e-d52c-64f6-8005-f9b1bb986d9c", "ts": "2026-11-28T12:33:34.307199+00:00", "versions_seen": {"route": {"branch:to:route": "00000000000000000000000000000003.0.80714401481791"}, "validate": {"branch:to:validate": "00000000000000000000000000000005.0.562830127213413"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "decompose": {"branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}, "guard_handoffs": {"branch:to:guard_handoffs": "00000000000000000000000000000006.0.8990992315145973"}, "resolve_topology": {"branch:to:resolve_topology": "00000000000000000000000000000004.0.44763198149481154"}}, "channel_values": {"run_id": "8a12f7a266994c8e8376d97f04cf325b", "subtasks": null, "recovering": null, "integration": null, "merge_ruling": null, "workspace_id": null, "escalation_id": null, "merge_pending": null, "dispatch_started": 1795869214.3065872, "escalation_decision": null, "branch:to:open_workspace": null}, "channel_versions": {"plan": "00000000000000000000000000000003.0.80714401481791", "task": "00000000000000000000000000000003.0.80714401481791", "batch": "00000000000000000000000000000003.0.80714401481791", "merges": "00000000000000000000000000000003.0.80714401481791", "phases": "00000000000000000000000000000006.0.8990992315145973", "run_id": "00000000000000000000000000000003.0.80714401481791", "routing": "00000000000000000000000000000004.0.44763198149481154", "handoffs": "00000000000000000000000000000007.0.6078837646191886", "messages": "00000000000000000000000000000003.0.80714401481791", "outcomes": "00000000000000000000000000000007.0.6078837646191886", "subtasks": "00000000000000000000000000000003.0.80714401481791", "topology": "00000000000000000000000000000005.0.562830127213413", "warnings": "00000000000000000000000000000004.0.44763198149481154", "__start__": "00000000000000000000000000000002.0.4803061775259112", "recovering": "00000000000000000000000000000003.0.80714401481791", "integration": "00000000000000000000000000000003.0.80714401481791", "merge_ruling": "00000000000000000000000000000003.0.80714401481791", "workspace_id": "00000000000000000000000000000003.0.80714401481791", "escalation_id": "00000000000000000000000000000003.0.80714401481791", "merge_pending": "00000000000000000000000000000003.0.80714401481791", "branch:to:route": "00000000000000000000000000000004.0.44763198149481154", "dispatch_started": "00000000000000000000000000000007.0.6078837646191886", "branch:to:validate": "00000000000000000000000000000006.0.8990992315145973", "branch:to:decompose": "00000000000000000000000000000003.0.80714401481791", "escalation_decision": "00000000000000000000000000000003.0.80714401481791", "branch:to:guard_handoffs": "00000000000000000000000000000007.0.6078837646191886", "branch:to:open_workspace": "00000000000000000000000000000007.0.6078837646191886", "branch:to:resolve_topology": "00000000000000000000000000000005.0.562830127213413"}, "updated_channels": ["branch:to:open_workspace", "dispatch_started", "handoffs", "outcomes"]}	{"step": 5, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"merges": [0, 4], "messages": [0, 4], "outcomes": [2, 4]}}
saved-pipeline		1f1eb27e-d79d-6b8e-8006-1d4af9944d6a	1f1eb27e-d52c-64f6-8005-f9b1bb986d9c	\N	{"v": 4, "id": "1f1eb27e-d79d-6b8e-8006-1d4af9944d6a", "ts": "2026-11-28T12:33:34.563362+00:00", "versions_seen": {"route": {"branch:to:route": "00000000000000000000000000000003.0.80714401481791"}, "validate": {"branch:to:validate": "00000000000000000000000000000005.0.562830127213413"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "decompose": {"branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}, "guard_handoffs": {"branch:to:guard_handoffs": "00000000000000000000000000000006.0.8990992315145973"}, "open_workspace": {"branch:to:open_workspace": "00000000000000000000000000000007.0.6078837646191886"}, "resolve_topology": {"branch:to:resolve_topology": "00000000000000000000000000000004.0.44763198149481154"}}, "channel_values": {"run_id": "8a12f7a266994c8e8376d97f04cf325b", "subtasks": null, "recovering": null, "integration": null, "merge_ruling": null, "workspace_id": "saved-billing-8a12f7a26699", "escalation_id": null, "merge_pending": null, "dispatch_started": 1795869214.3065872, "branch:to:dispatch": null, "escalation_decision": null}, "channel_versions": {"plan": "00000000000000000000000000000003.0.80714401481791", "task": "00000000000000000000000000000003.0.80714401481791", "batch": "00000000000000000000000000000003.0.80714401481791", "merges": "00000000000000000000000000000003.0.80714401481791", "phases": "00000000000000000000000000000006.0.8990992315145973", "run_id": "00000000000000000000000000000003.0.80714401481791", "routing": "00000000000000000000000000000004.0.44763198149481154", "handoffs": "00000000000000000000000000000007.0.6078837646191886", "messages": "00000000000000000000000000000003.0.80714401481791", "outcomes": "00000000000000000000000000000007.0.6078837646191886", "subtasks": "00000000000000000000000000000003.0.80714401481791", "topology": "00000000000000000000000000000005.0.562830127213413", "warnings": "00000000000000000000000000000004.0.44763198149481154", "__start__": "00000000000000000000000000000002.0.4803061775259112", "recovering": "00000000000000000000000000000003.0.80714401481791", "integration": "00000000000000000000000000000003.0.80714401481791", "merge_ruling": "00000000000000000000000000000003.0.80714401481791", "workspace_id": "00000000000000000000000000000008.0.5854936733213758", "escalation_id": "00000000000000000000000000000003.0.80714401481791", "merge_pending": "00000000000000000000000000000003.0.80714401481791", "branch:to:route": "00000000000000000000000000000004.0.44763198149481154", "dispatch_started": "00000000000000000000000000000007.0.6078837646191886", "branch:to:dispatch": "00000000000000000000000000000008.0.5854936733213758", "branch:to:validate": "00000000000000000000000000000006.0.8990992315145973", "branch:to:decompose": "00000000000000000000000000000003.0.80714401481791", "escalation_decision": "00000000000000000000000000000003.0.80714401481791", "branch:to:guard_handoffs": "00000000000000000000000000000007.0.6078837646191886", "branch:to:open_workspace": "00000000000000000000000000000008.0.5854936733213758", "branch:to:resolve_topology": "00000000000000000000000000000005.0.562830127213413"}, "updated_channels": ["branch:to:dispatch", "workspace_id"]}	{"step": 6, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"merges": [0, 5], "messages": [0, 5], "outcomes": [2, 5]}}
saved-pipeline		1f1eb27e-d7b5-6f17-8007-af3b4377fccc	1f1eb27e-d79d-6b8e-8006-1d4af9944d6a	\N	{"v": 4, "id": "1f1eb27e-d7b5-6f17-8007-af3b4377fccc", "ts": "2026-11-28T12:33:34.573288+00:00", "versions_seen": {"route": {"branch:to:route": "00000000000000000000000000000003.0.80714401481791"}, "dispatch": {"branch:to:dispatch": "00000000000000000000000000000008.0.5854936733213758"}, "validate": {"branch:to:validate": "00000000000000000000000000000005.0.562830127213413"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "decompose": {"branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}, "guard_handoffs": {"branch:to:guard_handoffs": "00000000000000000000000000000006.0.8990992315145973"}, "open_workspace": {"branch:to:open_workspace": "00000000000000000000000000000007.0.6078837646191886"}, "resolve_topology": {"branch:to:resolve_topology": "00000000000000000000000000000004.0.44763198149481154"}}, "channel_values": {"run_id": "8a12f7a266994c8e8376d97f04cf325b", "subtasks": null, "recovering": null, "integration": null, "merge_ruling": null, "workspace_id": "saved-billing-8a12f7a26699", "escalation_id": null, "merge_pending": null, "dispatch_started": 1795869214.3065872, "escalation_decision": null, "branch:to:create_worktrees": null}, "channel_versions": {"plan": "00000000000000000000000000000003.0.80714401481791", "task": "00000000000000000000000000000003.0.80714401481791", "batch": "00000000000000000000000000000009.0.7060208299190563", "merges": "00000000000000000000000000000003.0.80714401481791", "phases": "00000000000000000000000000000006.0.8990992315145973", "run_id": "00000000000000000000000000000003.0.80714401481791", "routing": "00000000000000000000000000000004.0.44763198149481154", "handoffs": "00000000000000000000000000000007.0.6078837646191886", "messages": "00000000000000000000000000000003.0.80714401481791", "outcomes": "00000000000000000000000000000009.0.7060208299190563", "subtasks": "00000000000000000000000000000003.0.80714401481791", "topology": "00000000000000000000000000000005.0.562830127213413", "warnings": "00000000000000000000000000000004.0.44763198149481154", "__start__": "00000000000000000000000000000002.0.4803061775259112", "recovering": "00000000000000000000000000000003.0.80714401481791", "integration": "00000000000000000000000000000003.0.80714401481791", "merge_ruling": "00000000000000000000000000000003.0.80714401481791", "workspace_id": "00000000000000000000000000000008.0.5854936733213758", "escalation_id": "00000000000000000000000000000003.0.80714401481791", "merge_pending": "00000000000000000000000000000003.0.80714401481791", "branch:to:route": "00000000000000000000000000000004.0.44763198149481154", "dispatch_started": "00000000000000000000000000000007.0.6078837646191886", "branch:to:dispatch": "00000000000000000000000000000009.0.7060208299190563", "branch:to:validate": "00000000000000000000000000000006.0.8990992315145973", "branch:to:decompose": "00000000000000000000000000000003.0.80714401481791", "escalation_decision": "00000000000000000000000000000003.0.80714401481791", "branch:to:guard_handoffs": "00000000000000000000000000000007.0.6078837646191886", "branch:to:open_workspace": "00000000000000000000000000000008.0.5854936733213758", "branch:to:create_worktrees": "00000000000000000000000000000009.0.7060208299190563", "branch:to:resolve_topology": "00000000000000000000000000000005.0.562830127213413"}, "updated_channels": ["batch", "branch:to:create_worktrees", "outcomes"]}	{"step": 7, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"merges": [0, 6], "messages": [0, 6], "outcomes": [3, 6]}}
saved-pipeline		1f1eb27e-d8ea-6c84-8008-fe4ec9824690	1f1eb27e-d7b5-6f17-8007-af3b4377fccc	\N	{"v": 4, "id": "1f1eb27e-d8ea-6c84-8008-fe4ec9824690", "ts": "2026-11-28T12:33:34.699783+00:00", "versions_seen": {"route": {"branch:to:route": "00000000000000000000000000000003.0.80714401481791"}, "dispatch": {"branch:to:dispatch": "00000000000000000000000000000008.0.5854936733213758"}, "validate": {"branch:to:validate": "00000000000000000000000000000005.0.562830127213413"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "decompose": {"branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}, "guard_handoffs": {"branch:to:guard_handoffs": "00000000000000000000000000000006.0.8990992315145973"}, "open_workspace": {"branch:to:open_workspace": "00000000000000000000000000000007.0.6078837646191886"}, "create_worktrees": {"branch:to:create_worktrees": "00000000000000000000000000000009.0.7060208299190563"}, "resolve_topology": {"branch:to:resolve_topology": "00000000000000000000000000000004.0.44763198149481154"}}, "channel_values": {"run_id": "8a12f7a266994c8e8376d97f04cf325b", "subtasks": null, "recovering": null, "integration": null, "merge_ruling": null, "workspace_id": "saved-billing-8a12f7a26699", "escalation_id": null, "merge_pending": null, "dispatch_started": 1795869214.3065872, "escalation_decision": null}, "channel_versions": {"plan": "00000000000000000000000000000003.0.80714401481791", "task": "00000000000000000000000000000003.0.80714401481791", "batch": "00000000000000000000000000000009.0.7060208299190563", "merges": "00000000000000000000000000000003.0.80714401481791", "phases": "00000000000000000000000000000006.0.8990992315145973", "run_id": "00000000000000000000000000000003.0.80714401481791", "routing": "00000000000000000000000000000004.0.44763198149481154", "handoffs": "00000000000000000000000000000007.0.6078837646191886", "messages": "00000000000000000000000000000003.0.80714401481791", "outcomes": "00000000000000000000000000000009.0.7060208299190563", "subtasks": "00000000000000000000000000000003.0.80714401481791", "topology": "00000000000000000000000000000005.0.562830127213413", "warnings": "00000000000000000000000000000004.0.44763198149481154", "__start__": "00000000000000000000000000000002.0.4803061775259112", "recovering": "00000000000000000000000000000003.0.80714401481791", "integration": "00000000000000000000000000000003.0.80714401481791", "merge_ruling": "00000000000000000000000000000003.0.80714401481791", "workspace_id": "00000000000000000000000000000008.0.5854936733213758", "escalation_id": "00000000000000000000000000000003.0.80714401481791", "merge_pending": "00000000000000000000000000000003.0.80714401481791", "__pregel_tasks": "00000000000000000000000000000010.0.9854600916792491", "branch:to:route": "00000000000000000000000000000004.0.44763198149481154", "dispatch_started": "00000000000000000000000000000007.0.6078837646191886", "branch:to:dispatch": "00000000000000000000000000000009.0.7060208299190563", "branch:to:validate": "00000000000000000000000000000006.0.8990992315145973", "branch:to:decompose": "00000000000000000000000000000003.0.80714401481791", "escalation_decision": "00000000000000000000000000000003.0.80714401481791", "branch:to:guard_handoffs": "00000000000000000000000000000007.0.6078837646191886", "branch:to:open_workspace": "00000000000000000000000000000008.0.5854936733213758", "branch:to:create_worktrees": "00000000000000000000000000000010.0.9854600916792491", "branch:to:resolve_topology": "00000000000000000000000000000005.0.562830127213413"}, "updated_channels": ["__pregel_tasks"]}	{"step": 8, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"merges": [0, 7], "messages": [0, 7], "outcomes": [3, 7]}}
saved-pipeline		1f1eb27e-da23-68b5-8009-7e99bb13560d	1f1eb27e-d8ea-6c84-8008-fe4ec9824690	\N	{"v": 4, "id": "1f1eb27e-da23-68b5-8009-7e99bb13560d", "ts": "2026-11-28T12:33:34.827886+00:00", "versions_seen": {"route": {"branch:to:route": "00000000000000000000000000000003.0.80714401481791"}, "dispatch": {"branch:to:dispatch": "00000000000000000000000000000008.0.5854936733213758"}, "validate": {"branch:to:validate": "00000000000000000000000000000005.0.562830127213413"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "decompose": {"branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}, "guard_handoffs": {"branch:to:guard_handoffs": "00000000000000000000000000000006.0.8990992315145973"}, "open_workspace": {"branch:to:open_workspace": "00000000000000000000000000000007.0.6078837646191886"}, "execute_subtask": {}, "create_worktrees": {"branch:to:create_worktrees": "00000000000000000000000000000009.0.7060208299190563"}, "resolve_topology": {"branch:to:resolve_topology": "00000000000000000000000000000004.0.44763198149481154"}}, "channel_values": {"run_id": "8a12f7a266994c8e8376d97f04cf325b", "subtasks": null, "recovering": null, "integration": null, "merge_ruling": null, "workspace_id": "saved-billing-8a12f7a26699", "escalation_id": null, "merge_pending": null, "dispatch_started": 1795869214.3065872, "escalation_decision": null, "branch:to:merge_subtasks": null}, "channel_versions": {"plan": "00000000000000000000000000000003.0.80714401481791", "task": "00000000000000000000000000000003.0.80714401481791", "batch": "00000000000000000000000000000009.0.7060208299190563", "merges": "00000000000000000000000000000003.0.80714401481791", "phases": "00000000000000000000000000000006.0.8990992315145973", "run_id": "00000000000000000000000000000003.0.80714401481791", "routing": "00000000000000000000000000000004.0.44763198149481154", "handoffs": "00000000000000000000000000000007.0.6078837646191886", "messages": "00000000000000000000000000000011.0.2177103855099879", "outcomes": "00000000000000000000000000000011.0.2177103855099879", "subtasks": "00000000000000000000000000000003.0.80714401481791", "topology": "00000000000000000000000000000005.0.562830127213413", "warnings": "00000000000000000000000000000004.0.44763198149481154", "__start__": "00000000000000000000000000000002.0.4803061775259112", "recovering": "00000000000000000000000000000003.0.80714401481791", "integration": "00000000000000000000000000000003.0.80714401481791", "merge_ruling": "00000000000000000000000000000003.0.80714401481791", "workspace_id": "00000000000000000000000000000008.0.5854936733213758", "escalation_id": "00000000000000000000000000000003.0.80714401481791", "merge_pending": "00000000000000000000000000000003.0.80714401481791", "__pregel_tasks": "00000000000000000000000000000011.0.2177103855099879", "branch:to:route": "00000000000000000000000000000004.0.44763198149481154", "dispatch_started": "00000000000000000000000000000007.0.6078837646191886", "branch:to:dispatch": "00000000000000000000000000000009.0.7060208299190563", "branch:to:validate": "00000000000000000000000000000006.0.8990992315145973", "branch:to:decompose": "00000000000000000000000000000003.0.80714401481791", "escalation_decision": "00000000000000000000000000000003.0.80714401481791", "branch:to:guard_handoffs": "00000000000000000000000000000007.0.6078837646191886", "branch:to:merge_subtasks": "00000000000000000000000000000011.0.2177103855099879", "branch:to:open_workspace": "00000000000000000000000000000008.0.5854936733213758", "branch:to:create_worktrees": "00000000000000000000000000000010.0.9854600916792491", "branch:to:resolve_topology": "00000000000000000000000000000005.0.562830127213413"}, "updated_channels": ["branch:to:merge_subtasks", "messages", "outcomes"]}	{"step": 9, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"merges": [0, 8], "messages": [1, 8], "outcomes": [4, 8]}}
saved-pipeline		1f1eb27e-e187-6b9b-800a-4bd1c55604fa	1f1eb27e-da23-68b5-8009-7e99bb13560d	\N	{"v": 4, "id": "1f1eb27e-e187-6b9b-800a-4bd1c55604fa", "ts": "2026-11-28T12:33:35.602943+00:00", "versions_seen": {"route": {"branch:to:route": "00000000000000000000000000000003.0.80714401481791"}, "dispatch": {"branch:to:dispatch": "00000000000000000000000000000008.0.5854936733213758"}, "validate": {"branch:to:validate": "00000000000000000000000000000005.0.562830127213413"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "decompose": {"branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}, "guard_handoffs": {"branch:to:guard_handoffs": "00000000000000000000000000000006.0.8990992315145973"}, "merge_subtasks": {"branch:to:merge_subtasks": "00000000000000000000000000000011.0.2177103855099879"}, "open_workspace": {"branch:to:open_workspace": "00000000000000000000000000000007.0.6078837646191886"}, "execute_subtask": {}, "create_worktrees": {"branch:to:create_worktrees": "00000000000000000000000000000009.0.7060208299190563"}, "resolve_topology": {"branch:to:resolve_topology": "00000000000000000000000000000004.0.44763198149481154"}}, "channel_values": {"run_id": "8a12f7a266994c8e8376d97f04cf325b", "subtasks": null, "recovering": null, "integration": null, "merge_ruling": null, "workspace_id": "saved-billing-8a12f7a26699", "escalation_id": null, "dispatch_started": 1795869214.3065872, "escalation_decision": null, "branch:to:open_merge_escalation": null}, "channel_versions": {"plan": "00000000000000000000000000000003.0.80714401481791", "task": "00000000000000000000000000000003.0.80714401481791", "batch": "00000000000000000000000000000009.0.7060208299190563", "merges": "00000000000000000000000000000012.0.8019787810714761", "phases": "00000000000000000000000000000006.0.8990992315145973", "run_id": "00000000000000000000000000000003.0.80714401481791", "routing": "00000000000000000000000000000004.0.44763198149481154", "handoffs": "00000000000000000000000000000007.0.6078837646191886", "messages": "00000000000000000000000000000011.0.2177103855099879", "outcomes": "00000000000000000000000000000012.0.8019787810714761", "subtasks": "00000000000000000000000000000003.0.80714401481791", "topology": "00000000000000000000000000000005.0.562830127213413", "warnings": "00000000000000000000000000000004.0.44763198149481154", "__start__": "00000000000000000000000000000002.0.4803061775259112", "recovering": "00000000000000000000000000000003.0.80714401481791", "integration": "00000000000000000000000000000003.0.80714401481791", "merge_ruling": "00000000000000000000000000000012.0.8019787810714761", "workspace_id": "00000000000000000000000000000008.0.5854936733213758", "escalation_id": "00000000000000000000000000000003.0.80714401481791", "merge_pending": "00000000000000000000000000000012.0.8019787810714761", "__pregel_tasks": "00000000000000000000000000000011.0.2177103855099879", "branch:to:route": "00000000000000000000000000000004.0.44763198149481154", "dispatch_started": "00000000000000000000000000000007.0.6078837646191886", "branch:to:dispatch": "00000000000000000000000000000009.0.7060208299190563", "branch:to:validate": "00000000000000000000000000000006.0.8990992315145973", "branch:to:decompose": "00000000000000000000000000000003.0.80714401481791", "escalation_decision": "00000000000000000000000000000003.0.80714401481791", "branch:to:guard_handoffs": "00000000000000000000000000000007.0.6078837646191886", "branch:to:merge_subtasks": "00000000000000000000000000000012.0.8019787810714761", "branch:to:open_workspace": "00000000000000000000000000000008.0.5854936733213758", "branch:to:create_worktrees": "00000000000000000000000000000010.0.9854600916792491", "branch:to:resolve_topology": "00000000000000000000000000000005.0.562830127213413", "branch:to:open_merge_escalation": "00000000000000000000000000000012.0.8019787810714761"}, "updated_channels": ["branch:to:open_merge_escalation", "merge_pending", "merge_ruling", "merges", "outcomes"]}	{"step": 10, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"merges": [1, 9], "messages": [1, 9], "outcomes": [5, 9]}}
saved-pipeline		1f1eb27e-e19d-6686-800b-3aebb61b8650	1f1eb27e-e187-6b9b-800a-4bd1c55604fa	\N	{"v": 4, "id": "1f1eb27e-e19d-6686-800b-3aebb61b8650", "ts": "2026-11-28T12:33:35.611812+00:00", "versions_seen": {"route": {"branch:to:route": "00000000000000000000000000000003.0.80714401481791"}, "dispatch": {"branch:to:dispatch": "00000000000000000000000000000008.0.5854936733213758"}, "validate": {"branch:to:validate": "00000000000000000000000000000005.0.562830127213413"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.721333371076921"}, "decompose": {"branch:to:decompose": "00000000000000000000000000000002.0.4803061775259112"}, "guard_handoffs": {"branch:to:guard_handoffs": "00000000000000000000000000000006.0.8990992315145973"}, "merge_subtasks": {"branch:to:merge_subtasks": "00000000000000000000000000000011.0.2177103855099879"}, "open_workspace": {"branch:to:open_workspace": "00000000000000000000000000000007.0.6078837646191886"}, "execute_subtask": {}, "create_worktrees": {"branch:to:create_worktrees": "00000000000000000000000000000009.0.7060208299190563"}, "resolve_topology": {"branch:to:resolve_topology": "00000000000000000000000000000004.0.44763198149481154"}, "open_merge_escalation": {"branch:to:open_merge_escalation": "00000000000000000000000000000012.0.8019787810714761"}}, "channel_values": {"run_id": "8a12f7a266994c8e8376d97f04cf325b", "subtasks": null, "recovering": null, "integration": null, "merge_ruling": null, "workspace_id": "saved-billing-8a12f7a26699", "escalation_id": "d6f414ac-9244-56da-932d-1c124b35d99f", "dispatch_started": 1795869214.3065872, "escalation_error": null, "escalation_attempts": 0, "escalation_decision": null, "escalation_expires_at": null, "branch:to:await_merge_decision": null}, "channel_versions": {"plan": "00000000000000000000000000000003.0.80714401481791", "task": "00000000000000000000000000000003.0.80714401481791", "batch": "00000000000000000000000000000009.0.7060208299190563", "merges": "00000000000000000000000000000012.0.8019787810714761", "phases": "00000000000000000000000000000006.0.8990992315145973", "run_id": "00000000000000000000000000000003.0.80714401481791", "routing": "00000000000000000000000000000004.0.44763198149481154", "handoffs": "00000000000000000000000000000007.0.6078837646191886", "messages": "00000000000000000000000000000011.0.2177103855099879", "outcomes": "00000000000000000000000000000012.0.8019787810714761", "subtasks": "00000000000000000000000000000003.0.80714401481791", "topology": "00000000000000000000000000000005.0.562830127213413", "warnings": "00000000000000000000000000000004.0.44763198149481154", "__start__": "00000000000000000000000000000002.0.4803061775259112", "recovering": "00000000000000000000000000000003.0.80714401481791", "integration": "00000000000000000000000000000003.0.80714401481791", "merge_ruling": "00000000000000000000000000000012.0.8019787810714761", "workspace_id": "00000000000000000000000000000008.0.5854936733213758", "escalation_id": "00000000000000000000000000000013.0.4348255232217959", "merge_pending": "00000000000000000000000000000012.0.8019787810714761", "__pregel_tasks": "00000000000000000000000000000011.0.2177103855099879", "branch:to:route": "00000000000000000000000000000004.0.44763198149481154", "dispatch_started": "00000000000000000000000000000007.0.6078837646191886", "escalation_error": "00000000000000000000000000000013.0.4348255232217959", "branch:to:dispatch": "00000000000000000000000000000009.0.7060208299190563", "branch:to:validate": "00000000000000000000000000000006.0.8990992315145973", "branch:to:decompose": "00000000000000000000000000000003.0.80714401481791", "escalation_attempts": "00000000000000000000000000000013.0.4348255232217959", "escalation_decision": "00000000000000000000000000000013.0.4348255232217959", "escalation_expires_at": "00000000000000000000000000000013.0.4348255232217959", "branch:to:guard_handoffs": "00000000000000000000000000000007.0.6078837646191886", "branch:to:merge_subtasks": "00000000000000000000000000000012.0.8019787810714761", "branch:to:open_workspace": "00000000000000000000000000000008.0.5854936733213758", "branch:to:create_worktrees": "00000000000000000000000000000010.0.9854600916792491", "branch:to:resolve_topology": "00000000000000000000000000000005.0.562830127213413", "branch:to:await_merge_decision": "00000000000000000000000000000013.0.4348255232217959", "branch:to:open_merge_escalation": "00000000000000000000000000000013.0.4348255232217959"}, "updated_channels": ["branch:to:await_merge_decision", "escalation_attempts", "escalation_decision", "escalation_error", "escalation_expires_at", "escalation_id"]}	{"step": 11, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"merges": [1, 10], "messages": [1, 10], "outcomes": [5, 10]}}
\.


--
-- Data for Name: council_call_records; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_call_records (call_id, thread_id, agent_id, estimated_input_tokens, started_at, input_tokens, output_tokens, finished_at) FROM stdin;
\.


--
-- Data for Name: council_dissent_records; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_dissent_records (id, conflict_id, conflict_type, dissenting_agent_id, strategy_used, decided_by, recorded_at, record) FROM stdin;
\.


--
-- Data for Name: council_escalations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_escalations (id, thread_id, conflict_id, conflict, strategy, analysis, status, created_at, expires_at, decision, decided_by, decided_at, closed_at, kind, subject, summary, options, details, resumed_at) FROM stdin;
64e6ab3c-14dc-5d05-ab9d-1388df939b8d	saved-conflict	saved-conflict-1	{"id": "saved-conflict-1", "type": "architecture", "subject": "Queue or cron for the nightly python jobs?", "task_id": null, "positions": [{"agent_id": "junior_dev", "evidence": ["junior_dev-benchmark"], "position": "Run the nightly jobs with a cron job", "reasoning": "junior_dev has measured it", "timestamp": "2026-11-26T09:00:00Z", "agent_level": "junior", "agent_department": "backend"}, {"agent_id": "senior_dev", "evidence": ["senior_dev-benchmark"], "position": "Run the nightly jobs with a job queue", "reasoning": "senior_dev has measured it", "timestamp": "2026-11-26T09:00:00Z", "agent_level": "senior", "agent_department": "backend"}], "detected_at": "2026-11-26T09:00:00Z"}	human	\N	pending	2026-11-28 12:33:33.482046+00	\N	\N	\N	\N	\N	conflict	Queue or cron for the nightly python jobs?	\N	["junior_dev", "senior_dev"]	{}	\N
55950df1-0c6f-523f-b933-398b8c82422e	saved-delegation	\N	\N	\N	\N	pending	2026-11-28 12:33:33.872795+00	\N	\N	\N	\N	\N	delegation	Launch the billing API before the Q3 partner deadline	Your hand-off to cto was not delivered: blocked by dedup (duplicate: ceo already delegated task 'saved-delegation-task' to cto 0.1 s ago (window 60 s); chain ceo -> cto). The case goes to a human.	[]	{"task": "Own the billing API launch.", "chain": ["ceo", "cto"], "message": "duplicate: ceo already delegated task 'saved-delegation-task' to cto 0.1 s ago (window 60 s); chain ceo -> cto", "task_id": "saved-delegation-task", "delegatee": "cto", "delegator": "ceo", "mechanism": "dedup", "root_task": "Launch the billing API before the Q3 partner deadline"}	\N
d6f414ac-9244-56da-932d-1c124b35d99f	saved-pipeline	\N	\N	\N	\N	pending	2026-11-28 12:33:35.606632+00	\N	\N	\N	\N	\N	merge	Merge conflict in subtask right: shared.py	textual conflict in shared.py\n shared.py | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)	["keep", "drop"]	{"task": "saved-billing", "files": ["shared.py"], "branch": "council/saved-billing-8a12f7a26699/task/right", "issues": [], "status": "conflict", "choices": {"drop": "the subtask's work stays on its branch, unmerged; work that depends on it is skipped", "keep": "the merge goes in: on each conflicting line the subtask's side wins, unless resolution_commit names your own resolution commit on the branch"}, "message": "textual conflict in shared.py", "subtask": "right", "worktree": "/tmp/council-saved-6516df4/repo/.git/council-worktrees/saved-billing-8a12f7a26699/tasks/right", "workspace": "saved-billing-8a12f7a26699", "diff_summary": " shared.py | 2 +-\\n 1 file changed, 1 insertion(+), 1 deletion(-)"}	\N
\.


--
-- Data for Name: council_guard_attempts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_guard_attempts (attempt_id, passed, mechanism, dedup_age, rate_count, open_until, trips, recorded_at, last_bounce) FROM stdin;
5d44034daa154d928a9ce38306fb2218:1	t	all_passed	\N	\N	\N	0	2026-11-28 12:33:33.733436+00	\N
bounce:5d44034daa154d928a9ce38306fb2218:2	f	bounce	\N	\N	\N	\N	2026-11-28 12:33:33.783773+00	\N
5d44034daa154d928a9ce38306fb2218:3	f	dedup	0.112914	\N	\N	\N	2026-11-28 12:33:33.84635+00	\N
8a12f7a266994c8e8376d97f04cf325b/left	t	all_passed	\N	\N	\N	0	2026-11-28 12:33:34.288384+00	\N
8a12f7a266994c8e8376d97f04cf325b/right	t	all_passed	\N	\N	\N	0	2026-11-28 12:33:34.295339+00	\N
8a12f7a266994c8e8376d97f04cf325b/after	t	all_passed	\N	\N	\N	0	2026-11-28 12:33:34.302771+00	\N
\.


--
-- Data for Name: council_guard_dedup; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_guard_dedup (delegator, delegatee, task_id, last_at) FROM stdin;
ceo	cto	saved-delegation-task	2026-11-28 12:33:33.733436+00
cto	senior_dev	saved-billing/left@8a12f7a26699	2026-11-28 12:33:34.288384+00
cto	senior_dev	saved-billing/right@8a12f7a26699	2026-11-28 12:33:34.295339+00
cto	senior_dev	saved-billing/after@8a12f7a26699	2026-11-28 12:33:34.302771+00
\.


--
-- Data for Name: council_guard_pairs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_guard_pairs (agent_a, agent_b, rate_times, trips, open_until, updated_at, bounce_times, last_bounce, a_to_b_at, b_to_a_at) FROM stdin;
ceo	cto	{"2026-11-28 12:33:33.733436+00"}	0	\N	2026-11-28 12:33:33.783773+00	{"2026-11-28 12:33:33.783773+00"}	cto sent task 'saved-delegation-task' back to ceo: tried to hand it back (refused by authority)	2026-11-28 12:33:33.733436+00	\N
cto	senior_dev	{"2026-11-28 12:33:34.288384+00","2026-11-28 12:33:34.295339+00","2026-11-28 12:33:34.302771+00"}	0	\N	2026-11-28 12:33:34.302771+00	{}	\N	2026-11-28 12:33:34.302771+00	\N
\.


--
-- Data for Name: council_loop_records; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_loop_records (id, mechanism, chain, delegator, delegatee, task_id, message, thread_id, recorded_at) FROM stdin;
5d44034daa154d928a9ce38306fb2218:2	authority	{ceo,cto,ceo}	cto	ceo	saved-delegation-task	authority: ceo is not a direct report of cto in the org chart; chain ceo -> cto -> ceo	saved-delegation	2026-11-28 12:33:33.785614+00
5d44034daa154d928a9ce38306fb2218:3	dedup	{ceo,cto}	ceo	cto	saved-delegation-task	duplicate: ceo already delegated task 'saved-delegation-task' to cto 0.1 s ago (window 60 s); chain ceo -> cto	saved-delegation	2026-11-28 12:33:33.85064+00
\.


--
-- Data for Name: council_meeting_cancels; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_meeting_cancels (thread_id, reason, requested_at) FROM stdin;
\.


--
-- Data for Name: council_meeting_claims; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_meeting_claims (meeting_id, thread_id, claimed_at) FROM stdin;
saved-meeting-1	saved-meeting	2026-11-28 12:33:32.910343+00
\.


--
-- Data for Name: council_meeting_records; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_meeting_records (meeting_id, meeting_type, protocol, status, leader_id, token_budget, total_tokens, token_usage_by_participant, contribution_rank, duration_seconds, started_at, ended_at, error, minutes, recorded_at, thread_id) FROM stdin;
\.


--
-- Data for Name: council_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_migrations (version, name, applied_at) FROM stdin;
1	conflict escalations	2026-11-28 12:33:31.907584+00
2	dissent records	2026-11-28 12:33:31.99537+00
3	meeting_records	2026-11-28 12:33:32.062488+00
4	guard_state	2026-11-28 12:33:32.114862+00
5	loop_records	2026-11-28 12:33:32.21013+00
6	generic escalations	2026-11-28 12:33:32.274787+00
7	meeting record threads	2026-11-28 12:33:32.326159+00
8	guard bounces	2026-11-28 12:33:32.330878+00
9	recovery	2026-11-28 12:33:32.370169+00
10	guard rules once	2026-11-28 12:33:32.463359+00
11	meeting claims	2026-11-28 12:33:32.484625+00
12	meeting cancels	2026-11-28 12:33:32.513023+00
\.


--
-- Data for Name: council_resume_attempts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_resume_attempts (thread_id, attempts, last_error, failed_category, failed_at, updated_at) FROM stdin;
\.


--
-- Data for Name: store; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.store (prefix, key, value, created_at, updated_at, expires_at, ttl_minutes) FROM stdin;
\.


--
-- Data for Name: store_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.store_migrations (v) FROM stdin;
0
1
2
3
\.


--
-- Name: checkpoint_blobs checkpoint_blobs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkpoint_blobs
    ADD CONSTRAINT checkpoint_blobs_pkey PRIMARY KEY (thread_id, checkpoint_ns, channel, version);


--
-- Name: checkpoint_migrations checkpoint_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkpoint_migrations
    ADD CONSTRAINT checkpoint_migrations_pkey PRIMARY KEY (v);


--
-- Name: checkpoint_writes checkpoint_writes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkpoint_writes
    ADD CONSTRAINT checkpoint_writes_pkey PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx);


--
-- Name: checkpoints checkpoints_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkpoints
    ADD CONSTRAINT checkpoints_pkey PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id);


--
-- Name: council_call_records council_call_records_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_call_records
    ADD CONSTRAINT council_call_records_pkey PRIMARY KEY (call_id);


--
-- Name: council_dissent_records council_dissent_records_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_dissent_records
    ADD CONSTRAINT council_dissent_records_pkey PRIMARY KEY (id);


--
-- Name: council_escalations council_escalations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_escalations
    ADD CONSTRAINT council_escalations_pkey PRIMARY KEY (id);


--
-- Name: council_guard_attempts council_guard_attempts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_guard_attempts
    ADD CONSTRAINT council_guard_attempts_pkey PRIMARY KEY (attempt_id);


--
-- Name: council_guard_dedup council_guard_dedup_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_guard_dedup
    ADD CONSTRAINT council_guard_dedup_pkey PRIMARY KEY (delegator, delegatee, task_id);


--
-- Name: council_guard_pairs council_guard_pairs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_guard_pairs
    ADD CONSTRAINT council_guard_pairs_pkey PRIMARY KEY (agent_a, agent_b);


--
-- Name: council_loop_records council_loop_records_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_loop_records
    ADD CONSTRAINT council_loop_records_pkey PRIMARY KEY (id);


--
-- Name: council_meeting_cancels council_meeting_cancels_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_meeting_cancels
    ADD CONSTRAINT council_meeting_cancels_pkey PRIMARY KEY (thread_id);


--
-- Name: council_meeting_claims council_meeting_claims_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_meeting_claims
    ADD CONSTRAINT council_meeting_claims_pkey PRIMARY KEY (meeting_id);


--
-- Name: council_meeting_records council_meeting_records_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_meeting_records
    ADD CONSTRAINT council_meeting_records_pkey PRIMARY KEY (meeting_id);


--
-- Name: council_migrations council_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_migrations
    ADD CONSTRAINT council_migrations_pkey PRIMARY KEY (version);


--
-- Name: council_resume_attempts council_resume_attempts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.council_resume_attempts
    ADD CONSTRAINT council_resume_attempts_pkey PRIMARY KEY (thread_id);


--
-- Name: store_migrations store_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.store_migrations
    ADD CONSTRAINT store_migrations_pkey PRIMARY KEY (v);


--
-- Name: store store_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.store
    ADD CONSTRAINT store_pkey PRIMARY KEY (prefix, key);


--
-- Name: checkpoint_blobs_thread_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX checkpoint_blobs_thread_id_idx ON public.checkpoint_blobs USING btree (thread_id);


--
-- Name: checkpoint_writes_thread_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX checkpoint_writes_thread_id_idx ON public.checkpoint_writes USING btree (thread_id);


--
-- Name: checkpoints_thread_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX checkpoints_thread_id_idx ON public.checkpoints USING btree (thread_id);


--
-- Name: council_call_records_thread; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_call_records_thread ON public.council_call_records USING btree (thread_id, started_at);


--
-- Name: council_call_records_unfinished; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_call_records_unfinished ON public.council_call_records USING btree (started_at) WHERE (finished_at IS NULL);


--
-- Name: council_checkpoints_run_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_checkpoints_run_id ON public.checkpoints USING btree (((metadata ->> 'run_id'::text)));


--
-- Name: council_dissent_agent; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_dissent_agent ON public.council_dissent_records USING btree (dissenting_agent_id, recorded_at);


--
-- Name: council_dissent_strategy; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_dissent_strategy ON public.council_dissent_records USING btree (strategy_used, recorded_at);


--
-- Name: council_dissent_type; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_dissent_type ON public.council_dissent_records USING btree (conflict_type, recorded_at);


--
-- Name: council_escalations_kind; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_escalations_kind ON public.council_escalations USING btree (kind, status);


--
-- Name: council_escalations_one_pending_per_conflict; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX council_escalations_one_pending_per_conflict ON public.council_escalations USING btree (conflict_id) WHERE (status = 'pending'::text);


--
-- Name: council_escalations_sweep; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_escalations_sweep ON public.council_escalations USING btree (status, expires_at);


--
-- Name: council_escalations_thread; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_escalations_thread ON public.council_escalations USING btree (thread_id);


--
-- Name: council_escalations_unresumed; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_escalations_unresumed ON public.council_escalations USING btree (closed_at) WHERE ((resumed_at IS NULL) AND (status <> 'pending'::text));


--
-- Name: council_loop_records_mechanism; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_loop_records_mechanism ON public.council_loop_records USING btree (mechanism, recorded_at);


--
-- Name: council_loop_records_time; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_loop_records_time ON public.council_loop_records USING btree (recorded_at);


--
-- Name: council_meeting_records_type_started; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_meeting_records_type_started ON public.council_meeting_records USING btree (meeting_type, started_at DESC);


--
-- Name: council_resume_attempts_updated; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX council_resume_attempts_updated ON public.council_resume_attempts USING btree (updated_at);


--
-- Name: idx_store_expires_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idx_store_expires_at ON public.store USING btree (expires_at) WHERE (expires_at IS NOT NULL);


--
-- Name: store_prefix_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX store_prefix_idx ON public.store USING btree (prefix text_pattern_ops);


--
-- Name: council_escalations council_escalations_closed_final; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER council_escalations_closed_final BEFORE UPDATE ON public.council_escalations FOR EACH ROW EXECUTE FUNCTION public.council_escalations_closed_final();


--
-- Name: council_guard_pairs council_guard_pair_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER council_guard_pair_deleted AFTER DELETE ON public.council_guard_pairs FOR EACH ROW EXECUTE FUNCTION public.council_guard_pair_deleted();


--
-- Name: council_guard_pairs council_guard_pairs_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER council_guard_pairs_truncated AFTER TRUNCATE ON public.council_guard_pairs FOR EACH STATEMENT EXECUTE FUNCTION public.council_guard_pair_deleted();


--
-- PostgreSQL database dump complete
--

\unrestrict council6516df4

