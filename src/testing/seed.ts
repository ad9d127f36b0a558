/**
 * Seed data of the fake backend: deterministic ids and dates, so tests can name rows.
 *
 * The built-in claim groups (Administrators, Form Readers, Form Editors ⊃ Form Readers, User
 * Administrators) are the shared definitions of `src/domain/built-in-claim-groups.ts`, the same the
 * reference server seeds; so are the three users it seeds (admin, editor, reader), who hold the same
 * effective claims here as there (the contract suite compares them).
 *
 * Users (oidcId in brackets) and what they effectively hold:
 * - Ada Admin [admin]: every claim (built-in Administrators, directly and through Platform Team).
 * - Eddie Editor [editor]: Form Editors + nested Form Readers, minus the hard deletes
 *   (`Form_Delete`, `FormGroup_Delete`, `FormInstance_Delete`, `FormSchema_Delete`: No Hard Delete
 *   denies them at priority 10).
 * - Rita Reader [reader]: Form Readers only (through Readers): no admin area, no menus, no buttons.
 * - Sam Signer [signer]: as Eddie, plus Signers and FormInstance_Update of his own.
 * - Aisha Auditor [auditor]: Form Readers + Signing_DownloadDocument (through Reviewers), plus
 *   read-only administration claims, minus ViewSubmissions_AllowRead (a deny of her own at priority 5).
 * - Dan Disabled [disabled]: disabled account, member of Reviewers.
 * - Nora Newcomer [newcomer]: no claim at all.
 */
import type { JsonObject } from '../api/types';
import { BUILT_IN_CLAIM_GROUP_DEFINITIONS, builtInClaimGroupDefinition } from '../domain/built-in-claim-groups';
import { ButtonClaim, MenuClaim, Permission, DEFAULT_PRIORITY_OF_PERMISSION } from '../api/enums';
import { catalogueClaim, grantItems, type HistoryEntry } from '../domain';
import {
  createEmptyDb,
  type ExternalUser,
  type FakeDb,
  type HolderKind,
  type StoredClaimGrant,
  type StoredClaimGroup,
  type StoredClaimGroupLink,
  type StoredMembership,
  type StoredUser,
  type StoredUserGroup,
} from './db';
import {
  SEED_PRIMITIVE_PATHS,
  seedEnvelopes,
  seedExampleApplication,
  seedFormGroups,
  seedFormInstances,
  seedForms,
  seedFormSchemas,
  seedPdfs,
} from './seed-forms';
import { seedDate, seedIds, seedOidcIds, seedRowId } from './seed-ids';
import { seedStatusChanges } from './status-history';

export { seedIds, seedOidcIds, seedDate, SEED_EPOCH } from './seed-ids';
export { SEED_PRIMITIVE_PATHS } from './seed-forms';

/**
 * A built-in claim group that `UpsertBuiltInClaimGroups` creates (and resets when overriding): the
 * shared definition (`src/domain/built-in-claim-groups.ts`) with the fake's seeded id.
 */
export interface BuiltInClaimGroup {
  id: string;
  name: string;
  /** Claim values granted (allow, default priority). */
  claims: readonly number[];
  /** Names of the built-in groups nested in this one. */
  subGroups: readonly string[];
}

/** The built-in claim groups, in the order `UpsertBuiltInClaimGroups` answers them (the reference server's). */
export function builtInClaimGroups(): BuiltInClaimGroup[] {
  return BUILT_IN_CLAIM_GROUP_DEFINITIONS.map((d) => ({
    id: seedIds.claimGroups[d.key],
    name: d.name,
    claims: d.claims,
    subGroups: d.subGroups,
  }));
}

const P = Permission;
const CRUD_ENTITIES = ['Form', 'FormGroup', 'FormInstance', 'FormSchema'] as const;
const perm = (key: string): number => {
  const value = (P as Readonly<Record<string, number>>)[key];
  if (value === undefined) throw new Error(`Unknown permission ${key}`);
  return value;
};

