/**
 * The server's mail queue in its database (`mail_queue`, migration 0022): a message waits there until it is sent (then
 * the row is deleted) or has failed (kept with its error until it is sent again), so a restart loses none. A worker
 * takes due rows `FOR UPDATE SKIP LOCKED` and moves their next try ahead while it sends them, so two server instances
 * on one database never send a message twice, and a worker that died leaves its rows to the others after the lease.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { MailMessage } from '../../../src/service/mail';
import type { MailQueueStore, QueuedMail } from '../../../src/service/mail-queue';
import type { Db } from '../db/index';
import { mailQueue, type QueuedMailBody } from '../db/schema';

type Row = typeof mailQueue.$inferSelect;

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function bodyOf(message: MailMessage): QueuedMailBody {
  return {
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.link === undefined ? {} : { link: message.link }),
    attachments: message.attachments.map((a) => ({ fileName: a.fileName, contentType: a.contentType, base64: base64(a.bytes) })),
  };
}

function queuedOf(row: Row): QueuedMail {
  const body = row.message;
  const message: MailMessage = {
    kind: row.kind as MailMessage['kind'],
    to: { name: row.toName, email: row.toEmail },
    subject: body.subject,
    text: body.text,
    html: body.html,
    attachments: body.attachments.map((a) => ({ fileName: a.fileName, contentType: a.contentType, bytes: new Uint8Array(Buffer.from(a.base64, 'base64')) })),
    envelopeId: row.envelopeId ?? '',
    ...(body.link === undefined ? {} : { link: body.link }),
  };
  return { mailId: row.id, message, status: row.status, attempts: row.attempts, nextAttemptAt: row.nextAttemptAt, lastError: row.lastError, lastAttemptAt: row.lastAttemptAt };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The mail queue over the server's database. */
export function drizzleMailQueueStore(db: Db): MailQueueStore {
  return {
    async add(mailId, message, now) {
      await db.insert(mailQueue).values({
        id: mailId,
        envelopeId: UUID.test(message.envelopeId) ? message.envelopeId.toLowerCase() : null,
        kind: message.kind,
        toName: message.to.name,
        toEmail: message.to.email,
        message: bodyOf(message),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
      });
    },
    async claimDue(now, limit, leaseUntil) {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: mailQueue.id })
          .from(mailQueue)
          .where(and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, now)))
          .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.createdDateTime))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        const ids = due.map((d) => d.id);
        const rows = await tx.select().from(mailQueue).where(inArray(mailQueue.id, ids));
        await tx.update(mailQueue).set({ nextAttemptAt: leaseUntil }).where(inArray(mailQueue.id, ids));
        const order = new Map(ids.map((id, i) => [id, i]));
        return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map(queuedOf);
      });
    },
    async remove(mailId) {
      await db.delete(mailQueue).where(eq(mailQueue.id, mailId));
    },
    async recordFailure(mailId, values) {
      await db.update(mailQueue).set(values).where(eq(mailQueue.id, mailId));
    },
    async failures(envelopeIds) {
      const ids = envelopeIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(mailQueue)
        .where(and(eq(mailQueue.status, 'failed'), inArray(mailQueue.envelopeId, ids)))
        .orderBy(asc(mailQueue.createdDateTime), asc(mailQueue.id));
      return rows.map(queuedOf);
    },
    async failedEnvelopeIds() {
      const rows = await db
        .selectDistinct({ envelopeId: mailQueue.envelopeId })
        .from(mailQueue)
        .where(and(eq(mailQueue.status, 'failed'), isNotNull(mailQueue.envelopeId)));
      return rows.flatMap((row) => (row.envelopeId ? [row.envelopeId.toLowerCase()] : []));
    },
    async find(mailId) {
      if (!UUID.test(mailId)) return undefined;
      const [row] = await db.select().from(mailQueue).where(eq(mailQueue.id, mailId.toLowerCase()));
      return row && queuedOf(row);
    },
    async requeue(mailId, now) {
      await db.update(mailQueue).set({ status: 'pending', attempts: 0, nextAttemptAt: now }).where(eq(mailQueue.id, mailId));
    },
  };
}

/** How many messages wait to be sent (pending) and how many have failed. */
export async function mailQueueCounts(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db.select({ status: mailQueue.status, n: sql<number>`count(*)::int` }).from(mailQueue).groupBy(mailQueue.status);
  return { pending: rows.find((r) => r.status === 'pending')?.n ?? 0, failed: rows.find((r) => r.status === 'failed')?.n ?? 0 };
}
