/**
 * `/admin/signing/`: the Signing screen (the Signing menu entry): envelopes, signature requests, reminders, signer
 * links, voids and signed-document downloads. The admin layout's route gate shows 'No access' without the Signing
 * menu claim; inside, each button shows only with its FormSigner claim. A lazy chunk of its own, with the table's
 * stylesheet.
 */
import 'mantine-datatable/styles.css';
import { PageTitle } from '../components/landmarks';
import { SigningList } from '../formsAdmin';

export function SigningPage() {
  return (
    <>
      <PageTitle title="Signing" />
      <SigningList />
    </>
  );
}
SigningPage.displayName = 'SigningPage';
