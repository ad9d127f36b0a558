/**
 * What a public form link lets its holder do: the server says it (`X-Form-Link-Mode: edit | view`) on every read made
 * with a link token, so a viewer opened with `mode=edit` and a view link shows the form read-only and says why, instead
 * of letting someone type what the server will refuse. React-free apart from TanStack's `queryOptions`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { FormViewerClient } from './viewer-client';
import { buildQuery, eq, guid } from '../api/odata';
import { FORM_LINK_MODE_HEADER, type FormLinkMode } from '../domain/forms/links';
import { isUuid } from '../domain/ids';
import { entityKeys } from './keys';

/** Query options of the link mode. */
export const formLinkModeQueries = {
  /**
   * The mode of the link the caller presents for one instance, or null when the answer names none (no link, or a
   * server that does not say).
   */
  mode: (client: FormViewerClient, formInstanceId: string, caller: string) =>
    queryOptions({
      queryKey: [...entityKeys.entity('forminstance'), 'viewer', 'linkMode', formInstanceId, caller] as const,
      queryFn: async ({ signal }): Promise<FormLinkMode | null> => {
        if (!isUuid(formInstanceId)) return null;
        const response = await client.send({
          method: 'GET',
          path: '/odata/FormInstanceOData',
          rawQuery: buildQuery({ filter: eq('formInstanceId', guid(formInstanceId)), select: ['formInstanceId'] }),
          signal,
        });
        await response.text().catch(() => ''); // one small row: read, so the connection is free
        const mode = response.headers.get(FORM_LINK_MODE_HEADER);
        return mode === 'edit' || mode === 'view' ? mode : null;
      },
      staleTime: Infinity,
    }),
};
