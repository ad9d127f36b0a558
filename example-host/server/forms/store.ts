/**
 * Storage of the forms entities on the reference server: rows in the contract's shapes (only the
 * contract's properties; `row_version` is the ETag), row locks for writes, and public link tokens
 * (only their SHA-256 is stored). What a body may say and who may change what are the domain's
 * rules (src/domain/forms), the ones the test fake applies.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Form, FormGroup, FormInstance, FormSchema } from '../../../src/api/types';
import type { FormInstanceStatus } from '../../../src/api/enums';
import { isUuid } from '../../../src/domain';
import { LINK_TOKEN_LIFETIME_MS, type FormLinkGrant, type FormLinkMode } from '../../../src/domain/forms';
import type { Db } from '../db/index';
import { formGroups, formInstances, formLinkTokens, forms, formSchemas } from '../db/schema';

/** A row with its version (the `ETag` of its answers, `If-Match` of its patches). */
export interface Versioned<T> {
  row: T;
  version: number;
}

const audit = (t: typeof forms | typeof formGroups | typeof formSchemas | typeof formInstances) => ({
  isDeleted: t.isDeleted,
  createdDateTime: t.createdDateTime,
  lastUpdatedDateTime: t.lastUpdatedDateTime,
});

/** The contract's columns of each entity, plus `rowVersion`. */
export const COLUMNS = {
  form: {
    formId: forms.formId,
    name: forms.name,
    description: forms.description,
    formGroupId: forms.formGroupId,
    currentFormSchemaId: forms.currentFormSchemaId,
    pdfTemplate: forms.pdfTemplate,
    ...audit(forms),
    rowVersion: forms.rowVersion,
  },
  formgroup: {
    formGroupId: formGroups.formGroupId,
    name: formGroups.name,
    description: formGroups.description,
    ...audit(formGroups),
    rowVersion: formGroups.rowVersion,
  },
  formschema: {
    formSchemaId: formSchemas.formSchemaId,
    formId: formSchemas.formId,
    name: formSchemas.name,
    version: formSchemas.version,
    jsonSchema: formSchemas.jsonSchema,
    layout: formSchemas.layout,
    isPublic: formSchemas.isPublic,
    ...audit(formSchemas),
    rowVersion: formSchemas.rowVersion,
  },
  forminstance: {
    formInstanceId: formInstances.formInstanceId,
    formSchemaId: formInstances.formSchemaId,
    formId: formInstances.formId,
    data: formInstances.data,
    status: formInstances.status,
    envelopeId: formInstances.envelopeId,
    envelopeStatus: formInstances.envelopeStatus,
    ...audit(formInstances),
    rowVersion: formInstances.rowVersion,
  },
} as const;

function versioned<T>(found: (Record<string, unknown> & { rowVersion: number }) | undefined): Versioned<T> | undefined {
  if (!found) return undefined;
  const { rowVersion, ...row } = found;
  return { row: row as T, version: rowVersion };
}

/** `FOR UPDATE` when a write reads the row it changes (so concurrent saves of one row go one after the other). */
const lockFor = <Q extends { for(strength: 'update'): Q }>(query: Q, lock: boolean): Q => (lock ? query.for('update') : query);

/** A form by id (undefined for a missing or non-UUID id). */
export async function findForm(db: Db, id: string, lock = false): Promise<Versioned<Form> | undefined> {
  if (!isUuid(id)) return undefined;
  const [found] = await lockFor(db.select(COLUMNS.form).from(forms).where(eq(forms.formId, id.toLowerCase())).$dynamic(), lock);
  return versioned<Form>(found as never);
}

/** A form group by id. */
export async function findFormGroup(db: Db, id: string, lock = false): Promise<Versioned<FormGroup> | undefined> {
  if (!isUuid(id)) return undefined;
  const [found] = await lockFor(db.select(COLUMNS.formgroup).from(formGroups).where(eq(formGroups.formGroupId, id.toLowerCase())).$dynamic(), lock);
  return versioned<FormGroup>(found as never);
}

/** A form schema by id. */
export async function findFormSchema(db: Db, id: string, lock = false): Promise<Versioned<FormSchema> | undefined> {
  if (!isUuid(id)) return undefined;
  const [found] = await lockFor(db.select(COLUMNS.formschema).from(formSchemas).where(eq(formSchemas.formSchemaId, id.toLowerCase())).$dynamic(), lock);
  return versioned<FormSchema>(found as never);
}

/** A form instance by id. */
export async function findFormInstance(db: Db, id: string, lock = false): Promise<Versioned<FormInstance> | undefined> {
  if (!isUuid(id)) return undefined;
  const [found] = await lockFor(
    db.select(COLUMNS.forminstance).from(formInstances).where(eq(formInstances.formInstanceId, id.toLowerCase())).$dynamic(),
    lock,
  );
  return versioned<FormInstance & { status: FormInstanceStatus }>(found as never);
}

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

/** What a live token grants, or null (unknown, altered or expired). */
export async function resolveLinkToken(db: Db, token: string): Promise<FormLinkGrant | null> {
  if (token.length > 200) return null;
  const [found] = await db
    .select({ formInstanceId: formLinkTokens.formInstanceId, mode: formLinkTokens.mode, formSchemaId: formInstances.formSchemaId })
    .from(formLinkTokens)
    .innerJoin(formInstances, eq(formInstances.formInstanceId, formLinkTokens.formInstanceId))
    .where(and(eq(formLinkTokens.tokenHash, hashLinkToken(token)), gt(formLinkTokens.expiresAt, sql`now()`)));
  if (!found || (found.mode !== 'edit' && found.mode !== 'view')) return null;
  return { formInstanceId: found.formInstanceId, formSchemaId: found.formSchemaId, mode: found.mode };
}
