/**
 * The form builder route's first reads: the form the address names and its versions, asked for as the route is
 * entered (routes.tsx reaches this module only through `import()`: it brings the builder's query code, which the main
 * chunk must not carry).
 */
import type { ContextType } from 'react';
import { FormBuilder, type ApiContext } from './formsAdmin';

/** Starts reading the form `formId` opens in the builder into the query cache the screen reads. */
export function prefetchFormBuilder(api: NonNullable<ContextType<typeof ApiContext>>, formId: string): Promise<void> {
  return FormBuilder.prefetch(api, formId);
}
