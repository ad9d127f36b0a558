/**
 * The domain core (docs/decisions.md, Layers and Forms engine): the rules that the client, the test fake and the
 * reference server share, React-free and HTTP-free, one module per rule. Both backends import these
 * and keep only storage and HTTP; `@ccq/forms-admin/api` re-exports the public ones.
 */
export { REASON_PHRASES, reasonPhrase, DomainError, isDomainError } from './errors';
export type { DomainErrorStatus } from './errors';
export { isUuid } from './ids';
export { answerPatternCheck, MAX_PATTERN_CHECK_BODY_BYTES, patternSyntaxRefusal, readPatternCheckBody } from './pattern-check';
export {
  PRIORITY_RANGE,
  isValidPriority,
  MAX_ARRAY_ITEMS,
  MAX_CHANGE_PAIRS,
  MAX_GROUP_NAME_LENGTH,
  MAX_REQUEST_BODY_BYTES,
  MAX_CHANGE_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_INSTANCE_BODY_BYTES,
  ANONYMOUS_WRITE_LIMITS,
  PDF_TEMPLATE_LIMITS,
  PAGE_SIZE,
} from './limits';
export type { RateWindow, AnonymousWriteLimits } from './limits';
export { missingParameterMessage, nulParameterMessage, QueryParams } from './params';
export {
  isJsonRecord,
  checkJsonContentType,
  parseJsonText,
  checkJsonText,
  hasNulCharacter,
  JSON_TOO_DEEP_MESSAGE,
  NUL_CHARACTER_MESSAGE,
  requireJsonObject,
  field,
  hasField,
  arrayField,
  idArrayField,
  intArrayField,
  boolField,
} from './json-body';
export type { JsonRecord } from './json-body';
export { readPaging, pageWindow, toPaged, pageOf } from './paging';
export type { Paging } from './paging';
export {
  readClaimGroupIncludes,
  readUserIncludes,
  readUserGroupIncludes,
  EVERY_CLAIM_GROUP_INCLUDE,
  NO_CLAIM_GROUP_INCLUDE,
} from './includes';
export type { ClaimGroupIncludeFlags, UserIncludeFlags, UserGroupIncludeFlags } from './includes';
export {
  CLAIM_TYPES,
  CLAIM_CATALOGUE,
  catalogueClaim,
  claimKey,
  allClaimValues,
  claimTypesIn,
  claimTypeRecords,
  claimTypeNames,
  ROW_LEVEL_TABLES,
  parseClaimTypeFlags,
  parseRowLevelTable,
} from './claim-catalogue';
export type { CatalogueClaim, RowLevelTable } from './claim-catalogue';
export { formSchemaDisplayName, formInstanceDisplayName } from './entity-names';
export {
  satisfies,
  isAdministrator,
  holdsGlobalDataAdmin,
  claimRequiredError,
  rowLevelPermission,
  mayCheckAdminRoleOf,
} from './access';
export type { SatisfiesOptions } from './access';
export { ROUTE_RULES, routeRule } from '../contract/route-access';
export type { RouteMethod, RouteClaim, RouteRule } from '../contract/route-access';
export {
  reachableClaimGroups,
  resolveGrants,
  computeEffectiveClaims,
  wouldCreateCycle,
  grantBeats,
  collectGrants,
  explainEffectiveClaims,
  claimGroupHolderGraph,
} from './effective-claims';
export type {
  ClaimGrantInput,
  ClaimGroupNode,
  ClaimHolderGraph,
  GrantSourceStep,
  ExplainedGrant,
  OverruledReason,
  EffectivePermission,
} from './effective-claims';
export {
  ALL_DEFAULT_CLAIMS,
  BUILT_IN_CLAIM_GROUP_DEFINITIONS,
  builtInClaimGroupDefinition,
  builtInGroupDeleteReason,
  builtInGroupEmptyReason,
  planBuiltInUpsert,
} from './built-in-claim-groups';
export type {
  BuiltInClaimGroupKey,
  BuiltInClaimGroupDefinition,
  ExistingClaimGroup,
  BuiltInUpsertStep,
} from './built-in-claim-groups';
export {
  GROUP_LABELS,
  normalizeGroupName,
  groupNameIssue,
  groupNameKey,
  assertGroupNameFree,
  findGroupByName,
  claimGroupNotFound,
  userGroupNotFound,
} from './group-names';
export type { GroupKind, GroupNameIssue } from './group-names';
export {
  HOLDER_LABELS,
  unknownHolderError,
  checkChangeSize,
  parseClaimGroupsChange,
  parseClaimBase,
  parseClaimsChange,
  parseUsersInGroupsChange,
  dropsClaimGroup,
  checkClaimGroupNesting,
} from './claim-changes';
export type { HolderKind } from './claim-changes';
export {
  effectiveClaimsIn,
  isEnabledGlobalAdmin,
  globalAdministrators,
  applyAccessChange,
  builtInResetChange,
  LAST_ADMINISTRATOR_MESSAGE,
  ACCESS_REFUSAL_CODES,
  checkAccessChange,
  removesOwnAdminAccess,
  changeCanRemoveAccess,
  accessModelFromLists,
  accessModelFromRows,
} from './access-model';
export type {
  AccessHolder,
  AccessUser,
  AccessClaimGroup,
  AccessModel,
  AccessChange,
  AccessLists,
  AccessRows,
} from './access-model';
export {
  FORBIDDEN_POINTER_SEGMENTS,
  JsonPointerError,
  escapePointerSegment,
  unescapePointerSegment,
  parsePointer,
  formatPointer,
  isValidPointer,
  joinPointer,
  getAt,
  hasAt,
  setAt,
  removeAt,
} from '../contract/json-pointer';
export type { JsonPointerErrorCode, PointerInput } from '../contract/json-pointer';
export {
  diffItems,
  changedAnything,
  historyEntriesOf,
  grantItems,
  linkItems,
  memberItems,
  readHistoryHolderKind,
  readHistoryQuery,
} from './change-history';
export type { HistoryQuery, HistoryHolderKind, HistoryAction, HistoryItem, HistoryEntry } from './change-history';
export {
  MAX_NAME_SEARCH_LENGTH,
  nameSearchOf,
  readNameSearch,
  matchesNameSearch,
  likePatternOf,
  likePatternsOf,
  nameSearchWords,
  compareByName,
  readSubGroupCandidatesOf,
} from './name-search';
export type { NameSearch } from './name-search';
export {
  MAX_OWN_ADMIN_CHANGES,
  parseOwnAdminChanges,
  accessReferencesOf,
  changesRemoveOwnAdminAccess,
} from './own-admin-check';
export type { OwnAdminChange } from './own-admin-check';
