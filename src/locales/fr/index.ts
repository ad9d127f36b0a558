/**
 * The French pack: every text of the library ({@link frenchLabels}), every text of the form renderer with the engine's
 * validation messages ({@link frenchFormLabels}), and the locale dates and numbers are written in. Plain data, no
 * React: a React Server Component may import it and hand it to the client components as props.
 *
 * @example
 * ```tsx
 * import { APIProvider, FormInstanceViewer } from '@ccq/forms-admin';
 * import { frenchFormLabels, frenchLabels, frenchLocale } from '@ccq/forms-admin/locales/fr';
 *
 * <APIProvider baseUrl="/" labels={frenchLabels} locale={frenchLocale}>
 *   <FormInstanceViewer formSchemaId={id} mode="edit" formLabels={frenchFormLabels} />
 * </APIProvider>
 * ```
 * @packageDocumentation
 */
import type { Labels } from '../../labels/english';
import { fr1 } from './labels-1';
import { fr2 } from './labels-2';
import { fr3 } from './labels-3';
import { fr4 } from './labels-4';
import { fr5 } from './labels-5';
import { fr6 } from './labels-6';
import { fr7 } from './labels-7';
import { frInstanceDetail } from './instance-detail';
import { frInstanceSummary } from './instance-summary';
import { frMail } from './mail';

export { frenchFormLabels } from './form-labels';

/** Every text of the library in French, key for key the English pack's (`englishLabels`); placeholders kept as written. */
export const frenchLabels: Labels = { ...fr1, ...fr2, ...fr3, ...fr4, ...fr5, ...fr6, ...fr7, ...frInstanceDetail, ...frInstanceSummary, ...frMail };

/** The BCP 47 locale the French pack's dates, times and numbers are written in: the `locale` of `APIProvider`. */
export const frenchLocale = 'fr-FR';
