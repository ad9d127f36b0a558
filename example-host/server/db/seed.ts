/**
 * The one-time seed of an empty database: the application users of the development identity
 * provider's accounts, user groups, the built-in claim groups (roles, shared with the test fake through
 * `src/domain/built-in-claim-groups.ts`), the *No Hard Delete* group of the form editors and a few forms.
 *
 * Seeded rows have fixed ids (`SEED_IDS`) so that tests and demos can name them.
 */
import { count, eq } from 'drizzle-orm';
import {
  ALL_DEFAULT_CLAIMS,
  BUILT_IN_CLAIM_GROUP_DEFINITIONS,
  type BuiltInClaimGroupDefinition,
} from '../../../src/domain/built-in-claim-groups';
import { ClaimTypeFlags, Permission, TableClaim, type ClaimTypeFlag } from '../../../src/api/enums';
import type { FormLayout, JsonObject } from '../../../src/api/types';
import { SEEDED_ACCOUNTS } from '../accounts';
import { showcaseLayout, showcaseSchema } from './seed-showcase';
import type { DbExecutor } from './index';
import {
  applicationUserGroups,
  applicationUsers,
  claimGrantsClaimGroups,
  claimGroupLinksClaimGroups,
  claimGroupLinksUserGroups,
  claimGroupLinksUsers,
  claimGroups,
  formGroups,
  formInstances,
  forms,
  formSchemas,
  memberships,
} from './schema';

/** The migration id that records the seed. */
export const SEED_MIGRATION_ID = 'seed:0001';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

/** Fixed ids of the seeded rows. */
export const SEED_IDS = {
  users: { admin: id(1), editor: id(2), reader: id(3) },
  userGroups: { platformAdministrators: id(11), formEditorsTeam: id(12), readers: id(13) },
  claimGroups: {
    administrators: id(21),
    formEditors: id(22),
    formReaders: id(23),
    userAdministrators: id(24),
    noHardDelete: id(25),
  },
  formGroups: { onboarding: id(101), serviceRequests: id(102) },
  forms: { contactDetails: id(201), equipmentRequest: id(202), householdSurvey: id(203) },
  formSchemas: { contactDetailsV1: id(301), equipmentRequestV1: id(302), householdSurveyV1: id(303) },
  formInstances: { contactDetailsSample: id(401) },
} as const;

/** A built-in claim group (`src/domain/built-in-claim-groups.ts`) with the id this server seeds it with. */
export interface BuiltInClaimGroup extends BuiltInClaimGroupDefinition {
  id: string;
}

const values = (o: Record<string, number>) => Object.values(o);

/** Every claim number of the default numbering. */
export const ALL_CLAIMS: readonly number[] = ALL_DEFAULT_CLAIMS;

/**
 * The built-in claim groups (also what `UpsertBuiltInClaimGroups` restores): the shared definitions
 * (names, claims, nesting — the test fake seeds the same) with this server's fixed ids.
 */
export const BUILT_IN_CLAIM_GROUPS: readonly BuiltInClaimGroup[] = BUILT_IN_CLAIM_GROUP_DEFINITIONS.map((d) => ({
  ...d,
  id: SEED_IDS.claimGroups[d.key],
}));

/**
 * The hard-delete permissions the seeded *No Hard Delete* group denies (priority 10) to the
 * *Form Editors Team*: editors may soft delete forms, groups, instances and schemas, not purge them.
 */
export const NO_HARD_DELETE_CLAIMS: readonly number[] = [
  Permission.Form_Delete,
  Permission.FormGroup_Delete,
  Permission.FormInstance_Delete,
  Permission.FormSchema_Delete,
];

/** Priority of the *No Hard Delete* denies: above the default 1 of the grants they beat. */
export const NO_HARD_DELETE_PRIORITY = 10;

/** The claim type (1 server, 2 UX, 4 table) of a claim number of the default numbering. */
export function claimTypeOfValue(value: number): ClaimTypeFlag {
  if (values(Permission).includes(value)) return ClaimTypeFlags.ServerClaim;
  if (values(TableClaim).includes(value)) return ClaimTypeFlags.TableClaim;
  return ClaimTypeFlags.UXClaim;
}

const contactSchema: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    applicant: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200 },
        email: { type: 'string', format: 'email', maxLength: 320 },
        phone: { type: 'string', maxLength: 40 },
      },
      required: ['name', 'email'],
    },
    preferredContact: { type: 'string', enum: ['email', 'phone'] },
    consent: { type: 'boolean' },
  },
  required: ['applicant'],
};

const contactLayout: FormLayout = {
  pages: [
    {
      id: 'page-contact',
      title: 'Contact details',
      sections: [
        {
          id: 'section-applicant',
          title: 'Applicant',
          fields: [
            { id: 'field-name', path: '/applicant/name', widget: 'text', label: 'Full name' },
            { id: 'field-email', path: '/applicant/email', widget: 'email', label: 'Email' },
            { id: 'field-phone', path: '/applicant/phone', widget: 'text', label: 'Phone' },
            {
              id: 'field-preferred',
              path: '/preferredContact',
              widget: 'radio',
              label: 'Preferred contact',
              options: [
                { value: 'email', label: 'Email' },
                { value: 'phone', label: 'Phone' },
              ],
            },
            { id: 'field-consent', path: '/consent', widget: 'checkbox', label: 'I agree to be contacted' },
          ],
        },
      ],
    },
  ],
};

