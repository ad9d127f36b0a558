/**
 * The in-memory tables of the fake backend. Plain arrays of plain objects, so tests can read and
 * change them directly (`backend.db.forms.push(…)`). Rows hold `Date`s for their timestamps; JSON
 * responses carry them as ISO strings.
 *
 * `reset()` replaces every table with a fresh copy, so do not keep a reference to a table across a
 * reset: keep the `db` object (its identity never changes) and read `db.forms` again.
 */
import type {
  ApplicationUser,
  ApplicationUserApplicationUserGroup,
  ApplicationUserGroup,
  ClaimGrant,
  ClaimGroup,
  ClaimGroupLink,
  Form,
  FormGroup,
  FormInstance,
  FormSchema,
  JsonObject,
  Signer,
  SignaturePlace,
  SigningEnvelope,
  SigningAuditEvent,
} from '../api/types';
import type { EnvelopeStatus, FormInstanceStatus } from '../api/enums';
import type { HistoryEntry } from '../domain';
import type { SignerRecord, SignerTokenRecord } from '../service/signing-ports';

/** What kind of row holds a claim grant or a claim group link. */
export type HolderKind = 'user' | 'userGroup' | 'claimGroup';

/** An application user row: the API shape without its join collections. */
export type StoredUser = Omit<
  ApplicationUser,
  'claimEnumsInApplicationUsers' | 'claimGroupsInApplicationUsers' | 'applicationUserApplicationUserGroups'
>;

/** An application user group row: the API shape without its join collections. */
export type StoredUserGroup = Omit<
  ApplicationUserGroup,
  'applicationUserApplicationUserGroups' | 'claimGroupsInApplicationUserGroups' | 'claimEnumsInApplicationUserGroups'
>;

/** A membership of a user in a user group, without navigation properties. */
export type StoredMembership = Omit<ApplicationUserApplicationUserGroup, 'applicationUser' | 'applicationUserGroup'>;

/** A claim group row: the API shape without its join collections. */
export type StoredClaimGroup = Omit<
  ClaimGroup,
  | 'claimEnumsInClaimGroups'
  | 'claimGroupsInClaimGroups'
  | 'claimGroupsInApplicationUsers'
  | 'claimGroupsInApplicationUserGroups'
>;

/** A claim granted (or denied) to a user, user group or claim group; `recordId` is the holder. */
export interface StoredClaimGrant extends ClaimGrant {
  /** Which table `recordId` points into. */
  holderKind: HolderKind;
}

/** A claim group granted to a user, user group or parent claim group. */
export interface StoredClaimGroupLink extends Omit<ClaimGroupLink, 'claimGroup'> {
  /** Which table `holderId` points into. */
  holderKind: HolderKind;
}

/** A signing envelope of the fake signing provider. */
export interface FakeEnvelope {
  envelopeId: string;
  formInstanceId: string;
  status: EnvelopeStatus;
  signers: Signer[];
  emailSubject: string | null;
  emailMessage: string | null;
  createdDateTime: Date;
  lastUpdatedDateTime: Date;
  /**
   * The lifecycle the signing routes keep (src/testing/signing-model.ts); absent on an envelope made by hand or
   * seeded, which gets it from `signers` and `status` when a signing route first touches it.
   */
  lifecycle?: FakeEnvelopeLifecycle;
}

/** A signer of a fake envelope, with their signature once signed: the signing use cases' signer record. */
export interface FakeEnvelopeSigner extends SignerRecord {
  /** The name a typed signature shows. */
  typedName?: string | null;
}

/** A signer's link token (its SHA-256 only, as the server keeps it): the signing use cases' token record. */
export type FakeSignerToken = Omit<SignerTokenRecord, 'envelopeId'> & { tokenHash: string };

