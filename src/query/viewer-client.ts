/**
 * What the public form viewer uses of an `APIProvider`: the OData reads, raw requests for its saves, and only its own
 * texts (the shared ones and the viewer's). Built from the provider's transport and label overrides, never through
 * `useApi()`, which builds the whole client and every text: an integrator who embeds only the viewer carries neither
 * the other API areas nor the administration screens' texts.
 */
import { useMemo } from 'react';
import { apiArea } from '../api/area';
import { createODataApi } from '../api/areas/odata';
import type { ApiClient } from '../api/client';
import { useApiProviderState } from './api-context';
import type { ApiProviderState } from './api-context';
import { formViewerLabels } from './forms-labels';
import type { LabelTexts } from './label-context';
import { sharedLabels } from './shared-labels';

/** The calls the viewer makes: OData reads, and raw requests (the CRUD saves with their version headers). */
export type FormViewerClient = Pick<ApiClient, 'odata' | 'send' | 'request'>;

/** The viewer's texts with their English defaults: the shared ones and the viewer's own. */
export const viewerLabels = { ...sharedLabels, ...formViewerLabels } as const;

/** The viewer's texts (each may be overridden by any string). */
export type ViewerLabels = LabelTexts<typeof viewerLabels>;

/** What {@link useFormViewerApi} returns. */
export interface FormViewerApi extends ApiProviderState {
  /** The viewer's calls, over the provider's transport. */
  client: FormViewerClient;
}

/** The nearest `APIProvider`, with the viewer's calls. Throws outside one, as `useApi()` does. */
export function useFormViewerApi(): FormViewerApi {
  const state = useApiProviderState();
  return useMemo(() => {
    const { transport } = state;
    const client: FormViewerClient = {
      request: transport.request,
      send: transport.send,
      // The same object the whole client's `odata` is, on this transport.
      get odata() {
        return apiArea(transport, createODataApi);
      },
    };
    return { ...state, client };
  }, [state]);
}
