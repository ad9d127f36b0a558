/**
 * Storage of the forms entities on the reference server: rows in the contract's shapes (only the
 * contract's properties; `row_version` is the ETag), row locks for writes, and public link tokens
 * (only their SHA-256 is stored). What a body may say and who may change what are the domain's
 * rules (src/domain/forms), the ones the test fake applies.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { CrudEntityName, Form, FormGroup, FormInstance, FormSchema } from '../../../src/api/types';
import type { PgTable } from 'drizzle-orm/pg-core';
import { isUuid } from '../../../src/domain';
import { allLive, LINK_TOKEN_LIFETIME_MS, type FormLinkGrant, type FormLinkMode } from '../../../src/domain/forms';
import type { Db } from '../db/index';
import { formGroups, formInstances, formLinkTokens, forms, formSchemas } from '../db/schema';
import { FORMS_COLUMNS } from '../odata/forms';

/** A row with its version (the `ETag` of its answers, `If-Match` of its patches). */
export interface Versioned<T> {
  row: T;
  version: number;
}

/** The contract's columns of each entity (the OData model's), plus `rowVersion`. */
export const COLUMNS = {
  form: { ...FORMS_COLUMNS.Form, rowVersion: forms.rowVersion },
  formgroup: { ...FORMS_COLUMNS.FormGroup, rowVersion: formGroups.rowVersion },
  formschema: { ...FORMS_COLUMNS.FormSchema, rowVersion: formSchemas.rowVersion },
  forminstance: { ...FORMS_COLUMNS.FormInstance, rowVersion: formInstances.rowVersion },
} as const;

const TABLES = {
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
/** A form group by id. */
export const findFormGroup = (db: Db, id: string, lock = false) => findRow<FormGroup>(db, 'formgroup', id, lock);
/** A form schema by id. */
export const findFormSchema = (db: Db, id: string, lock = false) => findRow<FormSchema>(db, 'formschema', id, lock);
/** A form instance by id. */
export const findFormInstance = (db: Db, id: string, lock = false) => findRow<FormInstance>(db, 'forminstance', id, lock);

/** The newest version number of a form's schemas (0 for none). */
export async function latestSchemaVersion(db: Db, formId: string): Promise<number> {
  const [found] = await db
    .select({ version: formSchemas.version })
    .from(formSchemas)
    .where(eq(formSchemas.formId, formId))
    .orderBy(desc(formSchemas.version))
    .limit(1);
  return found?.version ?? 0;
}

/** Whether any instance uses a schema version. */
export async function schemaUsed(db: Db, formSchemaId: string): Promise<boolean> {
  const [found] = await db
    .select({ one: sql<number>`1` })
    .from(formInstances)
    .where(eq(formInstances.formSchemaId, formSchemaId))
    .limit(1);
  return found !== undefined;
}

/** After a schema is deleted: its form's current schema becomes the newest one left (or none). */
export async function repointCurrentSchema(db: Db, formId: string, deletedSchemaId: string): Promise<void> {
  const [form] = await db.select({ current: forms.currentFormSchemaId }).from(forms).where(eq(forms.formId, formId));
  if (!form || form.current !== deletedSchemaId) return;
  const [newest] = await db
    .select({ id: formSchemas.formSchemaId })
    .from(formSchemas)
    .where(eq(formSchemas.formId, formId))
    .orderBy(desc(formSchemas.version))
    .limit(1);
  await db.update(forms).set({ currentFormSchemaId: newest?.id ?? null }).where(eq(forms.formId, formId));
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

/**
 * What a live token grants, or null (unknown, altered or expired, or its instance, schema or form soft-deleted: a
 * soft-deleted row is invisible to link holders).
 */
export async function resolveLinkToken(db: Db, token: string): Promise<FormLinkGrant | null> {
  if (token.length > 200) return null;
  const [found] = await db
    .select({
      formInstanceId: formLinkTokens.formInstanceId,
      mode: formLinkTokens.mode,
      formSchemaId: formInstances.formSchemaId,
      instanceDeleted: formInstances.isDeleted,
      schemaDeleted: formSchemas.isDeleted,
      formDeleted: forms.isDeleted,
    })
    .from(formLinkTokens)
    .innerJoin(formInstances, eq(formInstances.formInstanceId, formLinkTokens.formInstanceId))
    .innerJoin(formSchemas, eq(formSchemas.formSchemaId, formInstances.formSchemaId))
    .innerJoin(forms, eq(forms.formId, formInstances.formId))
    .where(and(eq(formLinkTokens.tokenHash, hashLinkToken(token)), gt(formLinkTokens.expiresAt, sql`now()`)));
  if (!found || (found.mode !== 'edit' && found.mode !== 'view')) return null;
  const live = allLive({ isDeleted: found.instanceDeleted }, { isDeleted: found.schemaDeleted }, { isDeleted: found.formDeleted });
  if (!live) return null;
  return { formInstanceId: found.formInstanceId, formSchemaId: found.formSchemaId, mode: found.mode };
}
