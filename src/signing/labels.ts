import type { LabelTexts } from '../query/label-context';
import { sharedLabels } from '../query/shared-labels';
import { signDocumentLabels } from '../query/sign-document-labels';

/** The signing page's texts with their English defaults: the shared ones and the page's own. */
export const signDocumentTexts = { ...sharedLabels, ...signDocumentLabels } as const;

/** The signing page's texts (each may be overridden by any string, through `labels` or the `APIProvider`). */
export type SignDocumentLabels = LabelTexts<typeof signDocumentTexts>;
