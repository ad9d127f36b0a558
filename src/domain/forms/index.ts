/**
 * The forms rules that the test fake (src/testing) and the reference server
 * (example-host/server) share, React-free and HTTP-free: what each CRUD body may say, schema-version
 * immutability, public link access, the engine's check of instance data, and row versions. Each
 * backend keeps only its storage and HTTP.
 */
export {
  NIL_GUID,
  MAX_FORM_NAME_LENGTH,
  stringField,
  nullableStringField,
  booleanField,
  objectField,
  nonBlankName,
  formNameIssue,
  referenceField,
  requestedId,
  patchKey,
} from './fields';
export {
  FORMS_CRUD_ENTITIES,
  rowNotFound,
  idTaken,
  unknownFormGroup,
  unknownForm,
  unknownFormSchema,
  schemaOfAnotherForm,
  SCHEMA_IN_USE_CODE,
  SCHEMA_IN_USE_MESSAGE,
  readFormGroupPost,
  readFormGroupPatch,
  readFormPost,
  readFormPatch,
  changedCurrentSchema,
  postedCurrentSchema,
  checkCurrentSchema,
  EMPTY_JSON_SCHEMA,
  checkSchemaForSave,
  schemaProblemsRefusal,
  schemaProblemsAndPatterns,
  schemaShapeJson,
  schemaShapeOfJson,
  formSchemaPostShape,
  formSchemaPatchShape,
  schemaPostFormId,
  readFormSchemaPost,
  readFormSchemaPatch,
  statusField,
  instancePostSchemaId,
  DELETED_FORM_CODE,
  checkLiveInstanceTarget,
  readFormInstancePost,
  instancePatchSchemaId,
  readFormInstancePatch,
} from './entities';
export type { FormGroupFields, FormFields, FormSchemaFields, FormInstanceFields, CheckedSchemaShape, SchemaSaveCheck, SchemaPatchShape } from './entities';
export { readPdfTemplate } from './pdf-template';
export {
  LINK_TOKEN_LIFETIME_MS,
  FORM_LINK_TOKEN_HEADER,
  formLinkUrl,
  publicFormUrl,
  linkTokenOf,
  LINK_REQUIRED_MESSAGE,
  LINK_INVALID_MESSAGE,
  ANONYMOUS_INSTANCES_MESSAGE,
  VIEW_LINK_MESSAGE,
  checkPresentedLink,
  MAX_LINK_TOKEN_LENGTH,
  grantOfStoredLink,
  presentedLink,
  checkAnonymousInstancePost,
  actsAsFormVisitor,
  signedInVisitorRefusal,
  FORM_LINK_MODE_HEADER,
  PUBLIC_BASE_URL_MESSAGE,
  MAX_PUBLIC_BASE_URL_LENGTH,
  checkPublicBaseUrl,
  publicBaseUrlOf,
  requireLinkFor,
  COMPLETED_MESSAGE,
  ANONYMOUS_STATUSES,
  anonymousInstancePatch,
  needsValidData,
  INVALID_DATA_MESSAGE,
  checkInstanceData,
  etagOf,
  STALE_WRITE_MESSAGE,
  checkIfMatch,
} from './access';
export type { FormLinkMode, FormLinkGrant, StoredFormLink } from './access';
export {
  STATUS_TRANSITIONS,
  SUBMITTED_MESSAGE,
  VISITOR_COMPLETE_MESSAGE,
  NEW_COMPLETED_MESSAGE,
  mayChangeStatus,
  checkStatusChange,
  checkInstanceStatusChange,
} from './statuses';
export type { StatusActor, StatusOrigin } from './statuses';
export { allLive, RESTORE_CLAIMS, seesSoftDeleted } from './soft-delete';
export { CURRENT_PUBLIC_VERSION_PATH, NO_PUBLIC_VERSION_MESSAGE, currentPublicVersion, stableFormUrl } from './public-form';
export type { CurrentPublicVersion } from './public-form';
export { duplicateInstanceFields } from './duplicate';
export type { DuplicateFields } from './duplicate';
export { RETRY_AFTER_EXTENSION, retryAfterOf, resolveAnonymousWriteLimits } from './anonymous-writes';
export type { AnonymousWriteLimitCode } from './anonymous-writes';
