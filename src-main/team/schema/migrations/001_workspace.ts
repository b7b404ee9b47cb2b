// Version 1 of the team workspace: the shared tables, who may do what to them (grants + row-level
// security), and the reveal audit chain. Enforcement lives here, in the database, because every agent
// connects with their own role: a modified console, psql or any other client meets the same rules.
//
// Identity is `session_user` (the login role the agent connected as), never `current_user`: inside a
// SECURITY DEFINER function current_user is the function's owner, and SET ROLE changes current_user, but
// only a superuser can change session_user.
import type { MigrationBuilder } from 'node-pg-migrate';

export const SCHEMA_VERSION = 1;

const SQL = String.raw`
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'gc_agent')
     OR NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'gc_lead')
     OR NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'gc_admin') THEN
    RAISE EXCEPTION 'The workspace roles gc_agent, gc_lead and gc_admin do not exist: create them first (docs/team.md, "Create the database and roles").';
  END IF;
END $$;

CREATE TABLE schema_info (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version integer NOT NULL,
  upgraded_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
INSERT INTO schema_info (version) VALUES (1);

-- Scope: which merchant (and optionally which terminal) each login role works for. Managed by admins.
CREATE TABLE memberships (
  id bigserial PRIMARY KEY,
  member name NOT NULL,
  merchant_id text NOT NULL,
  terminal_id text, -- null: every terminal of the merchant
  granted_by name NOT NULL DEFAULT session_user,
  granted_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX memberships_scope ON memberships (member, merchant_id, coalesce(terminal_id, ''));

-- SECURITY DEFINER so that policies can read memberships without agents reading each other's scope.
CREATE FUNCTION team_in_scope(merchant text, terminal text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
  SELECT EXISTS (
    SELECT 1 FROM public.memberships m
    WHERE m.member = session_user AND m.merchant_id = merchant
      AND (m.terminal_id IS NULL OR m.terminal_id = terminal))
$f$;
REVOKE ALL ON FUNCTION team_in_scope(text, text) FROM PUBLIC;

-- Who wrote a row and when is the database's to say: whatever a client sends is overwritten.
CREATE FUNCTION team_stamp_author() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  NEW.author := session_user;
  NEW.created_at := clock_timestamp();
  RETURN NEW;
END $f$;
CREATE FUNCTION team_stamp_update() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  NEW.updated_by := session_user;
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END $f$;

-- A nudge for LISTEN team_activity: table and row id only, never row content (a NOTIFY payload reaches
-- every listener, whatever its scope; the listener reads the row through its own row-level security).
CREATE FUNCTION team_notify_activity() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM pg_notify('team_activity', json_build_object('table', TG_TABLE_NAME, 'id', NEW.id)::text);
  RETURN NULL;
END $f$;

-- Transactions as main's record knows them, masked in main before they leave the machine.
CREATE TABLE transactions (
  id bigserial UNIQUE,
  transaction_id text PRIMARY KEY,
  merchant_id text NOT NULL,
  terminal_id text NOT NULL,
  merchant_transaction_id text,
  reference text, -- Multibanco reference
  payment_method text,
  status text,
  amount numeric(14, 2),
  currency text,
  customer_email text, -- masked for lookup-only and production profiles
  environment text NOT NULL CHECK (environment IN ('sandbox', 'test', 'production')),
  gateway_created_at timestamptz,
  updated_by name NOT NULL DEFAULT session_user,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX transactions_merchant_transaction_id ON transactions (merchant_transaction_id);
CREATE INDEX transactions_reference ON transactions (reference);
CREATE INDEX transactions_customer_email ON transactions (lower(customer_email));
CREATE INDEX transactions_scope ON transactions (merchant_id, terminal_id);
CREATE TRIGGER transactions_stamp BEFORE INSERT OR UPDATE ON transactions
  FOR EACH ROW EXECUTE FUNCTION team_stamp_update();

-- One recorded call (the masked Exchange), keyed by the id main gave it so a retried sync applies once.
CREATE TABLE exchanges (
  id bigserial PRIMARY KEY,
  client_id uuid NOT NULL UNIQUE,
  transaction_id text,
  merchant_id text NOT NULL,
  terminal_id text NOT NULL,
  exchange jsonb NOT NULL,
  author name NOT NULL DEFAULT session_user,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX exchanges_transaction ON exchanges (transaction_id);
CREATE TRIGGER exchanges_stamp BEFORE INSERT ON exchanges FOR EACH ROW EXECUTE FUNCTION team_stamp_author();

-- Case notes: append-only; client_id makes a retried write from the outbox apply once.
CREATE TABLE case_notes (
  id bigserial PRIMARY KEY,
  client_id uuid NOT NULL UNIQUE,
  transaction_id text NOT NULL,
  merchant_id text NOT NULL,
  terminal_id text NOT NULL,
  ticket text,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 10000),
  author name NOT NULL DEFAULT session_user,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX case_notes_transaction ON case_notes (transaction_id);
CREATE INDEX case_notes_ticket ON case_notes (ticket);
CREATE TRIGGER case_notes_stamp BEFORE INSERT ON case_notes FOR EACH ROW EXECUTE FUNCTION team_stamp_author();
CREATE TRIGGER case_notes_notify AFTER INSERT ON case_notes FOR EACH ROW EXECUTE FUNCTION team_notify_activity();

-- Who looked up what, when.
CREATE TABLE lookups (
  id bigserial PRIMARY KEY,
  client_id uuid NOT NULL UNIQUE,
  transaction_id text NOT NULL,
  merchant_id text NOT NULL,
  terminal_id text NOT NULL,
  ticket text,
  author name NOT NULL DEFAULT session_user,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX lookups_transaction ON lookups (transaction_id);
CREATE INDEX lookups_ticket ON lookups (ticket);
CREATE TRIGGER lookups_stamp BEFORE INSERT ON lookups FOR EACH ROW EXECUTE FUNCTION team_stamp_author();
CREATE TRIGGER lookups_notify AFTER INSERT ON lookups FOR EACH ROW EXECUTE FUNCTION team_notify_activity();

-- QA sessions and their evidence (masked like exchanges).
CREATE TABLE qa_sessions (
  id bigserial PRIMARY KEY,
  client_id uuid NOT NULL UNIQUE,
  merchant_id text NOT NULL,
  terminal_id text NOT NULL,
  name text NOT NULL,
  session jsonb NOT NULL,
  author name NOT NULL DEFAULT session_user,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE TRIGGER qa_sessions_stamp BEFORE INSERT ON qa_sessions FOR EACH ROW EXECUTE FUNCTION team_stamp_author();
CREATE TABLE qa_evidence (
  id bigserial PRIMARY KEY,
  client_id uuid NOT NULL UNIQUE,
  session_client_id uuid NOT NULL REFERENCES qa_sessions (client_id),
  merchant_id text NOT NULL,
  terminal_id text NOT NULL,
  evidence jsonb NOT NULL,
  author name NOT NULL DEFAULT session_user,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE TRIGGER qa_evidence_stamp BEFORE INSERT ON qa_evidence FOR EACH ROW EXECUTE FUNCTION team_stamp_author();

-- The reveal audit trail: one row per reveal of customer data. seq, at, actor, prev_hash and hash are the
-- database's: the trigger overwrites whatever a client sends. The chain hash covers every other column.
CREATE SEQUENCE reveal_audit_seq;
CREATE TABLE reveal_audit (
  seq bigint PRIMARY KEY,
  at timestamptz NOT NULL,
  actor name NOT NULL,
  client_id uuid NOT NULL UNIQUE,
  transaction_id text NOT NULL,
  merchant_id text NOT NULL,
  terminal_id text NOT NULL,
  field text NOT NULL,
  reason text NOT NULL,
  ticket text,
  prev_hash text NOT NULL UNIQUE, -- unique: two entries can never follow the same one (no fork)
  hash text NOT NULL
);
-- The newest entry, as the database recorded it: the verifier compares it with the last entry it reads,
-- so removing the newest entries shows too. Its row lock also serialises writers (below).
CREATE TABLE reveal_audit_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_seq bigint NOT NULL DEFAULT 0,
  last_hash text NOT NULL DEFAULT repeat('0', 64)
);
INSERT INTO reveal_audit_head DEFAULT VALUES;
-- After a retention purge, the chain starts at the hash of the last purged entry.
CREATE TABLE reveal_audit_checkpoints (
  id bigserial PRIMARY KEY,
  purged_through_seq bigint NOT NULL,
  last_hash text NOT NULL,
  purged_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  purged_by name NOT NULL DEFAULT session_user
);

-- The canonical text of an entry: each field as <octets>:<text>; (null as -;), so no two entries share it.
-- src-main/team/audit-chain.ts computes the same text to verify the chain without trusting this function.
CREATE FUNCTION reveal_audit_canonical(e reveal_audit) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT string_agg(CASE WHEN v IS NULL THEN '-;' ELSE octet_length(v)::text || ':' || v || ';' END, '' ORDER BY n)
  FROM unnest(ARRAY[
    e.prev_hash, e.seq::text, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), e.actor::text,
    e.client_id::text, e.transaction_id, e.merchant_id, e.terminal_id, e.field, e.reason, e.ticket
  ]) WITH ORDINALITY AS f(v, n)
$f$;

CREATE FUNCTION reveal_audit_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
  previous text;
BEGIN
  -- One writer at a time until commit: the next entry reads the committed hash of this one. A row lock
  -- on the head, not an advisory lock: any role can take an advisory lock and hold up every reveal, but
  -- locking this row needs UPDATE on it, which only the owner (this function) has.
  PERFORM 1 FROM public.reveal_audit_head h WHERE h.singleton FOR UPDATE;
  -- The last entry, including those written earlier by the same statement (a multi-row insert)…
  SELECT a.hash INTO previous FROM public.reveal_audit a ORDER BY a.seq DESC LIMIT 1;
  -- …or, when a retention purge removed them all, the last hash the head recorded.
  IF previous IS NULL THEN
    SELECT h.last_hash INTO previous FROM public.reveal_audit_head h WHERE h.singleton;
  END IF;
  NEW.seq := nextval('public.reveal_audit_seq');
  NEW.at := clock_timestamp();
  NEW.actor := session_user;
  NEW.prev_hash := coalesce(previous, repeat('0', 64));
  NEW.hash := encode(sha256(convert_to(public.reveal_audit_canonical(NEW), 'UTF8')), 'hex');
  RETURN NEW;
END $f$;
REVOKE ALL ON FUNCTION reveal_audit_chain() FROM PUBLIC;
CREATE TRIGGER reveal_audit_chain BEFORE INSERT ON reveal_audit FOR EACH ROW EXECUTE FUNCTION reveal_audit_chain();

-- The head moves only for rows really inserted (an INSERT … ON CONFLICT DO NOTHING that skipped its row
-- ran the BEFORE trigger but must not move it), once per statement.
CREATE FUNCTION reveal_audit_advance_head() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  UPDATE public.reveal_audit_head h SET last_seq = i.seq, last_hash = i.hash
  FROM (SELECT n.seq, n.hash FROM inserted n ORDER BY n.seq DESC LIMIT 1) i
  WHERE h.singleton;
  RETURN NULL;
END $f$;
REVOKE ALL ON FUNCTION reveal_audit_advance_head() FROM PUBLIC;
CREATE TRIGGER reveal_audit_head AFTER INSERT ON reveal_audit REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION reveal_audit_advance_head();

-- Insert-only, even for the table owner: only the retention function may delete (old entries only).
CREATE FUNCTION reveal_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('gateway_console.audit_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'The reveal audit trail is insert-only: % is refused.', TG_OP USING ERRCODE = 'insufficient_privilege';
END $f$;
CREATE TRIGGER reveal_audit_insert_only BEFORE UPDATE OR DELETE ON reveal_audit
  FOR EACH ROW EXECUTE FUNCTION reveal_audit_refuse_change();
CREATE TRIGGER reveal_audit_no_truncate BEFORE TRUNCATE ON reveal_audit
  FOR EACH STATEMENT EXECUTE FUNCTION reveal_audit_refuse_change();

-- Retention (PCI DSS 10.5.1: keep audit history at least 12 months): deletes entries older than the later of
-- "before" and 12 months ago, after recording the last purged hash so the chain still verifies.
-- Owned by the table owner; nobody else may run it.
CREATE FUNCTION purge_reveal_audit(before timestamptz) RETURNS bigint LANGUAGE plpgsql AS $f$
DECLARE
  cutoff timestamptz := least(before, now() - interval '12 months');
  last_seq bigint;
  last_h text;
  purged bigint;
BEGIN
  PERFORM 1 FROM reveal_audit_head h WHERE h.singleton FOR UPDATE;
  SELECT a.seq, a.hash INTO last_seq, last_h FROM reveal_audit a WHERE a.at < cutoff ORDER BY a.seq DESC LIMIT 1;
  IF last_seq IS NULL THEN
    RETURN 0;
  END IF;
  INSERT INTO reveal_audit_checkpoints (purged_through_seq, last_hash) VALUES (last_seq, last_h);
  PERFORM set_config('gateway_console.audit_retention', 'on', true);
  DELETE FROM reveal_audit WHERE seq <= last_seq;
  GET DIAGNOSTICS purged = ROW_COUNT;
  PERFORM set_config('gateway_console.audit_retention', 'off', true);
  RETURN purged;
END $f$;
REVOKE ALL ON FUNCTION purge_reveal_audit(timestamptz) FROM PUBLIC;

-- Privileges. Nothing for PUBLIC; each group role gets exactly what its job needs. Agents and leads log in
-- as their own roles, members of one group (docs/team.md).
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM PUBLIC;

GRANT USAGE ON SCHEMA public TO gc_agent, gc_lead, gc_admin;
GRANT EXECUTE ON FUNCTION team_in_scope(text, text) TO gc_agent, gc_lead, gc_admin;
GRANT SELECT ON schema_info TO gc_agent, gc_lead, gc_admin;

-- agent: look up and sync their own console's record out (in scope), add notes and lookups.
GRANT SELECT, INSERT, UPDATE ON transactions TO gc_agent;
GRANT SELECT, INSERT ON exchanges, case_notes, lookups, qa_sessions, qa_evidence TO gc_agent;
GRANT SELECT ON memberships TO gc_agent;
GRANT USAGE ON SEQUENCE transactions_id_seq, exchanges_id_seq, case_notes_id_seq, lookups_id_seq,
  qa_sessions_id_seq, qa_evidence_id_seq TO gc_agent;

-- lead (a member of gc_agent: everything an agent does), plus read (and so export) the audit trail and
-- write reveal entries. Role membership is cluster-wide, so the DBA grants it with the roles (workspace-schema.ts).
GRANT SELECT ON reveal_audit, reveal_audit_checkpoints, reveal_audit_head TO gc_lead;
GRANT INSERT (client_id, transaction_id, merchant_id, terminal_id, field, reason, ticket) ON reveal_audit TO gc_lead;

-- admin (a member of gc_lead): everything a lead does, plus manage memberships (scopes). No
-- UPDATE/DELETE/TRUNCATE on the audit trail or the notes for anyone.
GRANT SELECT, INSERT, UPDATE, DELETE ON memberships TO gc_admin;
GRANT USAGE ON SEQUENCE memberships_id_seq TO gc_admin;

-- Row-level security: every shared row belongs to a merchant and terminal; a login sees and writes only
-- rows in its scope.
ALTER TABLE memberships ENABLE ROW LEVEL SECURITY;
CREATE POLICY memberships_own ON memberships FOR SELECT USING (member = session_user);
CREATE POLICY memberships_admin ON memberships FOR ALL TO gc_admin USING (true) WITH CHECK (true);

ALTER TABLE transactions ENABLE ROW LEVEL SECURITY;
CREATE POLICY transactions_scope ON transactions FOR ALL
  USING (team_in_scope(merchant_id, terminal_id)) WITH CHECK (team_in_scope(merchant_id, terminal_id));
ALTER TABLE exchanges ENABLE ROW LEVEL SECURITY;
CREATE POLICY exchanges_scope ON exchanges FOR ALL
  USING (team_in_scope(merchant_id, terminal_id)) WITH CHECK (team_in_scope(merchant_id, terminal_id));
ALTER TABLE case_notes ENABLE ROW LEVEL SECURITY;
CREATE POLICY case_notes_scope ON case_notes FOR ALL
  USING (team_in_scope(merchant_id, terminal_id)) WITH CHECK (team_in_scope(merchant_id, terminal_id));
ALTER TABLE lookups ENABLE ROW LEVEL SECURITY;
CREATE POLICY lookups_scope ON lookups FOR ALL
  USING (team_in_scope(merchant_id, terminal_id)) WITH CHECK (team_in_scope(merchant_id, terminal_id));
ALTER TABLE qa_sessions ENABLE ROW LEVEL SECURITY;
CREATE POLICY qa_sessions_scope ON qa_sessions FOR ALL
  USING (team_in_scope(merchant_id, terminal_id)) WITH CHECK (team_in_scope(merchant_id, terminal_id));
ALTER TABLE qa_evidence ENABLE ROW LEVEL SECURITY;
CREATE POLICY qa_evidence_scope ON qa_evidence FOR ALL
  USING (team_in_scope(merchant_id, terminal_id)) WITH CHECK (team_in_scope(merchant_id, terminal_id));

-- The audit trail is read whole by leads (one trail for the desk, and a chain verifies only whole); a
-- reveal is written only for a transaction in the lead's scope.
ALTER TABLE reveal_audit ENABLE ROW LEVEL SECURITY;
CREATE POLICY reveal_audit_read ON reveal_audit FOR SELECT TO gc_lead USING (true);
CREATE POLICY reveal_audit_write ON reveal_audit FOR INSERT TO gc_lead
  WITH CHECK (team_in_scope(merchant_id, terminal_id));
`;

export function up(pgm: MigrationBuilder): void {
  pgm.sql(SQL);
}

// Version 1 is never rolled back by the console: dropping it would drop the audit trail.
export const down = false;
