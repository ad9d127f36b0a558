/**
 * The numbers that bound what one request may ask for, in one place for the client, the fake and
 * the reference server. The specification leaves them open (docs/spec.md, Constants and limits); every request is
 * bounded, so that no single call can hold the server or its database for long (docs/decisions.md, Security and limits).
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

/**
 * Deepest nesting of arrays and objects in any JSON request body. Bodies are checked against it as
 * text, before anything walks them recursively (a deep enough body would overflow the stack of
 * `structuredClone` or `JSON.stringify` and fail as a server error). Four times the schema and
 * data depth limits (`FORM_LIMITS`), so that a body a little over those gets their own, more
 * specific refusal; still shallow enough for any recursive walk.
 */
export const MAX_JSON_DEPTH = 128;

/**
 * The bounds of a form's `pdfTemplate` (the file name, page count and fields the form generator found
 * in an uploaded PDF). It is served with every read of the form, anonymous ones included, so it is
 * kept small: a template of 1000 fields with long names and options stays well inside `maxBytes`.
 */
export const PDF_TEMPLATE_LIMITS = {
  /** Characters of `JSON.stringify(pdfTemplate)`: 256 KiB. */
  maxBytes: 256 * 1024,
  /** Characters of the file name. */
  maxFileNameLength: 255,
  /** Pages of the PDF. */
  maxPages: 1000,
  /** Fields of the PDF. */
  maxFields: 1000,
  /** Characters of a field's name (PDF fully qualified names, e.g. `Applicant.Address.Street`). */
  maxFieldNameLength: 500,
  /** Options of a dropdown, option list or radio field. */
  maxOptions: 500,
  /** Characters of one option. */
  maxOptionLength: 500,
} as const;

/**
 * Largest accepted body of a form instance post or patch, in bytes: the instance data's own limit (1 MiB, the form
 * engine's `maxDataSize`) plus 64 KiB for the rest of the body. Instance writes are open to anonymous visitors of
 * public forms, so they do not get the 10 MiB that other requests may send.
 */
export const MAX_INSTANCE_BODY_BYTES = 1024 * 1024 + 64 * 1024;

/** At most `max` events within any `windowSeconds`. */
export interface RateWindow {
  max: number;
  windowSeconds: number;
}

/**
 * The bounds of anonymous writes (instance posts and patches, `MarkCompleted`, by callers the routes treat as
 * visitors of a public form), which no sign-in holds back. Each refusal is 429 with `Retry-After`.
 */
export interface AnonymousWriteLimits {
  /** Writes from one client address, over every schema (an autosave while typing is about one a second). */
  perAddress: RateWindow;
  /** Writes into one public schema, over every address. */
  perSchema: RateWindow;
  /**
   * Bytes of request bodies one address writes (`max` is bytes): each stored MiB keeps the database busy for a while
   * (an embedded PGlite on the server's own thread), so a few large saves must not buy as much as many small ones.
   */
  bytesPerAddress: RateWindow;
  /** New instances one address starts, over every schema (each may hold up to 1 MiB of data). */
  newInstancesPerAddress: RateWindow;
  /** Drafts (Created, InProgress) one address holds of one public schema among the instances it started in the window. */
  draftsPerAddressAndSchema: RateWindow;
}

/**
 * The default bounds of anonymous writes: a person typing (an autosave every second or so), a few people behind one
 * address, and a busy public form (a hundred people typing at once) all pass (16 MiB a minute is a form with a
 * signature image saved at every keystroke); one address can add at most 60 instances (60 MiB) an hour, and hold at
 * most 20 unsubmitted drafts of a form a day. The reference server takes other numbers from its configuration.
 */
export const ANONYMOUS_WRITE_LIMITS: Readonly<AnonymousWriteLimits> = /* @__PURE__ */ Object.freeze({
  perAddress: /* @__PURE__ */ Object.freeze({ max: 120, windowSeconds: 60 }),
  perSchema: /* @__PURE__ */ Object.freeze({ max: 6000, windowSeconds: 60 }),
  bytesPerAddress: /* @__PURE__ */ Object.freeze({ max: 16 * 1024 * 1024, windowSeconds: 60 }),
  newInstancesPerAddress: /* @__PURE__ */ Object.freeze({ max: 60, windowSeconds: 60 * 60 }),
  draftsPerAddressAndSchema: /* @__PURE__ */ Object.freeze({ max: 20, windowSeconds: 24 * 60 * 60 }),
});
