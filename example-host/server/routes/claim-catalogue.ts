/**
 * The claim catalogue (name ↔ number per claim type, DESIGN §4) and the row-level permission
 * tables (spec §7).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { Permission, RowLevelPermission, TableClaim } from '../../../src/api/enums';
import type { EntityWithPermissions } from '../../../src/api/types';
import { hasClaim } from '../claims-service';
import { claimTypeNames, claimTypeRecords, ROW_LEVEL_TABLES, type RowLevelTable } from '../catalogue';
import type { Db } from '../db/index';
import { formGroups, formInstances, forms, formSchemas } from '../db/schema';
import { HttpError, type QueryReader } from './http';
import { route } from './registry';

const P = Permission;

/** The `flags` parameter: a combination of 1 (server), 2 (UX) and 4 (table). */
function readFlags(query: QueryReader): number {
  const raw = query.required('flags');
  const flags = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(flags) || flags < 0 || flags > 7) {
    throw new HttpError(400, "The parameter 'flags' must be a combination of 1, 2 and 4.");
  }
  return flags;
}

/**
 * What the caller may do with the rows of a table: All with the table claim (or GlobalDataAdmin),
 * else Read / Update / Delete from the table's server claims, None without any.
 */
function rowLevelPermission(claims: ReadonlySet<number>, table: RowLevelTable): RowLevelPermission {
  if (hasClaim(claims, TableClaim[`${table}_RowLevel`])) return RowLevelPermission.All;
  let flags = 0;
  if (claims.has(P[`${table}_Select`]) || claims.has(P[`${table}_SelectList`])) flags |= RowLevelPermission.Read;
  if (claims.has(P[`${table}_Update`]) || claims.has(P[`${table}_AddUpdate`])) flags |= RowLevelPermission.Update;
  if (claims.has(P[`${table}_Delete`])) flags |= RowLevelPermission.Delete;
  return (flags === 0 ? RowLevelPermission.None : flags) as RowLevelPermission;
}

/** The live rows of a table with a display name, ordered by it. */
async function entitiesOf(db: Db, table: RowLevelTable): Promise<{ recordId: string; displayName: string }[]> {
  switch (table) {
    case 'Form':
      return db
        .select({ recordId: forms.formId, displayName: forms.name })
        .from(forms)
        .where(eq(forms.isDeleted, false))
        .orderBy(sql`lower(${forms.name})`, asc(forms.formId));
    case 'FormGroup':
      return db
        .select({ recordId: formGroups.formGroupId, displayName: formGroups.name })
        .from(formGroups)
        .where(eq(formGroups.isDeleted, false))
        .orderBy(sql`lower(${formGroups.name})`, asc(formGroups.formGroupId));
    case 'FormSchema': {
      const rows = await db
        .select({ recordId: formSchemas.formSchemaId, name: formSchemas.name, version: formSchemas.version })
        .from(formSchemas)
        .where(eq(formSchemas.isDeleted, false))
        .orderBy(sql`lower(${formSchemas.name})`, asc(formSchemas.version), asc(formSchemas.formSchemaId));
      // "Contact Details v1" stays as it is; "Contact Details" becomes "Contact Details v1".
      return rows.map((r) => ({
        recordId: r.recordId,
        displayName: r.name.endsWith(` v${r.version}`) ? r.name : `${r.name} v${r.version}`,
      }));
    }
    case 'FormInstance': {
      const rows = await db
        .select({ recordId: formInstances.formInstanceId, formName: forms.name })
        .from(formInstances)
        .leftJoin(forms, eq(forms.formId, formInstances.formId))
        .where(eq(formInstances.isDeleted, false))
        .orderBy(asc(formInstances.createdDateTime), asc(formInstances.formInstanceId));
      return rows.map((r) => ({
        recordId: r.recordId,
        displayName: `${r.formName ?? 'Form'} #${r.recordId.slice(-4)}`,
      }));
    }
  }
}

export const claimCatalogueRoutes = [
  route({
    method: 'GET',
    path: '/api/Claim/GetClaimEntriesForClaimTypes',
    claim: 'authenticated', // the catalogue every screen resolves claim keys with (DESIGN §4)
    summary: 'Claim names and numbers per claim type (flags: 1 server, 2 UX, 4 table)',
    example: { query: { flags: '7' } },
    handler: ({ c, query }) => c.json(claimTypeRecords(readFlags(query), false)),
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes',
    claim: P.Claim_ReadClaimEntries,
    summary: 'Claim names, numbers and descriptions per claim type (flags: 1 server, 2 UX, 4 table)',
    example: { query: { flags: '7' } },
    handler: ({ c, query }) => c.json(claimTypeRecords(readFlags(query), true)),
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetClaimNamesForClaimTypeNames',
    claim: P.Claim_ReadClaimEntries,
    summary: 'Claim type names and their claim names (flags: 1 server, 2 UX, 4 table)',
    example: { query: { flags: '7' } },
    handler: ({ c, query }) => c.json(claimTypeNames(readFlags(query))),
  }),

  route({
    method: 'GET',
    path: '/api/Claim/ListTablesWithRowLevelPermissions',
    claim: P.Claim_ReadRowLevelPermissions,
    summary: 'The tables that carry row-level permissions',
    handler: ({ c }) => c.json([...ROW_LEVEL_TABLES]),
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetEntitiesWithPermissions',
    claim: P.Claim_ReadRowLevelPermissions,
    summary: "The live rows of a table with the caller's row-level permission on them",
    example: { query: { tableName: 'Form' } },
    handler: async ({ c, auth, services, query }) => {
      const name = query.required('tableName').trim();
      const table = ROW_LEVEL_TABLES.find((t) => t.toLowerCase() === name.toLowerCase());
      if (!table) {
        throw new HttpError(
          400,
          `The parameter 'tableName' must name a table with row-level permissions (${ROW_LEVEL_TABLES.join(', ')}).`,
        );
      }
      const permission = rowLevelPermission(auth.claims, table);
      const rows: EntityWithPermissions[] = (await entitiesOf(services.db, table)).map((e) => ({ ...e, permission }));
      return c.json(rows);
    },
  }),
];
