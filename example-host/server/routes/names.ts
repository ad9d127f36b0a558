/**
 * Group names: trimmed, not blank, at most 200 characters, no control characters, and unique among
 * the live groups of their table regardless of case.
 */
import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { applicationUserGroups, claimGroups } from '../db/schema';
import { HttpError, type QueryReader } from './http';

/** Longest accepted group name. */
export const MAX_GROUP_NAME_LENGTH = 200;

/** The trimmed group name in query parameter `param`; 400 when missing, blank, too long or not text. */
export function readGroupName(query: QueryReader, param: string): string {
  const raw = query.get(param);
  if (raw === undefined) query.required(param); // throws the spec's message
  const name = (raw ?? '').trim();
  if (name === '') throw new HttpError(400, `The parameter '${param}' must not be blank.`);
  if (name.length > MAX_GROUP_NAME_LENGTH) {
    throw new HttpError(400, `The parameter '${param}' must be at most ${MAX_GROUP_NAME_LENGTH} characters long.`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    throw new HttpError(400, `The parameter '${param}' must not contain control characters.`);
  }
  return name;
}

/**
 * 409 when another group of the table already has the name, compared case-insensitively (soft-deleted
 * rows count too: the table's unique constraint covers them).
 */
export async function assertNameFree(
  db: Db,
  kind: 'claimGroup' | 'userGroup',
  name: string,
  exceptId?: string,
): Promise<void> {
  const t = (kind === 'claimGroup' ? claimGroups : applicationUserGroups) as typeof claimGroups;
  const sameName = sql`lower(${t.name}) = lower(${name})`;
  const [clash] = await db
    .select({ id: t.id, name: t.name })
    .from(t)
    .where(exceptId ? and(sameName, ne(t.id, exceptId)) : sameName)
    .limit(1);
  if (clash) {
    const label = kind === 'claimGroup' ? 'A claim group' : 'An application user group';
    throw new HttpError(409, `${label} named '${clash.name}' already exists.`);
  }
}
