/**
 * `/admin/signing/`: the Signing screen (the Signing menu entry): envelopes, signature requests, reminders, signer
 * links, voids and signed-document downloads. The admin layout's route gate shows 'No access' without the Signing
 * menu claim; inside, each button shows only with its FormSigner claim. `?formInstanceId=…` (the Form Instances list's
 * 'Show its envelopes') narrows it to one instance's envelopes, `?mailFailed=true` (the admin home's 'Needs attention')
 * to the envelopes whose e-mail could not be sent. A lazy chunk of its own, with the table's stylesheet.
 */
import 'mantine-datatable/styles.css';
import { Anchor, Box } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { PageTitle } from '../components/landmarks';
import { Can, SigningList } from '../formsAdmin';
import { signingHref, validateSigningSearch } from '../signingSearch';

export function SigningPage() {
  const { formInstanceId, mailFailed } = validateSigningSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title="Signing" />
      {/* A screen per filter: its page and status filter start again when the instance or the mail filter changes. */}
      <SigningList
        key={`${formInstanceId ?? ''}:${mailFailed ? 'mail' : ''}`}
        formInstanceId={formInstanceId}
        mailFailed={mailFailed}
        onShowAll={() => void navigate({ href: signingHref() })}
      />
      {/* Only administrators may read the Outbox (it holds every signer's link). */}
      <Can claim="GlobalDataAdmin">
        {/* In the screen's column (PageShell's width and padding), under its table. */}
        <Box maw={1200} mx="auto" px="md" pb="lg">
          <Anchor component={Link} to="/admin/outbox/" size="sm">
            Outbox: the e-mail sent
          </Anchor>
        </Box>
      </Can>
    </>
  );
}
SigningPage.displayName = 'SigningPage';
