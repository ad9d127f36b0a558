/**
 * The route components of `/admin/form-import/` (a form from a PDF) and `/admin/form-linking/$formSchemaId` (its
 * fields linked to application data). They only turn the URL into the screens' props and the screens' callbacks into
 * navigation (the screens import no router); with links changed but not saved, leaving the linking asks first. The import's pdf.js worker is a file of this build: Vite emits it and
 * gives its URL, so the PDF is parsed off the page's thread.
 */
import { useNavigate, useParams } from '@tanstack/react-router';
import pdfWorkerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useState } from 'react';
import { PageTitle } from '../components/landmarks';
import { LeaveGuard } from '../components/LeaveGuard';
import { FormDataLinking, PdfFormImport } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabels } from '../useLabels';
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
  // The menu and the header lead away too: with links changed but not saved they ask first, with the screen's own
  // question. The screen's 'Back' has asked already.
  const [dirty, setDirty] = useState(false);
  const texts = useLabels();
  return (
    <>
      <LeaveGuard unsaved={dirty} title={texts.dlLeaveTitle} message={texts.dlLeaveMessage} leave={texts.dlLeave} stay={texts.dlKeepEditing} />
      <PageTitle title={labels.hostFormDataLinkingTitle} />
      <FormDataLinking
        key={formSchemaId}
        formSchemaId={formSchemaId}
        onDirtyChange={setDirty}
        onBack={() => void navigate({ to: '/admin/forms/', ignoreBlocker: true })}
        onOpenForm={(formId) => void navigate({ to: '/admin/form-manager/$formId', params: { formId }, ignoreBlocker: true })}
      />
    </>
  );
}
FormDataLinkingPage.displayName = 'FormDataLinkingPage';
