/**
 * The numbers that bound what one request may ask for, in one place for the client, the fake and
 * the reference server (docs/spec.md, Constants and limits leaves them open; docs/decisions.md, Security and limits asks for bounds on everything).
 */

/** Lowest and highest accepted `priorityOfPermission`; the default is `DEFAULT_PRIORITY_OF_PERMISSION` (1). */
export const PRIORITY_RANGE = { min: 0, max: 1000 } as const;

/** Whether a value is an accepted `priorityOfPermission`. */
export function isValidPriority(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= PRIORITY_RANGE.min && value <= PRIORITY_RANGE.max;
}

/** Largest number of items any array of a request body may hold. */
export const MAX_ARRAY_ITEMS = 1000;

/**
 * Most holder × item pairs one change (grants, claim groups or members) may touch. One holder with a
 * full array to add and another to remove fits; a bulk change of thousands of holders must be split,
 * so that no single write holds its locks for long.
 */
export const MAX_CHANGE_PAIRS = 2 * MAX_ARRAY_ITEMS;

/** Longest accepted group name (claim groups and application user groups), in characters after NFC. */
export const MAX_GROUP_NAME_LENGTH = 200;

/** Largest accepted request body, in bytes (the reference server's default `maxBodyBytes`). */
export const MAX_REQUEST_BODY_BYTES = 10 * 1024 * 1024;

/** Largest accepted body of a claims, claim-groups or members change, in bytes (a full change is about 120 kB). */
export const MAX_CHANGE_BODY_BYTES = 1024 * 1024;

/** Default and largest page size of the `…Paged` calls. */
export const PAGE_SIZE = { default: 10, max: 1000 } as const;
