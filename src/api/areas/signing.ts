/** `/api/Signing/*`: signature requests and signed-document downloads (docs/spec.md, Calls). */
import { assertDefined } from '../args';
import { fileNameFromContentDisposition } from '../content-disposition';
import type { CallOptions, Transport } from '../transport';
import type { EnvelopeStatus } from '../enums';
import type { ODataResult } from '../odata';
import type {
  AuditVerification,
  DownloadDocumentResult,
  OutboxMessage,
  Paged,
  SignatureRequest,
  SignBody,
  SignerLink,
  SigningAuditEvent,
  SigningEnvelope,
  SigningSession,
} from '../types';

/** The Signing API. Calls answering JSON read an empty body as null, as every call of the client does. */
export interface SigningApi {
  /** `POST /api/Signing/RequestSignature` with a JSON body; no response body is read. */
  requestSignature(body: SignatureRequest, options?: CallOptions): Promise<null>;
  /**
   * `GET /api/Signing/DownloadDocument?envelopeId`: the signed document (status 200 or 206), its
   * file name read from `Content-Disposition` (`filename*` preferred).
   */
  downloadDocument(envelopeId: string, options?: CallOptions): Promise<DownloadDocumentResult>;
  /** `GET /api/Signing/ListEnvelopes`: envelopes, newest first, filtered by statuses and instance (FormSigner_SelectList). */
  listEnvelopes(filter?: ListEnvelopesFilter, options?: CallOptions): Promise<SigningEnvelope[]>;
  /**
   * `GET /api/Signing/ListEnvelopes?$count=true`: one page of envelopes (as {@link SigningApi.listEnvelopes}) with
   * `@odata.count`, how many match the filter in all (FormSigner_SelectList).
   */
  listEnvelopePage(filter?: ListEnvelopesFilter, options?: CallOptions): Promise<ODataResult<SigningEnvelope>>;
  /** `GET /api/Signing/GetEnvelope?envelopeId` (FormSigner_Select). */
  getEnvelope(envelopeId: string, options?: CallOptions): Promise<SigningEnvelope | null>;
  /** `GET /api/Signing/GetAuditEvents?envelopeId`: the audit trail, oldest first (FormSigner_Select). */
  getAuditEvents(envelopeId: string, options?: CallOptions): Promise<SigningAuditEvent[] | null>;
  /** `GET /api/Signing/VerifyAudit?envelopeId`: the audit chain recomputed (FormSigner_Select). */
  verifyAudit(envelopeId: string, options?: CallOptions): Promise<AuditVerification | null>;
  /** `POST /api/Signing/RemindSigners`: reminds the signers whose turn it is (FormSigner_Update or _AddUpdate; capped). */
  remindSigners(envelopeId: string, options?: CallOptions): Promise<SigningEnvelope | null>;
  /**
   * `POST /api/Signing/ResendMail`: sends again an envelope's e-mail that failed (one of its `mailFailures`); the
   * envelope as it is then (FormSigner_Update or _AddUpdate).
   */
  resendMail(envelopeId: string, mailId: string, options?: CallOptions): Promise<SigningEnvelope | null>;
  /** `POST /api/Signing/GetSignerLink`: a new link for a signer; the links sent before keep working (FormSigner_Update or _AddUpdate). */
  getSignerLink(envelopeId: string, signerId: string, options?: CallOptions): Promise<SignerLink | null>;
  /** `POST /api/Signing/VoidEnvelope` with a reason (FormSigner_MarkDeleted or _Delete). */
  voidEnvelope(envelopeId: string, reason: string, options?: CallOptions): Promise<SigningEnvelope | null>;
  /** `POST /api/Signing/Open`: the signing page opens a link (no sign-in: the token is the credential). */
  openSigning(token: string, options?: CallOptions): Promise<SigningSession | null>;
  /** `POST /api/Signing/Sign`: the signer signs with a drawn or typed signature (PNG). */
  sign(body: SignBody, options?: CallOptions): Promise<SigningEnvelope | null>;
  /** `POST /api/Signing/Decline`: the signer declines with a reason. */
  decline(token: string, reason: string, options?: CallOptions): Promise<SigningEnvelope | null>;
  /**
   * `GET /api/Mail/Outbox?page&count`: the mail sent, newest first, one page (`page` from 1; GlobalDataAdmin). The
   * reference server lists what its development SMTP sink received.
   */
  listOutbox(page: number, count: number, options?: CallOptions): Promise<Paged<OutboxMessage>>;
}

/** Filters of {@link SigningApi.listEnvelopes}. */
export interface ListEnvelopesFilter {
  /** Only envelopes in these statuses. */
  statuses?: readonly EnvelopeStatus[];
  /** Only the envelopes of one form instance. */
  formInstanceId?: string;
  /** Only the envelopes with e-mail that failed after its last retry (`mailFailed=true`): those whose `mailFailures` list one. */
  mailFailed?: boolean;
  /** Page size (default 100, at most 1000) and offset. */
  top?: number;
  skip?: number;
}

