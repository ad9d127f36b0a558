/**
 * Storage of the forms entities on the reference server: rows in the contract's shapes (only the
 * contract's properties; `row_version` is the ETag), row locks for writes, and public link tokens
 * (only their SHA-256 is stored). What a body may say and who may change what are the domain's
 * rules (src/domain/forms), the ones the test fake applies.
 */
import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { CrudEntityName, Form, FormInstance, FormSchema } from '../../../src/api/types';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isUuid } from '../../../src/domain';
import { LINK_TOKEN_LIFETIME_MS, type FormLinkMode, type StoredFormLink } from '../../../src/domain/forms';
import type { FormLinks, FormsRow, FormsStorage, FormsStore, Versioned } from '../../../src/service/forms-ports';
import type { InstancePorts } from '../../../src/service/forms-instances';
import type { Db } from '../db/index';
import { drizzleStatusHistory } from './status-history';
import { formGroups, formInstances, formLinkTokens, forms, formSchemas } from '../db/schema';
import { FORMS_COLUMNS } from '../odata/forms';

export type { Versioned };

/** The contract's columns of each entity (the OData model's), plus `rowVersion`. */
export const COLUMNS = {
  form: { ...FORMS_COLUMNS.Form, rowVersion: forms.rowVersion },
  formgroup: { ...FORMS_COLUMNS.FormGroup, rowVersion: formGroups.rowVersion },
  formschema: { ...FORMS_COLUMNS.FormSchema, rowVersion: formSchemas.rowVersion },
  forminstance: { ...FORMS_COLUMNS.FormInstance, rowVersion: formInstances.rowVersion },
} as const;

const TABLES: { readonly [K in CrudEntityName]: { table: PgTable; key: PgColumn } } = {
  form: { table: forms, key: forms.formId },
  formgroup: { table: formGroups, key: formGroups.formGroupId },
  formschema: { table: formSchemas, key: formSchemas.formSchemaId },
  forminstance: { table: formInstances, key: formInstances.formInstanceId },
} as const;

/**
 * A row by id (undefined for a missing or non-UUID id); `lock` reads it `FOR UPDATE`, so concurrent
 * writes of one row go one after the other.
 */
async function findRow<T>(db: Db, entity: CrudEntityName, id: string, lock: boolean): Promise<Versioned<T> | undefined> {
  if (!isUuid(id)) return undefined;
  const { table, key } = TABLES[entity];
  const query = db.select(COLUMNS[entity]).from(table as PgTable).where(eq(key, id.toLowerCase())).$dynamic();
  const [found] = (await (lock ? query.for('update') : query)) as (Record<string, unknown> & { rowVersion: number })[];
  if (!found) return undefined;
  const { rowVersion, ...row } = found;
  return { row: row as T, version: rowVersion };
}

/** A form by id. */
export const findForm = (db: Db, id: string, lock = false) => findRow<Form>(db, 'form', id, lock);
/** A form schema by id. */
export const findFormSchema = (db: Db, id: string, lock = false) => findRow<FormSchema>(db, 'formschema', id, lock);
/** A form instance by id. */
export const findFormInstance = (db: Db, id: string, lock = false) => findRow<FormInstance>(db, 'forminstance', id, lock);

/**
 * The forms use cases' store (src/service/forms-ports.ts) over `db`, a transaction or the pool. What a row owns goes
 * with it by the tables' foreign keys (and the PDF template's trigger); `row_version` is the row's version.
 */
function drizzleFormsStore(db: Db): FormsStore {
  return {
    find: <K extends CrudEntityName>(entity: K, id: string, lock = false) => findRow<FormsRow<K>>(db, entity, id, lock),
    async newestSchema(formId) {
      const { formSchemaId, version } = formSchemas;
      const [found] = await db.select({ formSchemaId, version }).from(formSchemas).where(eq(formSchemas.formId, formId)).orderBy(desc(version)).limit(1);
      return found;
    },
    async schemaUsed(formSchemaId) {
      const [found] = await db.select({ one: sql<number>`1` }).from(formInstances).where(eq(formInstances.formSchemaId, formSchemaId)).limit(1);
      return found !== undefined;
    },
    async insert(entity, row, createdBy) {
      await db.insert(TABLES[entity].table).values((entity === 'forminstance' ? { ...row, createdBy } : row) as never);
    },
    async update(entity, id, values, version) {
      const { table, key } = TABLES[entity];
      await db.update(table).set({ ...values, rowVersion: version } as never).where(eq(key, id));
    },
    async updateWhere(entity, column, value, values) {
      const { table } = TABLES[entity];
      await db.update(table).set(values as never).where(eq(getTableColumns(table)[column]!, value));
    },
    async remove(entity, id) {
      const { table, key } = TABLES[entity];
      await db.delete(table).where(eq(key, id));
    },
    ...drizzleStatusHistory(db),
  };
}

/** The forms use cases' storage over the server's database: each transaction is one of `db`. */
export function drizzleFormsStorage(db: Db): FormsStorage {
  return { ...drizzleFormsStore(db), transaction: (work) => db.transaction((tx) => work(drizzleFormsStore(tx))) };
}

/** The server's public links: link tokens stored hashed ({@link issueLinkToken}). */
export const serverFormLinks = (db: Db): FormLinks => ({ issue: (instance, mode) => issueLinkToken(db, instance.formInstanceId, mode) });

/** The instance calls' ports (src/service/forms-instances.ts) over the server's database: the system clock, random UUIDs. */
export function serverInstancePorts(db: Db): InstancePorts {
  return { storage: drizzleFormsStorage(db), clock: { now: () => new Date() }, ids: { newId: () => crypto.randomUUID() } };
}

// ---------------------------------------------------------------- link tokens

/** The stored form of a token: its SHA-256, hex. */
export const hashLinkToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A new link token for an instance: 256 random bits, base64url (no dots, so it is never taken for a
 * JWT), stored hashed with its mode and an expiry {@link LINK_TOKEN_LIFETIME_MS} from now.
 */
export async function issueLinkToken(db: Db, formInstanceId: string, mode: FormLinkMode, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(formLinkTokens).values({
    tokenHash: hashLinkToken(token),
    formInstanceId,
    mode,
    expiresAt: new Date(now.getTime() + LINK_TOKEN_LIFETIME_MS),
  });
  return token;
}

/** The stored link a token names, with its instance's ids and what is soft-deleted (what it grants is the domain's rule). */
export async function findLinkToken(db: Db, token: string): Promise<StoredFormLink | null> {
  const [found] = await db
    .select({
      formInstanceId: formLinkTokens.formInstanceId,
      mode: formLinkTokens.mode,
      expiresAt: formLinkTokens.expiresAt,
      formSchemaId: formInstances.formSchemaId,
      instance: formInstances.isDeleted,
      schema: formSchemas.isDeleted,
      form: forms.isDeleted,
    })
    .from(formLinkTokens)
    .innerJoin(formInstances, eq(formInstances.formInstanceId, formLinkTokens.formInstanceId))
    .innerJoin(formSchemas, eq(formSchemas.formSchemaId, formInstances.formSchemaId))
    .innerJoin(forms, eq(forms.formId, formInstances.formId))
    .where(eq(formLinkTokens.tokenHash, hashLinkToken(token)));
  if (!found) return null;
  const { instance, schema, form, ...link } = found;
  return { ...link, deleted: { instance, schema, form } };
}
