/**
 * `@ccq/forms-admin/api`: the typed HTTP client for every call of docs/spec.md, Calls, its errors, the OData
 * query builder, the contract types and enums. No React. Named exports only: each name is public API on purpose.
 */
export {
  ALL_CLAIM_TYPES, ButtonClaim, ClaimTypeFlags, DEFAULT_PRIORITY_OF_PERMISSION, DefaultClaimNumbers,
  defaultClaimTypeOf, EnvelopeStatus, FormInstanceStatus, MenuClaim, Permission, PERMISSION_ACTIONS,
  PERMISSION_ENTITIES, RowLevelPermission, TableClaim,
} from './enums';
export type { ButtonClaimKey, ClaimKey, ClaimTypeFlag, MenuClaimKey, PermissionKey, TableClaimKey } from './enums';
export type {
  ApplicationUser, ApplicationUserApplicationUserGroup, ApplicationUserGroup, ApplicationUserGroupIncludes,
  ApplicationUserIncludes, AuditFields, ClaimBase, ClaimEntry, ClaimGrant, ClaimGroup, ClaimGroupIncludes,
  ClaimGroupLink, ClaimGroupSearchArgs, ClaimGroupsChangeRequest, ClaimsChangeRequest, ClaimTypeNames, ClaimTypeRecord, CrudEntities,
  CrudEntityName, DisplayNameFunction, DownloadDocumentResult, EntityWithPermissions, FieldComputation, FieldOption,
  FieldRule, FieldRuleGroup, FieldRuleNode, FieldWidget, Form, FormField, FormGroup, FormInstance, FormLayout, FormPage, FormSchema, FormSection,
  GeneratedForm, JsonObject, JsonValue, NameSearchArgs, OidcConfig, PageArgs, Paged, PdfField, PdfTemplate, InstanceFromApplication, PrefillProblem, PrimitivePathInfo, SelectedPermission,
  SignatureRequest, Signer, UserSessionData, UsersInGroupsChangeRequest,
  AuditProblem, AuditVerification, EnvelopeSigner, SignaturePlace, SignBody, SignerLink, SignerStatus, SigningAuditEvent, SigningEnvelope, SigningSession,
  OutboxAttachment, OutboxMessage,
} from './types';
// The domain rules a host or a screen needs (src/domain holds them once for client, fake and server).
export {
  ALL_DEFAULT_CLAIMS,
  BUILT_IN_CLAIM_GROUP_DEFINITIONS,
  builtInClaimGroupDefinition,
  builtInGroupDeleteReason,
  builtInGroupEmptyReason,
  computeEffectiveClaims,
  explainEffectiveClaims,
  groupNameKey,
  isAdministrator,
  LAST_ADMINISTRATOR_MESSAGE,
  ACCESS_REFUSAL_CODES,
  matchesNameSearch,
  MAX_NAME_SEARCH_LENGTH,
  nameSearchOf,
  MAX_ARRAY_ITEMS,
  MAX_CHANGE_PAIRS,
  MAX_GROUP_NAME_LENGTH,
  normalizeGroupName,
  PRIORITY_RANGE,
  removesOwnAdminAccess,
  rowLevelPermission,
  satisfies,
  wouldCreateCycle,
} from '../domain';
export type {
  AccessChange,
  AccessClaimGroup,
  AccessHolder,
  AccessModel,
  AccessUser,
  BuiltInClaimGroupDefinition,
  BuiltInClaimGroupKey,
  ClaimGrantInput,
  ClaimGroupNode,
  ClaimHolderGraph,
  EffectivePermission,
  ExplainedGrant,
  GrantSourceStep,
  HistoryAction,
  HistoryEntry,
  HistoryHolderKind,
  HistoryItem,
  NameSearch,
  OverruledReason,
  OwnAdminChange,
  RowLevelTable,
  SatisfiesOptions,
} from '../domain';
export {
  createProblemDetails, isProblemDetails, PROBLEM_CONTENT_TYPE, problemDetailOf, REASON_PHRASES,
} from './problem-details';
export type { ProblemDetails } from './problem-details';
export {
  API_ERROR_MESSAGE, ApiError, ArgumentError, isAbortError, isApiError, isNetworkError, NetworkError,
} from './errors';
export { claimKeyOf, singleKeyOf, singleOrNull } from './guards';
export { dateReviver, isIsoDateTime, parseJsonWithDates, reviveDates } from './dates';
export { fileNameFromContentDisposition } from './content-disposition';
// The OData builder under one namespace (`odata.eq`, `odata.and`, …), its option and result types by name.
export * as odata from './odata';
export type {
  ODataQueryOptions,
  ODataResult,
  Filter,
  FilterValue,
  FilterField,
  PropertyName,
  ODataOrderByItem,
  ODataExpandOptions,
} from './odata';
export { apiErrorFrom, createTransport } from './transport';
export type {
  ApiClientOptions, ApiRequest, CallOptions, HttpMethod, QueryValue, RetryOptions, Transport,
} from './transport';
export { createApiClient } from './client';
export type { ApiClient } from './client';
export type { ClaimApi } from './areas/claim';
export type { DynamicFormLinkingApi } from './areas/dynamic-form-linking';
export type { ODataApi, ODataEntitySet } from './areas/odata';
export type { CrudApi, CrudEntityApi } from './areas/crud';
export type { FormGeneratorApi, FileParameter } from './areas/form-generator';
export type { FormsApi } from './areas/forms';
export type { FormSchemaApi, PatternCheckResult } from './areas/form-schema';
export type { HealthCheckApi } from './areas/health-check';
export type { ListEnvelopesFilter, SigningApi } from './areas/signing';
