/**
 * The bounds of anonymous writes on the reference server (the domain's `AnonymousWriteLimiter`, one per server
 * instance, with the numbers of the configuration): the client address of a request, and which of the instances an
 * address started are still drafts.
 */
import type { IncomingMessage } from 'node:http';
import { and, inArray, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { FormInstanceStatus } from '../../../src/api/enums';
import { AnonymousWriteLimiter } from '../../../src/domain/forms';
import type { ResolvedConfig } from '../config';
import type { Db } from '../db/index';
import { formInstances } from '../db/schema';

const limiters = new WeakMap<ResolvedConfig, AnonymousWriteLimiter>();

/** The limiter of a server (by its configuration), or null when the configuration turns the bounds off. */
export function anonymousWriteLimiter(config: ResolvedConfig): AnonymousWriteLimiter | null {
  if (config.anonymousWriteLimits === null) return null;
  let limiter = limiters.get(config);
  if (!limiter) {
    limiter = new AnonymousWriteLimiter(config.anonymousWriteLimits);
    limiters.set(config, limiter);
  }
  return limiter;
}

/**
 * The client address of a request: the socket's peer. Forwarding headers are not trusted (anybody can send them);
 * behind a reverse proxy every visitor shares the proxy's address, so raise the limits there or let the proxy limit.
 */
export function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Which of these instances are still drafts (Created or InProgress); removed ones are not. */
export async function draftsAmong(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: formInstances.formInstanceId })
    .from(formInstances)
    .where(and(inArray(formInstances.formInstanceId, [...ids]), lt(formInstances.status, FormInstanceStatus.Submitted)));
  return rows.map((r) => r.id);
}