/** Claims of Form Readers (built in): reading only; no admin area, no menus (as the reference server's seed). */
const READER_CLAIMS: readonly number[] = builtInClaimGroupDefinition('formReaders').claims;

/** Claims of Form Editors (built in, on top of the nested Form Readers). */
const EDITOR_CLAIMS: readonly number[] = builtInClaimGroupDefinition('formEditors').claims;

/** Claims of User Administrators (built in). */
const USER_ADMINISTRATOR_CLAIMS: readonly number[] = builtInClaimGroupDefinition('userAdministrators').claims;

/** Claims of Signers. */
const SIGNER_CLAIMS: number[] = [
  ...['Add', 'AddUpdate', 'Delete', 'MarkDeleted', 'Select', 'SelectList', 'Update'].map((a) => perm(`FormSigner_${a}`)),
  P.Signing_RequestSignature,
  P.Signing_DownloadDocument,
  MenuClaim.Signing_AllowRead,
];

/** Claims denied by No Hard Delete. */
const HARD_DELETE_CLAIMS: number[] = CRUD_ENTITIES.map((e) => perm(`${e}_Delete`));

/** Read-only administration claims of Aisha Auditor. */
const AUDITOR_CLAIMS: number[] = [
  P.Claim_ReadClaimEntries,
  P.Claim_ReadClaimGroups,
  P.Claim_ReadUsers,
  P.Claim_ReadUserGroups,
  P.Claim_ReadRowLevelPermissions,
  MenuClaim.RoleManagement_AllowRead,
  MenuClaim.UserRoleManagement_AllowRead,
];

function seedUsers(): StoredUser[] {
  const u = seedIds.users;
  const o = seedOidcIds;
  const user = (
    id: string,
    oidcId: string,
    name: string,
    days: number,
    extra: Partial<StoredUser> = {},
  ): StoredUser => {
    const [first = name, last = ''] = name.toLowerCase().split(' ');
    return {
      id,
      oidcId,
      name,
      userName: oidcId,
      email: `${first}.${last}@example.com`,
      phoneNumber: null,
      isEnabled: true,
      failedLoginAttempts: 0,
      isDeleted: false,
      createdDateTime: seedDate(days),
      lastUpdatedDateTime: seedDate(days),
      ...extra,
    };
  };
  return [
    user(u.admin, o.admin, 'Ada Admin', 0, { phoneNumber: '+1 555 0101' }),
    user(u.editor, o.editor, 'Eddie Editor', 0),
    user(u.reader, o.reader, 'Rita Reader', 1),
    user(u.signer, o.signer, 'Sam Signer', 1, { phoneNumber: '+1 555 0104' }),
    user(u.auditor, o.auditor, 'Aisha Auditor', 2),
    user(u.disabled, o.disabled, 'Dan Disabled', 2, { isEnabled: false, failedLoginAttempts: 5, lastUpdatedDateTime: seedDate(20) }),
    user(u.newcomer, o.newcomer, 'Nora Newcomer', 14),
  ];
}

function seedUserGroups(): StoredUserGroup[] {
  const g = seedIds.userGroups;
  const group = (id: string, name: string, days: number): StoredUserGroup => ({
    id,
    name,
    isDeleted: false,
    createdDateTime: seedDate(days),
    lastUpdatedDateTime: seedDate(days),
  });
  return [
    group(g.platformTeam, 'Platform Team', 0),
    group(g.formAuthors, 'Form Authors', 0),
    group(g.reviewers, 'Reviewers', 1),
    group(g.readers, 'Readers', 1),
  ];
}

function seedMemberships(): StoredMembership[] {
  const u = seedIds.users;
  const g = seedIds.userGroups;
  const pairs: [string, string][] = [
    [u.admin, g.platformTeam],
    [u.editor, g.formAuthors],
    [u.signer, g.formAuthors],
    [u.reader, g.readers],
    [u.auditor, g.reviewers],
    [u.disabled, g.reviewers],
  ];
  return pairs.map(([applicationUserId, applicationUserGroupId], i) => ({
    id: seedRowId('membership', i + 1),
    applicationUserId,
    applicationUserGroupId,
    isDeleted: false,
    createdDateTime: seedDate(1),
    lastUpdatedDateTime: seedDate(1),
  }));
}

