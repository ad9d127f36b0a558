/**
 * Migrations: an ordered list of idempotent SQL steps, applied once each and recorded in
 * `schema_migrations`. They run at start inside one transaction holding an advisory lock, so several
 * servers starting against the same PostgreSQL database do not race.
 *
 * Add a step at the end to change the schema; never edit an applied step. Keep `schema.ts` in sync
 * (a test compares the two).
 */
import { sql } from 'drizzle-orm';
import type { Db, DbExecutor } from './index';
import { schemaMigrations } from './schema';
import {
  FORM_ANSWER_COUNTS_AT_COMMIT_MIGRATION,
  FORM_ANSWER_COUNTS_MIGRATION,
  FORM_ANSWER_SORT_MIGRATION,
  FORM_ANSWER_TRIGGERS_WITHOUT_JIT_MIGRATION,
} from '../forms/answer-counts-sql';

export interface Migration {
  id: string;
  statements: readonly string[];
}

const audit = `
  is_deleted boolean NOT NULL DEFAULT false,
  created_date_time timestamptz NOT NULL DEFAULT now(),
  last_updated_date_time timestamptz NOT NULL DEFAULT now()`;

function grantTable(name: string, holderTable: string): string {
  return `CREATE TABLE IF NOT EXISTS ${name} (
  id uuid PRIMARY KEY,
  holder_id uuid NOT NULL REFERENCES ${holderTable}(id) ON DELETE CASCADE,
  claim_type integer NOT NULL,
  claim_value integer NOT NULL,
  priority_of_permission integer NOT NULL DEFAULT 1,
  allow boolean NOT NULL DEFAULT true,${audit},
  CONSTRAINT ${name}_holder_value_key UNIQUE (holder_id, claim_value)
)`;
}

