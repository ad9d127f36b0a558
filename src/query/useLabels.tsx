import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { ApiContext } from './APIProvider';
import { defaultLabels, type Labels } from './labels';

const LabelsContext = createContext<Labels | null>(null);

/**
 * The texts in force: the English defaults, then the nearest `APIProvider`'s `labels`, then the nearest
 * {@link LabelsProvider} (a screen's own `labels` prop), then `overrides`. Works outside a provider too (English
 * defaults), so shared pieces render anywhere.
 */
export function useLabels(overrides?: Partial<Labels>): Labels {
  const api = useContext(ApiContext);
  const provided = useContext(LabelsContext) ?? api?.labels ?? defaultLabels;
  // Keyed by the override values, so an inline `labels={{…}}` does not make a new object every render.
  const key = overrides ? JSON.stringify(overrides) : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => (overrides ? { ...provided, ...overrides } : provided), [provided, key]);
}

/** Makes `labels` (complete, e.g. from {@link useLabels}) the texts of everything below: a screen's own overrides. */
export function LabelsProvider({ labels, children }: { labels: Labels; children?: ReactNode }) {
  return <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>;
}
LabelsProvider.displayName = '@ccq/forms-admin/LabelsProvider';
