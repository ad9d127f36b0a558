/**
 * `/admin/signing/`: the Signing screen (the Signing menu entry): envelopes, signature requests, reminders, signer
 * links, voids and signed-document downloads. The admin layout's route gate shows 'No access' without the Signing
 * menu claim; inside, each button shows only with its FormSigner claim. `?formInstanceId=…` (the Form Instances list's
 * 'Show its envelopes') narrows it to one instance's envelopes, `?mailFailed=true` (the admin home's 'Needs attention')
 * to the envelopes whose e-mail could not be sent; the status filter, the mail filter, the page and its size live in
 * the address too (see signingSearch.ts), so a reload, a shared link or Back shows the same list. A lazy chunk of its
 * own, with the table's stylesheet.
 */
import 'mantine-datatable/styles.css';
import { Anchor, Box } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { PageTitle } from '../components/landmarks';
import { Can, SigningList } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { signingHref, signingListState, signingSearch, validateSigningSearch } from '../signingSearch';
import { useLabelTexts } from '../useLabelTexts';

export function SigningPage() {
  const search = validateSigningSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const { formInstanceId } = search;
  const navigate = useNavigate();
  const labels = useLabelTexts(hostLabels);
  return (
    <>
      <PageTitle title={labels.hostMenuSigning} />
      {/* A screen per instance: its dialogs and checks start again when the instance filter changes. Each change of
          the list's state replaces the address (a filter is not a step back). */}
      <SigningList
        key={formInstanceId ?? ''}
        formInstanceId={formInstanceId}
        state={signingListState(search)}
        onStateChange={(next) => void navigate({ to: '/admin/signing/', search: signingSearch(formInstanceId, next) as Record<string, unknown>, replace: true })}
        onShowAll={() => void navigate({ href: signingHref() })}
      />
      {/* Only administrators may read the Outbox (it holds every signer's link). */}
      <Can claim="GlobalDataAdmin">
        {/* In the screen's column (PageShell's width and padding), under its table. */}
        <Box maw={1200} mx="auto" px="md" pb="lg">
          <Anchor component={Link} to="/admin/outbox/" size="sm">
            {labels.hostOutboxLink}
          </Anchor>
        </Box>
      </Can>
    </>
  );
}
SigningPage.displayName = 'SigningPage';
