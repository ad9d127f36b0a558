/**
 * `/admin/form-instance/$formInstanceId`: one form instance's page (its answers, status, envelopes and actions). The
 * route component only turns the URL into the screen's props and its callbacks into navigation. A lazy chunk of its
 * own; gated like the Form Instances list (the admin menu's FormInstances_AllowRead).
 */
import { useNavigate, useParams } from '@tanstack/react-router';
import { PageTitle } from '../components/landmarks';
import { FormInstanceDetail } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';

export function FormInstancePage() {
  const { formInstanceId = '' } = useParams({ strict: false });
  const navigate = useNavigate();
  const labels = useLabelTexts(hostLabels);
  const toList = () => void navigate({ to: '/admin/form-instances/' });
  return (
    <>
      <PageTitle title={labels.hostScreenFormInstance} />
      <FormInstanceDetail
        key={formInstanceId}
        formInstanceId={formInstanceId}
        onBack={toList}
        onOpenInstance={(id) => void navigate({ to: '/admin/form-instance/$formInstanceId', params: { formInstanceId: id } })}
        onDeleted={toList}
      />
    </>
  );
}
FormInstancePage.displayName = 'FormInstancePage';