function seedClaimGroups(): StoredClaimGroup[] {
  const c = seedIds.claimGroups;
  const group = (id: string, name: string, builtInGroup = false): StoredClaimGroup => ({
    id,
    name,
    builtInGroup,
    isDeleted: false,
    createdDateTime: seedDate(0),
    lastUpdatedDateTime: seedDate(0),
  });
  return [
    ...builtInClaimGroups().map((b) => group(b.id, b.name, true)),
    group(c.signers, 'Signers'),
    group(c.noHardDelete, 'No Hard Delete'),
  ];
}

interface GrantSpec {
  holderKind: HolderKind;
  recordId: string;
  claims: readonly number[];
  allow?: boolean;
  priority?: number;
}

function seedClaimGrants(): StoredClaimGrant[] {
  const c = seedIds.claimGroups;
  const u = seedIds.users;
  const g = seedIds.userGroups;
  const specs: GrantSpec[] = [
    ...builtInClaimGroups().map((b): GrantSpec => ({ holderKind: 'claimGroup', recordId: b.id, claims: b.claims })),
    { holderKind: 'claimGroup', recordId: c.signers, claims: SIGNER_CLAIMS, priority: 2 },
    { holderKind: 'claimGroup', recordId: c.noHardDelete, claims: HARD_DELETE_CLAIMS, allow: false, priority: 10 },
    { holderKind: 'userGroup', recordId: g.reviewers, claims: [P.Signing_DownloadDocument] },
    { holderKind: 'user', recordId: u.signer, claims: [P.FormInstance_Update] },
    { holderKind: 'user', recordId: u.auditor, claims: AUDITOR_CLAIMS },
    { holderKind: 'user', recordId: u.auditor, claims: [ButtonClaim.ViewSubmissions_AllowRead], allow: false, priority: 5 },
  ];
  let row = 0;
  return specs.flatMap((spec) =>
    spec.claims.map((claimValue): StoredClaimGrant => {
      row += 1;
      const claim = catalogueClaim(claimValue);
      if (!claim) throw new Error(`Seed grants unknown claim ${claimValue}`);
      return {
        id: seedRowId('grant', row),
        holderKind: spec.holderKind,
        recordId: spec.recordId,
        claimValue,
        claimType: claim.claimType,
        allow: spec.allow ?? true,
        priorityOfPermission: spec.priority ?? DEFAULT_PRIORITY_OF_PERMISSION,
        isDeleted: false,
        createdDateTime: seedDate(0, 1),
        lastUpdatedDateTime: seedDate(0, 1),
      };
    }),
  );
}

function seedClaimGroupLinks(): StoredClaimGroupLink[] {
  const c = seedIds.claimGroups;
  const u = seedIds.users;
  const g = seedIds.userGroups;
  const builtIns = builtInClaimGroups();
  const builtInId = (name: string) => builtIns.find((b) => b.name === name)?.id as string;
  const links: [HolderKind, string, string][] = [
    ['user', u.admin, c.administrators],
    ['user', u.signer, c.signers],
    ['userGroup', g.platformTeam, c.administrators],
    ['userGroup', g.formAuthors, c.formEditors],
    ['userGroup', g.formAuthors, c.noHardDelete],
    ['userGroup', g.reviewers, c.formReaders],
    ['userGroup', g.readers, c.formReaders],
    // The nesting of the built-in groups (Form Editors ⊃ Form Readers).
    ...builtIns.flatMap((b) => b.subGroups.map((sub): [HolderKind, string, string] => ['claimGroup', b.id, builtInId(sub)])),
  ];
  return links.map(([holderKind, holderId, recordId], i) => ({
    id: seedRowId('link', i + 1),
    holderKind,
    holderId,
    recordId,
    priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION,
    isDeleted: false,
    createdDateTime: seedDate(0, 2),
    lastUpdatedDateTime: seedDate(0, 2),
  }));
}

