/**
 * `/api/Forms/*` (docs/spec.md, Calls) on the reference server: the one route table's calls (src/service/routes-forms.ts)
 * over the server's database: public links to an instance (`GetEditUrl`, `GetViewUrl`: the token 256 random bits stored
 * hashed with an expiry; none for a soft-deleted instance), `GetCurrentPublicVersion`, `NotifyDeleted` and
 * `MarkCompleted`; and `/api/DynamicFormLinking/*` but the PDF's (the application model, `Create`, `Duplicate`).
 */
import { DYNAMIC_FORM_LINKING_ROUTES, FORMS_CALL_ROUTES } from '../../../src/service/routes-forms';
import type { AnyRouteDeclaration } from '../routes/registry';
import { tableRoute } from '../routes/table';
import { drizzleFormsBackend } from './crud';

/** The forms calls and the dynamic form linking calls. */
export const formsCallRoutes: readonly AnyRouteDeclaration[] = [...FORMS_CALL_ROUTES, ...DYNAMIC_FORM_LINKING_ROUTES].map((formsRoute) => tableRoute(formsRoute, drizzleFormsBackend));
