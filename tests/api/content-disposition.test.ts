// @vitest-environment node
import { fileNameFromContentDisposition } from '../../src/api';

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename=report.pdf', 'report.pdf'],
    ['attachment; filename="my report 2024.pdf"', 'my report 2024.pdf'],
    ['attachment; filename="semi;colon.pdf"; size=3', 'semi;colon.pdf'],
    ['attachment; filename="say \\"hi\\".pdf"', 'say "hi".pdf'],
    ["attachment; filename*=UTF-8''na%C3%AFve%20file.pdf", 'naïve file.pdf'],
    ["attachment; filename*=utf-8'en'%E2%82%AC%20rates.pdf", '€ rates.pdf'],
    ["attachment; filename=\"fallback.pdf\"; filename*=UTF-8''na%C3%AFve%20file.pdf", 'naïve file.pdf'],
    ["attachment; filename*=UTF-8''na%C3%AFve.pdf; filename=\"fallback.pdf\"", 'naïve.pdf'],
    ["attachment; filename*=ISO-8859-1''caf%E9.pdf", 'café.pdf'],
    ['ATTACHMENT; FILENAME="upper.pdf"', 'upper.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.pdf"', 'x.pdf'],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  it('falls back to filename when filename* cannot be decoded', () => {
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=ok.pdf")).toBe('ok.pdf');
  });

  it.each([null, undefined, '', 'attachment', 'inline; size=3', 'attachment; filename=""'])(
    'is null for %j',
    (header) => {
      expect(fileNameFromContentDisposition(header)).toBeNull();
    },
  );
});
