import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_URL_LIFETIME_MS, saveDownload } from '../../src/forms-admin/FormInstanceList/download';

afterEach(() => {
  vi.useRealTimers();
});

describe('saveDownload', () => {
  it('keeps the object URL valid while the browser takes the file, then revokes it', () => {
    vi.useFakeTimers();
    const revoked: string[] = [];
    const clicked: { href: string; download: string }[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn((url: string) => revoked.push(url)) });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    try {
      const name = saveDownload({ data: new Blob(['a,b']), fileName: 'Zoë.csv' }, 'form-instances.csv');
      expect(name).toBe('Zoë.csv');
      expect(clicked).toEqual([{ href: 'blob:export', download: 'Zoë.csv' }]);
      // The browser reads the URL after the click, in its own time: not revoked at once, nor a second before the lifetime.
      vi.advanceTimersByTime(DOWNLOAD_URL_LIFETIME_MS - 1_000);
      expect(revoked).toEqual([]);
      vi.advanceTimersByTime(1_000);
      expect(revoked).toEqual(['blob:export']);
      expect(DOWNLOAD_URL_LIFETIME_MS).toBeGreaterThanOrEqual(30_000);
      expect(document.querySelector('a[download]')).toBeNull();
    } finally {
      click.mockRestore();
    }
  });

  it('names the file by the fallback when the answer gave none', () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      expect(saveDownload({ data: new Blob(['%PDF']), fileName: null }, 'signed-document.pdf')).toBe('signed-document.pdf');
    } finally {
      click.mockRestore();
    }
  });
});
