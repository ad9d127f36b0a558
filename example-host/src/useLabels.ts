import { defaultLabels } from './formsAdmin';
import type { Labels } from './formsAdmin';
import { useLabelTexts } from './useLabelTexts';

/**
 * The library's texts with the host's overrides, read from the nearest APIProvider when there is one: router pages
 * (Not Found, errors) must also render outside it, e.g. when a provider itself fails. Every text of every screen:
 * the pages of the main chunk (the public form, the router's pages) use {@link useLabelTexts} with one group instead.
 */
export function useLabels(): Labels {
  return useLabelTexts(defaultLabels);
}
