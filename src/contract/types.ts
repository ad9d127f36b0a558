/**
 * Entity and payload types of the contract (docs/spec.md, Entities and Calls; docs/decisions.md, Forms model and Contract details).
 * Date-time fields arrive as ISO strings and are revived to `Date` by the client.
 */
import type { ClaimTypeFlag, EnvelopeStatus, FormInstanceStatus, RowLevelPermission } from './enums';

/** A JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** Timestamps and soft-delete flag shared by every stored row. */
export interface AuditFields {
  /** Soft-deleted rows are hidden from lists by default and can be restored. */
  isDeleted: boolean;
  createdDateTime: Date;
  lastUpdatedDateTime: Date;
}

// ---------------------------------------------------------------- claims

/** One claim entry: the claim's name (`key`) and number (`value`). */
export interface ClaimEntry {
  key: string;
  value: number;
  /** Present on `GetClaimEntriesWithDescriptionsForClaimTypes`. */
  description?: string | null;
}

/** Claim type record (docs/spec.md, Entities): one claim type and its entries. */
export interface ClaimTypeRecord {
  claimType: ClaimTypeFlag;
  claimEntries: ClaimEntry[];
}

/** `GetClaimNamesForClaimTypeNames`: claim type name and its claim names. */
export interface ClaimTypeNames {
  claimType: ClaimTypeFlag;
  claimTypeName: string;
  claimNames: string[];
}

/** A claim with the fields a grant needs (`claimBaseToAddUpdate` of docs/spec.md, Calls). */
export interface ClaimBase {
  allow: boolean;
  priorityOfPermission: number;
  claimValue: number;
  claimType: ClaimTypeFlag;
}

/** Selected permission (docs/spec.md, Entities): a claim entry plus a numeric priority. */
export interface SelectedPermission extends ClaimEntry {
  priorityOfPermission: number;
}

/**
 * One claim granted to a user, user group or claim group (`claimEnumsIn…` rows, docs/decisions.md, Contract details).
 * `recordId` is the id of the holder (the user, user group or claim group).
 */
export interface ClaimGrant extends ClaimBase, AuditFields {
  id: string;
  recordId: string;
}

/**
 * One claim group granted to a holder (`claimGroupsIn…` rows). `recordId` is the granted
 * claim group's id (for `claimGroupsInClaimGroups`: the sub-group id, docs/spec.md, Entities).
 */
export interface ClaimGroupLink extends AuditFields {
  id: string;
  /** The holder: a user, user group or parent claim group id. */
  holderId: string;
  /** The granted claim group (the sub-group for nested claim groups). */
  recordId: string;
  priorityOfPermission: number;
  /** The granted claim group, when the include flags ask for it. */
  claimGroup?: ClaimGroup | null;
}

/** Claim group (a role). */
export interface ClaimGroup extends AuditFields {
  id: string;
  name: string;
  /** Built-in groups are created by `UpsertBuiltInClaimGroups`. */
  builtInGroup: boolean;
  claimEnumsInClaimGroups?: ClaimGrant[] | null;
  claimGroupsInClaimGroups?: ClaimGroupLink[] | null;
  claimGroupsInApplicationUsers?: ClaimGroupLink[] | null;
  claimGroupsInApplicationUserGroups?: ClaimGroupLink[] | null;
}

/** Membership of a user in an application user group. */
export interface ApplicationUserApplicationUserGroup extends AuditFields {
  id: string;
  applicationUserId: string;
  applicationUserGroupId: string;
  applicationUser?: ApplicationUser | null;
  applicationUserGroup?: ApplicationUserGroup | null;
}

/** Application user (docs/spec.md, Entities, docs/decisions.md, Contract details). */
export interface ApplicationUser extends AuditFields {
  id: string;
  /** The subject of the user at the identity provider. */
  oidcId: string;
  name: string;
  userName: string;
  email: string | null;
  phoneNumber: string | null;
  isEnabled: boolean;
  failedLoginAttempts: number;
  claimEnumsInApplicationUsers?: ClaimGrant[] | null;
  claimGroupsInApplicationUsers?: ClaimGroupLink[] | null;
  applicationUserApplicationUserGroups?: ApplicationUserApplicationUserGroup[] | null;
}

/** Application user group (docs/spec.md, Entities). */
export interface ApplicationUserGroup extends AuditFields {
  id: string;
  name: string;
  applicationUserApplicationUserGroups?: ApplicationUserApplicationUserGroup[] | null;
  claimGroupsInApplicationUserGroups?: ClaimGroupLink[] | null;
  claimEnumsInApplicationUserGroups?: ClaimGrant[] | null;
}