/** The query parameters of an envelope list. */
function envelopeListQuery(filter: ListEnvelopesFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.statuses?.length) query.status = filter.statuses.join(',');
  if (filter.formInstanceId) query.formInstanceId = filter.formInstanceId;
  if (filter.mailFailed) query.mailFailed = 'true';
  if (filter.top !== undefined) query.top = String(filter.top);
  if (filter.skip !== undefined) query.skip = String(filter.skip);
  return query;
}

/** Creates the Signing API over a transport. */
export function createSigningApi(transport: Transport): SigningApi {
  return {
    requestSignature: async (body, options) => {
      assertDefined('body', body);
      return transport.request<null>({
        method: 'POST',
        path: '/api/Signing/RequestSignature',
        json: body,
        read: 'none',
        signal: options?.signal,
      });
    },
    downloadDocument: async (envelopeId, options) => {
      assertDefined('envelopeId', envelopeId);
      const response = await transport.send({
        method: 'GET',
        path: '/api/Signing/DownloadDocument',
        query: { envelopeId },
        headers: { Accept: '*/*' },
        acceptStatuses: [200, 206],
        signal: options?.signal,
      });
      return {
        fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
        data: await response.blob(),
        status: response.status,
        headers: response.headers,
      };
    },
    listEnvelopes: async (filter = {}, options) =>
      (await transport.request<SigningEnvelope[]>({ method: 'GET', path: '/api/Signing/ListEnvelopes', query: envelopeListQuery(filter), read: 'json', signal: options?.signal })) ?? [],
    listEnvelopePage: async (filter = {}, options) => {
      const query = { ...envelopeListQuery(filter), $count: 'true' };
      const page = await transport.request<ODataResult<SigningEnvelope>>({ method: 'GET', path: '/api/Signing/ListEnvelopes', query, read: 'json', signal: options?.signal });
      return page ?? { value: [], '@odata.count': 0 };
    },
    listOutbox: async (page, count, options) => {
      const answer = await transport.request<Paged<OutboxMessage>>({ method: 'GET', path: '/api/Mail/Outbox', query: { page: String(page), count: String(count) }, read: 'json', signal: options?.signal });
      return answer ?? { list: [], totalRecCount: 0, totalPageCount: 0 };
    },
    getEnvelope: async (envelopeId, options) => {
      assertDefined('envelopeId', envelopeId);
      return transport.request<SigningEnvelope>({ method: 'GET', path: '/api/Signing/GetEnvelope', query: { envelopeId }, read: 'json', signal: options?.signal });
    },
    getAuditEvents: async (envelopeId, options) => {
      assertDefined('envelopeId', envelopeId);
      return transport.request<SigningAuditEvent[]>({ method: 'GET', path: '/api/Signing/GetAuditEvents', query: { envelopeId }, read: 'json', signal: options?.signal });
    },
    verifyAudit: async (envelopeId, options) => {
      assertDefined('envelopeId', envelopeId);
      return transport.request<AuditVerification>({ method: 'GET', path: '/api/Signing/VerifyAudit', query: { envelopeId }, read: 'json', signal: options?.signal });
    },
    remindSigners: async (envelopeId, options) => {
      assertDefined('envelopeId', envelopeId);
      return transport.request<SigningEnvelope>({ method: 'POST', path: '/api/Signing/RemindSigners', json: { envelopeId }, read: 'json', signal: options?.signal });
    },
    resendMail: async (envelopeId, mailId, options) => {
      assertDefined('envelopeId', envelopeId);
      assertDefined('mailId', mailId);
      return transport.request<SigningEnvelope>({ method: 'POST', path: '/api/Signing/ResendMail', json: { envelopeId, mailId }, read: 'json', signal: options?.signal });
    },
    getSignerLink: async (envelopeId, signerId, options) => {
      assertDefined('envelopeId', envelopeId);
      assertDefined('signerId', signerId);
      return transport.request<SignerLink>({ method: 'POST', path: '/api/Signing/GetSignerLink', json: { envelopeId, signerId }, read: 'json', signal: options?.signal });
    },
    voidEnvelope: async (envelopeId, reason, options) => {
      assertDefined('envelopeId', envelopeId);
      return transport.request<SigningEnvelope>({ method: 'POST', path: '/api/Signing/VoidEnvelope', json: { envelopeId, reason }, read: 'json', signal: options?.signal });
    },
    openSigning: async (token, options) => {
      assertDefined('token', token);
      return transport.request<SigningSession>({ method: 'POST', path: '/api/Signing/Open', json: { token }, read: 'json', signal: options?.signal });
    },
    sign: async (body, options) => {
      assertDefined('body', body);
      return transport.request<SigningEnvelope>({ method: 'POST', path: '/api/Signing/Sign', json: body, read: 'json', signal: options?.signal });
    },
    decline: async (token, reason, options) => {
      assertDefined('token', token);
      return transport.request<SigningEnvelope>({ method: 'POST', path: '/api/Signing/Decline', json: { token, reason }, read: 'json', signal: options?.signal });
    },
  };
}
