/**
 * The signing rules of src/domain/signing: the status table, routing order with parallel groups, expiry, reminder
 * caps, request and signature checks, file names, and the audit chain.
 */
import { describe, expect, it } from 'vitest';
import { EnvelopeStatus } from '../../src/api/enums';
import { DomainError } from '../../src/domain';
import {
  activeRoutingOrder,
  attachmentDisposition,
  automaticReminderDue,
  checkManualReminder,
  checkNoOpenEnvelope,
  declineBySigner,
  ENVELOPE_STATUS_NAMES,
  ENVELOPE_TRANSITIONS,
  GENESIS_HASH,
  initialSignerStatuses,
  leafFileName,
  auditEventHash,
  nextAuditEvent,
  openBySigner,
  SIGNER_LINK_LIFETIME_MS,
  readSignature,
  readSignatureRequest,
  REMINDER_POLICY,
  signBySigner,
  verifyAuditChain,
  voidEnvelope,
  type EnvelopeState,
} from '../../src/domain/signing';
import type { SigningAuditEvent } from '../../src/api/types';

const { Sent, Delivered, Completed, Declined, Voided } = EnvelopeStatus;
const now = new Date('2030-01-01T12:00:00Z');

function envelope(orders: number[], statuses: EnvelopeState['signers'][number]['status'][], status: EnvelopeStatus = Sent): EnvelopeState {
  return { status, expiresAt: null, signers: orders.map((o, i) => ({ signerId: `s${i}`, routingOrder: o, status: statuses[i] ?? 'Created' })) };
}

function refusal(fn: () => unknown): number | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.status;
    throw error;
  }
}

describe('envelope statuses', () => {
  it('names every spec status and lets final statuses change to nothing', () => {
    expect(ENVELOPE_STATUS_NAMES).toEqual({ 0: 'Unknown', 1: 'NotStarted', 2: 'Created', 3: 'Sent', 4: 'Delivered', 5: 'Completed', 6: 'Declined', 7: 'Voided' });
    for (const final of [Completed, Declined, Voided]) expect(ENVELOPE_TRANSITIONS[final]).toEqual([]);
    expect(refusal(() => voidEnvelope({ status: Completed }))).toBe(409);
    expect(voidEnvelope({ status: Delivered }).status).toBe(Voided);
  });

  it('refuses a second signature request while the instance\'s envelope is open, and allows one once it has ended', () => {
    for (const status of [EnvelopeStatus.Created, Sent, Delivered]) expect(refusal(() => checkNoOpenEnvelope({ envelopeId: 'e1', envelopeStatus: status }))).toBe(409);
    for (const status of [Completed, Declined, Voided]) expect(refusal(() => checkNoOpenEnvelope({ envelopeId: 'e1', envelopeStatus: status }))).toBeNull();
    expect(refusal(() => checkNoOpenEnvelope({ envelopeId: null, envelopeStatus: null }))).toBeNull();
    expect(refusal(() => checkNoOpenEnvelope({}))).toBeNull();
  });
});