/** Paged result (`…Paged`, docs/decisions.md, Contract details). */
export interface Paged<T> {
  list: T[] | null;
  totalRecCount: number;
  totalPageCount: number;
}

/** `GetMyUserSessionData`. */
export interface UserSessionData {
  claims: number[];
  userId: string | null;
}

/** `GetOIDCConfig`: how a host configures its sign-in from the server. */
export interface OidcConfig {
  authority: string;
  clientId: string;
  clientSecret?: string | null;
  /** Extra scopes beyond openid, profile and email. */
  scopes: string[];
}

/** One row of `GetEntitiesWithPermissions?tableName`. */
export interface EntityWithPermissions {
  recordId: string;
  displayName: string;
  permission: RowLevelPermission;
}

/** Body of the three `AddRemoveUpdateClaimGroupsTo…` calls. */
export interface ClaimGroupsChangeRequest {
  /** Ids of the users, user groups or claim groups that are changed. */
  claimGroupSets: string[];
  /** Claim group ids to grant. */
  claimGroupsToAdd: string[];
  /** Claim group ids to revoke. */
  claimGroupsToRemove: string[];
  /** Revoke every claim group not mentioned in `claimGroupsToAdd`. */
  removeExistingUnMentionedClaimGroups: boolean;
}

/** Body of the three `AddRemoveUpdateClaimsTo…` calls. */
export interface ClaimsChangeRequest {
  /** Ids of the users, user groups or claim groups that are changed. */
  claimSets: string[];
  /** Claims to add or whose allow / priority to update. */
  claimBaseToAddUpdate: ClaimBase[];
  /** Claim values to revoke. */
  claimEnumsToRemoveValue: number[];
  /** Revoke every claim not mentioned in `claimBaseToAddUpdate`. */
  removeExistingUnMentionedClaimBase: boolean;
}

/** Body of `AddRemoveUpdateAppUsersInAppuserGroups`. */
export interface UsersInGroupsChangeRequest {
  applicationUsersGroups: string[];
  applicationUsersToAdd: string[];
  applicationUsersToRemove: string[];
  removeExistingUnMentioned: boolean;
}

/** Include flags of the user queries. */
export interface ApplicationUserIncludes {
  includeClaims: boolean;
  IncludeApplicationUserGroups: boolean;
  includeClaimGroups: boolean;
}

/** Include flags of the user group list. */
export interface ApplicationUserGroupIncludes {
  includeClaims: boolean;
  includeApplicationUsers: boolean;
  includeClaimGroups: boolean;
}

/** Include flags of the claim group queries. */
export interface ClaimGroupIncludes {
  includeClaims: boolean;
  IncludeApplicationUserGroups: boolean;
  IncludeApplicationUsers: boolean;
  includeClaimGroups: boolean;
}

/** Paging of the paged claim queries: `page` must be given but may be null; `count` is optional. */
export interface PageArgs {
  page: number | null;
  count?: number;
}

/**
 * The search of the paged user, user group and claim group queries (beyond the spec): rows whose id equals `search`
 * or whose name contains it, regardless of case, ordered by name. Blank or absent: every row.
 */
export interface NameSearchArgs {
  search?: string | null;
}

/** The search of `ClaimGroupsPaged` (beyond the spec). */
export interface ClaimGroupSearchArgs extends NameSearchArgs {
  /**
   * Only the claim groups that may become sub-groups of this claim group (docs/spec.md, Validation rules: never the group itself, nor a group
   * that already contains it).
   */
  subGroupCandidatesOf?: string | null;
}

// ---------------------------------------------------------------- forms

/** A rule over another data path, for `visibleWhen` / `requiredWhen`. */
export interface FieldRule {
  /** JSON Pointer of the data the rule reads. */
  path: string;
  op: 'eq' | 'neq' | 'in' | 'notIn' | 'empty' | 'notEmpty' | 'gt' | 'lt';
  value?: JsonValue;
}

/**
 * A group of rules: `all` holds when every member holds, `any` when at least one does. Members are rules or further
 * groups (nesting is capped by the engine's limits). An empty group holds, so a group being built changes nothing.
 */
export type FieldRuleGroup = { all: FieldRuleNode[]; any?: never } | { any: FieldRuleNode[]; all?: never };

