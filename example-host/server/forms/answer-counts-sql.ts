/**
 * The answer counts of each form, kept by the database on every write of `form_instances` (migration
 * 0025_form_answer_counts): what the summary of a whole form reads instead of its instances
 * (example-host/server/forms/summary.ts).
 *
 * `form_answer_counts` holds, per form, for the live (not soft-deleted) instances, one row per fact and how many
 * rows (instances, or items of a repeatable section) hold it (`total`):
 *
 * - `items`: `''` for the instances' own answers, else the JSON pointer of a list at the instance's level whose
 *   elements are rows of their own (a repeatable section's items); `path`: the answer's JSON pointer in its row
 *   (`''` for the row itself);
 * - `kind` {@link ANSWER_FACT}: a row; a scalar value (a string other than `""`, a number, a boolean) at `path`; a
 *   distinct scalar element of a list at `path` (once per row); a non-empty list at `path`; a text (a string with a
 *   character other than white space) at `path`; the row's schema (instances only);
 * - `key`: the value (jsonb equality: `1` and `1.0` are one), a string longer than 512 bytes as `[md5]` (an index
 *   entry has a size limit; a list is never a scalar value, so it cannot meet one); `value`: the value itself.
 *
 * The facts are only those of objects: a path through a list's element by its index is not one (no question of a
 * layout has one). Statement triggers (transition tables, so a statement of 1,000 rows is one upsert) add the facts
 * of inserted rows, remove those of deleted rows and, for an update that changes the data, the soft-delete flag, the
 * form or the schema, remove the old row's and add the new one's; `TRUNCATE` empties the table. Since migration 0027
 * the deltas are staged in the write's transaction and added at its commit, one sorted upsert (`total = total +
 * delta`) a counter table (see {@link FORM_ANSWER_COUNTS_AT_COMMIT_MIGRATION}): concurrent writes (also from two
 * servers on one database) each add theirs and never deadlock. An update that changes none of those columns (a
 * status, an envelope's state) has no delta. Rows whose total falls to 0 stay (readers skip them).
 */

/** The kinds of facts (`form_answer_counts.kind`). */
export const ANSWER_FACT = {
  /** A row: an instance (`items` `''`) or an item of the list at `items`; `path` `''`. */
  row: 0,
  /** A scalar value other than `""` at `path`. */
  value: 1,
  /** A distinct scalar element other than `""` of the list at `path` (once per row). */
  element: 2,
  /** A non-empty list at `path`. */
  list: 3,
  /** A string with a character other than white space at `path`. */
  text: 4,
  /** The instance's schema (`key` its id as a JSON string); `items` and `path` `''`. */
  schema: 5,
} as const;

/** The regular expression of a text: a character other than white space (as the summary's rule). */
const TEXT_CHARACTER = String.raw`[^ \t\n\r\f\v]`;
const SCALAR = `('string', 'number', 'boolean')`;
const keyOf = (v: string) => `CASE WHEN jsonb_typeof(${v}) = 'string' AND octet_length(${v} #>> '{}') > 512 THEN jsonb_build_array(md5(${v} #>> '{}')) ELSE ${v} END`;

/**
 * `form_answer_facts(data, schema)`: the facts of one instance, a row per fact and per row holding it (an instance's
 * own answers and each item of each list at its level; `r` numbers the items of one list).
 */
