/**
 * `@ccq/forms-admin/api`: the typed HTTP client for every call of spec §7, its errors, the OData
 * query builder, the contract types and enums. No React.
 */
export * from './enums';
export * from './types';
// The domain rules a host or a screen needs (src/domain holds them once for client, fake and server).
export {
  accessModelFromLists,
  ALL_DEFAULT_CLAIMS,
  applyAccessChange,
  BUILT_IN_CLAIM_GROUP_DEFINITIONS,
  builtInClaimGroupDefinition,
  builtInGroupDeleteReason,
  builtInGroupEmptyReason,
  computeEffectiveClaims,
  effectiveClaimsIn,
  groupNameKey,
  isAdministrator,
  LAST_ADMINISTRATOR_MESSAGE,
  ACCESS_REFUSAL_CODES,
  MAX_ARRAY_ITEMS,
  MAX_CHANGE_PAIRS,
  MAX_GROUP_NAME_LENGTH,
  normalizeGroupName,
  PRIORITY_RANGE,
  reachableClaimGroups,
  removesOwnAdminAccess,
  resolveGrants,
  rowLevelPermission,
  satisfies,
  wouldCreateCycle,
} from '../domain';
export type {
  AccessChange,
  AccessClaimGroup,
  AccessHolder,
  AccessLists,
  AccessModel,
  AccessUser,
  BuiltInClaimGroupDefinition,
  BuiltInClaimGroupKey,
  ClaimGrantInput,
  ClaimGroupNode,
  ClaimHolderGraph,
  RowLevelTable,
  SatisfiesOptions,
} from '../domain';
export * from './problem-details';
export * from './errors';
export * from './guards';
export * from './args';
export * from './dates';
export * from './content-disposition';
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
export * from './transport';
export * from './client';
export type { ClaimApi } from './areas/claim';
export type { DynamicFormLinkingApi } from './areas/dynamic-form-linking';
export type { ODataApi, ODataEntitySet } from './areas/odata';
export type { CrudApi, CrudEntityApi } from './areas/crud';
export type { FormGeneratorApi, FileParameter } from './areas/form-generator';
export type { FormsApi } from './areas/forms';
export type { HealthCheckApi } from './areas/health-check';
export type { SigningApi } from './areas/signing';
