/**
 * The signature images the signing page posts (PNG data URLs), checked against the limits the server applies
 * (`SIGNING_LIMITS` of src/domain/signing), so that the signer learns of a problem before anything is sent.
 */
import { SIGNING_LIMITS } from '../domain/signing/request';
import { drawnSignatureBytes } from '../engine/signature-value';

/**
 * The handwriting-style fonts of a typed signature: script faces that ship with Windows and macOS, then the generic
 * `cursive` family, so that no font is downloaded (the page works offline and under a strict Content-Security-Policy).
 */
export const TYPED_SIGNATURE_FONT_FAMILY = "'Segoe Script', 'Bradley Hand', 'Brush Script MT', 'Apple Chancery', cursive";

/** The ink of a signature: near-black on a transparent background, readable on the white page it is stamped on. */
export const SIGNATURE_INK = '#1a1b1e';

/** Font size and padding of a typed signature, in CSS pixels before the device ratio. */
const TYPED_FONT_PX = 44;
const TYPED_PADDING_PX = 12;

/** Whether a signature image is within the server's size limit. */
export function withinImageLimit(dataUrl: string): boolean {
  return drawnSignatureBytes(dataUrl) <= SIGNING_LIMITS.maxSignatureImageBytes;
}

/**
 * Draws `name` in the handwriting-style font on a canvas just large enough for it and returns the PNG as a data URL
 * (null when there is nothing to draw or the browser gives no 2D context). The image is at most
 * `SIGNING_LIMITS.maxSignatureImagePixels` wide: a very long name is drawn smaller.
 */
export function renderTypedSignature(name: string, pixelRatio = 1): string | null {
  const text = name.trim();
  if (text === '' || typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  const ratio = Math.max(1, Math.min(pixelRatio, 3));
  const font = (px: number) => `italic ${px}px ${TYPED_SIGNATURE_FONT_FAMILY}`;
  let size = TYPED_FONT_PX * ratio;
  context.font = font(size);
  const padding = TYPED_PADDING_PX * ratio;
  const max = SIGNING_LIMITS.maxSignatureImagePixels;
  let width = Math.ceil(context.measureText(text).width) + 2 * padding;
  if (width > max) {
    size = Math.floor((size * (max - 2 * padding)) / (width - 2 * padding));
    context.font = font(size);
    width = Math.min(max, Math.ceil(context.measureText(text).width) + 2 * padding);
  }
  canvas.width = Math.max(1, width);
  canvas.height = Math.ceil(size * 1.6 + 2 * padding);
  // Setting the size resets the context's state.
  context.font = font(size);
  context.fillStyle = SIGNATURE_INK;
  context.textBaseline = 'middle';
  context.fillText(text, padding, canvas.height / 2);
  const url = canvas.toDataURL('image/png');
  return url.startsWith('data:image/png;base64,') ? url : null;
}