const FACTS_FUNCTION = `CREATE OR REPLACE FUNCTION form_answer_facts(doc jsonb, schema_id uuid)
RETURNS TABLE (items text, path text, kind smallint, key jsonb, value jsonb)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  WITH RECURSIVE walk(items, r, path, v) AS (
    SELECT ''::text, 0::bigint, ''::text, doc
    UNION ALL
    SELECT c.items, c.r, c.path, c.v FROM walk w CROSS JOIN LATERAL (
      SELECT w.items, w.r, w.path || '/' || replace(replace(e.key, '~', '~0'), '/', '~1'), e.value
        FROM jsonb_each(CASE WHEN jsonb_typeof(w.v) = 'object' THEN w.v ELSE '{}'::jsonb END) AS e
      UNION ALL
      SELECT w.path, i.n, ''::text, i.v
        FROM jsonb_array_elements(CASE WHEN w.items = '' AND w.path <> '' AND jsonb_typeof(w.v) = 'array' THEN w.v ELSE '[]'::jsonb END)
          WITH ORDINALITY AS i(v, n)
    ) AS c(items, r, path, v)
  )
  SELECT w.items, w.path, ${ANSWER_FACT.row}::smallint, 'null'::jsonb, 'null'::jsonb FROM walk w WHERE w.path = ''
  UNION ALL
  SELECT '', '', ${ANSWER_FACT.schema}::smallint, to_jsonb(schema_id::text), to_jsonb(schema_id::text) WHERE schema_id IS NOT NULL
  UNION ALL
  SELECT w.items, w.path, ${ANSWER_FACT.value}::smallint, ${keyOf('w.v')}, w.v FROM walk w
    WHERE w.path <> '' AND jsonb_typeof(w.v) IN ${SCALAR} AND w.v <> '""'::jsonb
  UNION ALL
  SELECT w.items, w.path, ${ANSWER_FACT.text}::smallint, 'null'::jsonb, 'null'::jsonb FROM walk w
    WHERE w.path <> '' AND CASE WHEN jsonb_typeof(w.v) = 'string' THEN (w.v #>> '{}') ~ '${TEXT_CHARACTER}' ELSE false END
  UNION ALL
  SELECT w.items, w.path, ${ANSWER_FACT.list}::smallint, 'null'::jsonb, 'null'::jsonb FROM walk w
    WHERE w.path <> '' AND CASE WHEN jsonb_typeof(w.v) = 'array' THEN jsonb_array_length(w.v) > 0 ELSE false END
  UNION ALL
  SELECT d.items, d.path, ${ANSWER_FACT.element}::smallint, d.key, d.value FROM (
    SELECT DISTINCT ON (w.items, w.r, w.path, ${keyOf('e')}) w.items, w.path, ${keyOf('e')} AS key, e AS value
      FROM walk w CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(w.v) = 'array' THEN w.v ELSE '[]'::jsonb END) AS e
      WHERE w.path <> '' AND jsonb_typeof(e) IN ${SCALAR} AND e <> '""'::jsonb
  ) AS d
$fn$`;

/** The upsert of the deltas `d(form_id, items, path, kind, key, value, delta)` (a CTE), in the key's order. */
const upsert = (deltas: string) => `WITH d AS (${deltas})
    INSERT INTO form_answer_counts AS c (form_id, items, path, kind, key, value, total)
    SELECT d.form_id, d.items, d.path, d.kind, d.key, (array_agg(d.value))[1], sum(d.delta)
      FROM d GROUP BY d.form_id, d.items, d.path, d.kind, d.key HAVING sum(d.delta) <> 0
      ORDER BY d.form_id, d.items, d.path, d.kind, d.key
    ON CONFLICT (form_id, items, path, kind, key) DO UPDATE SET total = c.total + excluded.total`;

const factsOf = (rows: string, delta: number, where = 'true') =>
  `SELECT t.form_id, f.items, f.path, f.kind, f.key, f.value, ${delta}::bigint AS delta
      FROM ${rows} AS t CROSS JOIN LATERAL form_answer_facts(t.data, t.form_schema_id) AS f WHERE t.is_deleted IS NOT TRUE AND ${where}`;

const triggerFunction = (upsert: (deltas: string) => string, staged = false) => `CREATE OR REPLACE FUNCTION form_answer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM form_answer_counts;${staged ? '\n    DELETE FROM form_answer_deltas WHERE txid = txid_current() AND target = 0;' : ''}
  ELSIF TG_OP = 'INSERT' THEN
    ${upsert(factsOf('form_answer_new', 1))};
  ELSIF TG_OP = 'DELETE' THEN
    ${upsert(factsOf('form_answer_old', -1))};
  ELSE
    ${upsert(`WITH changed AS (
        SELECT o.form_instance_id FROM form_answer_old o JOIN form_answer_new n ON n.form_instance_id = o.form_instance_id
        WHERE o.data IS DISTINCT FROM n.data OR o.is_deleted IS DISTINCT FROM n.is_deleted OR o.form_id IS DISTINCT FROM n.form_id
          OR o.form_schema_id IS DISTINCT FROM n.form_schema_id
      )
      ${factsOf('form_answer_new', 1, 't.form_instance_id IN (SELECT form_instance_id FROM changed)')}
      UNION ALL
      ${factsOf('form_answer_old', -1, 't.form_instance_id IN (SELECT form_instance_id FROM changed)')}`)};
  END IF;
  RETURN NULL;
END
$fn$`;

