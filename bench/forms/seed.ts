/**
 * The seed of the forms benchmark, through the server's own data layer (drizzle over its database): 20 form groups of
 * 10 forms (one schema each) and 100,000 instances with answers (a person, an address, a topic, a note, a number, a
 * consent, a list), statuses (created 15 %, in progress 25 %, submitted 35 %, completed 25 %), 3 % soft-deleted, created
 * evenly over two years and updated up to 30 days later. Deterministic: every run seeds the same rows.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../example-host/server/db/index';
import { formGroups, formInstances, forms, formSchemas } from '../../example-host/server/db/schema';
import { FormInstanceStatus } from '../../src/api/enums';
import type { FormInstance, FormLayout } from '../../src/api/types';

/** Bumped when the seeded data changes shape: a cached PGlite folder of another version is rebuilt. */
export const SEED_VERSION = 1;

export interface SeedSize {
  groups: number;
  forms: number;
  instances: number;
}
export const FULL_SIZE: SeedSize = { groups: 20, forms: 200, instances: 100_000 };
export const SMALL_SIZE: SeedSize = { groups: 4, forms: 20, instances: 2_000 };
/** The second database of the bench: every instance in one form (its summary and answer columns at that size). */
export const ONE_FORM_SIZES: { full: SeedSize; small: SeedSize } = {
  full: { groups: 1, forms: 1, instances: 100_000 },
  small: { groups: 1, forms: 1, instances: 2_000 },
};
/** Rows per INSERT statement (16 parameters a row stays far below PostgreSQL's 65,535). */
export const BATCH = 1_000;


/** A deterministic 32-bit hash, so that every run seeds the same data. */
function hash(n: number, salt: number): number {
  let x = (n * 0x9e3779b1 + salt * 0x85ebca6b) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b) >>> 0;
  x ^= x >>> 16;
  return x >>> 0;
}
const pick = <T>(list: readonly T[], n: number, salt: number): T => list[hash(n, salt) % list.length] as T;

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas', 'Klara', 'Lukas', 'Mia', 'Noah', 'Olga', 'Paul'];
// 400 surnames (a stem and a suffix): one surname is in about 0.25 % of the instances — the "rare" search.
const STEMS = ['Bauer', 'Fischer', 'Hoffmann', 'Koch', 'Lang', 'Meyer', 'Neumann', 'Richter', 'Schulz', 'Weber', 'Wolf', 'Zimmer', 'Brandt', 'Engel', 'Frank', 'Graf', 'Haas', 'Jung', 'Kraus', 'Lorenz'];
const SUFFIXES = ['', 'mann', 'berg', 'stein', 'feld', 'hof', 'bach', 'dorf', 'er', 'ig', 'ow', 'ski', 'sen', 'ke', 'el', 'ler', 'rath', 'wald', 'au', 'heim'];
export const CITIES = ['Berlin', 'Hamburg', 'Munich', 'Cologne', 'Frankfurt', 'Stuttgart', 'Leipzig', 'Dresden', 'Hanover', 'Bremen'];
const TOPICS = ['parking permit', 'building extension', 'street festival', 'tree removal', 'noise complaint', 'school enrolment', 'waste collection', 'market stall'];
const NOTES = [
  'Please call me in the morning.',
  'Documents will follow by post.',
  'The request concerns the rear courtyard.',
  'Urgent: the deadline is next week.',
  'See the attached plan for details.',
  '',
];
/** Created 15 %, in progress 25 %, submitted 35 %, completed 25 %. */
const STATUS_WEIGHTS: readonly [number, number][] = [
  [FormInstanceStatus.Created, 15],
  [FormInstanceStatus.InProgress, 25],
  [FormInstanceStatus.Submitted, 35],
  [FormInstanceStatus.Completed, 25],
];
const DAY = 86_400_000;
/** Instances are created evenly over the two years before this moment. */
const SEED_END = Date.UTC(2026, 10, 1);
const SEED_SPAN = 730 * DAY;

