/**
 * The route components of `/admin/form-manager/$formId` and `/admin/form-manager/form-schema/$formSchemaId`: they
 * only turn the URL into the screens' props and the screens' callbacks into navigation (the screens import no router).
 */
import { useNavigate, useParams } from '@tanstack/react-router';
import { PageTitle } from '../components/landmarks';
import { FormManager, FormSchemaManager, useAuth } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';

/** Where an instance opens: its page, `/admin/form-instance/{formInstanceId}` (answers, status, envelopes, actions). */
const instanceHref = (instance: { formInstanceId: string }) => `/admin/form-instance/${encodeURIComponent(instance.formInstanceId)}`;

/** `/admin/form-manager/$formId`: the form manager. 'Open in builder' goes to the form builder with `?formId=`. */
export function FormManagerPage() {
  const { formId = '' } = useParams({ strict: false });
  const navigate = useNavigate();
  const auth = useAuth();
  const labels = useLabelTexts(hostLabels);
  return (
    <>
      <PageTitle title={labels.hostScreenFormManager} />
      <FormManager
        formId={formId}
        userKey={auth.user?.subject ?? null}
        onOpenInBuilder={(id) => void navigate({ href: `/admin/form-builder/?${new URLSearchParams({ formId: id }).toString()}` })}
        onOpenSchema={(formSchemaId) => void navigate({ to: '/admin/form-manager/form-schema/$formSchemaId', params: { formSchemaId } })}
        onOpenLinking={(formSchemaId) => void navigate({ to: '/admin/form-linking/$formSchemaId', params: { formSchemaId } })}
        onOpenInstance={(instance) => void navigate({ href: instanceHref(instance) })}
        onDeleted={() => void navigate({ to: '/admin/forms/' })}
        onBack={() => void navigate({ to: '/admin/forms/' })}
      />
    </>
  );
}
FormManagerPage.displayName = 'FormManagerPage';

/** `/admin/form-manager/form-schema/$formSchemaId`: the form schema manager. */
export function FormSchemaManagerPage() {
  const { formSchemaId = '' } = useParams({ strict: false });
  const navigate = useNavigate();
  const auth = useAuth();
  const labels = useLabelTexts(hostLabels);
  return (
    <>
      <PageTitle title={labels.hostScreenFormSchemaManager} />
      <FormSchemaManager
        formSchemaId={formSchemaId}
        userKey={auth.user?.subject ?? null}
        onOpenForm={(formId) => void navigate({ to: '/admin/form-manager/$formId', params: { formId } })}
        onOpenInstance={(instance) => void navigate({ href: instanceHref(instance) })}
      />
    </>
  );
}
FormSchemaManagerPage.displayName = 'FormSchemaManagerPage';