describe('routing order', () => {
  it('sends the first group and keeps the others waiting', () => {
    expect(initialSignerStatuses([{ routingOrder: 2 }, { routingOrder: 1 }, { routingOrder: 1 }, { routingOrder: 3 }])).toEqual(['Created', 'Sent', 'Sent', 'Created']);
    expect(activeRoutingOrder([{ routingOrder: 1, status: 'Signed' }, { routingOrder: 2, status: 'Sent' }])).toBe(2);
    expect(activeRoutingOrder([{ routingOrder: 1, status: 'Signed' }])).toBeNull();
  });

  it('refuses a later signer, opens the envelope Delivered, and needs an opening before signing', () => {
    const e = envelope([1, 2], ['Sent', 'Created']);
    expect(refusal(() => openBySigner(e, 's1', now))).toBe(409);
    const opened = openBySigner(e, 's0', now);
    expect(opened).toMatchObject({ status: Delivered, statusChanged: true, firstOpen: true, signers: [{ signerId: 's0', status: 'Delivered' }] });
    expect(refusal(() => signBySigner(e, 's0', now))).toBe(409);
  });

  it('moves to the next group only when the whole group has signed, and completes after the last', () => {
    const e = envelope([1, 1, 2], ['Delivered', 'Sent', 'Created'], Delivered);
    const first = signBySigner(e, 's0', now);
    expect(first).toMatchObject({ status: Delivered, completed: false, nextSignerIds: [] });
    const e2 = envelope([1, 1, 2], ['Signed', 'Delivered', 'Created'], Delivered);
    expect(signBySigner(e2, 's1', now)).toMatchObject({ nextSignerIds: ['s2'], signers: [{ signerId: 's1', status: 'Signed' }, { signerId: 's2', status: 'Sent' }] });
    const e3 = envelope([1, 1, 2], ['Signed', 'Signed', 'Delivered'], Delivered);
    expect(signBySigner(e3, 's2', now)).toMatchObject({ status: Completed, completed: true, statusChanged: true });
  });

  it('declines the envelope and tells who signed before', () => {
    const e = envelope([1, 2], ['Signed', 'Delivered'], Delivered);
    expect(declineBySigner(e, 's1', now)).toMatchObject({ status: Declined, notifySignerIds: ['s0'] });
    expect(refusal(() => declineBySigner(envelope([1], ['Signed'], Completed), 's0', now))).toBe(409);
  });

  it('refuses every signer action once the envelope has expired', () => {
    const e = { ...envelope([1], ['Delivered'], Delivered), expiresAt: new Date(now.getTime() - 1) };
    expect(refusal(() => signBySigner(e, 's0', now))).toBe(409);
  });
});

describe('reminders', () => {
  it('caps manual reminders in number and spacing', () => {
    expect(refusal(() => checkManualReminder({ remindersSent: REMINDER_POLICY.maxReminders, sentAt: now, lastReminderAt: null }, now))).toBe(409);
    expect(refusal(() => checkManualReminder({ remindersSent: 1, sentAt: now, lastReminderAt: new Date(now.getTime() - 60_000) }, now))).toBe(409);
    expect(refusal(() => checkManualReminder({ remindersSent: 1, sentAt: now, lastReminderAt: new Date(now.getTime() - 2 * 3600_000) }, now))).toBeNull();
  });

  it('sends automatic reminders only after their interval, within their window, under the cap', () => {
    const sentAt = new Date(now.getTime() - REMINDER_POLICY.automaticEveryMs - 1);
    expect(automaticReminderDue({ remindersSent: 0, sentAt, lastReminderAt: null }, now)).toBe(true);
    expect(automaticReminderDue({ remindersSent: 0, sentAt: new Date(now.getTime() - 1000), lastReminderAt: null }, now)).toBe(false);
    expect(automaticReminderDue({ remindersSent: 0, sentAt: new Date(now.getTime() - REMINDER_POLICY.automaticWindowMs - 1), lastReminderAt: null }, now)).toBe(false);
    expect(automaticReminderDue({ remindersSent: REMINDER_POLICY.maxReminders, sentAt, lastReminderAt: null }, now)).toBe(false);
  });

  it('mails a new link a day before the one mailed last ends while the envelope stays open past it, beyond the cap and the window', () => {
    const DAY = 86400_000;
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    // The default policy's last reminder went out on day 9: its link ends on day 23, the envelope on day 30.
    const capped = { remindersSent: REMINDER_POLICY.maxReminders, sentAt: at(0), lastReminderAt: at(9), expiresAt: at(30) };
    expect(SIGNER_LINK_LIFETIME_MS).toBe(14 * DAY);
    expect(automaticReminderDue(capped, at(21))).toBe(false);
    expect(automaticReminderDue(capped, at(22))).toBe(true);
    // Not when the envelope ends with the link (or before it), nor for an envelope that never expires.
    expect(automaticReminderDue({ ...capped, expiresAt: at(23) }, at(22))).toBe(false);
    expect(automaticReminderDue({ ...capped, expiresAt: null }, at(22))).toBe(false);
    // A schedule longer than a link's life gets the renewal too.
    const monthly = { remindersSent: 0, sentAt: at(0), lastReminderAt: null, expiresAt: at(60) };
    expect(automaticReminderDue(monthly, at(12), 30)).toBe(false);
    expect(automaticReminderDue(monthly, at(13), 30)).toBe(true);
  });
});