const uuid = (kind: number, n: number) => `f${kind.toString(16)}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const groupId = (g: number) => uuid(1, g);
export const formId = (f: number) => uuid(2, f);
const schemaId = (f: number) => uuid(3, f);
const instanceId = (i: number) => uuid(4, i);
export const surname = (i: number) => `${pick(STEMS, i, 3)}${pick(SUFFIXES, i, 4)}`;

function statusOf(i: number): number {
  let r = hash(i, 5) % 100;
  for (const [status, weight] of STATUS_WEIGHTS) {
    if (r < weight) return status;
    r -= weight;
  }
  return FormInstanceStatus.Completed;
}

/** One instance's answers: a person, an address, a topic, a free text, a number, a consent and a list. */
function answersOf(i: number): Record<string, unknown> {
  const first = pick(FIRST, i, 2);
  const last = surname(i);
  return {
    applicant: { firstName: first, lastName: last, email: `${first}.${last}@example.org`.toLowerCase() },
    address: { street: `${pick(STEMS, i, 6)}strasse ${(hash(i, 7) % 120) + 1}`, city: pick(CITIES, i, 8), zip: String(10_000 + (hash(i, 9) % 89_999)) },
    topic: pick(TOPICS, i, 10),
    note: pick(NOTES, i, 11),
    amount: hash(i, 12) % 5_000,
    consent: hash(i, 13) % 10 !== 0,
    items: Array.from({ length: hash(i, 14) % 3 }, (_, k) => ({ name: pick(TOPICS, i + k, 15), quantity: (k % 4) + 1 })),
  };
}

const JSON_SCHEMA = {
  type: 'object',
  properties: {
    applicant: { type: 'object', properties: { firstName: { type: 'string' }, lastName: { type: 'string' }, email: { type: 'string' } } },
    address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' }, zip: { type: 'string' } } },
    topic: { type: 'string' },
    note: { type: 'string' },
    amount: { type: 'number' },
    consent: { type: 'boolean' },
    items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, quantity: { type: 'number' } } } },
  },
};
const field = (path: string, widget: string, label: string) => ({ id: path.slice(1).replaceAll('/', '-'), path, widget, label });
/** The form's fields, one per answer (the CSV export's columns come from them); the items are a repeatable section. */
export const LAYOUT: FormLayout = {
  pages: [
    {
      id: 'p1',
      title: 'Request',
      sections: [
        {
          id: 'applicant',
          title: 'Applicant',
          fields: [field('/applicant/firstName', 'text', 'First name'), field('/applicant/lastName', 'text', 'Last name'), field('/applicant/email', 'email', 'E-mail')],
        },
        { id: 'address', title: 'Address', fields: [field('/address/street', 'text', 'Street'), field('/address/city', 'text', 'City'), field('/address/zip', 'text', 'Postcode')] },
        {
          id: 'request',
          title: 'Request',
          fields: [field('/topic', 'text', 'Topic'), field('/note', 'textarea', 'Note'), field('/amount', 'integer', 'Amount'), field('/consent', 'checkbox', 'Consent')],
        },
        { id: 'items', title: 'Items', repeatable: { path: '/items' }, fields: [field('/name', 'text', 'Item'), field('/quantity', 'integer', 'Quantity')] },
      ],
    },
  ],
};

/** A cached seed made before its schemas had fields gets them (the layout is the seed's, the same for every schema). */
export async function updateSeedLayouts(db: Db): Promise<void> {
  await db.update(formSchemas).set({ layout: LAYOUT });
}

export interface SeedResult {
  version: number;
  size: SeedSize;
  ms: number;
  instancesPerSecond: number;
}

/** Groups, forms (each with one schema), then the instances in batches of {@link BATCH}, through drizzle. */
export async function seed(db: Db, size: SeedSize, onProgress?: (line: string) => void): Promise<SeedResult> {
  const t0 = performance.now();
  await db.insert(formGroups).values(Array.from({ length: size.groups }, (_, g) => ({ formGroupId: groupId(g), name: `Bench group ${g + 1}` })));
  const formsPerGroup = size.forms / size.groups;
  await db.insert(forms).values(
    Array.from({ length: size.forms }, (_, f) => ({
      formId: formId(f),
      name: `Bench form ${String(f + 1).padStart(3, '0')} ${pick(TOPICS, f, 1)}`,
      formGroupId: groupId(Math.floor(f / formsPerGroup)),
      currentFormSchemaId: schemaId(f),
    })),
  );
  await db.insert(formSchemas).values(
    Array.from({ length: size.forms }, (_, f) => ({ formSchemaId: schemaId(f), formId: formId(f), name: `Bench form ${f + 1} v1`, version: 1, jsonSchema: JSON_SCHEMA, layout: LAYOUT })),
  );
  for (let start = 0; start < size.instances; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(size.instances, start + BATCH); i++) {
      const created = SEED_END - SEED_SPAN + Math.floor((i / size.instances) * SEED_SPAN) + (hash(i, 16) % DAY);
      const updated = created + (hash(i, 17) % (30 * DAY));
      const f = hash(i, 1) % size.forms;
      rows.push({
        formInstanceId: instanceId(i),
        formSchemaId: schemaId(f),
        formId: formId(f),
        data: answersOf(i) as FormInstance['data'],
        status: statusOf(i),
        isDeleted: hash(i, 18) % 100 < 3,
        createdDateTime: new Date(created),
        lastUpdatedDateTime: new Date(updated),
      });
    }
    await db.insert(formInstances).values(rows);
    if ((start / BATCH) % 20 === 19) onProgress?.(`  ${(start + BATCH).toLocaleString('en')} instances (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  await settle(db, onProgress);
  const took = performance.now() - t0;
  return { version: SEED_VERSION, size, ms: took, instancesPerSecond: Math.round(size.instances / (took / 1000)) };
}

