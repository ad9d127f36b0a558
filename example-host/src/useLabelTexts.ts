import { useContext, useMemo } from 'react';
import { ApiContext } from './formsAdmin';

/** One group of texts, as a host's override may change any of them. */
export type LabelGroupTexts<T> = { [K in keyof T]: string };

/**
 * One group of the library's texts (e.g. `routerLabels`) with the host's overrides, read from the nearest APIProvider
 * when there is one (router pages must also render outside it, e.g. when a provider itself fails). The pages in the
 * main chunk ask for the group they show, so the public form's route does not carry every screen's texts
 * (`defaultLabels`, which `useLabels` reads).
 */
export function useLabelTexts<T extends Readonly<Record<string, string>>>(defaults: T): LabelGroupTexts<T> {
  const overrides = useContext(ApiContext)?.labelOverrides;
  return useMemo(() => (overrides ? { ...defaults, ...(overrides as Partial<LabelGroupTexts<T>>) } : defaults), [defaults, overrides]);
}
