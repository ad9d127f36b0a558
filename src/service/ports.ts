/**
 * The ports every use case of `src/service` may take besides its own store: what time it is and how new rows are
 * named. Each backend passes its own (the test fake: its settable clock and seeded ids; the reference server: the
 * system clock and random UUIDs), so a use case never reads `Date.now()` or `crypto` itself.
 */
import type { HistoryEntry } from '../domain';

/** What time it is. */
export interface Clock {
  now(): Date;
}

/** New row ids. */
export interface Ids {
  newId(): string;
}

/** Who makes a change, as the change history names them (null: the system, e.g. a seed). */
export type Actor = HistoryEntry['actor'];
