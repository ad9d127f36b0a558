import type { ClaimTypeRecord } from '../api/types';

/**
 * The claim number of `key` in the server's catalogue (`GetClaimEntriesForClaimTypes`).
 * Throws 'Claim key is undefined' when the key is missing or the server does not know it.
 */
export function resolveClaimValue(catalogue: readonly ClaimTypeRecord[], key: string | null | undefined): number {
  if (key) {
    for (const record of catalogue) {
      for (const entry of record.claimEntries) if (entry.key === key) return entry.value;
    }
  }
  throw new Error('Claim key is undefined');
}

/** Name ↔ number of every claim of the catalogue. */
export function claimNumbersByKey(catalogue: readonly ClaimTypeRecord[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const record of catalogue) for (const entry of record.claimEntries) map.set(entry.key, entry.value);
  return map;
}
