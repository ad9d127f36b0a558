/**
 * MSW handlers of the signing page's stories: `Signing/Open`, `Sign` and `Decline` answered for one signer of a fixed
 * envelope, with the signature and the reason checked by the very rules the server applies (src/domain/signing), so a
 * story that signs posts what the server would accept. Put them in a story's `parameters.msw.handlers.signing`.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { EnvelopeStatus } from '../../src/api/enums';
import { createProblemDetails, PROBLEM_CONTENT_TYPE } from '../../src/api/problem-details';
import type { SigningEnvelope, SigningSession } from '../../src/api/types';
import { INVALID_SIGNER_LINK_MESSAGE, SIGNER_ALREADY_SIGNED_MESSAGE, readReason, readSignature } from '../../src/domain/signing';
import { DomainError } from '../../src/domain/errors';
import { minimalPdf } from '../../src/testing/pdf';

/** The token the stories open. */
export const STORY_TOKEN = 'story-signing-token';

const ENVELOPE_ID = '80000000-0000-4000-8000-000000000901';
const SIGNER_ID = '90000000-0000-4000-8000-000000000901';
const NEXT_SIGNER_ID = '90000000-0000-4000-8000-000000000902';

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The session the stories open: Grace Hopper signs the loan application, Alan Turing signs after her. */
export const storySession: SigningSession = {
  envelopeId: ENVELOPE_ID,
  signerId: SIGNER_ID,
  signerName: 'Grace Hopper',
  signerEmail: 'grace.hopper@example.com',
  status: EnvelopeStatus.Delivered,
  signerStatus: 'Delivered',
  formName: 'Loan Application',
  emailMessage: 'Please check the amount and sign.\nThank you!',
  expiresAt: new Date('2030-01-31T12:00:00Z'),
  linkExpiresAt: new Date('2030-01-31T12:00:00Z'),
  documentBase64: base64(
    minimalPdf(['Loan Application', 'Applicant name: Grace Hopper', 'Amount: 40000', 'Term: 5 years', '', 'Signed by the applicant:']),
  ),
  // Under the last line of the page (PDF points, origin bottom left).
  places: [{ page: 0, x: 72, y: 580, width: 220, height: 60 }],
};

function problem(status: number, detail: string, extensions: Record<string, unknown> = {}): Response {
  return new HttpResponse(JSON.stringify(createProblemDetails(status, detail, extensions)), { status, headers: { 'content-type': PROBLEM_CONTENT_TYPE } });
}

function envelope(status: EnvelopeStatus, mine: 'Signed' | 'Declined', othersSign: boolean): SigningEnvelope {
  const now = new Date('2029-12-01T10:00:00Z');
  return {
    envelopeId: ENVELOPE_ID,
    formInstanceId: '70000000-0000-4000-8000-000000000901',
    status,
    signers: [
      { signerId: SIGNER_ID, name: 'Grace Hopper', email: 'grace.hopper@example.com', routingOrder: 1, status: mine },
      ...(othersSign ? [{ signerId: NEXT_SIGNER_ID, name: 'Alan Turing', email: 'alan.turing@example.com', routingOrder: 2, status: 'Sent' as const }] : []),
    ] as SigningEnvelope['signers'],
    emailSubject: 'Please sign your loan application',
    emailMessage: storySession.emailMessage,
    expiresAt: storySession.expiresAt,
    sentDateTime: now,
    completedDateTime: status === EnvelopeStatus.Completed ? now : null,
    voidedReason: null,
    declinedReason: null,
    remindersSent: 0,
    lastReminderDateTime: null,
    createdDateTime: now,
    lastUpdatedDateTime: now,
  };
}

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => null);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new DomainError(400, 'The body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** Answers a DomainError as the server does (problem details), anything else as a 500. */
async function answer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError) return problem(error.status, error.message);
    throw error;
  }
}

/** Options of {@link signingHandlers}. */
export interface SigningHandlerOptions {
  /** Whether another signer still signs after this one (default: yes); otherwise the signature completes the envelope. */
  othersSign?: boolean;
}

/** `Open` answers the story session, `Sign` and `Decline` check their body and answer the envelope after. */
export function signingHandlers(options: SigningHandlerOptions = {}): HttpHandler[] {
  const othersSign = options.othersSign ?? true;
  return [
    http.post('*/api/Signing/Open', () => answer(async () => HttpResponse.json(storySession))),
    http.post('*/api/Signing/Sign', ({ request }) =>
      answer(async () => {
        readSignature(await bodyOf(request));
        return HttpResponse.json(envelope(othersSign ? EnvelopeStatus.Delivered : EnvelopeStatus.Completed, 'Signed', othersSign));
      }),
    ),
    http.post('*/api/Signing/Decline', ({ request }) =>
      answer(async () => {
        readReason(await bodyOf(request), 'decline');
        return HttpResponse.json(envelope(EnvelopeStatus.Declined, 'Declined', othersSign));
      }),
    ),
  ];
}

/** `Open` answers a session whose link ends (2030-01-10) before its envelope expires (2030-01-31). */
export const linkEndsFirstHandler = http.post('*/api/Signing/Open', () =>
  answer(async () => HttpResponse.json({ ...storySession, linkExpiresAt: new Date('2030-01-10T12:00:00Z') })),
);

/** `Open` answers 404: the link expired or was replaced. */
export const expiredLinkHandler = http.post('*/api/Signing/Open', () => problem(404, INVALID_SIGNER_LINK_MESSAGE));

/** `Open` answers 409: the signer reopened the link they already signed with. */
export const alreadySignedHandler = http.post('*/api/Signing/Open', () => problem(409, SIGNER_ALREADY_SIGNED_MESSAGE, { signerStatus: 'Signed' }));

/** `Open` answers 409: the signers of order 1 sign first. */
export const notYourTurnHandler = http.post('*/api/Signing/Open', () =>
  problem(409, 'It is not your turn to sign yet: the signers of order 1 sign first.', { activeRoutingOrder: 1 }),
);

/** `Open` answers 409: the envelope was voided. */
export const noLongerOpenHandler = http.post('*/api/Signing/Open', () =>
  problem(409, 'The envelope is Voided: it can no longer be signed.', { envelopeStatus: EnvelopeStatus.Voided }),
);

/** `Sign` answers 409: the sender voided the envelope while the signer was signing. */
export const signConflictHandler = http.post('*/api/Signing/Sign', () => problem(409, 'The envelope is Voided: it can no longer be signed.', { envelopeStatus: EnvelopeStatus.Voided }));