function seedExternalUsers(users: readonly StoredUser[]): ExternalUser[] {
  const known: ExternalUser[] = users
    .filter((user) => user.isEnabled)
    .map((user) => ({ oidcId: user.oidcId, name: user.name, userName: user.userName, email: user.email, phoneNumber: user.phoneNumber }));
  return [
    ...known,
    { oidcId: seedOidcIds.newHire, name: 'Nina Newhire', userName: 'newhire', email: 'nina.newhire@example.com', phoneNumber: null },
  ];
}

/**
 * A little change history, so the history panels have something to show: Ada Admin set up No Hard Delete's denies and
 * put Eddie and Sam into Form Authors, a day after the seed's epoch.
 */
function seedPermissionHistory(): HistoryEntry[] {
  const ada = { id: seedIds.users.admin, name: 'Ada Admin' };
  const denies = HARD_DELETE_CLAIMS.map((claimValue) => ({ claimValue, allow: false, priorityOfPermission: 10 }));
  return [
    {
      id: seedRowId('history', 1),
      at: seedDate(1),
      actor: ada,
      holderKind: 'claimGroup',
      holderId: seedIds.claimGroups.noHardDelete,
      holderName: 'No Hard Delete',
      action: 'claims',
      added: grantItems(denies).sort((a, b) => a.label.localeCompare(b.label)),
      removed: [],
      updated: [],
    },
    {
      id: seedRowId('history', 2),
      at: seedDate(1),
      actor: ada,
      holderKind: 'userGroup',
      holderId: seedIds.userGroups.formAuthors,
      holderName: 'Form Authors',
      action: 'members',
      added: [
        { key: `user:${seedIds.users.editor}`, label: 'Eddie Editor' },
        { key: `user:${seedIds.users.signer}`, label: 'Sam Signer' },
      ],
      removed: [],
      updated: [],
    },
  ];
}

/** A fresh database holding the whole seed. Every call returns new objects. */
export function createSeedDb(): FakeDb {
  const applicationUsers = seedUsers();
  const db = createEmptyDb();
  db.applicationUsers = applicationUsers;
  db.applicationUserGroups = seedUserGroups();
  db.memberships = seedMemberships();
  db.claimGroups = seedClaimGroups();
  db.claimGrants = seedClaimGrants();
  db.claimGroupLinks = seedClaimGroupLinks();
  db.formGroups = seedFormGroups();
  db.forms = seedForms();
  db.formSchemas = seedFormSchemas();
  db.formInstances = seedFormInstances();
  db.envelopes = seedEnvelopes();
  db.pdfs = seedPdfs();
  db.externalUsers = seedExternalUsers(applicationUsers);
  db.primitivePaths = [...SEED_PRIMITIVE_PATHS];
  db.exampleApplication = seedExampleApplication();
  db.permissionHistory = seedPermissionHistory();
  db.instanceStatusChanges = seedStatusChanges(db.formInstances, seedIds.users.admin);
  return structuredClone(db);
}

/** The example application object of the seed (a fresh copy). */
export function exampleApplication(): JsonObject {
  return seedExampleApplication();
}

/**
 * Everything tests usually need from the seed under one name: ids, OIDC subjects, and the
 * expected effective claims of the seeded users.
 */
export const seed = {
  ids: seedIds,
  oidcIds: seedOidcIds,
  primitivePaths: SEED_PRIMITIVE_PATHS,
  /** Claims of each claim group's own grants (not counting nested groups). */
  claims: {
    formReaders: READER_CLAIMS,
    formEditors: EDITOR_CLAIMS,
    userAdministrators: USER_ADMINISTRATOR_CLAIMS,
    signers: SIGNER_CLAIMS as readonly number[],
    noHardDelete: HARD_DELETE_CLAIMS as readonly number[],
    auditorOwn: AUDITOR_CLAIMS as readonly number[],
  },
} as const;