/** One entry of `visibleWhen` / `requiredWhen`: a rule or a group of them. */
export type FieldRuleNode = FieldRule | FieldRuleGroup;

/** Widgets the renderer knows. */
export type FieldWidget =
  | 'text'
  | 'textarea'
  | 'number'
  | 'integer'
  | 'email'
  | 'url'
  | 'phone'
  | 'date'
  | 'time'
  | 'datetime'
  | 'checkbox'
  | 'switch'
  | 'select'
  | 'radio'
  | 'segmented'
  | 'multiselect'
  | 'checkboxes'
  | 'signature'
  | 'rating'
  | 'matrix'
  | 'file'
  | 'static';

/** A value the engine computes from other paths (a `*` segment spans every item of an array). */
export interface FieldComputation {
  op: 'sum' | 'product' | 'min' | 'max' | 'count' | 'concat';
  paths: string[];
  /** Separator of `concat`; default a space. */
  separator?: string;
}

/** One option of a choice widget. */
export interface FieldOption {
  value: string;
  label: string;
}

/**
 * How a PDF field writes its value, read from the field's own format action before the import removes it
 * (`AFDate_FormatEx("mm/dd/yyyy")`, `AFNumber_Format(2, 0, …)`) or from its label ("MONTH/DAY/YEAR"):
 * `date` with the field's pattern (`mm/dd/yyyy`, `d-mmm-yy`…), `number` with its decimals, digit grouping style
 * (0 `1,234.56`, 1 `1234.56`, 2 `1.234,56`, 3 `1234,56`, 4 `1'234.56`) and currency symbol, `special` with
 * Acrobat's special format (0 ZIP code `99999`, 1 ZIP+4 `99999-9999`, 2 phone `(999) 999-9999`, 3 SSN `999-99-9999`).
 */
export type PdfFieldFormat =
  | { kind: 'date'; pattern: string }
  | { kind: 'number'; decimals: number; grouping: number; currency?: string; currencyBefore?: boolean }
  | { kind: 'special'; special: 0 | 1 | 2 | 3 };

/** One field of a layout, bound to a data path. */
export interface FormField {
  id: string;
  /** JSON Pointer into the instance data (relative to the section's item for repeatable sections). */
  path: string;
  /** A built-in widget, or the name of a kind the host registers (`widgets` of the renderer). */
  widget: FieldWidget | (string & Record<never, never>);
  label: string;
  helpText?: string;
  placeholder?: string;
  options?: FieldOption[];
  /**
   * The rows of a `matrix` (its `options` are the columns): each row's `value` is a key of the matrix's object, which
   * holds the chosen column's value.
   */
  rows?: FieldOption[];
  /** Shown only while every entry holds (a plain list of rules is an `all` group). */
  visibleWhen?: FieldRuleNode[];
  /** Required while every entry holds. */
  requiredWhen?: FieldRuleNode[];
  /** Shown but not editable. */
  readOnly?: boolean;
  /** Filled by the engine from other paths (implies read-only). */
  computed?: FieldComputation;
  /** The AcroForm field this field fills. */
  pdfFieldName?: string;
  /** How the AcroForm field writes its value (its own format script's argument, or its label's), read at import. */
  pdfFormat?: PdfFieldFormat;
  /**
   * The application data path (one of `DynamicFormLinking/GetAllPrimitivePaths`) this field is linked to:
   * `DynamicFormLinking/Create` pre-fills the field from the posted application's value there. Without one, the
   * value at the field's own `path` is taken.
   */
  linkedPath?: string;
}

/** A section of a page; repeatable sections render one block per array item. */
export interface FormSection {
  id: string;
  title: string;
  description?: string;
  /** When set, the section repeats over the array at this path. */
  repeatable?: { path: string; minItems?: number; maxItems?: number; addLabel?: string };
  fields: FormField[];
  /**
   * Sections inside this one, shown after its fields, one heading level down. Inside a repeatable section they are
   * part of each item: their fields' paths are relative to the item, like the section's own. A repeatable section
   * holds no other repeatable section, and sections nest at most `FORM_LIMITS.maxSectionDepth` levels (the page's own
   * sections being the first).
   */
  sections?: FormSection[];
}

/** A page of a layout. */
export interface FormPage {
  id: string;
  title: string;
  sections: FormSection[];
}

/** How a form looks: pages → sections (which may hold sections) → fields. */
export interface FormLayout {
  pages: FormPage[];
}

