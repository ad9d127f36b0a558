/**
 * The claim catalogue (name ↔ number per claim type, docs/decisions.md, Claim catalogue) and the row-level permission
 * tables (docs/spec.md, Calls).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { EntityWithPermissions } from '../../../src/api/types';
import {
  claimTypeNames,
  claimTypeRecords,
  formInstanceDisplayName,
  formSchemaDisplayName,
  parseClaimTypeFlags,
  parseRowLevelTable,
  ROW_LEVEL_TABLES,
  rowLevelPermission,
  type RowLevelTable,
} from '../../../src/domain';
import type { Db } from '../db/index';
import { formGroups, formInstances, forms, formSchemas } from '../db/schema';
import type { QueryReader } from './http';
import { route } from './registry';

/** The `flags` parameter: a combination of 1 (server), 2 (UX) and 4 (table). */
const readFlags = (query: QueryReader): number => parseClaimTypeFlags(query.required('flags'));

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
      return rows.map((r) => ({ recordId: r.recordId, displayName: formSchemaDisplayName(r.name, r.version) }));
    }
    case 'FormInstance': {
      const rows = await db
        .select({ recordId: formInstances.formInstanceId, formName: forms.name })
        .from(formInstances)
        .leftJoin(forms, eq(forms.formId, formInstances.formId))
        .where(eq(formInstances.isDeleted, false))
        .orderBy(asc(formInstances.createdDateTime), asc(formInstances.formInstanceId));
      return rows.map((r) => ({ recordId: r.recordId, displayName: formInstanceDisplayName(r.formName, r.recordId) }));
    }
  }
}

export const claimCatalogueRoutes = [
  route({
    method: 'GET',
    path: '/api/Claim/GetClaimEntriesForClaimTypes',
    summary: 'Claim names and numbers per claim type (flags: 1 server, 2 UX, 4 table)',
    example: { query: { flags: '7' } },
    handler: ({ c, query }) => c.json(claimTypeRecords(readFlags(query), false)),
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes',
    summary: 'Claim names, numbers and descriptions per claim type (flags: 1 server, 2 UX, 4 table)',
    example: { query: { flags: '7' } },
    handler: ({ c, query }) => c.json(claimTypeRecords(readFlags(query), true)),
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetClaimNamesForClaimTypeNames',
    summary: 'Claim type names and their claim names (flags: 1 server, 2 UX, 4 table)',
    example: { query: { flags: '7' } },
    handler: ({ c, query }) => c.json(claimTypeNames(readFlags(query))),
  }),

  route({
    method: 'GET',
    path: '/api/Claim/ListTablesWithRowLevelPermissions',
    summary: 'The tables that carry row-level permissions',
    handler: ({ c }) => c.json([...ROW_LEVEL_TABLES]),
  }),

  route({
    method: 'GET',
    path: '/api/Claim/GetEntitiesWithPermissions',
    summary: "The live rows of a table with the caller's row-level permission on them",
    example: { query: { tableName: 'Form' } },
    handler: async ({ c, auth, services, query }) => {
      const table = parseRowLevelTable(query.required('tableName'));
      const permission = rowLevelPermission(auth.claims, table);
      const rows: EntityWithPermissions[] = (await entitiesOf(services.db, table)).map((e) => ({ ...e, permission }));
      return c.json(rows);
    },
  }),
];
