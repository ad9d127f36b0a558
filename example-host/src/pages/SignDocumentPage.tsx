/**
 * The route component of `/sign?token=…`, the page a signer reaches from their signing link: public (no sign-in, the
 * link's token is the credential), the library's `SignDocument` for the token. pdf.js's worker is a file of this
 * build: Vite emits it and gives its URL, so the document is parsed off the page's thread.
 */
import { Container } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import pdfWorkerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PageMain, PageTitle } from '../components/landmarks';
import { SignDocument } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';

/** `/sign?token=…`: review and sign (or decline) the document the link names. */
export function SignDocumentPage() {
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const labels = useLabelTexts(hostLabels);
  // The tab says 'Sign a document' until the page names the form.
  return (
    <PageMain>
      <PageTitle title={labels.hostSignDocumentTitle} />
      <Container size="md" py="xl" px="md">
        <SignDocument token={token} pdfWorkerSrc={pdfWorkerSrc} />
      </Container>
    </PageMain>
  );
}
SignDocumentPage.displayName = 'SignDocumentPage';
