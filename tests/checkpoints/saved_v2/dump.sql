--
-- PostgreSQL database dump
--

\restrict council8010178

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


SET default_tablespace = '';

SET default_table_access_method = heap;

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
    recent jsonb DEFAULT '{}'::jsonb NOT NULL,
    verdict jsonb,
    CONSTRAINT council_guard_pairs_check CHECK ((agent_a <= agent_b)),
    CONSTRAINT council_guard_pairs_trips_check CHECK ((trips >= 0))
);


--
-- Name: council_guard_decide(public.council_guard_pairs, timestamp with time zone, text, text, double precision, integer, double precision, integer, double precision, double precision, double precision, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.council_guard_decide(g public.council_guard_pairs, p_at timestamp with time zone, p_key text, p_attempt text, p_dedup_window double precision, p_rate_capacity integer, p_rate_window double precision, p_bounce_threshold integer, p_bounce_window double precision, p_cooldown double precision, p_max_cooldown double precision, p_bounce_note text, OUT rate_times timestamp with time zone[], OUT bounce_times timestamp with time zone[], OUT trips integer, OUT open_until timestamp with time zone, OUT last_bounce text, OUT recent jsonb, OUT verdict jsonb) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$
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
$$;


--
-- Name: council_guard_entry_at(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.council_guard_entry_at(entry jsonb) RETURNS numeric
    LANGUAGE sql IMMUTABLE
    AS $$
    SELECT (CASE jsonb_typeof(entry) WHEN 'array' THEN entry ->> 0
            ELSE entry #>> '{}' END)::numeric
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
v2-paused		__start__	00000000000000000000000000000001.0.3775118551538027	msgpack	\\x85a66167656e646182a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365a96c65616465725f6964a363746faf7061727469636970616e745f69647393aa73656e696f725f646576aa6a756e696f725f646576a675695f646576ac746f6b656e5f627564676574cd4e20aa6d656574696e675f6964ab76322d7061757365642d31
v2-paused		agenda	00000000000000000000000000000002.0.2066315509234269	msgpack	\\x82a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365
v2-paused		participant_ids	00000000000000000000000000000002.0.2066315509234269	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576
v2-paused		agenda	00000000000000000000000000000003.0.7718253982289082	msgpack	\\xc7910594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ad4d656574696e674167656e646183a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365a56974656d7390b36d6f64656c5f76616c69646174655f6a736f6e
v2-paused		participant_ids	00000000000000000000000000000003.0.7718253982289082	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576
v2-paused		started_at	00000000000000000000000000000003.0.7718253982289082	msgpack	\\xc7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35302e3636363539342b30303a3030ad66726f6d69736f666f726d6174
v2-paused		contributions	00000000000000000000000000000003.0.7718253982289082	msgpack	\\xd40790
v2-paused		messages	00000000000000000000000000000003.0.7718253982289082	msgpack	\\xd40790
v2-paused		failures	00000000000000000000000000000003.0.7718253982289082	msgpack	\\x90
v2-paused		input_calibration	00000000000000000000000000000003.0.7718253982289082	msgpack	\\xc705079400000000
v2-paused		conflicts	00000000000000000000000000000003.0.7718253982289082	msgpack	\\x90
v2-paused		discussants	00000000000000000000000000000003.0.7718253982289082	msgpack	\\x90
v2-paused		outcome	00000000000000000000000000000003.0.7718253982289082	msgpack	\\xc7c40594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73af53796e746865736973526573756c7489a773756d6d617279a0ad6a757374696669636174696f6ea0a96465636973696f6e7390ac616374696f6e5f6974656d7390a9706f736974696f6e7390ae617574686f726974795f6375657390b161646f707465645f6167656e745f69647390a87761726e696e677390a9726576657273616c7390b36d6f64656c5f76616c69646174655f6a736f6e
v2-paused		notes	00000000000000000000000000000003.0.7718253982289082	msgpack	\\x90
v2-finished		__start__	00000000000000000000000000000001.0.15286241475081352	msgpack	\\x85a66167656e646182a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365a96c65616465725f6964a363746faf7061727469636970616e745f69647393aa73656e696f725f646576aa6a756e696f725f646576a675695f646576ac746f6b656e5f627564676574cd4e20aa6d656574696e675f6964ad76322d66696e69736865642d31
v2-finished		agenda	00000000000000000000000000000002.0.23242748393565105	msgpack	\\x82a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365
v2-finished		participant_ids	00000000000000000000000000000002.0.23242748393565105	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576
v2-finished		agenda	00000000000000000000000000000003.0.19122811850352073	msgpack	\\xc7910594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ad4d656574696e674167656e646183a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365a56974656d7390b36d6f64656c5f76616c69646174655f6a736f6e
v2-finished		participant_ids	00000000000000000000000000000003.0.19122811850352073	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576
v2-finished		started_at	00000000000000000000000000000003.0.19122811850352073	msgpack	\\xc7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3134333030332b30303a3030ad66726f6d69736f666f726d6174
v2-finished		contributions	00000000000000000000000000000003.0.19122811850352073	msgpack	\\xd40790
v2-finished		messages	00000000000000000000000000000003.0.19122811850352073	msgpack	\\xd40790
v2-finished		failures	00000000000000000000000000000003.0.19122811850352073	msgpack	\\x90
v2-finished		input_calibration	00000000000000000000000000000003.0.19122811850352073	msgpack	\\xc705079400000000
v2-finished		conflicts	00000000000000000000000000000003.0.19122811850352073	msgpack	\\x90
v2-finished		discussants	00000000000000000000000000000003.0.19122811850352073	msgpack	\\x90
v2-finished		outcome	00000000000000000000000000000003.0.19122811850352073	msgpack	\\xc7c40594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73af53796e746865736973526573756c7489a773756d6d617279a0ad6a757374696669636174696f6ea0a96465636973696f6e7390ac616374696f6e5f6974656d7390a9706f736974696f6e7390ae617574686f726974795f6375657390b161646f707465645f6167656e745f69647390a87761726e696e677390a9726576657273616c7390b36d6f64656c5f76616c69646174655f6a736f6e
v2-finished		notes	00000000000000000000000000000003.0.19122811850352073	msgpack	\\x90
v2-finished		outcome	00000000000000000000000000000010.0.8748949038080689	msgpack	\\xc8019a0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73af53796e746865736973526573756c7489a773756d6d617279b077652075736520506f7374677265732ead6a757374696669636174696f6ea0a96465636973696f6e7391ba41646f707420506f73746772657320666f722062696c6c696e67ac616374696f6e5f6974656d739185ab6465736372697074696f6ebb577269746520746865206d6967726174696f6e2073637269707473ab61737369676e65655f6964aa6a756e696f725f646576a87072696f72697479a468696768b27265717565737465645f61737369676e6565aa6a756e696f725f646576a7666c6167676564c0a9706f736974696f6e7390ae617574686f726974795f6375657390b161646f707465645f6167656e745f69647390a87761726e696e677391d9347468652073796e7468657369732062792063746f2077617320726561642066726f6d2069747320746578742073656374696f6e73a9726576657273616c7390b36d6f64656c5f76616c69646174655f6a736f6e
v2-finished		minutes	00000000000000000000000000000011.0.21299676039768967	msgpack	\\xc80ad20594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ae4d656574696e674d696e75746573de001faa6d656574696e675f6964ad76322d66696e69736865642d31a870726f746f636f6cab726f756e645f726f62696ea6737461747573a9636f6d706c65746564a96c65616465725f6964a363746faf7061727469636970616e745f69647393aa73656e696f725f646576aa6a756e696f725f646576a675695f646576a66167656e646183a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365a56974656d7390ad636f6e747269627574696f6e73978aa86167656e745f6964aa73656e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e00a7636f6e74656e74d926492070726f706f736520506f7374677265733a20776520616c72656164792072756e2069742eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73ccbdad6f75747075745f746f6b656e730aaf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3230393933382b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964aa6a756e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e01a7636f6e74656e74d92f506f73746772657320776f726b7320666f72206d653b2049206b6e6f7720697473204a534f4e20636f6c756d6e732eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73ccd4ad6f75747075745f746f6b656e730caf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3235343730352b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964a675695f646576a57068617365ab726f756e645f726f62696ea47475726e02a7636f6e74656e74d92546696e65206279206d652069662074686520415049207374617973207468652073616d652eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd0107ad6f75747075745f746f6b656e730aaf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3330353936322b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964aa73656e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e03a7636f6e74656e74d92a5468656e20506f7374677265732077697468206f6e6520736368656d612070657220736572766963652eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd0117ad6f75747075745f746f6b656e730baf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3334373133312b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964aa6a756e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e04a7636f6e74656e74d923492077696c6c20777269746520746865206d6967726174696f6e20736372697074732eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd0134ad6f75747075745f746f6b656e7309af75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3339383436372b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964a675695f646576a57068617365ab726f756e645f726f62696ea47475726e05a7636f6e74656e74ad4e6f206f626a656374696f6e2eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd0165ad6f75747075745f746f6b656e7304af75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3434343630392b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964a363746fa57068617365a773756d6d617279a47475726e06a7636f6e74656e74d99853756d6d6172793a2077652075736520506f7374677265732e0a4465636973696f6e733a0a2d2041646f707420506f73746772657320666f722062696c6c696e670a2320416374696f6e204974656d730a2d20577269746520746865206d6967726174696f6e2073637269707473202861737369676e656420746f206a756e696f725f64657629205b7072696f726974793a20686967685dab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd01d3ad6f75747075745f746f6b656e7326af75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3532333439372b30303a3030ad66726f6d69736f666f726d6174a773756d6d617279b077652075736520506f7374677265732ead6a757374696669636174696f6ea0a96465636973696f6e7391ba41646f707420506f73746772657320666f722062696c6c696e67ac616374696f6e5f6974656d739185ab6465736372697074696f6ebb577269746520746865206d6967726174696f6e2073637269707473ab61737369676e65655f6964aa6a756e696f725f646576a87072696f72697479a468696768b27265717565737465645f61737369676e6565aa6a756e696f725f646576a7666c6167676564c0a9706f736974696f6e7390b06d696e6f726974795f7265706f72747390b065766964656e63655f7761726e696e67c0a87761726e696e677391d9347468652073796e7468657369732062792063746f2077617320726561642066726f6d2069747320746578742073656374696f6e73b2636f6e666c696374735f6465746563746564c2a9636f6e666c6963747390ae617574686f726974795f6375657390ad6661696c7572655f6d6f64657390a86661696c7572657390b4646576696c735f6164766f636174655f75736564c2ab73746f705f726561736f6ec0a9726576657273616c7390ad7461736b735f6372656174656400ab7461736b5f6572726f727390a56572726f72c0ac746f6b656e5f627564676574cd4e20b2746f74616c5f696e7075745f746f6b656e73cd081bb3746f74616c5f6f75747075745f746f6b656e735eaa737461727465645f6174c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3134333030332b30303a3030ad66726f6d69736f666f726d6174a8656e6465645f6174c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3537323039392b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e
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
v2-paused		1f1eb666-8f93-6437-bfff-f01f509fe1a7	8f8bcb0e-0a3a-fc82-cfc7-46bcc0e17fe9	0	agenda	msgpack	\\x82a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365	~__pregel_pull, __start__
v2-paused		1f1eb666-8f93-6437-bfff-f01f509fe1a7	8f8bcb0e-0a3a-fc82-cfc7-46bcc0e17fe9	1	leader_id	msgpack	\\xa363746f	~__pregel_pull, __start__
v2-paused		1f1eb666-8f93-6437-bfff-f01f509fe1a7	8f8bcb0e-0a3a-fc82-cfc7-46bcc0e17fe9	2	participant_ids	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576	~__pregel_pull, __start__
v2-paused		1f1eb666-8f93-6437-bfff-f01f509fe1a7	8f8bcb0e-0a3a-fc82-cfc7-46bcc0e17fe9	3	token_budget	msgpack	\\xcd4e20	~__pregel_pull, __start__
v2-paused		1f1eb666-8f93-6437-bfff-f01f509fe1a7	8f8bcb0e-0a3a-fc82-cfc7-46bcc0e17fe9	4	meeting_id	msgpack	\\xab76322d7061757365642d31	~__pregel_pull, __start__
v2-paused		1f1eb666-8f93-6437-bfff-f01f509fe1a7	8f8bcb0e-0a3a-fc82-cfc7-46bcc0e17fe9	5	branch:to:open_meeting	null	\\x	~__pregel_pull, __start__
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	0	agenda	msgpack	\\xc7910594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ad4d656574696e674167656e646183a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365a56974656d7390b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	1	leader_id	msgpack	\\xa363746f	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	2	participant_ids	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	3	token_budget	msgpack	\\xcd4e20	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	4	meeting_id	msgpack	\\xab76322d7061757365642d31	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	5	protocol	msgpack	\\xab726f756e645f726f62696e	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	6	started_at	msgpack	\\xc7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35302e3636363539342b30303a3030ad66726f6d69736f666f726d6174	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	7	state_version	msgpack	\\x02	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	8	contributions	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	9	messages	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	10	failures	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	11	tokens_used	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756500a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	12	input_calibration	msgpack	\\xc73a0293af6c616e6767726170682e7479706573a94f766572777269746582a576616c75659400000000a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	13	discussion_tokens	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756500a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	14	turn	msgpack	\\x00	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	15	status	msgpack	\\xa9636f6d706c65746564	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	16	error	null	\\x	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	17	conflicts	msgpack	\\x90	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	18	discussants	msgpack	\\x90	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	19	discussion_index	msgpack	\\x00	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	20	devils_advocate_used	msgpack	\\xc2	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	21	outcome	msgpack	\\xc7c40594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73af53796e746865736973526573756c7489a773756d6d617279a0ad6a757374696669636174696f6ea0a96465636973696f6e7390ac616374696f6e5f6974656d7390a9706f736974696f6e7390ae617574686f726974795f6375657390b161646f707465645f6167656e745f69647390a87761726e696e677390a9726576657273616c7390b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	22	next_speaker	null	\\x	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	23	notes	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	24	stop_reason	null	\\x	~__pregel_pull, open_meeting
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	6107884a-a70b-b402-e182-04b18218cefe	25	branch:to:take_turn	null	\\x	~__pregel_pull, open_meeting
v2-paused		1f1eb666-90a7-6296-8001-9f7cc3aad483	97cca355-f3bb-bffd-2bfd-fa7c89c7d417	0	contributions	msgpack	\\x91c8013d0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964aa73656e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e00a7636f6e74656e74a0ab636f6e74656e745f726566d92476322d7061757365642d313a726f756e645f726f62696e3a303a73656e696f725f646576ac696e7075745f746f6b656e73ccbdad6f75747075745f746f6b656e730aaf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35302e3736313230342b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-paused		1f1eb666-90a7-6296-8001-9f7cc3aad483	97cca355-f3bb-bffd-2bfd-fa7c89c7d417	1	messages	msgpack	\\x91c8011a0594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d926492070726f706f736520506f7374677265733a20776520616c72656164792072756e2069742eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e00a474797065a26169a46e616d65aa73656e696f725f646576a26964d92476322d7061757365642d313a726f756e645f726f62696e3a303a73656e696f725f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-paused		1f1eb666-90a7-6296-8001-9f7cc3aad483	97cca355-f3bb-bffd-2bfd-fa7c89c7d417	2	input_calibration	msgpack	\\x94ccbdccbdccc701	~__pregel_pull, take_turn
v2-paused		1f1eb666-90a7-6296-8001-9f7cc3aad483	97cca355-f3bb-bffd-2bfd-fa7c89c7d417	3	branch:to:take_turn	null	\\x	~__pregel_pull, take_turn
v2-paused		1f1eb666-918d-6d16-8002-2dcbd4c78c99	64829f76-d699-8426-7637-eb27b35d6cf8	0	contributions	msgpack	\\x91c8013d0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964aa6a756e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e01a7636f6e74656e74a0ab636f6e74656e745f726566d92476322d7061757365642d313a726f756e645f726f62696e3a313a6a756e696f725f646576ac696e7075745f746f6b656e73ccd4ad6f75747075745f746f6b656e730caf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35302e3831393437322b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-paused		1f1eb666-918d-6d16-8002-2dcbd4c78c99	64829f76-d699-8426-7637-eb27b35d6cf8	1	messages	msgpack	\\x91c801230594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d92f506f73746772657320776f726b7320666f72206d653b2049206b6e6f7720697473204a534f4e20636f6c756d6e732eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e01a474797065a26169a46e616d65aa6a756e696f725f646576a26964d92476322d7061757365642d313a726f756e645f726f62696e3a313a6a756e696f725f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-paused		1f1eb666-918d-6d16-8002-2dcbd4c78c99	64829f76-d699-8426-7637-eb27b35d6cf8	2	input_calibration	msgpack	\\x94ccd4ccd4cce002	~__pregel_pull, take_turn
v2-paused		1f1eb666-918d-6d16-8002-2dcbd4c78c99	64829f76-d699-8426-7637-eb27b35d6cf8	3	branch:to:take_turn	null	\\x	~__pregel_pull, take_turn
v2-paused		1f1eb666-921b-6726-8003-0679e64c6479	662aa852-d6d1-0181-f252-0ddb623da49e	0	contributions	msgpack	\\x91c801360594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964a675695f646576a57068617365ab726f756e645f726f62696ea47475726e02a7636f6e74656e74a0ab636f6e74656e745f726566d92076322d7061757365642d313a726f756e645f726f62696e3a323a75695f646576ac696e7075745f746f6b656e73cd0107ad6f75747075745f746f6b656e730aaf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35302e3838353831342b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-paused		1f1eb666-921b-6726-8003-0679e64c6479	662aa852-d6d1-0181-f252-0ddb623da49e	1	messages	msgpack	\\x91c801110594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d92546696e65206279206d652069662074686520415049207374617973207468652073616d652eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e02a474797065a26169a46e616d65a675695f646576a26964d92076322d7061757365642d313a726f756e645f726f62696e3a323a75695f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-paused		1f1eb666-921b-6726-8003-0679e64c6479	662aa852-d6d1-0181-f252-0ddb623da49e	2	input_calibration	msgpack	\\x94cd0107cd0107cd011103	~__pregel_pull, take_turn
v2-paused		1f1eb666-921b-6726-8003-0679e64c6479	662aa852-d6d1-0181-f252-0ddb623da49e	3	branch:to:take_turn	null	\\x	~__pregel_pull, take_turn
v2-finished		1f1eb666-94b1-6c15-bfff-fb0e124dd005	d5134ff1-e60f-7c31-e7fb-060764af78ce	0	agenda	msgpack	\\x82a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365	~__pregel_pull, __start__
v2-finished		1f1eb666-94b1-6c15-bfff-fb0e124dd005	d5134ff1-e60f-7c31-e7fb-060764af78ce	1	leader_id	msgpack	\\xa363746f	~__pregel_pull, __start__
v2-finished		1f1eb666-94b1-6c15-bfff-fb0e124dd005	d5134ff1-e60f-7c31-e7fb-060764af78ce	2	participant_ids	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576	~__pregel_pull, __start__
v2-finished		1f1eb666-94b1-6c15-bfff-fb0e124dd005	d5134ff1-e60f-7c31-e7fb-060764af78ce	3	token_budget	msgpack	\\xcd4e20	~__pregel_pull, __start__
v2-finished		1f1eb666-94b1-6c15-bfff-fb0e124dd005	d5134ff1-e60f-7c31-e7fb-060764af78ce	4	meeting_id	msgpack	\\xad76322d66696e69736865642d31	~__pregel_pull, __start__
v2-finished		1f1eb666-94b1-6c15-bfff-fb0e124dd005	d5134ff1-e60f-7c31-e7fb-060764af78ce	5	branch:to:open_meeting	null	\\x	~__pregel_pull, __start__
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	0	agenda	msgpack	\\xc7910594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ad4d656574696e674167656e646183a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365a56974656d7390b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	1	leader_id	msgpack	\\xa363746f	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	2	participant_ids	msgpack	\\x93aa73656e696f725f646576aa6a756e696f725f646576a675695f646576	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	3	token_budget	msgpack	\\xcd4e20	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	4	meeting_id	msgpack	\\xad76322d66696e69736865642d31	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	5	protocol	msgpack	\\xab726f756e645f726f62696e	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	6	started_at	msgpack	\\xc7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3134333030332b30303a3030ad66726f6d69736f666f726d6174	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	7	state_version	msgpack	\\x02	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	8	contributions	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	9	messages	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	10	failures	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	11	tokens_used	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756500a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	12	input_calibration	msgpack	\\xc73a0293af6c616e6767726170682e7479706573a94f766572777269746582a576616c75659400000000a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	13	discussion_tokens	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756500a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	14	turn	msgpack	\\x00	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	15	status	msgpack	\\xa9636f6d706c65746564	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	16	error	null	\\x	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	17	conflicts	msgpack	\\x90	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	18	discussants	msgpack	\\x90	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	19	discussion_index	msgpack	\\x00	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	20	devils_advocate_used	msgpack	\\xc2	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	21	outcome	msgpack	\\xc7c40594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73af53796e746865736973526573756c7489a773756d6d617279a0ad6a757374696669636174696f6ea0a96465636973696f6e7390ac616374696f6e5f6974656d7390a9706f736974696f6e7390ae617574686f726974795f6375657390b161646f707465645f6167656e745f69647390a87761726e696e677390a9726576657273616c7390b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	22	next_speaker	null	\\x	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	23	notes	msgpack	\\xc7360293af6c616e6767726170682e7479706573a94f766572777269746582a576616c756590a474797065ad5f5f6f76657277726974655f5f	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	24	stop_reason	null	\\x	~__pregel_pull, open_meeting
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	ee72b949-2e62-94b6-70d6-f763660a73e8	25	branch:to:take_turn	null	\\x	~__pregel_pull, open_meeting
v2-finished		1f1eb666-9537-6bfa-8001-21d6426d313a	53e17565-7fb4-7423-4dd8-387904f6dcaa	0	contributions	msgpack	\\x91c8013f0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964aa73656e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e00a7636f6e74656e74a0ab636f6e74656e745f726566d92676322d66696e69736865642d313a726f756e645f726f62696e3a303a73656e696f725f646576ac696e7075745f746f6b656e73ccbdad6f75747075745f746f6b656e730aaf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3230393933382b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-9537-6bfa-8001-21d6426d313a	53e17565-7fb4-7423-4dd8-387904f6dcaa	1	messages	msgpack	\\x91c8011c0594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d926492070726f706f736520506f7374677265733a20776520616c72656164792072756e2069742eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e00a474797065a26169a46e616d65aa73656e696f725f646576a26964d92676322d66696e69736865642d313a726f756e645f726f62696e3a303a73656e696f725f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-9537-6bfa-8001-21d6426d313a	53e17565-7fb4-7423-4dd8-387904f6dcaa	2	input_calibration	msgpack	\\x94ccbdccbdccc701	~__pregel_pull, take_turn
v2-finished		1f1eb666-9537-6bfa-8001-21d6426d313a	53e17565-7fb4-7423-4dd8-387904f6dcaa	3	branch:to:take_turn	null	\\x	~__pregel_pull, take_turn
v2-finished		1f1eb666-95f2-68c7-8002-2c38e5e70391	f17018b0-f19e-df6a-80ea-560a42b53dbe	0	contributions	msgpack	\\x91c8013f0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964aa6a756e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e01a7636f6e74656e74a0ab636f6e74656e745f726566d92676322d66696e69736865642d313a726f756e645f726f62696e3a313a6a756e696f725f646576ac696e7075745f746f6b656e73ccd4ad6f75747075745f746f6b656e730caf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3235343730352b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-95f2-68c7-8002-2c38e5e70391	f17018b0-f19e-df6a-80ea-560a42b53dbe	1	messages	msgpack	\\x91c801250594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d92f506f73746772657320776f726b7320666f72206d653b2049206b6e6f7720697473204a534f4e20636f6c756d6e732eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e01a474797065a26169a46e616d65aa6a756e696f725f646576a26964d92676322d66696e69736865642d313a726f756e645f726f62696e3a313a6a756e696f725f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-95f2-68c7-8002-2c38e5e70391	f17018b0-f19e-df6a-80ea-560a42b53dbe	2	input_calibration	msgpack	\\x94ccd4ccd4cce002	~__pregel_pull, take_turn
v2-finished		1f1eb666-95f2-68c7-8002-2c38e5e70391	f17018b0-f19e-df6a-80ea-560a42b53dbe	3	branch:to:take_turn	null	\\x	~__pregel_pull, take_turn
v2-finished		1f1eb666-964d-66a1-8003-780be1772605	a1efdfb4-1dd0-5cd1-d289-99fed1003235	0	contributions	msgpack	\\x91c801380594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964a675695f646576a57068617365ab726f756e645f726f62696ea47475726e02a7636f6e74656e74a0ab636f6e74656e745f726566d92276322d66696e69736865642d313a726f756e645f726f62696e3a323a75695f646576ac696e7075745f746f6b656e73cd0107ad6f75747075745f746f6b656e730aaf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3330353936322b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-964d-66a1-8003-780be1772605	a1efdfb4-1dd0-5cd1-d289-99fed1003235	1	messages	msgpack	\\x91c801130594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d92546696e65206279206d652069662074686520415049207374617973207468652073616d652eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e02a474797065a26169a46e616d65a675695f646576a26964d92276322d66696e69736865642d313a726f756e645f726f62696e3a323a75695f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-964d-66a1-8003-780be1772605	a1efdfb4-1dd0-5cd1-d289-99fed1003235	2	input_calibration	msgpack	\\x94cd0107cd0107cd011103	~__pregel_pull, take_turn
v2-finished		1f1eb666-964d-66a1-8003-780be1772605	a1efdfb4-1dd0-5cd1-d289-99fed1003235	3	branch:to:take_turn	null	\\x	~__pregel_pull, take_turn
v2-finished		1f1eb666-96bf-6489-8004-d3719f58bf68	2caead51-09de-37b6-1629-24bcdee6dc52	0	contributions	msgpack	\\x91c801400594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964aa73656e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e03a7636f6e74656e74a0ab636f6e74656e745f726566d92676322d66696e69736865642d313a726f756e645f726f62696e3a333a73656e696f725f646576ac696e7075745f746f6b656e73cd0117ad6f75747075745f746f6b656e730baf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3334373133312b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-96bf-6489-8004-d3719f58bf68	2caead51-09de-37b6-1629-24bcdee6dc52	1	messages	msgpack	\\x91c801200594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d92a5468656e20506f7374677265732077697468206f6e6520736368656d612070657220736572766963652eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e03a474797065a26169a46e616d65aa73656e696f725f646576a26964d92676322d66696e69736865642d313a726f756e645f726f62696e3a333a73656e696f725f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-96bf-6489-8004-d3719f58bf68	2caead51-09de-37b6-1629-24bcdee6dc52	2	input_calibration	msgpack	\\x94cd0117cd0117cd012204	~__pregel_pull, take_turn
v2-finished		1f1eb666-96bf-6489-8004-d3719f58bf68	2caead51-09de-37b6-1629-24bcdee6dc52	3	branch:to:take_turn	null	\\x	~__pregel_pull, take_turn
v2-finished		1f1eb666-9742-6fd7-8005-4c3ad97e6d80	aa6ab2c2-2263-2df7-2c94-802e9b366053	0	contributions	msgpack	\\x91c801400594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964aa6a756e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e04a7636f6e74656e74a0ab636f6e74656e745f726566d92676322d66696e69736865642d313a726f756e645f726f62696e3a343a6a756e696f725f646576ac696e7075745f746f6b656e73cd0134ad6f75747075745f746f6b656e7309af75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3339383436372b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-9742-6fd7-8005-4c3ad97e6d80	aa6ab2c2-2263-2df7-2c94-802e9b366053	1	messages	msgpack	\\x91c801190594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d923492077696c6c20777269746520746865206d6967726174696f6e20736372697074732eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e04a474797065a26169a46e616d65aa6a756e696f725f646576a26964d92676322d66696e69736865642d313a726f756e645f726f62696e3a343a6a756e696f725f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-9742-6fd7-8005-4c3ad97e6d80	aa6ab2c2-2263-2df7-2c94-802e9b366053	2	input_calibration	msgpack	\\x94cd0134cd0134cd013d05	~__pregel_pull, take_turn
v2-finished		1f1eb666-9742-6fd7-8005-4c3ad97e6d80	aa6ab2c2-2263-2df7-2c94-802e9b366053	3	branch:to:take_turn	null	\\x	~__pregel_pull, take_turn
v2-finished		1f1eb666-97ae-6a63-8006-2c10e82e9ce2	19cac6d0-5b89-debe-1d1e-93636dee33d4	0	contributions	msgpack	\\x91c801380594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964a675695f646576a57068617365ab726f756e645f726f62696ea47475726e05a7636f6e74656e74a0ab636f6e74656e745f726566d92276322d66696e69736865642d313a726f756e645f726f62696e3a353a75695f646576ac696e7075745f746f6b656e73cd0165ad6f75747075745f746f6b656e7304af75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3434343630392b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-97ae-6a63-8006-2c10e82e9ce2	19cac6d0-5b89-debe-1d1e-93636dee33d4	1	messages	msgpack	\\x91c7fa0594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74ad4e6f206f626a656374696f6e2eb16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365ab726f756e645f726f62696ea47475726e05a474797065a26169a46e616d65a675695f646576a26964d92276322d66696e69736865642d313a726f756e645f726f62696e3a353a75695f646576aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, take_turn
v2-finished		1f1eb666-97ae-6a63-8006-2c10e82e9ce2	19cac6d0-5b89-debe-1d1e-93636dee33d4	2	input_calibration	msgpack	\\x94cd0165cd0165cd016906	~__pregel_pull, take_turn
v2-finished		1f1eb666-97ae-6a63-8006-2c10e82e9ce2	19cac6d0-5b89-debe-1d1e-93636dee33d4	3	branch:to:summarize	null	\\x	~__pregel_pull, take_turn
v2-finished		1f1eb666-9811-61e6-8007-6514cdaed2ce	a1a91459-7e6a-1a2b-ae97-4d6a0297a56a	0	outcome	msgpack	\\xc8019a0594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73af53796e746865736973526573756c7489a773756d6d617279b077652075736520506f7374677265732ead6a757374696669636174696f6ea0a96465636973696f6e7391ba41646f707420506f73746772657320666f722062696c6c696e67ac616374696f6e5f6974656d739185ab6465736372697074696f6ebb577269746520746865206d6967726174696f6e2073637269707473ab61737369676e65655f6964aa6a756e696f725f646576a87072696f72697479a468696768b27265717565737465645f61737369676e6565aa6a756e696f725f646576a7666c6167676564c0a9706f736974696f6e7390ae617574686f726974795f6375657390b161646f707465645f6167656e745f69647390a87761726e696e677391d9347468652073796e7468657369732062792063746f2077617320726561642066726f6d2069747320746578742073656374696f6e73a9726576657273616c7390b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, summarize
v2-finished		1f1eb666-9811-61e6-8007-6514cdaed2ce	a1a91459-7e6a-1a2b-ae97-4d6a0297a56a	1	contributions	msgpack	\\x91c801a70594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ac436f6e747269627574696f6e8aa86167656e745f6964a363746fa57068617365a773756d6d617279a47475726e06a7636f6e74656e74d99853756d6d6172793a2077652075736520506f7374677265732e0a4465636973696f6e733a0a2d2041646f707420506f73746772657320666f722062696c6c696e670a2320416374696f6e204974656d730a2d20577269746520746865206d6967726174696f6e2073637269707473202861737369676e656420746f206a756e696f725f64657629205b7072696f726974793a20686967685dab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd01d3ad6f75747075745f746f6b656e7326af75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3532333439372b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, summarize
v2-finished		1f1eb666-9811-61e6-8007-6514cdaed2ce	a1a91459-7e6a-1a2b-ae97-4d6a0297a56a	2	messages	msgpack	\\x91c801610594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d98277652075736520506f7374677265732e0a0a4465636973696f6e733a0a2d2041646f707420506f73746772657320666f722062696c6c696e670a0a416374696f6e206974656d733a0a2d20577269746520746865206d6967726174696f6e207363726970747320286a756e696f725f6465762c2068696768207072696f7269747929b16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746182a57068617365a773756d6d617279a47475726e06a474797065a26169a46e616d65a363746fa26964bb76322d66696e69736865642d313a73756d6d6172793a363a63746faa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, summarize
v2-finished		1f1eb666-9811-61e6-8007-6514cdaed2ce	a1a91459-7e6a-1a2b-ae97-4d6a0297a56a	3	input_calibration	msgpack	\\x94cd01d3cd01d3cd01f907	~__pregel_pull, summarize
v2-finished		1f1eb666-9811-61e6-8007-6514cdaed2ce	a1a91459-7e6a-1a2b-ae97-4d6a0297a56a	4	branch:to:finalize	null	\\x	~__pregel_pull, summarize
v2-finished		1f1eb666-98f5-6178-8008-1c748ec468b0	b7843e55-d27b-f595-dc68-a502e58e1516	0	minutes	msgpack	\\xc80ad20594d9286c616e6767726170685f636f756e63696c2e6e6f6465732e5f6d656574696e67732e6d6f64656c73ae4d656574696e674d696e75746573de001faa6d656574696e675f6964ad76322d66696e69736865642d31a870726f746f636f6cab726f756e645f726f62696ea6737461747573a9636f6d706c65746564a96c65616465725f6964a363746faf7061727469636970616e745f69647393aa73656e696f725f646576aa6a756e696f725f646576a675695f646576a66167656e646183a57469746c65b95069636b20746865207072696d617279206461746162617365a7636f6e74657874b34e65772062696c6c696e672073657276696365a56974656d7390ad636f6e747269627574696f6e73978aa86167656e745f6964aa73656e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e00a7636f6e74656e74d926492070726f706f736520506f7374677265733a20776520616c72656164792072756e2069742eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73ccbdad6f75747075745f746f6b656e730aaf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3230393933382b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964aa6a756e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e01a7636f6e74656e74d92f506f73746772657320776f726b7320666f72206d653b2049206b6e6f7720697473204a534f4e20636f6c756d6e732eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73ccd4ad6f75747075745f746f6b656e730caf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3235343730352b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964a675695f646576a57068617365ab726f756e645f726f62696ea47475726e02a7636f6e74656e74d92546696e65206279206d652069662074686520415049207374617973207468652073616d652eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd0107ad6f75747075745f746f6b656e730aaf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3330353936322b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964aa73656e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e03a7636f6e74656e74d92a5468656e20506f7374677265732077697468206f6e6520736368656d612070657220736572766963652eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd0117ad6f75747075745f746f6b656e730baf75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3334373133312b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964aa6a756e696f725f646576a57068617365ab726f756e645f726f62696ea47475726e04a7636f6e74656e74d923492077696c6c20777269746520746865206d6967726174696f6e20736372697074732eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd0134ad6f75747075745f746f6b656e7309af75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3339383436372b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964a675695f646576a57068617365ab726f756e645f726f62696ea47475726e05a7636f6e74656e74ad4e6f206f626a656374696f6e2eab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd0165ad6f75747075745f746f6b656e7304af75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3434343630392b30303a3030ad66726f6d69736f666f726d61748aa86167656e745f6964a363746fa57068617365a773756d6d617279a47475726e06a7636f6e74656e74d99853756d6d6172793a2077652075736520506f7374677265732e0a4465636973696f6e733a0a2d2041646f707420506f73746772657320666f722062696c6c696e670a2320416374696f6e204974656d730a2d20577269746520746865206d6967726174696f6e2073637269707473202861737369676e656420746f206a756e696f725f64657629205b7072696f726974793a20686967685dab636f6e74656e745f726566c0ac696e7075745f746f6b656e73cd01d3ad6f75747075745f746f6b656e7326af75736167655f657374696d61746564c2a86f7665725f636170c2a974696d657374616d70c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3532333439372b30303a3030ad66726f6d69736f666f726d6174a773756d6d617279b077652075736520506f7374677265732ead6a757374696669636174696f6ea0a96465636973696f6e7391ba41646f707420506f73746772657320666f722062696c6c696e67ac616374696f6e5f6974656d739185ab6465736372697074696f6ebb577269746520746865206d6967726174696f6e2073637269707473ab61737369676e65655f6964aa6a756e696f725f646576a87072696f72697479a468696768b27265717565737465645f61737369676e6565aa6a756e696f725f646576a7666c6167676564c0a9706f736974696f6e7390b06d696e6f726974795f7265706f72747390b065766964656e63655f7761726e696e67c0a87761726e696e677391d9347468652073796e7468657369732062792063746f2077617320726561642066726f6d2069747320746578742073656374696f6e73b2636f6e666c696374735f6465746563746564c2a9636f6e666c6963747390ae617574686f726974795f6375657390ad6661696c7572655f6d6f64657390a86661696c7572657390b4646576696c735f6164766f636174655f75736564c2ab73746f705f726561736f6ec0a9726576657273616c7390ad7461736b735f6372656174656400ab7461736b5f6572726f727390a56572726f72c0ac746f6b656e5f627564676574cd4e20b2746f74616c5f696e7075745f746f6b656e73cd081bb3746f74616c5f6f75747075745f746f6b656e735eaa737461727465645f6174c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3134333030332b30303a3030ad66726f6d69736f666f726d6174a8656e6465645f6174c7430394a86461746574696d65a86461746574696d65d920323032362d31312d32385432303a30303a35312e3537323039392b30303a3030ad66726f6d69736f666f726d6174b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, finalize
v2-finished		1f1eb666-98f5-6178-8008-1c748ec468b0	b7843e55-d27b-f595-dc68-a502e58e1516	1	messages	msgpack	\\x91c801a70594ba6c616e67636861696e5f636f72652e6d657373616765732e6169a941494d65737361676589a7636f6e74656e74d9b1546865206d656574696e6720656e6465643a205069636b20746865207072696d6172792064617461626173652e0a0a77652075736520506f7374677265732e0a0a4465636973696f6e733a0a2d2041646f707420506f73746772657320666f722062696c6c696e670a0a416374696f6e206974656d733a0a2d20577269746520746865206d6967726174696f6e207363726970747320286a756e696f725f6465762c2068696768207072696f7269747929b16164646974696f6e616c5f6b776172677380b1726573706f6e73655f6d6574616461746183a46b696e64a76f7574636f6d65a666616d696c79a76d656574696e67a6737461747573a9636f6d706c65746564a474797065a26169a46e616d65a7636f756e63696ca26964b576322d66696e69736865642d313a6f7574636f6d65aa746f6f6c5f63616c6c7390b2696e76616c69645f746f6f6c5f63616c6c7390ae75736167655f6d65746164617461c0b36d6f64656c5f76616c69646174655f6a736f6e	~__pregel_pull, finalize
v2-finished		1f1eb666-98f5-6178-8008-1c748ec468b0	b7843e55-d27b-f595-dc68-a502e58e1516	2	branch:to:record_dissent	null	\\x	~__pregel_pull, finalize
v2-finished		1f1eb666-9956-6c7d-8009-b712586c9218	c72610eb-3109-ce7d-ff3f-bd17d49bb3bc	0	branch:to:record_meeting	null	\\x	~__pregel_pull, record_dissent
v2-finished		1f1eb666-999b-6955-800a-672e7fe1eb19	5942f6ad-5f41-88f9-44d6-ed86d452965f	0	__no_writes__	null	\\x	~__pregel_pull, record_meeting
\.


--
-- Data for Name: checkpoints; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata) FROM stdin;
v2-paused		1f1eb666-8f93-6437-bfff-f01f509fe1a7	\N	\N	{"v": 4, "id": "1f1eb666-8f93-6437-bfff-f01f509fe1a7", "ts": "2026-11-28T20:00:50.554941+00:00", "versions_seen": {"__input__": {}}, "channel_values": {}, "channel_versions": {"__start__": "00000000000000000000000000000001.0.3775118551538027"}, "updated_channels": ["__start__"]}	{"step": -1, "source": "input", "parents": {}, "counters_since_delta_snapshot": {"messages": [0, 1], "contributions": [0, 1], "input_calibration": [0, 1]}}
v2-paused		1f1eb666-8fea-6ae3-8000-48b9ea2532b9	1f1eb666-8f93-6437-bfff-f01f509fe1a7	\N	{"v": 4, "id": "1f1eb666-8fea-6ae3-8000-48b9ea2532b9", "ts": "2026-11-28T20:00:50.590748+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.3775118551538027"}}, "channel_values": {"leader_id": "cto", "meeting_id": "v2-paused-1", "token_budget": 20000, "branch:to:open_meeting": null}, "channel_versions": {"agenda": "00000000000000000000000000000002.0.2066315509234269", "__start__": "00000000000000000000000000000002.0.2066315509234269", "leader_id": "00000000000000000000000000000002.0.2066315509234269", "meeting_id": "00000000000000000000000000000002.0.2066315509234269", "token_budget": "00000000000000000000000000000002.0.2066315509234269", "participant_ids": "00000000000000000000000000000002.0.2066315509234269", "branch:to:open_meeting": "00000000000000000000000000000002.0.2066315509234269"}, "updated_channels": ["agenda", "branch:to:open_meeting", "leader_id", "meeting_id", "participant_ids", "token_budget"]}	{"step": 0, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [0, 2], "contributions": [0, 2], "input_calibration": [0, 2]}}
v2-paused		1f1eb666-90a7-6296-8001-9f7cc3aad483	1f1eb666-8fea-6ae3-8000-48b9ea2532b9	\N	{"v": 4, "id": "1f1eb666-90a7-6296-8001-9f7cc3aad483", "ts": "2026-11-28T20:00:50.667898+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.3775118551538027"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.2066315509234269"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "messages": true, "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-paused-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "contributions": true, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "input_calibration": true, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.7718253982289082", "error": "00000000000000000000000000000003.0.7718253982289082", "notes": "00000000000000000000000000000003.0.7718253982289082", "agenda": "00000000000000000000000000000003.0.7718253982289082", "status": "00000000000000000000000000000003.0.7718253982289082", "outcome": "00000000000000000000000000000003.0.7718253982289082", "failures": "00000000000000000000000000000003.0.7718253982289082", "messages": "00000000000000000000000000000003.0.7718253982289082", "protocol": "00000000000000000000000000000003.0.7718253982289082", "__start__": "00000000000000000000000000000002.0.2066315509234269", "conflicts": "00000000000000000000000000000003.0.7718253982289082", "leader_id": "00000000000000000000000000000003.0.7718253982289082", "meeting_id": "00000000000000000000000000000003.0.7718253982289082", "started_at": "00000000000000000000000000000003.0.7718253982289082", "discussants": "00000000000000000000000000000003.0.7718253982289082", "stop_reason": "00000000000000000000000000000003.0.7718253982289082", "tokens_used": "00000000000000000000000000000003.0.7718253982289082", "next_speaker": "00000000000000000000000000000003.0.7718253982289082", "token_budget": "00000000000000000000000000000003.0.7718253982289082", "contributions": "00000000000000000000000000000003.0.7718253982289082", "state_version": "00000000000000000000000000000003.0.7718253982289082", "participant_ids": "00000000000000000000000000000003.0.7718253982289082", "discussion_index": "00000000000000000000000000000003.0.7718253982289082", "discussion_tokens": "00000000000000000000000000000003.0.7718253982289082", "input_calibration": "00000000000000000000000000000003.0.7718253982289082", "branch:to:take_turn": "00000000000000000000000000000003.0.7718253982289082", "devils_advocate_used": "00000000000000000000000000000003.0.7718253982289082", "branch:to:open_meeting": "00000000000000000000000000000003.0.7718253982289082"}, "updated_channels": ["agenda", "branch:to:take_turn", "conflicts", "contributions", "devils_advocate_used", "discussants", "discussion_index", "discussion_tokens", "error", "failures", "input_calibration", "leader_id", "meeting_id", "messages", "next_speaker", "notes", "outcome", "participant_ids", "protocol", "started_at", "state_version", "status", "stop_reason", "token_budget", "tokens_used", "turn"]}	{"step": 1, "source": "loop", "parents": {}}
v2-paused		1f1eb666-918d-6d16-8002-2dcbd4c78c99	1f1eb666-90a7-6296-8001-9f7cc3aad483	\N	{"v": 4, "id": "1f1eb666-918d-6d16-8002-2dcbd4c78c99", "ts": "2026-11-28T20:00:50.762425+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.3775118551538027"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000003.0.7718253982289082"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.2066315509234269"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-paused-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.7718253982289082", "error": "00000000000000000000000000000003.0.7718253982289082", "notes": "00000000000000000000000000000003.0.7718253982289082", "agenda": "00000000000000000000000000000003.0.7718253982289082", "status": "00000000000000000000000000000003.0.7718253982289082", "outcome": "00000000000000000000000000000003.0.7718253982289082", "failures": "00000000000000000000000000000003.0.7718253982289082", "messages": "00000000000000000000000000000004.0.9997948663315922", "protocol": "00000000000000000000000000000003.0.7718253982289082", "__start__": "00000000000000000000000000000002.0.2066315509234269", "conflicts": "00000000000000000000000000000003.0.7718253982289082", "leader_id": "00000000000000000000000000000003.0.7718253982289082", "meeting_id": "00000000000000000000000000000003.0.7718253982289082", "started_at": "00000000000000000000000000000003.0.7718253982289082", "discussants": "00000000000000000000000000000003.0.7718253982289082", "stop_reason": "00000000000000000000000000000003.0.7718253982289082", "tokens_used": "00000000000000000000000000000003.0.7718253982289082", "next_speaker": "00000000000000000000000000000003.0.7718253982289082", "token_budget": "00000000000000000000000000000003.0.7718253982289082", "contributions": "00000000000000000000000000000004.0.9997948663315922", "state_version": "00000000000000000000000000000003.0.7718253982289082", "participant_ids": "00000000000000000000000000000003.0.7718253982289082", "discussion_index": "00000000000000000000000000000003.0.7718253982289082", "discussion_tokens": "00000000000000000000000000000003.0.7718253982289082", "input_calibration": "00000000000000000000000000000004.0.9997948663315922", "branch:to:take_turn": "00000000000000000000000000000004.0.9997948663315922", "devils_advocate_used": "00000000000000000000000000000003.0.7718253982289082", "branch:to:open_meeting": "00000000000000000000000000000003.0.7718253982289082"}, "updated_channels": ["branch:to:take_turn", "contributions", "input_calibration", "messages"]}	{"step": 2, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [1, 1], "contributions": [1, 1], "input_calibration": [1, 1]}}
v2-paused		1f1eb666-921b-6726-8003-0679e64c6479	1f1eb666-918d-6d16-8002-2dcbd4c78c99	\N	{"v": 4, "id": "1f1eb666-921b-6726-8003-0679e64c6479", "ts": "2026-11-28T20:00:50.820438+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.3775118551538027"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000004.0.9997948663315922"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.2066315509234269"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-paused-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.7718253982289082", "error": "00000000000000000000000000000003.0.7718253982289082", "notes": "00000000000000000000000000000003.0.7718253982289082", "agenda": "00000000000000000000000000000003.0.7718253982289082", "status": "00000000000000000000000000000003.0.7718253982289082", "outcome": "00000000000000000000000000000003.0.7718253982289082", "failures": "00000000000000000000000000000003.0.7718253982289082", "messages": "00000000000000000000000000000005.0.6770845021790503", "protocol": "00000000000000000000000000000003.0.7718253982289082", "__start__": "00000000000000000000000000000002.0.2066315509234269", "conflicts": "00000000000000000000000000000003.0.7718253982289082", "leader_id": "00000000000000000000000000000003.0.7718253982289082", "meeting_id": "00000000000000000000000000000003.0.7718253982289082", "started_at": "00000000000000000000000000000003.0.7718253982289082", "discussants": "00000000000000000000000000000003.0.7718253982289082", "stop_reason": "00000000000000000000000000000003.0.7718253982289082", "tokens_used": "00000000000000000000000000000003.0.7718253982289082", "next_speaker": "00000000000000000000000000000003.0.7718253982289082", "token_budget": "00000000000000000000000000000003.0.7718253982289082", "contributions": "00000000000000000000000000000005.0.6770845021790503", "state_version": "00000000000000000000000000000003.0.7718253982289082", "participant_ids": "00000000000000000000000000000003.0.7718253982289082", "discussion_index": "00000000000000000000000000000003.0.7718253982289082", "discussion_tokens": "00000000000000000000000000000003.0.7718253982289082", "input_calibration": "00000000000000000000000000000005.0.6770845021790503", "branch:to:take_turn": "00000000000000000000000000000005.0.6770845021790503", "devils_advocate_used": "00000000000000000000000000000003.0.7718253982289082", "branch:to:open_meeting": "00000000000000000000000000000003.0.7718253982289082"}, "updated_channels": ["branch:to:take_turn", "contributions", "input_calibration", "messages"]}	{"step": 3, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [2, 2], "contributions": [2, 2], "input_calibration": [2, 2]}}
v2-paused		1f1eb666-92cd-696a-8004-fe0c3b517733	1f1eb666-921b-6726-8003-0679e64c6479	\N	{"v": 4, "id": "1f1eb666-92cd-696a-8004-fe0c3b517733", "ts": "2026-11-28T20:00:50.893410+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.3775118551538027"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000005.0.6770845021790503"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.2066315509234269"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-paused-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.7718253982289082", "error": "00000000000000000000000000000003.0.7718253982289082", "notes": "00000000000000000000000000000003.0.7718253982289082", "agenda": "00000000000000000000000000000003.0.7718253982289082", "status": "00000000000000000000000000000003.0.7718253982289082", "outcome": "00000000000000000000000000000003.0.7718253982289082", "failures": "00000000000000000000000000000003.0.7718253982289082", "messages": "00000000000000000000000000000006.0.9581823466990265", "protocol": "00000000000000000000000000000003.0.7718253982289082", "__start__": "00000000000000000000000000000002.0.2066315509234269", "conflicts": "00000000000000000000000000000003.0.7718253982289082", "leader_id": "00000000000000000000000000000003.0.7718253982289082", "meeting_id": "00000000000000000000000000000003.0.7718253982289082", "started_at": "00000000000000000000000000000003.0.7718253982289082", "discussants": "00000000000000000000000000000003.0.7718253982289082", "stop_reason": "00000000000000000000000000000003.0.7718253982289082", "tokens_used": "00000000000000000000000000000003.0.7718253982289082", "next_speaker": "00000000000000000000000000000003.0.7718253982289082", "token_budget": "00000000000000000000000000000003.0.7718253982289082", "contributions": "00000000000000000000000000000006.0.9581823466990265", "state_version": "00000000000000000000000000000003.0.7718253982289082", "participant_ids": "00000000000000000000000000000003.0.7718253982289082", "discussion_index": "00000000000000000000000000000003.0.7718253982289082", "discussion_tokens": "00000000000000000000000000000003.0.7718253982289082", "input_calibration": "00000000000000000000000000000006.0.9581823466990265", "branch:to:take_turn": "00000000000000000000000000000006.0.9581823466990265", "devils_advocate_used": "00000000000000000000000000000003.0.7718253982289082", "branch:to:open_meeting": "00000000000000000000000000000003.0.7718253982289082"}, "updated_channels": ["branch:to:take_turn", "contributions", "input_calibration", "messages"]}	{"step": 4, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [3, 3], "contributions": [3, 3], "input_calibration": [3, 3]}}
v2-finished		1f1eb666-94b1-6c15-bfff-fb0e124dd005	\N	\N	{"v": 4, "id": "1f1eb666-94b1-6c15-bfff-fb0e124dd005", "ts": "2026-11-28T20:00:51.091746+00:00", "versions_seen": {"__input__": {}}, "channel_values": {}, "channel_versions": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "updated_channels": ["__start__"]}	{"step": -1, "source": "input", "parents": {}, "counters_since_delta_snapshot": {"messages": [0, 1], "contributions": [0, 1], "input_calibration": [0, 1]}}
v2-finished		1f1eb666-94eb-6754-8000-15317d3cef78	1f1eb666-94b1-6c15-bfff-fb0e124dd005	\N	{"v": 4, "id": "1f1eb666-94eb-6754-8000-15317d3cef78", "ts": "2026-11-28T20:00:51.115319+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}}, "channel_values": {"leader_id": "cto", "meeting_id": "v2-finished-1", "token_budget": 20000, "branch:to:open_meeting": null}, "channel_versions": {"agenda": "00000000000000000000000000000002.0.23242748393565105", "__start__": "00000000000000000000000000000002.0.23242748393565105", "leader_id": "00000000000000000000000000000002.0.23242748393565105", "meeting_id": "00000000000000000000000000000002.0.23242748393565105", "token_budget": "00000000000000000000000000000002.0.23242748393565105", "participant_ids": "00000000000000000000000000000002.0.23242748393565105", "branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}, "updated_channels": ["agenda", "branch:to:open_meeting", "leader_id", "meeting_id", "participant_ids", "token_budget"]}	{"step": 0, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [0, 2], "contributions": [0, 2], "input_calibration": [0, 2]}}
v2-finished		1f1eb666-9537-6bfa-8001-21d6426d313a	1f1eb666-94eb-6754-8000-15317d3cef78	\N	{"v": 4, "id": "1f1eb666-9537-6bfa-8001-21d6426d313a", "ts": "2026-11-28T20:00:51.146576+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "messages": true, "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-finished-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "contributions": true, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "input_calibration": true, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.19122811850352073", "error": "00000000000000000000000000000003.0.19122811850352073", "notes": "00000000000000000000000000000003.0.19122811850352073", "agenda": "00000000000000000000000000000003.0.19122811850352073", "status": "00000000000000000000000000000003.0.19122811850352073", "outcome": "00000000000000000000000000000003.0.19122811850352073", "failures": "00000000000000000000000000000003.0.19122811850352073", "messages": "00000000000000000000000000000003.0.19122811850352073", "protocol": "00000000000000000000000000000003.0.19122811850352073", "__start__": "00000000000000000000000000000002.0.23242748393565105", "conflicts": "00000000000000000000000000000003.0.19122811850352073", "leader_id": "00000000000000000000000000000003.0.19122811850352073", "meeting_id": "00000000000000000000000000000003.0.19122811850352073", "started_at": "00000000000000000000000000000003.0.19122811850352073", "discussants": "00000000000000000000000000000003.0.19122811850352073", "stop_reason": "00000000000000000000000000000003.0.19122811850352073", "tokens_used": "00000000000000000000000000000003.0.19122811850352073", "next_speaker": "00000000000000000000000000000003.0.19122811850352073", "token_budget": "00000000000000000000000000000003.0.19122811850352073", "contributions": "00000000000000000000000000000003.0.19122811850352073", "state_version": "00000000000000000000000000000003.0.19122811850352073", "participant_ids": "00000000000000000000000000000003.0.19122811850352073", "discussion_index": "00000000000000000000000000000003.0.19122811850352073", "discussion_tokens": "00000000000000000000000000000003.0.19122811850352073", "input_calibration": "00000000000000000000000000000003.0.19122811850352073", "branch:to:take_turn": "00000000000000000000000000000003.0.19122811850352073", "devils_advocate_used": "00000000000000000000000000000003.0.19122811850352073", "branch:to:open_meeting": "00000000000000000000000000000003.0.19122811850352073"}, "updated_channels": ["agenda", "branch:to:take_turn", "conflicts", "contributions", "devils_advocate_used", "discussants", "discussion_index", "discussion_tokens", "error", "failures", "input_calibration", "leader_id", "meeting_id", "messages", "next_speaker", "notes", "outcome", "participant_ids", "protocol", "started_at", "state_version", "status", "stop_reason", "token_budget", "tokens_used", "turn"]}	{"step": 1, "source": "loop", "parents": {}}
v2-finished		1f1eb666-95f2-68c7-8002-2c38e5e70391	1f1eb666-9537-6bfa-8001-21d6426d313a	\N	{"v": 4, "id": "1f1eb666-95f2-68c7-8002-2c38e5e70391", "ts": "2026-11-28T20:00:51.223114+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000003.0.19122811850352073"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-finished-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.19122811850352073", "error": "00000000000000000000000000000003.0.19122811850352073", "notes": "00000000000000000000000000000003.0.19122811850352073", "agenda": "00000000000000000000000000000003.0.19122811850352073", "status": "00000000000000000000000000000003.0.19122811850352073", "outcome": "00000000000000000000000000000003.0.19122811850352073", "failures": "00000000000000000000000000000003.0.19122811850352073", "messages": "00000000000000000000000000000004.0.8084883370306095", "protocol": "00000000000000000000000000000003.0.19122811850352073", "__start__": "00000000000000000000000000000002.0.23242748393565105", "conflicts": "00000000000000000000000000000003.0.19122811850352073", "leader_id": "00000000000000000000000000000003.0.19122811850352073", "meeting_id": "00000000000000000000000000000003.0.19122811850352073", "started_at": "00000000000000000000000000000003.0.19122811850352073", "discussants": "00000000000000000000000000000003.0.19122811850352073", "stop_reason": "00000000000000000000000000000003.0.19122811850352073", "tokens_used": "00000000000000000000000000000003.0.19122811850352073", "next_speaker": "00000000000000000000000000000003.0.19122811850352073", "token_budget": "00000000000000000000000000000003.0.19122811850352073", "contributions": "00000000000000000000000000000004.0.8084883370306095", "state_version": "00000000000000000000000000000003.0.19122811850352073", "participant_ids": "00000000000000000000000000000003.0.19122811850352073", "discussion_index": "00000000000000000000000000000003.0.19122811850352073", "discussion_tokens": "00000000000000000000000000000003.0.19122811850352073", "input_calibration": "00000000000000000000000000000004.0.8084883370306095", "branch:to:take_turn": "00000000000000000000000000000004.0.8084883370306095", "devils_advocate_used": "00000000000000000000000000000003.0.19122811850352073", "branch:to:open_meeting": "00000000000000000000000000000003.0.19122811850352073"}, "updated_channels": ["branch:to:take_turn", "contributions", "input_calibration", "messages"]}	{"step": 2, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [1, 1], "contributions": [1, 1], "input_calibration": [1, 1]}}
v2-finished		1f1eb666-964d-66a1-8003-780be1772605	1f1eb666-95f2-68c7-8002-2c38e5e70391	\N	{"v": 4, "id": "1f1eb666-964d-66a1-8003-780be1772605", "ts": "2026-11-28T20:00:51.260289+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000004.0.8084883370306095"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-finished-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.19122811850352073", "error": "00000000000000000000000000000003.0.19122811850352073", "notes": "00000000000000000000000000000003.0.19122811850352073", "agenda": "00000000000000000000000000000003.0.19122811850352073", "status": "00000000000000000000000000000003.0.19122811850352073", "outcome": "00000000000000000000000000000003.0.19122811850352073", "failures": "00000000000000000000000000000003.0.19122811850352073", "messages": "00000000000000000000000000000005.0.7202521168982583", "protocol": "00000000000000000000000000000003.0.19122811850352073", "__start__": "00000000000000000000000000000002.0.23242748393565105", "conflicts": "00000000000000000000000000000003.0.19122811850352073", "leader_id": "00000000000000000000000000000003.0.19122811850352073", "meeting_id": "00000000000000000000000000000003.0.19122811850352073", "started_at": "00000000000000000000000000000003.0.19122811850352073", "discussants": "00000000000000000000000000000003.0.19122811850352073", "stop_reason": "00000000000000000000000000000003.0.19122811850352073", "tokens_used": "00000000000000000000000000000003.0.19122811850352073", "next_speaker": "00000000000000000000000000000003.0.19122811850352073", "token_budget": "00000000000000000000000000000003.0.19122811850352073", "contributions": "00000000000000000000000000000005.0.7202521168982583", "state_version": "00000000000000000000000000000003.0.19122811850352073", "participant_ids": "00000000000000000000000000000003.0.19122811850352073", "discussion_index": "00000000000000000000000000000003.0.19122811850352073", "discussion_tokens": "00000000000000000000000000000003.0.19122811850352073", "input_calibration": "00000000000000000000000000000005.0.7202521168982583", "branch:to:take_turn": "00000000000000000000000000000005.0.7202521168982583", "devils_advocate_used": "00000000000000000000000000000003.0.19122811850352073", "branch:to:open_meeting": "00000000000000000000000000000003.0.19122811850352073"}, "updated_channels": ["branch:to:take_turn", "contributions", "input_calibration", "messages"]}	{"step": 3, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [2, 2], "contributions": [2, 2], "input_calibration": [2, 2]}}
v2-finished		1f1eb666-96bf-6489-8004-d3719f58bf68	1f1eb666-964d-66a1-8003-780be1772605	\N	{"v": 4, "id": "1f1eb666-96bf-6489-8004-d3719f58bf68", "ts": "2026-11-28T20:00:51.306966+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000005.0.7202521168982583"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-finished-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.19122811850352073", "error": "00000000000000000000000000000003.0.19122811850352073", "notes": "00000000000000000000000000000003.0.19122811850352073", "agenda": "00000000000000000000000000000003.0.19122811850352073", "status": "00000000000000000000000000000003.0.19122811850352073", "outcome": "00000000000000000000000000000003.0.19122811850352073", "failures": "00000000000000000000000000000003.0.19122811850352073", "messages": "00000000000000000000000000000006.0.5225362235785767", "protocol": "00000000000000000000000000000003.0.19122811850352073", "__start__": "00000000000000000000000000000002.0.23242748393565105", "conflicts": "00000000000000000000000000000003.0.19122811850352073", "leader_id": "00000000000000000000000000000003.0.19122811850352073", "meeting_id": "00000000000000000000000000000003.0.19122811850352073", "started_at": "00000000000000000000000000000003.0.19122811850352073", "discussants": "00000000000000000000000000000003.0.19122811850352073", "stop_reason": "00000000000000000000000000000003.0.19122811850352073", "tokens_used": "00000000000000000000000000000003.0.19122811850352073", "next_speaker": "00000000000000000000000000000003.0.19122811850352073", "token_budget": "00000000000000000000000000000003.0.19122811850352073", "contributions": "00000000000000000000000000000006.0.5225362235785767", "state_version": "00000000000000000000000000000003.0.19122811850352073", "participant_ids": "00000000000000000000000000000003.0.19122811850352073", "discussion_index": "00000000000000000000000000000003.0.19122811850352073", "discussion_tokens": "00000000000000000000000000000003.0.19122811850352073", "input_calibration": "00000000000000000000000000000006.0.5225362235785767", "branch:to:take_turn": "00000000000000000000000000000006.0.5225362235785767", "devils_advocate_used": "00000000000000000000000000000003.0.19122811850352073", "branch:to:open_meeting": "00000000000000000000000000000003.0.19122811850352073"}, "updated_channels": ["branch:to:take_turn", "contributions", "input_calibration", "messages"]}	{"step": 4, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [3, 3], "contributions": [3, 3], "input_calibration": [3, 3]}}
v2-finished		1f1eb666-9742-6fd7-8005-4c3ad97e6d80	1f1eb666-96bf-6489-8004-d3719f58bf68	\N	{"v": 4, "id": "1f1eb666-9742-6fd7-8005-4c3ad97e6d80", "ts": "2026-11-28T20:00:51.360906+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000006.0.5225362235785767"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-finished-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.19122811850352073", "error": "00000000000000000000000000000003.0.19122811850352073", "notes": "00000000000000000000000000000003.0.19122811850352073", "agenda": "00000000000000000000000000000003.0.19122811850352073", "status": "00000000000000000000000000000003.0.19122811850352073", "outcome": "00000000000000000000000000000003.0.19122811850352073", "failures": "00000000000000000000000000000003.0.19122811850352073", "messages": "00000000000000000000000000000007.0.3761220380032906", "protocol": "00000000000000000000000000000003.0.19122811850352073", "__start__": "00000000000000000000000000000002.0.23242748393565105", "conflicts": "00000000000000000000000000000003.0.19122811850352073", "leader_id": "00000000000000000000000000000003.0.19122811850352073", "meeting_id": "00000000000000000000000000000003.0.19122811850352073", "started_at": "00000000000000000000000000000003.0.19122811850352073", "discussants": "00000000000000000000000000000003.0.19122811850352073", "stop_reason": "00000000000000000000000000000003.0.19122811850352073", "tokens_used": "00000000000000000000000000000003.0.19122811850352073", "next_speaker": "00000000000000000000000000000003.0.19122811850352073", "token_budget": "00000000000000000000000000000003.0.19122811850352073", "contributions": "00000000000000000000000000000007.0.3761220380032906", "state_version": "00000000000000000000000000000003.0.19122811850352073", "participant_ids": "00000000000000000000000000000003.0.19122811850352073", "discussion_index": "00000000000000000000000000000003.0.19122811850352073", "discussion_tokens": "00000000000000000000000000000003.0.19122811850352073", "input_calibration": "00000000000000000000000000000007.0.3761220380032906", "branch:to:take_turn": "00000000000000000000000000000007.0.3761220380032906", "devils_advocate_used": "00000000000000000000000000000003.0.19122811850352073", "branch:to:open_meeting": "00000000000000000000000000000003.0.19122811850352073"}, "updated_channels": ["branch:to:take_turn", "contributions", "input_calibration", "messages"]}	{"step": 5, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [4, 4], "contributions": [4, 4], "input_calibration": [4, 4]}}
v2-finished		1f1eb666-97ae-6a63-8006-2c10e82e9ce2	1f1eb666-9742-6fd7-8005-4c3ad97e6d80	\N	{"v": 4, "id": "1f1eb666-97ae-6a63-8006-2c10e82e9ce2", "ts": "2026-11-28T20:00:51.405009+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000007.0.3761220380032906"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-finished-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "branch:to:take_turn": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.19122811850352073", "error": "00000000000000000000000000000003.0.19122811850352073", "notes": "00000000000000000000000000000003.0.19122811850352073", "agenda": "00000000000000000000000000000003.0.19122811850352073", "status": "00000000000000000000000000000003.0.19122811850352073", "outcome": "00000000000000000000000000000003.0.19122811850352073", "failures": "00000000000000000000000000000003.0.19122811850352073", "messages": "00000000000000000000000000000008.0.9297015148172939", "protocol": "00000000000000000000000000000003.0.19122811850352073", "__start__": "00000000000000000000000000000002.0.23242748393565105", "conflicts": "00000000000000000000000000000003.0.19122811850352073", "leader_id": "00000000000000000000000000000003.0.19122811850352073", "meeting_id": "00000000000000000000000000000003.0.19122811850352073", "started_at": "00000000000000000000000000000003.0.19122811850352073", "discussants": "00000000000000000000000000000003.0.19122811850352073", "stop_reason": "00000000000000000000000000000003.0.19122811850352073", "tokens_used": "00000000000000000000000000000003.0.19122811850352073", "next_speaker": "00000000000000000000000000000003.0.19122811850352073", "token_budget": "00000000000000000000000000000003.0.19122811850352073", "contributions": "00000000000000000000000000000008.0.9297015148172939", "state_version": "00000000000000000000000000000003.0.19122811850352073", "participant_ids": "00000000000000000000000000000003.0.19122811850352073", "discussion_index": "00000000000000000000000000000003.0.19122811850352073", "discussion_tokens": "00000000000000000000000000000003.0.19122811850352073", "input_calibration": "00000000000000000000000000000008.0.9297015148172939", "branch:to:take_turn": "00000000000000000000000000000008.0.9297015148172939", "devils_advocate_used": "00000000000000000000000000000003.0.19122811850352073", "branch:to:open_meeting": "00000000000000000000000000000003.0.19122811850352073"}, "updated_channels": ["branch:to:take_turn", "contributions", "input_calibration", "messages"]}	{"step": 6, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [5, 5], "contributions": [5, 5], "input_calibration": [5, 5]}}
v2-finished		1f1eb666-9811-61e6-8007-6514cdaed2ce	1f1eb666-97ae-6a63-8006-2c10e82e9ce2	\N	{"v": 4, "id": "1f1eb666-9811-61e6-8007-6514cdaed2ce", "ts": "2026-11-28T20:00:51.445324+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000008.0.9297015148172939"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-finished-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "branch:to:summarize": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.19122811850352073", "error": "00000000000000000000000000000003.0.19122811850352073", "notes": "00000000000000000000000000000003.0.19122811850352073", "agenda": "00000000000000000000000000000003.0.19122811850352073", "status": "00000000000000000000000000000003.0.19122811850352073", "outcome": "00000000000000000000000000000003.0.19122811850352073", "failures": "00000000000000000000000000000003.0.19122811850352073", "messages": "00000000000000000000000000000009.0.8365575766506549", "protocol": "00000000000000000000000000000003.0.19122811850352073", "__start__": "00000000000000000000000000000002.0.23242748393565105", "conflicts": "00000000000000000000000000000003.0.19122811850352073", "leader_id": "00000000000000000000000000000003.0.19122811850352073", "meeting_id": "00000000000000000000000000000003.0.19122811850352073", "started_at": "00000000000000000000000000000003.0.19122811850352073", "discussants": "00000000000000000000000000000003.0.19122811850352073", "stop_reason": "00000000000000000000000000000003.0.19122811850352073", "tokens_used": "00000000000000000000000000000003.0.19122811850352073", "next_speaker": "00000000000000000000000000000003.0.19122811850352073", "token_budget": "00000000000000000000000000000003.0.19122811850352073", "contributions": "00000000000000000000000000000009.0.8365575766506549", "state_version": "00000000000000000000000000000003.0.19122811850352073", "participant_ids": "00000000000000000000000000000003.0.19122811850352073", "discussion_index": "00000000000000000000000000000003.0.19122811850352073", "discussion_tokens": "00000000000000000000000000000003.0.19122811850352073", "input_calibration": "00000000000000000000000000000009.0.8365575766506549", "branch:to:summarize": "00000000000000000000000000000009.0.8365575766506549", "branch:to:take_turn": "00000000000000000000000000000009.0.8365575766506549", "devils_advocate_used": "00000000000000000000000000000003.0.19122811850352073", "branch:to:open_meeting": "00000000000000000000000000000003.0.19122811850352073"}, "updated_channels": ["branch:to:summarize", "contributions", "input_calibration", "messages"]}	{"step": 7, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [6, 6], "contributions": [6, 6], "input_calibration": [6, 6]}}
v2-finished		1f1eb666-98f5-6178-8008-1c748ec468b0	1f1eb666-9811-61e6-8007-6514cdaed2ce	\N	{"v": 4, "id": "1f1eb666-98f5-6178-8008-1c748ec468b0", "ts": "2026-11-28T20:00:51.538723+00:00", "versions_seen": {"__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "summarize": {"branch:to:summarize": "00000000000000000000000000000009.0.8365575766506549"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000008.0.9297015148172939"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-finished-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "branch:to:finalize": null, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.19122811850352073", "error": "00000000000000000000000000000003.0.19122811850352073", "notes": "00000000000000000000000000000003.0.19122811850352073", "agenda": "00000000000000000000000000000003.0.19122811850352073", "status": "00000000000000000000000000000003.0.19122811850352073", "outcome": "00000000000000000000000000000010.0.8748949038080689", "failures": "00000000000000000000000000000003.0.19122811850352073", "messages": "00000000000000000000000000000010.0.8748949038080689", "protocol": "00000000000000000000000000000003.0.19122811850352073", "__start__": "00000000000000000000000000000002.0.23242748393565105", "conflicts": "00000000000000000000000000000003.0.19122811850352073", "leader_id": "00000000000000000000000000000003.0.19122811850352073", "meeting_id": "00000000000000000000000000000003.0.19122811850352073", "started_at": "00000000000000000000000000000003.0.19122811850352073", "discussants": "00000000000000000000000000000003.0.19122811850352073", "stop_reason": "00000000000000000000000000000003.0.19122811850352073", "tokens_used": "00000000000000000000000000000003.0.19122811850352073", "next_speaker": "00000000000000000000000000000003.0.19122811850352073", "token_budget": "00000000000000000000000000000003.0.19122811850352073", "contributions": "00000000000000000000000000000010.0.8748949038080689", "state_version": "00000000000000000000000000000003.0.19122811850352073", "participant_ids": "00000000000000000000000000000003.0.19122811850352073", "discussion_index": "00000000000000000000000000000003.0.19122811850352073", "discussion_tokens": "00000000000000000000000000000003.0.19122811850352073", "input_calibration": "00000000000000000000000000000010.0.8748949038080689", "branch:to:finalize": "00000000000000000000000000000010.0.8748949038080689", "branch:to:summarize": "00000000000000000000000000000010.0.8748949038080689", "branch:to:take_turn": "00000000000000000000000000000009.0.8365575766506549", "devils_advocate_used": "00000000000000000000000000000003.0.19122811850352073", "branch:to:open_meeting": "00000000000000000000000000000003.0.19122811850352073"}, "updated_channels": ["branch:to:finalize", "contributions", "input_calibration", "messages", "outcome"]}	{"step": 8, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [7, 7], "contributions": [7, 7], "input_calibration": [7, 7]}}
v2-finished		1f1eb666-9956-6c7d-8009-b712586c9218	1f1eb666-98f5-6178-8008-1c748ec468b0	\N	{"v": 4, "id": "1f1eb666-9956-6c7d-8009-b712586c9218", "ts": "2026-11-28T20:00:51.578738+00:00", "versions_seen": {"finalize": {"branch:to:finalize": "00000000000000000000000000000010.0.8748949038080689"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "summarize": {"branch:to:summarize": "00000000000000000000000000000009.0.8365575766506549"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000008.0.9297015148172939"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-finished-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "devils_advocate_used": false, "branch:to:record_dissent": null}, "channel_versions": {"turn": "00000000000000000000000000000003.0.19122811850352073", "error": "00000000000000000000000000000003.0.19122811850352073", "notes": "00000000000000000000000000000003.0.19122811850352073", "agenda": "00000000000000000000000000000003.0.19122811850352073", "status": "00000000000000000000000000000003.0.19122811850352073", "minutes": "00000000000000000000000000000011.0.21299676039768967", "outcome": "00000000000000000000000000000010.0.8748949038080689", "failures": "00000000000000000000000000000003.0.19122811850352073", "messages": "00000000000000000000000000000011.0.21299676039768967", "protocol": "00000000000000000000000000000003.0.19122811850352073", "__start__": "00000000000000000000000000000002.0.23242748393565105", "conflicts": "00000000000000000000000000000003.0.19122811850352073", "leader_id": "00000000000000000000000000000003.0.19122811850352073", "meeting_id": "00000000000000000000000000000003.0.19122811850352073", "started_at": "00000000000000000000000000000003.0.19122811850352073", "discussants": "00000000000000000000000000000003.0.19122811850352073", "stop_reason": "00000000000000000000000000000003.0.19122811850352073", "tokens_used": "00000000000000000000000000000003.0.19122811850352073", "next_speaker": "00000000000000000000000000000003.0.19122811850352073", "token_budget": "00000000000000000000000000000003.0.19122811850352073", "contributions": "00000000000000000000000000000010.0.8748949038080689", "state_version": "00000000000000000000000000000003.0.19122811850352073", "participant_ids": "00000000000000000000000000000003.0.19122811850352073", "discussion_index": "00000000000000000000000000000003.0.19122811850352073", "discussion_tokens": "00000000000000000000000000000003.0.19122811850352073", "input_calibration": "00000000000000000000000000000010.0.8748949038080689", "branch:to:finalize": "00000000000000000000000000000011.0.21299676039768967", "branch:to:summarize": "00000000000000000000000000000010.0.8748949038080689", "branch:to:take_turn": "00000000000000000000000000000009.0.8365575766506549", "devils_advocate_used": "00000000000000000000000000000003.0.19122811850352073", "branch:to:open_meeting": "00000000000000000000000000000003.0.19122811850352073", "branch:to:record_dissent": "00000000000000000000000000000011.0.21299676039768967"}, "updated_channels": ["branch:to:record_dissent", "messages", "minutes"]}	{"step": 9, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [8, 8], "contributions": [7, 8], "input_calibration": [7, 8]}}
v2-finished		1f1eb666-999b-6955-800a-672e7fe1eb19	1f1eb666-9956-6c7d-8009-b712586c9218	\N	{"v": 4, "id": "1f1eb666-999b-6955-800a-672e7fe1eb19", "ts": "2026-11-28T20:00:51.606916+00:00", "versions_seen": {"finalize": {"branch:to:finalize": "00000000000000000000000000000010.0.8748949038080689"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "summarize": {"branch:to:summarize": "00000000000000000000000000000009.0.8365575766506549"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000008.0.9297015148172939"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}, "record_dissent": {"branch:to:record_dissent": "00000000000000000000000000000011.0.21299676039768967"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-finished-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "devils_advocate_used": false, "branch:to:record_meeting": null}, "channel_versions": {"turn": "00000000000000000000000000000003.0.19122811850352073", "error": "00000000000000000000000000000003.0.19122811850352073", "notes": "00000000000000000000000000000003.0.19122811850352073", "agenda": "00000000000000000000000000000003.0.19122811850352073", "status": "00000000000000000000000000000003.0.19122811850352073", "minutes": "00000000000000000000000000000011.0.21299676039768967", "outcome": "00000000000000000000000000000010.0.8748949038080689", "failures": "00000000000000000000000000000003.0.19122811850352073", "messages": "00000000000000000000000000000011.0.21299676039768967", "protocol": "00000000000000000000000000000003.0.19122811850352073", "__start__": "00000000000000000000000000000002.0.23242748393565105", "conflicts": "00000000000000000000000000000003.0.19122811850352073", "leader_id": "00000000000000000000000000000003.0.19122811850352073", "meeting_id": "00000000000000000000000000000003.0.19122811850352073", "started_at": "00000000000000000000000000000003.0.19122811850352073", "discussants": "00000000000000000000000000000003.0.19122811850352073", "stop_reason": "00000000000000000000000000000003.0.19122811850352073", "tokens_used": "00000000000000000000000000000003.0.19122811850352073", "next_speaker": "00000000000000000000000000000003.0.19122811850352073", "token_budget": "00000000000000000000000000000003.0.19122811850352073", "contributions": "00000000000000000000000000000010.0.8748949038080689", "state_version": "00000000000000000000000000000003.0.19122811850352073", "participant_ids": "00000000000000000000000000000003.0.19122811850352073", "discussion_index": "00000000000000000000000000000003.0.19122811850352073", "discussion_tokens": "00000000000000000000000000000003.0.19122811850352073", "input_calibration": "00000000000000000000000000000010.0.8748949038080689", "branch:to:finalize": "00000000000000000000000000000011.0.21299676039768967", "branch:to:summarize": "00000000000000000000000000000010.0.8748949038080689", "branch:to:take_turn": "00000000000000000000000000000009.0.8365575766506549", "devils_advocate_used": "00000000000000000000000000000003.0.19122811850352073", "branch:to:open_meeting": "00000000000000000000000000000003.0.19122811850352073", "branch:to:record_dissent": "00000000000000000000000000000012.0.8620362701181538", "branch:to:record_meeting": "00000000000000000000000000000012.0.8620362701181538"}, "updated_channels": ["branch:to:record_meeting"]}	{"step": 10, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [8, 9], "contributions": [7, 9], "input_calibration": [7, 9]}}
v2-finished		1f1eb666-9a25-69e0-800b-f67fd0936ff0	1f1eb666-999b-6955-800a-672e7fe1eb19	\N	{"v": 4, "id": "1f1eb666-9a25-69e0-800b-f67fd0936ff0", "ts": "2026-11-28T20:00:51.663461+00:00", "versions_seen": {"finalize": {"branch:to:finalize": "00000000000000000000000000000010.0.8748949038080689"}, "__input__": {}, "__start__": {"__start__": "00000000000000000000000000000001.0.15286241475081352"}, "summarize": {"branch:to:summarize": "00000000000000000000000000000009.0.8365575766506549"}, "take_turn": {"branch:to:take_turn": "00000000000000000000000000000008.0.9297015148172939"}, "open_meeting": {"branch:to:open_meeting": "00000000000000000000000000000002.0.23242748393565105"}, "record_dissent": {"branch:to:record_dissent": "00000000000000000000000000000011.0.21299676039768967"}, "record_meeting": {"branch:to:record_meeting": "00000000000000000000000000000012.0.8620362701181538"}}, "channel_values": {"turn": 0, "error": null, "status": "completed", "protocol": "round_robin", "leader_id": "cto", "meeting_id": "v2-finished-1", "stop_reason": null, "tokens_used": 0, "next_speaker": null, "token_budget": 20000, "state_version": 2, "discussion_index": 0, "discussion_tokens": 0, "devils_advocate_used": false}, "channel_versions": {"turn": "00000000000000000000000000000003.0.19122811850352073", "error": "00000000000000000000000000000003.0.19122811850352073", "notes": "00000000000000000000000000000003.0.19122811850352073", "agenda": "00000000000000000000000000000003.0.19122811850352073", "status": "00000000000000000000000000000003.0.19122811850352073", "minutes": "00000000000000000000000000000011.0.21299676039768967", "outcome": "00000000000000000000000000000010.0.8748949038080689", "failures": "00000000000000000000000000000003.0.19122811850352073", "messages": "00000000000000000000000000000011.0.21299676039768967", "protocol": "00000000000000000000000000000003.0.19122811850352073", "__start__": "00000000000000000000000000000002.0.23242748393565105", "conflicts": "00000000000000000000000000000003.0.19122811850352073", "leader_id": "00000000000000000000000000000003.0.19122811850352073", "meeting_id": "00000000000000000000000000000003.0.19122811850352073", "started_at": "00000000000000000000000000000003.0.19122811850352073", "discussants": "00000000000000000000000000000003.0.19122811850352073", "stop_reason": "00000000000000000000000000000003.0.19122811850352073", "tokens_used": "00000000000000000000000000000003.0.19122811850352073", "next_speaker": "00000000000000000000000000000003.0.19122811850352073", "token_budget": "00000000000000000000000000000003.0.19122811850352073", "contributions": "00000000000000000000000000000010.0.8748949038080689", "state_version": "00000000000000000000000000000003.0.19122811850352073", "participant_ids": "00000000000000000000000000000003.0.19122811850352073", "discussion_index": "00000000000000000000000000000003.0.19122811850352073", "discussion_tokens": "00000000000000000000000000000003.0.19122811850352073", "input_calibration": "00000000000000000000000000000010.0.8748949038080689", "branch:to:finalize": "00000000000000000000000000000011.0.21299676039768967", "branch:to:summarize": "00000000000000000000000000000010.0.8748949038080689", "branch:to:take_turn": "00000000000000000000000000000009.0.8365575766506549", "devils_advocate_used": "00000000000000000000000000000003.0.19122811850352073", "branch:to:open_meeting": "00000000000000000000000000000003.0.19122811850352073", "branch:to:record_dissent": "00000000000000000000000000000012.0.8620362701181538", "branch:to:record_meeting": "00000000000000000000000000000013.0.4626108391379239"}, "updated_channels": []}	{"step": 11, "source": "loop", "parents": {}, "counters_since_delta_snapshot": {"messages": [8, 10], "contributions": [7, 10], "input_calibration": [7, 10]}}
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
\.


--
-- Data for Name: council_guard_attempts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_guard_attempts (attempt_id, passed, mechanism, dedup_age, rate_count, open_until, trips, recorded_at, last_bounce) FROM stdin;
\.


--
-- Data for Name: council_guard_pairs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_guard_pairs (agent_a, agent_b, rate_times, trips, open_until, updated_at, bounce_times, last_bounce, recent, verdict) FROM stdin;
\.


--
-- Data for Name: council_loop_records; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_loop_records (id, mechanism, chain, delegator, delegatee, task_id, message, thread_id, recorded_at) FROM stdin;
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
v2-paused-1	v2-paused	2026-11-28 20:00:50.636706+00
v2-finished-1	v2-finished	2026-11-28 20:00:51.130144+00
\.


--
-- Data for Name: council_meeting_records; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_meeting_records (meeting_id, meeting_type, protocol, status, leader_id, token_budget, total_tokens, token_usage_by_participant, contribution_rank, duration_seconds, started_at, ended_at, error, minutes, recorded_at, thread_id) FROM stdin;
v2-finished-1	ad_hoc	round_robin	completed	cto	20000	2169	{"cto": 505, "ui_dev": 634, "junior_dev": 541, "senior_dev": 489}	["ui_dev", "junior_dev", "cto", "senior_dev"]	0.429096	2026-11-28 20:00:51.143003+00	2026-11-28 20:00:51.572099+00	\N	{"error": null, "agenda": {"items": [], "title": "Pick the primary database", "context": "New billing service"}, "status": "completed", "summary": "we use Postgres.", "ended_at": "2026-11-28T20:00:51.572099Z", "failures": [], "protocol": "round_robin", "warnings": ["the synthesis by cto was read from its text sections"], "conflicts": [], "decisions": ["Adopt Postgres for billing"], "leader_id": "cto", "positions": [], "reversals": [], "meeting_id": "v2-finished-1", "started_at": "2026-11-28T20:00:51.143003Z", "stop_reason": null, "task_errors": [], "action_items": [{"flagged": null, "priority": "high", "assignee_id": "junior_dev", "description": "Write the migration scripts", "requested_assignee": "junior_dev"}], "token_budget": 20000, "contributions": [{"turn": 0, "phase": "round_robin", "content": "I propose Postgres: we already run it.", "agent_id": "senior_dev", "over_cap": false, "timestamp": "2026-11-28T20:00:51.209938Z", "content_ref": null, "input_tokens": 189, "output_tokens": 10, "usage_estimated": false}, {"turn": 1, "phase": "round_robin", "content": "Postgres works for me; I know its JSON columns.", "agent_id": "junior_dev", "over_cap": false, "timestamp": "2026-11-28T20:00:51.254705Z", "content_ref": null, "input_tokens": 212, "output_tokens": 12, "usage_estimated": false}, {"turn": 2, "phase": "round_robin", "content": "Fine by me if the API stays the same.", "agent_id": "ui_dev", "over_cap": false, "timestamp": "2026-11-28T20:00:51.305962Z", "content_ref": null, "input_tokens": 263, "output_tokens": 10, "usage_estimated": false}, {"turn": 3, "phase": "round_robin", "content": "Then Postgres with one schema per service.", "agent_id": "senior_dev", "over_cap": false, "timestamp": "2026-11-28T20:00:51.347131Z", "content_ref": null, "input_tokens": 279, "output_tokens": 11, "usage_estimated": false}, {"turn": 4, "phase": "round_robin", "content": "I will write the migration scripts.", "agent_id": "junior_dev", "over_cap": false, "timestamp": "2026-11-28T20:00:51.398467Z", "content_ref": null, "input_tokens": 308, "output_tokens": 9, "usage_estimated": false}, {"turn": 5, "phase": "round_robin", "content": "No objection.", "agent_id": "ui_dev", "over_cap": false, "timestamp": "2026-11-28T20:00:51.444609Z", "content_ref": null, "input_tokens": 357, "output_tokens": 4, "usage_estimated": false}, {"turn": 6, "phase": "summary", "content": "Summary: we use Postgres.\\nDecisions:\\n- Adopt Postgres for billing\\n# Action Items\\n- Write the migration scripts (assigned to junior_dev) [priority: high]", "agent_id": "cto", "over_cap": false, "timestamp": "2026-11-28T20:00:51.523497Z", "content_ref": null, "input_tokens": 467, "output_tokens": 38, "usage_estimated": false}], "failure_modes": [], "justification": "", "tasks_created": 0, "authority_cues": [], "participant_ids": ["senior_dev", "junior_dev", "ui_dev"], "evidence_warning": null, "minority_reports": [], "conflicts_detected": false, "total_input_tokens": 2075, "total_output_tokens": 94, "devils_advocate_used": false}	2026-11-28 20:00:51.656286+00	v2-finished
\.


--
-- Data for Name: council_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.council_migrations (version, name, applied_at) FROM stdin;
1	conflict escalations	2026-11-28 20:00:49.110162+00
2	dissent records	2026-11-28 20:00:49.254333+00
3	meeting_records	2026-11-28 20:00:49.346257+00
4	guard_state	2026-11-28 20:00:49.394465+00
5	loop_records	2026-11-28 20:00:49.450153+00
6	generic escalations	2026-11-28 20:00:49.508105+00
7	meeting record threads	2026-11-28 20:00:49.575417+00
8	guard bounces	2026-11-28 20:00:49.588138+00
9	recovery	2026-11-28 20:00:49.637986+00
10	guard rules once	2026-11-28 20:00:49.738755+00
11	meeting claims	2026-11-28 20:00:49.752169+00
12	meeting cancels	2026-11-28 20:00:49.78846+00
13	guard one row	2026-11-28 20:00:49.818248+00
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
-- PostgreSQL database dump complete
--

\unrestrict council8010178

