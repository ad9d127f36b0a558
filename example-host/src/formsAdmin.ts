/**
 * The host's one door into `@ccq/forms-admin`, taken from source: the package root `src/index.ts` (the Vite config
 * aliases the package name to the same file). Host modules import the library only from here, so the host uses
 * exactly the public surface, and switching to `from '@ccq/forms-admin'` (once tsconfig maps the name) is a change
 * to this file alone.
 */
export {
  ApiContext,
  AuthContext,
  AuthenticatedAPIProvider,
  AuthProvider,
  Can,
  ccqTheme,
  ConfirmModal,
  CurrentFormViewer,
  defaultLabels,
  ErrorAlert,
  fillLabel,
  FormInstanceViewer,
  FormManager,
  formViewerLabels,
  FormSchemaManager,
  LIST_PAGE_SIZES,
  LoginCallback,
  PageShell,
  RequireAdmin,
  RequireAuth,
  RequireClaim,
  RoleManagement,
  routerLabels,
  UserRoleManagement,
  useAuth,
} from '../../src';
export type { ApplicationUser, Labels, MenuClaimKey } from '../../src';
// The admin dashboard, the form preview, and what the public home reads its list of public forms with.
export { AdminDashboard, entityQueries, FormInstanceStatus, FormPreview, odata, useApi } from '../../src';
// The Form Instances list.
export { FormInstanceDetail, FormInstanceList } from '../../src';
// The Signing screen (envelopes and signature requests).
export { EnvelopeStatus, MailOutbox, SigningList } from '../../src';
// The signer's signing page (`/sign?token=…`).
export { SignDocument } from '../../src';
// The forms administration lists (Forms, Form Schemas, Form Groups and one group).
export { FormGroupDetail, FormGroupList, FormList, FormSchemaList } from '../../src';
// Forms from PDFs: the import and linking fields to application data.
export { FormDataLinking, PdfFormImport } from '../../src';
// The visual form builder.
export { FormBuilder } from '../../src';
