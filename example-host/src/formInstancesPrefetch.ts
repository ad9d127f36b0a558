/**
 * The Form Instances route's first read: the page the list will show for the address's view, asked for as the route
 * is entered (routes.tsx reaches this module only through `import()`: it brings the list's query code, which the main
 * chunk must not carry).
 */
import type { ContextType } from 'react';
import { FormInstanceList, type ApiContext } from './formsAdmin';
import { instanceListState, type FormInstanceListSearch } from './formInstanceListSearch';

/** Starts reading the list's page for `search` into the query cache the screen reads. */
export function prefetchFormInstances(api: NonNullable<ContextType<typeof ApiContext>>, search: FormInstanceListSearch): Promise<void> {
  return FormInstanceList.prefetch(api, instanceListState(search), search.cols);
}