/** The statements of migration 0025_form_answer_counts: the table, its function and triggers, and the counts of the rows stored before. */
export const FORM_ANSWER_COUNTS_MIGRATION: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS form_answer_counts (
  form_id uuid NOT NULL,
  items text NOT NULL,
  path text NOT NULL,
  kind smallint NOT NULL,
  key jsonb NOT NULL,
  value jsonb NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (form_id, items, path, kind, key)
)`,
  // No write of the instances between the counts of the rows stored before and the triggers.
  'LOCK TABLE form_instances IN SHARE ROW EXCLUSIVE MODE',
  FACTS_FUNCTION,
  triggerFunction(upsert),
  `CREATE TRIGGER form_answer_counts_insert AFTER INSERT ON form_instances REFERENCING NEW TABLE AS form_answer_new
  FOR EACH STATEMENT EXECUTE FUNCTION form_answer_counts_apply()`,
  `CREATE TRIGGER form_answer_counts_update AFTER UPDATE ON form_instances REFERENCING OLD TABLE AS form_answer_old NEW TABLE AS form_answer_new
  FOR EACH STATEMENT EXECUTE FUNCTION form_answer_counts_apply()`,
  `CREATE TRIGGER form_answer_counts_delete AFTER DELETE ON form_instances REFERENCING OLD TABLE AS form_answer_old
  FOR EACH STATEMENT EXECUTE FUNCTION form_answer_counts_apply()`,
  `CREATE TRIGGER form_answer_counts_truncate AFTER TRUNCATE ON form_instances FOR EACH STATEMENT EXECUTE FUNCTION form_answer_counts_apply()`,
  upsert(factsOf('form_instances', 1)),
];

/**
 * `form_answer_sort_keys`: for every instance (soft-deleted ones too), a row per answer at its own level (not an
 * item's) that is a scalar or `null` of at most 1,000 bytes, the answer as `key`: two indexes, `(form, path, key,
 * instance)` and `(form, path, key desc, instance)`, give a page of one form sorted by an answer (as `$orderby` sorts
 * a JSON answer, jsonb's order, then the id) from their top. `form_answer_sort_paths` counts, per form, its instances
 * (`path` `''`) and the instances with a key at each path: a path with as many is one every instance of the form has
 * a key at (no instance sorts as a missing answer), the only case the keys serve (example-host/server/odata/answer-sort.ts).
 * Kept like the counts: statement triggers in the write's transaction; an update that changes neither the data nor
 * the form writes nothing.
 */
const SORT_FACTS_FUNCTION = `CREATE OR REPLACE FUNCTION form_answer_sort_facts(doc jsonb)
RETURNS TABLE (path text, key jsonb)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  WITH RECURSIVE walk(path, v) AS (
    SELECT ''::text, doc
    UNION ALL
    SELECT w.path || '/' || replace(replace(e.key, '~', '~0'), '/', '~1'), e.value
      FROM walk w CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(w.v) = 'object' THEN w.v ELSE '{}'::jsonb END) AS e
  )
  SELECT w.path, w.v FROM walk w WHERE w.path <> '' AND jsonb_typeof(w.v) IN ('string', 'number', 'boolean', 'null') AND octet_length(w.v::text) <= 1000