describe('inputs', () => {
  const id = '6f1c2d3e-4b5a-4c6d-8e7f-001122334455';
  it('reads a request with positions as default orders, and refuses duplicates and bad expiries', () => {
    const r = readSignatureRequest({ formInstanceId: id.toUpperCase(), signers: [{ name: ' Ann ', email: 'ann@example.com' }, { name: 'Bo', email: 'bo@example.com' }] }, now);
    expect(r.formInstanceId).toBe(id);
    expect(r.signers).toEqual([{ name: 'Ann', email: 'ann@example.com', routingOrder: 1 }, { name: 'Bo', email: 'bo@example.com', routingOrder: 2 }]);
    expect(r.expiresAt.getTime() - now.getTime()).toBe(30 * 86400_000);
    expect(refusal(() => readSignatureRequest({ formInstanceId: id, signers: [{ name: 'A', email: 'a@x.org' }, { name: 'B', email: 'A@X.org' }] }, now))).toBe(400);
    expect(refusal(() => readSignatureRequest({ formInstanceId: id, signers: [{ name: 'A', email: 'a@x.org' }], expiresAt: now.toISOString() }, now))).toBe(400);
  });

  it('reads a PNG signature and refuses other images, huge ones and a typed one without its name', () => {
    // 1 × 1 transparent PNG.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect(readSignature({ kind: 'drawn', image: `data:image/png;base64,${png}` })).toMatchObject({ kind: 'drawn', width: 1, height: 1 });
    expect(refusal(() => readSignature({ kind: 'drawn', image: 'data:image/jpeg;base64,/9j/4AAQ' }))).toBe(400);
    expect(refusal(() => readSignature({ kind: 'drawn', image: 'A'.repeat(800_000) }))).toBe(413);
    expect(refusal(() => readSignature({ kind: 'typed', image: png }))).toBe(400);
    expect(refusal(() => readSignature({ kind: 'stamp', image: png }))).toBe(400);
  });

  it('names a download by its leaf only, with an RFC 5987 exact name', () => {
    expect(leafFileName('../../etc/passwd')).toBe('passwd');
    expect(leafFileName('a\\b\\..')).toBe('document.pdf');
    expect(attachmentDisposition('Contrat – été/../x.pdf')).toBe(`attachment; filename="x.pdf"; filename*=UTF-8''x.pdf`);
    expect(attachmentDisposition('Contrat – été.pdf')).toBe(`attachment; filename="Contrat _ _t_.pdf"; filename*=UTF-8''Contrat%20%E2%80%93%20%C3%A9t%C3%A9.pdf`);
  });
});

