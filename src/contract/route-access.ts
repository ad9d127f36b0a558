/**
 * Who may call each route of the API (docs/decisions.md, Security and limits: deny by default): the one route → claim table that
 * the reference server mounts its routes with, the fake enforces, and the route-walk test walks.
 *
 * - a claim number: a signed-in, enabled user holding that server claim (GlobalDataAdmin satisfies all);
 * - `authenticated`: any signed-in, enabled user;
 * - `public`: anybody.
 * With `anonymousForms`, an anonymous caller passes too and the route itself limits them to public
 * form schemas and the one instance their link token names.
 */
import { Permission } from './enums';

/** The HTTP methods the API uses. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route requires of its caller. */
export type RouteClaim = number | 'public' | 'authenticated';

/** One route and who may call it. */
export interface RouteRule {
  method: RouteMethod;
  /** The exact path, starting with /api/ or /odata/. */
  path: string;
  claim: RouteClaim;
  /** Anonymous callers pass; the route limits them to public forms and link tokens. */
  anonymousForms?: true;
  /** Claims that grant the route as well as `claim` (any one of them); refusals name `claim`. */
  alternatives?: readonly number[];
}

const P = Permission;
const rule = (method: RouteMethod, path: string, claim: RouteClaim, anonymousForms = false): RouteRule =>
  anonymousForms ? { method, path, claim, anonymousForms: true } : { method, path, claim };
const claimRoute = (method: RouteMethod, name: string, claim: RouteClaim) => rule(method, `/api/Claim/${name}`, claim);

const HOLDER_SUFFIXES = ['AppUserOrUsers', 'ClaimGroupOrClaimGroups', 'AppUserGroupOrUserGroups'] as const;

const CRUD = [
  ['form', 'Form'],
  ['formgroup', 'FormGroup'],
  ['forminstance', 'FormInstance'],
  ['formschema', 'FormSchema'],
] as const;