const equipmentSchema: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    requester: { type: 'string', minLength: 1, maxLength: 200 },
    department: { type: 'string', enum: ['sales', 'engineering', 'operations'] },
    items: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        properties: {
          description: { type: 'string', minLength: 1, maxLength: 500 },
          quantity: { type: 'integer', minimum: 1, maximum: 100 },
        },
        required: ['description', 'quantity'],
      },
    },
  },
  required: ['requester', 'items'],
};

const equipmentLayout: FormLayout = {
  pages: [
    {
      id: 'page-request',
      title: 'Request',
      sections: [
        {
          id: 'section-requester',
          title: 'Requester',
          fields: [
            { id: 'field-requester', path: '/requester', widget: 'text', label: 'Your name' },
            {
              id: 'field-department',
              path: '/department',
              widget: 'select',
              label: 'Department',
              options: [
                { value: 'sales', label: 'Sales' },
                { value: 'engineering', label: 'Engineering' },
                { value: 'operations', label: 'Operations' },
              ],
            },
          ],
        },
        {
          id: 'section-items',
          title: 'Items',
          repeatable: { path: '/items', minItems: 1, maxItems: 20, addLabel: 'Add item' },
          fields: [
            { id: 'field-item-description', path: '/description', widget: 'text', label: 'Description' },
            { id: 'field-item-quantity', path: '/quantity', widget: 'number', label: 'Quantity' },
          ],
        },
      ],
    },
  ],
};

/** The seeded schemas' JSON Schema and layout (tests check that saving would accept them). */
export const SEED_SCHEMA_CONTENTS: readonly { jsonSchema: JsonObject; layout: FormLayout }[] = [
  { jsonSchema: contactSchema, layout: contactLayout },
  { jsonSchema: equipmentSchema, layout: equipmentLayout },
  { jsonSchema: showcaseSchema, layout: showcaseLayout },
];

/** Inserts the built-in claim groups that do not exist yet (by name), with their claims and sub-groups. */
export async function insertBuiltInClaimGroups(tx: DbExecutor): Promise<void> {
  const existing = new Map((await tx.select().from(claimGroups)).map((g) => [g.name, g.id]));
  const idsByName = new Map<string, string>(existing);
  for (const group of BUILT_IN_CLAIM_GROUPS) {
    if (existing.has(group.name)) continue;
    await tx.insert(claimGroups).values({ id: group.id, name: group.name, builtInGroup: true });
    idsByName.set(group.name, group.id);
    if (group.claims.length > 0) {
      await tx.insert(claimGrantsClaimGroups).values(
        group.claims.map((claimValue) => ({
          id: crypto.randomUUID(),
          holderId: group.id,
          claimType: claimTypeOfValue(claimValue),
          claimValue,
          priorityOfPermission: 1,
          allow: true,
        })),
      );
    }
  }
  for (const group of BUILT_IN_CLAIM_GROUPS) {
    if (existing.has(group.name)) continue;
    for (const subName of group.subGroups) {
      const subId = idsByName.get(subName);
      if (!subId) continue;
      await tx
        .insert(claimGroupLinksClaimGroups)
        .values({ id: crypto.randomUUID(), holderId: group.id, claimGroupId: subId, priorityOfPermission: 1 })
        .onConflictDoNothing();
    }
  }
}

/** Whether the database holds no users and no claim groups. */
export async function isEmptyDatabase(tx: DbExecutor): Promise<boolean> {
  const [users] = await tx.select({ n: count() }).from(applicationUsers);
  const [groups] = await tx.select({ n: count() }).from(claimGroups);
  return (users?.n ?? 0) === 0 && (groups?.n ?? 0) === 0;
}

