import { PageTitle } from '../components/landmarks';
import { FormPreview } from '../formsAdmin';

/** `/admin/form-preview/`: the form preview (any form, any version, filled in or read-only, desktop or phone width). */
export function FormPreviewPage() {
  return (
    <>
      <PageTitle title="Form Preview" />
      <FormPreview />
    </>
  );
}
FormPreviewPage.displayName = 'FormPreviewPage';