/** Every route of the API with who may call it. */
export const ROUTE_RULES: readonly RouteRule[] = [
  rule('GET', '/api/HealthCheck/Get', 'public'),

  claimRoute('GET', 'GetMyClaims', 'authenticated'),
  claimRoute('GET', 'GetMyUserSessionData', 'authenticated'),
  claimRoute('GET', 'CheckForAdminRole', 'authenticated'), // checking another user needs Claim_ReadUsers
  claimRoute('GET', 'CheckForUsers', 'public'),
  claimRoute('GET', 'GetOIDCConfig', 'public'),
  claimRoute('POST', 'ClearUserClaimsCache', 'authenticated'),
  // Every screen resolves claim keys with it (docs/decisions.md, Claim catalogue).
  claimRoute('GET', 'GetClaimEntriesForClaimTypes', 'authenticated'),
  claimRoute('GET', 'GetClaimEntriesWithDescriptionsForClaimTypes', P.Claim_ReadClaimEntries),
  claimRoute('GET', 'GetClaimNamesForClaimTypeNames', P.Claim_ReadClaimEntries),
  claimRoute('GET', 'ListTablesWithRowLevelPermissions', P.Claim_ReadRowLevelPermissions),
  claimRoute('GET', 'GetEntitiesWithPermissions', P.Claim_ReadRowLevelPermissions),
  claimRoute('GET', 'ClaimGroupsList', P.Claim_ReadClaimGroups),
  claimRoute('GET', 'ClaimGroupsPaged', P.Claim_ReadClaimGroups),
  claimRoute('POST', 'CreateNewClaimGroup', P.Claim_ManageClaimGroups),
  claimRoute('PUT', 'RenameClaimGroup', P.Claim_ManageClaimGroups),
  claimRoute('DELETE', 'DeleteClaimGroupByName', P.Claim_ManageClaimGroups),
  claimRoute('GET', 'UpsertBuiltInClaimGroups', P.Claim_ManageClaimGroups),
  claimRoute('GET', 'ApplicationUserGroupsList', P.Claim_ReadUserGroups),
  claimRoute('GET', 'ApplicationUserGroupsPaged', P.Claim_ReadUserGroups),
  claimRoute('POST', 'CreateNewApplicationUserGroup', P.Claim_ManageUserGroups),
  claimRoute('PUT', 'RenameAppUserGroup', P.Claim_ManageUserGroups),
  claimRoute('DELETE', 'DeleteAppUserGroup', P.Claim_ManageUserGroups),
  claimRoute('GET', 'ApplicationUsersPaged', P.Claim_ReadUsers),
  claimRoute('GET', 'ApplicationList', P.Claim_ReadUsers),
  // Beyond the spec: "why can they?".
  claimRoute('GET', 'GetEffectivePermissionsOfUser', P.Claim_ReadUsers),
  claimRoute('GET', 'GetEffectivePermissionsOfUserGroup', P.Claim_ReadUserGroups),
  claimRoute('GET', 'GetEffectivePermissionsOfClaimGroup', P.Claim_ReadClaimGroups),
  // Beyond the spec: the change history of a holder, for administrators only.
  claimRoute('GET', 'GetPermissionHistory', P.GlobalDataAdmin),
  // Beyond the spec: would these changes take the caller's own administrator access away? (Asked
  // before a save instead of loading every user and group). It only ever answers about the caller.
  claimRoute('POST', 'RemovesMyAdminAccess', 'authenticated'),
  claimRoute('POST', 'FullSyncAndReturnExternalUsers', P.Claim_FullSync),
  ...HOLDER_SUFFIXES.map((s) => claimRoute('POST', `AddRemoveUpdateClaimGroupsTo${s}`, P.Claim_AssignClaimGroups)),
  ...HOLDER_SUFFIXES.map((s) => claimRoute('POST', `AddRemoveUpdateClaimsTo${s}`, P.Claim_AssignClaims)),
  claimRoute('POST', 'AddRemoveUpdateAppUsersInAppuserGroups', P.Claim_AssignUsersToGroups),

  rule('GET', '/api/DynamicFormLinking/GetAllPrimitivePaths', P.DynamicFormLinking_GetAllPrimitivePaths),
  rule('GET', '/api/DynamicFormLinking/GetExampleApplication', P.DynamicFormLinking_GetExampleApplication),
  rule('POST', '/api/DynamicFormLinking/Create', P.DynamicFormLinking_Create),
  rule('GET', '/api/DynamicFormLinking/Duplicate', P.DynamicFormLinking_Duplicate),

  rule('GET', '/odata/FormOData', P.Form_SelectList, true),
  rule('GET', '/odata/FormGroupOData', P.FormGroup_SelectList),
  rule('GET', '/odata/FormInstanceOData', P.FormInstance_SelectList, true),
  rule('GET', '/odata/FormSchemaOData', P.FormSchema_SelectList, true),
  // The service description (CSDL) of the four sets: their types, no rows.
  rule('GET', '/odata/$metadata', 'public'),

  ...CRUD.flatMap(([path, entity]) => {
    const instance = entity === 'FormInstance'; // a public form's instance is created and filled anonymously
    return [
      rule('POST', `/api/crud/${path}/post`, P[`${entity}_Add`], instance),
      rule('PATCH', `/api/crud/${path}/patch`, P[`${entity}_Update`], instance),
      rule('DELETE', `/api/crud/${path}/delete`, P[`${entity}_Delete`]),
      rule('PATCH', `/api/crud/${path}/softdelete`, P[`${entity}_MarkDeleted`]),
    ];
  }),

  // Beyond the spec: the form builder's check of a pattern as it is typed, for those who may write a schema: edit one
  // (FormSchema Update) or create one (Add, or AddUpdate), the server claims behind the EditFormSchema and
  // CreateFormSchema buttons. Saving checks every pattern again.
  { ...rule('POST', '/api/FormSchema/CheckPattern', P.FormSchema_Update), alternatives: [P.FormSchema_Add, P.FormSchema_AddUpdate] },
  rule('POST', '/api/FormGenerator/UploadPdf', P.FormGenerator_UploadPdf),
  rule('GET', '/api/Forms/GetEditUrl', P.Forms_GetEditUrl),
  rule('GET', '/api/Forms/GetViewUrl', P.Forms_GetViewUrl),
  rule('GET', '/api/Forms/MarkCompleted', P.Forms_MarkCompleted, true),
  rule('GET', '/api/Forms/NotifyDeleted', P.Forms_NotifyDeleted),
  // Beyond the spec: which version a form's stable public link serves (its current one, while public), for anybody.
  rule('GET', '/api/Forms/GetCurrentPublicVersion', 'public'),
  // The CSV and XLSX exports of the instances a list shows: the same rows as the OData read, so the same claim.
  rule('GET', '/api/Forms/ExportInstancesCsv', P.FormInstance_SelectList),
  rule('GET', '/api/Forms/ExportInstancesXlsx', P.FormInstance_SelectList),
  rule('GET', '/api/Forms/InstanceSummary', P.FormInstance_SelectList),
  // Beyond the spec: an instance as its form's PDF, filled in: reading one instance, so that instance's claim.
  rule('GET', '/api/Forms/DownloadPdf', P.FormInstance_Select),
  rule('GET', '/api/Forms/StatusHistory', P.FormInstance_Select),
  // Beyond the spec: the files of file upload answers. An upload writes an instance (a visitor's only to the instance
  // their edit link names); a download reads one instance, so that instance's claim.
  rule('POST', '/api/FormFiles/Upload', P.FormInstance_Update, true),
  rule('GET', '/api/FormFiles/Download', P.FormInstance_Select),
  // Requesting a signature adds signers to an instance: the spec's endpoint permission, or FormSigner Add / AddUpdate.
  { ...rule('POST', '/api/Signing/RequestSignature', P.Signing_RequestSignature), alternatives: [P.FormSigner_Add, P.FormSigner_AddUpdate] },
  rule('GET', '/api/Signing/DownloadDocument', P.Signing_DownloadDocument),
  // Beyond the spec: the envelopes behind the Signing screen, each with its FormSigner permission. Remind and a
  // signer's link change the envelope (Update, or AddUpdate); a void ends it but keeps it and its append-only audit, as
  // a soft delete keeps a row (MarkDeleted, or Delete: nothing removes an envelope, so the hard-delete right voids too).
  rule('GET', '/api/Signing/ListEnvelopes', P.FormSigner_SelectList),
  rule('GET', '/api/Signing/GetEnvelope', P.FormSigner_Select),
  rule('GET', '/api/Signing/GetAuditEvents', P.FormSigner_Select),
  rule('GET', '/api/Signing/VerifyAudit', P.FormSigner_Select),
  { ...rule('POST', '/api/Signing/RemindSigners', P.FormSigner_Update), alternatives: [P.FormSigner_AddUpdate] },
  { ...rule('POST', '/api/Signing/GetSignerLink', P.FormSigner_Update), alternatives: [P.FormSigner_AddUpdate] },
  // Sending an envelope's failed e-mail again is a reminder of one message: the same claims.
  { ...rule('POST', '/api/Signing/ResendMail', P.FormSigner_Update), alternatives: [P.FormSigner_AddUpdate] },
  { ...rule('POST', '/api/Signing/VoidEnvelope', P.FormSigner_MarkDeleted), alternatives: [P.FormSigner_Delete] },
  // Beyond the spec: the Outbox of the mail sent (signing links among it), for administrators only.
  rule('GET', '/api/Mail/Outbox', P.GlobalDataAdmin),
  // The signing page: a signer's link token (in the body) is the only credential.
  rule('POST', '/api/Signing/Open', 'public'),
  rule('POST', '/api/Signing/Sign', 'public'),
  rule('POST', '/api/Signing/Decline', 'public'),
];

const BY_KEY = new Map(ROUTE_RULES.map((r) => [`${r.method} ${r.path}`, r]));

/** The rule of a route (method in any case, exact path), or undefined for a route the API does not have. */
export function routeRule(method: string, path: string): RouteRule | undefined {
  return BY_KEY.get(`${method.toUpperCase()} ${path}`);
}
