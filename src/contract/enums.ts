/**
 * Enumerations of the contract (docs/spec.md, Entities, Roles and permissions and Constants and limits).
 *
 * Claim numbers: the server is the authority and publishes name ↔ number through
 * `GetClaimEntriesForClaimTypes`. The constants below are the default numbering used by the
 * reference server and the test fake, exported for hosts that want constants. Numbers are unique
 * across claim types because `GetMyClaims` answers a flat list of numbers.
 */

/** Claim type flags (docs/spec.md, Entities): combine with bitwise OR for the `flags` query parameter. */
export const ClaimTypeFlags = {
  None: 0,
  ServerClaim: 1,
  UXClaim: 2,
  TableClaim: 4,
} as const;
/** One claim type flag value. */
export type ClaimTypeFlag = (typeof ClaimTypeFlags)[keyof typeof ClaimTypeFlags];
/** All three claim types: the default claim type filter. */
export const ALL_CLAIM_TYPES = ClaimTypeFlags.ServerClaim | ClaimTypeFlags.UXClaim | ClaimTypeFlags.TableClaim;

/** Form instance status (docs/spec.md, Entities). */
export const FormInstanceStatus = {
  Created: 0,
  InProgress: 1,
  Submitted: 2,
  Completed: 3,
} as const;
/** One form instance status value. */
export type FormInstanceStatus = (typeof FormInstanceStatus)[keyof typeof FormInstanceStatus];

/** Signing envelope status (docs/spec.md, Entities), DocuSign-style. */
export const EnvelopeStatus = {
  Unknown: 0,
  NotStarted: 1,
  Created: 2,
  Sent: 3,
  Delivered: 4,
  Completed: 5,
  Declined: 6,
  Voided: 7,
} as const;
/** One signing envelope status value. */
export type EnvelopeStatus = (typeof EnvelopeStatus)[keyof typeof EnvelopeStatus];

/** Row-level permission flags per table (docs/decisions.md, Contract details). */
export const RowLevelPermission = {
  None: 1,
  Read: 2,
  Update: 4,
  Delete: 8,
  All: 14,
} as const;
/** One row-level permission flag value. */
export type RowLevelPermission = (typeof RowLevelPermission)[keyof typeof RowLevelPermission];

/** Default permission priority (docs/spec.md, Constants and limits). */
export const DEFAULT_PRIORITY_OF_PERMISSION = 1;

const entityActions = ['Add', 'AddUpdate', 'Delete', 'MarkDeleted', 'Select', 'SelectList', 'Update'] as const;

/**
 * Server claims: the permission enumeration numbered 0 to 59 (docs/spec.md, Roles and permissions).
 * GlobalDataAdmin, then Add/AddUpdate/Delete/MarkDeleted/Select/SelectList/Update for Form,
 * FormGroup, FormInstance, FormSchema and FormSigner, then the endpoint permissions, then the
 * administration permissions of the reference server.
 */
