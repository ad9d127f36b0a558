import { useNavigate } from '@tanstack/react-router';
import { PageTitle } from '../components/landmarks';
import { AdminDashboard, EnvelopeStatus, FormInstanceStatus } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { signingHref } from '../signingSearch';
import { useLabelTexts } from '../useLabelTexts';

/**
 * `/admin/`: the admin dashboard. Each tile shows with its claim; its callbacks become navigation (the screen imports
 * no router).
 */
export function AdminHomePage() {
  const navigate = useNavigate();
  const labels = useLabelTexts(hostLabels);
  return (
    <>
      <PageTitle title={labels.hostAdminHomeTitle} />
      <AdminDashboard
        onNewForm={() => void navigate({ to: '/admin/form-builder/' })}
        onImportPdf={() => void navigate({ to: '/admin/form-import/' })}
        onPreviewForm={() => void navigate({ to: '/admin/form-preview/' })}
        onOpenForm={(formId) => void navigate({ to: '/admin/form-manager/$formId', params: { formId } })}
        onOpenInstance={(instance) => void navigate({ to: '/admin/form-instance/$formInstanceId', params: { formInstanceId: instance.formInstanceId } })}
        onOpenToReview={() => void navigate({ to: '/admin/form-instances/', search: { status: [FormInstanceStatus.Submitted] } })}
        onOpenWaiting={() => void navigate({ href: signingHref() })}
        onOpenMailFailed={() => void navigate({ href: signingHref(undefined, { mailFailed: true }) })}
        onOpenDeclined={() => void navigate({ to: '/admin/form-instances/', search: { signature: [EnvelopeStatus.Declined] } })}
      />
    </>
  );
}
AdminHomePage.displayName = 'AdminHomePage';
