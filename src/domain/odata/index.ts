/**
 * OData, once (docs/decisions.md, OData): the syntax tree, its parser and serialiser, the limits and
 * the in-memory evaluator. The client builds and serialises trees (`src/api/odata.ts`), the test
 * fake parses and evaluates them, and the reference server parses them and compiles them to SQL
 * (`example-host/server/odata`).
 */
export type {
  ODataLiteral,
  ODataLiteralType,
  ODataProperty,
  ODataCaseFunction,
  ODataCaseCall,
  ODataValue,
  ODataComparisonOperator,
  ODataStringFunction,
  ODataComparison,
  ODataStringMatch,
  ODataLogical,
  ODataNot,
  ODataIn,
  ODataLambda,
  ODataSearch,
  ODataFilter,
  ODataNode,
  ODataOrderBy,
  ODataExpand,
  ODataQuery,
  ODataLiteralInput,
} from './ast';
export {
  isGuidText,
  isIdentifier,
  stringLiteral,
  numberLiteral,
  guidLiteral,
  dateTimeLiteral,
  literal,
  property,
  comparison,
  logical,
} from './ast';
export { ODataError } from './errors';
export type { ODataOption, ODataErrorLocation } from './errors';
export {
  ODATA_LIMITS,
  effectiveTop,
  countFilterNodes,
  checkFilterSize,
  checkPaging,
  checkODataLimits,
  checkInList,
  checkSearch,
  countSearchTerms,
} from './limits';
export { parseFilter, parseOrderBy, parseSelect, parseExpand, parseSearch, parseODataQuery } from './parse';
export type { ODataQueryInput } from './parse';
export { serializeLiteral, serializeValue, serializeFilter, serializeSearch, optionPairs, serializeQuery } from './serialize';
export { jsonStrings, searchTexts, searchFields, searchesIds, matchesSearch, MIN_ID_SEARCH_LENGTH } from './search';
export type { SearchFields } from './search';
export { deletedViewFilter, isSoftDeletedRow, SOFT_DELETE_FLAG } from './deleted-view';
export { entityType, resolvePath, bindQuery, filterNames, hidesSoftDeleted } from './schema';
export type {
  ODataPropertyType,
  ODataNavigation,
  ODataEntityType,
  ODataSchema,
  ODataValueType,
  ODataPathStep,
  ResolvedPath,
} from './schema';
export { evaluateODataQuery, ODATA_ETAG } from './evaluate';
export type { ODataRow, ODataRowSource, ODataPage } from './evaluate';
export { FORMS_ODATA_SCHEMA, FORMS_ODATA_SETS } from './forms-schema';
export type { FormsODataType } from './forms-schema';
export {
  answerODataMetadata,
  edmType,
  FORMS_ODATA_SERVICE,
  ODATA_CONTAINER,
  ODATA_JSON_TYPE,
  ODATA_METADATA_JSON_TYPE,
  ODATA_METADATA_PATH,
  ODATA_METADATA_XML_TYPE,
  ODATA_NAMESPACE,
  odataMetadataFormat,
  odataMetadataJson,
  odataMetadataXml,
} from './metadata';
export type { ODataCsdlJson, ODataService } from './metadata';
