import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { ApiContext } from './api-context';
import type { Labels } from './labels';

/** A group of texts with their English defaults, e.g. `sharedLabels`; the values may be overridden by any string. */
export type LabelTexts<T> = { [K in keyof T]: string };

const LabelsContext = createContext<Partial<Labels> | null>(null);

/**
 * The text key of each overrides object seen, so a screen that hands its complete texts (hundreds of them) to every
 * piece is not written out as JSON by each piece on each render: the same object is keyed once. Overrides are read,
 * never changed, by the pieces (a host changing its texts passes a new object).
 */
const overrideKeys = new WeakMap<object, string>();

function overridesKey(overrides: Partial<Labels>): string {
  let key = overrideKeys.get(overrides);
  if (key === undefined) {
    key = JSON.stringify(overrides);
    overrideKeys.set(overrides, key);
  }
  return key;
}

/** Stands for "no texts here" (no provider, no screen) as a key of the caches below. */
const NONE: object = {};

/**
 * The merged texts of each defaults × provider texts × screen texts × overrides seen. Each piece of a screen asks for
 * its group's texts on mounting; a builder of 300 fields mounts hundreds of pieces handed the same texts, and each
 * spread of four objects of hundreds of texts was most of what asking cost. The same inputs now give the same object,
 * built once (and a piece memoised on its texts sees them unchanged).
 */
const mergedTexts = new WeakMap<object, WeakMap<object, WeakMap<object, Map<string, object>>>>();

function merge<T extends Readonly<Record<string, string>>>(
  defaults: T,
  fromProvider: Partial<Labels> | undefined,
  fromScreen: Partial<Labels> | null,
  overrides: Partial<Labels> | undefined,
  key: string,
): LabelTexts<T> {
  if (!fromProvider && !fromScreen && !overrides) return defaults;
  let byProvider = mergedTexts.get(defaults);
  if (!byProvider) mergedTexts.set(defaults, (byProvider = new WeakMap()));
  let byScreen = byProvider.get(fromProvider ?? NONE);
  if (!byScreen) byProvider.set(fromProvider ?? NONE, (byScreen = new WeakMap()));
  let byOverrides = byScreen.get(fromScreen ?? NONE);
  if (!byOverrides) byScreen.set(fromScreen ?? NONE, (byOverrides = new Map()));
  let texts = byOverrides.get(key);
  if (!texts) byOverrides.set(key, (texts = { ...defaults, ...fromProvider, ...fromScreen, ...overrides }));
  return texts as LabelTexts<T>;
}

/**
 * The texts of one group in force: its English `defaults`, then the nearest `APIProvider`'s `labels`, then the
 * nearest {@link LabelsProvider} (a screen's own `labels` prop), then `overrides`. A piece asks only for the group it
 * shows, so it carries only those defaults (the public form viewer never carries the admin screens' texts). Works
 * outside a provider too (the defaults), so shared pieces render anywhere.
 */
export function useLabelGroup<T extends Readonly<Record<string, string>>>(defaults: T, overrides?: Partial<Labels>): LabelTexts<T> {
  const fromProvider = useContext(ApiContext)?.labelOverrides;
  const fromScreen = useContext(LabelsContext);
  // Keyed by the override values, so an inline `labels={{…}}` does not make a new object every render.
  const key = overrides ? overridesKey(overrides) : '';
  return useMemo(
    () => merge(defaults, fromProvider, fromScreen, overrides, key),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [defaults, fromProvider, fromScreen, key],
  );
}

/**
 * Makes `labels` the texts of everything below, over the `APIProvider`'s: a screen's own overrides (the screens pass
 * their complete texts, e.g. from `useLabels`).
 */
export function LabelsProvider({ labels, children }: { labels: Partial<Labels>; children?: ReactNode }) {
  return <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>;
}
LabelsProvider.displayName = '@ccq/forms-admin/LabelsProvider';
