/**
 * A signature question's value: a typed name (the text itself) or a drawn signature, a PNG image as a `data:` URL.
 * A drawn one is shown as an image where the form is shown, and never written as text anywhere else (an export cell,
 * an answer column, a PDF text field): there it is described ('Drawn signature (14 KB)') or left out. React-free.
 */
import { fileSizeText } from './file-references';

/** Whether a stored signature is a drawn image (only PNG data URLs are ever shown as images). */
export function isDrawnSignature(value: unknown): value is string {
  return typeof value === 'string' && /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(value);
}

/** The size in bytes of a drawn signature's image (its base64 data decoded): any PNG data URL's (the signing page's limit too). */
export function drawnSignatureBytes(value: string): number {
  const data = value.slice(value.indexOf(',') + 1);
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** The English words of a drawn signature where it cannot be shown (`{size}` its image's size). */
export const DRAWN_SIGNATURE_TEXT = 'Drawn signature ({size})';

/** A drawn signature in words, from `template` (`{size}`: its image's size, 'KB' and 'MB' in `locale`). */
export function drawnSignatureText(value: string, template: string = DRAWN_SIGNATURE_TEXT, locale?: string): string {
  return template.replace('{size}', fileSizeText(drawnSignatureBytes(value), locale));
}
