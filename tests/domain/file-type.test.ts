// @vitest-environment node
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../src/domain';
import { checkFileType, FILE_MEDIA_TYPES, FILE_TYPE_CODE, fileReferencesText, fileSizeText, fileTypeByContent, isFileReferences, type FileMediaType } from '../../src/domain/forms/file-type';

const fixture = (path: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${path}`, import.meta.url)));

// Real files of each kind the server accepts (the images drawn by Chromium's canvas, the PDF a test fixture).
const REAL: readonly [string, FileMediaType][] = [
  ['pdfs/normal.pdf', 'application/pdf'],
  ['files/tiny.png', 'image/png'],
  ['files/tiny.jpg', 'image/jpeg'],
  ['files/tiny.gif', 'image/gif'],
  ['files/tiny.webp', 'image/webp'],
  ['files/note.txt', 'text/plain'],
];

/** The first bytes of a real executable: the Node binary running this test. */
function executable(): Uint8Array {
  const bytes = new Uint8Array(4096);
  const fd = openSync(process.execPath, 'r');
  try {
    return bytes.subarray(0, readSync(fd, bytes, 0, bytes.length, 0));
  } finally {
    closeSync(fd);
  }
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('The file was accepted.');
};

describe('the type of an uploaded file, read from its content', () => {
  it.each(REAL)('reads %s as %s', (path, type) => {
    expect(fileTypeByContent(fixture(path))).toBe(type);
    expect(checkFileType(fixture(path), FILE_MEDIA_TYPES, 'attachments')).toBe(type);
  });

  it('reads a renamed executable as none of the types, whatever its name, and refuses it with 415 naming the field', () => {
    expect(fileTypeByContent(executable())).toBeNull();
    const error = refusal(() => checkFileType(executable(), ['application/pdf'], 'payslip'));
    expect(isDomainError(error)).toBe(true);
    expect(error).toMatchObject({ status: 415, extensions: { code: FILE_TYPE_CODE, fieldId: 'payslip' } });
    expect((error as Error).message).toBe("The file for 'payslip' is none of the accepted types; the field accepts application/pdf.");
  });

  it('refuses a real file of a type the field does not accept, saying what the content is', () => {
    const error = refusal(() => checkFileType(fixture('files/tiny.png'), ['application/pdf', 'image/jpeg'], 'scan'));
    expect(error).toMatchObject({ status: 415, extensions: { code: FILE_TYPE_CODE, fieldId: 'scan' } });
    expect((error as Error).message).toBe("The file for 'scan' is image/png; the field accepts application/pdf, image/jpeg.");
  });

  it('takes text only as valid UTF-8 without NUL bytes; an empty file and a cut signature are nothing', () => {
    const bytes = (...b: number[]) => new Uint8Array(b);
    expect(fileTypeByContent(new TextEncoder().encode('\uFEFFa,b\r\n1,2\n'))).toBe('text/plain');
    expect(fileTypeByContent(bytes(0x61, 0x00, 0x62))).toBeNull();
    expect(fileTypeByContent(bytes(0x61, 0xc3))).toBeNull();
    expect(fileTypeByContent(bytes(0xff, 0xfe, 0x61, 0x00))).toBeNull();
    expect(fileTypeByContent(bytes())).toBeNull();
    expect(fileTypeByContent(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    // RIFF of another kind (a WAVE file) is not a WebP.
    expect(fileTypeByContent(bytes(...new TextEncoder().encode('RIFF'), 4, 0, 0, 0, ...new TextEncoder().encode('WAVE'), 0x80))).toBeNull();
  });
});

describe('a file answer in words', () => {
  it('writes each file as its name and size, joined, as the exports and the answers page do', () => {
    const files = [
      { fileId: 'a', name: 'payslip.pdf', size: 183_422, type: 'application/pdf' },
      { fileId: 'b', name: 'id.png', size: 1_258_291, type: 'image/png' },
    ];
    expect(isFileReferences(files)).toBe(true);
    expect(fileReferencesText(files, 'en')).toBe('payslip.pdf (179 KB); id.png (1.2 MB)');
    expect([0, 1023, 1024, 1024 * 1024 - 1, 1024 * 1024].map((n) => fileSizeText(n, 'en'))).toEqual(['0 B', '1,023 B', '1 KB', '1 MB', '1 MB']);
    // MB with at most one decimal: a limit reads '10 MB', never '10.0 MB'.
    expect([10 * 1024 * 1024, 2.5 * 1024 * 1024, 1023.4 * 1024].map((n) => fileSizeText(n, 'en'))).toEqual(['10 MB', '2.5 MB', '1,023 KB']);
    // The numbers are written in the reader's locale.
    expect([1023, 1536 * 1024].map((n) => fileSizeText(n, 'de'))).toEqual(['1.023 B', '1,5 MB']);
    expect(isFileReferences([{ fileId: 'a', name: 'x.pdf', size: '12', type: 'application/pdf' }])).toBe(false);
    expect(isFileReferences('x.pdf')).toBe(false);
  });
});
