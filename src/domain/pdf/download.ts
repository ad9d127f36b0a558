/**
 * The file name of an instance's filled PDF (`Forms/DownloadPdf`): `{form name} - filled.pdf`, a leaf name only, by
 * the rule of the signed document's download (`Signing/DownloadDocument`: `{form name} - signed.pdf`), so both
 * downloads of one instance sort together.
 */
import { leafFileName } from '../signing/disposition';

/** `{form name} - filled.pdf`, leaf only. */
export function filledPdfFileName(formName: string): string {
  return leafFileName(`${formName.trim() || 'Form'} - filled.pdf`, 'filled.pdf');
}
