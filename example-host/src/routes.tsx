import { createRootRouteWithContext, createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import type { ContextType } from 'react';
import type { ApiContext } from './formsAdmin';
import { validateFormInstanceSearch } from './formInstanceSearch';
import { validateFormInstanceListSearch } from './formInstanceListSearch';
import { validateFormBuilderSearch } from './formBuilderSearch';
import { validateSigningSearch } from './signingSearch';
import { PublicFormInstancePage, StableFormPage } from './pages/PublicFormInstancePage';

// The route table of docs/spec.md, Screens and routes. Route components here only adapt the URL (params, search) into props: the screens
// themselves never import the router (docs/decisions.md, What ships), so later releases swap each placeholder for a library screen.

// The admin area (its layout, shell, menu and screens) is a chunk of its own, loaded when an admin route is first
// matched or hovered (the router preloads on intent): the public pages, above all the form viewer, never download it.
// Only import() may reach adminArea.tsx and AdminHomePage.tsx, or the bundler folds them back into the main chunk.
const adminArea = () => import('./adminArea');
// The forms administration lists (Forms, Form Schemas, Form Groups, one group): a chunk of their own, with the table.
const formsAdminLists = () => import('./pages/FormsAdminListPages');
// The public form is the page visitors open most, often from a link on a slow phone: its route is the only one in the
// main chunk. Every other page is a chunk of its own (the home's list reads through the whole API client and every
// text; the sign-in callback and the signed-in layout carry the sign-in screens), loaded when its route is matched.
const layouts = () => import('./layouts');

/** Every page: public and admin alike. */
function RootLayout() {
  return <Outlet />;
}

/**
 * What the host's routes get from the React tree above the router (HostRouterProvider): the API provider's state, so a
 * route may start its screen's first read as it is entered. Absent where a router is rendered without one (tests).
 */
export interface HostRouterContext {
  api?: ContextType<typeof ApiContext>;
}

const rootRoute = createRootRouteWithContext<HostRouterContext>()({ component: RootLayout });

// Public
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // `continue=admin`: sent back here by a sign-in started on the home or the signed-out page (SIGN_IN_RETURN_PATH).
  validateSearch: (search: Record<string, unknown>): { continue?: 'admin' } => (search['continue'] === 'admin' ? { continue: 'admin' } : {}),
  component: lazyRouteComponent(() => import('./pages/HomePage'), 'HomePage'),
});

const formInstanceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'form-instance/$formSchemaId',
  validateSearch: validateFormInstanceSearch,
  component: function FormInstanceRouteComponent() {
    const { formSchemaId } = formInstanceRoute.useParams();
    const search = formInstanceRoute.useSearch();
    return <PublicFormInstancePage formSchemaId={formSchemaId} {...search} />;
  },
});

// Beyond the spec's routes: a form's stable public link, always its current public version (existing instances keep
// theirs, through their own version links). In the main chunk with the version route: visitors open it from links and
// QR codes.
const stableFormRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'form/$formId',
  validateSearch: validateFormInstanceSearch,
  component: function StableFormRouteComponent() {
    const { formId } = stableFormRoute.useParams();
    const { mode, invalidMode } = stableFormRoute.useSearch();
    return <StableFormPage formId={formId} mode={mode} invalidMode={invalidMode} />;
  },
});

// The signer's signing page: public (the link's token is the credential), a chunk of its own with pdf.js behind it.
const signRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign',
  // The router JSON-parses search values: a token of digits would arrive as a number.
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' || typeof search.token === 'number' ? { token: String(search.token) } : {},
  component: lazyRouteComponent(() => import('./pages/SignDocumentPage'), 'SignDocumentPage'),
});

const signedOutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'signed-out',
  component: lazyRouteComponent(() => import('./pages/SignedOutPage'), 'SignedOutPage'),
});

const loginCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'authentication/login-callback',
  component: lazyRouteComponent(layouts, 'LoginCallbackPage'),
});

// Signed in, then admin
const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authenticated',
  component: lazyRouteComponent(layouts, 'AuthenticatedLayout'),
});
const adminRoute = createRoute({ getParentRoute: () => authenticatedRoute, path: 'admin', component: lazyRouteComponent(adminArea, 'AdminLayout') });
const adminHomeRoute = createRoute({ getParentRoute: () => adminRoute, path: '/', component: lazyRouteComponent(() => import('./pages/AdminHomePage'), 'AdminHomePage') });

