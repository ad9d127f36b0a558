/** `/api/Signing/*`: signature requests and signed-document downloads (docs/spec.md, Calls). */
import { assertDefined } from '../args';
import { fileNameFromContentDisposition } from '../content-disposition';
import type { CallOptions, Transport } from '../transport';
import type { DownloadDocumentResult, SignatureRequest } from '../types';

/** The Signing API. */
export interface SigningApi {
  /** `POST /api/Signing/RequestSignature` with a JSON body; no response body is read. */
  requestSignature(body: SignatureRequest, options?: CallOptions): Promise<null>;
  /**
   * `GET /api/Signing/DownloadDocument?envelopeId`: the signed document (status 200 or 206), its
   * file name read from `Content-Disposition` (`filename*` preferred).
   */
  downloadDocument(envelopeId: string, options?: CallOptions): Promise<DownloadDocumentResult>;
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
  };
}
