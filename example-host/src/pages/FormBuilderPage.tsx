/**
 * The route component of `/admin/form-builder/`: a new form, or with `?formId=` (and optionally `&formSchemaId=`) an
 * existing one, as the form manager's 'Open in builder' links. It only turns the URL into the builder's props and its
 * callbacks into navigation (the screens import no router). Starting a form needs CreateForm and changing one
 * EditForm (the button claims of those actions; the admin gate has already checked the Form Builder menu claim):
 * without it the page says 'No access', and the server refuses the saves anyway.
 */
import { useSearch } from '@tanstack/react-router';
import { NoScreenAccessPage } from '../components/AdminRouteGate';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { PendingPage } from '../components/PendingPage';
import { validateFormBuilderSearch } from '../formBuilderSearch';
import { RequireClaim } from '../formsAdmin';

/** `/admin/form-builder/`: the form builder, gated by CreateForm (a new form) or EditForm (an existing one). */
export function FormBuilderPage() {
  const search = validateFormBuilderSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const editing = search.formId !== undefined || search.formSchemaId !== undefined;
  const claim = editing ? 'EditForm_AllowRead' : 'CreateForm_AllowRead';
  return (
    <RequireClaim
      key={claim}
      claim={claim}
      loading={<PendingPage />}
      fallback={<NoScreenAccessPage screen={editing ? 'editing forms' : 'creating forms'} />}
    >
      <PlaceholderPage title="Form Builder" />
    </RequireClaim>
  );
}
FormBuilderPage.displayName = 'FormBuilderPage';