/** Form schema (docs/decisions.md, Forms model): immutable once an instance uses it. */
export interface FormSchema extends AuditFields {
  formSchemaId: string;
  formId: string;
  name: string;
  version: number;
  /** JSON Schema 2020-12 of the data. */
  jsonSchema: JsonObject;
  layout: FormLayout;
  isPublic: boolean;
  /**
   * The form the schema belongs to, only when an OData read expands it (`$expand=form`), with the properties that
   * read selected. What a visitor of the public form sees as its title and description.
   */
  form?: Partial<Form> | null;
}

/** A field found in an uploaded PDF. */
export interface PdfField {
  name: string;
  type: 'text' | 'checkbox' | 'radio' | 'dropdown' | 'optionList' | 'button' | 'signature';
  options?: string[];
  page: number;
  rect: { x: number; y: number; width: number; height: number };
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
  /** The PDF marks the field read-only: a generated form shows it but does not let it be changed. */
  readOnly?: boolean;
  /** A comb field: `maxLength` characters in equal boxes (account numbers, codes). */
  comb?: boolean;
}

/** The PDF template of a form. */
export interface PdfTemplate {
  fileName: string;
  pageCount: number;
  fields: PdfField[];
}

/** Form (docs/decisions.md, Forms model). */
export interface Form extends AuditFields {
  formId: string;
  name: string;
  description: string | null;
  formGroupId: string | null;
  currentFormSchemaId: string | null;
  pdfTemplate?: PdfTemplate | null;
  /**
   * Where the public links of this form's instances point (`GetEditUrl` / `GetViewUrl`), for a form embedded in
   * another site: an absolute http(s) URL such as `https://www.example.org/apply`; null uses the server's base.
   */
  publicBaseUrl?: string | null;
}

/** Form group (docs/decisions.md, Forms model). */
export interface FormGroup extends AuditFields {
  formGroupId: string;
  name: string;
  description: string | null;
}

/** Form instance (docs/decisions.md, Forms model): one filling of a form. */
export interface FormInstance extends AuditFields {
  formInstanceId: string;
  formSchemaId: string;
  formId: string;
  data: JsonObject;
  status: FormInstanceStatus;
  envelopeId?: string | null;
  envelopeStatus?: EnvelopeStatus | null;
}

/**
 * One change of a form instance's status (`GET /api/Forms/StatusHistory`, beyond the spec): when, by whom (null: an
 * anonymous visitor through their link, or a change the backend made), from which status (null: the instance was
 * created with `toStatus`) to which.
 */
export interface FormInstanceStatusChange {
  changedDateTime: Date;
  changedBy: { id: string; name: string } | null;
  fromStatus: FormInstanceStatus | null;
  toStatus: FormInstanceStatus;
}

/** The CRUD entities and their types. */
export interface CrudEntities {
  form: Form;
  formgroup: FormGroup;
  forminstance: FormInstance;
  formschema: FormSchema;
}
/** Name of a CRUD entity in `/api/crud/{entity}/…`. */
export type CrudEntityName = keyof CrudEntities;

/** A primitive data path of the host's application model with its type (`GetAllPrimitivePaths?withTypes=true`). */
export interface PrimitivePathInfo {
  path: string;
  type: 'string' | 'number' | 'integer' | 'boolean';
  /** The string format the model gives the path (`email`, `date`…). */
  format?: string;
}

/** A value of the posted application that `DynamicFormLinking/Create` left out of the new instance, and why. */
export interface PrefillProblem {
  /** The form's data path. */
  path: string;
  /** The application's path the value was read from. */
  source: string;
  /** Why the form's schema refuses the value there. */
  message: string;
}

/** The answer of `DynamicFormLinking/Create`: the new instance and the application's values it left out. */
export interface InstanceFromApplication extends FormInstance {
  prefillProblems: PrefillProblem[];
}

/**
 * What a PDF held that could run or launch something: `javascript` (a script), `launch` (starts a program or opens a
 * file), `submit-form` (sends the form's data away), `import-data` (loads data from a file), `uri` (a link that is not
 * http or https, e.g. `javascript:` or `file:`), `remote-goto` (opens another PDF), `embedded-file` (an attached
 * file), `media` (a sound, movie or rich-media player), `xfa` (XFA form data and its scripts), `other` (any other
 * action a viewer runs).
 */
export type PdfActionKind =
  | 'javascript'
  | 'launch'
  | 'submit-form'
  | 'import-data'
  | 'uri'
  | 'remote-goto'
  | 'embedded-file'
  | 'media'
  | 'xfa'
  | 'other';

