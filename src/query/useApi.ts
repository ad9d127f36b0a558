import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiClientOver } from '../api/client';
import type { ApiClient } from '../api/client';
import { useApiProviderState } from './api-context';
import { resolveLabels } from './labels';
import type { Labels } from './labels';

/** What `useApi()` returns. */
export interface ApiContextValue {
  /** The typed client of every backend call. */
  client: ApiClient;
  /** The backend base URL. */
  baseUrl: string;
  /** Every user-visible text, host overrides applied. */
  labels: Labels;
  /** The query client the provider uses. */
  queryClient: QueryClient;
}

// One complete set of texts per overrides object, so every screen under a provider shares it.
const resolvedLabels = new WeakMap<Partial<Labels>, Labels>();

function labelsFor(overrides: Partial<Labels> | undefined): Labels {
  if (!overrides) return resolveLabels(undefined);
  let labels = resolvedLabels.get(overrides);
  if (!labels) {
    labels = resolveLabels(overrides);
    resolvedLabels.set(overrides, labels);
  }
  return labels;
}

/**
 * The API client, labels and query client of the nearest `APIProvider`: the whole client (each area built on first
 * use) and every text. Throws 'Cannot access CCQ APIs outside an APIProvider.' outside one.
 */
export function useApi(): ApiContextValue {
  const state = useApiProviderState();
  return useMemo(
    () => ({
      client: apiClientOver(state.transport),
      baseUrl: state.baseUrl,
      labels: labelsFor(state.labelOverrides),
      queryClient: state.queryClient,
    }),
    [state],
  );
}
