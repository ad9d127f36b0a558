/**
 * The German pack: every text of the library ({@link germanLabels}), every text of the form renderer with the engine's
 * validation messages ({@link germanFormLabels}), and the locale dates and numbers are written in. Plain data, no
 * React: a React Server Component may import it and hand it to the client components as props.
 *
 * @example
 * ```tsx
 * import { APIProvider, FormInstanceViewer } from '@ccq/forms-admin';
 * import { germanFormLabels, germanLabels, germanLocale } from '@ccq/forms-admin/locales/de';
 *
 * <APIProvider baseUrl="/" labels={germanLabels} locale={germanLocale}>
 *   <FormInstanceViewer formSchemaId={id} mode="edit" formLabels={germanFormLabels} />
 * </APIProvider>
 * ```
 * @packageDocumentation
 */
import type { Labels } from '../../labels/english';
import { de1 } from './labels-1';
import { de2 } from './labels-2';
import { de3 } from './labels-3';
import { de4 } from './labels-4';
import { de5 } from './labels-5';
import { de6 } from './labels-6';
import { de7 } from './labels-7';
import { deInstanceDetail } from './instance-detail';
import { deInstanceSummary } from './instance-summary';
import { deMail } from './mail';

export { germanFormLabels } from './form-labels';

/** Every text of the library in German, key for key the English pack's (`englishLabels`); placeholders kept as written. */
export const germanLabels: Labels = { ...de1, ...de2, ...de3, ...de4, ...de5, ...de6, ...de7, ...deInstanceDetail, ...deInstanceSummary, ...deMail };

/** The BCP 47 locale the German pack's dates, times and numbers are written in: the `locale` of `APIProvider`. */
export const germanLocale = 'de-DE';
