/**
 * What an `APIProvider` holds, and the hooks that read it without building anything: the transport (every area of
 * the API client is built over it where it is used, see `apiArea`), the host's label overrides (each screen merges
 * them over the defaults of its own texts), the base URL and the query client. Kept apart from `useApi()`, which
 * builds the whole client and every text, so that a page using only some areas and texts — the public form viewer —
 * does not carry the others.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Transport } from '../api/transport';
import { createSafeContext } from './createSafeContext';
import type { Labels } from './labels';

/** What the nearest `APIProvider` holds (the value of {@link ApiContext}). */
export interface ApiProviderState {
  /** The backend base URL. */
  baseUrl: string;
  /** The query client the provider uses. */
  queryClient: QueryClient;
  /** The requests every API area is built on (token on every call, renewal after a 401, retries of GETs). */
  transport: Transport;
  /** The host's overrides of user-visible texts (the `labels` prop), not merged with any defaults. */
  labelOverrides: Partial<Labels> | undefined;
  /** The locale of dates, times and numbers (the `locale` prop); undefined: the browser's. */
  locale?: string | undefined;
  /** The form renderer's texts under every form below (the `formLabels` prop): a pack's, e.g. `germanFormLabels`. */
  formLabels?: FormTexts | undefined;
}

/**
 * Texts of the form renderer by key (a `FormLabels` object, or part of one): the renderer, above this layer, reads them
 * as its `labels`.
 */
export type FormTexts = Readonly<Partial<Record<string, string>>>;

/** The message thrown when an API hook is used outside `APIProvider`. */
export const OUTSIDE_PROVIDER_MESSAGE = 'Cannot access CCQ APIs outside an APIProvider.';

/**
 * The raw context (`ApiContext`), for hosts that read it optionally: null outside an `APIProvider`. Its
 * `labelOverrides` are the host's overrides only; merge them over `defaultLabels` for complete texts. Declared with
 * its hook in one statement: an alias of its own cost the public viewer's bundle 18 bytes gzipped.
 */
const [ApiContext, useApiProviderState] = createSafeContext<ApiProviderState>(OUTSIDE_PROVIDER_MESSAGE);
ApiContext.displayName = '@ccq/forms-admin/ApiContext';

export { ApiContext };

/** What the nearest `APIProvider` holds. Throws 'Cannot access CCQ APIs outside an APIProvider.' outside one. */
export { useApiProviderState };
