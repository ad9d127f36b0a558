/**
 * The development SMTP sink: without `SMTP_URL` the reference server starts a real SMTP server of its own (the
 * `smtp-server` package) on the loopback interface, sends its mail there through the same SMTP mailer (smtp.ts), and
 * stores each message it receives, parsed by `mailparser`, in the `mail_outbox` table, where the Outbox page lists
 * it. Nothing leaves the machine. A recipient in a reserved `.invalid` domain is refused (550), as a real server would.
 */
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { isRefusedRecipient, refusedRecipientReply } from '../../../src/service/mail';
import type { Db } from '../db/index';
import { mailOutbox } from '../db/schema';

/** The largest message the sink takes (a signed document is attached to the completion). */
export const SINK_MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

/** A running sink. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:{port}`: what the server's mailer sends to. */
  url: string;
  port: number;
  close(): Promise<void>;
}

type Log = (entry: { level: 'info' | 'warn' | 'error'; msg: string; [key: string]: unknown }) => void;

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.map((a) => a.text).join(', ');
}

/** Parses a received message and stores it in the outbox. */
export async function storeReceived(db: Db, raw: Buffer): Promise<string> {
  const parsed = await simpleParser(raw);
  const id = crypto.randomUUID();
  await db.insert(mailOutbox).values({
    id,
    messageId: parsed.messageId ?? null,
    fromAddress: addresses(parsed.from),
    toAddress: addresses(parsed.to),
    subject: parsed.subject ?? '',
    textBody: parsed.text ?? '',
    htmlBody: typeof parsed.html === 'string' ? parsed.html : null,
    attachments: parsed.attachments.map((a) => ({ fileName: a.filename ?? '', contentType: a.contentType, size: a.size })),
    raw: new Uint8Array(raw),
  });
  return id;
}

/** Starts the sink on 127.0.0.1 (`port` 0: any free port). */
export async function startSmtpSink(db: Db, log: Log, port = 0): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: SINK_MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'forms development SMTP sink',
    onRcptTo(address, _session, callback) {
      // A reserved .invalid domain is refused for good, as the test fake refuses it: a failed message on demand.
      if (isRefusedRecipient(address.address)) callback(Object.assign(new Error(refusedRecipientReply(address.address)), { responseCode: 550 }));
      else callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        storeReceived(db, Buffer.concat(chunks)).then(
          () => callback(),
          (error: unknown) => {
            log({ level: 'error', msg: 'the SMTP sink could not store a message', error: String(error) });
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
  });
  server.on('error', (error) => log({ level: 'error', msg: 'SMTP sink error', error: String(error) }));
  const bound = await new Promise<number>((resolve, reject) => {
    const net = server.listen(port, '127.0.0.1', () => {
      const info = net.address();
      resolve(typeof info === 'object' && info ? info.port : port);
    });
    net.once('error', reject);
  });
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
