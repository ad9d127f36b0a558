/**
 * The route component of `/admin/form-builder/`: a new form, or with `?formId=` (and optionally `&formSchemaId=`) an
 * existing one, as the form manager's 'Open in builder' links. It only turns the URL into the builder's props and its
 * callbacks into navigation (the screens import no router). Starting a form needs CreateForm and changing one
 * EditForm (the button claims of those actions; the admin gate has already checked the Form Builder menu claim):
 * without it the page says 'No access', and the server refuses the saves anyway. With unsaved changes, leaving by the
 * menu or the header asks first, as the builder's own 'Back' does.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { NoScreenAccessPage } from '../components/AdminRouteGate';
import { LeaveGuard } from '../components/LeaveGuard';
import { PageTitle } from '../components/landmarks';
import { PendingPage } from '../components/PendingPage';
import { validateFormBuilderSearch } from '../formBuilderSearch';
import { FormBuilder, RequireClaim, useAuth } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabels } from '../useLabels';
import { useLabelTexts } from '../useLabelTexts';

/** `/admin/form-builder/`: the form builder, gated by CreateForm (a new form) or EditForm (an existing one). */
export function FormBuilderPage() {
  const search = validateFormBuilderSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const labels = useLabelTexts(hostLabels);
  // Unsaved work is kept in the browser per person: whoever signs in next here is not offered it.
  const owner = useAuth().user?.subject ?? null;
  const editing = search.formId !== undefined || search.formSchemaId !== undefined;
  const claim = editing ? 'EditForm_AllowRead' : 'CreateForm_AllowRead';
  // A new form, once saved, is opened as that form (its address can be bookmarked and reloaded), in the same builder:
  // the work on screen, its undo steps, the selection and the focus stay. Another form's address starts a builder of
  // its own.
  const [createdHere, setCreatedHere] = useState<string | null>(null);
  const sameBuilder = createdHere !== null && search.formId === createdHere && search.formSchemaId === undefined;
  // The menu and the header lead away from the builder too: with unsaved changes they ask first, with the builder's
  // own question. The builder's 'Back' has asked already, and a save's new address is the same work: both pass.
  const [dirty, setDirty] = useState(false);
  const texts = useLabels();
  return (
    <>
      <LeaveGuard unsaved={dirty} title={texts.fbLeaveTitle} message={texts.fbLeaveMessage} leave={texts.fbLeave} />
      <PageTitle title={labels.hostMenuFormBuilder} />
      <RequireClaim
        key={sameBuilder ? 'CreateForm_AllowRead' : claim}
        claim={claim}
        loading={<PendingPage />}
        fallback={<NoScreenAccessPage screen={editing ? labels.hostScreenEditingForms : labels.hostScreenCreatingForms} />}
      >
        <FormBuilder
          key={sameBuilder ? 'new:current' : `${search.formId ?? 'new'}:${search.formSchemaId ?? 'current'}`}
          formId={search.formId ?? null}
          formSchemaId={search.formSchemaId ?? null}
          draftOwner={owner}
          onSaved={(result) => {
            if (result.formId !== search.formId) {
              if (!editing) setCreatedHere(result.formId);
              void navigate({ href: `/admin/form-builder/?${new URLSearchParams({ formId: result.formId }).toString()}`, replace: true, ignoreBlocker: true });
            }
          }}
          onImportPdf={() => void navigate({ to: '/admin/form-import/' })}
          onDirtyChange={setDirty}
          onNavigate={() =>
            void navigate({
              ...(search.formId ? { to: '/admin/form-manager/$formId', params: { formId: search.formId } } : { to: '/admin/forms/' }),
              ignoreBlocker: true,
            })
          }
        />
      </RequireClaim>
    </>
  );
}
FormBuilderPage.displayName = 'FormBuilderPage';
