/**
 * `@ccq/forms-admin/viewer` — what an integrator embeds in a public page: the providers and the
 * pieces the public form viewer is built from. `FormInstanceViewer` joins this entry with the
 * form renderer.
 */
export { APIProvider, useApi } from './query/APIProvider';
export type { APIProviderProps, ApiContextValue } from './query/APIProvider';
export { defaultLabels } from './query/labels';
export type { Labels } from './query/labels';
export { ErrorAlert } from './ui/ErrorAlert';
export { LoadingState } from './ui/LoadingState';
export type { FormSchema, FormInstance, FormLayout, FormPage, FormSection, FormField, FieldRule, FieldWidget } from './api/types';
export { FormInstanceStatus } from './api/enums';