describe('the audit chain', () => {
  const KEY = new TextEncoder().encode('a test key of at least thirty-two bytes');
  const keyedChain = async (n: number): Promise<SigningAuditEvent[]> => {
    const events: SigningAuditEvent[] = [];
    for (let i = 0; i < n; i += 1) {
      events.push(await nextAuditEvent(events[i - 1], { envelopeId: 'e1', kind: 'opened', at: `2030-01-01T00:00:0${i}.000Z`, signerId: 's', actorUserId: null, ipAddress: null, userAgent: null, details: { n: i } }, KEY));
    }
    return events;
  };

  it('keys the chain: a chain recomputed without the key (or with another) does not verify', async () => {
    const events = await keyedChain(3);
    const head = { eventCount: 3, headHash: events[2]!.hash };
    expect(await verifyAuditChain('e1', events, { key: KEY, head })).toMatchObject({ valid: true, keyed: true, eventCount: 3, expectedEventCount: 3 });
    // Someone with database access edits event 2 and recomputes the plain SHA-256 chain from there, head included.
    const forged = [...events.slice(0, 1)];
    for (const e of events.slice(1)) {
      const { hash: _hash, ...rest } = { ...e, details: e.sequence === 2 ? { n: 99 } : e.details, previousHash: forged[forged.length - 1]!.hash };
      forged.push({ ...rest, hash: await auditEventHash(rest) });
    }
    expect(await verifyAuditChain('e1', forged, { key: KEY, head: { eventCount: 3, headHash: forged[2]!.hash } })).toMatchObject({
      valid: false,
      problem: 'changed',
      firstBrokenSequence: 2,
      reason: 'Event 2 of 3 was changed after it was written.',
    });
    expect(await verifyAuditChain('e1', events, { key: new TextEncoder().encode('another key of at least thirty-two bytes!'), head })).toMatchObject({ valid: false, problem: 'changed', firstBrokenSequence: 1 });
  });

  it('notices deleted last events through the head kept with the envelope, and a replaced end', async () => {
    const events = await keyedChain(5);
    const head = { eventCount: 5, headHash: events[4]!.hash };
    expect(await verifyAuditChain('e1', events.slice(0, 3), { key: KEY, head })).toMatchObject({
      valid: false,
      problem: 'truncated',
      firstBrokenSequence: 4,
      reason: 'The last 2 events of 5 are missing: deleted after they were written.',
    });
    expect(await verifyAuditChain('e1', events, { key: KEY, head: { eventCount: 5, headHash: 'f'.repeat(64) } })).toMatchObject({ valid: false, problem: 'head' });
  });

  async function chain(n: number): Promise<SigningAuditEvent[]> {
    const events: SigningAuditEvent[] = [];
    for (let i = 0; i < n; i += 1) {
      events.push(
        await nextAuditEvent(events[i - 1], { envelopeId: 'e1', kind: 'opened', at: `2030-01-01T00:00:0${i}.000Z`, signerId: 's', actorUserId: null, ipAddress: '127.0.0.1', userAgent: 'UA', details: { n: i } }),
      );
    }
    return events;
  }

  it('links each event to the one before and verifies', async () => {
    const events = await chain(4);
    expect(events[0]?.previousHash).toBe(GENESIS_HASH);
    expect(events[2]?.previousHash).toBe(events[1]?.hash);
    expect(await verifyAuditChain('e1', events)).toEqual({
      envelopeId: 'e1',
      valid: true,
      eventCount: 4,
      expectedEventCount: null,
      keyed: false,
      problem: null,
      firstBrokenSequence: null,
      reason: null,
    });
  });

  it('reports the first broken link: an edited field, a removed event, a reordering', async () => {
    const edited = await chain(4);
    edited[2] = { ...edited[2]!, ipAddress: '10.0.0.1' };
    expect(await verifyAuditChain('e1', edited)).toMatchObject({ valid: false, firstBrokenSequence: 3 });
    const removed = (await chain(4)).filter((e) => e.sequence !== 2);
    expect(await verifyAuditChain('e1', removed)).toMatchObject({ valid: false, problem: 'missing', firstBrokenSequence: 2, reason: 'Event 2 of 4 is missing: it was deleted after it was written.' });
    const swapped = await chain(3);
    expect(await verifyAuditChain('e1', [swapped[1]!, swapped[0]!, swapped[2]!])).toMatchObject({ valid: false, firstBrokenSequence: 2 });
    const details = await chain(2);
    details[1] = { ...details[1]!, details: { n: 99 } };
    expect(await verifyAuditChain('e1', details)).toMatchObject({ valid: false, firstBrokenSequence: 2 });
  });
});