const formPreviewRoute = createRoute({ getParentRoute: () => adminRoute, path: 'form-preview' });
const formPreviewIndexRoute = createRoute({
  getParentRoute: () => formPreviewRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./pages/FormPreviewPage'), 'FormPreviewPage'),
});

const formGroupRoute = createRoute({ getParentRoute: () => adminRoute, path: 'form-group' });
const formGroupIndexRoute = createRoute({
  getParentRoute: () => formGroupRoute,
  path: '/',
  component: lazyRouteComponent(formsAdminLists, 'FormGroupsPage'),
});
const formGroupDetailRoute = createRoute({
  getParentRoute: () => formGroupRoute,
  path: '$formGroupId',
  component: lazyRouteComponent(formsAdminLists, 'FormGroupPage'),
});

// The form builder: a chunk of its own (the builder, its drag and drop and its preview), loaded when opened.
const formBuilderRoute = createRoute({ getParentRoute: () => adminRoute, path: 'form-builder' });
const formBuilderIndexRoute = createRoute({
  getParentRoute: () => formBuilderRoute,
  path: '/',
  validateSearch: validateFormBuilderSearch,
  // A saved form's reads (the form and its versions) are asked for as the route is entered, beside the sign-in and the
  // admin checks, as the Form Instances route does; not awaited. A version named in the address is the screen's own.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => {
    const api = context.api;
    const formId = deps.formId;
    if (api && formId && !deps.formSchemaId && cause !== 'stay') {
      void import('./formBuilderPrefetch').then(({ prefetchFormBuilder }) => prefetchFormBuilder(api, formId));
    }
  },
  component: lazyRouteComponent(() => import('./pages/FormBuilderPage'), 'FormBuilderPage'),
});

// A form from a PDF and its fields linked to application data: a chunk of their own (pdf.js is a further chunk, loaded
// when the first page is drawn).
const pdfFormsPages = () => import('./pages/PdfFormsPages');
const formImportRoute = createRoute({ getParentRoute: () => adminRoute, path: 'form-import' });
const formImportIndexRoute = createRoute({
  getParentRoute: () => formImportRoute,
  path: '/',
  component: lazyRouteComponent(pdfFormsPages, 'PdfFormImportPage'),
});
const formLinkingRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'form-linking/$formSchemaId',
  component: lazyRouteComponent(pdfFormsPages, 'FormDataLinkingPage'),
});

// The folders above the managers and the permission screens have no page of their own: an address cut back to one (a
// person trimming '/42' off a form's manager) goes to the list those screens are opened from, not to an empty page.
/** A folder route's `beforeLoad` that sends its address on to `to`. */
const goTo = (to: '/admin/forms/' | '/admin/form-schemas/' | '/admin/auth/assign-roles-to-users') => () => {
  throw redirect({ to });
};
const formManagerRoute = createRoute({ getParentRoute: () => adminRoute, path: 'form-manager' });
const formManagerIndexRoute = createRoute({ getParentRoute: () => formManagerRoute, path: '/', beforeLoad: goTo('/admin/forms/') });
const formManagerSchemaIndexRoute = createRoute({ getParentRoute: () => formManagerRoute, path: 'form-schema/', beforeLoad: goTo('/admin/form-schemas/') });
const formManagerFormRoute = createRoute({
  getParentRoute: () => formManagerRoute,
  path: '$formId',
  component: lazyRouteComponent(() => import('./pages/FormManagerPages'), 'FormManagerPage'),
});
const formManagerSchemaRoute = createRoute({
  getParentRoute: () => formManagerRoute,
  path: 'form-schema/$formSchemaId',
  component: lazyRouteComponent(() => import('./pages/FormManagerPages'), 'FormSchemaManagerPage'),
});

