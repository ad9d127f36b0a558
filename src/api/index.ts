/**
 * `@ccq/forms-admin/api`: the typed HTTP client for every call of spec §7, its errors, the OData
 * query builder, the contract types and enums. No React.
 */
export * from './enums';
export * from './types';
export * from '../domain/effective-claims';
export * from '../domain/built-in-claim-groups';
export * from './problem-details';
export * from './errors';
export * from './guards';
export * from './args';
export * from './dates';
export * from './content-disposition';
export * from './odata';
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
