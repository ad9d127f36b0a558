/**
 * Fixed ids and dates of the seed data, so tests can name seeded rows
 * (`seedIds.users.admin`, `seedIds.formSchemas.contactRequestV1`, …). Every id is a valid GUID, so
 * OData filters can use them unquoted.
 */

/** A GUID whose first block says the table and whose last block is the row number. */
function guid(table: number, row: number): string {
  return `${table.toString(16).padStart(8, '0')}-0000-4000-8000-${row.toString(16).padStart(12, '0')}`;
}

/** Ids of every seeded row that tests may want to name. */
export const seedIds = {
  users: {
    /** Ada Admin (oidcId `admin`): holds every claim through the built-in Administrators group. */
    admin: guid(0x10000000, 1),
    /** Eddie Editor (oidcId `editor`): Form Editors (with nested Form Readers); hard deletes denied. */
    editor: guid(0x10000000, 2),
    /** Rita Reader (oidcId `reader`): read-only through Form Readers (in Readers). */
    reader: guid(0x10000000, 3),
    /** Sam Signer (oidcId `signer`): Form Editors plus Signers, and one claim of his own. */
    signer: guid(0x10000000, 4),
    /** Aisha Auditor (oidcId `auditor`): read-only plus read access to administration; submissions denied. */
    auditor: guid(0x10000000, 5),
    /** Dan Disabled (oidcId `disabled`): a disabled account. */
    disabled: guid(0x10000000, 6),
    /** Nora Newcomer (oidcId `newcomer`): signed up, holds no claim. */
    newcomer: guid(0x10000000, 7),
  },
  userGroups: {
    /** Platform Team: Ada; granted Administrators. */
    platformTeam: guid(0x20000000, 1),
    /** Form Authors: Eddie and Sam; granted Form Editors and No Hard Delete. */
    formAuthors: guid(0x20000000, 2),
    /** Reviewers: Aisha and Dan; granted Form Readers and Signing_DownloadDocument. */
    reviewers: guid(0x20000000, 3),
    /** Readers: Rita; granted Form Readers (as the reference server's Readers). */
    readers: guid(0x20000000, 4),
  },
  claimGroups: {
    /** Built-in: every claim. */
    administrators: guid(0x30000000, 1),
    /** Built-in: authoring claims, form menus and buttons, the admin panel; contains Form Readers. */
    formEditors: guid(0x30000000, 2),
    /** Built-in: read claims only (no admin panel, no menus). */
    formReaders: guid(0x30000000, 3),
    /** Signing claims, at priority 2. */
    signers: guid(0x30000000, 4),
    /** Explicit denies of every hard-delete permission, at priority 10. */
    noHardDelete: guid(0x30000000, 5),
    /** Built-in: the administration of claims, claim groups, users and user groups. */
    userAdministrators: guid(0x30000000, 6),
  },
  formGroups: {
    customerOnboarding: guid(0x40000000, 1),
    humanResources: guid(0x40000000, 2),
    publicEnquiries: guid(0x40000000, 3),
  },
  forms: {
    loanApplication: guid(0x50000000, 1),
    employeeOnboarding: guid(0x50000000, 2),
    contactRequest: guid(0x50000000, 3),
    expenseClaim: guid(0x50000000, 4),
  },
  formSchemas: {
    loanApplicationV1: guid(0x60000000, 1),
    employeeOnboardingV1: guid(0x60000000, 2),
    /** The public schema. */
    contactRequestV1: guid(0x60000000, 3),
    /** An older version, still used by one instance. */
    expenseClaimV1: guid(0x60000000, 4),
    expenseClaimV2: guid(0x60000000, 5),
  },
  formInstances: {
    /** Loan application, Created, no data yet. */
    loanCreated: guid(0x70000000, 1),
    /** Loan application, InProgress. */
    loanInProgress: guid(0x70000000, 2),
    /** Loan application, Submitted; envelope Sent. */
    loanSubmitted: guid(0x70000000, 3),
    /** Loan application, Completed; envelope Completed (signed PDF stored). */
    loanCompleted: guid(0x70000000, 4),
    /** Employee onboarding, Submitted; envelope Delivered. */
    onboardingSubmitted: guid(0x70000000, 5),
    /** Employee onboarding, InProgress; envelope Declined. */
    onboardingInProgress: guid(0x70000000, 6),
    /** Contact request (public schema), Submitted. */
    contactSubmitted: guid(0x70000000, 7),
    /** Expense claim on schema v1, Completed; envelope Voided. */
    expenseCompleted: guid(0x70000000, 8),
    /** Expense claim on schema v2, InProgress, soft-deleted. */
    expenseDeleted: guid(0x70000000, 9),
  },
  envelopes: {
    loanSubmittedSent: guid(0x80000000, 1),
    loanCompleted: guid(0x80000000, 2),
    onboardingDelivered: guid(0x80000000, 3),
    onboardingDeclined: guid(0x80000000, 4),
    expenseVoided: guid(0x80000000, 5),
  },
} as const;

/** OIDC subjects (`oidcId`) of the seeded users. */
export const seedOidcIds = {
  admin: 'admin',
  editor: 'editor',
  reader: 'reader',
  signer: 'signer',
  auditor: 'auditor',
  disabled: 'disabled',
  newcomer: 'newcomer',
  /** Known only to the identity provider until `FullSyncAndReturnExternalUsers` runs. */
  newHire: 'newhire',
} as const;

/** The instant every seeded timestamp is counted from: 2024-01-15T09:00:00.000Z. */
export const SEED_EPOCH = Date.UTC(2024, 0, 15, 9, 0, 0);

/** A seeded date: `days` (and `hours`) after {@link SEED_EPOCH}. */
export function seedDate(days: number, hours = 0): Date {
  return new Date(SEED_EPOCH + (days * 24 + hours) * 3_600_000);
}

/** Ids of seeded join rows (memberships, grants, links): deterministic, not meant to be named. */
export function seedRowId(table: 'membership' | 'grant' | 'link' | 'pdf' | 'history', row: number): string {
  const prefix = { membership: 0x90000000, grant: 0xa0000000, link: 0xb0000000, pdf: 0xc0000000, history: 0xd0000000 }[table];
  return guid(prefix, row);
}

/** The prefix of ids the fake generates at run time (`f0000000-0000-4000-8000-…`). */
export function generatedId(counter: number): string {
  return guid(0xf0000000, counter);
}