$fn$`;

const sortFactsOf = (rows: string, where = 'true') =>
  `SELECT t.form_id, t.form_instance_id, f.path, f.key FROM ${rows} AS t CROSS JOIN LATERAL form_answer_sort_facts(t.data) AS f WHERE ${where}`;

/** The instance and key counts' upsert of the deltas `p(form_id, path, delta)` (a CTE), in the key's order. */
const upsertSortPaths = (deltas: string) => `WITH p AS (${deltas})
    INSERT INTO form_answer_sort_paths AS c (form_id, path, total)
    SELECT p.form_id, p.path, sum(p.delta) FROM p GROUP BY p.form_id, p.path HAVING sum(p.delta) <> 0 ORDER BY p.form_id, p.path
    ON CONFLICT (form_id, path) DO UPDATE SET total = c.total + excluded.total`;

const pathDeltas = (rows: string, delta: number, where = 'true') =>
  `SELECT t.form_id, ''::text AS path, ${delta}::bigint AS delta FROM ${rows} AS t WHERE ${where}
      UNION ALL SELECT f.form_id, f.path, ${delta}::bigint FROM (${sortFactsOf(rows, where)}) AS f`;

/** The instances an update changed the data or the form of. */
const CHANGED = `(SELECT o.form_instance_id FROM form_answer_old o JOIN form_answer_new n ON n.form_instance_id = o.form_instance_id
      WHERE o.data IS DISTINCT FROM n.data OR o.form_id IS DISTINCT FROM n.form_id)`;

const sortTriggerFunction = (upsertSortPaths: (deltas: string) => string, staged = false) => `CREATE OR REPLACE FUNCTION form_answer_sort_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM form_answer_sort_keys;
    DELETE FROM form_answer_sort_paths;${staged ? '\n    DELETE FROM form_answer_deltas WHERE txid = txid_current() AND target = 1;' : ''}
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO form_answer_sort_keys (form_id, form_instance_id, path, key) ${sortFactsOf('form_answer_new')} ON CONFLICT DO NOTHING;
    ${upsertSortPaths(pathDeltas('form_answer_new', 1))};
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM form_answer_sort_keys k USING (${sortFactsOf('form_answer_old')}) AS f
      WHERE k.form_id = f.form_id AND k.path = f.path AND k.key = f.key AND k.form_instance_id = f.form_instance_id;
    ${upsertSortPaths(pathDeltas('form_answer_old', -1))};
  ELSIF EXISTS (SELECT 1 FROM ${CHANGED} AS changed) THEN
    DELETE FROM form_answer_sort_keys k USING (
        ${sortFactsOf('form_answer_old', `t.form_instance_id IN ${CHANGED}`)} EXCEPT ${sortFactsOf('form_answer_new', `t.form_instance_id IN ${CHANGED}`)}
      ) AS f
      WHERE k.form_id = f.form_id AND k.path = f.path AND k.key = f.key AND k.form_instance_id = f.form_instance_id;
    INSERT INTO form_answer_sort_keys (form_id, form_instance_id, path, key)
      ${sortFactsOf('form_answer_new', `t.form_instance_id IN ${CHANGED}`)} EXCEPT ${sortFactsOf('form_answer_old', `t.form_instance_id IN ${CHANGED}`)}
      ON CONFLICT DO NOTHING;
    ${upsertSortPaths(
      `${pathDeltas('form_answer_new', 1, `t.form_instance_id IN ${CHANGED}`)}
      UNION ALL ${pathDeltas('form_answer_old', -1, `t.form_instance_id IN ${CHANGED}`)}`,
    )};
  END IF;
  RETURN NULL;
END
$fn$`;

/** The statements of migration 0026_form_answer_sort_keys: the tables, their function and triggers, and the keys of the rows stored before. */
export const FORM_ANSWER_SORT_MIGRATION: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS form_answer_sort_keys (
  form_id uuid NOT NULL,
  path text NOT NULL,
  key jsonb NOT NULL,
  form_instance_id uuid NOT NULL,
  PRIMARY KEY (form_id, path, key, form_instance_id)
)`,
  'CREATE INDEX IF NOT EXISTS form_answer_sort_keys_desc_idx ON form_answer_sort_keys (form_id, path, key DESC, form_instance_id)',
  `CREATE TABLE IF NOT EXISTS form_answer_sort_paths (
  form_id uuid NOT NULL,
  path text NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (form_id, path)
)`,
  'LOCK TABLE form_instances IN SHARE ROW EXCLUSIVE MODE',
  SORT_FACTS_FUNCTION,
  sortTriggerFunction(upsertSortPaths),
  `CREATE TRIGGER form_answer_sort_insert AFTER INSERT ON form_instances REFERENCING NEW TABLE AS form_answer_new
  FOR EACH STATEMENT EXECUTE FUNCTION form_answer_sort_apply()`,
  `CREATE TRIGGER form_answer_sort_update AFTER UPDATE ON form_instances REFERENCING OLD TABLE AS form_answer_old NEW TABLE AS form_answer_new
  FOR EACH STATEMENT EXECUTE FUNCTION form_answer_sort_apply()`,
  `CREATE TRIGGER form_answer_sort_delete AFTER DELETE ON form_instances REFERENCING OLD TABLE AS form_answer_old
  FOR EACH STATEMENT EXECUTE FUNCTION form_answer_sort_apply()`,
  `CREATE TRIGGER form_answer_sort_truncate AFTER TRUNCATE ON form_instances FOR EACH STATEMENT EXECUTE FUNCTION form_answer_sort_apply()`,
  `INSERT INTO form_answer_sort_keys (form_id, form_instance_id, path, key) ${sortFactsOf('form_instances')} ON CONFLICT DO NOTHING`,
  upsertSortPaths(pathDeltas('form_instances', 1)),
];

/**
 * Migration 0027_form_answer_counts_at_commit: the counters (`form_answer_counts`, `form_answer_sort_paths`) are
 * added to once per transaction, at its commit, in one sorted upsert each. The statement triggers stage their deltas
 * in `form_answer_deltas` (no key, so no writer waits for another there) and mark the transaction in
 * `form_answer_pending`, whose deferred constraint trigger applies the transaction's deltas at commit: counts first,
 * then the sort paths, each in the key's order. A transaction takes the counters' row locks only at its commit and
 * always in one order, so concurrent writers of one form wait for each other's commit but never deadlock (they did
 * when a transaction of several writes met a concurrent save: each statement locked its keys in order, but not
 * across statements). The sort keys themselves stay written by the statement (a key row is its instance's).
 */
