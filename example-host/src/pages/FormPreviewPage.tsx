import { PageTitle } from '../components/landmarks';
import { FormPreview } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';

/** `/admin/form-preview/`: the form preview (any form, any version, filled in or read-only, desktop or phone width). */
export function FormPreviewPage() {
  const labels = useLabelTexts(hostLabels);
  return (
    <>
      <PageTitle title={labels.hostMenuFormPreview} />
      <FormPreview />
    </>
  );
}
FormPreviewPage.displayName = 'FormPreviewPage';