/** What the signing routes keep of an envelope besides its contract fields: its signers, dates, reasons, reminders. */
export interface FakeEnvelopeLifecycle
  extends Pick<SigningEnvelope, 'expiresAt' | 'sentDateTime' | 'completedDateTime' | 'voidedReason' | 'declinedReason' | 'remindersSent' | 'lastReminderDateTime'> {
  signers: FakeEnvelopeSigner[];
  events: SigningAuditEvent[];
  /**
   * The audit trail's head, kept with the envelope as the server keeps it on the envelope row: how many events it has
   * and the last one's hash; and whether its chain is keyed (false for a trail written before trails were keyed).
   */
  audit: { keyed: boolean; eventCount: number; headHash: string | null };
  tokens: FakeSignerToken[];
  /** The user who requested the signature. */
  createdBy?: string | null;
  /** The reminder schedule in days (absent or null: none). */
  reminderEveryDays?: number | null;
  /** The document as sent and its SHA-256; absent on an envelope made by hand. */
  sent?: { bytes: Uint8Array; sha256: string };
  /** Where each signer signs (by position) on an envelope made by hand; a request records them in its `created` event. */
  places?: SignaturePlace[][];
}

/** A stored PDF: an uploaded template or a signed document. */
export interface StoredPdf {
  id: string;
  kind: 'template' | 'signed';
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  /** The form of an uploaded template. */
  formId: string | null;
  /** The envelope of a signed document. */
  envelopeId: string | null;
  createdDateTime: Date;
}

/** An access token of a public form link (`GetEditUrl` / `GetViewUrl`). */
export interface LinkToken {
  token: string;
  formInstanceId: string;
  formSchemaId: string;
  mode: 'edit' | 'view';
  expiresAt: Date;
}

/** A user of the external identity provider, the source of `FullSyncAndReturnExternalUsers`. */
export interface ExternalUser {
  oidcId: string;
  name: string;
  userName: string;
  email: string | null;
  phoneNumber: string | null;
}

/** A `Forms/NotifyDeleted` call the fake received. */
export interface DeletionNotice {
  formInstanceId: string;
  at: Date;
}

/** A change of a form instance's status, as the fake keeps it (`Forms/StatusHistory`). */
export interface StoredStatusChange {
  formInstanceId: string;
  fromStatus: FormInstanceStatus | null;
  toStatus: FormInstanceStatus;
  /** The signed-in user who made the change (null: a visitor, or the backend). */
  changedBy: string | null;
  changedDateTime: Date;
}

/** What `HealthCheck/Get` reports; `Unhealthy` answers 503. */
export type HealthStatus = 'Healthy' | 'Degraded' | 'Unhealthy';

/** Every table of the fake backend. */
export interface FakeDb {
  applicationUsers: StoredUser[];
  applicationUserGroups: StoredUserGroup[];
  /** Users in user groups. */
  memberships: StoredMembership[];
  claimGroups: StoredClaimGroup[];
  /** Claim grant rows of users, user groups and claim groups. */
  claimGrants: StoredClaimGrant[];
  /** Claim groups granted to users, user groups and (nested) claim groups. */
  claimGroupLinks: StoredClaimGroupLink[];
  forms: Form[];
  formGroups: FormGroup[];
  formSchemas: FormSchema[];
  formInstances: FormInstance[];
  envelopes: FakeEnvelope[];
  pdfs: StoredPdf[];
  linkTokens: LinkToken[];
  /** The identity provider's account store. */
  externalUsers: ExternalUser[];
  /** `DynamicFormLinking/GetAllPrimitivePaths`. */
  primitivePaths: string[];
  /** `DynamicFormLinking/GetExampleApplication`. */
  exampleApplication: JsonObject;
  deletionNotices: DeletionNotice[];
  /** Every status change of the form instances, oldest first. */
  instanceStatusChanges: StoredStatusChange[];
  /** The change history of permission administration, oldest first (`GetPermissionHistory`). */
  permissionHistory: HistoryEntry[];
  health: HealthStatus;
}

/** A database with every table empty. */
export function createEmptyDb(): FakeDb {
  return {
    applicationUsers: [],
    applicationUserGroups: [],
    memberships: [],
    claimGroups: [],
    claimGrants: [],
    claimGroupLinks: [],
    forms: [],
    formGroups: [],
    formSchemas: [],
    formInstances: [],
    envelopes: [],
    pdfs: [],
    linkTokens: [],
    externalUsers: [],
    primitivePaths: [],
    exampleApplication: {},
    deletionNotices: [],
    instanceStatusChanges: [],
    permissionHistory: [],
    health: 'Healthy',
  };
}
