/** `/api/Forms/*`: public links and instance notifications (docs/spec.md, Calls). */
import { assertDefined } from '../args';
import type { CallOptions, Transport } from '../transport';

/** The Forms API. */
export interface FormsApi {
  /** `GET /api/Forms/GetEditUrl?formInstanceId`: a link that opens the instance in edit mode. */
  getEditUrl(formInstanceId: string, options?: CallOptions): Promise<string | null>;
  /** `GET /api/Forms/GetViewUrl?formInstanceId`: a link that opens the instance read-only. */
  getViewUrl(formInstanceId: string, options?: CallOptions): Promise<string | null>;
  /** `GET /api/Forms/MarkCompleted?formInstanceId`: no response body is read. */
  markCompleted(formInstanceId: string, options?: CallOptions): Promise<null>;
  /** `GET /api/Forms/NotifyDeleted?formInstanceId`: no response body is read. */
  notifyDeleted(formInstanceId: string, options?: CallOptions): Promise<null>;
}

/** Creates the Forms API over a transport. */
export function createFormsApi(transport: Transport): FormsApi {
  const call = async <T>(name: string, formInstanceId: string, options: CallOptions | undefined, read: 'json' | 'none') => {
    assertDefined('formInstanceId', formInstanceId);
    return transport.request<T>({
      method: 'GET',
      path: `/api/Forms/${name}`,
      query: { formInstanceId },
      read,
      signal: options?.signal,
    });
  };
  return {
    getEditUrl: async (formInstanceId, options) => call<string>('GetEditUrl', formInstanceId, options, 'json'),
    getViewUrl: async (formInstanceId, options) => call<string>('GetViewUrl', formInstanceId, options, 'json'),
    markCompleted: async (formInstanceId, options) => call<null>('MarkCompleted', formInstanceId, options, 'none'),
    notifyDeleted: async (formInstanceId, options) => call<null>('NotifyDeleted', formInstanceId, options, 'none'),
  };
}