const authAdminRoute = createRoute({ getParentRoute: () => adminRoute, path: 'auth' });
const authAdminIndexRoute = createRoute({ getParentRoute: () => authAdminRoute, path: '/', beforeLoad: goTo('/admin/auth/assign-roles-to-users') });
const assignRolesToUsersRoute = createRoute({
  getParentRoute: () => authAdminRoute,
  path: 'assign-roles-to-users',
  component: lazyRouteComponent(adminArea, 'UserRoleManagementRoute'),
});
const assignClaimsToRolesRoute = createRoute({
  getParentRoute: () => authAdminRoute,
  path: 'assign-claims-to-roles',
  component: lazyRouteComponent(adminArea, 'RoleManagementRoute'),
});

// Screens the menu entries hint at (docs/spec.md, Screens and routes)
const formsRoute = createRoute({ getParentRoute: () => adminRoute, path: 'forms' });
const formsIndexRoute = createRoute({
  getParentRoute: () => formsRoute,
  path: '/',
  component: lazyRouteComponent(formsAdminLists, 'FormsPage'),
});
const formSchemasRoute = createRoute({ getParentRoute: () => adminRoute, path: 'form-schemas' });
const formSchemasIndexRoute = createRoute({
  getParentRoute: () => formSchemasRoute,
  path: '/',
  component: lazyRouteComponent(formsAdminLists, 'FormSchemasPage'),
});
const formInstancesRoute = createRoute({ getParentRoute: () => adminRoute, path: 'form-instances' });
const formInstancesIndexRoute = createRoute({
  getParentRoute: () => formInstancesRoute,
  path: '/',
  validateSearch: validateFormInstanceListSearch,
  // The page of instances the list will show is asked for as the route is entered (or preloaded), beside the sign-in
  // and the admin checks, not once the admin area has opened and the screen renders: the screen then takes the read in
  // flight. Not awaited: the route never waits for it. The server checks it as any read (no access: refused). Only
  // as the route is entered or preloaded: a change of the list's view while on it (its address) is the screen's own.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => {
    const api = context.api;
    if (api && cause !== 'stay') void import('./formInstancesPrefetch').then(({ prefetchFormInstances }) => prefetchFormInstances(api, deps));
  },
  component: lazyRouteComponent(() => import('./pages/FormInstancesPage'), 'FormInstancesPage'),
});
// One form instance's page, opened from the list's 'Open'.
const formInstanceDetailRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'form-instance/$formInstanceId',
  component: lazyRouteComponent(() => import('./pages/FormInstancePage'), 'FormInstancePage'),
});
const signingRoute = createRoute({ getParentRoute: () => adminRoute, path: 'signing' });
const signingIndexRoute = createRoute({
  getParentRoute: () => signingRoute,
  path: '/',
  validateSearch: validateSigningSearch,
  component: lazyRouteComponent(() => import('./pages/SigningPage'), 'SigningPage'),
});
// The Outbox: the mail the server sent (in development, what its SMTP sink received), linked from the Signing screen.
const outboxRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'outbox',
  component: lazyRouteComponent(() => import('./pages/OutboxPage'), 'OutboxPage'),
});

/** The host's whole route tree. */
export const routeTree = rootRoute.addChildren([
  homeRoute,
  formInstanceRoute,
  stableFormRoute,
  signRoute,
  loginCallbackRoute,
  signedOutRoute,
  authenticatedRoute.addChildren([
    adminRoute.addChildren([
      adminHomeRoute,
      formPreviewRoute.addChildren([formPreviewIndexRoute]),
      formGroupRoute.addChildren([formGroupIndexRoute, formGroupDetailRoute]),
      formBuilderRoute.addChildren([formBuilderIndexRoute]),
      formImportRoute.addChildren([formImportIndexRoute]),
      formLinkingRoute,
      formManagerRoute.addChildren([formManagerIndexRoute, formManagerSchemaIndexRoute, formManagerFormRoute, formManagerSchemaRoute]),
      authAdminRoute.addChildren([authAdminIndexRoute, assignRolesToUsersRoute, assignClaimsToRolesRoute]),
      formsRoute.addChildren([formsIndexRoute]),
      formSchemasRoute.addChildren([formSchemasIndexRoute]),
      formInstancesRoute.addChildren([formInstancesIndexRoute]),
      formInstanceDetailRoute,
      signingRoute.addChildren([signingIndexRoute]),
      outboxRoute,
    ]),
  ]),
]);