export const Permission = {
  GlobalDataAdmin: 0,
  Form_Add: 1,
  Form_AddUpdate: 2,
  Form_Delete: 3,
  Form_MarkDeleted: 4,
  Form_Select: 5,
  Form_SelectList: 6,
  Form_Update: 7,
  FormGroup_Add: 8,
  FormGroup_AddUpdate: 9,
  FormGroup_Delete: 10,
  FormGroup_MarkDeleted: 11,
  FormGroup_Select: 12,
  FormGroup_SelectList: 13,
  FormGroup_Update: 14,
  FormInstance_Add: 15,
  FormInstance_AddUpdate: 16,
  FormInstance_Delete: 17,
  FormInstance_MarkDeleted: 18,
  FormInstance_Select: 19,
  FormInstance_SelectList: 20,
  FormInstance_Update: 21,
  FormSchema_Add: 22,
  FormSchema_AddUpdate: 23,
  FormSchema_Delete: 24,
  FormSchema_MarkDeleted: 25,
  FormSchema_Select: 26,
  FormSchema_SelectList: 27,
  FormSchema_Update: 28,
  FormSigner_Add: 29,
  FormSigner_AddUpdate: 30,
  FormSigner_Delete: 31,
  FormSigner_MarkDeleted: 32,
  FormSigner_Select: 33,
  FormSigner_SelectList: 34,
  FormSigner_Update: 35,
  DynamicFormLinking_Create: 36,
  DynamicFormLinking_Duplicate: 37,
  DynamicFormLinking_GetAllPrimitivePaths: 38,
  DynamicFormLinking_GetExampleApplication: 39,
  FormGenerator_UploadPdf: 40,
  Forms_GetEditUrl: 41,
  Forms_GetViewUrl: 42,
  Forms_MarkCompleted: 43,
  Forms_NotifyDeleted: 44,
  Signing_RequestSignature: 45,
  Signing_DownloadDocument: 46,
  Claim_ReadClaimEntries: 47,
  Claim_ReadClaimGroups: 48,
  Claim_ManageClaimGroups: 49,
  Claim_ReadUsers: 50,
  Claim_ReadUserGroups: 51,
  Claim_ManageUserGroups: 52,
  Claim_AssignClaims: 53,
  Claim_AssignClaimGroups: 54,
  Claim_AssignUsersToGroups: 55,
  Claim_FullSync: 56,
  Claim_ClearAnyUserClaimsCache: 57,
  Claim_ReadRowLevelPermissions: 58,
  AdminPanel_Access: 59,
} as const;
/** A permission (server claim) key. */
export type PermissionKey = keyof typeof Permission;

/** The entities that carry the seven CRUD permissions. */
export const PERMISSION_ENTITIES = ['Form', 'FormGroup', 'FormInstance', 'FormSchema', 'FormSigner'] as const;
/** The seven actions of each permission entity. */
export const PERMISSION_ACTIONS = entityActions;

/** Button visibility claims (UX claims, docs/spec.md, Roles and permissions). */
export const ButtonClaim = {
  CreateForm_AllowRead: 100,
  CreateFormGroup_AllowRead: 101,
  CreateFormSchema_AllowRead: 102,
  DeleteForm_AllowRead: 103,
  DeleteFormInstance_AllowRead: 104,
  DeleteFormGroup_AllowRead: 105,
  EditForm_AllowRead: 106,
  EditFormGroup_AllowRead: 107,
  EditFormSchema_AllowRead: 108,
  ViewSubmissions_AllowRead: 109,
} as const;
/** A button claim key. */
export type ButtonClaimKey = keyof typeof ButtonClaim;

/** Menu visibility claims (UX claims, docs/spec.md, Roles and permissions), plus the two permission screens of the reference host. */
export const MenuClaim = {
  FormBuilder_AllowRead: 120,
  FormGroups_AllowRead: 121,
  FormInstances_AllowRead: 122,
  FormPreview_AllowRead: 123,
  Forms_AllowRead: 124,
  FormSchemas_AllowRead: 125,
  Signing_AllowRead: 126,
  RoleManagement_AllowRead: 127,
  UserRoleManagement_AllowRead: 128,
} as const;
/** A menu claim key. */
export type MenuClaimKey = keyof typeof MenuClaim;

/** Table claims: row-level permissions per table (claim type 4). */
export const TableClaim = {
  Form_RowLevel: 200,
  FormGroup_RowLevel: 201,
  FormInstance_RowLevel: 202,
  FormSchema_RowLevel: 203,
} as const;
/** A table claim key. */
export type TableClaimKey = keyof typeof TableClaim;

/** Every claim key the default numbering knows. */
export type ClaimKey = PermissionKey | ButtonClaimKey | MenuClaimKey | TableClaimKey;

/** The default numbering of every claim, by key. */
export const DefaultClaimNumbers: Readonly<Record<ClaimKey, number>> = /* @__PURE__ */ (() => ({
  ...Permission,
  ...ButtonClaim,
  ...MenuClaim,
  ...TableClaim,
}))();

/** The claim type (1 server, 2 UX, 4 table) of each default claim key. */
export function defaultClaimTypeOf(key: ClaimKey): ClaimTypeFlag {
  if (key in Permission) return ClaimTypeFlags.ServerClaim;
  if (key in TableClaim) return ClaimTypeFlags.TableClaim;
  return ClaimTypeFlags.UXClaim;
}
