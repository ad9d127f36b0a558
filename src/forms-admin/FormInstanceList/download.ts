import type { DownloadDocumentResult } from '../../api/types';

/**
 * How long an object URL handed to the browser's download stays valid. The browser reads the file behind the URL
 * after the click returns, in its own time: a URL revoked at once (a zero timeout) lost the download on a loaded
 * machine (no file, no error). FileSaver.js waits 40 s for the same reason.
 */
export const DOWNLOAD_URL_LIFETIME_MS = 40_000;

/**
 * Saves a downloaded file under the name its `Content-Disposition` gave (or `fallback`), through a temporary object
 * URL that is revoked once the browser has had time to take the file ({@link DOWNLOAD_URL_LIFETIME_MS}).
 */
export function saveDownload(file: Pick<DownloadDocumentResult, 'data' | 'fileName'>, fallback: string): string {
  const name = file.fileName ?? fallback;
  const url = URL.createObjectURL(file.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The revoking function as it is now: the timer fires long after this call.
  const revoke = URL.revokeObjectURL.bind(URL);
  setTimeout(() => revoke(url), DOWNLOAD_URL_LIFETIME_MS);
  return name;
}