function linkTable(name: string, holderTable: string): string {
  return `CREATE TABLE IF NOT EXISTS ${name} (
  id uuid PRIMARY KEY,
  holder_id uuid NOT NULL REFERENCES ${holderTable}(id) ON DELETE CASCADE,
  claim_group_id uuid NOT NULL REFERENCES claim_groups(id) ON DELETE CASCADE,
  priority_of_permission integer NOT NULL DEFAULT 1,${audit},
  CONSTRAINT ${name}_holder_group_key UNIQUE (holder_id, claim_group_id)
)`;
}

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_users_claims',
    statements: [
      `CREATE TABLE IF NOT EXISTS server_secrets (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  created_date_time timestamptz NOT NULL DEFAULT now()
)`,
      `CREATE TABLE IF NOT EXISTS application_users (
  id uuid PRIMARY KEY,
  oidc_id text NOT NULL UNIQUE,
  name text NOT NULL,
  user_name text NOT NULL,
  email text,
  phone_number text,
  is_enabled boolean NOT NULL DEFAULT true,
  failed_login_attempts integer NOT NULL DEFAULT 0,${audit}
)`,
      `CREATE TABLE IF NOT EXISTS application_user_groups (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,${audit}
)`,
      `CREATE TABLE IF NOT EXISTS memberships (
  id uuid PRIMARY KEY,
  application_user_id uuid NOT NULL REFERENCES application_users(id) ON DELETE CASCADE,
  application_user_group_id uuid NOT NULL REFERENCES application_user_groups(id) ON DELETE CASCADE,${audit},
  CONSTRAINT memberships_user_group_key UNIQUE (application_user_id, application_user_group_id)
)`,
      `CREATE INDEX IF NOT EXISTS memberships_group_idx ON memberships (application_user_group_id)`,
      `CREATE TABLE IF NOT EXISTS claim_groups (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,
  built_in_group boolean NOT NULL DEFAULT false,${audit}
)`,
      grantTable('claim_grants_users', 'application_users'),
      grantTable('claim_grants_user_groups', 'application_user_groups'),
      grantTable('claim_grants_claim_groups', 'claim_groups'),
      linkTable('claim_group_links_users', 'application_users'),
      linkTable('claim_group_links_user_groups', 'application_user_groups'),
      linkTable('claim_group_links_claim_groups', 'claim_groups'),
      `CREATE INDEX IF NOT EXISTS claim_group_links_users_group_idx ON claim_group_links_users (claim_group_id)`,
      `CREATE INDEX IF NOT EXISTS claim_group_links_user_groups_group_idx ON claim_group_links_user_groups (claim_group_id)`,
      `CREATE INDEX IF NOT EXISTS claim_group_links_claim_groups_group_idx ON claim_group_links_claim_groups (claim_group_id)`,
    ],
  },
  {
    id: '0002_forms',
    statements: [
      `CREATE TABLE IF NOT EXISTS form_groups (
  form_group_id uuid PRIMARY KEY,
  name text NOT NULL,
  description text,
  row_version integer NOT NULL DEFAULT 1,${audit}
)`,
      `CREATE TABLE IF NOT EXISTS forms (
  form_id uuid PRIMARY KEY,
  name text NOT NULL,
  description text,
  form_group_id uuid REFERENCES form_groups(form_group_id) ON DELETE SET NULL,
  current_form_schema_id uuid,
  pdf_template jsonb,
  pdf_data bytea,
  row_version integer NOT NULL DEFAULT 1,${audit}
)`,
      `CREATE INDEX IF NOT EXISTS forms_form_group_idx ON forms (form_group_id)`,
      `CREATE TABLE IF NOT EXISTS form_schemas (
  form_schema_id uuid PRIMARY KEY,
  form_id uuid NOT NULL REFERENCES forms(form_id) ON DELETE CASCADE,
  name text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  json_schema jsonb NOT NULL,
  layout jsonb NOT NULL,
  is_public boolean NOT NULL DEFAULT false,
  row_version integer NOT NULL DEFAULT 1,${audit},
  CONSTRAINT form_schemas_form_version_key UNIQUE (form_id, version)
)`,
      `CREATE TABLE IF NOT EXISTS form_instances (
  form_instance_id uuid PRIMARY KEY,
  form_schema_id uuid NOT NULL REFERENCES form_schemas(form_schema_id) ON DELETE CASCADE,
  form_id uuid NOT NULL REFERENCES forms(form_id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  status integer NOT NULL DEFAULT 0,
  envelope_id uuid,
  envelope_status integer,
  created_by uuid REFERENCES application_users(id) ON DELETE SET NULL,
  row_version integer NOT NULL DEFAULT 1,${audit}
)`,
      `CREATE INDEX IF NOT EXISTS form_instances_schema_idx ON form_instances (form_schema_id)`,
      `CREATE INDEX IF NOT EXISTS form_instances_form_idx ON form_instances (form_id)`,
      `CREATE TABLE IF NOT EXISTS envelopes (
  envelope_id uuid PRIMARY KEY,
  form_instance_id uuid NOT NULL REFERENCES form_instances(form_instance_id) ON DELETE CASCADE,
  status integer NOT NULL DEFAULT 2,
  provider text NOT NULL DEFAULT 'local',
  signers jsonb NOT NULL,
  email_subject text,
  email_message text,
  audit_trail jsonb NOT NULL DEFAULT '[]'::jsonb,
  signed_pdf bytea,
  signed_pdf_size bigint,${audit}
)`,
      `CREATE INDEX IF NOT EXISTS envelopes_form_instance_idx ON envelopes (form_instance_id)`,
    ],
  },
  {
    id: '0003_oidc_payloads',
    statements: [
      `CREATE TABLE IF NOT EXISTS oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  CONSTRAINT oidc_payloads_pkey PRIMARY KEY (model, id)
)`,
      `CREATE INDEX IF NOT EXISTS oidc_payloads_grant_idx ON oidc_payloads (grant_id)`,
      `CREATE INDEX IF NOT EXISTS oidc_payloads_uid_idx ON oidc_payloads (uid)`,
      `CREATE INDEX IF NOT EXISTS oidc_payloads_user_code_idx ON oidc_payloads (user_code)`,
      `CREATE INDEX IF NOT EXISTS oidc_payloads_expires_idx ON oidc_payloads (expires_at)`,
    ],
  },
  {
    // One row counting committed permission changes: every server instance compares it with the version its
    // effective-claims cache was built at, so a change made through one instance takes effect on all of them.
    id: '0004_permissions_version',
    statements: [
      `CREATE TABLE IF NOT EXISTS permissions_version (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version bigint NOT NULL DEFAULT 0
)`,
      `INSERT INTO permissions_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING`,
    ],
  },
  {
    // Public form links (only the token's hash is stored) and Forms/NotifyDeleted notices.
    id: '0005_form_links',
    statements: [
      `CREATE TABLE IF NOT EXISTS form_link_tokens (
  token_hash text PRIMARY KEY,
  form_instance_id uuid NOT NULL REFERENCES form_instances(form_instance_id) ON DELETE CASCADE,
  mode text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_date_time timestamptz NOT NULL DEFAULT now()
)`,
      `CREATE INDEX IF NOT EXISTS form_link_tokens_instance_idx ON form_link_tokens (form_instance_id)`,
      `CREATE TABLE IF NOT EXISTS form_deletion_notices (
  id uuid PRIMARY KEY,
  form_instance_id uuid NOT NULL,
  notified_by uuid REFERENCES application_users(id) ON DELETE SET NULL,
  created_date_time timestamptz NOT NULL DEFAULT now()
)`,
    ],
  },
  {
    id: '0006_permission_history',
    statements: [
      `CREATE TABLE IF NOT EXISTS permission_history (
  id uuid PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  actor_name text,
  holder_kind text NOT NULL,
  holder_id uuid NOT NULL,
  holder_name text NOT NULL,
  action text NOT NULL,
  added jsonb NOT NULL,
  removed jsonb NOT NULL,
  updated jsonb NOT NULL
)`,
      `CREATE INDEX IF NOT EXISTS permission_history_holder_idx ON permission_history (holder_kind, holder_id, at DESC)`,
    ],
  },
  {
    // Name search of users, user groups and claim groups (src/domain/name-search.ts): the pickers ask
    // the server per keystroke for `lower(name) LIKE '%…%'`, served by a trigram index (pg_trgm, where the server
    // has it: PGlite loads it, Debian's and managed PostgreSQL ship it); lists and pages read in name order from a
    // btree index instead of sorting every row. Without pg_trgm the search scans the table (still correct).
    id: '0007_name_search',
    statements: [
      `DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: name searches scan the table';
END $$`,
      ...['application_users', 'application_user_groups', 'claim_groups'].flatMap((table) => [
        `CREATE INDEX IF NOT EXISTS ${table}_name_order_idx ON ${table} (lower(name), name, id)`,
        `DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS ${table}_name_trgm_idx ON ${table} USING gin (lower(name) gin_trgm_ops);
  END IF;
END $$`,
      ]),
    ],
  },
  {
    // What one user's effective claims are computed from (claims-service.ts `loadClaimGraph`), as a function so that
    // PostgreSQL plans it once per connection instead of per request. Every join is a LATERAL subquery behind
    // OFFSET 0, so each step is an index lookup by holder id whatever the planner guesses about the recursion's size
    // (it used to hash-join whole link and grant tables: 18 ms at 10,000 users). UNION stops at cycles.
    id: '0008_claim_graph_function',
    statements: [
      `CREATE OR REPLACE FUNCTION claim_graph_of(uid uuid)
  RETURNS TABLE (kind text, holder uuid, name text, ref uuid, value integer, allow boolean, priority integer)
  LANGUAGE plpgsql STABLE AS $fn$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH RECURSIVE
    ug AS (
      SELECT g.id, g.name FROM memberships m
        CROSS JOIN LATERAL (
          SELECT g.id, g.name FROM application_user_groups g
          WHERE g.id = m.application_user_group_id AND NOT g.is_deleted OFFSET 0
        ) g
      WHERE m.application_user_id = uid AND NOT m.is_deleted
    ),
    roots AS (
      SELECT l.claim_group_id AS id FROM claim_group_links_users l WHERE l.holder_id = uid AND NOT l.is_deleted
      UNION
      SELECT l.claim_group_id FROM ug
        CROSS JOIN LATERAL (
          SELECT l.claim_group_id FROM claim_group_links_user_groups l WHERE l.holder_id = ug.id AND NOT l.is_deleted OFFSET 0
        ) l
    ),
    reach(id) AS (
      SELECT g.id FROM roots r
        CROSS JOIN LATERAL (SELECT g.id FROM claim_groups g WHERE g.id = r.id AND NOT g.is_deleted OFFSET 0) g
      UNION
      SELECT s.id FROM reach r
        CROSS JOIN LATERAL (
          SELECT g.id FROM claim_group_links_claim_groups l JOIN claim_groups g ON g.id = l.claim_group_id
          WHERE l.holder_id = r.id AND NOT l.is_deleted AND NOT g.is_deleted OFFSET 0
        ) s
    )
  SELECT 'user'::text, u.id, u.name, NULL::uuid, NULL::int, NULL::boolean, NULL::int
    FROM application_users u WHERE u.id = uid
  UNION ALL SELECT 'userGrant', c.holder_id, NULL, NULL, c.claim_value, c.allow, c.priority_of_permission
    FROM claim_grants_users c WHERE c.holder_id = uid AND NOT c.is_deleted
  UNION ALL SELECT 'userLink', l.holder_id, NULL, l.claim_group_id, NULL, NULL, NULL
    FROM claim_group_links_users l WHERE l.holder_id = uid AND NOT l.is_deleted
  UNION ALL SELECT 'group', ug.id, ug.name, NULL, NULL, NULL, NULL FROM ug
  UNION ALL SELECT 'groupGrant', c.holder_id, NULL, NULL, c.claim_value, c.allow, c.priority_of_permission
    FROM ug CROSS JOIN LATERAL (
      SELECT c.holder_id, c.claim_value, c.allow, c.priority_of_permission FROM claim_grants_user_groups c
      WHERE c.holder_id = ug.id AND NOT c.is_deleted OFFSET 0
    ) c
  UNION ALL SELECT 'groupLink', l.holder_id, NULL, l.claim_group_id, NULL, NULL, NULL
    FROM ug CROSS JOIN LATERAL (
      SELECT l.holder_id, l.claim_group_id FROM claim_group_links_user_groups l
      WHERE l.holder_id = ug.id AND NOT l.is_deleted OFFSET 0
    ) l
  UNION ALL SELECT 'claimGroup', g.id, g.name, NULL, NULL, NULL, NULL
    FROM reach r CROSS JOIN LATERAL (SELECT g.id, g.name FROM claim_groups g WHERE g.id = r.id OFFSET 0) g
  UNION ALL SELECT 'claimGroupGrant', c.holder_id, NULL, NULL, c.claim_value, c.allow, c.priority_of_permission
    FROM reach r CROSS JOIN LATERAL (
      SELECT c.holder_id, c.claim_value, c.allow, c.priority_of_permission FROM claim_grants_claim_groups c
      WHERE c.holder_id = r.id AND NOT c.is_deleted OFFSET 0
    ) c
  UNION ALL SELECT 'claimGroupLink', l.holder_id, NULL, l.claim_group_id, NULL, NULL, NULL
    FROM reach r CROSS JOIN LATERAL (
      SELECT l.holder_id, l.claim_group_id FROM claim_group_links_claim_groups l
      WHERE l.holder_id = r.id AND NOT l.is_deleted OFFSET 0
    ) l
    WHERE l.claim_group_id IN (SELECT reach.id FROM reach);
END
$fn$`,
    ],
  },
  {
    // The name search matches a stored lower(name): computing lower() on every row of a scan cost more
    // than the match itself (PGlite scans 10,000 names 2.5 times faster this way). The indexes of 0007 move to it.
    id: '0009_name_folded',
    statements: ['application_users', 'application_user_groups', 'claim_groups'].flatMap((table) => [
      `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS name_folded text GENERATED ALWAYS AS (lower(name)) STORED`,
      `DROP INDEX IF EXISTS ${table}_name_order_idx`,
      `CREATE INDEX IF NOT EXISTS ${table}_name_folded_order_idx ON ${table} (name_folded, name, id)`,
      `DROP INDEX IF EXISTS ${table}_name_trgm_idx`,
      `DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS ${table}_name_folded_trgm_idx ON ${table} USING gin (name_folded gin_trgm_ops);
  END IF;
END $$`,
    ]),
  },
  {
    // Where the public links of a form's instances point, for a form embedded in another site (null: the server's).
    id: '0010_form_public_base_url',
    statements: ['ALTER TABLE forms ADD COLUMN IF NOT EXISTS public_base_url text'],
  },
  {
    // `$search` over form instances (src/domain/odata/search.ts) looks in the strings of `data` at any depth: this
    // function gives them as one text (a line each; a search term has no line break, so it cannot match across two),
    // and trigram indexes over its lower case and over the id's text serve `LIKE '%term%'` at scale (a bitmap OR of
    // the two; where pg_trgm exists, else a scan). Its high cost tells the planner that computing it per row (walking
    // the key order of a page and filtering) is dearer than the index, which it otherwise chooses for common terms.
    id: '0011_odata_search',
    statements: [
      `CREATE OR REPLACE FUNCTION odata_json_strings(doc jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 10000 AS $$
  SELECT string_agg(v #>> '{}', E'\\n') FROM jsonb_path_query(doc, 'strict $.** ? (@.type() == "string")') AS v
$$`,
      `DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS form_instances_search_trgm_idx ON form_instances USING gin (lower(odata_json_strings(data)) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS form_instances_id_trgm_idx ON form_instances USING gin ((form_instance_id::text) gin_trgm_ops);
  END IF;
END $$`,
    ],
  },
  {
    // The instance list reads a page sorted by created, updated or status (`col desc nulls last` or
    // `col asc nulls first`, then the id ascending: the OData compiler's order) among the rows of one deleted state.
    // Without an index in exactly that order every page sorts all instances (100,000 on PGlite: 1.3 s a page); with
    // one, the page is read from the top of the index (under 1 ms). A backward scan cannot serve the other direction
    // (the id stays ascending), hence one index per column and direction.
    id: '0012_form_instance_list_order',
    statements: (['created_date_time', 'last_updated_date_time', 'status'] as const).flatMap((column) =>
      (['desc', 'asc'] as const).map(
        (direction) =>
          `CREATE INDEX IF NOT EXISTS form_instances_${column}_${direction}_idx ON form_instances ` +
          `(is_deleted, ${column} ${direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}, form_instance_id)`,
      ),
    ),
  },
  {
    // The instance list filtered to a form or a group (`form_id in (the group's forms)`), alone or with a status:
    // its count is an index-only read of the matching entries (a few hundred a form) instead of reading all
    // instances' rows, and the planner no longer picks a scan of the whole table for a group.
    id: '0013_form_instance_list_filters',
    statements: ['CREATE INDEX IF NOT EXISTS form_instances_form_deleted_status_idx ON form_instances (form_id, is_deleted, status)'],
  },
  {
    // `$search` over instances: the searched text (lower(odata_json_strings(data)), as in 0011) is stored in a generated
    // column and the trigram index is over that column. Checking a row then reads its text instead of walking its
    // JSON again; a common term has thousands of index candidates to check (each walk cost ~0.05 ms: 10,000
    // candidates, half a second). The text is computed once a write, as the index did before.
    id: '0013_form_instance_search_text',
    statements: [
      'ALTER TABLE form_instances ADD COLUMN IF NOT EXISTS search_text text GENERATED ALWAYS AS (lower(odata_json_strings(data))) STORED',
      `DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    DROP INDEX IF EXISTS form_instances_search_trgm_idx;
    CREATE INDEX form_instances_search_trgm_idx ON form_instances USING gin (search_text gin_trgm_ops);
  END IF;
END $$`,
    ],
  },
  {
    // The CSV export first finds the schemas the exported rows use (their layouts give the header): the distinct
    // schema ids of one deleted state read from this index alone instead of every row (PGlite, 100,000 rows:
    // 0.4–1.2 s of reading the table before the first byte).
    id: '0013_form_instance_export_schemas',
    statements: ['CREATE INDEX IF NOT EXISTS form_instances_deleted_schema_idx ON form_instances (is_deleted, form_schema_id)'],
  },
  {
    // The PDF a form was generated from, as uploaded. Bytes in the database rather than files under DATA_DIR: they
    // are written and removed in the same transactions as the rows, backed up with them, and every server sharing a
    // PostgreSQL database sees them (no shared disk). Keyed by the form id without a foreign key, since the generator
    // answers a draft form that is saved afterwards; the trigger removes a template when its form is deleted.
    id: '0014_form_pdf_templates',
    statements: [
      `CREATE TABLE IF NOT EXISTS form_pdf_templates (
  form_id uuid PRIMARY KEY,
  file_name text NOT NULL,
  sha256 text NOT NULL,
  byte_size integer NOT NULL,
  page_count integer NOT NULL,
  bytes bytea NOT NULL,
  created_by uuid,
  created_date_time timestamptz NOT NULL DEFAULT now()
)`,
      `CREATE OR REPLACE FUNCTION form_pdf_templates_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM form_pdf_templates WHERE form_id = OLD.form_id;
  RETURN OLD;
END $$`,
      `DROP TRIGGER IF EXISTS forms_pdf_template_forget ON forms`,
      `CREATE TRIGGER forms_pdf_template_forget AFTER DELETE ON forms FOR EACH ROW EXECUTE FUNCTION form_pdf_templates_forget()`,
    ],
  },
  {
    // Signing (example-host/server/signing): the envelope's lifecycle columns, its signers with their state and
    // signature, the signers' link tokens (only their SHA-256 is stored) and the audit events, append-only (a trigger
    // refuses any update; they go only with their envelope) and hash-chained (each stores the SHA-256 of the previous).
    id: '0016_signing_envelopes_audit',
    statements: [
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS expires_at timestamptz`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS sent_date_time timestamptz`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS completed_date_time timestamptz`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS voided_reason text`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS declined_reason text`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS reminders_sent integer NOT NULL DEFAULT 0`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS last_reminder_date_time timestamptz`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS created_by uuid`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS sent_document bytea`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS sent_document_sha256 text`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS signed_document_sha256 text`,
      `CREATE INDEX IF NOT EXISTS envelopes_status_idx ON envelopes (status, expires_at)`,
      `CREATE TABLE IF NOT EXISTS envelope_signers (
  signer_id uuid PRIMARY KEY,
  envelope_id uuid NOT NULL REFERENCES envelopes(envelope_id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  routing_order integer NOT NULL,
  status text NOT NULL,
  delivered_date_time timestamptz,
  signed_date_time timestamptz,
  declined_date_time timestamptz,
  decline_reason text,
  signature_kind text,
  signature_png bytea,
  typed_name text,
  CONSTRAINT envelope_signers_position_key UNIQUE (envelope_id, position)
)`,
      `CREATE TABLE IF NOT EXISTS envelope_signer_tokens (
  token_hash text PRIMARY KEY,
  envelope_id uuid NOT NULL REFERENCES envelopes(envelope_id) ON DELETE CASCADE,
  signer_id uuid NOT NULL REFERENCES envelope_signers(signer_id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_date_time timestamptz NOT NULL DEFAULT now()
)`,
      `CREATE INDEX IF NOT EXISTS envelope_signer_tokens_signer_idx ON envelope_signer_tokens (signer_id)`,
      `CREATE TABLE IF NOT EXISTS envelope_events (
  envelope_id uuid NOT NULL REFERENCES envelopes(envelope_id) ON DELETE CASCADE,
  sequence integer NOT NULL,
  kind text NOT NULL,
  at text NOT NULL,
  signer_id uuid,
  actor_user_id uuid,
  ip_address text,
  user_agent text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  previous_hash text NOT NULL,
  hash text NOT NULL,
  CONSTRAINT envelope_events_pkey PRIMARY KEY (envelope_id, sequence)
)`,
      `CREATE OR REPLACE FUNCTION envelope_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'envelope_events is append-only: an audit event cannot be changed';
END $$`,
      `DROP TRIGGER IF EXISTS envelope_events_no_update ON envelope_events`,
      `CREATE TRIGGER envelope_events_no_update BEFORE UPDATE ON envelope_events FOR EACH ROW EXECUTE FUNCTION envelope_events_append_only()`,
    ],
  },
  {
    // The audit trail's head on the envelope (event count and last hash, so that deleted last events are noticed) and
    // keyed chains (HMAC-SHA-256 under the server's audit key). Envelopes already stored keep their unkeyed SHA-256
    // chain (audit_keyed false: "unkeyed, written before trails were keyed") and get the head their trail has now.
    id: '0017_envelope_audit_head',
    statements: [
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS audit_keyed boolean NOT NULL DEFAULT false`,
      `ALTER TABLE envelopes ALTER COLUMN audit_keyed SET DEFAULT true`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS audit_event_count integer`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS audit_head_hash text`,
      `UPDATE envelopes e SET audit_event_count = last.sequence, audit_head_hash = last.hash
  FROM (SELECT DISTINCT ON (envelope_id) envelope_id, sequence, hash FROM envelope_events ORDER BY envelope_id, sequence DESC) last
  WHERE last.envelope_id = e.envelope_id AND e.audit_event_count IS NULL`,
    ],
  },
  {
    // A PDF template's bytes in parts of at most 256 KiB (pdf/store.ts), written and read one statement per part: an
    // embedded database runs on the server's thread, and one statement of 10 MiB holds every other request for a
    // second or more. Templates stored before keep their bytes in form_pdf_templates.bytes.
    id: '0018_form_pdf_template_parts',
    statements: [
      `CREATE TABLE IF NOT EXISTS form_pdf_template_parts (
  form_id uuid NOT NULL REFERENCES form_pdf_templates(form_id) ON DELETE CASCADE,
  part integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (form_id, part)
)`,
    ],
  },
  {
    // An envelope's documents (the one sent for signature, the sealed PDF) in parts of at most 256 KiB, written and
    // read one statement per part like the PDF templates' (db/byte-parts.ts). Envelopes stored before keep their
    // documents in envelopes.sent_document and envelopes.signed_pdf, which are still read when an envelope has no parts.
    id: '0019_envelope_document_parts',
    statements: [
      `CREATE TABLE IF NOT EXISTS envelope_document_parts (
  envelope_id uuid NOT NULL REFERENCES envelopes(envelope_id) ON DELETE CASCADE,
  document text NOT NULL,
  part integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (envelope_id, document, part)
)`,
    ],
  },
  {
    // The bounds every server instance shares (a restart keeps them): the anonymous writes' windows, one row per counted
    // event (`amount`: 1 or a body's bytes; `ref`: the instance an address started, null while it is being stored), the
    // embedded provider's failed sign-ins per account and address, and which instance ran a periodic job for a period.
    id: '0020_shared_limits_and_jobs',
    statements: [
      `CREATE TABLE IF NOT EXISTS rate_limit_events (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at_ms bigint NOT NULL,
  amount bigint NOT NULL DEFAULT 1,
  ref text
)`,
      `CREATE INDEX IF NOT EXISTS rate_limit_events_key_at ON rate_limit_events (key, at_ms)`,
      `CREATE INDEX IF NOT EXISTS rate_limit_events_at ON rate_limit_events (at_ms)`,
      `CREATE TABLE IF NOT EXISTS login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_ms bigint NOT NULL,
  blocked_until_ms bigint NOT NULL
)`,
      `CREATE INDEX IF NOT EXISTS login_throttle_last_failure ON login_throttle (last_failure_ms)`,
      `CREATE TABLE IF NOT EXISTS job_runs (
  job text NOT NULL,
  period bigint NOT NULL,
  instance text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job, period)
)`,
    ],
  },
  {
    // What the development SMTP sink received (example-host/server/mail/sink.ts): the Outbox page lists it.
    id: '0021_mail_outbox',
    statements: [
      `CREATE TABLE IF NOT EXISTS mail_outbox (
  id uuid PRIMARY KEY,
  received_date_time timestamptz NOT NULL DEFAULT now(),
  message_id text,
  from_address text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  raw bytea NOT NULL
)`,
      `CREATE INDEX IF NOT EXISTS mail_outbox_received ON mail_outbox (received_date_time DESC)`,
    ],
  },
  {
    // Mail that is never lost (example-host/server/mail/queue.ts): each message waits in mail_queue until it is sent
    // (then deleted) or has failed after its last retry (kept with its error, shown on its envelope, sent again on
    // request); an envelope's reminder schedule (every N days until it is signed or expires).
    id: '0022_mail_queue_and_reminder_schedule',
    statements: [
      `CREATE TABLE IF NOT EXISTS mail_queue (
  id uuid PRIMARY KEY,
  envelope_id uuid,
  kind text NOT NULL,
  to_name text NOT NULL,
  to_email text NOT NULL,
  message jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  last_attempt_at timestamptz,
  created_date_time timestamptz NOT NULL DEFAULT now()
)`,
      `CREATE INDEX IF NOT EXISTS mail_queue_due ON mail_queue (next_attempt_at) WHERE status = 'pending'`,
      `CREATE INDEX IF NOT EXISTS mail_queue_envelope ON mail_queue (envelope_id) WHERE status = 'failed'`,
      `ALTER TABLE envelopes ADD COLUMN IF NOT EXISTS reminder_every_days integer`,
    ],
  },
  {
    // The files of file upload answers (example-host/server/files): one row per file, linked to its instance and
    // field and removed with the instance; the bytes in parts of at most 256 KiB (db/byte-parts.ts), as PDFs are.
    id: '0023_form_files',
    statements: [
      `CREATE TABLE IF NOT EXISTS form_files (
  file_id uuid PRIMARY KEY,
  form_instance_id uuid NOT NULL REFERENCES form_instances (form_instance_id) ON DELETE CASCADE,
  field_id text NOT NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  byte_size integer NOT NULL,
  part_count integer NOT NULL,
  created_by uuid,
  created_date_time timestamptz NOT NULL DEFAULT now()
)`,
      `CREATE INDEX IF NOT EXISTS form_files_instance ON form_files (form_instance_id)`,
      `CREATE TABLE IF NOT EXISTS form_file_parts (
  file_id uuid NOT NULL REFERENCES form_files (file_id) ON DELETE CASCADE,
  part integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (file_id, part)
)`,
    ],
  },  {
    // The status history of form instances (src/service/status-history.ts): one row per change, removed with its
    // instance. Instances stored before have none (their history was not kept).
    id: '0024_form_instance_status_changes',
    statements: [
      `CREATE TABLE IF NOT EXISTS form_instance_status_changes (
  id uuid PRIMARY KEY,
  form_instance_id uuid NOT NULL REFERENCES form_instances (form_instance_id) ON DELETE CASCADE,
  from_status integer,
  to_status integer NOT NULL,
  changed_by uuid REFERENCES application_users (id) ON DELETE SET NULL,
  changed_date_time timestamptz NOT NULL DEFAULT now()
)`,
      `CREATE INDEX IF NOT EXISTS form_instance_status_changes_instance ON form_instance_status_changes (form_instance_id, changed_date_time)`,
    ],
  },
  // form_answer_counts (summary of a form without list filters; example-host/server/forms/answer-counts-sql.ts).
  { id: '0025_form_answer_counts', statements: FORM_ANSWER_COUNTS_MIGRATION },
  // form_answer_sort_keys (a page of one form sorted by an answer; example-host/server/odata/answer-sort.ts).
  { id: '0026_form_answer_sort_keys', statements: FORM_ANSWER_SORT_MIGRATION },
  // The answer counters added to at each write's commit, in one order (no deadlock between concurrent writers).
  { id: '0027_form_answer_counts_at_commit', statements: FORM_ANSWER_COUNTS_AT_COMMIT_MIGRATION },
  // The answer triggers plan without JIT: compiling each one-row save's statement cost 60-90 ms of every write.
  { id: '0028_form_answer_triggers_without_jit', statements: FORM_ANSWER_TRIGGERS_WITHOUT_JIT_MIGRATION },
  {
    // A form schema's JSON Schema and layout are stored as the text that was sent (json), not as jsonb: no query looks
    // inside them, and building jsonb from a 2,000-field schema held an embedded database (and so the server's thread)
    // for 80-200 ms per save; json is checked and kept as sent (the keys in their order).
    id: '0029_form_schema_documents_as_json',
    statements: [
      `ALTER TABLE form_schemas ALTER COLUMN json_schema TYPE json USING json_schema::json, ALTER COLUMN layout TYPE json USING layout::json`,
    ],
  },
];

/** A fixed key for `pg_advisory_xact_lock`, so concurrent starts apply migrations one at a time. */
const MIGRATION_LOCK_KEY = 774_410_001;

/**
 * Applies the pending migrations and then, when `afterMigrations` is given, runs it in the same
 * transaction (the seed uses this so that it runs exactly once). Returns the ids applied now.
 */
export async function runMigrations(
  db: Db,
  afterMigrations?: (tx: DbExecutor, applied: ReadonlySet<string>) => Promise<string[]>,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(
      sql.raw(`CREATE TABLE IF NOT EXISTS schema_migrations (
  id text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
)`),
    );
    const rows = await tx.select({ id: schemaMigrations.id }).from(schemaMigrations);
    const applied = new Set(rows.map((r) => r.id));
    const appliedNow: string[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.id)) continue;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (id) VALUES (${migration.id})`);
      applied.add(migration.id);
      appliedNow.push(migration.id);
    }
    if (afterMigrations) {
      for (const id of await afterMigrations(tx, applied)) {
        await tx.execute(sql`INSERT INTO schema_migrations (id) VALUES (${id}) ON CONFLICT (id) DO NOTHING`);
        appliedNow.push(id);
      }
    }
    return appliedNow;
  });
}