/** Where a removed action was: the document (opening, events, scripts, attachments), a page, a field, an annotation, a bookmark. */
export type PdfActionPlace = 'document' | 'page' | 'field' | 'annotation' | 'bookmark';

/** Actions of one kind removed from one place of an imported PDF. */
export interface PdfRemovedAction {
  kind: PdfActionKind;
  place: PdfActionPlace;
  /** The page (1-based) of a page's or an annotation's action. */
  page?: number;
  /** The fully qualified name of the field whose action it was. */
  field?: string;
  /** How many actions of this kind were removed there. */
  count: number;
}

/** A field of an imported PDF that arrived with a value, which was cleared. */
export interface PdfClearedValue {
  /** The PDF field's fully qualified name. */
  field: string;
  type: PdfField['type'];
}

/**
 * What the import removed from an uploaded PDF before storing it as a template: the values its fields arrived with
 * (a template holds no answers) and every action that could run or launch something.
 */
export interface PdfImportCleanup {
  clearedValues: PdfClearedValue[];
  removedActions: PdfRemovedAction[];
}

/** The result of `FormGenerator/UploadPdf`: a form and its first schema generated from the PDF. */
export interface GeneratedForm {
  form: Form;
  formSchema: FormSchema;
  fields: PdfField[];
  /** What was cleared and removed from the file at import (the test fake, which reads no file, answers empty lists). */
  cleanup?: PdfImportCleanup;
}

/** One signer of a signature request. */
export interface Signer {
  name: string;
  email: string;
  routingOrder?: number;
}

/** Body of `Signing/RequestSignature`. */
export interface SignatureRequest {
  formInstanceId: string;
  /**
   * The signers. Each signs in `routingOrder` (from 1): signers sharing an order form a group that signs in any
   * order among themselves, and the next group's turn comes when the whole group has signed. Default: the position.
   */
  signers: Signer[];
  emailSubject?: string;
  /** The message each signer reads with the document. */
  emailMessage?: string;
  /** When the envelope expires (ISO date-time); the server voids an envelope not completed by then. Default: 30 days. */
  expiresAt?: string | Date;
  /** Remind the signers whose turn it is every this many days (1 to 30) until signed or expired; absent or null: the default reminders. */
  reminderEveryDays?: number | null;
}

/** Where a signer is in an envelope. */
export type SignerStatus = 'Created' | 'Sent' | 'Delivered' | 'Signed' | 'Declined';

/** One signer of an envelope, as the server keeps them. */
export interface EnvelopeSigner {
  signerId: string;
  name: string;
  email: string;
  routingOrder: number;
  status: SignerStatus;
  deliveredDateTime: Date | null;
  signedDateTime: Date | null;
  declinedDateTime: Date | null;
  declineReason: string | null;
}

/** A signing envelope: one form instance sent to its signers (`Signing/GetEnvelope`, `Signing/ListEnvelopes`). */
export interface SigningEnvelope {
  envelopeId: string;
  formInstanceId: string;
  status: EnvelopeStatus;
  signers: EnvelopeSigner[];
  emailSubject: string | null;
  emailMessage: string | null;
  expiresAt: Date | null;
  sentDateTime: Date | null;
  completedDateTime: Date | null;
  voidedReason: string | null;
  declinedReason: string | null;
  remindersSent: number;
  lastReminderDateTime: Date | null;
  createdDateTime: Date;
  lastUpdatedDateTime: Date;
  /**
   * The reminder schedule: the signers whose turn it is are reminded every this many days until the envelope is
   * signed or expires (null: the default automatic reminders, every 3 days at most 3 times). Absent from backends that
   * have none.
   */
  reminderEveryDays?: number | null;
  /** The envelope's e-mail that failed after its last retry, oldest first; each can be sent again. Absent: none known. */
  mailFailures?: EnvelopeMailFailure[];
}

/** An envelope's e-mail that could not be sent (`Signing/ResendMail` sends it again). */
export interface EnvelopeMailFailure {
  mailId: string;
  /** What the message was: 'signing-request', 'reminder', 'completed', 'declined'. */
  kind: string;
  toName: string;
  toEmail: string;
  /** Why the last try failed, as the mail server said. */
  error: string;
  attempts: number;
  lastAttemptDateTime: Date | null;
}

/** A signer's link (`Signing/GetSignerLink`): the only time its token is seen (the server keeps its hash). */
export interface SignerLink {
  envelopeId: string;
  signerId: string;
  /** The signing page's address with the token. */
  url: string;
  token: string;
  expiresAt: Date;
}