const PENDING = 'INSERT INTO form_answer_pending (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING';
const stageCounts = (deltas: string) => `WITH d AS (${deltas})
    INSERT INTO form_answer_deltas (txid, target, form_id, items, path, kind, key, value, delta)
    SELECT txid_current(), 0, d.form_id, d.items, d.path, d.kind, d.key, (array_agg(d.value))[1], sum(d.delta)
      FROM d GROUP BY d.form_id, d.items, d.path, d.kind, d.key HAVING sum(d.delta) <> 0;
    ${PENDING}`;
const stageSortPaths = (deltas: string) => `WITH d AS (${deltas})
    INSERT INTO form_answer_deltas (txid, target, form_id, items, path, kind, key, value, delta)
    SELECT txid_current(), 1, d.form_id, '', d.path, 0, 'null'::jsonb, 'null'::jsonb, sum(d.delta)
      FROM d GROUP BY d.form_id, d.path HAVING sum(d.delta) <> 0;
    ${PENDING}`;

const APPLY_PENDING = `CREATE OR REPLACE FUNCTION form_answer_apply_pending() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO form_answer_counts AS c (form_id, items, path, kind, key, value, total)
    SELECT form_id, items, path, kind, key, (array_agg(value))[1], sum(delta) FROM form_answer_deltas
      WHERE txid = txid_current() AND target = 0 GROUP BY form_id, items, path, kind, key HAVING sum(delta) <> 0
      ORDER BY form_id, items, path, kind, key
    ON CONFLICT (form_id, items, path, kind, key) DO UPDATE SET total = c.total + excluded.total;
  INSERT INTO form_answer_sort_paths AS c (form_id, path, total)
    SELECT form_id, path, sum(delta) FROM form_answer_deltas
      WHERE txid = txid_current() AND target = 1 GROUP BY form_id, path HAVING sum(delta) <> 0 ORDER BY form_id, path
    ON CONFLICT (form_id, path) DO UPDATE SET total = c.total + excluded.total;
  DELETE FROM form_answer_deltas WHERE txid = txid_current();
  DELETE FROM form_answer_pending WHERE txid = txid_current();
  RETURN NULL;
END
$fn$`;

/** The statements of migration 0027_form_answer_counts_at_commit (see the comment above). */
export const FORM_ANSWER_COUNTS_AT_COMMIT_MIGRATION: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS form_answer_deltas (
  txid bigint NOT NULL,
  target smallint NOT NULL,
  form_id uuid NOT NULL,
  items text NOT NULL,
  path text NOT NULL,
  kind smallint NOT NULL,
  key jsonb NOT NULL,
  value jsonb NOT NULL,
  delta bigint NOT NULL
)`,
  'CREATE INDEX IF NOT EXISTS form_answer_deltas_txid_idx ON form_answer_deltas (txid)',
  'CREATE TABLE IF NOT EXISTS form_answer_pending (txid bigint PRIMARY KEY)',
  APPLY_PENDING,
  `CREATE CONSTRAINT TRIGGER form_answer_pending_apply AFTER INSERT ON form_answer_pending DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION form_answer_apply_pending()`,
  triggerFunction(stageCounts, true),
  sortTriggerFunction(stageSortPaths, true),
];

/**
 * Migration 0028_form_answer_triggers_without_jit: the answer triggers' functions plan without JIT compilation. The
 * planner cannot see how small a document is: it costs the facts of one instance (a recursive walk of its JSON) as
 * thousands of rows, so a one-row save's statement passed `jit_above_cost` and PostgreSQL compiled it (about 100
 * functions) on every write: 60-90 ms of a save whose queries run in under a millisecond, while the instance's row
 * lock is held (concurrent saves of one instance queue behind it). PGlite has no JIT; the setting changes nothing
 * there. A later `CREATE OR REPLACE` of these functions must keep `SET jit = off` (it replaces the setting too).
 */
export const FORM_ANSWER_TRIGGERS_WITHOUT_JIT_MIGRATION: readonly string[] = [
  'ALTER FUNCTION form_answer_counts_apply() SET jit = off',
  'ALTER FUNCTION form_answer_sort_apply() SET jit = off',
  'ALTER FUNCTION form_answer_apply_pending() SET jit = off',
];
