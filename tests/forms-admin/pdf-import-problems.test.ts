import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { describePdfImportError } from '../../src/forms-admin/PdfFormImport';
import { problemBeforeUpload } from '../../src/forms-admin/PdfFormImport/import-problems';
import { defaultLabels } from '../../src/query/labels';

const refusal = (status: number, detail: string, extra: Record<string, unknown> = {}) =>
  new ApiError(status, JSON.stringify({ detail }), new Headers(), { type: 'about:blank', title: 'Refused', status, detail, ...extra });

describe('describePdfImportError', () => {
  it.each([
    ['encrypted', 'encrypted'],
    ['corrupt', 'corrupt'],
    ['too-many-pages', 'tooManyPages'],
    ['xfa-only', 'xfa'],
    ['no-fields', 'noFields'],
    ['not-a-pdf', 'notPdf'],
    ['PDF_TOO_LARGE', 'tooLarge'],
  ])("reads the server's code %s as %s", (code, problem) => {
    expect(describePdfImportError(refusal(422, 'Some words.', { code }), defaultLabels).problem).toBe(problem);
  });

  it('falls back to the status (403, 413, 415) and then to the words', () => {
    expect(describePdfImportError(refusal(403, 'Forbidden.'), defaultLabels).problem).toBe('forbidden');
    expect(describePdfImportError(refusal(413, 'Too big.'), defaultLabels).problem).toBe('tooLarge');
    expect(describePdfImportError(refusal(415, 'Wrong type.'), defaultLabels).problem).toBe('notPdf');
    expect(describePdfImportError(refusal(400, 'The uploaded PDF is empty.'), defaultLabels).problem).toBe('empty');
    expect(describePdfImportError(refusal(400, 'Something else entirely.'), defaultLabels)).toMatchObject({
      problem: 'other',
      message: defaultLabels.piErrorOther,
      detail: 'Something else entirely.',
    });
  });

  it("shows the server's words under the sentence unless they say the same or add nothing to a coded refusal, never a 5xx body, and offers the builder for a PDF without fields", () => {
    const noFields = describePdfImportError(refusal(422, defaultLabels.piErrorNoFields, { code: 'no-fields' }), defaultLabels);
    expect(noFields).toEqual({ problem: 'noFields', message: defaultLabels.piErrorNoFields, offerBuilder: true });
    const pages = describePdfImportError(refusal(422, 'This PDF has 10000 pages; at most 500 are allowed.', { code: 'too-many-pages' }), defaultLabels);
    expect(pages).toMatchObject({ detail: 'This PDF has 10000 pages; at most 500 are allowed.', offerBuilder: false });
    // Named by its code and saying nothing the sentence does not (the reference server's words for an encrypted PDF):
    // the sentence alone, in the reader's language.
    const encrypted = describePdfImportError(refusal(422, 'This PDF is encrypted (password protected). Remove the protection and upload it again.', { code: 'encrypted' }), defaultLabels);
    expect(encrypted).toEqual({ problem: 'encrypted', message: defaultLabels.piErrorEncrypted, offerBuilder: false });
    // Read from the words, they stay.
    expect(describePdfImportError(refusal(422, 'The PDF is encrypted.'), defaultLabels)).toMatchObject({ problem: 'encrypted', detail: 'The PDF is encrypted.' });
    expect(describePdfImportError(new ApiError(500, 'stack trace', new Headers(), null), defaultLabels)).toEqual({
      problem: 'other',
      message: defaultLabels.piErrorOther,
      offerBuilder: false,
    });
    expect(describePdfImportError(refusal(413, 'Too big.', { maxBytes: 25 * 1024 * 1024 }), defaultLabels).message).toBe(
      'This PDF is too large. The largest accepted is 25 MB.',
    );
    // The limit's number is written in the reader's locale, by the one rule every size in the product follows.
    expect(describePdfImportError(refusal(413, 'Too big.', { maxBytes: 2.5 * 1024 * 1024 }), defaultLabels, 'de').message).toBe(
      'This PDF is too large. The largest accepted is 2,5 MB.',
    );
    expect(problemBeforeUpload({ size: 3 * 1024 * 1024 }, 2.5 * 1024 * 1024, defaultLabels, 'en')?.message).toBe('This PDF is too large. The largest accepted is 2.5 MB.');
  });
});
