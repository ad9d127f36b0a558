/**
 * Reads of the outbox: what the development SMTP sink received (sink.ts), newest first, for the Outbox page and tests.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { OutboxMessage } from '../../../src/contract/types';
import type { Db } from '../db/index';
import { mailOutbox } from '../db/schema';

/** One received message as the Outbox lists it (the raw message stays on the server): the contract's message. */
export type OutboxRow = OutboxMessage;

/** A page of received messages, newest first, and how many there are. */
export async function listOutbox(db: Db, page: { top: number; skip: number }): Promise<{ messages: OutboxRow[]; total: number }> {
  const messages = await db
    .select({
      id: mailOutbox.id,
      receivedDateTime: mailOutbox.receivedDateTime,
      fromAddress: mailOutbox.fromAddress,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      attachments: mailOutbox.attachments,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.receivedDateTime), desc(mailOutbox.id))
    .limit(page.top)
    .offset(page.skip);
  const [row] = await db.select({ n: count() }).from(mailOutbox);
  return { messages, total: Number(row?.n ?? 0) };
}

/** One received message as it arrived (RFC 5322), or undefined. */
export async function rawMessage(db: Db, id: string): Promise<Uint8Array | undefined> {
  const [row] = await db.select({ raw: mailOutbox.raw }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row?.raw;
}
