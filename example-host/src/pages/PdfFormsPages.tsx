/**
 * The route components of `/admin/form-import/` (a form from a PDF) and `/admin/form-linking/$formSchemaId` (its
 * fields linked to application data). They only turn the URL into the screens' props and the screens' callbacks into
 * navigation (the screens import no router). The import's pdf.js worker is a file of this build: Vite emits it and
 * gives its URL, so the PDF is parsed off the page's thread.
 */
import { useNavigate, useParams } from '@tanstack/react-router';
import pdfWorkerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PageTitle } from '../components/landmarks';
import { FormDataLinking, PdfFormImport } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';

/** `/admin/form-import/`: upload a PDF; open the generated form in the builder, or link its fields. */
export function PdfFormImportPage() {
  const navigate = useNavigate();
  const labels = useLabelTexts(hostLabels);
  return (
    <>
      <PageTitle title={labels.hostPdfImportTitle} />
      <PdfFormImport
        pdfWorkerSrc={pdfWorkerSrc}
        onOpenInBuilder={(formId) => void navigate({ href: `/admin/form-builder/?${new URLSearchParams({ formId }).toString()}` })}
        onOpenLinking={(formSchemaId) => void navigate({ to: '/admin/form-linking/$formSchemaId', params: { formSchemaId } })}
        onBuildForm={() => void navigate({ to: '/admin/form-builder/' })}
      />
    </>
  );
}
PdfFormImportPage.displayName = 'PdfFormImportPage';

/** `/admin/form-linking/$formSchemaId`: link one version's fields to the application's data. */
export function FormDataLinkingPage() {
  const { formSchemaId = '' } = useParams({ strict: false });
  const navigate = useNavigate();
  const labels = useLabelTexts(hostLabels);
  return (
    <>
      <PageTitle title={labels.hostFormDataLinkingTitle} />
      <FormDataLinking key={formSchemaId} formSchemaId={formSchemaId} onBack={() => void navigate({ to: '/admin/forms/' })} />
    </>
  );
}
FormDataLinkingPage.displayName = 'FormDataLinkingPage';