/** Seeds an empty database. Callers run it once (see `runMigrations`). */
export async function seedDatabase(tx: DbExecutor): Promise<void> {
  await tx.insert(applicationUsers).values(
    SEEDED_ACCOUNTS.map((a) => ({
      id: SEED_IDS.users[a.sub as keyof typeof SEED_IDS.users],
      oidcId: a.sub,
      name: a.displayName,
      userName: a.username,
      email: a.email,
    })),
  );
  await insertBuiltInClaimGroups(tx);

  const g = SEED_IDS.userGroups;
  await tx.insert(applicationUserGroups).values([
    { id: g.platformAdministrators, name: 'Platform Administrators' },
    { id: g.formEditorsTeam, name: 'Form Editors Team' },
    { id: g.readers, name: 'Readers' },
  ]);
  await tx.insert(memberships).values([
    {
      id: crypto.randomUUID(),
      applicationUserId: SEED_IDS.users.admin,
      applicationUserGroupId: g.platformAdministrators,
    },
    { id: crypto.randomUUID(), applicationUserId: SEED_IDS.users.editor, applicationUserGroupId: g.formEditorsTeam },
    { id: crypto.randomUUID(), applicationUserId: SEED_IDS.users.reader, applicationUserGroupId: g.readers },
  ]);
  const cg = SEED_IDS.claimGroups;
  // Not built in: a deny at a higher priority beats the Form Editors' grants (docs/decisions.md, Effective claims).
  await tx.insert(claimGroups).values({ id: cg.noHardDelete, name: 'No Hard Delete', builtInGroup: false });
  await tx.insert(claimGrantsClaimGroups).values(
    NO_HARD_DELETE_CLAIMS.map((claimValue) => ({
      id: crypto.randomUUID(),
      holderId: cg.noHardDelete,
      claimType: claimTypeOfValue(claimValue),
      claimValue,
      priorityOfPermission: NO_HARD_DELETE_PRIORITY,
      allow: false,
    })),
  );
  await tx.insert(claimGroupLinksUserGroups).values([
    { id: crypto.randomUUID(), holderId: g.platformAdministrators, claimGroupId: cg.administrators },
    { id: crypto.randomUUID(), holderId: g.formEditorsTeam, claimGroupId: cg.formEditors },
    { id: crypto.randomUUID(), holderId: g.formEditorsTeam, claimGroupId: cg.noHardDelete },
    { id: crypto.randomUUID(), holderId: g.readers, claimGroupId: cg.formReaders },
  ]);
  // The administrator also holds the role directly, so both paths are exercised.
  await tx
    .insert(claimGroupLinksUsers)
    .values({ id: crypto.randomUUID(), holderId: SEED_IDS.users.admin, claimGroupId: cg.administrators });

  await tx.insert(formGroups).values([
    { formGroupId: SEED_IDS.formGroups.onboarding, name: 'Onboarding', description: 'Forms for new customers' },
    {
      formGroupId: SEED_IDS.formGroups.serviceRequests,
      name: 'Service Requests',
      description: 'Internal requests for equipment and services',
    },
  ]);
  await tx.insert(forms).values([
    {
      formId: SEED_IDS.forms.contactDetails,
      name: 'Contact Details',
      description: 'How to reach a new customer',
      formGroupId: SEED_IDS.formGroups.onboarding,
    },
    {
      formId: SEED_IDS.forms.equipmentRequest,
      name: 'Equipment Request',
      description: 'Request equipment for your team',
      formGroupId: SEED_IDS.formGroups.serviceRequests,
    },
    {
      formId: SEED_IDS.forms.householdSurvey,
      name: 'Household Survey',
      description: 'Public survey with every kind of field, long labels and five pages',
      formGroupId: SEED_IDS.formGroups.serviceRequests,
    },
  ]);
  await tx.insert(formSchemas).values([
    {
      formSchemaId: SEED_IDS.formSchemas.contactDetailsV1,
      formId: SEED_IDS.forms.contactDetails,
      name: 'Contact Details v1',
      version: 1,
      jsonSchema: contactSchema,
      layout: contactLayout,
      isPublic: true,
    },
    {
      formSchemaId: SEED_IDS.formSchemas.equipmentRequestV1,
      formId: SEED_IDS.forms.equipmentRequest,
      name: 'Equipment Request v1',
      version: 1,
      jsonSchema: equipmentSchema,
      layout: equipmentLayout,
      isPublic: false,
    },
    {
      formSchemaId: SEED_IDS.formSchemas.householdSurveyV1,
      formId: SEED_IDS.forms.householdSurvey,
      name: 'Household Survey v1',
      version: 1,
      jsonSchema: showcaseSchema,
      layout: showcaseLayout,
      isPublic: true,
    },
  ]);
  for (const [formId, schemaId] of [
    [SEED_IDS.forms.contactDetails, SEED_IDS.formSchemas.contactDetailsV1],
    [SEED_IDS.forms.equipmentRequest, SEED_IDS.formSchemas.equipmentRequestV1],
    [SEED_IDS.forms.householdSurvey, SEED_IDS.formSchemas.householdSurveyV1],
  ] as const) {
    await tx.update(forms).set({ currentFormSchemaId: schemaId }).where(eq(forms.formId, formId));
  }
  await tx.insert(formInstances).values({
    formInstanceId: SEED_IDS.formInstances.contactDetailsSample,
    formSchemaId: SEED_IDS.formSchemas.contactDetailsV1,
    formId: SEED_IDS.forms.contactDetails,
    data: {
      applicant: { name: 'Grace Hopper', email: 'grace@example.com', phone: '+1 555 0100' },
      preferredContact: 'email',
      consent: true,
    },
    status: 2,
    createdBy: SEED_IDS.users.editor,
  });
}

/**
 * The `afterMigrations` step of `runMigrations`: seeds an empty database the first time and
 * answers the id to record, so that it never runs again (even if every row is later deleted).
 */
export async function seedOnce(tx: DbExecutor, applied: ReadonlySet<string>): Promise<string[]> {
  if (applied.has(SEED_MIGRATION_ID)) return [];
  if (await isEmptyDatabase(tx)) await seedDatabase(tx);
  return [SEED_MIGRATION_ID];
}