/**
 * Leaves the database as a user's would be after the seed's writes: every table vacuumed and analysed, not only
 * `form_instances` (the answer triggers fill `form_answer_sort_keys`, ~11 rows an instance, `form_answer_counts`, and
 * insert then delete `form_answer_deltas` at each commit: a million new rows and as many dead ones, which autovacuum would
 * otherwise process beside the measure); on PostgreSQL a checkpoint, so the seed's dirty pages are not written out
 * during it either, and a wait for any autovacuum worker still running. PGlite has no autovacuum: there only an explicit
 * VACUUM sets the visibility map that index-only counts rely on.
 */
export async function settle(db: Db, onProgress?: (line: string) => void): Promise<{ ms: number; autovacuumWaitMs: number }> {
  const t0 = performance.now();
  await db.execute(sql.raw('VACUUM ANALYZE'));
  let autovacuumWaitMs = 0;
  if (await isPostgresServer(db)) {
    await db.execute(sql.raw('CHECKPOINT'));
    const waitStart = performance.now();
    for (;;) {
      const workers = rowsOf<{ n: number | string }>(
        await db.execute(sql.raw("select count(*) as n from pg_stat_activity where backend_type = 'autovacuum worker'")),
      );
      if (Number(workers[0]?.n ?? 0) === 0 || performance.now() - waitStart > 120_000) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    autovacuumWaitMs = performance.now() - waitStart;
  }
  const ms = performance.now() - t0;
  onProgress?.(`  VACUUM ANALYZE of every table${autovacuumWaitMs > 1000 ? `, ${(autovacuumWaitMs / 1000).toFixed(1)} s waiting for autovacuum` : ''}: ${(ms / 1000).toFixed(1)} s`);
  return { ms, autovacuumWaitMs };
}

/** The rows of a raw `db.execute` result (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Whether the database is a PostgreSQL server (with autovacuum and checkpoints of its own), not PGlite. */
async function isPostgresServer(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ n: number | string }>(await db.execute(sql.raw("select count(*) as n from pg_stat_activity where backend_type = 'checkpointer'")));
  return Number(row?.n ?? 0) > 0;
}

export async function isSeeded(db: Db, size: SeedSize): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(formInstances).where(eq(formInstances.formId, formId(0)));
  const [all] = await db.select({ n: count() }).from(formInstances);
  return (row?.n ?? 0) > 0 && (all?.n ?? 0) >= size.instances;
}

