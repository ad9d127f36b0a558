import { useContext } from 'react';
import { ApiContext, defaultLabels } from './formsAdmin';
import type { Labels } from './formsAdmin';

/**
 * The library's texts with the host's overrides, read from the nearest APIProvider when there is one: router pages
 * (Not Found, errors) must also render outside it, e.g. when a provider itself fails.
 */
export function useLabels(): Labels {
  const overrides = useContext(ApiContext)?.labelOverrides;
  return overrides ? { ...defaultLabels, ...overrides } : defaultLabels;
}
