export { APIProvider, useApi, ApiContext, OUTSIDE_PROVIDER_MESSAGE, createDefaultQueryClient } from './APIProvider';
export type { APIProviderProps, ApiContextValue } from './APIProvider';
export { defaultLabels, resolveLabels } from './labels';
export type { Labels } from './labels';
export { createSafeContext } from './createSafeContext';
export * from './keys';
export * from './queries';
export * from './mutations';