/** A place to sign on the document: a signature field or the signer's line on the rendered answers. */
export interface SignaturePlace {
  /** 0-based page index. */
  page: number;
  /** PDF user-space rectangle (points, origin bottom left). */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the signing page gets when a signer opens their link (`Signing/Open`). */
export interface SigningSession {
  envelopeId: string;
  signerId: string;
  signerName: string;
  signerEmail: string;
  status: EnvelopeStatus;
  signerStatus: SignerStatus;
  formName: string;
  emailMessage: string | null;
  /** When the envelope expires: no one signs it after. */
  expiresAt: Date | null;
  /**
   * When the link this session was opened with stops working: a link lives at most 14 days from when it was issued,
   * so it may end before the envelope does (a reminder or the sender then gives the signer a new one).
   */
  linkExpiresAt: Date;
  /** The document as it will be signed (PDF, base64). */
  documentBase64: string;
  /** Where this signer's signature goes. */
  places: SignaturePlace[];
}

/** Body of `Signing/Sign`. */
export interface SignBody {
  token: string;
  /** How the signature was made: drawn on the page, or the typed name rendered. */
  kind: 'drawn' | 'typed';
  /** The signature image: a PNG as a data URL (`data:image/png;base64,…`) or plain base64. */
  image: string;
  /** The typed name, for `typed`. */
  typedName?: string;
}

/** One event of an envelope's audit trail. */
export interface SigningAuditEvent {
  /** 1, 2, 3… in the envelope. */
  sequence: number;
  envelopeId: string;
  kind: 'created' | 'sent' | 'opened' | 'signed' | 'declined' | 'voided' | 'reminded' | 'downloaded' | 'completed';
  at: string;
  signerId: string | null;
  actorUserId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** What the event says besides (a reason, the document's SHA-256…). */
  details: Record<string, string | number | boolean | null>;
  /** The hash (hex) of the previous event, 64 zeros for the first. */
  previousHash: string;
  /**
   * The hash (hex) of this event: HMAC-SHA-256 under the server's audit key (SHA-256 in a trail written before trails
   * were keyed, see {@link AuditVerification.keyed}).
   */
  hash: string;
}

/**
 * What broke an audit trail: an event `changed` after it was written, an event `missing` from the middle (deleted),
 * the last events missing (`truncated`), an event stored twice or out of `order`, one of another envelope
 * (`foreign`), or a trail that does not end at the `head` the envelope keeps.
 */
export type AuditProblem = 'changed' | 'missing' | 'truncated' | 'order' | 'foreign' | 'head';

/** `Signing/VerifyAudit`: the chain recomputed and compared with the head kept on the envelope. */
export interface AuditVerification {
  envelopeId: string;
  valid: boolean;
  /** How many events are stored. */
  eventCount: number;
  /** How many events the envelope says its trail has (null for a trail written before the envelope kept its head). */
  expectedEventCount: number | null;
  /** Whether the trail is keyed (HMAC with the server's secret); false for one written before trails were keyed. */
  keyed: boolean;
  /** What is wrong, or null when the trail is intact. */
  problem: AuditProblem | null;
  /** The sequence of the first event that is changed or missing, or null. */
  firstBrokenSequence: number | null;
  reason: string | null;
}

/** Download-document result (docs/spec.md, Entities). */
export interface DownloadDocumentResult {
  fileName: string | null;
  data: Blob;
  status: number;
  headers: Headers;
}

/** A host-supplied function returning one display name per user requested, in order. */
export type DisplayNameFunction = (users: ApplicationUser[]) => Promise<string[]> | string[];

/**
 * The answer of `POST /api/FormSchema/CheckPattern`: the pattern is accepted, or refused with the reason (a clause:
 * "matching it can take …").
 */
export type PatternCheckResult = { ok: true } | { ok: false; reason: string };

/** A file that came with a message of the Outbox: its name, type and size in bytes. */
export interface OutboxAttachment {
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * One message the server sent, as its Outbox lists it (`GET /api/Mail/Outbox`, newest first): the reference server's
 * development SMTP sink keeps what it received, the test fake what its mailer was given.
 */
export interface OutboxMessage {
  id: string;
  receivedDateTime: Date;
  fromAddress: string;
  toAddress: string;
  subject: string;
  /** The plain text part. */
  textBody: string;
  attachments: OutboxAttachment[];
}
