/**
 * Ids: every row of the contract is named by a UUID, compared regardless of case.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID (so it can be compared with uuid columns). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
