import type { DownloadDocumentResult } from '../../api/types';

/**
 * Saves a downloaded file under the name its `Content-Disposition` gave (or `fallback`), through a temporary object
 * URL that is revoked once the browser has taken the file.
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
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
