import { useLabelGroup } from './label-context';
import { defaultLabels, type Labels } from './labels';

export { LabelsProvider, useLabelGroup } from './label-context';
export type { LabelTexts } from './label-context';

/**
 * Every text in force: the English defaults, then the nearest `APIProvider`'s `labels`, then the nearest
 * {@link LabelsProvider} (a screen's own `labels` prop), then `overrides`. Works outside a provider too (English
 * defaults), so shared pieces render anywhere. Pieces that show a few texts use `useLabelGroup` with their own group.
 */
export function useLabels(overrides?: Partial<Labels>): Labels {
  return useLabelGroup(defaultLabels, overrides);
}
